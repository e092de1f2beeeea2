"""Count the words of each category's failures for the wording model (`heuristics/errors/wording.py`).

    .venv/bin/python bench/wording_model.py          # rewrite supervisor_mcp/heuristics/errors/wording_counts.tsv
    .venv/bin/python bench/wording_model.py --check  # exit 1 if the shipped counts are stale
    .venv/bin/python bench/wording_model.py --cv     # its precision on dev rows it was not trained on

It learns from the corpus's dev split and the written set only (less any written message worded exactly
as a held-out row). The held-out split never reaches it, so the held-out numbers `bench/error_corpus.py`
prints stay a measure of outputs it has not seen. It counts the text the engine reads (host markup taken
off). A word or pair is kept only when at least MIN_OUTPUTS outputs contain it: no
single row's own string is shipped, and counts are all the package holds, never a text. Regenerate only
after a new batch's first score: its dev rows train the model.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from error_corpus import load, normalise, source_key

from supervisor_mcp.heuristics.errors import wording
from supervisor_mcp.heuristics.errors.diagnose import classify, context_for
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.wording import COUNTS_FILE, MIN_OUTPUTS, features

WRITTEN = Path(__file__).resolve().parent / "data" / "written_errors.jsonl"
REGENERATE = ".venv/bin/python bench/wording_model.py"


def training_rows() -> list[dict[str, str]]:
    """Every dev row of the corpus and the written messages (each with its id, error and category)."""
    corpus = load()
    # A written message worded exactly as a held-out row would carry that row's words in.
    held_out = {normalise(r["error"]) for r in corpus if r["split"] == "val"}
    written = [r for r in map(json.loads, WRITTEN.open(encoding="utf-8")) if normalise(r["error"]) not in held_out]
    return [r for r in corpus if r["split"] == "dev"] + written


def render(rows: list[dict[str, str]]) -> str:
    outputs = Counter(r["category"] for r in rows)
    categories = sorted(outputs)
    index = {c: i for i, c in enumerate(categories)}
    per_feature: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        for feature in features(context_for(row["error"], row.get("action", "")).envelope.body):
            per_feature[feature][row["category"]] += 1
    lines = [f"#categories\t{' '.join(categories)}", f"#outputs\t{' '.join(str(outputs[c]) for c in categories)}"]
    for feature in sorted(per_feature):
        counts = per_feature[feature]
        if counts.total() >= MIN_OUTPUTS:
            cells = " ".join(f"{index[c]}:{n}" for c, n in sorted(counts.items(), key=lambda cn: index[cn[0]]))
            lines.append(f"{feature}\t{cells}")
    return "\n".join(lines) + "\n"


FOLDS = 5


def cross_validate() -> str:
    """The whole engine on the dev split, each fold of repositories judged by counts learned without it: how
    often the guess answers, how often it is right, and its net gain over leaving those outputs `unknown`."""
    dev = [r for r in load() if r["split"] == "dev"]
    written = training_rows()[len(dev):]

    def fold(row: dict[str, str]) -> int:
        return int(hashlib.sha256(("cv" + source_key(row["source"])).encode()).hexdigest(), 16) % FOLDS

    right = answered = was_unknown = total = 0
    with tempfile.TemporaryDirectory() as tmp:
        try:
            for k in range(FOLDS):
                wording.COUNTS_FILE = Path(tmp) / f"fold{k}.tsv"
                wording.COUNTS_FILE.write_text(render([r for r in dev if fold(r) != k] + written), encoding="utf-8")
                wording._model.cache_clear()
                for row in (r for r in dev if fold(r) == k):
                    finding = classify(context_for(row["error"], row["action"]))
                    total += finding.category == row["category"]
                    if finding.rule == Rule.WORDING:
                        answered += 1
                        right += finding.category == row["category"]
                        was_unknown += row["category"] == "unknown"
        finally:
            wording.COUNTS_FILE = COUNTS_FILE
            wording._model.cache_clear()
    return (f"{FOLDS}-fold by repository, dev split ({len(dev)} rows): category {total / len(dev):.3f}; the guess "
            f"answered {answered}, right {right} ({right / max(answered, 1):.2f}), {was_unknown} of them rightly "
            f"unknown before: net {right - was_unknown:+d}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the shipped counts are stale")
    parser.add_argument("--cv", action="store_true", help="cross-validate the guess on the dev split")
    args = parser.parse_args()
    if args.cv:
        print(cross_validate())
        return 0
    rows = training_rows()
    text = render(rows)
    if args.check:
        stale = COUNTS_FILE.read_text(encoding="utf-8") != text
        print(f"{COUNTS_FILE.name} is {'stale: run ' + REGENERATE if stale else 'up to date'}")
        return int(stale)
    COUNTS_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {COUNTS_FILE} ({len(text.splitlines()) - 2} words and pairs from {len(rows)} outputs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

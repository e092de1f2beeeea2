"""Count the words of each category's failures for the wording model (`heuristics/errors/wording.py`).

    .venv/bin/python bench/wording_model.py          # rewrite supervisor_mcp/heuristics/errors/wording_counts.tsv
    .venv/bin/python bench/wording_model.py --check  # exit 1 if the shipped counts are stale

It learns from the corpus's dev split and the written set only (less any written message worded exactly
as a held-out row). The held-out split never reaches it, so the held-out numbers `bench/error_corpus.py`
prints stay a measure of outputs it has not seen. It counts the text the engine reads (host markup taken
off). A word or pair is kept only when at least MIN_OUTPUTS outputs contain it: no
single row's own string is shipped, and counts are all the package holds, never a text. Regenerate only
after a new batch's first score: its dev rows train the model.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from error_corpus import load, normalise

from supervisor_mcp.heuristics.errors.diagnose import context_for
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the shipped counts are stale")
    args = parser.parse_args()
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

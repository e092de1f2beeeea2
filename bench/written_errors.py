"""Score the heuristic engine on error messages the team wrote out (`bench/data/written_errors.jsonl`).

    .venv/bin/python bench/written_errors.py [--show-misses]

These are the canonical messages of each mechanism, written from how compilers, package managers, CLIs
and APIs word them (not copied from a thread), one per line of the kind a tool prints. They check that
a rule covers the mechanism in every ecosystem it claims, and catch a change that breaks one. They
are not a measure of generalisation: the rules were written beside them. The corpus's held-out split
(`bench/error_corpus.py`) is that measure.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from supervisor_mcp.heuristics.errors import diagnose

PATH = Path(__file__).resolve().parent / "data" / "written_errors.jsonl"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    rows = [json.loads(line) for line in PATH.open(encoding="utf-8")]
    total, right = Counter(), Counter()
    for row in rows:
        got = diagnose(row["error"], row["action"]).category
        total[row["category"]] += 1
        right[row["category"]] += got == row["category"]
        if got != row["category"] and args.show_misses:
            print(f"  {row['id']} {row['category']} -> {got}: {row['error'].splitlines()[0][:100]}")
    for category in sorted(total):
        print(f"{category:20} {right[category]:4d} / {total[category]:4d}")
    print(f"{'all':20} {sum(right.values()):4d} / {sum(total.values()):4d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

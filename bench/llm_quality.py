"""The heuristic engine and any model, side by side, on the same measurements as bench/quality.py.

Runs each section twice through a real server over stdio: once with no model (the embedded
default), once with SUPERVISOR_MODEL (any litellm model string; SUPERVISOR_API_BASE and
SUPERVISOR_API_KEY as for the server). Prints one table: the measure under each engine, and per
section the model's calls, tokens, cost, degraded answers and time. A slice (`--limit`) keeps a
slow or paid model affordable.

    SUPERVISOR_MODEL=openai/gpt-4.1-mini .venv/bin/python bench/llm_quality.py --limit 20
    SUPERVISOR_MODEL=openai/smollm2 SUPERVISOR_API_BASE=http://127.0.0.1:8080/v1 \\
        .venv/bin/python bench/llm_quality.py --limit 3 --only errors purify
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from quality import ROWS, SECTIONS, _fmt, _get, run  # noqa: E402

DEFAULT_SECTIONS = ["errors", "error_corpus", "loops", "purify"]


def side_by_side(heuristic: dict[str, Any], model: dict[str, Any], usage: dict[str, dict[str, float]]) -> list[list[str]]:
    table = [["measure", "heuristic", "model", "target"]]
    for section, label, ours, _, _, target in ROWS:
        if section in model:
            table.append([label, _fmt(_get(heuristic.get(section, {}), ours)), _fmt(_get(model[section], ours)), target])
    for section, spent in usage.items():
        table.append([f"{section}: model calls / degraded / tokens / cost / seconds",
                      "-", f"{spent.get('model_calls', 0):.0f}/{spent.get('calls', 0):.0f} / {spent.get('degraded', 0):.0f}"
                      f" / {spent.get('tokens', 0):.0f} / ${spent.get('cost_usd', 0.0):.4f} / {spent.get('seconds', 0)}", ""])
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=HERE.parent.parent / "shared" / "data")
    parser.add_argument("--limit", type=int, default=10, help="items per section (0 = all)")
    parser.add_argument("--only", nargs="*", choices=sorted(SECTIONS), default=DEFAULT_SECTIONS)
    parser.add_argument("--gate", choices=["smart", "always"], default="smart",
                        help="smart: the model where the heuristic filter asks for it; always: every call")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "llm_quality.json")
    args = parser.parse_args()
    model = os.environ.get("SUPERVISOR_MODEL", "")
    if not model:
        sys.exit("set SUPERVISOR_MODEL (and SUPERVISOR_API_BASE / SUPERVISOR_API_KEY as needed) to the model to measure")
    limit = args.limit or None
    heuristic = anyio.run(run, args.data, args.only, None, limit)
    usage: dict[str, dict[str, float]] = {}
    overrides = {"SUPERVISOR_MODEL": model, "SUPERVISOR_LLM_GATE": args.gate}
    measured = anyio.run(run, args.data, args.only, overrides, limit, usage)
    table = side_by_side(heuristic, measured, usage)
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    print(f"model {model}, gate {args.gate}, {limit or 'all'} items per section")
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"model": model, "gate": args.gate, "limit": limit, "heuristic": heuristic,
                                    "model_results": measured, "usage": usage}, indent=2, default=str) + "\n")


if __name__ == "__main__":
    main()

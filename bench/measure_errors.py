"""Measure `error_analysis` on labelled real agent errors (shared/data/errors/*.jsonl).

`measure(call, data_dir)` drives any client: `call(tool_name, args)` returns the tool's structured
result. Run this file directly to measure the heuristic engine in-process, without a server:

    .venv/bin/python bench/measure_errors.py [DATA_DIR] [--show-misses]
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import statistics
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

Call = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
DEFAULT_DATA = pathlib.Path(__file__).resolve().parents[2] / "shared" / "data"


def load_errors(data_dir: pathlib.Path) -> list[dict[str, Any]]:
    folder = data_dir / "errors" if (data_dir / "errors").is_dir() else data_dir
    rows: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.jsonl")):
        with path.open(encoding="utf-8") as handle:
            rows.extend(json.loads(line) for line in handle if line.strip())
    return rows


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


async def measure(call: Call, data_dir: pathlib.Path, limit: int | None = None) -> dict[str, Any]:
    """Category, retryable and fault accuracy, per-category counts, misclassified ids, latency."""
    rows = load_errors(data_dir)[:limit]
    latencies: list[float] = []
    hits = Counter[str]()
    per_category: dict[str, Counter[str]] = {}
    confusion: list[dict[str, Any]] = []
    for row in rows:
        args = {"task": row.get("task") or "(unknown task)", "error": row["error"], "action": row.get("action", ""),
                "session_id": f"bench-errors-{row['id']}"}
        started = time.perf_counter()
        result = await call("error_analysis", args)
        latencies.append((time.perf_counter() - started) * 1000)
        stats = per_category.setdefault(row["category"], Counter())
        stats["n"] += 1
        category_ok = result.get("category") == row["category"]
        hits["category"] += category_ok
        hits["retryable"] += bool(result.get("retryable")) == bool(row["retryable"])
        hits["fault"] += result.get("fault") == row["fault"]
        stats["correct"] += category_ok
        if not category_ok:
            confusion.append({"id": row["id"], "expected": row["category"], "got": result.get("category"),
                              "confidence": result.get("confidence")})
    n = len(rows)
    return {
        "n": n,
        "category_accuracy": round(hits["category"] / n, 4) if n else 0.0,
        "retryable_accuracy": round(hits["retryable"] / n, 4) if n else 0.0,
        "fault_accuracy": round(hits["fault"] / n, 4) if n else 0.0,
        "per_category": {
            name: {"n": c["n"], "correct": c["correct"], "accuracy": round(c["correct"] / c["n"], 4)}
            for name, c in sorted(per_category.items())
        },
        "confusion": confusion,
        "latency_ms": {"p50": round(statistics.median(latencies), 3) if latencies else 0.0,
                       "p99": round(_percentile(latencies, 0.99), 3)},
    }


async def _in_process(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    from supervisor_mcp.heuristics.errors import diagnose

    if tool != "error_analysis":
        raise ValueError(f"only error_analysis is measured here, not {tool}")
    return diagnose(args["error"], args.get("action", "")).model_dump()


def main(argv: list[str]) -> int:
    paths = [a for a in argv if not a.startswith("--")]
    data_dir = pathlib.Path(paths[0]) if paths else DEFAULT_DATA
    report = asyncio.run(measure(_in_process, data_dir))
    if "--show-misses" not in argv:
        report["confusion"] = [f"{c['id']}: {c['expected']} -> {c['got']}" for c in report["confusion"]]
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
    raise SystemExit(main(sys.argv[1:]))

"""Run every quality and speed measurement through the real MCP server over stdio.

    .venv/bin/python bench/quality.py [--data ../shared/data] [--out bench/results/quality.json]

Prints one table (ours beside the baselines) and writes all numbers to a JSON file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import measure_errors  # noqa: E402
import measure_loops  # noqa: E402
import measure_purify  # noqa: E402
import measure_speed  # noqa: E402

SECTIONS = {"errors": measure_errors, "loops": measure_loops, "purify": measure_purify, "speed": measure_speed}


def _flatten(prefix: str, value: Any, rows: list[tuple[str, str]]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), inner, rows)
    elif isinstance(value, float):
        rows.append((prefix, f"{value:.3f}"))
    elif isinstance(value, (int, str, bool)) or value is None:
        rows.append((prefix, str(value)))
    elif isinstance(value, list) and len(value) <= 6 and all(not isinstance(v, (dict, list)) for v in value):
        rows.append((prefix, ", ".join(map(str, value))))


def print_table(results: dict[str, Any]) -> None:
    for section, data in results.items():
        print(f"\n== {section} ==")
        table = data.get("table") if isinstance(data, dict) else None
        if table:  # [[metric, ours, baseline..., target], ...] with a header row first
            widths = [max(len(str(row[i])) for row in table) for i in range(len(table[0]))]
            for row in table:
                print("  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)))
            continue
        rows: list[tuple[str, str]] = []
        _flatten("", data, rows)
        width = max((len(k) for k, _ in rows), default=0)
        for key, value in rows:
            print(f"{key.ljust(width)}  {value}")


async def run(data_dir: Path, only: list[str]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SUPERVISOR_DB": str(Path(tmp) / "bench.sqlite3"), "SUPERVISOR_MODEL": "",
               "SUPERVISOR_LOG_LEVEL": "WARNING"}
        params = StdioServerParameters(command=sys.executable, args=["-m", "supervisor_mcp", "serve"], env=env)
        async with Client(params) as client:
            async def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
                result = await client.call_tool(tool, args)
                if result.is_error:
                    raise RuntimeError(f"{tool}: {result.content[0].text}")
                return result.structured_content or {}

            results: dict[str, Any] = {}
            for name in only:
                started = time.perf_counter()
                results[name] = await SECTIONS[name].measure(call, data_dir)
                print(f"[{name}] measured in {time.perf_counter() - started:.1f} s", file=sys.stderr)
            return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=HERE.parent.parent / "shared" / "data")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "quality.json")
    parser.add_argument("--only", nargs="*", choices=sorted(SECTIONS), default=list(SECTIONS))
    args = parser.parse_args()
    if not args.data.is_dir():
        sys.exit(f"no data at {args.data}: pass --data /path/to/shared/data")
    results = anyio.run(run, args.data, args.only)
    print_table(results)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, default=str) + "\n")
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()

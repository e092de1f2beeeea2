"""Run every quality and speed measurement through the real MCP server over stdio.

    .venv/bin/python bench/quality.py [--data ../shared/data] [--out bench/results/quality.json]

Prints one table (ours beside the baselines) and writes all numbers to a JSON file.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import error_corpus  # noqa: E402
import loops_by_source  # noqa: E402
import measure_errors  # noqa: E402
import measure_loops  # noqa: E402
import measure_purify  # noqa: E402
import measure_speed  # noqa: E402

SECTIONS = {"errors": measure_errors, "error_corpus": error_corpus, "loops": measure_loops, "loop_sources": loops_by_source,
            "purify": measure_purify, "speed": measure_speed}


def _get(data: dict[str, Any], path: str) -> Any:
    for key in path.split("."):
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}" if value < 10 else f"{value:.1f}"
    return str(value)


# (section, label, ours, baseline label, baseline, target)
ROWS = [
    ("errors", "category accuracy (122 labelled errors)", "category_accuracy", "", None, ">= 0.85"),
    ("errors", "retryable accuracy", "retryable_accuracy", "", None, ">= 0.97"),
    ("errors", "fault accuracy", "fault_accuracy", "", None, ""),
    ("error_corpus", "errors across ecosystems, held out (val.n): category", "val.category", "dev split",
     "dev.category", ">= 0.90"),
    ("error_corpus", "  held out, blind batches (blind_val.n): category", "blind_val.category", "their dev parts",
     "blind_dev.category", ">= 0.90"),
    ("error_corpus", "  held out: retryable", "val.retryable", "dev split", "dev.retryable", ">= 0.97"),
    ("error_corpus", "  held out: transient recall", "val.transient_recall", "dev split", "dev.transient_recall",
     ">= 0.90"),
    ("loops", "runs flagged (of 107)", "detector.flagged", "paging-only rule", "baseline_paging_only.flagged", ""),
    ("loops", "failure rate among flagged (base 0.234)", "detector.failure_rate_flagged", "paging-only rule",
     "baseline_paging_only.failure_rate_flagged", ""),
    ("loops", "lift over base failure rate", "detector.lift", "paging-only rule", "baseline_paging_only.lift", ">= 2.0"),
    ("loops", "share of failed runs flagged", "detector.failed_flagged_share", "paging-only rule",
     "baseline_paging_only.failed_flagged_share", ">= 0.30"),
    ("loops", "share of resolved runs flagged", "detector.resolved_flagged_share", "paging-only rule",
     "baseline_paging_only.resolved_flagged_share", "<= 0.08"),
    ("loops", "failed runs' chars after the flag", "detector.chars_after_flag_failed", "paging-only rule",
     "baseline_paging_only.chars_after_flag_failed", ""),
    ("purify", "later-used identifiers kept (long outputs)", "tool_outputs.retention", "head+tail, same length",
     "tool_outputs.head_tail_same_length", ">= 0.97"),
    ("purify", "compression (chars in / out)", "tool_outputs.compression", "head+tail at 3x keeps",
     "tool_outputs.head_tail_3x", ">= 3.0"),
    ("purify", "web article F1 (4-gram shingles)", "web_pages.f1", "trafilatura defaults",
     "web_pages.baselines.trafilatura_defaults.f1", ">= 0.95"),
    ("purify", "web article F1 vs raw page text", "web_pages.f1", "raw page text",
     "web_pages.baselines.raw_visible_text.f1", ""),
    ("speed", "error_analysis p50 / p99 ms (MCP stdio)", "error_analysis.p50_ms", "p99", "error_analysis.p99_ms", "< 10"),
    ("speed", "inefficiency_analysis p50 / p99 ms", "inefficiency_analysis.p50_ms", "p99",
     "inefficiency_analysis.p99_ms", "< 10"),
    ("speed", "synthesis of a 100 KB page p50 / p99 ms", "synthesis_100kb_page.p50_ms", "p99",
     "synthesis_100kb_page.p99_ms", "< 50"),
    ("speed", "one 32 KB line, synthesis and error_analysis p50 / p99 ms", "one_32kb_line.p50_ms", "p99",
     "one_32kb_line.p99_ms", "< 200"),
]


def summary_table(results: dict[str, Any]) -> list[list[str]]:
    table = [["measure", "ours", "baseline", "", "target"]]
    for section, label, ours, base_label, base, target in ROWS:
        if section not in results:
            continue
        data = results[section]
        label = re.sub(r"\((\w+)\.n\)", lambda m, d=data: f"({_get(d, m.group(1) + '.n')})", label)
        table.append([label, _fmt(_get(data, ours)), base_label, _fmt(_get(data, base)) if base else "", target])
    for source, row in (results.get("loop_sources") or {}).get("held_out", {}).items():
        table.append([f"loops held out, {source}: lift / failed / resolved flagged", _triple(row["policy"]),
                      "paging-only rule", _triple(row["paging_only_rule"]), ">= 2.0 / 0.30 / <= 0.08"])
    return table


def _triple(rates: dict[str, Any]) -> str:
    lift = f"{rates['lift']:.2f}" if rates["flagged"] else "-"
    return f"{lift} / {rates['failed_flagged']:.2f} / {rates['resolved_flagged']:.2f}"


def print_table(results: dict[str, Any]) -> None:
    table = summary_table(results)
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)).rstrip())


async def run(
    data_dir: Path, only: list[str], env_overrides: dict[str, str] | None = None, limit: int | None = None,
    usage: dict[str, dict[str, float]] | None = None,
) -> dict[str, Any]:
    """Measure `only` through a real server over stdio. `env_overrides` configures it (the default is
    the heuristic engine); `usage`, when given, collects each section's model tokens, cost and time."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SUPERVISOR_DB": str(Path(tmp) / "bench.sqlite3"), "SUPERVISOR_MODEL": "",
               "SUPERVISOR_LOG_LEVEL": "WARNING", **(env_overrides or {})}
        params = StdioServerParameters(command=sys.executable, args=["-m", "supervisor_mcp", "serve"], env=env)
        async with Client(params) as client:
            section = {"name": ""}

            async def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
                result = await client.call_tool(tool, args)
                if result.is_error:
                    raise RuntimeError(f"{tool}: {result.content[0].text}")
                out = result.structured_content or {}
                if usage is not None:
                    spent = usage.setdefault(section["name"], {"calls": 0, "model_calls": 0, "tokens": 0,
                                                               "cost_usd": 0.0, "degraded": 0})
                    spent["calls"] += 1
                    spent["model_calls"] += out.get("engine") in ("llm", "sampling")
                    spent["degraded"] += bool(out.get("degraded"))
                    spent["tokens"] += (out.get("usage") or {}).get("total_tokens") or 0
                    spent["cost_usd"] += (out.get("usage") or {}).get("cost_usd") or 0.0
                return out

            results: dict[str, Any] = {}
            for name in only:
                section["name"] = name
                started = time.perf_counter()
                results[name] = await SECTIONS[name].measure(call, data_dir, limit)
                if usage is not None:
                    usage.setdefault(name, {})["seconds"] = round(time.perf_counter() - started, 1)
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
    # --only refreshes its sections and keeps the others' last results, so the file stays whole.
    kept = json.loads(args.out.read_text()) if args.out.exists() else {}
    args.out.write_text(json.dumps({**kept, **results}, indent=2, default=str) + "\n")
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()

"""Does an `inefficiency_analysis` flag predict a failed run, and how much of the run follows it?

Protocol (issue 2/3): replay `trajectories/miniswe_dev.jsonl.gz`; for each run, at every step k >= 3
call `inefficiency_analysis` with the last 8 steps (k-7..k) as a JSON array of {tool, args, result,
error} (result cut to 1,500 chars, head and tail), step_count=k, the run's task and one session id
per run. A run is flagged at its first `provide_guidance`. Beside it, the paging-only baseline:
3 consecutive forward `sed -n` pages of one file.

    .venv/bin/python -m bench.measure_loops [--data /work/shared/data] [--runs]

`measure(call, data_dir)` takes any async `call(tool_name, args) -> dict`; `__main__` wires it to an
in-process adapter that does what the server's orchestrator does (session trace, `since`, detect),
and adds `detect_latency_ms`: the detector alone on 200-step traces. Per-call latency includes the
adapter's SQLite session store.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import re
import statistics
import sys
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

Call = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
WINDOW = 8
RESULT_CHARS = 1500
FIRST_STEP = 3


def cut(text: str, limit: int = RESULT_CHARS) -> str:
    if len(text) <= limit:
        return text
    marker = "\n[...]\n"
    half = (limit - len(marker)) // 2
    return text[:half] + marker + text[-half:]


def load_runs(data_dir: Path) -> list[dict[str, Any]]:
    path = data_dir / "trajectories" / "miniswe_dev.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def window(steps: list[dict[str, Any]], k: int) -> str:
    return json.dumps([
        {"tool": s.get("tool", "bash"), "args": s.get("args", {}), "result": cut(s.get("observation", "")),
         "error": bool(s.get("error"))}
        for s in steps[max(0, k - WINDOW + 1): k + 1]
    ], ensure_ascii=False)


# --- the paging-only baseline ---------------------------------------------------------------------
_SED_PAGE = re.compile(r"sed\s+-n\s+['\"]?(\d+)\s*,\s*(\d+|\$)\s*p['\"]?\s*([^\s|;&]*)")


def _sed_page(command: str) -> tuple[str, int] | None:
    match = _SED_PAGE.search(command)
    if not match:
        return None
    file = match.group(3)
    if not file:  # nl -ba FILE | sed -n 'a,bp' / cat FILE | sed -n ...
        head = re.search(r"(?:nl\s+-ba|cat(?:\s+-n)?)\s+(\S+)\s*\|", command)
        file = head.group(1) if head else ""
    return (file, int(match.group(1))) if file else None


def baseline_flag(steps: list[dict[str, Any]]) -> int | None:
    """First step ending 3 consecutive `sed -n` pages of one file with rising start lines."""
    streak: list[tuple[str, int]] = []
    for k, step in enumerate(steps):
        page = _sed_page(str((step.get("args") or {}).get("command", "")))
        if page and streak and page[0] == streak[-1][0] and page[1] > streak[-1][1]:
            streak.append(page)
        else:
            streak = [page] if page else []
        if len(streak) >= 3 and k >= FIRST_STEP:
            return k
    return None


# --- scoring --------------------------------------------------------------------------------------
def score(runs: list[dict[str, Any]], flags: dict[str, tuple[int, str]]) -> dict[str, Any]:
    failed = [r for r in runs if not r["resolved"]]
    resolved = [r for r in runs if r["resolved"]]
    flagged = [r for r in runs if r["id"] in flags]
    flagged_failed = [r for r in flagged if not r["resolved"]]
    base = len(failed) / len(runs) if runs else 0.0
    rate = len(flagged_failed) / len(flagged) if flagged else 0.0
    after: list[float] = []
    for run in flagged_failed:
        chars = [len(s.get("observation", "")) for s in run["steps"]]
        at = flags[run["id"]][0]
        after.append(sum(chars[at + 1:]) / max(sum(chars), 1))
    patterns = Counter(p for _, p in flags.values())
    return {
        "runs": len(runs), "failed": len(failed), "base_failure_rate": round(base, 3),
        "flagged": len(flagged), "flagged_failed": len(flagged_failed),
        "failure_rate_flagged": round(rate, 3), "lift": round(rate / base, 2) if base else 0.0,
        "failed_flagged_share": round(len(flagged_failed) / len(failed), 3) if failed else 0.0,
        "resolved_flagged_share": round(sum(1 for r in flagged if r["resolved"]) / len(resolved), 3)
        if resolved else 0.0,
        "chars_after_flag_failed": round(statistics.mean(after), 3) if after else 0.0,
        "patterns": dict(patterns.most_common()),
        "patterns_failed": dict(Counter(flags[r["id"]][1] for r in flagged_failed).most_common()),
    }


async def measure(call: Call, data_dir: Path, limit: int | None = None) -> dict[str, Any]:
    runs = load_runs(data_dir)[:limit]
    nonce = uuid.uuid4().hex[:8]
    flags: dict[str, tuple[int, str]] = {}
    latencies: list[float] = []
    for run in runs:
        session = f"measure-loops-{run['id']}-{nonce}"
        for k in range(FIRST_STEP, len(run["steps"])):
            args = {"task": run["task"], "recent_steps": window(run["steps"], k), "step_count": k,
                    "session_id": session}
            started = time.perf_counter()
            result = await call("inefficiency_analysis", args)
            latencies.append((time.perf_counter() - started) * 1000)
            if result.get("action") == "provide_guidance":
                flags[run["id"]] = (k, str(result.get("pattern", "")))
                break
    baseline = {r["id"]: (k, "paging_crawl") for r in runs if (k := baseline_flag(r["steps"])) is not None}
    ordered = sorted(latencies)
    return {
        "detector": score(runs, flags),
        "baseline_paging_only": score(runs, baseline),
        "latency_ms": {
            "calls": len(ordered),
            "p50": round(ordered[len(ordered) // 2], 3) if ordered else 0.0,
            "p99": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3) if ordered else 0.0,
        },
        "flags": [
            {"id": r["id"], "resolved": r["resolved"], "step": flags[r["id"]][0], "pattern": flags[r["id"]][1]}
            for r in runs if r["id"] in flags
        ],
    }


def detect_latency(data_dir: Path, size: int = 200, calls: int = 200) -> dict[str, float]:
    """`detect` alone on a `size`-step trace of real steps (results cut to 1,500 chars): the first
    call on an unseen trace (cold), and one new step per call as in a live session (warm)."""
    from supervisor_mcp.heuristics.loops import detect
    from supervisor_mcp.heuristics.loops import shape as command_shape
    from supervisor_mcp.heuristics.loops import steps as outcome
    from supervisor_mcp.models import Step

    runs = load_runs(data_dir)
    pool = [Step(tool="bash", args=json.dumps(s["args"]), result=cut(s["observation"]), error=bool(s["error"]))
            for run in runs for s in run["steps"]]
    task = runs[0]["task"]
    cold: list[float] = []
    for start in range(0, min(len(pool) - size, 20 * size), size):
        command_shape._shape.cache_clear()
        outcome.outcome_of.cache_clear()
        started = time.perf_counter()
        detect(pool[start:start + size], task=task)
        cold.append((time.perf_counter() - started) * 1000)
    warm: list[float] = []
    for k in range(size, min(len(pool), size + calls)):
        trace = [s.model_copy() for s in pool[k - size:k]]  # fresh objects, as the store returns them
        started = time.perf_counter()
        detect(trace, task=task)
        warm.append((time.perf_counter() - started) * 1000)
    cold.sort()
    warm.sort()
    return {
        "trace_steps": size,
        "cold_p50": round(cold[len(cold) // 2], 3), "cold_max": round(cold[-1], 3),
        "warm_p50": round(warm[len(warm) // 2], 3), "warm_p99": round(warm[int(len(warm) * 0.99)], 3),
    }


def in_process_call() -> Call:
    """The tool's own orchestrator without the MCP layer (session trace, `since`, cap, detect)."""
    from supervisor_mcp.models import InefficiencyInput
    from supervisor_mcp.runtime import Runtime
    from supervisor_mcp.settings import Settings
    from supervisor_mcp.tools import INEFFICIENCY, run_tool

    runtime = Runtime.from_settings(Settings(_env_file=None, db=":memory:", model=""))

    async def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
        assert tool == "inefficiency_analysis"
        result = await run_tool(INEFFICIENCY, InefficiencyInput(**args), runtime)
        return result.model_dump()

    return call


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--runs", action="store_true", help="also list every flagged run")
    ns = parser.parse_args()
    report = asyncio.run(measure(in_process_call(), ns.data))
    report["detect_latency_ms"] = detect_latency(ns.data)
    if not ns.runs:
        report.pop("flags")
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

"""Agent runs with outcome labels, one loader per format, replayed as `inefficiency_analysis` sees them.

Every run becomes a `Run` (id, source, task, resolved, steps as `Step`s built by the tool's own
step parser from {tool, args, result, error}, results cut to 1,500 chars as in bench/measure_loops).
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from measure_loops import FIRST_STEP, baseline_flag, cut

from supervisor_mcp.heuristics.loops import active_findings
from supervisor_mcp.models import Step
from supervisor_mcp.trace import parse_steps


@dataclass
class Run:
    id: str
    source: str
    task: str
    resolved: bool
    steps: list[Step]
    raw: list[dict[str, Any]]  # the steps as recorded, for the paging-only rule


def _read(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _steps(raw: list[dict[str, Any]]) -> list[Step]:
    window = [{"tool": s.get("tool", "bash"), "args": s.get("args", {}), "result": cut(s.get("observation", "")),
               "error": bool(s.get("error"))} for s in raw]
    steps = parse_steps(json.dumps(window, ensure_ascii=False))
    if len(steps) != len(raw):
        raise ValueError(f"parsed {len(steps)} steps from {len(raw)}")
    return steps


def load_miniswe(data_dir: Path) -> list[Run]:
    """mini-swe-agent v1.15 + Gemini 3 Pro on SWE-bench Verified (one bash command per step)."""
    return [Run(r["id"], "mini-swe-agent/gemini-3-pro", r["task"], bool(r["resolved"]), _steps(r["steps"]),
                r["steps"]) for r in _read(data_dir / "trajectories" / "miniswe_dev.jsonl.gz")]


def load_sweagent(data_dir: Path) -> list[Run]:
    """SWE-agent runs: CodeR (GPT-4, SWE-bench Lite) and Multi-SWE-bench Java (five models)."""
    runs = []
    for r in _read(data_dir / "trajectories" / "sweagent_dev.jsonl.gz"):
        family = "coder" if "CodeR" in r.get("source", "") else "swe-agent-java"
        runs.append(Run(r["id"] + "@" + r["model"], f"{family}/{r['model']}", r["task"], bool(r["resolved"]),
                        _steps(r["steps"]), r["steps"]))
    return runs


GATHERED = Path(__file__).resolve().parent / "data" / "trajectories"
# Benchmarks whose environment ends a run at its first correct answer, so failed runs all run to the turn
# limit and resolved ones stop early: any pattern that needs a few steps "predicts" failure by length
# alone. Their rows are reported, but they calibrate nothing and are not held-out targets.
ENDS_ON_SUCCESS: dict[str, str] = {
    "intercode_sql_gpt35": "every failed run lasts exactly 10 steps; a resolved one stops at its first correct query",
    "intercode_ctf_gpt4": "44 of 56 failed runs last the full 10 turns; a resolved one stops at the right flag",
}


def load_gathered(folder: Path = GATHERED) -> list[Run]:
    """Runs this project gathered (bench/data/TRAJECTORIES.md says where each came from), all in the
    shared shape; each file is one source (one agent, one benchmark), held out on its own."""
    runs = []
    for path in sorted(folder.glob("*.jsonl.gz")):
        for r in _read(path):
            if len(r["steps"]) < FIRST_STEP + 1:
                continue  # nothing to replay: the tool is called from step 3 on
            runs.append(Run(f"{path.name.split('.')[0]}:{r['id']}", path.name.split(".")[0], r["task"], bool(r["resolved"]),
                            _steps(r["steps"]), r["steps"]))
    return runs


def load_sources(data_dir: Path, gathered: bool = True) -> dict[str, list[Run]]:
    by_source: dict[str, list[Run]] = {}
    for run in [*load_miniswe(data_dir), *load_sweagent(data_dir), *(load_gathered() if gathered else [])]:
        by_source.setdefault(run.source, []).append(run)
    return by_source


def replay_first_firings(run: Run) -> dict[str, int]:
    """The first step (0-based) at which each pattern is active, replaying from step 3 on."""
    first: dict[str, int] = {}
    for k in range(FIRST_STEP, len(run.steps)):
        for finding in active_findings(run.steps[:k + 1], task=run.task):
            first.setdefault(finding.pattern, k)
    return first


def paging_rule_flag(run: Run) -> int | None:
    return baseline_flag(run.raw)

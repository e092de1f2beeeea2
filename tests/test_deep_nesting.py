"""Input nested thousands deep (a sub-agent report that is one JSON value, a trace step's arguments)
gives an answer quickly, never a RecursionError."""

from __future__ import annotations

import json
import time

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.loops import detect
from supervisor_mcp.heuristics.purify import synthesize
from supervisor_mcp.models import Step
from supervisor_mcp.trace import parse_steps

DEPTH = 5000
NESTED = '{"a": ' * DEPTH + "1" + "}" * DEPTH
NESTED_LIST = "[" * DEPTH + "]" * DEPTH


def test_a_report_nested_5000_deep_is_purified_quickly() -> None:
    started = time.perf_counter()
    out = synthesize(NESTED, task="Summarise the sub-agent's findings", agent_name="researcher")
    assert time.perf_counter() - started < 1.0
    assert out.action in ("approve", "correct_observation")


def test_a_report_with_a_deeply_nested_json_block_is_flagged_not_crashed() -> None:
    report = f"Final answer: the results are below.\n```json\n{NESTED}\n```\n"
    out = synthesize(report, task="Collect the results", agent_name="researcher")
    assert any("nested too deeply" in issue.detail for issue in out.handoff_issues)


def test_an_error_with_a_deeply_nested_action_is_diagnosed() -> None:
    started = time.perf_counter()
    diag = diagnose("Error: reservation not found", NESTED)
    assert time.perf_counter() - started < 1.0
    assert diag.category == "precondition_failed"


def test_deeply_nested_recent_steps_text_parses_and_is_judged() -> None:
    started = time.perf_counter()
    steps = parse_steps(NESTED_LIST)
    verdict = detect(steps, task="Fix the bug")
    assert time.perf_counter() - started < 1.0
    assert verdict.action == "approve"


def test_steps_whose_arguments_nest_deeply_are_judged() -> None:
    steps = [Step(tool="search", args=NESTED, result="no results") for _ in range(6)]
    started = time.perf_counter()
    verdict = detect(steps, task="Find the flight")
    assert time.perf_counter() - started < 1.0
    assert verdict.pattern == "exact_loop"


def test_a_nested_json_tool_call_as_source_is_read_as_no_command() -> None:
    out = synthesize("log line\n" * 2000, task="t", source=json.dumps({"tool": "bash"}) + NESTED)
    assert out.action == "correct_observation"

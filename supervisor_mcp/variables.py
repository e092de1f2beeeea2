"""Build the paper's context window as prompt variables (all strings).

The window is: global task, local task, agent name, the recent local trace as tagged blocks, a
summary of the latest step, the heuristic engine's finding as hints, and for inefficiency the
session's global trace. Everything from the agent's world is untrusted: it is bounded (head and
tail kept, because errors and reports put their verdict at the end) and any copy of the
delimiters the prompts use is defused, so text inside a block cannot close it and pose as
instructions.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel

from supervisor_mcp.heuristics.observation.envelope import is_wrapper_line
from supervisor_mcp.models import (
    ErrorAnalysisInput,
    ErrorDiagnosis,
    InefficiencyInput,
    InefficiencyVerdict,
    Step,
    SynthesisDecision,
    SynthesisInput,
)

# Budgets in characters; together they keep a prompt near 10k tokens at worst.
TASK_CHARS = 8_000
SUB_TASK_CHARS = 2_000
MAIN_TEXT_CHARS = 12_000  # the error output or the result under review
ACTION_CHARS = 3_000
RECENT_STEPS = 8
STEP_ARGS_CHARS = 400
STEP_RESULT_CHARS = 800
GLOBAL_LINES = 40
GLOBAL_HEAD_LINES = 5
HINT_TEXT_CHARS = 3_000
MIN_FIELD_CHARS = 200  # below this a cut field says nothing; a prompt that needs less does not fit


def scaled(chars: int, scale: float) -> int:
    """A character budget shrunk by `scale` (1.0 = full), to fit a small model's context window."""
    return chars if scale >= 1 else max(int(chars * scale), MIN_FIELD_CHARS)
NONE = "(none)"

_TAGS = (
    "global_task", "local_task", "agent_name", "recent_trace", "step", "args", "result", "latest_step",
    "failed_action", "error_output", "heuristic_hints", "global_trace", "source", "result_stats",
)
_OWN_TAG = re.compile(r"<(/?)(" + "|".join(_TAGS) + r")\b", re.IGNORECASE)


def defuse(text: str) -> str:
    """Neutralise our own delimiters inside untrusted text."""
    return _OWN_TAG.sub(r"&lt;\1\2", text)


def cut(text: str, limit: int, head_share: float = 0.5) -> str:
    """Keep head and tail of `text` within about `limit` characters, marking what was left out."""
    if len(text) <= limit:
        return text
    head = int(limit * head_share)
    tail = limit - head
    omitted = len(text) - head - tail
    return f"{text[:head]}\n[... {omitted:,} characters omitted ...]\n{text[len(text) - tail:]}"


def _field(text: str, limit: int, head_share: float = 0.5) -> str:
    text = text.strip()
    return defuse(cut(text, limit, head_share)) if text else NONE


def _attr(value: str) -> str:
    return re.sub(r"[^\w.:/@+-]", "_", value)[:60]


def _one_line(text: str, limit: int) -> str:
    flat = " ".join(text[: limit * 4].split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _telling(line: str) -> bool:
    """False for blank lines and bare wrapper tags such as mini-swe-agent's <output>."""
    return bool(line.strip()) and not is_wrapper_line(line)


def _first_line(text: str) -> str:
    return next((line.strip() for line in text[:2000].splitlines() if _telling(line)), "")


def _last_line(text: str) -> str:
    lines = [line for line in text[-2000:].splitlines() if _telling(line)]
    return lines[-1].strip() if lines else ""


def render_steps(steps: list[Step], first_number: int, scale: float = 1.0) -> str:
    """Steps as <step> blocks numbered from `first_number`; long results keep head and tail."""
    if not steps:
        return NONE
    blocks = []
    for offset, step in enumerate(steps):
        attrs = f'index="{first_number + offset}" tool="{_attr(step.tool) or "unknown"}"'
        if step.error:
            attrs += ' error="true"'
        parts = [f"<step {attrs}>"]
        if step.thought.strip():
            parts.append(f"<thought>{defuse(cut(step.thought.strip(), scaled(STEP_ARGS_CHARS, scale)))}</thought>")
        parts.append(f"<args>{defuse(cut(step.args.strip(), scaled(STEP_ARGS_CHARS, scale)))}</args>")
        parts.append(f"<result>{defuse(cut(step.result.strip(), scaled(STEP_RESULT_CHARS, scale)))}</result>")
        parts.append("</step>")
        blocks.append("\n".join(parts))
    return "\n".join(blocks)


def summarize_step(step: Step, number: int | None) -> str:
    """One factual line about a step: what ran, whether it failed, how big its output was."""
    where = f"step {number}" if number is not None else "latest step"
    status = "failed" if step.error else "succeeded"
    lines = step.result.count("\n") + 1 if step.result else 0
    summary = (
        f"{where}: {step.tool + ' ' if step.tool else ''}{status}; args: {_one_line(step.args, 200) or NONE}; "
        f"output {len(step.result):,} chars in {lines:,} lines"
    )
    last = _last_line(step.result)
    if last:
        summary += f"; last line: {_one_line(last, 200)}"
    return defuse(summary)


def compact_trace(steps: list[Step], scale: float = 1.0) -> str:
    """The session's trace, one line per step; long traces keep the start and the recent end."""
    if not steps:
        return NONE
    lines = []
    for number, step in enumerate(steps, start=1):
        mark = "ERR" if step.error else "ok"
        first = _first_line(step.result)
        lines.append(
            f"{number}. {_attr(step.tool) or 'unknown'} {_one_line(step.args, 90)} -> {mark}, "
            f"{len(step.result):,} chars: {_one_line(first, 60)}"
        )
    limit = max(int(GLOBAL_LINES * min(scale, 1.0)), GLOBAL_HEAD_LINES + 3)
    if len(lines) > limit:
        tail = limit - GLOBAL_HEAD_LINES
        skipped = len(lines) - limit
        lines = [*lines[:GLOBAL_HEAD_LINES], f"[... {skipped} steps omitted ...]", *lines[-tail:]]
    return defuse("\n".join(lines))


def output_schema(model: type[BaseModel]) -> str:
    """The decision model's JSON schema, compact, without the titles pydantic adds."""
    return json.dumps(_drop_titles(model.model_json_schema()), ensure_ascii=False, separators=(",", ":"))


def _drop_titles(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _drop_titles(v) for k, v in node.items() if not (k == "title" and isinstance(v, str))}
    if isinstance(node, list):
        return [_drop_titles(v) for v in node]
    return node


def _hints(data: dict[str, Any]) -> str:
    return defuse(json.dumps(data, ensure_ascii=False))


def _common(task: str, sub_task: str, agent_name: str, scale: float) -> dict[str, str]:
    return {
        "task": _field(task, scaled(TASK_CHARS, scale)),
        "sub_task": _field(sub_task, scaled(SUB_TASK_CHARS, scale)),
        "agent_name": _field(_one_line(agent_name, 120), 120),
    }


def _recent(steps: list[Step], first_number: int, scale: float = 1.0) -> tuple[list[Step], int]:
    kept = steps[-max(int(RECENT_STEPS * min(scale, 1.0)), 2):]
    return kept, first_number + len(steps) - len(kept)


def error_variables(
    inp: ErrorAnalysisInput, steps: list[Step], finding: ErrorDiagnosis, scale: float = 1.0,
) -> dict[str, str]:
    recent, first = _recent(steps, 1, scale)
    failed = Step(args=inp.action, result=inp.error, error=True)
    hints = finding.model_dump(
        include={"category", "fault", "retryable", "root_cause", "fix", "evidence", "confidence"}
    )
    return {
        **_common(inp.task, inp.sub_task, inp.agent_name, scale),
        "recent_trace": render_steps(recent, first, scale),
        "latest_step": summarize_step(failed, None),
        "action": _field(inp.action, scaled(ACTION_CHARS, scale)),
        # Tracebacks and test reports end with the verdict, so the tail gets the larger share.
        "error": _field(inp.error, scaled(MAIN_TEXT_CHARS, scale), head_share=0.35),
        "hints": _hints(hints),
        "output_schema": output_schema(ErrorDiagnosis),
    }


def _first_number(recent: list[Step], trace: list[Step]) -> int:
    """Number the recent window as the session does when it is the end of the session trace."""
    if recent and len(trace) >= len(recent) and trace[len(trace) - len(recent):] == recent:
        return len(trace) - len(recent) + 1
    return 1


def inefficiency_variables(
    inp: InefficiencyInput, recent: list[Step], trace: list[Step], finding: InefficiencyVerdict,
    scale: float = 1.0,
) -> dict[str, str]:
    shown, first = _recent(recent, _first_number(recent, trace), scale)
    latest = summarize_step(shown[-1], first + len(shown) - 1) if shown else NONE
    hints = finding.model_dump(include={"action", "pattern", "evidence", "guidance", "confidence"})
    return {
        **_common(inp.task, inp.sub_task, inp.agent_name, scale),
        "step_count": str(inp.step_count) if inp.step_count else f"unknown (the session has {len(trace)} steps)",
        "recent_trace": render_steps(shown, first, scale),
        "latest_step": latest,
        "global_trace": compact_trace(trace, scale),
        "hints": _hints(hints),
        "output_schema": output_schema(InefficiencyVerdict),
    }


def _result_stats(text: str, shown_chars: int) -> str:
    looks_html = bool(re.search(r"<(html|body|div|p|table|script)\b", text[:20_000], re.IGNORECASE))
    lines = text.count("\n") + 1 if text else 0
    shown = "whole" if len(text) <= shown_chars else f"head and tail of {len(text):,}"
    return defuse(
        f"{len(text):,} characters in {lines:,} lines; looks like HTML: {'yes' if looks_html else 'no'}; "
        f"shown below: {shown}"
    )


def synthesis_variables(inp: SynthesisInput, finding: SynthesisDecision, scale: float = 1.0) -> dict[str, str]:
    hints: dict[str, Any] = finding.model_dump(include={"final_answer", "key_facts", "conflicts", "gaps"})
    # The heuristic extraction read the whole result; the model may only see head and tail of it.
    hints["extraction"] = cut(finding.synthesis.strip(), scaled(HINT_TEXT_CHARS, scale))
    return {
        **_common(inp.task, inp.sub_task, inp.agent_name, scale),
        "source": _field(_one_line(inp.source, 500), 500),
        "result_stats": _result_stats(inp.result, scaled(MAIN_TEXT_CHARS, scale)),
        "result": _field(inp.result, scaled(MAIN_TEXT_CHARS, scale)),
        "hints": _hints(hints),
        "output_schema": output_schema(SynthesisDecision),
    }

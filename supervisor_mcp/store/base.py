"""What every session store keeps and promises, whatever the database behind it.

A store holds each session's calls and decisions, its merged global trace, and the originals of
purified results. Backends (SQLite, the embedded default; PostgreSQL, shared by replicas) differ
in SQL only: the records, the clipping of stored steps and the arithmetic of a summary live here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from supervisor_mcp.models import SessionSummary, Step, Usage

INTERVENTIONS = ("provide_guidance", "correct_observation", "run_verification")
ESCALATED = "escalated:"  # label prefix of guidance given past the cap
MAX_TRACE_PER_SESSION = 2000
# A stored step keeps its result's head and tail: detectors compare results, not read them whole,
# and the trace must stay bounded (fingerprints are taken on the full step before clipping).
STORED_RESULT_CHARS = 4000


@dataclass
class CallRecord:
    """One tool call as the session remembers it."""

    session_id: str
    tool: str
    sub_task: str
    action: str
    label: str
    engine: str
    degraded: bool
    usage: Usage
    chars_removed: int = 0
    duration_ms: float = 0.0
    result: dict[str, Any] = field(default_factory=dict)


@dataclass
class Trace:
    steps: list[Step]
    total: int  # steps seen in the session since it began; the stored steps are its last ones
    last_guided_step: int | None = None  # the session's step count at the sub-task's last guidance

    def index_of(self, absolute: int) -> int:
        """Position in `steps` of the absolute step count `absolute` (clamped)."""
        return max(0, absolute - (self.total - len(self.steps)))


class StoreUnavailable(RuntimeError):
    """The database named by SUPERVISOR_DB cannot be used; the message says how to fix it."""


# Given how many guidance notes this sub-task and pattern already had, build the call to record.
DecideGuided = Callable[[int], CallRecord]


class Store(Protocol):
    def record_call(self, rec: CallRecord) -> None: ...

    def record_guided_call(self, session_id: str, sub_task: str, pattern: str, decide: DecideGuided) -> CallRecord:
        """Count the guidance given for (sub_task, pattern) and record `decide(count)`, atomically.

        One transaction, so two concurrent calls in one sub-task can never both pass the cap.
        """
        ...

    def extend_trace(self, session_id: str, steps: list[Step], step_count: int = 0, sub_task: str = "") -> Trace:
        """Append the new part of an overlapping window, atomically; return the session's trace."""
        ...

    def trace(self, session_id: str) -> list[Step]: ...

    def put_raw(self, session_id: str, text: str, source: str = "") -> str: ...

    def get_raw(self, ref: str, owner_prefix: str = "") -> str | None:
        """The original stored under `ref`, if its session id starts with `owner_prefix`."""
        ...

    def summary(self, session_id: str) -> SessionSummary | None: ...

    def prune(self) -> None: ...

    def close(self) -> None: ...


def clip_step(step: Step) -> Step:
    """The step as stored: long fields keep their head and tail, so a session's trace stays bounded
    (at most MAX_TRACE_PER_SESSION steps of about 18,000 characters) whatever the agent sends."""
    update = {name: _clip(getattr(step, name), keep) for name, keep in _STORED_CHARS.items()
              if len(getattr(step, name)) > 2 * keep}
    return step.model_copy(update=update) if update else step


_STORED_CHARS = {"result": STORED_RESULT_CHARS, "args": STORED_RESULT_CHARS, "thought": STORED_RESULT_CHARS // 4}


def _clip(text: str, keep: int) -> str:
    return f"{text[:keep]}\n[... {len(text) - 2 * keep} chars not stored ...]\n{text[-keep:]}"


def guided_step(result_json: str | dict[str, Any] | None) -> int | None:
    """The step count a guidance call's stored result recorded."""
    if result_json is None:
        return None
    data = json.loads(result_json) if isinstance(result_json, str) else result_json
    return int(data.get("steps_seen", 0))


SummaryRow = tuple[str, str, str, int, int, int, float | None, int]


def build_summary(session_id: str, steps_seen: int, rows: list[SummaryRow]) -> SessionSummary | None:
    """Add up a session's calls: rows of (tool, sub_task, action, chars_removed, prompt_tokens,
    completion_tokens, cost_usd, cost_known)."""
    if not rows and not steps_seen:
        return None
    out = SessionSummary(session_id=session_id, steps_seen=steps_seen)
    usage = Usage()
    for tool, sub_task, action, removed, p_tok, c_tok, cost, cost_known in rows:
        out.calls += 1
        out.calls_by_tool[tool] = out.calls_by_tool.get(tool, 0) + 1
        if action in INTERVENTIONS:
            out.interventions += 1
        if tool == "inefficiency_analysis" and action == "provide_guidance":
            out.guidance_by_sub_task[sub_task] = out.guidance_by_sub_task.get(sub_task, 0) + 1
        out.chars_removed += removed
        usage = usage + Usage(
            prompt_tokens=p_tok, completion_tokens=c_tok, total_tokens=p_tok + c_tok,
            cost_usd=cost if cost_known else None,
        )
    out.usage = usage
    out.tokens_removed_est = out.chars_removed // 4
    out.net_tokens_saved_est = out.tokens_removed_est - usage.total_tokens
    return out

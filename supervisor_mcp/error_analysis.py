"""The `error_analysis` tool: diagnose an explicit error and say how to get past it."""

from __future__ import annotations

import time
from dataclasses import dataclass

import anyio

from supervisor_mcp.context import error_variables
from supervisor_mcp.grounding import ground_error
from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.filter import error_needs_model
from supervisor_mcp.models import ErrorAnalysisInput, ErrorAnalysisResult, ErrorDiagnosis, Step
from supervisor_mcp.runtime import (
    Decider, Progress, Runtime, check_sizes, consult, note, require_text, session_for,
)
from supervisor_mcp.trace import parse_steps

PROMPT = "error_analysis"


@dataclass
class ErrorPlan:
    inp: ErrorAnalysisInput
    session_id: str
    steps: list[Step]
    finding: ErrorDiagnosis
    needs_model: bool

    def variables(self) -> dict[str, str]:
        return error_variables(self.inp, self.steps, self.finding)


def plan_error(inp: ErrorAnalysisInput, rt: Runtime) -> ErrorPlan:
    """Validate, run the heuristic engine, and decide whether a model should look too."""
    require_text("task", inp.task, "send the user's task verbatim.")
    require_text("error", inp.error, "send the error output exactly as the tool returned it.")
    check_sizes(rt.settings, task=inp.task, error=inp.error, action=inp.action, recent_steps=inp.recent_steps)
    steps = parse_steps(inp.recent_steps)
    finding = diagnose(inp.error, inp.action, steps, obs_threshold=rt.settings.obs_threshold_chars)
    return ErrorPlan(
        inp=inp, session_id=session_for(inp.session_id, inp.task), steps=steps, finding=finding,
        needs_model=error_needs_model(finding, rt.settings),
    )


def _note(diag: ErrorDiagnosis) -> str:
    if diag.category == "not_an_error":
        return note(f"Not an error: {diag.root_cause} {diag.fix}")
    retry = "retry after a pause" if diag.retryable else "change the action before retrying"
    text = f"{diag.category} ({diag.fault} fault; {retry}). {diag.root_cause} Fix: {diag.fix}"
    if diag.action == "run_verification" and diag.verification_task:
        text += f" Verify first: {diag.verification_task}"
    return note(text)


async def analyze_error(
    inp: ErrorAnalysisInput, rt: Runtime, *, decider: Decider | None = None, on_progress: Progress | None = None,
) -> ErrorAnalysisResult:
    started = time.perf_counter()
    # Heuristics are CPU work (a 4 MB page takes a while): keep the event loop free for other sessions.
    plan = await anyio.to_thread.run_sync(plan_error, inp, rt)
    outcome = await consult(decider or rt.decider, plan.needs_model, PROMPT, plan.variables, ErrorDiagnosis,
                            on_progress)
    diag, unsupported = plan.finding, []
    if isinstance(outcome.decision, ErrorDiagnosis):
        # A corrected observation may quote the failed command as well as the error.
        diag, unsupported = ground_error(outcome.decision, f"{inp.error}\n{inp.action}")
    result = ErrorAnalysisResult(
        **diag.model_dump(), **outcome.meta(), supervisor_note=_note(diag), session_id=plan.session_id,
        unsupported_claims=unsupported,
    )
    rt.store.record_call(
        session_id=plan.session_id, tool="error_analysis", sub_task=inp.sub_task, action=result.action,
        label=result.category, engine=result.engine, degraded=result.degraded, usage=result.usage,
        duration_ms=(time.perf_counter() - started) * 1000, result=result.model_dump(),
    )
    return result

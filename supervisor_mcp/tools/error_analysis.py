"""The `error_analysis` tool: diagnose an explicit error and say how to get past it."""

from __future__ import annotations

from supervisor_mcp.grounding import ground_error
from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.models import ErrorAnalysisInput, ErrorAnalysisResult, ErrorDiagnosis, Step
from supervisor_mcp.runtime import Runtime, check_sizes, note, require_text, session_for
from supervisor_mcp.store import CallRecord
from supervisor_mcp.tools.gate import error_needs_model
from supervisor_mcp.tools.pipeline import Consultation, Plan, ToolSpec, elapsed_ms
from supervisor_mcp.tools.reconcile import reconcile_error
from supervisor_mcp.trace import parse_steps
from supervisor_mcp.variables import error_variables


def plan_error(inp: ErrorAnalysisInput, rt: Runtime) -> Plan[ErrorDiagnosis]:
    """Validate, run the heuristic engine, and decide whether a model should look too."""
    require_text("task", inp.task, "send the user's task verbatim.")
    require_text("error", inp.error, "send the error output exactly as the tool returned it.")
    check_sizes(rt.settings, task=inp.task, error=inp.error, action=inp.action, recent_steps=inp.recent_steps)
    steps: list[Step] = parse_steps(inp.recent_steps)
    finding = diagnose(inp.error, inp.action, steps, obs_threshold=rt.settings.obs_threshold_chars)

    def variables(scale: float) -> dict[str, str]:
        return error_variables(inp, steps, finding, scale)

    return Plan(
        session_id=session_for(inp.session_id, inp.task), finding=finding,
        needs_model=error_needs_model(finding, rt.settings), variables=variables,
    )


def _note(diag: ErrorDiagnosis) -> str:
    if diag.category == "not_an_error":
        return note(f"Not an error: {diag.root_cause} {diag.fix}")
    retry = "retry after a pause" if diag.retryable else "change the action before retrying"
    text = f"{diag.category} ({diag.fault} fault; {retry}). {diag.root_cause} Fix: {diag.fix}"
    if diag.action == "run_verification" and diag.verification_task:
        text += f" Verify first: {diag.verification_task}"
    return note(text)


def finish_error(
    inp: ErrorAnalysisInput, plan: Plan[ErrorDiagnosis], outcome: Consultation[ErrorDiagnosis], rt: Runtime,
    started: float,
) -> ErrorAnalysisResult:
    diag, unsupported, overruled = plan.finding, list[str](), None
    if outcome.decision is not None:
        diag, overruled = reconcile_error(plan.finding, outcome.decision)
        # A corrected observation may quote the failed command as well as the error.
        diag, unsupported = ground_error(diag, f"{inp.error}\n{inp.action}")
    result = ErrorAnalysisResult(
        **diag.model_dump(), **outcome.meta(), supervisor_note=_note(diag), session_id=plan.session_id,
        unsupported_claims=unsupported, overruled=overruled,
    )
    rt.store.record_call(CallRecord(
        session_id=plan.session_id, tool="error_analysis", sub_task=inp.sub_task, action=result.action,
        label=result.category, engine=result.engine, degraded=result.degraded, usage=result.usage,
        duration_ms=elapsed_ms(started), result=result.model_dump(),
    ))
    return result


ERROR_ANALYSIS = ToolSpec("error_analysis", ErrorAnalysisInput, ErrorDiagnosis, plan_error, finish_error)

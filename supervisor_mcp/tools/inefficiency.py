"""The `inefficiency_analysis` tool: loops, paging crawls and stalls, with a guidance cap."""

from __future__ import annotations

from supervisor_mcp.heuristics.loops import LoopConfig, detect
from supervisor_mcp.models import InefficiencyInput, InefficiencyResult, InefficiencyVerdict
from supervisor_mcp.runtime import Runtime, check_sizes, note, require_text, session_for
from supervisor_mcp.store import ESCALATED, CallRecord, Trace
from supervisor_mcp.tools.gate import inefficiency_needs_model
from supervisor_mcp.tools.pipeline import Consultation, Plan, ToolSpec, elapsed_ms
from supervisor_mcp.tools.reconcile import reconcile_inefficiency
from supervisor_mcp.trace import parse_steps
from supervisor_mcp.variables import inefficiency_variables

# Patterns live in the recent past; a host that sends a whole run as "recent" steps gets its tail read.
MAX_RECENT_STEPS = 500


def plan_inefficiency(inp: InefficiencyInput, rt: Runtime) -> Plan[InefficiencyVerdict]:
    """Validate, fold the window into the session trace, and run the heuristic detectors.

    Folding is idempotent (a resent window with the same step_count adds nothing), so a plan made
    again for the same request (a sampling round trip) is safe.
    """
    require_text("task", inp.task, "send the user's task verbatim.")
    require_text("recent_steps", inp.recent_steps,
                 'send the last steps as a JSON array of {"tool", "args", "result", "error"} objects.')
    check_sizes(rt.settings, task=inp.task, recent_steps=inp.recent_steps)
    session_id = session_for(inp.session_id, inp.task)
    recent = parse_steps(inp.recent_steps)[-MAX_RECENT_STEPS:]
    trace = rt.store.extend_trace(session_id, recent, inp.step_count, sub_task=inp.sub_task)
    config = LoopConfig(loop_window=rt.settings.loop_window, step_check_interval=rt.settings.step_check_interval)
    finding = detect(trace.steps, task=inp.task, sub_task=inp.sub_task, step_count=inp.step_count,
                     since=trace.index_of(trace.last_guided_step or 0), config=config,
                     min_confidence=rt.settings.guidance_min_confidence)

    def variables(scale: float) -> dict[str, str]:
        return inefficiency_variables(inp, recent, trace.steps, finding, scale)

    return Plan(
        session_id=session_id, finding=finding,
        needs_model=inefficiency_needs_model(finding, trace.total, inp.step_count, rt.settings),
        variables=variables, state=trace,
    )


def apply_guidance_cap(result: InefficiencyResult, used: int, cap: int) -> str:
    """Fill the cap fields and the note; return the label to record the call under.

    The paper caps guidance per sub-task: past the cap, nudging again only costs tokens, so the
    host is told to escalate. Counting is per pattern, so two unrelated findings in a long run
    without sub-tasks do not exhaust the cap, and escalations are not counted as guidance.
    """
    label: str = result.pattern
    if result.action == "provide_guidance":
        guidance = result.guidance or "Change approach: the last steps repeat without progress."
        if used >= cap:
            result.escalate = True
            guidance = (
                f"Guidance was given {used} time(s) for this sub-task and the {result.pattern} pattern "
                f"persists. Stop this approach: re-plan the sub-task from the task statement, or hand "
                f"it back. Last finding: {guidance}"
            )
            label = ESCALATED + result.pattern
        else:
            used += 1
        result.guidance = guidance
        result.supervisor_note = note(guidance)
    result.guidance_used, result.guidance_left = used, max(cap - used, 0)
    return label


def finish_inefficiency(
    inp: InefficiencyInput, plan: Plan[InefficiencyVerdict], outcome: Consultation[InefficiencyVerdict],
    rt: Runtime, started: float,
) -> InefficiencyResult:
    verdict, overruled = plan.finding, None
    if outcome.decision is not None:
        verdict, overruled = reconcile_inefficiency(plan.finding, outcome.decision)
    trace: Trace = plan.state
    result = InefficiencyResult(
        **verdict.model_dump(), **outcome.meta(), session_id=plan.session_id, steps_seen=trace.total,
        overruled=overruled,
    )

    def decide(used: int) -> CallRecord:
        label = apply_guidance_cap(result, used, rt.settings.max_guidance_per_subtask)
        return CallRecord(
            session_id=plan.session_id, tool="inefficiency_analysis", sub_task=inp.sub_task,
            action=result.action, label=label, engine=result.engine, degraded=result.degraded,
            usage=result.usage, duration_ms=elapsed_ms(started), result=result.model_dump(),
        )

    # Counting and recording in one transaction: two concurrent calls cannot both pass the cap.
    rt.store.record_guided_call(plan.session_id, inp.sub_task, result.pattern, decide)
    return result


INEFFICIENCY = ToolSpec("inefficiency_analysis", InefficiencyInput, InefficiencyVerdict, plan_inefficiency,
                        finish_inefficiency)

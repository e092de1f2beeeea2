"""The `inefficiency_analysis` tool: loops, paging crawls and stalls, with a guidance cap."""

from __future__ import annotations

import time
from dataclasses import dataclass

import anyio

from supervisor_mcp.context import inefficiency_variables
from supervisor_mcp.heuristics.filter import inefficiency_needs_model
from supervisor_mcp.heuristics.loops import LoopConfig, detect
from supervisor_mcp.models import InefficiencyInput, InefficiencyResult, InefficiencyVerdict, Step
from supervisor_mcp.runtime import (
    Decider, Progress, Runtime, check_sizes, consult, note, require_text, session_for,
)
from supervisor_mcp.store import ESCALATED, CallRecord
from supervisor_mcp.trace import parse_steps

PROMPT = "inefficiency_analysis"
# Patterns live in the recent past; a host that sends a whole run as "recent" steps gets its tail read.
MAX_RECENT_STEPS = 500


@dataclass
class InefficiencyPlan:
    inp: InefficiencyInput
    session_id: str
    recent: list[Step]
    trace: list[Step]
    total_steps: int
    finding: InefficiencyVerdict
    needs_model: bool

    def variables(self) -> dict[str, str]:
        return inefficiency_variables(self.inp, self.recent, self.trace, self.finding)


def plan_inefficiency(inp: InefficiencyInput, rt: Runtime) -> InefficiencyPlan:
    """Validate, fold the window into the session trace, and run the heuristic detectors.

    Folding is idempotent (a resent window with the same step_count adds nothing), so running the
    plan twice, as the sampling resolver does, is safe.
    """
    require_text("task", inp.task, "send the user's task verbatim.")
    require_text("recent_steps", inp.recent_steps,
                 'send the last steps as a JSON array of {"tool", "args", "result", "error"} objects.')
    check_sizes(rt.settings, task=inp.task, recent_steps=inp.recent_steps)
    session_id = session_for(inp.session_id, inp.task)
    recent = parse_steps(inp.recent_steps)[-MAX_RECENT_STEPS:]
    trace = rt.store.extend_trace(session_id, recent, inp.step_count, sub_task=inp.sub_task)
    since = trace.index_of(trace.last_guided_step or 0)
    config = LoopConfig(loop_window=rt.settings.loop_window, step_check_interval=rt.settings.step_check_interval)
    finding = detect(trace.steps, task=inp.task, sub_task=inp.sub_task, step_count=inp.step_count,
                     since=since, config=config)
    needs_model = inefficiency_needs_model(finding, trace.total, inp.step_count, rt.settings)
    return InefficiencyPlan(inp, session_id, recent, trace.steps, trace.total, finding, needs_model)


def apply_guidance_cap(result: InefficiencyResult, used: int, cap: int) -> str:
    """Fill the cap fields and the note; return the label to record the call under.

    The paper caps guidance per sub-task: past the cap, nudging again only costs tokens, so the
    host is told to escalate. Counting is per pattern, so two unrelated findings in a long run
    without sub-tasks do not exhaust the cap, and escalations are not counted as guidance.
    """
    label = result.pattern
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


async def analyze_inefficiency(
    inp: InefficiencyInput, rt: Runtime, *, decider: Decider | None = None, on_progress: Progress | None = None,
) -> InefficiencyResult:
    started = time.perf_counter()
    # Heuristics are CPU work (a 4 MB page takes a while): keep the event loop free for other sessions.
    plan = await anyio.to_thread.run_sync(plan_inefficiency, inp, rt)
    outcome = await consult(decider or rt.decider, plan.needs_model, PROMPT, plan.variables, InefficiencyVerdict,
                            on_progress)
    verdict = outcome.decision if isinstance(outcome.decision, InefficiencyVerdict) else plan.finding
    result = InefficiencyResult(
        **verdict.model_dump(), **outcome.meta(), session_id=plan.session_id, steps_seen=plan.total_steps,
    )

    def decide(used: int) -> CallRecord:
        label = apply_guidance_cap(result, used, rt.settings.max_guidance_per_subtask)
        return CallRecord(
            session_id=plan.session_id, tool="inefficiency_analysis", sub_task=inp.sub_task,
            action=result.action, label=label, engine=result.engine, degraded=result.degraded,
            usage=result.usage, duration_ms=(time.perf_counter() - started) * 1000, result=result.model_dump(),
        )

    # Counting and recording in one transaction: two concurrent calls cannot both pass the cap.
    rt.store.record_guided_call(plan.session_id, inp.sub_task, result.pattern, decide)
    return result

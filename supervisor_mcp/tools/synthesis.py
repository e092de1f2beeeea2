"""The `sub_agent_result_synthesis` tool: purify a long observation or a sub-agent's report."""

from __future__ import annotations

from supervisor_mcp.grounding import ground_synthesis
from supervisor_mcp.heuristics.purify import synthesize
from supervisor_mcp.models import SynthesisDecision, SynthesisInput, SynthesisResult
from supervisor_mcp.runtime import Runtime, check_sizes, note, require_text, session_for
from supervisor_mcp.store import CallRecord
from supervisor_mcp.tools.gate import synthesis_needs_model
from supervisor_mcp.tools.pipeline import Consultation, Plan, ToolSpec, elapsed_ms
from supervisor_mcp.variables import synthesis_variables


def plan_synthesis(inp: SynthesisInput, rt: Runtime) -> Plan[SynthesisDecision]:
    require_text("task", inp.task, "send the user's task verbatim.")
    require_text("result", inp.result, "send the tool output, page or report to condense, verbatim.")
    check_sizes(rt.settings, task=inp.task, result=inp.result, sub_task=inp.sub_task)
    if len(inp.result) < rt.settings.obs_threshold_chars:
        # The paper's filter: short results are cheap to keep, so they pass untouched.
        finding = SynthesisDecision(action="approve", synthesis=inp.result)
    else:
        finding = synthesize(inp.result, task=inp.task, sub_task=inp.sub_task, source=inp.source,
                             agent_name=inp.agent_name, threshold=rt.settings.obs_threshold_chars)

    def variables(scale: float) -> dict[str, str]:
        return synthesis_variables(inp, finding, scale)

    return Plan(
        session_id=session_for(inp.session_id, inp.task), finding=finding,
        needs_model=synthesis_needs_model(inp.result, rt.settings), variables=variables,
    )


def finish_synthesis(
    inp: SynthesisInput, plan: Plan[SynthesisDecision], outcome: Consultation[SynthesisDecision], rt: Runtime,
    started: float,
) -> SynthesisResult:
    decision, unsupported = plan.finding, list[str]()
    if outcome.decision is not None:
        decision, unsupported = ground_synthesis(outcome.decision, inp.result)
    if decision.action == "approve":
        decision = decision.model_copy(update={"synthesis": inp.result})
    result = SynthesisResult(
        **decision.model_dump(), **outcome.meta(), session_id=plan.session_id, chars_in=len(inp.result),
        chars_out=len(decision.synthesis), unsupported_claims=unsupported,
    )
    removed = 0
    if result.action == "correct_observation":
        ref = rt.store.put_raw(plan.session_id, inp.result, source=inp.source)
        result.raw_ref = f"supervisor://raw/{ref}"
        removed = max(result.chars_in - result.chars_out, 0)
        result.supervisor_note = note(
            f"Result condensed from {result.chars_in:,} to {result.chars_out:,} characters for the task; "
            f"the untouched original is at {result.raw_ref}."
        )
    rt.store.record_call(CallRecord(
        session_id=plan.session_id, tool="sub_agent_result_synthesis", sub_task=inp.sub_task,
        action=result.action, label=inp.source[:200], engine=result.engine, degraded=result.degraded,
        usage=result.usage, chars_removed=removed, duration_ms=elapsed_ms(started),
        result=result.model_dump(exclude={"synthesis"}),
    ))
    return result


SYNTHESIS = ToolSpec("sub_agent_result_synthesis", SynthesisInput, SynthesisDecision, plan_synthesis,
                     finish_synthesis)

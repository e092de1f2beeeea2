"""The `sub_agent_result_synthesis` tool: purify a long observation or a sub-agent's report."""

from __future__ import annotations

import time
from dataclasses import dataclass

import anyio

from supervisor_mcp.context import synthesis_variables
from supervisor_mcp.grounding import ground_synthesis
from supervisor_mcp.heuristics.filter import synthesis_needs_model
from supervisor_mcp.heuristics.purify import synthesize
from supervisor_mcp.models import SynthesisDecision, SynthesisInput, SynthesisResult
from supervisor_mcp.store import CallRecord
from supervisor_mcp.runtime import (
    Decider, Progress, Runtime, check_sizes, consult, note, require_text, session_for,
)

PROMPT = "sub_agent_result_synthesis"


@dataclass
class SynthesisPlan:
    inp: SynthesisInput
    session_id: str
    finding: SynthesisDecision
    needs_model: bool

    def variables(self) -> dict[str, str]:
        return synthesis_variables(self.inp, self.finding)


def plan_synthesis(inp: SynthesisInput, rt: Runtime) -> SynthesisPlan:
    require_text("task", inp.task, "send the user's task verbatim.")
    require_text("result", inp.result, "send the tool output, page or report to condense, verbatim.")
    check_sizes(rt.settings, task=inp.task, result=inp.result, sub_task=inp.sub_task)
    if len(inp.result) < rt.settings.obs_threshold_chars:
        # The paper's filter: short results are cheap to keep, so they pass untouched.
        finding = SynthesisDecision(action="approve", synthesis=inp.result)
    else:
        finding = synthesize(inp.result, task=inp.task, sub_task=inp.sub_task, source=inp.source,
                             agent_name=inp.agent_name, threshold=rt.settings.obs_threshold_chars)
    return SynthesisPlan(inp, session_for(inp.session_id, inp.task), finding,
                         synthesis_needs_model(inp.result, rt.settings))


async def synthesize_result(
    inp: SynthesisInput, rt: Runtime, *, decider: Decider | None = None, on_progress: Progress | None = None,
) -> SynthesisResult:
    started = time.perf_counter()
    # Heuristics are CPU work (a 4 MB page takes a while): keep the event loop free for other sessions.
    plan = await anyio.to_thread.run_sync(plan_synthesis, inp, rt)
    outcome = await consult(decider or rt.decider, plan.needs_model, PROMPT, plan.variables, SynthesisDecision,
                            on_progress)
    decision, unsupported = plan.finding, []
    if isinstance(outcome.decision, SynthesisDecision):
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
        usage=result.usage, chars_removed=removed, duration_ms=(time.perf_counter() - started) * 1000,
        result=result.model_dump(exclude={"synthesis"}),
    ))
    return result

"""The one path every tool call takes: plan with the heuristics, ask a model if the gate says so,
then finish (ground, build the result, record it).

Planning and finishing are CPU and store work: they run on a worker thread, so one session's 4 MB
page never stalls another session's call on the event loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import anyio
from pydantic import BaseModel

from supervisor_mcp.deciders.base import Decider, Progress
from supervisor_mcp.exceptions import ModelUnavailable
from supervisor_mcp.models import Engine, Usage
from supervisor_mcp.prompts import RenderedPrompt, render
from supervisor_mcp.runtime import Runtime

I = TypeVar("I", bound=BaseModel)  # noqa: E741 - the input model, as in Generic[I, D, R]
D = TypeVar("D", bound=BaseModel)
R = TypeVar("R", bound=BaseModel)


@dataclass
class Plan(Generic[D]):
    """What the heuristics made of a call, before any model: enough to ask one and to finish."""

    session_id: str
    finding: D
    needs_model: bool
    variables: Callable[[float], dict[str, str]]  # prompt variables at a budget scale (1.0 = full)
    state: Any = None  # whatever else the tool's finish step needs (the trace, the parsed steps)


@dataclass
class Consultation(Generic[D]):
    """What asking the model produced: a decision, or why the heuristic answer stands."""

    decision: D | None = None
    usage: Usage = field(default_factory=Usage)
    engine: Engine = "heuristic"
    degraded_reason: str | None = None

    def meta(self) -> dict[str, Any]:
        """The result fields that say who decided and at what cost."""
        return {"engine": self.engine, "degraded": self.degraded_reason is not None,
                "degraded_reason": self.degraded_reason, "usage": self.usage}


@dataclass(frozen=True)
class ToolSpec(Generic[I, D, R]):
    """A tool: its name (also its prompt's), its models, and its two pure steps."""

    name: str
    input: type[I]
    decision: type[D]
    plan: Callable[[I, Runtime], Plan[D]]
    finish: Callable[[I, Plan[D], Consultation[D], Runtime, float], R]


def fit_prompt(
    prompt_name: str, variables: Callable[[float], dict[str, str]], limit: int | None,
) -> RenderedPrompt:
    """Render the prompt, shrinking the untrusted blocks until it fits a model's context window.

    The fixed parts (instructions, schema) are never cut; a window too small for them is a model
    fault like any other, and the heuristic answer stands.
    """
    def size(p: RenderedPrompt) -> int:
        return len(p.system) + len(p.user)

    prompt = render(prompt_name, variables(1.0))
    if limit is None or size(prompt) <= limit:
        return prompt
    floor = size(render(prompt_name, variables(0.0)))  # instructions, schema and minimal fields
    scale = 1.0
    for _ in range(6):
        if floor > limit:
            break
        # Only the untrusted blocks shrink with the scale: aim their share at what is left over.
        scale *= 0.95 * (limit - floor) / max(size(prompt) - floor, 1)
        prompt = render(prompt_name, variables(scale))
        if size(prompt) <= limit:
            return prompt
    raise ModelUnavailable(
        f"prompt of {size(prompt):,} chars does not fit the model's window of about {limit:,} chars"
    )


async def consult(
    decider: Decider | None, plan: Plan[D], prompt_name: str, output: type[D], on_progress: Progress | None = None,
) -> Consultation[D]:
    """Ask the model when there is one and the gate says so; otherwise the heuristic answer stands."""
    if decider is None or not plan.needs_model:
        return Consultation()
    try:
        prompt = fit_prompt(prompt_name, plan.variables, getattr(decider, "max_prompt_chars", None))
        decision, usage = await decider.decide(prompt, output, on_progress=on_progress)
    except ModelUnavailable as exc:
        # Failed attempts still cost tokens: count them, as the paper counts the supervisor's spend.
        return Consultation(usage=exc.spent, degraded_reason=str(exc) or type(exc).__name__)
    return Consultation(decision=decision, usage=usage, engine=decider.engine)


async def run_tool(
    spec: ToolSpec[I, D, R], inp: I, rt: Runtime, *, plan: Plan[D] | None = None, decider: Decider | None = None,
    on_progress: Progress | None = None,
) -> R:
    """One call, end to end. `plan` is passed when the server already planned (to sample with it)."""
    started = time.perf_counter()
    if plan is None:
        plan = await anyio.to_thread.run_sync(spec.plan, inp, rt)
    outcome = await consult(decider or rt.decider, plan, spec.name, spec.decision, on_progress)
    return await anyio.to_thread.run_sync(spec.finish, inp, plan, outcome, rt, started)


def elapsed_ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


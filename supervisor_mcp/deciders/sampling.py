"""The host's own model, through MCP sampling: its reply parsed like any model's, or why there is none.

server.py does the sampling (it alone speaks MCP) and hands over the reply text, or the reason
sampling failed (refused, errored, late); either way the decision goes through this decider, so a
failed sampling request degrades to the heuristic answer like any other model fault.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from supervisor_mcp.deciders.base import Progress, T
from supervisor_mcp.deciders.reply import estimate_usage, parse_decision
from supervisor_mcp.exceptions import ModelUnavailable
from supervisor_mcp.models import Engine, Usage
from supervisor_mcp.prompts import RenderedPrompt


@dataclass
class SampledDecider:
    """Wraps the host model's already-sampled reply, or the reason sampling failed."""

    text: str = ""
    failure: str | None = None
    usage: Usage | None = None
    engine: Engine = field(default="sampling", init=False)

    async def decide(
        self, prompt: RenderedPrompt, output: type[T], *, on_progress: Progress | None = None,
        deadline: float | None = None,
    ) -> tuple[T, Usage]:
        if self.failure is not None:
            raise ModelUnavailable(f"sampling failed: {self.failure}")
        decision = parse_decision(self.text, output)
        return decision, self.usage if self.usage is not None else estimate_usage(prompt, self.text)

"""A decider that answers from a script: reply texts, exceptions, or functions of the prompt.

Tests and examples use it to drive the tool pipeline without a model; it enters through the same
door as the real deciders, so what it exercises is the real path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from supervisor_mcp.deciders.base import Progress, T
from supervisor_mcp.deciders.reply import estimate_usage, parse_decision
from supervisor_mcp.exceptions import ModelUnavailable
from supervisor_mcp.models import Engine, Usage
from supervisor_mcp.prompts import RenderedPrompt

Script = str | BaseException | Callable[[RenderedPrompt], str]


@dataclass
class ScriptedDecider:
    """Pops one scripted reply per decision; `prompts` records what it was asked."""

    replies: Iterable[Script] = ()
    engine: Engine = "llm"
    prompts: list[RenderedPrompt] = field(default_factory=list, init=False)
    _queue: deque[Script] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._queue = deque(self.replies)

    def push(self, reply: Script) -> None:
        self._queue.append(reply)

    async def decide(
        self, prompt: RenderedPrompt, output: type[T], *, on_progress: Progress | None = None,
        deadline: float | None = None,
    ) -> tuple[T, Usage]:
        self.prompts.append(prompt)
        if not self._queue:
            raise ModelUnavailable("scripted decider has no reply left")
        reply = self._queue.popleft()
        if isinstance(reply, BaseException):
            raise reply
        text = reply(prompt) if callable(reply) else reply
        return parse_decision(text, output), estimate_usage(prompt, text)

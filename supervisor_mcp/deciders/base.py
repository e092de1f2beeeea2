"""The one interface every decider implements: a rendered prompt in, a validated decision out.

Deciders are peers (litellm, the fallback chain, MCP sampling, the scripted decider tests use),
the shape of pydantic-ai's `models/`: composition and test doubles are implementations, not
special cases. Every fault is a ModelUnavailable carrying what the failed attempts cost.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from pydantic import BaseModel

from supervisor_mcp.models import Engine, Usage
from supervisor_mcp.prompts import RenderedPrompt

T = TypeVar("T", bound=BaseModel)
Progress = Callable[[str], Awaitable[None]]


class Decider(Protocol):
    """Turns a rendered prompt into a validated decision, or raises ModelUnavailable."""

    engine: Engine

    async def decide(
        self, prompt: RenderedPrompt, output: type[T], *, on_progress: Progress | None = None,
        deadline: float | None = None,
    ) -> tuple[T, Usage]:
        """`deadline` is a `time.monotonic()` instant the whole decision must finish by."""
        ...

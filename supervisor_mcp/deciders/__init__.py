"""Deciders: what turns a rendered prompt into a validated decision (see base.Decider)."""

from __future__ import annotations

from supervisor_mcp.deciders.base import Decider, Progress
from supervisor_mcp.deciders.fallback import Breaker, FallbackDecider, total_budget_s
from supervisor_mcp.deciders.sampling import SampledDecider
from supervisor_mcp.deciders.scripted import ScriptedDecider
from supervisor_mcp.settings import Settings

__all__ = [
    "Breaker", "Decider", "FallbackDecider", "Progress", "SampledDecider", "ScriptedDecider", "make_decider",
    "preload", "total_budget_s",
]


def _provider(model: str) -> str:
    return model.split("/", 1)[0] if "/" in model else ""


def make_decider(settings: Settings) -> FallbackDecider | None:
    """SUPERVISOR_MODEL then each fallback, in one budget; None means no model is configured."""
    primary = settings.model.strip()
    if not primary:
        return None
    from supervisor_mcp.deciders.litellm import LiteLLMDecider

    names = [primary, *(m for m in settings.fallbacks if m != primary)]
    deciders = []
    for name in names:
        # SUPERVISOR_API_BASE/KEY belong to the primary model's provider; a fallback from another
        # provider must reach its own endpoint with its own credentials.
        same = _provider(name) == _provider(primary)
        deciders.append(LiteLLMDecider(
            name, timeout_s=settings.llm_timeout_s, context_tokens=settings.model_context_tokens,
            api_base=settings.api_base if same else "", api_key=settings.api_key if same else "",
        ))
    return FallbackDecider(deciders, names, budget_s=total_budget_s(settings.llm_timeout_s))


def preload() -> None:
    """Import litellm now: it takes seconds, which the first tool call should not pay for."""
    from supervisor_mcp.deciders.litellm import preload as _preload

    _preload()

"""A chain of deciders tried in order within one time budget, each behind a circuit breaker."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from supervisor_mcp.deciders.base import Decider, Progress, T
from supervisor_mcp.exceptions import ModelUnavailable
from supervisor_mcp.models import Engine, Usage
from supervisor_mcp.prompts import RenderedPrompt

_log = logging.getLogger(__name__)

# AWorld gives a tool call 120 s before retrying it; one decision (fallbacks and the repair retry
# included) must leave room for the rest of the tool call inside 90 s.
TOTAL_BUDGET_CAP_S = 85.0
MIN_CALL_S = 0.2
BREAKER_THRESHOLD = 3
BREAKER_COOLDOWN_S = 60.0


def total_budget_s(timeout_s: float) -> float:
    """Wall time for one decision across the model, its repair retry and the fallbacks."""
    return min(TOTAL_BUDGET_CAP_S, timeout_s * 1.5)


@dataclass
class Breaker:
    """Consecutive failures open the circuit for a cooldown; then one trial call is let through."""

    threshold: int = BREAKER_THRESHOLD
    cooldown_s: float = BREAKER_COOLDOWN_S
    failures: int = 0
    open_until: float = 0.0

    def wait_s(self, now: float) -> float:
        return max(self.open_until - now, 0.0) if self.failures >= self.threshold else 0.0

    def failed(self, now: float) -> None:
        self.failures += 1
        if self.failures >= self.threshold:
            self.open_until = now + self.cooldown_s

    def succeeded(self) -> None:
        self.failures, self.open_until = 0, 0.0


@dataclass
class FallbackDecider:
    """Asks `deciders` in order (named by `names`); the first valid decision wins."""

    deciders: Sequence[Decider]
    names: Sequence[str]
    budget_s: float = TOTAL_BUDGET_CAP_S
    breaker_threshold: int = BREAKER_THRESHOLD
    breaker_cooldown_s: float = BREAKER_COOLDOWN_S
    clock: Callable[[], float] = time.monotonic
    engine: Engine = field(default="llm", init=False)
    _breakers: dict[str, Breaker] = field(default_factory=dict, init=False, repr=False)

    @property
    def max_prompt_chars(self) -> int | None:
        """The smallest window in the chain: the prompt must fit whichever model answers."""
        limits = [limit for d in self.deciders if (limit := getattr(d, "max_prompt_chars", None))]
        return min(limits) if limits else None

    def breaker(self, name: str) -> Breaker:
        return self._breakers.setdefault(name, Breaker(self.breaker_threshold, self.breaker_cooldown_s))

    async def decide(
        self, prompt: RenderedPrompt, output: type[T], *, on_progress: Progress | None = None,
        deadline: float | None = None,
    ) -> tuple[T, Usage]:
        budget_end = self.clock() + self.budget_s
        deadline = min(deadline, budget_end) if deadline is not None else budget_end
        spent, reasons, all_open = Usage(), [], True
        for name, decider in zip(self.names, self.deciders, strict=True):
            breaker = self.breaker(name)
            wait = breaker.wait_s(self.clock())
            if wait:
                reasons.append(f"{name} after {breaker.failures} consecutive failures, {wait:.0f} s left")
                continue
            all_open = False
            if deadline - self.clock() < MIN_CALL_S:
                reasons.append(f"{name}: not tried, time budget spent")
                break
            try:
                decision, usage = await decider.decide(prompt, output, on_progress=on_progress, deadline=deadline)
            except ModelUnavailable as exc:
                breaker.failed(self.clock())
                spent += exc.spent
                reasons.append(f"{name}: {exc}")
                _log.warning("model %s failed: %s", name, exc)
                continue
            breaker.succeeded()
            return decision, spent + usage
        prefix = "circuit open for " if all_open else "model unavailable: "
        raise ModelUnavailable((prefix + "; ".join(reasons))[:400], spent)

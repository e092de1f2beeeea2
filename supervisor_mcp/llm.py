"""The model engine: ask any litellm-reachable model for a decision, strictly, within a time budget.

The only module that imports litellm, and lazily: the import costs seconds, and without
LITELLM_LOCAL_MODEL_COST_MAP it fetches the price map over the network at import time.
Every fault (timeout, refused connection, 429, 5xx, garbage, schema violation, open circuit)
becomes ModelUnavailable with a short reason; the tools then answer with the heuristic result.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, TypeVar

import anyio
from pydantic import BaseModel

from supervisor_mcp.context import cut
from supervisor_mcp.errors import ModelUnavailable
from supervisor_mcp.models import Engine, Usage
from supervisor_mcp.prompts import RenderedPrompt
from supervisor_mcp.sampling import InvalidReply, parse_decision
from supervisor_mcp.settings import Settings

T = TypeVar("T", bound=BaseModel)
Progress = Callable[[str], Awaitable[None]]
_log = logging.getLogger(__name__)

# AWorld gives a tool call 120 s before retrying it; one decide() (fallbacks and the repair retry
# included) must leave room for the rest of the tool call inside 90 s.
TOTAL_BUDGET_CAP_S = 85.0
MIN_CALL_S = 0.2  # a call with less time left than this cannot answer; don't start it
BREAKER_THRESHOLD = 3
BREAKER_COOLDOWN_S = 60.0
HEARTBEAT_S = 5.0
MAX_OUTPUT_TOKENS = 4096
REPAIR_ECHO_CHARS = 4000
_FORMAT_LADDER = {"schema": "json", "json": "none"}

_litellm_module: ModuleType | None = None


def _litellm() -> ModuleType:
    global _litellm_module
    if _litellm_module is None:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm

        # Without this litellm print()s help banners on errors, onto stdout: the stdio protocol.
        litellm.suppress_debug_info = True
        litellm.telemetry = False
        _litellm_module = litellm
    return _litellm_module


def preload() -> None:
    """Import litellm now: it takes seconds, which the first tool call should not pay for."""
    _litellm()


def total_budget_s(settings: Settings) -> float:
    """Wall time for one decision across the model, its repair retry and the fallbacks."""
    return min(TOTAL_BUDGET_CAP_S, settings.llm_timeout_s * 1.5)


class ModelCallsFailed(ModelUnavailable):
    """ModelUnavailable that also says what the failed attempts cost (garbage replies bill tokens too)."""

    def __init__(self, reason: str, spent: Usage | None = None) -> None:
        super().__init__(reason)
        self.spent = spent or Usage()


@dataclass
class _Breaker:
    """Consecutive failures open the circuit for a cooldown; then one trial call is let through."""

    threshold: int
    cooldown_s: float
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


def _format_mode(lt: ModuleType, model: str) -> str:
    """Strongest structured-output mode litellm knows the model supports: schema, json or none."""
    try:
        if lt.supports_response_schema(model=model):
            return "schema"
    except Exception:  # unknown provider or model: fall through to weaker modes
        pass
    try:
        _, provider, _, _ = lt.get_llm_provider(model)
        if "response_format" in (lt.get_supported_openai_params(model=model, custom_llm_provider=provider) or []):
            return "json"
    except Exception:
        pass
    return "none"


def _response_format(mode: str, output: type[BaseModel]) -> dict[str, Any] | None:
    if mode == "schema":
        # strict=False: OpenAI's strict mode rejects optional fields with defaults, which ours have.
        schema = {"name": output.__name__, "schema": output.model_json_schema(), "strict": False}
        return {"type": "json_schema", "json_schema": schema}
    if mode == "json":
        return {"type": "json_object"}
    return None


def _causes(exc: BaseException) -> list[BaseException]:
    chain: list[BaseException] = [exc]
    while (cause := chain[-1].__cause__ or chain[-1].__context__) is not None and cause not in chain:
        chain.append(cause)
    return chain


def _reason(lt: ModuleType, exc: BaseException, timeout: float) -> str:
    chain = _causes(exc)
    names = {type(e).__name__ for e in chain}
    if any(isinstance(e, (TimeoutError, lt.Timeout)) for e in chain) or "APITimeoutError" in names:
        return f"timeout after {timeout:g} s"
    if isinstance(exc, lt.RateLimitError):
        return "rate limited (HTTP 429)"
    if isinstance(exc, lt.AuthenticationError):
        return "authentication failed (HTTP 401)"
    if isinstance(exc, lt.NotFoundError):
        return "model not found (HTTP 404)"
    if isinstance(exc, lt.BadRequestError):
        return "request rejected (HTTP 400)"
    # litellm reports a refused connection as a 500; the cause chain tells them apart.
    if any(isinstance(e, (ConnectionError, lt.APIConnectionError)) for e in chain) or names & {
        "APIConnectionError", "ConnectError", "ClientConnectorError",
    }:
        return "connection failed"
    status = getattr(exc, "status_code", None)
    if isinstance(status, int) and status >= 500:
        return f"server error (HTTP {status})"
    if isinstance(status, int):
        return f"HTTP {status}"
    return type(exc).__name__


def _usage(lt: ModuleType, response: Any) -> Usage:
    raw = getattr(response, "usage", None)
    prompt = int(getattr(raw, "prompt_tokens", 0) or 0)
    completion = int(getattr(raw, "completion_tokens", 0) or 0)
    total = int(getattr(raw, "total_tokens", 0) or 0) or prompt + completion
    try:
        cost: float | None = float(lt.completion_cost(completion_response=response))
    except Exception:  # litellm raises for models missing from its local price map
        cost = None
    return Usage(prompt_tokens=prompt, completion_tokens=completion, total_tokens=total, cost_usd=cost)


def _repair_message(detail: str) -> str:
    return (
        f"Your reply was not valid: {detail}. Reply again with only the corrected JSON object that "
        f"matches the schema, nothing else."
    )


async def _notify(on_progress: Progress, message: str) -> None:
    try:
        await on_progress(message)
    except Exception as exc:  # progress is a courtesy; it must never fail the decision
        _log.debug("progress notification failed: %s", exc)


def _provider(model: str) -> str:
    return model.split("/", 1)[0] if "/" in model else ""


@dataclass
class ModelDecider:
    """Decides with SUPERVISOR_MODEL, then each fallback in order, within one time budget."""

    settings: Settings
    breaker_threshold: int = BREAKER_THRESHOLD
    breaker_cooldown_s: float = BREAKER_COOLDOWN_S
    heartbeat_s: float = HEARTBEAT_S
    clock: Callable[[], float] = time.monotonic
    engine: Engine = field(default="llm", init=False)
    _breakers: dict[str, _Breaker] = field(default_factory=dict, init=False, repr=False)
    _modes: dict[str, str] = field(default_factory=dict, init=False, repr=False)

    @property
    def models(self) -> list[str]:
        primary = self.settings.model.strip()
        return [primary, *(m for m in self.settings.fallbacks if m != primary)]

    def _breaker(self, model: str) -> _Breaker:
        return self._breakers.setdefault(model, _Breaker(self.breaker_threshold, self.breaker_cooldown_s))

    def _endpoint(self, model: str) -> dict[str, str]:
        # SUPERVISOR_API_BASE/KEY belong to the primary model's provider; a fallback from another
        # provider must reach its own endpoint with its own credentials.
        if _provider(model) != _provider(self.models[0]):
            return {}
        endpoint = {"api_base": self.settings.api_base, "api_key": self.settings.api_key}
        return {key: value for key, value in endpoint.items() if value}

    async def decide(
        self, prompt: RenderedPrompt, output: type[T], *, on_progress: Progress | None = None,
    ) -> tuple[T, Usage]:
        lt = _litellm()
        deadline = self.clock() + total_budget_s(self.settings)
        spent, reasons, all_open = Usage(), [], True
        for model in self.models:
            breaker = self._breaker(model)
            wait = breaker.wait_s(self.clock())
            if wait:
                reasons.append(f"{model} after {breaker.failures} consecutive failures, {wait:.0f} s left")
                continue
            all_open = False
            if deadline - self.clock() < MIN_CALL_S:
                reasons.append(f"{model}: not tried, time budget spent")
                break
            try:
                decision, usage = await self._ask(lt, model, prompt, output, deadline, on_progress)
            except ModelCallsFailed as exc:
                breaker.failed(self.clock())
                spent += exc.spent
                reasons.append(f"{model}: {exc}")
                _log.warning("model %s failed: %s", model, exc)
                continue
            breaker.succeeded()
            return decision, spent + usage
        prefix = "circuit open for " if all_open else "model unavailable: "
        raise ModelCallsFailed((prefix + "; ".join(reasons))[:400], spent)

    async def _ask(
        self, lt: ModuleType, model: str, prompt: RenderedPrompt, output: type[T], deadline: float,
        on_progress: Progress | None,
    ) -> tuple[T, Usage]:
        messages = [{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}]
        spent = Usage()
        for attempt in (1, 2):
            try:
                text, usage = await self._complete(lt, model, messages, output, deadline, on_progress)
            except ModelCallsFailed as exc:
                raise ModelCallsFailed(str(exc), spent + exc.spent) from exc
            spent += usage
            try:
                return parse_decision(text, output), spent
            except InvalidReply as exc:
                if attempt == 2:
                    raise ModelCallsFailed(f"{exc} (after one repair)", spent) from exc
                messages += [
                    {"role": "assistant", "content": cut(text, REPAIR_ECHO_CHARS)},
                    {"role": "user", "content": _repair_message(exc.detail)},
                ]
        raise AssertionError("unreachable")

    async def _complete(
        self, lt: ModuleType, model: str, messages: list[dict[str, str]], output: type[BaseModel],
        deadline: float, on_progress: Progress | None,
    ) -> tuple[str, Usage]:
        while True:
            mode = self._modes.setdefault(model, _format_mode(lt, model))
            timeout = min(self.settings.llm_timeout_s, deadline - self.clock())
            if timeout < MIN_CALL_S:
                raise ModelCallsFailed("time budget spent")
            kwargs: dict[str, Any] = {
                "model": model, "messages": messages, "timeout": timeout, "temperature": 0,
                "max_tokens": MAX_OUTPUT_TOKENS, "num_retries": 0, "max_retries": 0, "drop_params": True,
                **self._endpoint(model),
            }
            response_format = _response_format(mode, output)
            if response_format is not None:
                kwargs["response_format"] = response_format
            try:
                response = await self._call(lt, kwargs, timeout, model, on_progress)
            except Exception as exc:
                # Many OpenAI-compatible servers reject one response_format or another with a 400;
                # step down to a weaker mode for this model for good, rather than fail every call.
                format_rejected = isinstance(exc, lt.BadRequestError) and not isinstance(
                    exc, lt.ContextWindowExceededError
                )
                if format_rejected and mode in _FORMAT_LADDER:
                    self._modes[model] = _FORMAT_LADDER[mode]
                    _log.info("model %s rejected response_format %s; using %s", model, mode, self._modes[model])
                    continue
                raise ModelCallsFailed(_reason(lt, exc, timeout)) from exc
            try:
                text = response.choices[0].message.content or ""
            except (AttributeError, IndexError, TypeError):
                text = ""
            return text, _usage(lt, response)

    async def _call(
        self, lt: ModuleType, kwargs: dict[str, Any], timeout: float, model: str, on_progress: Progress | None,
    ) -> Any:
        failure: Exception | None = None
        response: Any = None
        async with anyio.create_task_group() as tg:
            if on_progress is not None:
                tg.start_soon(self._heartbeat, on_progress, model)
            try:
                # litellm's timeout bounds each HTTP phase; this bounds the whole call.
                with anyio.fail_after(timeout):
                    response = await lt.acompletion(**kwargs)
            except Exception as exc:
                failure = exc
            finally:
                tg.cancel_scope.cancel()
        if failure is not None:
            raise failure
        return response

    async def _heartbeat(self, on_progress: Progress, model: str) -> None:
        started = self.clock()
        await _notify(on_progress, f"asking {model}")
        while True:
            await anyio.sleep(self.heartbeat_s)
            await _notify(on_progress, f"waiting for {model} ({self.clock() - started:.0f} s)")


def make_decider(settings: Settings) -> ModelDecider | None:
    """A ModelDecider when SUPERVISOR_MODEL is set; None means the heuristic (or sampling) engine."""
    return ModelDecider(settings) if settings.model.strip() else None

"""One model through litellm: strict JSON, a format ladder, one repair retry, within a deadline.

The only module that imports litellm, and lazily: the import costs seconds, and without
LITELLM_LOCAL_MODEL_COST_MAP it fetches the price map over the network at import time.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import anyio
from pydantic import BaseModel

from supervisor_mcp.deciders.base import Progress, T
from supervisor_mcp.deciders.reply import parse_decision
from supervisor_mcp.exceptions import InvalidReply, ModelUnavailable
from supervisor_mcp.models import Engine, Usage
from supervisor_mcp.prompts import RenderedPrompt
from supervisor_mcp.variables import cut

_log = logging.getLogger(__name__)

MIN_CALL_S = 0.2  # a call with less time left than this cannot answer; don't start it
HEARTBEAT_S = 5.0
MAX_OUTPUT_TOKENS = 4096
REPAIR_ECHO_CHARS = 4000
CHARS_PER_TOKEN = 3  # code and logs tokenize denser than prose's 4
# Each step is weaker and more widely served; a model that rejects a format steps down for good.
_FORMAT_LADDER = {"schema": "json", "json": "none"}

_FORMAT_WORDS = re.compile(r"response_format|json_schema|schema|grammar", re.IGNORECASE)

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


def _known_window(model: str) -> int:
    """The input window litellm's local model map gives for `model`, 0 when it has none."""
    try:
        info = _litellm().get_model_info(model=model)
    except Exception:  # models missing from the map (local servers, new releases) raise
        return 0
    return int(info.get("max_input_tokens") or info.get("max_tokens") or 0)


def _format_mode(lt: ModuleType, model: str) -> str:
    """Strongest structured-output mode litellm knows the model supports: schema, json or none."""
    try:
        if lt.supports_response_schema(model=model):
            return "schema"
    except Exception:  # unknown provider or model: fall through to weaker modes
        _log.debug("no schema support known for %s", model)
    try:
        _, provider, _, _ = lt.get_llm_provider(model)
        if "response_format" in (lt.get_supported_openai_params(model=model, custom_llm_provider=provider) or []):
            return "json"
    except Exception:
        _log.debug("no response_format support known for %s", model)
    return "none"


def _response_format(mode: str, output: type[BaseModel]) -> dict[str, Any] | None:
    if mode == "schema":
        # strict=False: OpenAI's strict mode rejects optional fields with defaults, which ours have.
        schema = {"name": output.__name__, "schema": output.model_json_schema(), "strict": False}
        return {"type": "json_schema", "json_schema": schema}
    if mode == "json":
        # The schema rides along: servers that constrain JSON mode with it (llama.cpp) use it.
        return {"type": "json_object", "schema": output.model_json_schema()}
    return None


def _causes(exc: BaseException) -> list[BaseException]:
    chain: list[BaseException] = [exc]
    while (cause := chain[-1].__cause__ or chain[-1].__context__) is not None and cause not in chain:
        chain.append(cause)
    return chain


def _is_transport_fault(lt: ModuleType, exc: BaseException) -> bool:
    chain = _causes(exc)
    names = {type(e).__name__ for e in chain}
    kinds = (TimeoutError, lt.Timeout, ConnectionError, lt.APIConnectionError)
    if any(isinstance(e, kinds) for e in chain):
        return True
    return bool(names & {"APITimeoutError", "APIConnectionError", "ConnectError", "ClientConnectorError"})


def _reason(lt: ModuleType, exc: BaseException, timeout: float) -> str:
    chain = _causes(exc)
    names = {type(e).__name__ for e in chain}
    if any(isinstance(e, (TimeoutError, lt.Timeout)) for e in chain) or "APITimeoutError" in names:
        return f"timeout after {timeout:g} s"
    typed = [
        (lt.RateLimitError, "rate limited (HTTP 429)"), (lt.AuthenticationError, "authentication failed (HTTP 401)"),
        (lt.NotFoundError, "model not found (HTTP 404)"),
        (lt.ContextWindowExceededError, "prompt exceeds the model's context window"),
        (lt.BadRequestError, "request rejected (HTTP 400)"),
    ]
    for kind, text in typed:
        if isinstance(exc, kind):
            return text
    # litellm reports a refused connection as a 500; the cause chain tells them apart.
    if _is_transport_fault(lt, exc):
        return "connection failed"
    status = getattr(exc, "status_code", None)
    if isinstance(status, int):
        return f"server error (HTTP {status})" if status >= 500 else f"HTTP {status}"
    return type(exc).__name__


def _format_rejected(lt: ModuleType, exc: BaseException) -> bool:
    """A 400 (or a local server's 500) about the request, not the network, the quota or the key."""
    if isinstance(exc, (lt.ContextWindowExceededError, lt.RateLimitError, lt.AuthenticationError, lt.NotFoundError)):
        return False
    if _is_transport_fault(lt, exc):
        return False
    status = getattr(exc, "status_code", None)
    if isinstance(exc, lt.BadRequestError) or status in (400, 422):
        return True
    # A 500 is usually an outage; only one that names the format is the server refusing the format.
    return isinstance(status, int) and status >= 500 and bool(_FORMAT_WORDS.search(str(exc)))


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


@dataclass
class LiteLLMDecider:
    """Decides with one litellm model string, e.g. `openai/gpt-4.1-mini` or `ollama/qwen2.5:7b`."""

    model: str
    timeout_s: float = 60.0
    api_base: str = ""
    api_key: str = ""
    context_tokens: int = 0  # the model's window; 0 = as litellm's model map knows it (else unlimited)
    heartbeat_s: float = HEARTBEAT_S
    clock: Callable[[], float] = time.monotonic
    engine: Engine = field(default="llm", init=False)
    _mode: str | None = field(default=None, init=False, repr=False)
    _window: int | None = field(default=None, init=False, repr=False)

    @property
    def window_tokens(self) -> int:
        """The context window in tokens, 0 when unknown."""
        if self._window is None:
            self._window = self.context_tokens or _known_window(self.model)
        return self._window

    @property
    def max_output_tokens(self) -> int:
        # A small local model must not reserve half its window for an answer a decision never needs.
        return min(MAX_OUTPUT_TOKENS, self.window_tokens // 4) if self.window_tokens else MAX_OUTPUT_TOKENS

    @property
    def max_prompt_chars(self) -> int | None:
        """The prompt size that leaves room for the answer, at a conservative 3 characters a token."""
        if not self.window_tokens:
            return None
        return max(self.window_tokens - self.max_output_tokens, 0) * CHARS_PER_TOKEN

    async def decide(
        self, prompt: RenderedPrompt, output: type[T], *, on_progress: Progress | None = None,
        deadline: float | None = None,
    ) -> tuple[T, Usage]:
        lt = _litellm()
        deadline = deadline if deadline is not None else self.clock() + self.timeout_s
        messages = [{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}]
        spent = Usage()
        for attempt in (1, 2):
            try:
                text, usage = await self._complete(lt, messages, output, deadline, on_progress)
            except ModelUnavailable as exc:
                raise ModelUnavailable(str(exc), spent + exc.spent) from exc
            spent += usage
            try:
                return parse_decision(text, output), spent
            except InvalidReply as exc:
                if attempt == 2:
                    raise ModelUnavailable(f"{exc} (after one repair)", spent) from exc
                messages += [
                    {"role": "assistant", "content": cut(text, REPAIR_ECHO_CHARS)},
                    {"role": "user", "content": _repair_message(exc.detail)},
                ]
        raise AssertionError("unreachable")

    async def _complete(
        self, lt: ModuleType, messages: list[dict[str, str]], output: type[BaseModel], deadline: float,
        on_progress: Progress | None,
    ) -> tuple[str, Usage]:
        while True:
            mode = self._mode = self._mode or _format_mode(lt, self.model)
            timeout = min(self.timeout_s, deadline - self.clock())
            if timeout < MIN_CALL_S:
                raise ModelUnavailable("time budget spent")
            kwargs: dict[str, Any] = {
                "model": self.model, "messages": messages, "timeout": timeout, "temperature": 0,
                "max_tokens": self.max_output_tokens, "num_retries": 0, "max_retries": 0, "drop_params": True,
                **{k: v for k, v in (("api_base", self.api_base), ("api_key", self.api_key)) if v},
            }
            response_format = _response_format(mode, output)
            if response_format is not None:
                kwargs["response_format"] = response_format
            try:
                response = await self._call(lt, kwargs, timeout, on_progress)
            except Exception as exc:
                if mode in _FORMAT_LADDER and _format_rejected(lt, exc):
                    self._mode = _FORMAT_LADDER[mode]
                    _log.info("model %s rejected response_format %s; using %s", self.model, mode, self._mode)
                    continue
                raise ModelUnavailable(_reason(lt, exc, timeout)) from exc
            try:
                text = response.choices[0].message.content or ""
            except (AttributeError, IndexError, TypeError):
                text = ""
            return text, _usage(lt, response)

    async def _call(self, lt: ModuleType, kwargs: dict[str, Any], timeout: float, on_progress: Progress | None) -> Any:
        failure: Exception | None = None
        response: Any = None
        async with anyio.create_task_group() as tg:
            if on_progress is not None:
                tg.start_soon(self._heartbeat, on_progress)
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

    async def _heartbeat(self, on_progress: Progress) -> None:
        started = self.clock()
        await _notify(on_progress, f"asking {self.model}")
        while True:
            await anyio.sleep(self.heartbeat_s)
            await _notify(on_progress, f"waiting for {self.model} ({self.clock() - started:.0f} s)")

"""Turn a model's reply text into a validated decision, whichever decider got the reply.

Models wrap JSON in code fences or prose, however firmly they are told not to, so the parser looks
for the object rather than demanding the reply be nothing else.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from supervisor_mcp.exceptions import InvalidReply
from supervisor_mcp.models import Usage
from supervisor_mcp.prompts import RenderedPrompt

T = TypeVar("T", bound=BaseModel)
_FENCE = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n(.*?)```", re.DOTALL)
_MAX_STARTS = 20  # object starts tried in prose; past that the reply is not worth rescuing


def _candidates(text: str) -> list[Any]:
    found: list[Any] = []
    for chunk in [text, *(m.group(1) for m in _FENCE.finditer(text))]:
        # RecursionError: JSON nested past the parser's depth is no decision either.
        with contextlib.suppress(ValueError, RecursionError):
            found.append(json.loads(chunk))
    if found:
        return found
    decoder = json.JSONDecoder()
    starts = [m.start() for m in re.finditer(r"\{", text)][:_MAX_STARTS]
    for start in starts:
        try:
            obj, _ = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):
            continue
        found.append(obj)
    return found


def _summary(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors()[:6]:
        where = ".".join(str(p) for p in error["loc"]) or "(root)"
        parts.append(f"{where}: {error['msg']}")
    more = f" (+{exc.error_count() - 6} more)" if exc.error_count() > 6 else ""
    return "; ".join(parts) + more


def parse_decision(text: str, output: type[T]) -> T:
    """The first JSON object in `text` that validates as `output`; InvalidReply otherwise."""
    if not text or not text.strip():
        raise InvalidReply("empty reply", "The reply was empty.")
    objects = [obj for obj in _candidates(text.strip()) if isinstance(obj, dict)]
    if not objects:
        raise InvalidReply("reply is not JSON", "The reply contained no JSON object.")
    first_error: ValidationError | None = None
    for obj in objects:
        try:
            return output.model_validate(obj)
        except ValidationError as exc:
            first_error = first_error or exc
    assert first_error is not None
    detail = _summary(first_error)
    raise InvalidReply(f"reply violates the {output.__name__} schema: {detail}"[:300], detail)


def estimate_usage(prompt: RenderedPrompt, reply: str) -> Usage:
    """About 4 characters a token; the host's model does not report what it spent."""
    prompt_tokens = (len(prompt.system) + len(prompt.user)) // 4
    completion_tokens = len(reply) // 4
    return Usage(
        prompt_tokens=prompt_tokens, completion_tokens=completion_tokens,
        total_tokens=prompt_tokens + completion_tokens, cost_usd=None,
    )

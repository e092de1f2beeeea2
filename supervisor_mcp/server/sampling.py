"""Asking the host's own model through MCP sampling, so that a refusal, an error or a late reply
degrades to the heuristic answer instead of failing the call (the SDK's own path fails it)."""


from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any

import anyio
from mcp import MCPError
from mcp.server.mcpserver import Context, Resolve, Sample
from mcp.shared.message import ServerMessageMetadata
from mcp.types import (
    CreateMessageRequest,
    CreateMessageRequestParams,
    CreateMessageResult,
    SamplingMessage,
    TextContent,
)

from supervisor_mcp.deciders import Decider, SampledDecider
from supervisor_mcp.prompts import render
from supervisor_mcp.runtime import Runtime
from supervisor_mcp.server.prepare import Prepared, log
from supervisor_mcp.tools import ToolSpec

_MODERN_ERA = "2026-07-28"  # the protocol version from which sampling rides InputRequiredResult rounds
_SAMPLING_MAX_TOKENS = 4096


@dataclass
class SampledReply:
    """The host model's reply text, or why there is none (refused, failed, late)."""

    text: str = ""
    failure: str | None = None


def sampler(rt: Runtime, spec: ToolSpec[Any, Any, Any], prepare: Callable[[Context], Awaitable[Prepared]]) -> Any:
    """A resolver asking the host's own model when no model is configured and the gate wants one."""

    async def sample(
        prepared: Annotated[Prepared, Resolve(prepare)], ctx: Context,
    ) -> Sample | SampledReply | None:
        caps, plan, mode = ctx.client_capabilities, prepared.plan, rt.settings.sampling
        if rt.decider is not None or mode == "off" or caps is None or caps.sampling is None:
            return None
        if plan is None or not plan.needs_model:
            return None
        prompt = render(spec.name, plan.variables(1.0))
        params = CreateMessageRequestParams(
            messages=[SamplingMessage(role="user", content=TextContent(type="text", text=prompt.user))],
            system_prompt=prompt.system, max_tokens=_SAMPLING_MAX_TOKENS, temperature=0.0,
        )
        if (ctx.protocol_version or "") >= _MODERN_ERA:
            # On 2026-07-28 the client answers in a later round, and a refusal aborts the call in the
            # client before this server sees it: only sample there when asked to.
            if mode != "always":
                return None
            return Sample(params.messages, system_prompt=params.system_prompt, max_tokens=params.max_tokens,
                          temperature=params.temperature)
        if not ctx.session.can_send_request:
            return None  # stateless or JSON-response HTTP: no back-channel to ask over
        return await sample_now(ctx, params, rt.settings.llm_timeout_s)

    sample.__qualname__ = f"sample_{spec.name}"
    return sample


async def sample_now(ctx: Context, params: CreateMessageRequestParams, timeout_s: float) -> SampledReply:
    """Ask over the back-channel, within the time limit; any failure becomes a reason, not an error."""
    try:
        with anyio.fail_after(timeout_s):
            result = await ctx.session.send_request(
                CreateMessageRequest(params=params), CreateMessageResult,
                metadata=ServerMessageMetadata(related_request_id=ctx.request_id),
            )
    except TimeoutError:
        return SampledReply(failure=f"no sampling reply within {timeout_s:g} s")
    except MCPError as exc:
        return SampledReply(failure=f"the client refused or failed the request: {exc.error.message}"[:300])
    except Exception as exc:  # a broken client must not break the call
        log.warning("sampling_failed", error=repr(exc))
        return SampledReply(failure=type(exc).__name__)
    return reply_of(result)


def reply_of(result: CreateMessageResult) -> SampledReply:
    content = result.content
    return SampledReply(text=content.text if isinstance(content, TextContent) else "")


def sampled_decider(sampled: CreateMessageResult | SampledReply | None) -> Decider | None:
    if sampled is None:
        return None
    reply = reply_of(sampled) if isinstance(sampled, CreateMessageResult) else sampled
    return SampledDecider(text=reply.text, failure=reply.failure)

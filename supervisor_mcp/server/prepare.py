"""Each tool call's first resolver: validate the arguments and plan once, as the caller sees the store."""


import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio
import structlog
from mcp.server.mcpserver import Context
from pydantic import BaseModel

from supervisor_mcp.runtime import Runtime
from supervisor_mcp.server.access import current_caller
from supervisor_mcp.tools import Plan, ToolSpec

# Bound to stderr explicitly: structlog defaults to stdout, which is the protocol on stdio, and an
# embedding application may build the server without the CLI's logging setup.
log = structlog.wrap_logger(structlog.PrintLogger(file=sys.stderr), logger_name="supervisor_mcp")


@dataclass
class Prepared:
    """A call's validated input and heuristic plan, or the input error to report."""

    inp: BaseModel | None = None
    plan: Plan[Any] | None = None
    error: Exception | None = None
    rt: Runtime | None = None  # the runtime as the authenticated caller sees it


def preparer(rt: Runtime, spec: ToolSpec[Any, Any, Any]) -> Callable[[Context], Awaitable[Prepared]]:
    async def prepare(ctx: Context) -> Prepared:
        arguments = (ctx.request_context.params or {}).get("arguments") or {}
        caller_rt = rt.for_caller(current_caller())
        try:
            inp = spec.input.model_validate(arguments)
            plan = await anyio.to_thread.run_sync(spec.plan, inp, caller_rt)
        except Exception as exc:  # reported by the tool body, which turns it into a readable ToolError
            return Prepared(error=exc)
        return Prepared(inp=inp, plan=plan, rt=caller_rt)

    prepare.__qualname__ = f"prepare_{spec.name}"  # the SDK keys resolver state by qualname
    return prepare

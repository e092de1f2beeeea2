"""The MCP surface: tools, resources, the host prompt patch. The only module that imports mcp."""


import sys
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal, TypeVar

import structlog
from mcp.server.mcpserver import Context, MCPServer, Resolve, Sample
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.types import (
    CreateMessageResult, EmptyResult, SamplingMessage, SetLevelRequestParams, TextContent, ToolAnnotations,
)
from pydantic import BaseModel, Field, ValidationError


from supervisor_mcp import __version__
from supervisor_mcp.capabilities import INSTRUCTIONS, build_capabilities
from supervisor_mcp import error_analysis as errors_tool
from supervisor_mcp import inefficiency_analysis as inefficiency_tool
from supervisor_mcp import synthesis as synthesis_tool
from supervisor_mcp.errors import InputError
from supervisor_mcp.models import (
    AgentName, Capabilities, ErrorAnalysisInput, ErrorAnalysisResult, ErrorText, FailedAction,
    InefficiencyInput, InefficiencyResult, RecentSteps, ResultText, SessionId, Source, StepCount, SubTask,
    SynthesisInput, SynthesisResult, Task,
)
from supervisor_mcp.prompts import load_host_patch, render
from supervisor_mcp.runtime import Decider, Runtime
from supervisor_mcp.sampling import PresampledDecider
from supervisor_mcp.settings import Settings

# Bound to stderr explicitly: structlog defaults to stdout, which is the protocol on stdio, and an
# embedding application may build the server without the CLI's logging setup.
log = structlog.wrap_logger(structlog.PrintLogger(file=sys.stderr), logger_name="supervisor_mcp")
R = TypeVar("R", bound=BaseModel)
_INTERNAL = (
    "The supervisor hit an internal error (details are in its stderr log); nothing already stored was "
    "lost. Retry once, or continue without the supervisor for this step."
)


def _progress(ctx: Context) -> Callable[[str], Awaitable[None]]:
    count = 0

    async def report(message: str) -> None:
        nonlocal count
        count += 1
        await ctx.report_progress(count, None, message)

    return report


def _sampler(rt: Runtime, model: type[BaseModel], planner: Callable[[Any, Runtime], Any], prompt_name: str):
    """A resolver that asks the host's own model, through MCP sampling, when no model is configured.

    It runs before the tool body and must render the same request on every round (2026-07-28
    resends), which holds because planning is deterministic and folding a trace is idempotent.
    """

    def resolve(ctx: Context) -> Sample | None:
        caps = ctx.client_capabilities
        if rt.decider is not None or rt.settings.sampling == "off" or caps is None or caps.sampling is None:
            return None
        arguments = (ctx.request_context.params or {}).get("arguments") or {}
        try:
            plan = planner(model.model_validate(arguments), rt)
        except (ValidationError, InputError):
            return None  # the tool body reports the bad input
        if not plan.needs_model:
            return None
        prompt = render(prompt_name, plan.variables())
        message = SamplingMessage(role="user", content=TextContent(type="text", text=prompt.user))
        return Sample([message], system_prompt=prompt.system, max_tokens=4096, temperature=0.0)

    return resolve


def _presampled(sampled: CreateMessageResult | None) -> Decider | None:
    if sampled is None:
        return None
    return PresampledDecider(sampled.content.text if isinstance(sampled.content, TextContent) else "")


async def _run(tool: str, model: type[BaseModel], args: dict[str, Any],
               call: Callable[[Any], Awaitable[R]]) -> R:
    """Validate, run one tool call, log one line, and turn failures into readable tool errors."""
    started = time.perf_counter()
    try:
        result = await call(model.model_validate(args))
    except ValidationError as exc:
        raise ToolError(f"Invalid arguments: {exc.errors(include_url=False)}") from None
    except InputError as exc:
        log.info("tool_call_rejected", tool=tool, reason=str(exc))
        raise ToolError(str(exc)) from None
    except Exception:
        log.exception("tool_call_failed", tool=tool)
        raise ToolError(_INTERNAL) from None
    log.info(
        "tool_call", tool=tool, session=getattr(result, "session_id", ""),
        decision=getattr(result, "action", ""), engine=getattr(result, "engine", ""),
        degraded=getattr(result, "degraded", False), ms=round((time.perf_counter() - started) * 1000, 2),
    )
    return result


def build_server(settings: Settings | None = None, runtime: Runtime | None = None) -> MCPServer:
    settings = settings or Settings()
    rt = runtime or Runtime.from_settings(settings)
    mcp = MCPServer(
        name="supervisor-mcp", title="Agent Supervisor", version=__version__, instructions=INSTRUCTIONS,
        log_level=settings.log_level,
    )
    annotations = dict(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)

    @mcp.tool(annotations=ToolAnnotations(title="Error root cause diagnosis", **annotations))
    async def error_analysis(
        sampled: Annotated[CreateMessageResult | None, Resolve(
            _sampler(rt, ErrorAnalysisInput, errors_tool.plan_error, errors_tool.PROMPT))],
        ctx: Context, task: Task, error: ErrorText, action: FailedAction = "", sub_task: SubTask = "",
        agent_name: AgentName = "", recent_steps: RecentSteps = "", session_id: SessionId = "",
    ) -> ErrorAnalysisResult:
        """Diagnose a failed tool call, command or code run BEFORE retrying it.

        Returns the error category, whose fault it is, whether a plain retry can work, the root cause,
        a concrete fix, and an action: provide_guidance (append supervisor_note and follow it),
        correct_observation (replace the long error output with corrected_observation) or
        run_verification (run verification_task first).
        """
        args = dict(task=task, error=error, action=action, sub_task=sub_task, agent_name=agent_name,
                    recent_steps=recent_steps, session_id=session_id)
        return await _run("error_analysis", ErrorAnalysisInput, args,
                          lambda inp: errors_tool.analyze_error(
            inp, rt, decider=_presampled(sampled), on_progress=_progress(ctx)))

    @mcp.tool(annotations=ToolAnnotations(title="Workflow efficiency assessment", **annotations))
    async def inefficiency_analysis(
        sampled: Annotated[CreateMessageResult | None, Resolve(
            _sampler(rt, InefficiencyInput, inefficiency_tool.plan_inefficiency, inefficiency_tool.PROMPT))],
        ctx: Context, task: Task, recent_steps: RecentSteps, sub_task: SubTask = "",
        agent_name: AgentName = "", step_count: StepCount = 0, session_id: SessionId = "",
    ) -> InefficiencyResult:
        """Check the recent steps for loops, paging through a document, repeated errors or no progress.

        Call it while reviewing your progress, before the next move or the final answer. Returns
        approve (carry on) or provide_guidance (append supervisor_note and follow it). When
        `escalate` is true the guidance cap is spent: stop this approach and re-plan.
        """
        args = dict(task=task, recent_steps=recent_steps, sub_task=sub_task, agent_name=agent_name,
                    step_count=step_count, session_id=session_id)
        return await _run("inefficiency_analysis", InefficiencyInput, args,
                          lambda inp: inefficiency_tool.analyze_inefficiency(
            inp, rt, decider=_presampled(sampled), on_progress=_progress(ctx)))

    @mcp.tool(annotations=ToolAnnotations(title="Structured information synthesis", **annotations))
    async def sub_agent_result_synthesis(
        sampled: Annotated[CreateMessageResult | None, Resolve(
            _sampler(rt, SynthesisInput, synthesis_tool.plan_synthesis, synthesis_tool.PROMPT))],
        ctx: Context, task: Task, result: ResultText, sub_task: SubTask = "", agent_name: AgentName = "",
        source: Source = "", session_id: SessionId = "",
    ) -> SynthesisResult:
        """Condense a long tool output, web page or sub-agent report to what the task needs.

        Call it on any result over about 3,000 characters and continue from `synthesis`. Shorter
        results come back approved and untouched. With correct_observation, replace the result in your
        context with `synthesis`; the untouched original stays readable at `raw_ref`.
        """
        args = dict(task=task, result=result, sub_task=sub_task, agent_name=agent_name, source=source,
                    session_id=session_id)
        return await _run("sub_agent_result_synthesis", SynthesisInput, args,
                          lambda inp: synthesis_tool.synthesize_result(
            inp, rt, decider=_presampled(sampled), on_progress=_progress(ctx)))

    @mcp.tool(annotations=ToolAnnotations(title="Supervisor capabilities", **annotations))
    def supervisor_capabilities() -> Capabilities:
        """List the supervisor's three capabilities: which tool, when to call it, and what each action means."""
        return build_capabilities(rt.default_engine)

    @mcp.resource("supervisor://capabilities", mime_type="application/json")
    def capabilities() -> str:
        """The supervisor's capabilities as broadcast to hosts."""
        return build_capabilities(rt.default_engine).model_dump_json(indent=2)

    @mcp.resource("supervisor://raw/{ref}", mime_type="text/plain")
    def raw_original(ref: str) -> str:
        """The untouched original of a result that sub_agent_result_synthesis condensed."""
        text = rt.store.get_raw(ref)
        if text is None:
            raise ResourceError(
                f"No original is stored under '{ref}': use the raw_ref a synthesis returned; originals "
                f"are kept for {settings.session_ttl_hours:g} hours."
            )
        return text

    @mcp.resource("supervisor://sessions/{session_id}", mime_type="application/json")
    def session(session_id: str) -> str:
        """A session's record: calls, interventions, characters removed, the supervisor's own usage."""
        summary = rt.store.summary(session_id)
        if summary is None:
            raise ResourceError(f"No session '{session_id}': pass the session_id the tools returned.")
        return summary.model_dump_json(indent=2)

    @mcp.prompt(title="System-prompt patch for a host agent")
    def host_system_prompt_patch(
        host: Annotated[Literal["aworld", "generic"], Field(description="aworld or generic")] = "generic",
    ) -> str:
        """Text to add to a host agent's system prompt so it calls the supervisor at the right moments."""
        return load_host_patch(host)

    async def set_level(ctx: Any, params: SetLevelRequestParams) -> EmptyResult:
        # Clients (and the conformance suite) call logging/setLevel; logs go to stderr regardless.
        return EmptyResult()

    mcp._lowlevel_server.add_request_handler("logging/setLevel", SetLevelRequestParams, set_level)
    return mcp

"""The MCP surface: tools, resources, the host prompt patch.

Each tool call is planned once, by a resolver that runs before the tool body (prepare.py): the
plan is what the body finishes and, when the host's model is to be asked through MCP sampling,
what the sampling request is rendered from (sampling.py, where refusal, error and lateness all
degrade to the heuristic answer).
"""

import inspect
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

from mcp import MCPError
from mcp.server.mcpserver import Context, MCPServer, Resolve
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from mcp.types import (
    INVALID_PARAMS,
    CreateMessageResult,
    EmptyResult,
    SetLevelRequestParams,
    ToolAnnotations,
)
from pydantic import BaseModel, ValidationError

from supervisor_mcp import __version__
from supervisor_mcp.capabilities import INSTRUCTIONS, build_capabilities
from supervisor_mcp.exceptions import InputError
from supervisor_mcp.models import (
    AgentName,
    Capabilities,
    ErrorAnalysisResult,
    ErrorText,
    FailedAction,
    InefficiencyResult,
    OptionalRecentSteps,
    RecentSteps,
    ResultText,
    SessionId,
    Source,
    StepCount,
    SubTask,
    SynthesisResult,
    Task,
)
from supervisor_mcp.prompts import host_names, load_host_patch
from supervisor_mcp.runtime import Runtime
from supervisor_mcp.server.access import auth_hooks, current_caller
from supervisor_mcp.server.prepare import Prepared, log, preparer
from supervisor_mcp.server.sampling import SampledReply, sampled_decider, sampler
from supervisor_mcp.settings import Settings
from supervisor_mcp.tools import ERROR_ANALYSIS, INEFFICIENCY, SYNTHESIS, ToolSpec, run_tool

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


async def _call(
    rt: Runtime, spec: ToolSpec[Any, Any, R], prepared: Prepared, sampled: CreateMessageResult | SampledReply | None,
    ctx: Context,
) -> R:
    """Finish one planned call, log one line, and turn failures into readable tool errors."""
    started = time.perf_counter()
    try:
        if prepared.error is not None:
            raise prepared.error
        assert prepared.inp is not None and prepared.plan is not None and prepared.rt is not None
        result = await run_tool(spec, prepared.inp, prepared.rt, plan=prepared.plan,
                                decider=sampled_decider(sampled), on_progress=_progress(ctx))
    except ValidationError as exc:
        raise ToolError(_invalid_arguments(exc)) from None
    except InputError as exc:
        log.info("tool_call_rejected", tool=spec.name, reason=str(exc))
        raise ToolError(str(exc)) from None
    except Exception:
        log.exception("tool_call_failed", tool=spec.name)
        raise ToolError(_INTERNAL) from None
    log.info(
        "tool_call", tool=spec.name, session=getattr(result, "session_id", ""),
        decision=getattr(result, "action", ""), engine=getattr(result, "engine", ""),
        degraded=getattr(result, "degraded", False), ms=round((time.perf_counter() - started) * 1000, 2),
    )
    return result


def _invalid_arguments(exc: ValidationError) -> str:
    problems = "; ".join(
        f"`{'.'.join(str(p) for p in err['loc']) or 'arguments'}`: {err['msg']}" for err in exc.errors()
    )
    return f"Invalid arguments: {problems}. Fix them as the tool's input schema describes and call again."


def _resolvers(rt: Runtime, spec: ToolSpec[Any, Any, Any]) -> tuple[Resolve, Resolve]:
    prepare = preparer(rt, spec)
    return Resolve(prepare), Resolve(sampler(rt, spec, prepare))


def build_server(
    settings: Settings | None = None, runtime: Runtime | None = None, *, url: str = "http://127.0.0.1:8765",
) -> MCPServer:
    """The supervisor's MCP server. `url` is where HTTP clients reach it (named in 401 replies)."""
    settings = settings or Settings()
    rt = runtime or Runtime.from_settings(settings)
    mcp = MCPServer(
        name="supervisor-mcp", title="Agent Supervisor", version=__version__, instructions=INSTRUCTIONS,
        log_level=settings.log_level,  # type: ignore[arg-type]  # validated by Settings
        **auth_hooks(settings, url),  # type: ignore[arg-type]
    )
    annotations: dict[str, Any] = dict(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                       open_world_hint=False)
    err_prep, err_sample = _resolvers(rt, ERROR_ANALYSIS)
    ineff_prep, ineff_sample = _resolvers(rt, INEFFICIENCY)
    syn_prep, syn_sample = _resolvers(rt, SYNTHESIS)

    def tool(title: str) -> Callable[[Callable[..., Any]], Any]:
        # Descriptions without the docstring's indentation: clients show them to the model verbatim.
        def register(fn: Callable[..., Any]) -> Any:
            described = mcp.tool(description=inspect.cleandoc(fn.__doc__ or ""),
                                 annotations=ToolAnnotations(title=title, **annotations))
            return described(fn)

        return register

    @tool("Error root cause diagnosis")
    async def error_analysis(
        prepared: Annotated[Prepared, err_prep],
        sampled: Annotated[CreateMessageResult | SampledReply | None, err_sample],
        ctx: Context, task: Task, error: ErrorText, action: FailedAction = "", sub_task: SubTask = "",
        agent_name: AgentName = "", recent_steps: OptionalRecentSteps = "", session_id: SessionId = "",
    ) -> ErrorAnalysisResult:
        """Diagnose a failed tool call, command or code run BEFORE retrying it.

        Returns the error category, whose fault it is, whether a plain retry can work, the root cause,
        a concrete fix, and an action: provide_guidance (append supervisor_note and follow it),
        correct_observation (replace the long error output with corrected_observation) or
        run_verification (run verification_task first).
        """
        return await _call(rt, ERROR_ANALYSIS, prepared, sampled, ctx)

    @tool("Workflow efficiency assessment")
    async def inefficiency_analysis(
        prepared: Annotated[Prepared, ineff_prep],
        sampled: Annotated[CreateMessageResult | SampledReply | None, ineff_sample],
        ctx: Context, task: Task, recent_steps: RecentSteps, sub_task: SubTask = "",
        agent_name: AgentName = "", step_count: StepCount = 0, session_id: SessionId = "",
    ) -> InefficiencyResult:
        """Check the recent steps for loops, paging through a document, repeated errors or no progress.

        Call it while reviewing your progress, before the next move or the final answer. Returns
        approve (carry on) or provide_guidance (append supervisor_note and follow it). When
        `escalate` is true the guidance cap is spent: stop this approach and re-plan.
        """
        return await _call(rt, INEFFICIENCY, prepared, sampled, ctx)

    @tool("Structured information synthesis")
    async def sub_agent_result_synthesis(
        prepared: Annotated[Prepared, syn_prep],
        sampled: Annotated[CreateMessageResult | SampledReply | None, syn_sample],
        ctx: Context, task: Task, result: ResultText, sub_task: SubTask = "", agent_name: AgentName = "",
        source: Source = "", session_id: SessionId = "",
    ) -> SynthesisResult:
        """Condense a long tool output, web page or sub-agent report to what the task needs.

        Call it on any result over about 3,000 characters and continue from `synthesis`. Shorter
        results come back approved and untouched. With correct_observation, replace the result in your
        context with `synthesis`; the untouched original stays readable at `raw_ref`.
        """
        return await _call(rt, SYNTHESIS, prepared, sampled, ctx)

    @tool("Supervisor capabilities")
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
        text = rt.for_caller(current_caller()).store.get_raw(ref)
        if text is None:
            raise ResourceNotFoundError(
                f"No original is stored under '{ref}' for this caller: use the raw_ref a synthesis returned "
                f"to you. Originals are kept {settings.session_ttl_hours:g} hours, up to "
                f"{settings.max_session_mb:g} MB per session (the oldest go first); past that, resend the result."
            )
        return text

    @mcp.resource("supervisor://sessions/{session_id}", mime_type="application/json")
    def session(session_id: str) -> str:
        """A session's record: calls, interventions, characters removed, the supervisor's own usage."""
        summary = rt.for_caller(current_caller()).store.summary(session_id)
        if summary is None:
            raise ResourceNotFoundError(f"No session '{session_id}': pass the session_id the tools returned.")
        return summary.model_dump_json(indent=2)

    @mcp.prompt(title="System-prompt patch for a host agent")
    def host_system_prompt_patch(host: str = "generic") -> str:
        """Text to add to a host agent's system prompt so it calls the supervisor at the right moments.

        host: aworld or generic.
        """
        if host not in host_names():
            valid = ", ".join(host_names())
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown host {host!r}: use one of {valid}.")
        return load_host_patch(host)

    async def set_level(ctx: Any, params: SetLevelRequestParams) -> EmptyResult:
        # Clients (and the conformance suite) call logging/setLevel; logs go to stderr regardless.
        return EmptyResult()

    mcp._lowlevel_server.add_request_handler("logging/setLevel", SetLevelRequestParams, set_level)
    return mcp

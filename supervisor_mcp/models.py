"""Pydantic models for every tool's input and output.

Field descriptions are the tools' user interface: the calling agent reads them, and hosts such as
AWorld flatten schemas to `type` + `description`, so allowed values are spelled out in the text.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field


def _as_text(value: Any) -> Any:
    # Agents often send a trace or a result as a JSON array/object instead of a string; accept it
    # as its JSON text so the schema stays a flat string for hosts that flatten schemas.
    if isinstance(value, (list, dict)):
        value = json.dumps(value, ensure_ascii=False)
    return _valid_unicode(value)


def _valid_unicode(value: Any) -> Any:
    # JavaScript hosts that cut strings mid-emoji send lone surrogates, which no UTF-8 store accepts.
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    return value


Text = BeforeValidator(_valid_unicode)
# Optional arguments are marked `nullable` and take null as "not given": smolagents drops the
# schema's `required` list and sends every argument, null for the ones the model left out.
_NULLABLE: dict[str, Any] = {"nullable": True}
_OrEmpty = BeforeValidator(lambda value: "" if value is None else value)
_OrZero = BeforeValidator(lambda value: 0 if value is None else value)


# Identifiers are stored with every call and step of a session: bounded, so one call cannot grow the
# database by hundreds of megabytes through a huge id.
MAX_SESSION_ID = 256
MAX_AGENT_NAME = 256
MAX_SUB_TASK = 10_000
MAX_SOURCE = 4096

def _at_most(limit: int, what: str) -> AfterValidator:
    def check(value: str) -> str:
        if len(value) > limit:
            raise ValueError(f"is {len(value):,} characters; at most {limit:,} are accepted: send {what}")
        return value

    return AfterValidator(check)


def _bounded(limit: int) -> dict[str, Any]:
    return {"nullable": True, "maxLength": limit}


# --- Arguments, shared by the input models and the tool signatures in the server -----------------
Task = Annotated[
    str,
    Text,
    Field(description="The global task the agent is solving, verbatim as the user gave it."),
]
_STEPS_TEXT = (
    "The most recent steps, oldest first, as text: a JSON array of objects "
    '{"tool": ..., "args": ..., "result": ..., "error": ...} or free text with one step per '
    "line or blank-line-separated block."
)
SubTask = Annotated[
    str, Text, _OrEmpty, _at_most(MAX_SUB_TASK, "a one-line summary of the current goal"),
    Field(description="The local sub-task or current goal of the step, if any (empty if none; at most "
          f"{MAX_SUB_TASK} characters: a one-line summary, not the whole plan).",
          json_schema_extra=_bounded(MAX_SUB_TASK)),
]
AgentName = Annotated[
    str, Text, _OrEmpty, _at_most(MAX_AGENT_NAME, "the agent's short name"),
    Field(description=f"Name of the agent or sub-agent that produced the step (optional; at most "
          f"{MAX_AGENT_NAME} characters).", json_schema_extra=_bounded(MAX_AGENT_NAME)),
]
SessionId = Annotated[
    str, Text, _OrEmpty, _at_most(MAX_SESSION_ID, "a short stable id such as a UUID"),
    Field(
        description="A stable id for this agent run; reuse it on every supervisor call of the run so "
        "patterns spanning calls are seen. Empty: derived from `task` (for this server process only). "
        f"At most {MAX_SESSION_ID} characters: a UUID or a short run name.",
        json_schema_extra=_bounded(MAX_SESSION_ID),
    ),
]
RecentSteps = Annotated[str, BeforeValidator(_as_text), Field(description=_STEPS_TEXT)]
OptionalRecentSteps = Annotated[
    str, BeforeValidator(_as_text), _OrEmpty,
    Field(description=_STEPS_TEXT + " (optional)", json_schema_extra=_NULLABLE),
]
ErrorText = Annotated[
    str,
    Text,
    Field(description="The error output exactly as the tool or runtime returned it (traceback, "
          "stderr, rejection message)."),
]
FailedAction = Annotated[
    str,
    Text,
    _OrEmpty,
    Field(description="The action that failed: the command, code, or tool call with its "
          "arguments (optional but improves the diagnosis).", json_schema_extra=_NULLABLE),
]
ResultText = Annotated[
    str,
    BeforeValidator(_as_text),
    Field(description="The long tool output, web page (HTML or text) or sub-agent report to "
          "condense, verbatim."),
]
Source = Annotated[
    str,
    Text,
    _OrEmpty,
    _at_most(MAX_SOURCE, "the URL, path or command only"),
    Field(description="Where the result came from: a URL, file path, command or sub-agent name "
          f"(optional; at most {MAX_SOURCE} characters).", json_schema_extra=_bounded(MAX_SOURCE)),
]
StepCount = Annotated[
    int,
    _OrZero,
    Field(ge=0, description="How many steps the agent has taken so far in this run (0 if unknown).",
          json_schema_extra=_NULLABLE),
]

# --- Vocabularies ---------------------------------------------------------------------------------
ErrorCategory = Literal[
    "syntax_error", "undefined_name", "missing_dependency", "file_not_found", "invalid_arguments",
    "precondition_failed", "permission_denied", "transient", "resource_limit", "test_failure",
    "runtime_error", "not_an_error", "unknown",
]
ERROR_CATEGORIES: tuple[str, ...] = ErrorCategory.__args__  # type: ignore[attr-defined]
Fault = Literal["agent", "environment", "tool", "none"]
Pattern = Literal[
    "none", "exact_loop", "alternating_loop", "repeated_error", "paging_crawl",
    "output_overflow_repeat", "no_progress",
]
PATTERNS: tuple[str, ...] = Pattern.__args__  # type: ignore[attr-defined]
Engine = Literal["heuristic", "llm", "sampling"]
HandoffKind = Literal["missing_detail", "ambiguous_reference", "corrupted_value", "wrong_role"]


# --- Inputs ---------------------------------------------------------------------------------------
class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)


class ErrorAnalysisInput(_Input):
    task: Task
    error: ErrorText
    action: FailedAction = ""
    sub_task: SubTask = ""
    agent_name: AgentName = ""
    recent_steps: OptionalRecentSteps = ""
    session_id: SessionId = ""


class InefficiencyInput(_Input):
    task: Task
    recent_steps: RecentSteps
    sub_task: SubTask = ""
    agent_name: AgentName = ""
    step_count: StepCount = 0
    session_id: SessionId = ""


class SynthesisInput(_Input):
    task: Task
    result: ResultText
    sub_task: SubTask = ""
    agent_name: AgentName = ""
    source: Source = ""
    session_id: SessionId = ""


# --- Parsed trace ---------------------------------------------------------------------------------
class Step(BaseModel):
    """One step of an agent's trace, normalised from whatever shape the host sent."""

    tool: str = ""
    args: str = ""
    result: str = ""
    error: bool = False
    thought: str = ""


# --- Outputs --------------------------------------------------------------------------------------
class Usage(BaseModel):
    prompt_tokens: int = Field(0, description="Tokens the supervisor sent to its own model.")
    completion_tokens: int = Field(0, description="Tokens the supervisor's model generated.")
    total_tokens: int = Field(0, description="prompt_tokens + completion_tokens.")
    cost_usd: float | None = Field(
        0.0, description="What the supervisor's model call cost in USD; null when the price is unknown."
    )

    def __add__(self, other: Usage) -> Usage:
        cost = None if self.cost_usd is None or other.cost_usd is None else self.cost_usd + other.cost_usd
        return Usage(
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
            total_tokens=self.total_tokens + other.total_tokens,
            cost_usd=cost,
        )


class ResultMeta(BaseModel):
    """Fields every tool result carries."""

    engine: Engine = Field("heuristic", description="What produced the decision: heuristic, llm or sampling.")
    degraded: bool = Field(False, description="True when the model failed and the heuristic answer was used instead.")
    degraded_reason: str | None = Field(None, description="Why the result is degraded, when it is.")
    usage: Usage = Field(default_factory=Usage, description="The supervisor's own spend for this call.")
    supervisor_note: str = Field(
        "", description="A ready-to-append '[Supervisor's Note: ...]' line for the agent's context."
    )
    session_id: str = Field("", description="The session this call was recorded under; reuse it.")
    overruled: str | None = Field(
        None, description="Set when a model contradicted a confident heuristic finding (an errno, a "
        "signature, a loop with evidence): what the model said. The heuristic finding was kept.",
    )


class ErrorDiagnosis(BaseModel):
    """The decision part of `error_analysis` (what a model must return)."""

    action: Literal["provide_guidance", "correct_observation", "run_verification"] = Field(
        description="provide_guidance: append the fix to the observation; correct_observation: replace "
        "the observation with corrected_observation; run_verification: run verification_task first."
    )
    category: ErrorCategory = Field(description="The failure mechanism, one of the listed values.")
    fault: Fault = Field(description="Who caused it: agent, environment, tool, or none.")
    retryable: bool = Field(description="True only if repeating the same action unchanged may succeed.")
    root_cause: str = Field(description="The most likely root cause, in one or two sentences.")
    fix: str = Field(description="A concrete next step the agent should take.")
    evidence: list[str] = Field(default_factory=list, description="Lines of the error that show the cause.")
    corrected_observation: str | None = Field(
        None, description="A condensed replacement for a long, noisy error output."
    )
    verification_task: str | None = Field(
        None, description="What to check independently before going on, with the agent's own tools."
    )
    confidence: float = Field(ge=0, le=1, description="How sure the diagnosis is, 0 to 1.")


class ErrorAnalysisResult(ErrorDiagnosis, ResultMeta):
    unsupported_claims: list[str] = Field(
        default_factory=list,
        description="Numbers, URLs or quotes a model wrote that the input does not contain (removed).",
    )


class InefficiencyVerdict(BaseModel):
    """The decision part of `inefficiency_analysis`."""

    action: Literal["approve", "provide_guidance"] = Field(
        description="approve: carry on; provide_guidance: append the guidance and change course."
    )
    pattern: Pattern = Field(description="The wasteful pattern found, or none.")
    evidence: list[str] = Field(default_factory=list, description="Step indices and what repeats.")
    guidance: str | None = Field(None, description="A specific directive to break the pattern.")
    confidence: float = Field(
        0.0, ge=0, le=1, description="For a pattern: how likely a run showing it is failing, measured on public "
        "agent runs (guidance is given from SUPERVISOR_GUIDANCE_MIN_CONFIDENCE, 0.65 by default; a weaker pattern "
        "comes back with action approve and its evidence). For none: how sure the trace is clean.",
    )


class InefficiencyResult(InefficiencyVerdict, ResultMeta):
    guidance_used: int = Field(0, description="Guidance notes already given for this sub-task.")
    guidance_left: int = Field(0, description="Guidance notes left for this sub-task before escalation.")
    escalate: bool = Field(
        False,
        description="True once the guidance cap is spent and the pattern persists: stop, re-plan or ask a human.",
    )
    steps_seen: int = Field(0, description="Steps of this session the supervisor has seen in total.")


class KeyFact(BaseModel):
    fact: str = Field(description="A fact the agent needs for its task.")
    evidence: str = Field(description="A verbatim quote from the input that states it.")


class HandoffIssue(BaseModel):
    kind: HandoffKind = Field(
        description="missing_detail, ambiguous_reference, corrupted_value or wrong_role (AgentAsk taxonomy)."
    )
    detail: str = Field(description="What is wrong with the handoff.")
    question: str = Field(description="The one short question that would resolve it.")


class SynthesisDecision(BaseModel):
    """The decision part of `sub_agent_result_synthesis`."""

    action: Literal["approve", "correct_observation"] = Field(
        description="approve: keep the result as it is; correct_observation: replace it with synthesis."
    )
    synthesis: str = Field(
        description="The purified text the agent should keep; a model may leave it empty when approving "
        "(the result then carries the original)."
    )
    final_answer: str | None = Field(None, description="A sub-agent's final answer, separated from its work log.")
    key_facts: list[KeyFact] = Field(
        default_factory=list, description="Facts for the task, each with a verbatim quote."
    )
    conflicts: list[str] = Field(default_factory=list, description="Places where sources disagree.")
    gaps: list[str] = Field(default_factory=list, description="What the task asks for that the result lacks.")
    handoff_issues: list[HandoffIssue] = Field(default_factory=list, description="Problems with a sub-agent's handoff.")


class SynthesisResult(SynthesisDecision, ResultMeta):
    chars_in: int = Field(0, description="Characters of the result as received.")
    chars_out: int = Field(0, description="Characters of the synthesis.")
    raw_ref: str | None = Field(
        None, description="Resource URI (supervisor://raw/...) where the untouched original can be read back."
    )
    unsupported_claims: list[str] = Field(
        default_factory=list,
        description="Numbers, URLs or quotes a model wrote that the input does not contain (removed).",
    )


class Capability(BaseModel):
    name: str = Field(description="The capability as broadcast to hosts.")
    tool: str = Field(description="The tool that provides it.")
    when_to_call: str = Field(description="When a host agent should call the tool.")
    actions: list[str] = Field(description="The actions the tool may return.")
    action_semantics: dict[str, str] = Field(description="What the host does for each action.")


class Capabilities(BaseModel):
    server: str
    version: str
    engine: Engine = Field(description="The engine answering by default with the current settings.")
    capabilities: list[Capability]


class SessionSummary(BaseModel):
    session_id: str
    calls: int = 0
    calls_by_tool: dict[str, int] = Field(default_factory=dict)
    interventions: int = Field(0, description="Calls whose action changed the agent's course or context.")
    guidance_by_sub_task: dict[str, int] = Field(default_factory=dict)
    chars_removed: int = Field(0, description="Characters removed from the agent's context by purification.")
    tokens_removed_est: int = Field(0, description="chars_removed / 4, a rough token estimate.")
    usage: Usage = Field(default_factory=Usage, description="The supervisor's own spend in this session.")
    net_tokens_saved_est: int = Field(
        0, description="tokens_removed_est minus the supervisor's own total tokens, as the paper counts it."
    )
    steps_seen: int = 0

"""The intermediate records of a diagnosis, shared by the classifier, the fix builders and the verifier."""

from __future__ import annotations

from dataclasses import dataclass, field

from supervisor_mcp.heuristics.observation import Command, Envelope, ExceptionLine, Frame, Observation
from supervisor_mcp.models import ErrorCategory, Fault


@dataclass(frozen=True)
class ErrorContext:
    """Everything read out of one error before deciding anything: the observation of the error,
    with the failing action as its call."""

    obs: Observation

    @property
    def error(self) -> str:
        return self.obs.text

    @property
    def action(self) -> str:
        """The command inside a tool call's arguments ({"command": "grep ..."}), else the action as written."""
        return self.obs.command or self.obs.action

    @property
    def envelope(self) -> Envelope:
        return self.obs.envelope

    @property
    def command(self) -> Command | None:
        return self.obs.last_command

    @property
    def exceptions(self) -> list[ExceptionLine]:
        return self.obs.exceptions

    @property
    def frames(self) -> list[Frame]:
        return self.obs.frames


@dataclass
class Finding:
    category: ErrorCategory
    fault: Fault
    confidence: float
    rule: str  # which signature decided: "exc:TypeError", a Rule member's value, "benign", "fallback:..."
    evidence: list[str] = field(default_factory=list)
    groups: dict[str, str] = field(default_factory=dict)
    exception: ExceptionLine | None = None
    root_cause: str = ""
    fix: str = ""

    @property
    def message(self) -> str:
        """The deciding exception's message, else the deciding line."""
        text = self.exception.message if self.exception else (self.evidence[-1] if self.evidence else "")
        return text.rstrip(". ")

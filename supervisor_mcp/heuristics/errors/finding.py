"""The intermediate records of a diagnosis, shared by the classifier, the fix builders and the verifier."""

from __future__ import annotations

from dataclasses import dataclass, field

from supervisor_mcp.heuristics.errors.benign import Command
from supervisor_mcp.heuristics.observation.error_text import Envelope, ExceptionLine, Frame
from supervisor_mcp.models import ErrorCategory, Fault


@dataclass
class ErrorContext:
    """Everything read out of one error before deciding anything."""

    error: str
    action: str
    envelope: Envelope
    command: Command | None
    exceptions: list[ExceptionLine]
    frames: list[Frame]


@dataclass
class Finding:
    category: ErrorCategory
    fault: Fault
    confidence: float
    rule: str  # which signature decided: "exc:TypeError", "bash_syntax", "benign", "fallback:..."
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

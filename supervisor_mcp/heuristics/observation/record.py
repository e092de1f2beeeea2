"""The typed record of one result: read once here, then only looked at by the engines.

`observe(text, source=..., action=...)` unwraps the host's markup, reads the producing call in
whatever phrasing it came, and infers the content's kind; exceptions, frames and the kind are
computed on first use (a loop detector asks for none of them on most steps).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from supervisor_mcp.heuristics.observation import shell
from supervisor_mcp.heuristics.observation.call import Call, read_source, tool_call
from supervisor_mcp.heuristics.observation.envelope import Envelope, unwrap
from supervisor_mcp.heuristics.observation.frames import ExceptionLine, Frame, find_exceptions, find_frames
from supervisor_mcp.heuristics.observation.kind import Kind, infer
from supervisor_mcp.models import Step


@dataclass(frozen=True)
class Observation:
    """A tool result and what produced it."""

    text: str  # the result as received
    call: Call  # the call that produced it (tool, shell command, structured arguments)
    envelope: Envelope  # the body without host markup, exit code, truncation
    action: str = ""  # the action as the host wrote it
    failed: bool | None = None  # the host's own error flag, when it gave one

    @property
    def body(self) -> str:
        return self.envelope.body

    @property
    def exit_code(self) -> int | None:
        return self.envelope.returncode

    @property
    def truncated(self) -> bool:
        return self.envelope.truncated

    @property
    def command(self) -> str:
        """The shell command that ran ("" for structured tool calls)."""
        return self.call.command

    @cached_property
    def program(self) -> str:
        """The first real program of the command, else the tool's name."""
        return shell.program(self.call.command) if self.call.command else self.call.tool

    @cached_property
    def last_command(self) -> shell.Command | None:
        """The simple command whose exit status the shell reports."""
        return shell.last_command(self.call.command)

    @cached_property
    def kind(self) -> Kind:
        return infer(self.body, program=self.program, url=bool(self.call.url), file=bool(self.envelope.file))

    @cached_property
    def exceptions(self) -> list[ExceptionLine]:
        return find_exceptions(self.body)

    @cached_property
    def frames(self) -> list[Frame]:
        return find_frames(self.body)


def observe(text: str, *, source: str = "", action: str = "") -> Observation:
    """One result (an error, a tool output, a page) with what produced it: `action` as a failing
    call is written, or `source` as purification gets it; both in any host phrasing."""
    written = action or source
    return Observation(text, read_source(written), unwrap(text), written)


def observe_step(step: Step) -> Observation:
    """One step of a parsed trace."""
    return Observation(step.result, tool_call(step.tool, step.args), unwrap(step.result), step.args, step.error)

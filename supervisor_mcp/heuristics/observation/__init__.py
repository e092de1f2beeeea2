"""The observation layer: the only code that knows host markup, shell syntax, stack frames and
clipping. A step or a result is turned into a typed `Observation` once; the engines (errors, loops,
purify) read its fields and never re-parse the text.

    observe(text, source="", action="") -> Observation
    observe_step(step) -> Observation
"""

from supervisor_mcp.heuristics.observation.call import Call
from supervisor_mcp.heuristics.observation.envelope import Envelope
from supervisor_mcp.heuristics.observation.frames import ExceptionLine, Frame
from supervisor_mcp.heuristics.observation.kind import Kind
from supervisor_mcp.heuristics.observation.record import Observation, observe, observe_step
from supervisor_mcp.heuristics.observation.shell import Command

__all__ = ["Call", "Command", "Envelope", "ExceptionLine", "Frame", "Kind", "Observation", "observe", "observe_step"]

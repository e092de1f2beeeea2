"""What a step's result says: failed or not, how (an error signature), and whether it was cut.

Results are large (up to a few KB each) and a trace is re-sent on every call, so outcomes are
computed lazily, only for the recent steps a detector asks about, and memoised. Two results are
"the same" when they are equal, or equal once volatile noise (addresses, durations, timestamps,
temp paths) is masked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

from supervisor_mcp.heuristics.loops.shape import Kind, Shape, shape_of
from supervisor_mcp.heuristics.memo import MB, bounded_cache
from supervisor_mcp.heuristics.observation.envelope import mentions_overflow, strip_markup
from supervisor_mcp.models import Step

_TRANSIENT = re.compile(
    r"\b(?:429|50[0234])\b[ :-]{1,3}(?:too many|service unavailable|bad gateway|gateway|internal server)"
    r"|(?:http|status|status_code|status code|error|code)[ :/\"'=]{1,4}(?:429|50[0234])\b"
    r"|rate.?limit|too many requests|timed out|(?:read|connect|request|gateway|socket)[ _]?timeout"
    r"|timeout ?(?:error|exceeded|expired)|deadline exceeded|temporarily unavailable|service unavailable"
    r"|connection (?:reset|refused|aborted)|econnreset|etimedout|overloaded|try again later|bad gateway",
    re.I,
)
# The framework refused the agent's message itself (bad format, unknown tool): nothing ran.
_REJECTED = re.compile(
    r"provide exactly one action|format your (?:action|response|tool call)|unknown tool|not a valid tool"
    r"|no tool (?:call|named)|tool \S+ (?:does not exist|not found)|missing required (?:argument|parameter)"
    r"|(?:invalid|malformed|unparsable|could not parse|failed to parse)\W+(?:\w+\W+){0,3}"
    r"(?:action|tool call|function call|arguments|json|response)"
    r"|your (?:last )?(?:response|output|message) (?:was|is) not (?:formatted|valid)",
    re.I,
)
_ERROR_HEAD = re.compile(r"\s*(?:error|exception|traceback|fatal)\b", re.I)
_ERROR_LINE = re.compile(
    r"^\s*(?:E\s+)?([\w.]*(?:Error|Exception|Exit|Failure|Interrupt)\b[^\n]*"
    r"|(?:error|fatal|failed|failure)\b\s*:?[^\n]*|FAILED [^\n]*)$",
    re.I | re.M,
)
_VOLATILE = re.compile(
    r"0x[0-9a-fA-F]{4,}|\b\d+(?:\.\d+)?\s?(?:ms|s|sec|secs|seconds)\b|\d{4}-\d\d-\d\d[T ]\d\d:\d\d[\d:.]*"
    r"|\b\d\d:\d\d:\d\d(?:\.\d+)?|/tmp/[\w.-]+"
)
_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True, slots=True)
class Outcome:
    error: bool
    error_sig: str = ""  # the line naming the failure, numbers masked; "" when the output is empty
    error_line: str = ""  # that line as it was, for the agent to read
    transient: bool = False  # 429/5xx/timeouts: infrastructure, not behaviour (even if "successful")
    overflow: bool = False  # the output was cut as too long
    rejected: bool = False  # the framework refused the action (format, unknown tool); nothing ran


@bounded_cache(8 * MB)
def outcome_of(result: str, error: bool) -> Outcome:
    head = result[:600]
    overflow = mentions_overflow(result)
    rejected = len(result) < 3000 and bool(_REJECTED.search(head))
    if not (error or rejected or _ERROR_HEAD.match(head)):
        # a 429/503 reported inside a "successful" output is still infrastructure (DraconDev #30)
        return Outcome(error=False, overflow=overflow, transient=bool(_TRANSIENT.search(head[:300])))
    body = strip_markup(result)
    first = next((line for line in body.splitlines() if line.strip()), "")
    if rejected:
        line = first
    else:
        found = _ERROR_LINE.findall(body[-1500:]) or _ERROR_LINE.findall(body[:1500])
        line = found[-1] if found else next((ln for ln in reversed(body.splitlines()) if ln.strip()), "")
    return Outcome(
        error=True, error_sig=_DIGITS.sub("#", _VOLATILE.sub("#", line.strip()))[:160],
        error_line=line.strip()[:160], overflow=overflow, rejected=rejected,
        # judged on the failure's own lines, not on a traceback that merely mentions a timeout
        transient=not rejected and bool(_TRANSIENT.search(f"{first}\n{line}")),
    )


@bounded_cache(8 * MB)
def _masked(result: str) -> int:
    return hash(_VOLATILE.sub("#", result))


def same_result(a: str, b: str) -> bool:
    if a == b:
        return True
    return abs(len(a) - len(b)) <= 64 and _masked(a) == _masked(b)


class LazyShapes(Sequence[Shape]):
    """Action shapes computed on first use: detectors read only the recent end of a long trace."""

    def __init__(self, trace: list[Step]) -> None:
        self._trace = trace
        self._memo: list[Shape | None] = [None] * len(trace)

    def __len__(self) -> int:
        return len(self._trace)

    @overload
    def __getitem__(self, i: int) -> Shape: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Shape]: ...

    def __getitem__(self, i: int | slice) -> Shape | Sequence[Shape]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        shape = self._memo[i]
        if shape is None:
            shape = self._memo[i] = shape_of(self._trace[i])
        return shape


class Steps:
    """The trace as the detectors read it: action shapes and result outcomes, both on demand."""

    def __init__(self, trace: list[Step]) -> None:
        self.trace = trace
        self.shapes = LazyShapes(trace)
        self._outcomes: dict[int, Outcome] = {}

    def __len__(self) -> int:
        return len(self.trace)

    def outcome(self, i: int) -> Outcome:
        found = self._outcomes.get(i)
        if found is None:
            step = self.trace[i]
            found = self._outcomes[i] = outcome_of(step.result, step.error)
        return found

    def kind(self, i: int) -> Kind:
        """The step's kind; an action the framework rejected did nothing, whatever it said."""
        kind = self.shapes[i].kind
        if kind in ("edit", "view") and self.outcome(i).rejected:
            return "other"
        return kind

    def same(self, i: int, j: int) -> bool:
        """Same action and the same result."""
        return self.shapes[i].action == self.shapes[j].action and same_result(
            self.trace[i].result, self.trace[j].result
        )

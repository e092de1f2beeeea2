"""What a line signature is: a named pattern that maps error text to a failure mechanism.

The signatures themselves are in the rules_*.py modules, one family each, gathered in order by
rules.py; exception lines are mapped in exceptions.py.

`priority` implements "root-most wins": when several signatures match, the one nearest the root
cause of the failure decides (code that does not parse explains everything after it; a missing
module explains the ImportError chain built on top of it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from supervisor_mcp.heuristics.errors.in_code import in_code
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.models import ErrorCategory, Fault

PRIORITY: dict[str, int] = {
    "syntax_error": 100, "missing_dependency": 95, "permission_denied": 90, "file_not_found": 85,
    "undefined_name": 80, "resource_limit": 75, "transient": 70, "invalid_arguments": 60,
    "precondition_failed": 55, "test_failure": 50, "runtime_error": 10,
}
FAULT: dict[ErrorCategory, Fault] = {
    "syntax_error": "agent", "undefined_name": "agent", "missing_dependency": "environment",
    "file_not_found": "agent", "invalid_arguments": "agent", "precondition_failed": "agent",
    "permission_denied": "environment", "transient": "environment", "resource_limit": "agent",
    "test_failure": "agent", "runtime_error": "agent", "not_an_error": "none", "unknown": "agent",
}


# How providers and model servers word a prompt longer than the model's window; providers also wrap it in
# generic exceptions (exceptions.py), so both layers read these words.
CONTEXT_OVERFLOW = (
    r"context[ _](?:length|window)|maximum context\b|too many tokens|prompt is too long|"
    r"exceeds? (?:the )?context (?:limit|size)|maximum model length"
)
# A login refused for its user and password: the line rules, the cues and the permission advice read these words.
BAD_LOGIN = r"(?:invalid|incorrect|wrong) (?:username|user name|login|user) (?:or|and|/) ?password"
# The dynamic loader's words (glibc's ld.so and dlopen) for a library it cannot find: a line signature reads them,
# and so does the advice for an ImportError that quotes them.
SHARED_OBJECT = r"(?<![\w.+-])(?P<lib>[\w.+-]{1,100}\.so[\w.]{0,20}): cannot open shared object file"
_MAX_TRIES = 20  # bounds the work when a listing repeats a word hundreds of times


@dataclass(frozen=True)
class Signature:
    name: Rule
    category: ErrorCategory
    pattern: re.Pattern[str]
    # Lowercase literals of which at least one must occur for the pattern to be worth running: this
    # keeps a call at microseconds and bounds the work on huge inputs.
    needles: tuple[str, ...]
    priority: int = 0  # 0: the category's priority
    fault: Fault | None = None  # None: the category's usual fault
    confidence: float = 0.9
    example: str = ""  # a real-looking error this signature decides (tests run every one through diagnose)
    # (root cause, fix) for this mechanism, formatted with the match's named groups; `{x_q}` is group
    # x shell-quoted, for use inside a suggested command. None: the category's fix builder decides.
    advice: tuple[str, str] | None = None

    @property
    def rank(self) -> int:
        return self.priority or PRIORITY.get(self.category, 0)

    def applies(self, lowered: str) -> bool:
        return any(needle in lowered for needle in self.needles)

    def find(self, text: str) -> re.Match[str] | None:
        """The first match that is a message: not part of a name in code (`test_rate_limit.py`,
        `RATE_LIMIT_EXCEEDED_MSG`) and not on a line of source code (`raise Forbidden(...)`), which
        is what listings, greps and passing test runs print."""
        for count, match in enumerate(self.pattern.finditer(text)):
            if not in_code(text, match):
                return match
            if count == _MAX_TRIES:
                break
        return None

    @property
    def domain(self) -> bool:
        """Prose rules of tool APIs; only read in short rejection messages, not in command output."""
        return self.name.startswith("domain_")


def sig(name: Rule, category: ErrorCategory, needles: str, regex: str, priority: int = 0, fault: Fault | None = None,
        confidence: float = 0.9, flags: int = re.MULTILINE, *, example: str,
        advice: tuple[str, str] | None = None) -> Signature:
    return Signature(name, category, re.compile(regex, flags), tuple(needles.split("|")), priority, fault, confidence,
                     example, advice)


IGNORECASE = re.MULTILINE | re.IGNORECASE

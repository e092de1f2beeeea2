"""The vocabulary of failure that every ecosystem shares, read when no signature decides.

Signatures (rules_*.py) name one tool's exact wording; an error from a tool they have never seen
falls through them. Yet almost every tool words the same mechanisms with the same few words:
"permission ... denied", "no route to host", "out of memory", "did not find expected key",
"has no field or method", "invalid reference format". Each cue (the table is in cue_words.py) is
such a family of words, keyed on the mechanism and never on one project's text, with the fix that
mechanism needs. A cue whose required literals (anchors.py) are all absent is skipped unsearched.

Cues read the lines that report trouble first (an error level or a failure word), then the rest;
within each, they are tried in table order and the first that matches decides: the specific
mechanisms (a rate limit, a quota, memory) before the ones whose words they share (a 403, a limit),
environment failures before the code failures whose words they can contain, and a name that is not
defined before the parse error a template engine wraps it in.
A cue's verdict is weaker than a signature's (confidence 0.6): it reads words, not structure.
"""

from __future__ import annotations

import re
from itertools import islice

from supervisor_mcp.heuristics.errors.cue_words import ENVIRONMENT_TABLE, Cue
from supervisor_mcp.heuristics.errors.cue_words_calls import CALL_TABLE
from supervisor_mcp.heuristics.errors.cue_words_code import CODE_TABLE
from supervisor_mcp.heuristics.errors.in_code import in_code
from supervisor_mcp.heuristics.errors.notices import CARRIES_EXCEPTION, EVENT_ROW
from supervisor_mcp.models import ErrorCategory

__all__ = ["CUES", "Cue", "find_cue"]

# The order they are tried in: the environment's mechanisms first (see the module docstring).
CUES: tuple[Cue, ...] = ENVIRONMENT_TABLE + CODE_TABLE + CALL_TABLE

# A warning or deprecation notice names a problem it does not have ("making it incompatible with
# Gradle 7.0", "npm WARN ... ENOENT"): its words are no cue.
_NOTICE = re.compile(r"\bwarn(?:ing)?\b|\bdeprecat|\bnotice\b|\bhint:", re.IGNORECASE)
_MAX_NOTICES = 20


def is_warning_level(line: str) -> bool:
    """A line in a warning's or notice's words, which cues skip unless asked to read notices."""
    return bool(_NOTICE.search(line))
# A line that reports trouble: an error level or a failure word. Cues read these first, so an error line
# decides over an informational one that happens to share a word ("Using billing account ...").
_TROUBLE_LINE = re.compile(
    r"^[^\n]*(?:\b(?:error|fatal|fail(?:ed|ure|s)?|denied|cannot|can't|unable|refused|invalid|unknown|"
    r"unexpected|missing|undefined|exceed(?:s|ed)?|killed|panic|abort(?:ed)?|forbidden|unauthori[sz]ed|"
    r"not (?:found|defined|allowed|supported|installed|permitted)|no such|could not|couldn't|timed out|"
    r"over (?:its|your|the) (?:\w{1,20} )?quota)\b|"
    r"^E: |ERR!|\w(?:Error|Exception)\b|Error:)[^\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
_SCAN = 8000  # head and tail: where a failure states its cause; keeps a 4 MB log fast


def _scope(text: str) -> str:
    return text if len(text) <= 2 * _SCAN else text[:_SCAN] + "\n" + text[-_SCAN:]


def find_cue(
    text: str, categories: frozenset[ErrorCategory] | None = None, *, in_notices: bool = False,
    error_lines_only: bool = False,
) -> tuple[Cue, str] | None:
    """The first cue in table order on the lines that report trouble, else on any line (unless
    `error_lines_only`), with the line it occurs on; a warning's words count only with `in_notices` (a
    retry warning about the network before a bare failure)."""
    scope = _scope(text)
    # Each trouble line with the line after it: messages wrap ("The name 'x' doe" / "s not exist ...").
    trouble = "\n".join(scope[m.start(): (scope.find("\n", m.end() + 1) + 1 or len(scope))].rstrip("\n")
                        for m in _TROUBLE_LINE.finditer(scope))
    found = _first_cue(trouble, categories, in_notices) if trouble else None
    if found is not None or error_lines_only:
        return found
    return _first_cue(scope, categories, in_notices)


def _first_cue(scope: str, categories: frozenset[ErrorCategory] | None, in_notices: bool) -> tuple[Cue, str] | None:
    lowered = scope.lower()
    for cue in CUES:
        if (categories is not None and cue.category not in categories) or not cue.may_match(lowered):
            continue
        # Every part's matches in text order (at one position, the earlier part first, as the alternation would).
        matches = sorted((m for p in cue.patterns_for(lowered) for m in islice(p.finditer(scope), _MAX_NOTICES + 1)),
                         key=lambda m: m.start())
        for n, match in enumerate(matches):
            start = scope.rfind("\n", 0, match.start()) + 1
            end = scope.find("\n", match.end())
            line = scope[start:end if end >= 0 else len(scope)].strip()
            # A cluster event row or a warning carrying an exception reports a failure in a notice's words.
            notice = _NOTICE.search(line) and not EVENT_ROW.match(line) and not CARRIES_EXCEPTION.search(line)
            if (in_notices or not notice) and not in_code(scope, match):
                return cue, _with_its_start(scope, start, line)
            if n >= _MAX_NOTICES:
                break
    return None


def _with_its_start(scope: str, start: int, line: str) -> str:
    """The line, joined to the one before when it continues a wrapped sentence ("... part of a plugin" /
    "that is not installed."), so that the quoted cause reads whole."""
    if not line[:1].islower() or start < 2 or _TAGGED.match(line):
        return line
    before = scope[scope.rfind("\n", 0, start - 1) + 1: start - 1].strip()
    wraps = len(before) >= 50 and before[-1] not in ".:!?;)]}>" and not _TAGGED.match(before)
    return f"{before} {line}" if wraps else line


# A line a tool or logger tagged ("npm ERR! ...", "gcc: ...", "error: ...", "[INFO] ..."), or a command echo:
# it starts its own message, so it is never the tail of a wrapped sentence.
_TAGGED = re.compile(r"[\w.+/-]{1,40}(?::|!| ERR!)(?:\s|$)|\[|[$#>] |\S{1,60} -{1,2}\w")

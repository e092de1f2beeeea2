"""Tell a mechanism's words in a message from the same words as names in code.

Listings, greps, source files and passing test runs are full of `test_rate_limit.py`,
`RATE_LIMIT_EXCEEDED_MSG` and `raise Forbidden(...)`: words that report a failure when a tool prints
them as its message, and report nothing when they name a file, a constant or a class in code.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.observation.envelope import line_at

# A statement of source code, bare or behind a grep hit's `path:N:`.
_CODE_LINE = re.compile(
    r"^(?:[\w./-]+:\d+[:-])?\s*(?:from\s+\.*[\w.]*\s+import\s|import\s+[\w.{*]|(?:raise|throw)\s+(?:new\s+)?[\w.]+\(|"
    r"return\s+(?:new\s+)?[\w.]+\(|(?:async\s+)?(?:def|function)\s+\w+\s*\(|class\s+\w+\s*[(:{]|(?:el)?if\b[^\n]*[=!]=|"
    r"except\s+\w+|catch\s*\()")
_WORD_RUN = re.compile(r"\w*")
# Quoted names, `a_b`/`a-b`/`a.b`/`a/b` tokens, CamelCase names: a branch 'fix-timeout-error', ErrorLog.
# Double quotes are left alone (JSON keeps its status words there: "Error": ""), and so are the names of
# exceptions (AssertionError) and cluster event reasons (FailedScheduling), which report a failure by name.
_NAMES = re.compile(
    r"'[^'\n]{0,200}'|`[^`\n]{0,200}`|\w{1,100}(?:[-_./:]\w{1,100}){1,20}|"
    r"\b(?!Failed|[A-Za-z]{0,80}(?:Error|Exception|Failure|Fault)\b)(?:[a-z]{1,40}|[A-Z][a-z0-9]{1,40})[A-Z]\w{0,100}")
# A compiler's excerpt of the source (`4 |     error: String,`): code, not the compiler's words.
_EXCERPT = re.compile(r"^[ \t]{0,8}\d{1,7}[ \t]{1,4}\|[^\n]*$", re.MULTILINE)
# The rest of a file name after the words: `rate_limiter.py`, `oom_watch.go`.
_FILE_NAME_REST = re.compile(
    r"[\w-]*\.(?:py|js|ts|tsx|jsx|mjs|rb|go|rs|java|kt|cs|php|c|cc|cpp|h|hpp|swift|scala|sh|ya?ml|json|toml)\b")


def prose(text: str) -> str:
    """`text` without what names things: quoted values, identifiers and paths, a compiler's code excerpt.
    What is left is what the tool says in words (for "does any word here report a failure?")."""
    return _NAMES.sub(" ", _EXCERPT.sub("", text))


def _token(text: str, start: int, end: int) -> str:
    """The identifier around text[start:end], bounded so a run of word characters stays cheap."""
    left = _WORD_RUN.match(text[max(0, start - 80):start][::-1])
    right = _WORD_RUN.match(text, end, min(len(text), end + 80))
    return (left.group(0)[::-1] if left else "") + text[start:end] + (right.group(0) if right else "")


def in_code(text: str, match: re.Match[str]) -> bool:
    """The match is part of a name (glued by `_` into a lower-case name or by `-` after a word, or a file
    name's extension follows it), or it sits on a line of source code."""
    start, end = match.span()
    if start > 1 and text[start - 1] == "-" and text[start - 2].isalnum():
        return True  # the tail of a kebab-case name: a pod `web-test-connection`, a flag `--connect-timeout`
    if (start > 0 and text[start - 1] == "_") or (end < len(text) and text[end] == "_"):
        # An upper-case code is how APIs state errors (FUNCTION_RATE_LIMIT, PERMISSION_DENIED).
        return not _token(text, start, end).isupper()
    return bool(_FILE_NAME_REST.match(text, end) or _CODE_LINE.match(line_at(text, start)))

"""The line where a tool says its cause is written (a unit's journal, a log or report file, a debug flag)."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.observation.clip import clip

# Where a tool says its cause is written: a unit's status and journal, a log or report file, a debug flag.
_POINTER = re.compile(
    r"\b(?:[Ss]ee|[Cc]heck|[Rr]ead|[Ii]nspect) [\"'`]?(?:systemctl status|journalctl|the (?:full |complete |error )?"
    r"(?:log|logs|report|output|trace|stack trace)\b|logs? (?:at|in|for)\b)[^\n]{0,160}|"
    r"\bA complete log of this run can be found in:?\s{1,20}(?:npm ERR!\s{1,10})?\S{1,300}|"
    r"\b[Rr]un with --(?:stacktrace|info|debug|scan|verbose|trace)\b[^\n]{0,100}")


def pointer_to_cause(body: str) -> str:
    """The tool's own line saying where its cause is written, or ""."""
    match = _POINTER.search(body[-8000:])
    return clip(" ".join(match.group(0).replace("npm ERR!", " ").split()), 200, ellipsis=True) if match else ""

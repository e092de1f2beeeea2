"""What a loop detector reports, and the search terms its guidance can point the agent to."""

from __future__ import annotations

import re
from dataclasses import dataclass

from supervisor_mcp.heuristics.loops.calibration import confidence_of
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.models import Pattern


@dataclass(frozen=True)
class Finding:
    pattern: Pattern
    steps: tuple[int, ...]  # 0-based trace indices taking part, ascending
    evidence: tuple[str, ...]
    guidance: str

    @property
    def last(self) -> int:
        return self.steps[-1]

    @property
    def confidence(self) -> float:
        """How likely a run showing this pattern is failing (see calibration.py)."""
        return confidence_of(self.pattern)


def span(steps: tuple[int, ...] | list[int]) -> str:
    """Name trace indices as the agent counts steps: from 1, as the model's context does too."""
    first, last = min(steps) + 1, max(steps) + 1
    return f"step {first}" if first == last else f"steps {first}-{last}"


def quote(text: str, limit: int = 90) -> str:
    """An action or error line as guidance quotes it: on one line, cut with "..." (see observation.clip)."""
    return clip(text, limit, ellipsis=True, flat=True)


_BACKTICK = re.compile(r"`([^`\n]{2,60})`")
_CALL = re.compile(r"\b([A-Za-z_][\w.]{2,60})\(")
_MEMBER = re.compile(r"\b[A-Z]\w*\.([a-z_]\w{2,60})\b")  # Point.distance, Model.save
_CODEISH = re.compile(r"\b([A-Za-z]+_[\w]+|[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*)\b")
_STOP = {
    "self", "none", "true", "false", "print", "return", "import", "from", "class", "def", "str", "int",
    "list", "dict", "len", "isinstance", "super", "object", "type", "range", "main", "test", "tests",
    "readme", "todo", "note", "http", "https", "github", "python", "assert", "lambda",
}


def identifiers(*texts: str, limit: int = 3) -> list[str]:
    """Code identifiers the agent's own words name, most specific first (backticks, calls, names)."""
    found: list[str] = []
    for text in texts:
        if not text:
            continue
        head = text[:4000]  # the statement of a task names its identifiers early; stay fast
        for pattern in (_BACKTICK, _CALL, _MEMBER, _CODEISH):
            for raw in pattern.findall(head):
                name = raw.strip().rstrip("()").split("(")[0].split(".")[-1].strip()
                if (len(name) < 3 or not re.fullmatch(r"[A-Za-z_]\w*", name) or name.lower() in _STOP
                        or name in found):
                    continue
                found.append(name)
                if len(found) >= limit:
                    return found
    return found


_WORD = re.compile(r"[A-Za-z][A-Za-z-]{5,}")
_CODE_SUFFIXES = (".py", ".js", ".ts", ".tsx", ".go", ".rs", ".java", ".c", ".h", ".cc", ".cpp", ".rb", ".php",
                  ".kt", ".swift", ".scala", ".cs")


def search_pattern(target: str, terms: list[str], task: str) -> str:
    """A grep pattern for a document being paged: named identifiers first; else definitions for code,
    and the task's longest words for prose, logs or data."""
    if terms:
        return "\\|".join(terms[:2])
    if target.endswith(_CODE_SUFFIXES):
        return "def \\|class "
    words = sorted({w.lower() for w in _WORD.findall(task[:2000])} - _STOP, key=len, reverse=True)
    return "\\|".join(words[:2]) if words else "TODO"

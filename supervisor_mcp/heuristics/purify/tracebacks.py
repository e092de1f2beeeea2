"""Shorten long stack traces: first and last frames whole, the middle as one line of `file:line func`.

The outermost frames say where the call started, the innermost where it failed, and the exception
line says why; the frames in between are mostly framework plumbing (middleware, decorators), but
their names still go into the summary line so nothing is unfindable. Python 3.11 caret lines
(`^^^^`) only underline the line above, so they are dropped.
"""

from __future__ import annotations

import re

_PY_FRAME = re.compile(r'^(\s*)File "([^"]+)", line (\d+)(?:, in (\S+))?')
_JS_FRAME = re.compile(r"^\s+at (?:(\S+) \()?([^():]+):(\d+)(?::\d+)?\)?\s*$")
_PYTEST_FRAME = re.compile(r"^(\S+\.py):(\d+): in (\S+)\s*$")
# Indented: reStructuredText underlines (`^^^^` at column 0) are structure, not decoration.
_CARETS = re.compile(r"^\s{2,}[\^~]*\^[\^~]*\s*$")
KEEP_HEAD = 2
KEEP_TAIL = 3
MAX_LISTED = 12


def _frame(line: str) -> tuple[str, str, str] | None:
    """(file, line, function) when `line` opens a stack frame."""
    m = _PY_FRAME.match(line)
    if m:
        return m.group(2), m.group(3), m.group(4) or ""
    m = _JS_FRAME.match(line)
    if m:
        return m.group(2), m.group(3), m.group(1) or ""
    m = _PYTEST_FRAME.match(line)
    if m:
        return m.group(1), m.group(2), m.group(3)
    return None


def drop_carets(lines: list[str]) -> list[str]:
    return [line for line in lines if not _CARETS.match(line)]


def compact(lines: list[str]) -> list[str]:
    """Collapse the middle of every run of more than KEEP_HEAD + KEEP_TAIL + 1 frames."""
    if not any(('File "' in line or " at " in line or ": in " in line) for line in lines):
        return lines  # no stack frame anywhere: the common case, kept cheap
    lines = drop_carets(lines)
    out: list[str] = []
    i = 0
    while i < len(lines):
        frames = _frames_from(lines, i)
        if len(frames) <= KEEP_HEAD + KEEP_TAIL + 1:
            out.append(lines[i])
            i += 1
            continue
        end = frames[-1][1]
        for a, b in frames[:KEEP_HEAD]:
            out.extend(lines[a:b])
        middle = frames[KEEP_HEAD:-KEEP_TAIL]
        out.append(_summary(lines, middle))
        for a, b in frames[-KEEP_TAIL:]:
            out.extend(lines[a:b])
        i = end
    return out


def _frames_from(lines: list[str], start: int) -> list[tuple[int, int]]:
    """Consecutive frames starting at `start`: (first line, end) spans, each frame with the source
    lines that follow it (indented deeper, or pytest's source listing up to the next frame)."""
    spans: list[tuple[int, int]] = []
    i = start
    while i < len(lines) and _frame(lines[i]):
        j = i + 1
        while j < len(lines) and not _frame(lines[j]) and _continues_frame(lines[i], lines[j]):
            j += 1
        spans.append((i, j))
        i = j
    return spans


def _continues_frame(head: str, line: str) -> bool:
    if not line.strip():
        return False
    if _PYTEST_FRAME.match(head):
        return False
    indent = len(head) - len(head.lstrip())
    return len(line) - len(line.lstrip()) > indent


def _summary(lines: list[str], frames: list[tuple[int, int]]) -> str:
    labels = []
    for a, _ in frames:
        found = _frame(lines[a])
        if found:
            path, number, func = found
            labels.append(f"{path.rsplit('/', 1)[-1]}:{number} {func}".strip())
    more = f", +{len(labels) - MAX_LISTED} more" if len(labels) > MAX_LISTED else ""
    listed = ", ".join(labels[:MAX_LISTED]) + more
    indent = re.match(r"\s*", lines[frames[0][0]]).group(0)
    return f"{indent}[... {len(frames)} frames omitted: {listed} ...]"

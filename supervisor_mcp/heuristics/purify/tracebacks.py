"""Shorten long stack traces: first and last frames whole, the middle as one line of `file:line func`.

The outermost frames say where the call started, the innermost where it failed, and the exception
line says why; the frames in between are mostly framework plumbing (middleware, decorators), but
their names still go into the summary line so nothing is unfindable. Python 3.11 caret lines
(`^^^^`) only underline the line above, so they are dropped.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.observation.frames import frame_of, is_caret_line, is_pytest_frame, may_hold_frames

KEEP_HEAD = 2
KEEP_TAIL = 3
MAX_LISTED = 12


def drop_carets(lines: list[str]) -> list[str]:
    return [line for line in lines if not is_caret_line(line)]


def compact(lines: list[str]) -> list[str]:
    """Collapse the middle of every run of more than KEEP_HEAD + KEEP_TAIL + 1 frames."""
    if not may_hold_frames(lines):
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
    while i < len(lines) and frame_of(lines[i]):
        j = i + 1
        while j < len(lines) and not frame_of(lines[j]) and _continuesframe_of(lines[i], lines[j]):
            j += 1
        spans.append((i, j))
        i = j
    return spans


def _continuesframe_of(head: str, line: str) -> bool:
    if not line.strip():
        return False
    if is_pytest_frame(head):
        return False
    indent = len(head) - len(head.lstrip())
    return len(line) - len(line.lstrip()) > indent


def _summary(lines: list[str], frames: list[tuple[int, int]]) -> str:
    labels = []
    for a, _ in frames:
        found = frame_of(lines[a])
        if found:
            path, number, func = found
            labels.append(f"{path.rsplit('/', 1)[-1]}:{number} {func}".strip())
    more = f", +{len(labels) - MAX_LISTED} more" if len(labels) > MAX_LISTED else ""
    listed = ", ".join(labels[:MAX_LISTED]) + more
    first = lines[frames[0][0]]
    indent = first[: len(first) - len(first.lstrip())]
    return f"{indent}[... {len(frames)} frames omitted: {listed} ...]"

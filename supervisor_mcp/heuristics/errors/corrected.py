"""The corrected observation: a short replacement for a long error output that says what failed,
where in the agent's code, and why."""

from __future__ import annotations

from supervisor_mcp.heuristics.observation import Envelope, ExceptionLine, Frame
from supervisor_mcp.heuristics.observation.clip import clip


def condense(envelope: Envelope, exceptions: list[ExceptionLine], frames: list[Frame], key_lines: list[str],
             original_chars: int, before: int | None = None) -> str:
    """A short replacement for a long error output: what failed, where in the agent's code, and why."""
    parts = [f"[Supervisor: condensed from {original_chars} chars of error output]"]
    if envelope.returncode is not None:
        parts.append(f"exit code: {envelope.returncode}")
    seen: set[str] = set()

    def add(text: str) -> None:
        text = clip(text, 300, ellipsis=True)
        if text and text not in seen:
            seen.add(text)
            parts.append(text)

    if before is not None:
        frames = [f for f in frames if f.start < before]
    own = [f for f in frames if f.own and not f.path.startswith("<")][-3:]
    if own:
        parts.append("innermost frames in your code:")
        for frame in own:
            add(f"  {frame.path}:{frame.line} in {frame.func}" + (f": {frame.code}" if frame.code else ""))
    if frames and frames[-1] not in own:
        last = frames[-1]
        add(f"raised at {last.path}:{last.line} in {last.func}" + (f": {last.code}" if last.code else ""))
    real = [e for e in exceptions if not e.name.endswith("Warning")] or exceptions
    for exc in real[-3:]:
        add(exc.line)
    for line in key_lines[:8]:
        add(line)
    if envelope.truncated:
        parts.append("(the host already cut this output for length)")
    return "\n".join(parts)

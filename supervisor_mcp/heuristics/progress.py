"""Stalls: broad commands repeated after an output-too-long warning, and stretches with no progress.

"Progress" for an agent that can change files is an edit. A long stretch with no edit, or the
same failing command re-run with nothing changed in between, burns tokens without moving the
task. Agents that cannot edit (browsing, Q&A) are never judged by this rule.
"""

from __future__ import annotations

from collections import Counter

from supervisor_mcp.heuristics.command_shape import Shape
from supervisor_mcp.heuristics.loop_finding import Finding, clip, identifiers, span


def find_overflow_repeat(shapes: list[Shape], *, window: int, hint_texts: tuple[str, ...]) -> Finding | None:
    n = len(shapes)
    latest = next((i for i in (n - 1, n - 2) if i >= 0 and shapes[i].overflow), None)
    if latest is None or shapes[latest].narrowed:
        return None  # a command that limits its own output followed the warning's advice
    earlier = [i for i in range(max(0, latest - window), latest) if shapes[i].overflow]
    if not earlier:
        return None
    steps = (*earlier[-2:], latest)
    commands = ", ".join(f"`{clip(shapes[i].action, 60)}`" for i in steps)
    terms = identifiers(*hint_texts)
    narrow = f"grep -n '{terms[0]}' <file> | head -n 30" if terms else "grep -n '<term>' <file> | head -n 30"
    evidence = (f"{span(steps)}: {len(steps)} outputs cut as too long: {commands}",)
    guidance = (
        f"Your commands keep producing output too long to read ({span(steps)}: {commands}); the "
        f"truncated middle is lost. Narrow the next command instead of another broad one: e.g. "
        f"{narrow}, a line range with sed -n, or redirect to a file and grep it."
    )
    return Finding("output_overflow_repeat", steps, evidence, guidance, 0.75)


def find_stall(
    shapes: list[Shape], *, since: int, first_edit_steps: int, next_edit_steps: int, repeats: int,
    lookback: int,
) -> Finding | None:
    if not any(s.shell or s.kind in ("edit", "run") for s in shapes):
        return None  # an agent without files to change cannot be judged by edits
    n = len(shapes)
    start = n
    while start > 0 and shapes[start - 1].kind != "edit":
        start -= 1
    rerun = _failing_rerun(shapes, max(start, n - lookback), repeats)
    if rerun is not None:
        return rerun
    stretch = n - start
    stall_steps = next_edit_steps if start else first_edit_steps
    # after guidance inside the stretch, give the agent a real chance before nudging again
    if stretch < stall_steps or (since > start and n - since < stall_steps // 2):
        return None
    kinds = Counter(s.kind for s in shapes[start:])
    mix = ", ".join(f"{count} {kind}s" for kind, count in kinds.most_common(3))
    steps = tuple(range(start, n))
    since_what = "since the last edit" if start else "since the start"
    evidence = (f"{span(steps)}: {stretch} steps {since_what} without changing any file ({mix})",)
    guidance = (
        f"You have taken {stretch} steps ({span(steps)}) without changing any file. More exploration is "
        f"unlikely to help: state the most likely cause from what you have read, then make the edit (or "
        f"write a minimal reproduction) and test it."
    )
    return Finding("no_progress", steps, evidence, guidance, 0.6)


def _failing_rerun(shapes: list[Shape], lo: int, repeats: int) -> Finding | None:
    """The same command failing again and again with no edit in between (results may differ)."""
    n = len(shapes)
    last = shapes[-1]
    if not last.error or last.transient or last.kind == "poll":
        return None
    runs = [i for i in range(lo, n) if shapes[i].action == last.action and shapes[i].error]
    if len(runs) < repeats:
        return None
    steps = tuple(runs)
    evidence = (f"{span(steps)}: `{clip(last.action, 70)}` failed {len(runs)} times with no edit in between",)
    guidance = (
        f"`{clip(last.action, 70)}` has failed {len(runs)} times ({span(steps)}) and nothing was changed "
        f"between the runs, so running it again will fail again. Read the failure, change the code or "
        f"the command, then re-run."
    )
    return Finding("no_progress", steps, evidence, guidance, 0.75)

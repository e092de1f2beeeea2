"""Stalls: broad commands repeated after an output-too-long warning, and stretches with no progress.

"Progress" for an agent that can change files is an edit. A long stretch with no edit, or the
same failing command re-run with nothing changed in between, burns tokens without moving the
task. Agents that cannot edit (browsing, Q&A) are never judged by this rule.
"""

from __future__ import annotations

import re
from collections import Counter

from supervisor_mcp.heuristics.loops.finding import Finding, identifiers, quote, span
from supervisor_mcp.heuristics.loops.shape import Shape, limits_output
from supervisor_mcp.heuristics.loops.steps import Steps
from supervisor_mcp.heuristics.observation.shell import shell_quote


def find_overflow_repeat(
    steps: Steps, *, streak: int, lookback: int, hint_texts: tuple[str, ...],
) -> Finding | None:
    """A broad command run again although its output was already cut as too long, or `streak`
    broad commands in a row, each cut, despite the warnings.

    A single different broad command after a warning is left to the framework's own warning
    (mini-swe-agent repeats it every time); on the dev replay that case failed no more often than
    the runs around it, while re-running an overflowing command did.
    """
    n = len(steps)
    shapes = steps.shapes
    latest = next((i for i in (n - 1, n - 2) if i >= 0 and steps.outcome(i).overflow), None)
    if latest is None or any(limits_output(shapes[i]) for i in range(latest, n)):
        return None  # a command that limits its own output followed the warning's advice
    action = shapes[latest].action
    earlier = [i for i in range(max(0, latest - lookback), latest)
               if steps.outcome(i).overflow and shapes[i].action == action]
    if not earlier:
        in_a_row = range(latest - streak + 1, latest)
        if latest - streak + 1 < 0 or not all(
            steps.outcome(i).overflow and not limits_output(shapes[i]) for i in in_a_row
        ):
            return None
        earlier = list(in_a_row)
    hits = (*earlier[-2:], latest)
    narrower = _narrower(shapes[latest], identifiers(*hint_texts))
    if shapes[earlier[-1]].action == action:
        command = quote(action, 70)
        evidence = (f"{span(hits)}: `{command}` cut as too long at "
                    f"{', '.join(f'step {i + 1}' for i in hits)}",)
        guidance = (
            f"`{command}` was already cut as too long (step {earlier[-1] + 1}) and you ran it again (step "
            f"{latest + 1}): it shows the same truncated output. Narrow it instead: {narrower}."
        )
    else:
        commands = ", ".join(f"`{quote(shapes[i].action, 60)}`" for i in hits)
        evidence = (f"{span(hits)}: {len(hits)} broad commands in a row cut as too long: {commands}",)
        guidance = (
            f"{len(hits)} commands in a row were cut as too long ({span(hits)}), so their middle is lost. "
            f"Narrow the next one instead of running another broad command: {narrower}."
        )
    return Finding("output_overflow_repeat", hits, evidence, guidance)


# A task that asks for a change: only then is a long stretch without edits a stall. A research or
# browsing agent reads for many steps by design.
CHANGE_GOAL = re.compile(
    r"\b(?:fix|fixes|bug|implement|patch|refactor|modify|change|edit|update|add|remove|resolve|"
    r"pull request|PR description|make (?:it|the|sure)|should (?:not |no longer )?(?:return|raise|handle))\b",
    re.IGNORECASE,
)


def find_stall(
    steps: Steps, *, since: int, first_edit_steps: int, next_edit_steps: int, repeats: int,
    lookback: int, change_goal: bool = True,
) -> Finding | None:
    n = len(steps)
    horizon = max(first_edit_steps, next_edit_steps, lookback)
    start = n  # the first step after the last edit, looking back at most `horizon` steps
    while start > max(0, n - horizon) and steps.kind(start - 1) != "edit":
        start -= 1
    edited_before = start > 0 and steps.kind(start - 1) == "edit"
    can_edit = edited_before or any(steps.shapes[i].shell or steps.kind(i) == "run" for i in range(start, n))
    if not can_edit:
        return None  # an agent without files to change cannot be judged by edits
    rerun = _failing_rerun(steps, max(start, n - lookback), repeats)
    if rerun is not None:
        return rerun
    if not (edited_before or change_goal):
        return None
    stretch = n - start
    stall_steps = next_edit_steps if edited_before else first_edit_steps
    # after guidance inside the stretch, give the agent a real chance before nudging again
    if stretch < stall_steps or (since > start and n - since < stall_steps // 2):
        return None
    kinds = Counter(steps.kind(i) for i in range(start, n))
    mix = ", ".join(f"{count} {kind}s" for kind, count in kinds.most_common(3))
    stalled = tuple(range(start, n))
    since_what = ("since the last edit" if edited_before else "without any edit" if start == 0
                  else "in a row (and more before)")
    evidence = (f"{span(stalled)}: {stretch} steps {since_what}, no file changed ({mix})",)
    guidance = (
        f"You have taken {stretch} steps ({span(stalled)}) without changing any file. More exploration is "
        f"unlikely to help: state the most likely cause from what you have read, then make the edit (or "
        f"write a minimal reproduction) and test it."
    )
    return Finding("no_progress", stalled, evidence, guidance)


def _failing_rerun(steps: Steps, lo: int, repeats: int) -> Finding | None:
    """The same command failing again and again with no edit in between (results may differ)."""
    n = len(steps)
    last = steps.shapes[-1]
    outcome = steps.outcome(n - 1)
    if not outcome.error or outcome.transient or last.kind == "poll":
        return None
    runs = [i for i in range(lo, n) if steps.shapes[i].action == last.action and steps.outcome(i).error]
    if len(runs) < repeats:
        return None
    hits = tuple(runs)
    evidence = (f"{span(hits)}: `{quote(last.action, 70)}` failed {len(runs)} times, no edit in between",)
    guidance = (
        f"`{quote(last.action, 70)}` has failed {len(runs)} times ({span(hits)}) and nothing was changed "
        f"between the runs, so running it again will fail again. Read the failure, change the code or "
        f"the command, then re-run."
    )
    return Finding("no_progress", hits, evidence, guidance)


def _narrower(shape: Shape, terms: list[str]) -> str:
    """A concrete narrower form of the command that overflowed."""
    term = terms[0] if terms else "<name you need>"
    if shape.kind == "view" and shape.target:
        target = shell_quote(shape.target)
        return (f"grep -n {shell_quote(term)} {target} | head -n 30, then sed -n 'START,ENDp' {target} "
                f"around the hit")
    if shape.kind == "run":
        command = quote(shape.action, 60)
        return (f"run it once into a file and read only what matters, e.g. {command} > /tmp/out.txt "
                f"2>&1; grep -n -E {shell_quote('Error|FAIL|' + term)} /tmp/out.txt | head -n 30 (or pass -x/-q to a "
                f"test runner)")
    return (f"add a filter (| grep -n {shell_quote(term)} | head -n 30), a tighter path or pattern, or redirect to a "
            f"file and grep it")

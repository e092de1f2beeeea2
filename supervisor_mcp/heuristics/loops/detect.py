"""LLM-free inefficiency detection over a session trace: loops, repeated errors, paging, stalls.

Lessons from deployed detectors (docs/ANCHORS.md section 1) shape every rule here:
- a repeat is a loop only when its *result* is unchanged too (OpenHands compares action and
  observation; name+args alone falsely stopped stateful tools);
- polling, re-running tests after an edit, and one tool over different targets are productive;
- 429/5xx/timeouts are infrastructure, not behaviour;
- thresholds derive from `loop_window` and lean high (browser-use and Gemini CLI both had to raise
  theirs), and the reaction is a specific nudge, never a stop.

A pattern is reported only while it is active (its latest occurrence is among the last two steps)
and only if it occurred again after the last guidance (`since`), so the agent gets a chance to
change course and a persisting pattern is reported again.
"""

from __future__ import annotations

from dataclasses import dataclass

from supervisor_mcp.heuristics.loops.finding import Finding, quote, span
from supervisor_mcp.heuristics.loops.paging import find_paging
from supervisor_mcp.heuristics.loops.stalls import CHANGE_GOAL, find_overflow_repeat, find_stall
from supervisor_mcp.heuristics.loops.steps import Steps, same_result
from supervisor_mcp.models import InefficiencyVerdict, Step

_ACTIVE_TAIL = 2  # the pattern's latest occurrence must be among the last this many steps
# A repeated error is a loop only while the repeats are most of what the agent does; a round number,
# not a fitted one (bench/loops_by_source.py reports what it does on every source).
_DENSITY = 0.5


@dataclass(frozen=True)
class LoopConfig:
    loop_window: int = 5  # SUPERVISOR_LOOP_WINDOW
    step_check_interval: int = 8  # SUPERVISOR_STEP_CHECK_INTERVAL

    @property
    def repeats(self) -> int:
        """Identical (action, result) steps that make an exact loop (OpenHands uses 4)."""
        return max(3, self.loop_window - 1)

    @property
    def error_repeats(self) -> int:
        """Same error that makes a repeated-error pattern (OpenHands uses 3)."""
        return max(3, self.loop_window - 2)

    @property
    def lookback(self) -> int:
        """How far back a pattern's occurrences are gathered."""
        return 3 * self.loop_window

    @property
    def min_pages(self) -> int:
        """Contiguous forward windows of one document that make a crawl. Three often just read one
        long function in chunks; four is reading the file instead of searching it."""
        return max(3, self.loop_window - 1)

    @property
    def min_scrolls(self) -> int:
        return self.loop_window

    @property
    def poll_repeats(self) -> int:
        """Unchanged polls tolerated before they count as a loop (OpenHands #10350/#10750)."""
        return 4 * self.loop_window

    @property
    def stall_steps(self) -> int:
        """Steps of exploration before the first edit, in a session that can edit."""
        return 3 * self.loop_window

    @property
    def stall_steps_after_edit(self) -> int:
        """Steps with no further edit once work has started (verification runs are progress-like)."""
        return 5 * self.loop_window


def active_findings(
    trace: list[Step], *, task: str = "", sub_task: str = "", since: int = 0, config: LoopConfig = LoopConfig(),
) -> list[Finding]:
    """Every pattern active at the end of `trace` (at most one finding each), in detection order."""
    n = len(trace)
    if n < 3:
        return []
    steps = Steps(trace)
    thoughts = tuple(step.thought for step in trace[-3:] if step.thought)
    hints = (sub_task, *reversed(thoughts), task)
    findings = (
        lambda: _exact_loop(steps, config),
        lambda: _alternating_loop(steps, config),
        lambda: _repeated_error(steps, config),
        lambda: find_overflow_repeat(steps, streak=config.error_repeats, lookback=config.lookback,
                                     hint_texts=hints),
        lambda: find_paging(steps, lookback=config.lookback, min_pages=config.min_pages,
                            min_scrolls=config.min_scrolls, hint_texts=hints),
        lambda: find_stall(steps, since=since, first_edit_steps=config.stall_steps,
                           next_edit_steps=config.stall_steps_after_edit, repeats=config.error_repeats,
                           lookback=config.lookback,
                           change_goal=bool(CHANGE_GOAL.search(f"{task[:4000]}\n{sub_task}"))),
    )
    active = []
    for make in findings:
        finding = make()
        if finding is not None and finding.last >= n - _ACTIVE_TAIL and finding.last >= since:
            active.append(finding)
    return active


def detect(
    trace: list[Step], *, task: str = "", sub_task: str = "", step_count: int = 0, since: int = 0,
    config: LoopConfig = LoopConfig(), min_confidence: float = 0.0,
) -> InefficiencyVerdict:
    """The most telling pattern active at the end of `trace`: guidance when its calibrated
    confidence reaches `min_confidence`, otherwise approval with the pattern kept as evidence.

    `step_count` is the host's own count; the trace indices are what evidence cites.
    """
    found = active_findings(trace, task=task, sub_task=sub_task, since=since, config=config)
    if not found:
        return InefficiencyVerdict(action="approve", pattern="none", confidence=0.5)
    best = max(found, key=lambda f: f.confidence)  # ties keep detection order
    if best.confidence < min_confidence:
        # Seen, but in the data this pattern does not predict a failing run: a note would cost a
        # healthy run tokens and can derail it, so the host is told to carry on.
        return InefficiencyVerdict(action="approve", pattern=best.pattern, evidence=list(best.evidence),
                                   confidence=best.confidence)
    return InefficiencyVerdict(
        action="provide_guidance", pattern=best.pattern, evidence=list(best.evidence),
        guidance=best.guidance, confidence=best.confidence,
    )


def _exact_loop(steps: Steps, config: LoopConfig) -> Finding | None:
    n = len(steps)
    last = steps.shapes[-1]
    if steps.outcome(n - 1).transient:
        return None  # retrying after a 429/5xx/timeout is right
    needed = config.poll_repeats if last.kind == "poll" else config.repeats
    run = [n - 1]
    for i in range(n - 2, max(-1, n - 1 - needed), -1):
        if not steps.same(i, n - 1):
            break
        run.append(i)
    if len(run) < needed:
        return None
    run.reverse()
    what = quote(last.action, 90) or "(empty action)"
    evidence = (f"{span(run)}: `{what}` ran {len(run)} times in a row with an unchanged result",)
    guidance = (
        f"`{what}` has returned the same result {len(run)} times in a row ({span(run)}); repeating it "
        f"will not change anything. Use that result and take a different next step."
    )
    return Finding("exact_loop", tuple(run), evidence, guidance)


def _alternating_loop(steps: Steps, config: LoopConfig) -> Finding | None:
    n = len(steps)
    for period in (2, 3):
        reps = max(3, -(-(config.loop_window + 1) // period))
        size = period * reps
        if n < size:
            continue
        lo = n - size
        if all(steps.shapes[lo + k].action == steps.shapes[lo].action for k in range(period)):
            continue  # one action repeated is an exact loop, not a cycle
        if not all(steps.same(i, i - period) for i in range(lo + period, n)):
            continue
        if all(steps.shapes[i].kind == "poll" or steps.outcome(i).transient for i in range(lo, n)):
            continue
        cycle = tuple(range(lo, n))
        actions = " / ".join(f"`{quote(steps.shapes[lo + k].action, 50)}`" for k in range(period))
        evidence = (f"{span(cycle)}: the cycle {actions} repeated {reps} times with unchanged results",)
        guidance = (
            f"You are cycling through {actions} ({span(cycle)}) and every pass returns the same results. "
            f"Break the cycle: change the edit or the command, or revisit your assumption about the cause."
        )
        return Finding("alternating_loop", cycle, evidence, guidance)
    return None


def _edits_what_it_names(steps: Steps, hits: list[int], latest: int) -> bool:
    """An edit between the repeats wrote a file that the error output names."""
    edited = {w.rsplit("/", 1)[-1] for i in range(hits[0], latest) if steps.kind(i) == "edit"
              for w in steps.shapes[i].writes if w}
    return any(name in steps.trace[i].result for i in hits for name in edited if len(name) > 3)


def _repeated_error(steps: Steps, config: LoopConfig) -> Finding | None:
    n = len(steps)
    latest = n - 1 if steps.outcome(n - 1).error else n - 2
    last = steps.outcome(latest)
    if not last.error or last.transient or not last.error_sig:
        return None
    if latest == n - 2 and steps.shapes[n - 1].action == steps.shapes[latest].action:
        return None  # the same action just succeeded: the error is behind the agent
    hits = [i for i in range(max(0, n - config.lookback), latest + 1)
            if steps.outcome(i).error and not steps.outcome(i).transient
            and steps.outcome(i).error_sig == last.error_sig]
    if len(hits) < config.error_repeats:
        return None
    action = steps.shapes[latest].action
    same_action = all(steps.shapes[i].action == action for i in hits)
    edits_between = any(steps.kind(i) == "edit" for i in range(hits[0], latest))
    if not last.rejected and edits_between and same_action and len(hits) < config.repeats:
        return None  # re-running after an edit is the normal fix loop; only a long streak counts
    if not last.rejected and _edits_what_it_names(steps, hits, latest):
        return None  # the agent is editing the file the error points at: working on it, not stuck
    hits = hits[-max(config.repeats, config.error_repeats):]
    if len(hits) < _DENSITY * (latest - hits[0] + 1):
        return None  # the errors are spread between other work the agent did: it recovers, it is not stuck
    if not last.rejected and not all(same_result(steps.trace[i].result, steps.trace[latest].result) for i in hits):
        return None  # the output changes between repeats (another line, count or value): the work moves on
    sig = quote(last.error_line, 110)
    shown = tuple(f"step {i + 1}: `{quote(steps.shapes[i].action, 70) or '(no command)'}`" for i in hits[-3:])
    if last.rejected:
        evidence = (f"{span(hits)}: {len(hits)} actions rejected before running: {sig}", *shown)
        one = "one action" in sig.lower()
        guidance = (
            f"{len(hits)} of your actions were rejected without running ({span(hits)}): {sig} "
            + ("Send exactly one action per turn: run multi-step work as separate turns, or chain it "
               "with && in a single command." if one else
               "Re-read the tool list and the required call format, and send a call that matches it.")
        )
        return Finding("repeated_error", tuple(hits), evidence, guidance)
    actions = {steps.shapes[i].action for i in hits}
    tried = f"`{quote(action, 50)}`" if len(actions) == 1 else f"{len(actions)} different commands"
    evidence = (f"{span(hits)}: the same error {len(hits)} times from {tried}: {sig}", *shown)
    guidance = (
        f"The same error has come back {len(hits)} times ({span(hits)}): {sig}. Stop retrying "
        f"variations: find the cause it names (the line, name or setting) and fix that before running "
        f"this again."
    )
    return Finding("repeated_error", tuple(hits), evidence, guidance)

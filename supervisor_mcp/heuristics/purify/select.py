"""Budgeted line selection for long plain-text tool output (source files, logs, test runs).

Which lines survive, in order of claim on the budget:
1. markers the tool printed (truncation notices) and, in logs, error/traceback/summary lines and
   the last lines of the output (how it ended);
2. the passages (a definition, a paragraph) that best match the task and sub-task (BM25), whole;
3. then, greedily per character, lines that bring identifiers not yet shown, nudged by relevance:
   the names an agent acts on next (paths, functions, attributes) are spread over the whole
   output, and a later command cannot be predicted, so covering many distinct names beats
   covering one region densely (bench/measure_purify.py: line selection alone keeps more of the
   later-used identifiers than head-and-tail at the same length).
`markers.render` turns the omitted runs into markers.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from supervisor_mcp.heuristics.observation.frames import looks_like_frame
from supervisor_mcp.heuristics.purify.ranking import Ranker, terms

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_./-]{5,}")
CODE_LIKE = re.compile(r"[_./]|[a-z][A-Z]|[A-Za-z]\d")
DEFINITION = re.compile(
    r"^\s*(?:\d+[\t:]\s*)?(?:@@ |diff --git |(?:async\s+)?def\s+\w+|class\s+\w+|"
    r"(?:export\s+)?(?:public\s+|private\s+|protected\s+|static\s+)*"
    r"(?:function|func|fn|interface|struct|enum|impl|type)\s+\w+|"
    r"_{3,} .+ _{3,}$|={3,} .+ ={3,}$)"
)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S")
# Lines that say what happened in a log or test run: errors, outcomes, section headers.
_OUTCOME = re.compile(
    r"(?:^\s*(?:Traceback \(most recent call last\)|During handling of|The above exception|"
    r"(?:FAILED|ERROR|XPASS)\b|E\s{2,}|[-=_]{3,} .+ [-=_]{3,}$|fatal:|error(?:\[\w+\])?:|panic:|Caused by:)|"
    r"^\s*[\w.]*(?:Error|Exception)\b|\b(?:Exit code|exit status|Segmentation fault|"
    r"\d+ (?:passed|failed|errors?)\b|Ran \d+ tests?|OK \(|FAILED \())",
)
# Lines that locate or qualify it: stack frames, warnings, prompts.
_DETAIL = re.compile(r"^\s*(?:\$ |>>> |warning:|WARNING\b)|\b\w+Warning\b|\b\d+ (?:skipped|xfailed|warnings?)\b")
_ATTACHED = ("[... line repeated", "similar lines differing only in numbers")
_CARETS = re.compile(r"^[\s^~]+$")
# Tuned on miniswe_dev (see bench/measure_purify.py); the shape of the trade-off, not the exact
# values, is what generalises: a marker costs ~40 chars, relevance nudges but novelty leads.
MARKER_COST = 40
REL_WEIGHT = 0.5
STRUCTURE_BONUS = 3.0
STRUCTURE_SHARE = 0.5
FOCUS_SHARE = 0.4
FOCUS_MIN = 0.35


@dataclass
class Plan:
    """What the selection kept, for rendering and for the facts pass."""

    lines: list[str]
    kept: set[int] = field(default_factory=set)
    scores: list[float] = field(default_factory=list)


def _starts_unit(line: str, code: bool) -> bool:
    return bool(DEFINITION.match(line)) or (not code and bool(_HEADING.match(line)))


def _chunks(lines: Sequence[str], code: bool) -> list[tuple[int, int]]:
    """Passages for ranking. Code: one per definition (a function is read and edited whole), at
    most 60 lines; other text: paragraphs of at most 12 lines."""
    cap = 60 if code else 12
    spans: list[tuple[int, int]] = []
    start = 0
    for i, line in enumerate(lines):
        boundary = _starts_unit(line, code) or (not code and not line.strip())
        if i > start and (boundary or i - start >= cap):
            spans.append((start, i))
            start = i
    if start < len(lines):
        spans.append((start, len(lines)))
    return spans


def must_keep(line: str) -> bool:
    """Markers (ours or the tool's) are never dropped: they say what is missing. Repeat markers
    are not among them: they stand or fall with the line they follow."""
    text = line.lstrip()
    if any(mark in text for mark in _ATTACHED):
        return False
    return text.startswith("[... ") or ("elided" in line and "<" in line)


def _last_lines(lines: Sequence[str], protected: frozenset[int], count: int) -> list[int]:
    """The last `count` non-blank lines before each protected block (the end of each output part)."""
    found: list[int] = []
    run: list[int] = []
    for i, line in enumerate(lines):
        if i in protected:
            found.extend(run[-count:])
            run = []
        elif line.strip() and not must_keep(line):
            run.append(i)
    return found + run[-count:]


def structural(line: str, *, code: bool) -> int:
    """In logs, test output and prose: 2 for what happened (errors, outcomes, section headers), 1
    for what locates it (frames, warnings, markdown headings), 0 otherwise. Source files have none."""
    if code:
        return 0
    if _OUTCOME.search(line):
        return 2
    return 1 if looks_like_frame(line) or _DETAIL.search(line) or _HEADING.match(line) else 0


def tiers(lines: Sequence[str], *, code: bool) -> list[int]:
    """`structural` per line; in a diff, file and hunk headers and the changed lines of modified
    files are what happened (a new file's body is just content)."""
    out = [structural(line, code=code) for line in lines]
    if code or not any(line.startswith(("diff --git ", "@@ ")) for line in lines):
        return out
    new_file = False
    for i, line in enumerate(lines):
        if line.startswith("diff --git "):
            new_file = False
        elif line.startswith(("new file mode", "--- /dev/null")):
            new_file = True
        if line.startswith(("diff --git ", "@@ ", "+++ ", "--- ")) or (
                not new_file and line[:1] in "+-" and line.strip() not in "+-"):
            out[i] = 2
    return out


def relevance(lines: Sequence[str], query: Sequence[str], *, code: bool = False,
              spans: list[tuple[int, int]] | None = None) -> tuple[list[float], list[float]]:
    """Per line, 0..1: the best of its own BM25, its passage's, and its neighbours' (decayed);
    and per passage of `spans`, its BM25 relative to the best passage."""
    if not lines:
        return [], []
    spans = spans if spans is not None else _chunks(lines, code)
    line_terms = [terms(line) for line in lines]
    chunk_scores = Ranker([[t for i in range(a, b) for t in line_terms[i]] for a, b in spans]).scores(query)
    line_scores = Ranker(line_terms).scores(query)
    top_c, top_l = max(chunk_scores, default=0.0) or 1.0, max(line_scores, default=0.0) or 1.0
    base = [0.0] * len(lines)
    for (a, b), score in zip(spans, chunk_scores, strict=True):
        for i in range(a, b):
            base[i] = max(0.8 * score / top_c, line_scores[i] / top_l)
    spread = list(base)
    for i, value in enumerate(base):
        for d, factor in ((1, 0.6), (2, 0.35), (3, 0.2)):
            for j in (i - d, i + d):
                if 0 <= j < len(base):
                    spread[j] = max(spread[j], value * factor)
    return spread, [score / top_c for score in chunk_scores]


def select(  # noqa: C901 - one budget, spent in four phases that share its running state

    lines: Sequence[str],
    query: Sequence[str],
    budget: int,
    *,
    code: bool = False,
    known: frozenset[str] = frozenset(),
    protected: frozenset[int] = frozenset(),
) -> Plan:
    """Choose lines to keep so that the rendered text (markers included) is about `budget` chars."""
    plan = Plan(list(lines))
    if not lines:
        return plan
    spans = _chunks(lines, code)
    plan.scores, passage_scores = relevance(lines, query, code=code, spans=spans)
    n = len(lines)
    used = 0
    shown: set[str] = set(known)
    ids = [set(IDENT.findall(line)) for line in lines]

    def kept(j: int) -> bool:
        return j < 0 or j >= n or j in plan.kept

    def cost(i: int) -> int:
        # Keeping a line inside a gap splits it in two (one more marker); closing a gap saves one.
        neighbours = kept(i - 1) + kept(i + 1)
        return len(lines[i]) + 1 + (MARKER_COST, 0, -MARKER_COST)[neighbours]

    def take(i: int) -> None:
        nonlocal used
        used += cost(i)
        plan.kept.add(i)
        shown.update(ids[i])

    for i, line in enumerate(lines):
        if i in protected or must_keep(line):
            take(i)
    tier = tiers(lines, code=code)
    outcome = [i for i in range(n) if i not in plan.kept and tier[i] == 2]
    if not code:
        # How a log or a script run ended is in its last lines.
        outcome += [i for i in _last_lines(lines, protected, 3) if i not in outcome]
    detail = [i for i in range(n) if i not in plan.kept and tier[i] == 1]
    share = used + STRUCTURE_SHARE * max(budget - used, 0)
    for group in (outcome, detail):
        # Within a share of the budget, latest first: the last error and the final summary say
        # most about how the run ended. The rest only gets a head start in the greedy pass.
        for i in sorted(group, reverse=True):
            if used + cost(i) <= share:
                take(i)
    bonus = [STRUCTURE_BONUS * t for t in tier]

    # The passages that best match the task are kept whole: an agent reads and edits a function
    # as a unit, and a coherent block beats scattered lines for it.
    focus_budget = used + FOCUS_SHARE * max(budget - used, 0)
    for k in sorted(range(len(spans)), key=lambda k: -passage_scores[k]):
        if passage_scores[k] < FOCUS_MIN:
            break
        a, b = spans[k]
        block = [i for i in range(a, b) if i not in plan.kept]
        if block and used + sum(len(lines[i]) + 1 for i in block) + MARKER_COST <= focus_budget:
            for i in block:
                take(i)

    def value(i: int) -> float:
        line = lines[i]
        if not line.strip() or _CARETS.match(line):
            return 0.0
        novelty = sum(1 for t in ids[i] if t not in shown)
        return REL_WEIGHT * plan.scores[i] + novelty + bonus[i]

    def density(i: int) -> float:
        return value(i) / max(cost(i), 8)

    heap = [(-density(i), i) for i in range(n) if i not in plan.kept]
    heapq.heapify(heap)
    while heap and used < budget:
        _, i = heapq.heappop(heap)
        if i in plan.kept:
            continue
        current = density(i)
        if current <= 0:
            continue
        if heap and current < -heap[0][0] - 1e-12:
            heapq.heappush(heap, (-current, i))  # stale: novelty fell or cost changed since queued
            continue
        if used + cost(i) > budget:
            continue
        take(i)
    _fill_small_gaps(plan, lines)
    for i, line in enumerate(lines):
        if i > 0 and i - 1 in plan.kept and any(mark in line for mark in _ATTACHED):
            plan.kept.add(i)
    return plan


def _fill_small_gaps(plan: Plan, lines: Sequence[str]) -> None:
    # A gap no longer than its marker reads better whole.
    kept = sorted(plan.kept)
    for a, b in pairwise(kept):
        gap = range(a + 1, b)
        if 0 < len(gap) <= 3 and sum(len(lines[i]) + 1 for i in gap) <= MARKER_COST + 10:
            plan.kept.update(gap)

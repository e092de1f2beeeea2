"""Budgeted line selection for long plain-text tool output (files, logs, test runs, listings).

Which lines survive, in order of claim on the budget:
1. structure the agent must see: error and traceback lines, test summaries, truncation markers;
2. lines near passages that match the task and sub-task (BM25), with their neighbours;
3. lines that bring identifiers (paths, dotted names, snake/Camel case, numbers-with-names) not
   yet shown, so the names the agent may act on next survive even outside the best passages.
Every omitted run becomes one marker saying how many lines went and which definitions they held,
so the agent knows what to fetch back.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from supervisor_mcp.heuristics.ranking import Ranker

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_./-]{5,}")
_CODE_LIKE = re.compile(r"[_./]|[a-z][A-Z]|[A-Za-z]\d")
_NUMBERED = re.compile(r"^\s*(\d+)(?:\t|:|\s{2,}|-(?=\S))")
_DEFINITION = re.compile(
    r"^\s*(?:\d+[\t:]\s*)?(?:@@ |diff --git |(?:async\s+)?def\s+\w+|class\s+\w+|"
    r"(?:export\s+)?(?:public\s+|private\s+|protected\s+|static\s+)*(?:function|func|fn|interface|struct|enum|impl|type)\s+\w+|"
    r"#{1,6}\s+\S|_{3,} .+ _{3,}$|={3,} .+ ={3,}$)"
)
_STRUCTURE = re.compile(
    r"(?:^\s*(?:Traceback \(most recent call last\)|During handling of|The above exception|"
    r"(?:FAILED|ERROR|PASSED|XFAIL|XPASS)\b|E\s{2,}|[-=_]{3,} .+ [-=_]{3,}$|\[\.\.\.|"
    r"\$ |>>> |fatal:|error(?:\[\w+\])?:|warning:|panic:|Caused by:)|"
    r"\b(?:\w+Error|\w+Exception|Exit code|exit status|Segmentation fault|"
    r"\d+ (?:passed|failed|errors?|skipped|xfailed|warnings?)\b|Ran \d+ tests?|OK \(|FAILED \(|"
    r"characters? elided|output too long|truncated))",
)
_TRACE_FRAME = re.compile(r'^\s*File "[^"]+", line \d+')
_CARETS = re.compile(r"^[\s^~]+$")
_MARKER = "[... {n} lines omitted{extra} ...]"
MAX_MARKER_NAMES = 6


@dataclass
class Plan:
    """What the selection kept, for rendering and for the facts pass."""

    lines: list[str]
    kept: set[int] = field(default_factory=set)
    scores: list[float] = field(default_factory=list)


def identifier_weight(token: str) -> float:
    # Code-shaped names (paths, dotted, snake, Camel) are what later commands reuse; plain words
    # in comments rarely are, but still count a little.
    return 1.0 if _CODE_LIKE.search(token) else 0.35


def _chunks(lines: Sequence[str]) -> list[tuple[int, int]]:
    """Passages for ranking: split at blank lines and definitions, at most 12 lines each."""
    spans: list[tuple[int, int]] = []
    start = 0
    for i, line in enumerate(lines):
        boundary = not line.strip() or bool(_DEFINITION.match(line))
        if i > start and (boundary or i - start >= 12):
            spans.append((start, i))
            start = i
    if start < len(lines):
        spans.append((start, len(lines)))
    return spans


def must_keep(line: str, *, code: bool) -> bool:
    if line.startswith("[... ") or "elided" in line and "<" in line:
        return True
    if code:
        return False
    return bool(_STRUCTURE.search(line) or _TRACE_FRAME.match(line))


def relevance(lines: Sequence[str], query: Sequence[str]) -> list[float]:
    """Per line: its own BM25 blended with its passage's, spread to the neighbours."""
    if not lines:
        return []
    spans = _chunks(lines)
    chunk_scores = Ranker(["\n".join(lines[a:b]) for a, b in spans]).scores(query)
    line_scores = Ranker(lines).scores(query)
    top_c, top_l = max(chunk_scores, default=0.0) or 1.0, max(line_scores, default=0.0) or 1.0
    base = [0.0] * len(lines)
    for (a, b), score in zip(spans, chunk_scores):
        for i in range(a, b):
            base[i] = 0.5 * score / top_c + 0.5 * line_scores[i] / top_l
    spread = list(base)
    for i, value in enumerate(base):
        for d, factor in ((1, 0.6), (2, 0.35), (3, 0.2)):
            for j in (i - d, i + d):
                if 0 <= j < len(base):
                    spread[j] = max(spread[j], value * factor)
    return spread


def select(
    lines: Sequence[str],
    query: Sequence[str],
    budget: int,
    *,
    code: bool = False,
    known: frozenset[str] = frozenset(),
) -> Plan:
    """Choose lines to keep within about `budget` characters."""
    plan = Plan(list(lines))
    if not lines:
        return plan
    plan.scores = relevance(lines, query)
    used = 0
    shown: set[str] = set(known)
    ids = [set(IDENT.findall(line)) for line in lines]

    def take(i: int) -> None:
        nonlocal used
        plan.kept.add(i)
        used += len(lines[i]) + 1
        shown.update(ids[i])

    for i, line in enumerate(lines):
        if must_keep(line, code=code):
            take(i)

    def value(i: int) -> float:
        line = lines[i]
        if not line.strip() or _CARETS.match(line):
            return 0.0
        novelty = sum(identifier_weight(t) for t in ids[i] if t not in shown)
        return 3.0 * plan.scores[i] + 0.6 * novelty

    heap = [(-value(i) / (len(lines[i]) + 8), i) for i in range(len(lines)) if i not in plan.kept]
    heapq.heapify(heap)
    while heap and used < budget:
        neg, i = heapq.heappop(heap)
        if i in plan.kept:
            continue
        current = value(i) / (len(lines[i]) + 8)
        if current <= 0:
            break
        if heap and current < -heap[0][0] - 1e-12:
            heapq.heappush(heap, (-current, i))  # stale: novelty fell since it was queued
            continue
        if used + len(lines[i]) + 1 > budget * 1.05:
            continue
        take(i)
    _fill_small_gaps(plan, lines)
    return plan


def _fill_small_gaps(plan: Plan, lines: Sequence[str]) -> None:
    # A marker costs ~30 characters; a one- or two-line gap shorter than that reads better whole.
    kept = sorted(plan.kept)
    for a, b in zip(kept, kept[1:]):
        gap = range(a + 1, b)
        if 0 < len(gap) <= 2 and sum(len(lines[i]) + 1 for i in gap) <= 40:
            plan.kept.update(gap)


def describe_gap(lines: Sequence[str]) -> str:
    """The names a run of omitted lines defines, so the agent knows what to fetch back."""
    names: list[str] = []
    for line in lines:
        m = _DEFINITION.match(line)
        if not m:
            continue
        label = re.sub(r"^\s*(?:\d+[\t:]\s*)?", "", line).strip().rstrip(":{").strip()
        label = re.sub(r"\(.*", "", label) if label.startswith(("def ", "async def ", "class ")) else label
        names.append(label[:60])
    first = _NUMBERED.match(lines[0]) if lines else None
    last = _NUMBERED.match(lines[-1]) if lines else None
    extra = f" (lines {first.group(1)}-{last.group(1)})" if first and last else ""
    if names:
        shown = names[:MAX_MARKER_NAMES]
        more = f", +{len(names) - len(shown)} more" if len(names) > len(shown) else ""
        extra += ": " + ", ".join(shown) + more
    return extra


def render(plan: Plan, describe: Callable[[Sequence[str]], str] = describe_gap) -> str:
    out: list[str] = []
    i = 0
    n = len(plan.lines)
    while i < n:
        if i in plan.kept:
            out.append(plan.lines[i])
            i += 1
            continue
        j = i
        while j < n and j not in plan.kept:
            j += 1
        gap = plan.lines[i:j]
        if any(line.strip() for line in gap):
            out.append(_MARKER.format(n=j - i, extra=describe(gap)))
        i = j
    return "\n".join(out)

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

from supervisor_mcp.heuristics.ranking import Ranker, terms

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_./-]{5,}")
_CODE_LIKE = re.compile(r"[_./]|[a-z][A-Z]|[A-Za-z]\d")
_NUMBERED = re.compile(r"^\s*(\d+)(?:\t|:|\s{2,}|-(?=\S))")
_DEFINITION = re.compile(
    r"^\s*(?:\d+[\t:]\s*)?(?:@@ |diff --git |(?:async\s+)?def\s+\w+|class\s+\w+|"
    r"(?:export\s+)?(?:public\s+|private\s+|protected\s+|static\s+)*(?:function|func|fn|interface|struct|enum|impl|type)\s+\w+|"
    r"_{3,} .+ _{3,}$|={3,} .+ ={3,}$)"
)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S")
_STRUCTURE = re.compile(
    r"(?:^\s*(?:Traceback \(most recent call last\)|During handling of|The above exception|"
    r"(?:FAILED|ERROR|PASSED|XFAIL|XPASS)\b|E\s{2,}|[-=_]{3,} .+ [-=_]{3,}$|\[\.\.\.|"
    r"\$ |>>> |fatal:|error(?:\[\w+\])?:|warning:|panic:|Caused by:)|"
    r"\b(?:\w+Error|\w+Exception|Exit code|exit status|Segmentation fault|"
    r"\d+ (?:passed|failed|errors?|skipped|xfailed|warnings?)\b|Ran \d+ tests?|OK \(|FAILED \(|"
    r"characters? elided|output too long|truncated))",
)
_TRACE_FRAME = re.compile(r'^\s*(?:File "[^"]+", line \d+|at \S+ \(\S+:\d+|\S+\.py:\d+: in )')
_CARETS = re.compile(r"^[\s^~]+$")
_MARKER = "[... {n} lines omitted{extra} ...]"
MAX_MARKER_NAMES = 6
MARKER_COST = 40
REL_WEIGHT = 0.5
NOVELTY_WEIGHT = 1.0
PLAIN_WORD_WEIGHT = 0.6
STRUCTURE_BONUS = 4.0
STRUCTURE_SHARE = 0.5
FOCUS_SHARE = 0.4
FOCUS_MIN = 0.35


@dataclass
class Plan:
    """What the selection kept, for rendering and for the facts pass."""

    lines: list[str]
    kept: set[int] = field(default_factory=set)
    scores: list[float] = field(default_factory=list)


def identifier_weight(token: str) -> float:
    # Code-shaped names (paths, dotted, snake, Camel) are what later commands reuse; plain words
    # in comments rarely are, but still count a little.
    return 1.0 if _CODE_LIKE.search(token) else PLAIN_WORD_WEIGHT


def _starts_unit(line: str, code: bool) -> bool:
    return bool(_DEFINITION.match(line)) or (not code and bool(_HEADING.match(line)))


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
    """Markers (ours or the tool's) are never dropped: they say what is missing."""
    return line.lstrip().startswith("[... ") or ("elided" in line and "<" in line)


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


def structural(line: str, *, code: bool) -> bool:
    """Error, traceback and summary lines: first claim on the budget in logs and test output."""
    return not code and bool(_STRUCTURE.search(line) or _TRACE_FRAME.match(line))


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
    for (a, b), score in zip(spans, chunk_scores):
        for i in range(a, b):
            base[i] = max(0.8 * score / top_c, line_scores[i] / top_l)
    spread = list(base)
    for i, value in enumerate(base):
        for d, factor in ((1, 0.6), (2, 0.35), (3, 0.2)):
            for j in (i - d, i + d):
                if 0 <= j < len(base):
                    spread[j] = max(spread[j], value * factor)
    return spread, [score / top_c for score in chunk_scores]


def select(
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
    structure = [i for i, line in enumerate(lines) if i not in plan.kept and structural(line, code=code)]
    if not code:
        # How a log or a script run ended is in its last lines.
        structure += [i for i in _last_lines(lines, protected, 3) if i not in structure]
    if sum(len(lines[i]) + 1 for i in structure) <= STRUCTURE_SHARE * budget:
        # Error, traceback and summary lines (tracebacks are already shortened) all fit: keep them.
        for i in structure:
            take(i)
    bonus = [STRUCTURE_BONUS if structural(line, code=code) else 0.0 for line in lines]

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
        novelty = sum(identifier_weight(t) for t in ids[i] if t not in shown)
        return REL_WEIGHT * plan.scores[i] + NOVELTY_WEIGHT * novelty + bonus[i]

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
    return plan


def _fill_small_gaps(plan: Plan, lines: Sequence[str]) -> None:
    # A marker costs ~30 characters; a one- or two-line gap shorter than that reads better whole.
    kept = sorted(plan.kept)
    for a, b in zip(kept, kept[1:]):
        gap = range(a + 1, b)
        if 0 < len(gap) <= 3 and sum(len(lines[i]) + 1 for i in gap) <= MARKER_COST + 10:
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


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:[./-][A-Za-z0-9_]+)*")
_KEYWORDS = frozenset(
    "and as assert async await break class continue def del elif else except finally for from global "
    "if import in is lambda nonlocal not or pass raise return try while with yield None True False self "
    "const let var function func public private protected static void int str bool float char new this "
    "null true false undefined else".split()
)
_TRIPLE = re.compile(r'"""|\'\'\'')
_COMMENT = re.compile(r"^\s*(?:\d+[\t:]\s*)?(?:#|//|/?\*)")
_TRAILING_COMMENT = re.compile(r"\s(?:#|//)\s.*$")


def code_lines(lines: Sequence[str]) -> list[bool]:
    """True for lines of code, False for comments, docstrings and prose inside a source file."""
    out: list[bool] = []
    in_doc = False
    for line in lines:
        quotes = len(_TRIPLE.findall(line))
        starts_doc = not in_doc and quotes % 2 == 1
        out.append(not in_doc and not starts_doc and quotes == 0 and not _COMMENT.match(line))
        if quotes % 2 == 1:
            in_doc = not in_doc
    return out


def gap_names(gap: Sequence[str], is_code: Sequence[bool], shown_text: str, seen: set[str]) -> list[str]:
    """Names in omitted lines that the kept text does not show: every identifier of a code line
    (variables, calls, attributes, keyword arguments), and only code-shaped names from comments,
    docstrings and prose (plain words there are language, not names)."""
    names: list[str] = []
    for line, code in zip(gap, is_code):
        text = _TRAILING_COMMENT.sub("", line) if code else line
        for token in _NAME.findall(text):
            if len(token) < 4 or token in _KEYWORDS or token in seen or token in shown_text:
                continue
            if code or _CODE_LIKE.search(token):
                seen.add(token)
                names.append(token)
    return names


def render(plan: Plan, describe: Callable[[Sequence[str]], str] = describe_gap, *, index_budget: int = 0,
           code: bool = True) -> str:
    """Kept lines in order; each omitted run becomes one marker. With `index_budget`, markers also
    list names from the omitted lines, code-shaped names first, within that many characters."""
    n = len(plan.lines)
    gaps: list[tuple[int, int]] = []
    i = 0
    while i < n:
        if i in plan.kept:
            i += 1
            continue
        j = i
        while j < n and j not in plan.kept:
            j += 1
        if any(line.strip() for line in plan.lines[i:j]):
            gaps.append((i, j))
        i = j
    extras = {gap: describe(plan.lines[gap[0]:gap[1]]) for gap in gaps}
    chosen = _index(plan, gaps, extras, index_budget, code) if index_budget > 0 else {}
    out: list[str] = []
    i = 0
    starts = {a: b for a, b in gaps}
    while i < n:
        if i in plan.kept:
            out.append(plan.lines[i])
            i += 1
        elif i in starts:
            j = starts[i]
            extra = extras[(i, j)]
            if chosen.get(i):
                extra += "; names: " + ", ".join(chosen[i])
            out.append(_MARKER.format(n=j - i, extra=extra))
            i = j
        else:
            i += 1
    return "\n".join(out)


def _index(plan: Plan, gaps: list[tuple[int, int]], extras: dict[tuple[int, int], str], budget: int,
           code: bool) -> dict[int, list[str]]:
    shown_text = "\n".join(plan.lines[i] for i in sorted(plan.kept)) + "\n".join(extras.values())
    is_code = code_lines(plan.lines) if code else [False] * len(plan.lines)
    seen: set[str] = set()
    candidates: list[tuple[int, int, str]] = []  # (rank, gap start, name)
    for a, b in gaps:
        for name in gap_names(plan.lines[a:b], is_code[a:b], shown_text, seen):
            candidates.append((0 if _CODE_LIKE.search(name) else 1, a, name))
    chosen: dict[int, list[str]] = {}
    used = 0
    for rank, a, name in sorted(candidates, key=lambda c: c[0]):
        if used + len(name) + 2 > budget:
            continue
        used += len(name) + 2 + (9 if a not in chosen else 0)
        chosen.setdefault(a, []).append(name)
    order = {(a, name): k for k, (_, a, name) in enumerate(candidates)}
    return {a: sorted(names, key=lambda nm: order[(a, nm)]) for a, names in chosen.items()}

"""Render a selection: kept lines in order, each omitted run as one marker.

A marker says how many lines went, the line numbers when the tool printed them (`nl`, `grep -n`),
the definitions the run held, and, within a budget, the other names it held (code-shaped names
first), so the agent knows what exists and can fetch exactly that back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from supervisor_mcp.heuristics.condense import CODE_LIKE, DEFINITION, Plan

_MARKER = "[... {n} lines omitted{extra} ...]"
_NUMBERED = re.compile(r"^\s*(\d+)(?:\t|:|\s{2,}|-(?=\S))")
MAX_MARKER_NAMES = 6


def describe_gap(lines: Sequence[str], first_number: int | None = None) -> str:
    """Where a run of omitted lines sits and what it defines, so the agent knows what to fetch back.
    `first_number` is the file line number of the run's first line when the output is a file view."""
    names: list[str] = []
    for line in lines:
        m = DEFINITION.match(line)
        if not m:
            continue
        label = re.sub(r"^\s*(?:\d+[\t:]\s*)?", "", line).strip().rstrip(":{").strip()
        label = re.sub(r"\(.*", "", label) if label.startswith(("def ", "async def ", "class ")) else label
        names.append(label[:60])
    first = _NUMBERED.match(lines[0]) if lines else None
    last = _NUMBERED.match(lines[-1]) if lines else None
    extra = f" (lines {first.group(1)}-{last.group(1)})" if first and last else ""
    if not extra and first_number is not None:
        extra = f" (lines {first_number}-{first_number + len(lines) - 1})"
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
_STRING = re.compile(r"'(?:\\.|[^'\\])*'|\"(?:\\.|[^\"\\])*\"")


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
        if code:
            # String literals in code are messages (prose), not names.
            code_part = _STRING.sub(" ", _TRAILING_COMMENT.sub("", line))
            prose_part = " ".join(m.group(0) for m in _STRING.finditer(line))
        else:
            code_part, prose_part = "", line
        tokens = [(t, True) for t in _NAME.findall(code_part)] + [(t, False) for t in _NAME.findall(prose_part)]
        for token, in_code in tokens:
            if len(token) < 4 or token in _KEYWORDS or token in seen or token in shown_text:
                continue
            if in_code or CODE_LIKE.search(token):
                seen.add(token)
                names.append(token)
    return names


def render(plan: Plan, describe: Callable[[Sequence[str], int | None], str] = describe_gap, *,
           index_budget: int = 0, code: bool = True, line_numbers: Sequence[int | None] | None = None) -> str:
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
    extras = {(a, b): describe(plan.lines[a:b], line_numbers[a] if line_numbers else None) for a, b in gaps}
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
            candidates.append((0 if CODE_LIKE.search(name) else 1, a, name))
    # A name that is a part of a longer listed one (`save_model` of `self.save_model`) is shown by it.
    parts = {p for _, _, name in candidates if "." in name or "/" in name for p in re.split(r"[./]", name)}
    candidates = [c for c in candidates if c[2] not in parts]
    chosen: dict[int, list[str]] = {}
    used = 0
    for rank, a, name in sorted(candidates, key=lambda c: c[0]):
        if used + len(name) + 2 > budget:
            continue
        used += len(name) + 2 + (9 if a not in chosen else 0)
        chosen.setdefault(a, []).append(name)
    order = {(a, name): k for k, (_, a, name) in enumerate(candidates)}
    return {a: sorted(names, key=lambda nm: order[(a, nm)]) for a, names in chosen.items()}

"""Render a selection: kept lines in order, each omitted run as one marker.

A marker says how many lines went, the line numbers when the tool printed them (`nl`, `grep -n`),
the definitions the run held, and, within a budget, the other names its code held (never plain words
of comments or docstrings: a bag of English words would pad the metric, not help the agent), so the
agent knows what exists and can fetch exactly that back (bench/measure_purify.py: per character, a names index
keeps far more of the identifiers a later command uses than whole lines do).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from supervisor_mcp.heuristics.purify.select import CODE_LIKE, DEFINITION, Plan

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
    "and as assert async await break class continue def del elif else except finally for from global "  # noqa: SIM905 - reads best as words
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
    for line, code in zip(gap, is_code, strict=True):
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
           index_budget: int = 0, code: bool = True, line_numbers: Sequence[int | None] | None = None,
           budget: int = 0, query: Sequence[str] = ()) -> str:
    """Kept lines in order; each omitted run becomes one marker. Markers also list names from the
    omitted lines, best first, within `index_budget` characters or, with `budget`, within whatever
    the kept lines and markers leave of it."""
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
    starts = {a: b for a, b in gaps}
    out: list[str] = []
    at: dict[int, int] = {}  # gap start -> its marker's place in `out`
    i = 0
    while i < n:
        if i in plan.kept:
            out.append(plan.lines[i])
            i += 1
        elif i in starts:
            at[i] = len(out)
            out.append(_MARKER.format(n=starts[i] - i, extra=extras[(i, starts[i])]))
            i = starts[i]
        else:
            i += 1
    if budget:
        index_budget = max(index_budget, budget - sum(len(line) + 1 for line in out))
    chosen = _index(plan, gaps, extras, index_budget, code, query) if index_budget > 0 and gaps else {}
    for a, names in chosen.items():
        out[at[a]] = out[at[a]][: -len(" ...]")] + "; names: " + ", ".join(names) + " ...]"
    return "\n".join(out)


def name_value(name: str, code_name: bool, count: int, relevant: bool) -> float:
    """Worth per character listed (the index is a knapsack): names from code first, then the task's
    names, names used often, and longer (more specific) names."""
    return (6.0 * code_name + 2.0 + 2 * relevant + min(count, 4) * 0.5 + (len(name) >= 6)) / (len(name) + 2)


def _index(plan: Plan, gaps: list[tuple[int, int]], extras: dict[tuple[int, int], str], budget: int,
           code: bool, query: Sequence[str] = ()) -> dict[int, list[str]]:
    """Names of the omitted lines that the kept text does not show, best first until the budget is
    spent, each listed at its first gap. Best: names from code and code-shaped names (a later command
    calls, imports or retypes them); see `name_value`."""
    shown_text = "\n".join(plan.lines[i] for i in sorted(plan.kept)) + "\n".join(extras.values())
    is_code = code_lines(plan.lines) if code else [False] * len(plan.lines)
    wanted = {t.lower() for t in query}
    counts: dict[str, int] = {}
    first: dict[str, tuple[int, int]] = {}  # name -> (gap start, order)
    code_name: dict[str, bool] = {}
    for a, b in gaps:
        for line, in_code_line in zip(plan.lines[a:b], is_code[a:b], strict=True):
            if in_code_line:
                # String literals and trailing comments in code are messages (prose), not names.
                comment = _TRAILING_COMMENT.search(line)
                code_part = _STRING.sub(" ", line[: comment.start()] if comment else line)
                prose_part = " ".join(m.group(0) for m in _STRING.finditer(line)) + (
                    comment.group(0) if comment else "")
            else:
                code_part, prose_part = "", line
            for token, in_code in [(t, True) for t in _NAME.findall(code_part)] + [
                    (t, False) for t in _NAME.findall(prose_part)]:
                if len(token) < 4 or token in _KEYWORDS:
                    continue
                counts[token] = counts.get(token, 0) + 1
                if token not in first:
                    first[token] = (a, len(first))
                code_name[token] = code_name.get(token, False) or in_code or bool(CODE_LIKE.search(token))
    # Only names from code: plain words of prose would pad the index without telling the agent anything.
    candidates = [t for t in first if t not in shown_text and code_name[t]]
    # A name that is a part of a longer listed one (`save_model` of `self.save_model`) is shown by it.
    parts = {p for t in candidates if "." in t or "/" in t for p in re.split(r"[./]", t)}
    candidates = [t for t in candidates if t not in parts]

    def score(name: str) -> float:
        relevant = any(p in wanted for p in (name.lower(), *re.split(r"[./_-]", name.lower())))
        return name_value(name, code_name[name], counts[name], relevant)

    chosen: dict[int, list[str]] = {}
    used = 0
    for name in sorted(candidates, key=lambda t: (-score(t), first[t][1])):
        a = first[name][0]
        extra = len(name) + 2 + (len("; names: ") if a not in chosen else 0)
        if used + extra > budget:
            continue
        used += extra
        chosen.setdefault(a, []).append(name)
    return {a: sorted(names, key=lambda t: first[t][1]) for a, names in chosen.items()}

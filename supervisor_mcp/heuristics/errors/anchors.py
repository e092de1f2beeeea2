"""Literals a regular expression cannot match without: a cheap test that skips a costly search.

`required_literals(pattern)` returns lowercase strings one of which occurs in any text the pattern
matches (case-insensitively), or None when no such set can be read off the pattern. It reads only what
is certain: top-level alternatives, literal runs outside groups, and groups that are neither optional
nor lookarounds; anything it does not understand makes it answer None, which means "always search".
"""

from __future__ import annotations

from collections.abc import Iterator

_META = frozenset("\\^$.|?*+()[]{}")
_QUANTIFIERS = frozenset("?*{+")
_SHORTEST = 3  # shorter literals occur almost everywhere and save nothing


def required_literals(pattern: str) -> frozenset[str] | None:
    sets = [_alternative(alt) for alt in alternatives(pattern)]
    if any(s is None for s in sets):
        return None
    return frozenset().union(*sets)  # type: ignore[arg-type]


def alternatives(pattern: str) -> list[str]:
    """Top-level alternatives."""
    cuts = [i for i, ch, depth in _syntax(pattern) if ch == "|" and depth == 0]
    return [pattern[start + 1:end] for start, end in zip([-1, *cuts], [*cuts, len(pattern)], strict=True)]


def _alternative(alt: str) -> frozenset[str] | None:
    """The longest literal run that every match contains, else the first required group's literals."""
    runs: list[str] = []
    groups: list[frozenset[str]] = []
    run, i = "", 0
    while i < len(alt):
        ch = alt[i]
        if ch == "(":
            end = _group_end(alt, i)
            if end is None:
                return None
            optional = end + 1 < len(alt) and alt[end + 1] in _QUANTIFIERS
            runs.append(run)
            run = ""
            inner = _group_body(alt[i:end + 1])
            if inner is not None and not optional:
                found = required_literals(inner)
                if found is not None:
                    groups.append(found)
            i = end + 1
            continue
        if ch == "\\" and i + 1 < len(alt):
            nxt = alt[i + 1]
            literal = nxt if not nxt.isalnum() else None  # \( \. \[ are characters; \b \d \s \w \n are not
            i += 2
        elif ch in _META:
            literal, i = None, i + 1
            if ch == "[":
                close = _class_end(alt, i)
                if close is None:
                    return None
                i = close + 1
        else:
            literal, i = ch, i + 1
        if literal is not None and not (i < len(alt) and alt[i] in _QUANTIFIERS):
            run += literal
        else:
            runs.append(run)
            run = ""
            if i < len(alt) and alt[i] in _QUANTIFIERS:
                i = _skip_quantifier(alt, i)
    runs.append(run)
    best = max(runs, key=lambda r: len(r.strip()))
    if len(best.strip()) >= _SHORTEST:
        return frozenset({best.lower()})
    return groups[0] if groups else None


def _group_body(group: str) -> str | None:
    """A capturing, non-capturing or inline-flag group's body; None for lookarounds (they consume nothing)."""
    if group.startswith(("(?=", "(?!", "(?<=", "(?<!")):
        return None
    if group.startswith("(?P<"):
        return group[group.index(">") + 1:-1]
    if group.startswith("(?:"):
        return group[3:-1]
    if group.startswith("(?-i:") or group.startswith("(?i:"):
        return group[group.index(":") + 1:-1]
    if group.startswith("(?"):
        return None
    return group[1:-1]


def _group_end(alt: str, start: int) -> int | None:
    """The `)` that closes the group opening at start."""
    return next((i for i, ch, depth in _syntax(alt, start) if ch == ")" and depth == 1), None)


def _syntax(pattern: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """(index, character, group depth before it) for every character that is syntax: not escaped and not
    inside a character class. The one scanner the splitting and the group matching share."""
    depth, i = 0, start
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            close = _class_end(pattern, i + 1)
            if close is None:
                return
            i = close + 1
            continue
        yield i, ch, depth
        depth += (ch == "(") - (ch == ")")
        i += 1


def _class_end(alt: str, i: int) -> int | None:
    """The `]` that closes the class whose body starts at i (escapes and a leading `]` or `^]` included)."""
    if i < len(alt) and alt[i] == "^":
        i += 1
    if i < len(alt) and alt[i] == "]":
        i += 1
    while i < len(alt):
        if alt[i] == "\\":
            i += 2
            continue
        if alt[i] == "]":
            return i
        i += 1
    return None


def _skip_quantifier(alt: str, i: int) -> int:
    if alt[i] == "{":
        close = alt.find("}", i)
        i = close + 1 if close != -1 else i + 1
    else:
        i += 1
    return i + 1 if i < len(alt) and alt[i] in "?+" else i

"""Collapse long file listings (`ls -R`, `find`, `grep -r`) without losing the entries that matter.

Entries that match the task terms, and the shallow top of the tree, are kept verbatim; every other
directory (or file, for grep matches) is summarised as one line with counts by extension, and when
even those lines would not fit, sibling directories are summarised under their common ancestor.
Paths are what an agent acts on next, so every group's path stays visible.
"""

from __future__ import annotations

import re
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

from supervisor_mcp.heuristics.ranking import Ranker

_PATHLIKE = re.compile(r"^\.{0,2}/?[\w.@+~-]+(?:/[\w.@+~-]+)*/?$")
_SECTION = re.compile(r"^(\.{0,2}/?[\w.@+~-]*(?:/[\w.@+~ -]+)*):$")
_GREP = re.compile(r"^(\.{0,2}/?[\w.@+~-]+(?:/[\w.@+~-]+)*\.?\w*)[:-](?:\d+[:-])?(.*)$")
SUMMARY_SHARE = 0.4


@dataclass
class Group:
    name: str
    header: int | None = None  # line index of an `ls -R` section header
    entries: list[int] = field(default_factory=list)


def _is_grep_line(line: str) -> bool:
    m = _GREP.match(line)
    return bool(m and "/" in m.group(1) or (m and "." in m.group(1) and ":" in line))


def is_listing(lines: Sequence[str]) -> bool:
    body = [ln.strip() for ln in lines if ln.strip()]
    if len(body) < 20:
        return False
    hits = sum(1 for ln in body if _PATHLIKE.match(ln) or _SECTION.match(ln) or _is_grep_line(ln))
    return hits >= 0.8 * len(body)


def _groups(lines: Sequence[str], protected: set[int]) -> list[Group]:
    sections = any(_SECTION.match(ln.strip()) for i, ln in enumerate(lines) if i not in protected)
    groups: OrderedDict[str, Group] = OrderedDict()
    current = Group(".")
    for i, raw in enumerate(lines):
        line = raw.strip()
        if i in protected or not line:
            continue
        if sections:
            m = _SECTION.match(line)
            if m:
                current = groups.setdefault(m.group(1) or ".", Group(m.group(1) or ".", header=i))
            else:
                groups.setdefault(current.name, current).entries.append(i)
            continue
        m = _GREP.match(line)
        key = m.group(1) if m and ":" in line else line.rstrip("/").rsplit("/", 1)[0] if "/" in line else "."
        groups.setdefault(key, Group(key)).entries.append(i)
    return list(groups.values())


def _depth(name: str) -> int:
    return name.strip("./").count("/") + (1 if name.strip("./") else 0)


def _counts(lines: Sequence[str], idx: Sequence[int]) -> str:
    exts = Counter()
    for i in idx:
        name = lines[i].strip().split(":", 1)[0].rsplit("/", 1)[-1]
        exts[("." + name.rsplit(".", 1)[1]) if "." in name.strip(".") else "other"] += 1
    top = ", ".join(f"{n} {e}" for e, n in exts.most_common(4))
    rest = sum(exts.values()) - sum(n for _, n in exts.most_common(4))
    return top + (f", {rest} more" if rest else "")


def condense(lines: Sequence[str], query: Sequence[str], budget: int, *, protected: set[int]) -> str:
    groups = _groups(lines, protected)
    scores = Ranker(list(lines)).scores(query)
    group_scores = Ranker([g.name for g in groups]).scores(query)
    top = max(scores, default=0.0) or 1.0
    gtop = max(group_scores, default=0.0) or 1.0
    priority: list[tuple[float, int, int]] = []
    for gi, (group, gscore) in enumerate(zip(groups, group_scores)):
        shallow = 1.0 / (1 + _depth(group.name))
        for i in group.entries:
            priority.append((scores[i] / top + 0.5 * gscore / gtop + shallow, gi, i))
    priority.sort(reverse=True)

    used = sum(len(lines[i]) + 1 for i in protected)
    summary_budget = int(SUMMARY_SHARE * budget)
    kept: set[int] = set()
    for score, gi, i in priority:
        if score <= 0.0 or used + len(lines[i]) + 1 > budget - summary_budget:
            continue
        kept.add(i)
        used += len(lines[i]) + 1
    return _render(lines, groups, kept, protected, summary_budget)


def _render(lines: Sequence[str], groups: list[Group], kept: set[int], protected: set[int], summary_budget: int) -> str:
    omitted_groups = [g for g in groups if not any(i in kept for i in g.entries)]
    collapse_at = _collapse_depth(omitted_groups, summary_budget)
    by_group = {i: g for g in groups for i in ([g.header] if g.header is not None else []) + g.entries}
    out: list[str] = []
    emitted: set[str] = set()
    for i, raw in enumerate(lines):
        if i in protected:
            out.append(raw)
            continue
        group = by_group.get(i)
        if group is None or group.name in emitted:
            continue
        emitted.add(group.name)
        shown = [j for j in group.entries if j in kept]
        hidden = [j for j in group.entries if j not in kept]
        if not shown:
            key = _ancestor(group.name, collapse_at)
            if key in emitted:
                continue
            emitted.add(key)
            members = [g for g in omitted_groups if _ancestor(g.name, collapse_at) == key]
            idx = [j for g in members for j in g.entries]
            dirs = f"{len(members)} groups, " if len(members) > 1 else ""
            label = key + ("/**" if len(members) > 1 else "")
            out.append(f"{label}: [{dirs}{len(idx)} entries omitted: {_counts(lines, idx)}]")
            continue
        if group.header is not None:
            out.append(lines[group.header])
        out.extend(lines[j] for j in shown)
        if hidden:
            out.append(f"[... {len(hidden)} more in {group.name}: {_counts(lines, hidden)} ...]")
    return "\n".join(out)


def _ancestor(name: str, depth: int | None) -> str:
    if depth is None:
        return name
    prefix = "./" if name.startswith("./") else ""
    parts = [p for p in name.strip("./").split("/") if p]
    return prefix + "/".join(parts[:depth]) if parts else name


def _collapse_depth(groups: list[Group], summary_budget: int) -> int | None:
    """None when every omitted group gets its own line; else the depth to summarise them at."""
    per_line = 60
    if len(groups) * per_line <= summary_budget:
        return None
    for depth in range(max((_depth(g.name) for g in groups), default=1), 0, -1):
        if len({_ancestor(g.name, depth) for g in groups}) * per_line <= summary_budget:
            return depth
    return 1

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

from supervisor_mcp.heuristics.observation.kind import GREP_LINE, SECTION
from supervisor_mcp.heuristics.purify.ranking import Ranker
from supervisor_mcp.heuristics.purify.render import gap_names

_LINE_NO = re.compile(r"^[^:\s]+[:-](\d+)[:-]")
SUMMARY_SHARE = 0.4
MAX_NUMBERS = 12
MORE_LINE = 45
MAX_MEMBERS = 8


@dataclass
class Group:
    name: str
    header: int | None = None  # line index of an `ls -R` section header
    entries: list[int] = field(default_factory=list)


def _groups(lines: Sequence[str], protected: set[int]) -> list[Group]:
    body = [ln.strip() for i, ln in enumerate(lines) if i not in protected and ln.strip()]
    # `ls -R` output opens with a "dir:" header; a stray "name:" line elsewhere is just an entry.
    sections = bool(body) and bool(SECTION.match(body[0])) and sum(1 for ln in body if SECTION.match(ln)) >= 2
    groups: OrderedDict[str, Group] = OrderedDict()
    current = Group(".")
    for i, raw in enumerate(lines):
        line = raw.strip()
        if i in protected or not line:
            continue
        if sections:
            m = SECTION.match(line)
            if m:
                current = groups.setdefault(m.group(1) or ".", Group(m.group(1) or ".", header=i))
            else:
                groups.setdefault(current.name, current).entries.append(i)
            continue
        m = GREP_LINE.match(line)
        key = m.group(1) if m and ":" in line else line.rstrip("/").rsplit("/", 1)[0] if "/" in line else "."
        groups.setdefault(key, Group(key)).entries.append(i)
    return list(groups.values())


def _depth(name: str) -> int:
    return name.strip("./").count("/") + (1 if name.strip("./") else 0)


def _counts(lines: Sequence[str], idx: Sequence[int]) -> str:
    """Grep matches: their line numbers; paths: counts by extension."""
    numbers = [m.group(1) for i in idx if (m := _LINE_NO.match(lines[i].strip()))]
    if numbers and len(numbers) == len(idx):
        more = f", +{len(numbers) - MAX_NUMBERS} more" if len(numbers) > MAX_NUMBERS else ""
        return f"lines {', '.join(numbers[:MAX_NUMBERS])}{more}"
    exts: Counter[str] = Counter()
    for i in idx:
        name = lines[i].strip().split(":", 1)[0].rsplit("/", 1)[-1]
        exts[("." + name.rsplit(".", 1)[1]) if "." in name.strip(".") else "other"] += 1
    top = ", ".join(f"{n} {e}" for e, n in exts.most_common(4))
    rest = sum(exts.values()) - sum(n for _, n in exts.most_common(4))
    return top + (f", {rest} more" if rest else "")


def condense(lines: Sequence[str], query: Sequence[str], budget: int, *, protected: set[int],
             index_share: float = 0.0) -> str:
    """Keep what fits of the entries, best first; summarise the rest. For grep matches,
    `index_share` of the budget lists the names the omitted matching lines contain."""
    groups = _groups(lines, protected)
    contents = {i: m.group(2) for g in groups for i in g.entries if (m := GREP_LINE.match(lines[i].strip()))}
    index_budget = int(index_share * budget) if len(contents) == sum(len(g.entries) for g in groups) else 0
    budget -= index_budget
    scores = Ranker(list(lines)).scores(query)
    group_scores = Ranker([g.name for g in groups]).scores(query)
    top = max(scores, default=0.0) or 1.0
    gtop = max(group_scores, default=0.0) or 1.0
    priority: list[tuple[float, int, int]] = []
    for gi, (group, gscore) in enumerate(zip(groups, group_scores, strict=True)):
        shallow = 1.0 / (1 + _depth(group.name))
        for rank, i in enumerate(group.entries):
            # The first entries of every group before the tenth of one: breadth shows the tree.
            spread = 0.3 if rank == 0 else 0.1 if rank == 1 else 0.0
            priority.append((scores[i] / top + 0.5 * gscore / gtop + shallow + spread, gi, i))
    priority.sort(key=lambda p: (-p[0], p[1], p[2]))

    used = sum(len(lines[i]) + 1 for i in protected)
    summary_budget = int(SUMMARY_SHARE * budget)
    kept: set[int] = set()
    opened: set[int] = set()
    for _, gi, i in priority:
        group = groups[gi]
        # Opening a group costs its header and the "[... N more ...]" line its other entries need.
        extra = 0 if gi in opened else (len(lines[group.header]) + 1 if group.header is not None else 0) + (
            MORE_LINE if len(group.entries) > 1 else 0)
        if used + len(lines[i]) + 1 + extra > budget - summary_budget:
            continue
        kept.add(i)
        opened.add(gi)
        used += len(lines[i]) + 1 + extra
    shown_text = "\n".join(lines[i] for i in kept)
    names = _Names(contents, shown_text, index_budget) if index_budget else None
    return _render(lines, groups, kept, protected, summary_budget, names)


class _Names:
    """Names from omitted grep matches, handed out group by group until the budget is spent."""

    def __init__(self, contents: dict[int, str], shown_text: str, budget: int) -> None:
        self._contents, self._shown, self._left = contents, shown_text, budget
        self._seen: set[str] = set()

    def suffix(self, idx: Sequence[int]) -> str:
        texts = [self._contents.get(i, "") for i in idx]
        found = gap_names(texts, [True] * len(texts), self._shown, self._seen)
        taken: list[str] = []
        for name in found:
            if self._left < len(name) + 2:
                break
            taken.append(name)
            self._left -= len(name) + 2
        return "; names: " + ", ".join(taken) if taken else ""


def _render(lines: Sequence[str], groups: list[Group], kept: set[int], protected: set[int], summary_budget: int,
            names: _Names | None = None) -> str:
    omitted_groups = [g for g in groups if not any(i in kept for i in g.entries)]
    collapse_at = _collapse_depth(omitted_groups, summary_budget)
    by_group = {i: g for g in groups for i in ([g.header] if g.header is not None else []) + g.entries}
    out: list[str] = []
    emitted: set[str] = set()
    summarised: set[str] = set()
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
            if key in summarised:
                continue
            summarised.add(key)
            members = [g for g in omitted_groups if _ancestor(g.name, collapse_at) == key]
            line = _summary_line(lines, key, members)
            if names:
                line = line[:-1] + names.suffix([j for g in members for j in g.entries]) + "]"
            out.append(line)
            continue
        if group.header is not None:
            out.append(lines[group.header])
        out.extend(lines[j] for j in shown)
        if hidden:
            more = names.suffix(hidden) if names else ""
            out.append(f"[... {len(hidden)} more in {group.name}: {_counts(lines, hidden)}{more} ...]")
    return "\n".join(out)


def _summary_line(lines: Sequence[str], key: str, members: list[Group]) -> str:
    idx = [j for g in members for j in g.entries]
    if len(members) == 1:
        return f"{key}: [{len(idx)} entries omitted: {_counts(lines, idx)}]"
    names = [g.name[len(key):].lstrip("/") or g.name for g in members]
    more = f", +{len(names) - MAX_MEMBERS} more" if len(names) > MAX_MEMBERS else ""
    listed = ", ".join(names[:MAX_MEMBERS]) + more
    counts = _counts(lines, idx)
    if counts.startswith("lines "):
        counts = "matching lines"  # line numbers of different files mean nothing side by side
    return f"{key}/{{{listed}}}: [{len(idx)} entries omitted: {counts}]"


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
    per_line = 140  # an ancestor line lists up to MAX_MEMBERS names
    for depth in range(max((_depth(g.name) for g in groups), default=1), 0, -1):
        if len({_ancestor(g.name, depth) for g in groups}) * per_line <= summary_budget:
            return depth
    return 1

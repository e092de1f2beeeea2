"""Paging crawls: reading one document window by window instead of searching it.

A crawl is a run of consecutive views of one document, each window further on than the last
(`sed -n 1,50p`, then `51,100p`, ...; a growing `head -n`; `tail -n +N`; offset/page parameters;
browser page-down). Any other step in between (a search, an edit, a run) ends the run: searching
is exactly what the guidance asks for. A window that jumps far ahead (to a grep hit) is targeted
reading, not a crawl. On 500 real runs, three consecutive forward `sed -n` pages flagged failing
runs at about twice the base rate (docs/ANCHORS.md 1.10); LoopConfig.min_pages asks for four by
default, because three often just read one long function in chunks.
"""

from __future__ import annotations

from collections.abc import Sequence

from supervisor_mcp.heuristics.loops.finding import Finding, identifiers, search_pattern, span
from supervisor_mcp.heuristics.loops.shape import Shape
from supervisor_mcp.heuristics.loops.steps import Steps
from supervisor_mcp.heuristics.observation.shell import shell_quote

_MAX_GAP = 10  # lines a next page may skip and still continue the last one (or half a page)


def _resolved_targets(steps: Steps, lo: int) -> list[str]:
    """Each view's document ("" for other steps); a viewer's goto/scroll continues the open file."""
    targets: list[str] = []
    current = ""
    for i in range(lo, len(steps)):
        shape = steps.shapes[i]
        is_view = steps.kind(i) == "view"
        targets.append((shape.target or current) if is_view else "")
        if is_view and shape.target:
            current = shape.target
    return targets


def find_paging(
    steps: Steps, *, lookback: int, min_pages: int, min_scrolls: int, hint_texts: tuple[str, ...],
) -> Finding | None:
    n = len(steps)
    shapes = steps.shapes
    if shapes[-1].kind != "view":
        return None  # a crawl is consecutive: active only while the latest step is a page
    lo = max(0, n - lookback)
    targets = _resolved_targets(steps, lo)
    latest = n - 1
    target = targets[latest - lo]
    if not target:
        return None
    pages = [latest]  # consecutive views of the target: a search or any other step ends the crawl
    for i in range(latest - 1, lo - 1, -1):
        if targets[i - lo] != target:
            break
        pages.append(i)
    pages.reverse()
    if shapes[latest].scroll:
        return _scroll_finding(shapes, pages, target, min_scrolls, hint_texts)
    return _range_finding(shapes, pages, target, min_pages, hint_texts)


def _range_finding(
    shapes: Sequence[Shape], pages: list[int], target: str, min_pages: int, hint_texts: tuple[str, ...],
) -> Finding | None:
    chain = [pages[-1]]
    for i in reversed(pages[:-1]):
        later, earlier = shapes[chain[-1]], shapes[i]
        if earlier.start <= 0 or not _moves_forward(earlier, later):
            break
        chain.append(i)
    chain.reverse()
    if shapes[chain[0]].start <= 0 or len(chain) < min_pages:
        return None
    lines = [f"{shapes[i].start}-{shapes[i].end or 'end'}" for i in chain]
    terms = identifiers(*hint_texts)
    where = f"`{target}`" if "/" in target or "." in target else "the document"
    if shapes[chain[-1]].program in ("sed", "nl", "cat", "head", "tail", "awk", "open", "goto"):
        query = search_pattern(target, terms, hint_texts[-1] if hint_texts else "")
        how = f"grep -n {shell_quote(query)} {shell_quote(target)}"
    else:
        how = f"a search in {where} for {', '.join(repr(t) for t in terms[:2]) or 'the term you need'}"
    evidence = (f"{span(chain)}: {len(chain)} line-range views of `{target}` marching forward "
                f"(lines {', '.join(lines)})",)
    guidance = (
        f"You have paged through `{target}` in {len(chain)} windows ({span(chain)}). Stop reading it page "
        f"by page: search for what you need instead, e.g. {how}, then view only the lines around the hits."
    )
    return Finding("paging_crawl", tuple(chain), evidence, guidance)


def _moves_forward(earlier: Shape, later: Shape) -> bool:
    """The later window continues the earlier one: the next page (sed 1,50 then 51,100), or a longer
    read from the same start (head -n 50, then 100). A jump far ahead is targeted reading."""
    if later.start == earlier.start:
        return later.end > earlier.end > 0
    if later.start < earlier.start:
        return False
    if earlier.end <= 0:
        return True  # an open-ended read (tail -n +N): any later start moves on
    return later.start <= earlier.end + max(_MAX_GAP, (earlier.end - earlier.start + 1) // 2)


def _scroll_finding(
    shapes: Sequence[Shape], pages: list[int], target: str, min_scrolls: int, hint_texts: tuple[str, ...],
) -> Finding | None:
    scrolls: list[int] = []
    for i in reversed(pages):
        if not shapes[i].scroll:
            break
        scrolls.append(i)
    scrolls.reverse()
    if len(scrolls) < min_scrolls:
        return None
    terms = identifiers(*hint_texts)
    find = f"search the page for {', '.join(repr(t) for t in terms[:2])}" if terms else "search the page text"
    evidence = (f"{span(scrolls)}: {len(scrolls)} consecutive scroll/page-down steps on {target}",)
    guidance = (
        f"You have scrolled {target} {len(scrolls)} times ({span(scrolls)}). Stop paging: {find} "
        f"(find in page, or extract the page content) and jump straight to the relevant part."
    )
    return Finding("paging_crawl", tuple(scrolls), evidence, guidance)

"""HTML -> the page's main text: trafilatura first, a tag-stripping fallback when it finds nothing.

trafilatura in precision mode scored best on the article-extraction benchmark here (see
bench/measure_purify.py) at ~15 ms per page. Even the best extractor drops some real content, so
the fallback text is also kept around: purify.py pulls back passages that name task terms the
main text lost.
"""

from __future__ import annotations

import logging
import re

import lxml.html
import trafilatura
from lxml import etree
from lxml_html_clean import Cleaner

# Class/id words that mark page chrome rather than content, in the fallback path only.
_CHROME = re.compile(
    r"(?:^|[\s_-])(?:nav|navbar|menu|breadcrumbs?|footer|header|masthead|sidebar|cookies?|consent|gdpr|"
    r"banner|share|sharing|social|subscribe|newsletter|signup|login|advert\w*|ads?|promo|popup|modal|"
    r"related|recommended|comments?)(?:$|[\s_-])",
    re.I,
)
_BLOCK_TAGS = frozenset(
    "p div section article main aside header footer nav li ul ol dl dt dd table tr thead tbody "  # noqa: SIM905 - reads best as words
    "h1 h2 h3 h4 h5 h6 pre blockquote figure figcaption form br hr".split()
)
_CLEANER = Cleaner(scripts=True, javascript=True, comments=True, style=True, inline_style=True,
                   links=True, meta=True, page_structure=False, processing_instructions=True,
                   embedded=True, frames=True, forms=True, annoying_tags=True, remove_unknown_tags=False,
                   safe_attrs_only=False)

logging.getLogger("trafilatura").setLevel(logging.CRITICAL)
logging.getLogger("htmldate").setLevel(logging.CRITICAL)


# Above this size the extractor's fallback pass (jusText, re-normalising every paragraph) costs
# seconds on the agent's critical path for little gain: a page that big is many pages' worth.
FAST_EXTRACTION_CHARS = 1_000_000


def main_text(html: str, url: str = "") -> str:
    """The main content as plain text with one block per line; empty when nothing is found."""
    try:
        text = trafilatura.extract(
            html, url=url or None, include_comments=False, favor_precision=True,
            include_tables=True, deduplicate=False, fast=len(html) > FAST_EXTRACTION_CHARS,
        )
    except (ValueError, TypeError, etree.LxmlError):
        text = None
    if text and len(text.strip()) >= 80:
        return text.strip()
    fallback = visible_text(html, strip_chrome=True)
    return fallback if len(fallback) > len(text or "") else (text or "").strip()


def visible_text(html: str, *, strip_chrome: bool = False) -> str:
    """All rendered text, one block per line (scripts, styles and forms removed)."""
    try:
        root = lxml.html.fromstring(html)
        root = _CLEANER.clean_html(root)
    except (ValueError, TypeError, etree.LxmlError):
        return re.sub(r"<[^>]+>", " ", html)
    if strip_chrome:
        for el in list(root.iter()):
            if not isinstance(el.tag, str) or el.getparent() is None:
                continue
            marks = f"{el.get('class', '')} {el.get('id', '')} {el.get('role', '')}"
            if el.tag in ("nav", "footer", "aside") or (el.tag != "body" and _CHROME.search(marks)):
                el.drop_tree()
    parts: list[str] = []
    _collect(root, parts)
    lines = (re.sub(r"[ \t\u00a0]+", " ", line).strip() for line in "".join(parts).split("\n"))
    return "\n".join(line for line in lines if line)


def _collect(root: lxml.html.HtmlElement, out: list[str]) -> None:
    # Iterative walk: real pages nest deeper than Python's recursion limit.
    for event, el in etree.iterwalk(root, events=("start", "end")):
        tag = el.tag.lower() if isinstance(el.tag, str) else ""
        if event == "start":
            if tag in _BLOCK_TAGS:
                out.append("\n")
            if tag and el.text:
                out.append(el.text)
        else:
            if tag in _BLOCK_TAGS:
                out.append("\n")
            if el.tail and el is not root:
                out.append(el.tail)


def warm_up() -> None:
    """Load the extractors' lazy tables (stop lists, XPath caches) now rather than on the first
    page an agent sends: the first call otherwise costs ~0.5 s."""
    page = "<html><body><article><p>" + "A short paragraph of warm-up text for the extractor. " * 6
    main_text(page + "</p></article><div class='cookie'>Accept cookies</div></body></html>")
    try:
        from justext.core import define_stoplist  # type: ignore[import-untyped]
        from trafilatura.external import jt_stoplist_init

        define_stoplist(jt_stoplist_init())  # cached by justext; ~90 ms on first use
    except ImportError:  # a trafilatura without justext: nothing to preload
        pass

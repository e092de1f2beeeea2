"""Collapse repeated lines and drop page boilerplate, before any ranking.

A run of identical lines (or lines that differ only in numbers: progress bars, counters,
timestamps) says one thing; one copy plus a count keeps the information. Boilerplate lines
(cookie notices, share buttons, sign-in prompts) are dropped only from prose, never from code or
logs, where the same words can be data.
"""

from __future__ import annotations

import re
from collections import Counter

# Standalone numbers only: digits inside names (`shard_12.parquet`, `module_3.py`) are data.
_DIGITS = re.compile(r"(?<![\w.])\d+(?:[.,:]\d+)*(?![\w])")
_BOILERPLATE = re.compile(
    r"^\W*(?:"
    r"(?:we|this (?:site|website)) uses? cookies|accept (?:all )?cookies|cookie (?:settings|policy|preferences)|"
    r"manage (?:cookies|consent)|privacy policy|terms (?:of (?:use|service)|and conditions)|"
    r"all rights reserved|©|copyright \d{4}|skip to (?:main )?content|jump to navigation|"
    r"sign (?:in|up)|log ?in|register|subscribe|newsletter|follow us|share (?:this|on)|"
    r"(?:share|tweet|pin|email|print)(?:\s*[|/•·]\s*\w+)*$|advertisement|sponsored|"
    r"click here|read more|load more|show more|see more|back to top|toggle navigation|"
    r"(?:previous|next) (?:article|post|page)|related (?:articles|posts|stories)|you may also like|"
    r"(?:\d+ )?comments?$|leave a (?:comment|reply)|tell us what you think"
    r")",
    re.I,
)
# A navigation bar rendered as text: several short items joined by separators.
_NAV_BAR = re.compile(r"^(?:[^|•·»>/]{1,25}\s*[|•·»]\s*){3,}[^|•·»>/]{1,25}$")

MIN_RUN = 3
MIN_SIMILAR_RUN = 5


def collapse_runs(lines: list[str]) -> list[str]:
    """Identical consecutive lines -> one copy + marker; long runs that differ only in digits ->
    first and last + marker."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        j = i + 1
        while j < len(lines) and lines[j] == line:
            j += 1
        if j - i >= MIN_RUN and line.strip():
            out.append(line)
            out.append(f"[... line repeated {j - i - 1} more times ...]")
            i = j
            continue
        shape = _DIGITS.sub("0", line)
        k = i + 1
        while k < len(lines) and line.strip() and _DIGITS.sub("0", lines[k]) == shape:
            k += 1
        if k - i >= MIN_SIMILAR_RUN and shape != line:
            out.append(line)
            out.append(f"[... {k - i - 2} similar lines differing only in numbers ...]")
            out.append(lines[k - 1])
            i = k
            continue
        out.extend(lines[i:j])
        i = j
    return out


# A big log is mostly a few line templates repeated with other numbers (timestamps, ids, counters),
# interleaved. Above this many lines, a template seen this often keeps its first and last two
# lines and the ones naming what the task asks about; a marker counts the rest. Ranking then works
# on hundreds of lines instead of tens of thousands (a 4 MB log in about a second).
BIG_INPUT_LINES = 5000
TEMPLATE_MIN = 50
_ANY_DIGITS = re.compile(r"\d+")


def collapse_templates(lines: list[str], task_words: frozenset[str]) -> list[str]:
    if len(lines) < BIG_INPUT_LINES:
        return lines
    keys = [_ANY_DIGITS.sub("#", line) for line in lines]
    counts = Counter(keys)
    seen: Counter[str] = Counter()
    out: list[str] = []
    for line, key in zip(lines, keys, strict=True):
        total = counts[key]
        if total < TEMPLATE_MIN:
            out.append(line)
            continue
        seen[key] += 1
        nth = seen[key]
        if nth <= 2 or nth > total - 2 or _names_any(line, task_words):
            out.append(line)
        if nth == 2:
            out.append(f"[... {total - 4:,} similar lines differing only in numbers ...]")
    return out


def _names_any(line: str, words: frozenset[str]) -> bool:
    low = line.lower()
    return any(word in low for word in words)


def is_boilerplate(line: str) -> bool:
    stripped = line.strip()
    if not stripped:
        return False
    if len(stripped) <= 120 and _BOILERPLATE.match(stripped):
        return True
    return bool(_NAV_BAR.match(stripped))


def drop_boilerplate(lines: list[str], *, min_repeats: int = 3) -> tuple[list[str], int]:
    """Prose only: drop boilerplate lines, and keep one copy of short lines repeated across the
    page (menus, bylines repeated per teaser)."""
    counts = Counter(line.strip() for line in lines if 0 < len(line.strip()) <= 60)
    seen: set[str] = set()
    kept: list[str] = []
    for line in lines:
        stripped = line.strip()
        if is_boilerplate(line):
            continue
        if stripped and counts.get(stripped, 0) >= min_repeats:
            if stripped in seen:
                continue
            seen.add(stripped)
        kept.append(line)
    return kept, len(lines) - len(kept)

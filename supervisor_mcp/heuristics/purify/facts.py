"""Key facts with verbatim evidence, and what the task asks for but the result lacks (gaps);
conflicting values come from conflicts.py. Also the shape tests the router uses (code? prose?).

Evidence is always a substring of the input as received (for HTML, of the raw markup: a text
node's words), so a caller can check every quote with `in`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.envelope import drop_warnings
from supervisor_mcp.heuristics.purify.conflicts import conflicts as find_conflicts
from supervisor_mcp.heuristics.purify.ranking import STOPWORDS, Ranker, query_terms
from supervisor_mcp.models import KeyFact

MAX_FACTS = 8
MAX_GAPS = 6
MAX_FACT_CHARS = 240
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_ERROR_LINE = re.compile(
    r"^\s*(?:[\w.]*(?:Error|Exception|Exit|Failure)\b:?|E\s{2,}\S|FAILED\b|ERROR\b|fatal:|error(?:\[\w+\])?:)"
)
_SUMMARY = re.compile(r"\b\d+ (?:passed|failed|errors?|skipped)\b|\bRan \d+ tests?\b|\b(?:OK|FAILED) \(")
_SIGNAL = re.compile(r"https?://\S+|\d")
_QUOTED = re.compile(r"`([^`\n]{2,80})`|\"([^\"\n]{2,60})\"|'([^'\n]{3,60})'")
_CODE_ID = re.compile(r"\b[A-Za-z_][\w.]*(?:_[\w.]+|\.[A-Za-z_]\w*|[a-z][A-Z]\w*)\b")
# Proper names: capitalised words not at a sentence start (runs joined, "of"/"de" allowed inside),
# acronyms, and years.
_ENTITY = re.compile(
    r"(?<![.!?:]\s)(?<!^)\b[A-Z][a-z]+(?:\s+(?:of\s+|de\s+)?[A-Z][a-z]+)*\b|\b[A-Z]{2,}\d*\b|\b(?:1[5-9]|20)\d\d\b",
    re.M,
)


@dataclass
class Found:
    key_facts: list[KeyFact] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)


def verbatim_span(candidate: str, source: str, min_chars: int = 12) -> str | None:
    """`candidate` if it occurs in `source`; else its longest piece that does (markup splits text)."""
    candidate = candidate.strip()
    if candidate and candidate in source:
        return candidate
    pieces = [p.strip() for p in re.split(r"\s{2,}|[\n\t]|(?<=[.;:,!?])\s|\s(?=[(\[])", candidate)]
    found = [p for p in pieces if len(p) >= min_chars and p in source]
    return max(found, key=len) if found else None


_LABEL = re.compile(r"^(?:#{1,6}\s|[-=|: ]{3,}$|.{0,60}:$)")
_JUNK = re.compile(r"[\[\]{}'\"\\]")


def _units(synthesis: str, prose: bool) -> list[str]:
    """Candidate statements: lines (tool output) or sentences (prose), without headings, markers
    or serialisation debris. Escaped newlines count as line breaks (reports embed JSON/repr)."""
    out: list[str] = []
    for raw in synthesis.splitlines():
        for line in raw.split("\\n"):
            line = line.strip()
            if not line or line.startswith(("[... ", "<")) or _LABEL.match(line):
                continue
            pieces = _SENTENCE_END.split(line) if prose else [line]
            out.extend(p.strip() for p in pieces if p.strip())
    return [u for u in out if 12 <= len(u) <= 2 * MAX_FACT_CHARS and len(_JUNK.findall(u)) <= 0.05 * len(u) + 2]


def _signal(unit: str) -> float:
    """How much a statement is worth reporting regardless of the task: errors, then test
    summaries, then anything with a number or a URL."""
    if _ERROR_LINE.match(unit):
        return 3.0
    if _SUMMARY.search(unit):
        return 2.0
    return 0.5 if _SIGNAL.search(unit) else 0.0


def _shorten(text: str) -> str:
    return clip(text, MAX_FACT_CHARS, ellipsis=" …", at_word=True)


def key_facts(result: str, synthesis: str, query: Sequence[str], *, prose: bool,
              final_answer: str | None = None) -> list[KeyFact]:
    """The statements that best match the task, each with a verbatim quote from `result`."""
    facts: list[KeyFact] = []
    if final_answer and final_answer.strip():
        quote = verbatim_span(final_answer.strip()[:MAX_FACT_CHARS], result)
        if quote:
            facts.append(KeyFact(fact=f"Final answer: {_shorten(final_answer.strip())}", evidence=quote))
    units = _units(drop_warnings(synthesis), prose)
    if not units:
        return facts
    scores = Ranker(units).scores(query)
    top = max(scores) or 1.0
    scores = [x / top for x in scores]
    signal = [_signal(u) for u in units]
    for i in sorted(range(len(units)), key=lambda k: -(scores[k] + signal[k])):
        if len(facts) >= MAX_FACTS or scores[i] + signal[i] <= 0:
            break
        quote = verbatim_span(units[i], result)
        if not quote or len(quote) < 12:
            continue
        if any(fuzz.token_set_ratio(quote, f.evidence) >= 90 for f in facts):
            continue
        facts.append(KeyFact(fact=_shorten(units[i]), evidence=quote))
    return facts


def asked_terms(task: str, sub_task: str) -> list[str]:
    """Specific things the step asks for: quoted/backticked items and code names of the sub-task,
    plus entities of a short task (a long task such as a PR description names far more than any
    one observation can hold)."""
    sources = [sub_task] + ([task] if len(task) <= 600 else [])
    found: list[str] = []
    for text in sources:
        for m in _QUOTED.finditer(text):
            found.append(next(g for g in m.groups() if g).strip())
        found.extend(_CODE_ID.findall(text))
        found.extend(m.group(0) for m in _ENTITY.finditer(text))
    unique: dict[str, str] = {}
    for term in found:
        key = term.lower()
        if key not in unique and key not in STOPWORDS:
            unique[key] = term
    return list(unique.values())


def gaps(result: str, task: str, sub_task: str) -> list[str]:
    haystack = result.lower()
    missing = [t for t in asked_terms(task, sub_task) if t.lower() not in haystack]
    return [f"The task mentions '{t}' but the result does not contain it." for t in missing[:MAX_GAPS]]


def analyse(result: str, synthesis: str, *, task: str, sub_task: str = "", prose: bool,
            prose_text: str = "", final_answer: str | None = None) -> Found:
    """`prose_text` is where conflicting statements are looked for (never code or logs, where
    `x = 1` then `x = 2` is normal)."""
    query = query_terms(task, sub_task)
    return Found(
        key_facts=key_facts(result, synthesis, query, prose=prose, final_answer=final_answer),
        conflicts=find_conflicts(prose_text) if prose_text else [],
        gaps=gaps(result, task, sub_task),
    )

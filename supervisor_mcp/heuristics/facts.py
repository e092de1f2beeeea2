"""Key facts with verbatim evidence, conflicting values, and what the task asks for but is missing.

Evidence is always a substring of the input as received (for HTML, of the raw markup: a text
node's words), so a caller can check every quote with `in`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from supervisor_mcp.heuristics.ranking import Ranker, STOPWORDS, query_terms
from supervisor_mcp.models import KeyFact

MAX_FACTS = 8
MAX_GAPS = 6
MAX_FACT_CHARS = 240
_CODE_SIGNAL = re.compile(
    r"^\s*(?:\d+\s+)?(?:def |class |import |from \S+ import|return\b|if .*:$|for .*:$|elif |else:|try:|except\b|"
    r"[{}();]\s*$|//|#|@\w+|\w+\s*=\s*\S|function\b|const |let |var |public |private )"
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d[\d,]*(?:\.\d+)?(?:\s?%)?(?![\w])")
_SIGNAL = re.compile(r"\b(?:\w+Error|\w+Exception|FAILED|ERROR|passed|failed|Traceback)\b|https?://\S+|\d")
_QUOTED = re.compile(r"`([^`\n]{2,80})`|\"([^\"\n]{2,60})\"|'([^'\n]{3,60})'")
_CODE_ID = re.compile(r"\b[A-Za-z_][\w.]*(?:_[\w.]+|\.[A-Za-z_]\w*|[a-z][A-Z]\w*)\b")
_ENTITY = re.compile(r"\b(?:[A-Z][a-z]+(?:\s+(?:of|de|the|and|&)?\s*[A-Z][a-z]+)+|[A-Z]{2,}\d*|(?:1[5-9]|20)\d\d)\b")
_MONTHS = "january february march april may june july august september october november december".split()
_DATE = re.compile(
    r"\b(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})\s+(" + "|".join(m[:3] for m in _MONTHS) + r")[a-z]*\.?,?\s+(\d{4})|"
    r"(" + "|".join(m[:3] for m in _MONTHS) + r")[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4}))\b",
    re.I,
)
_KEY_VALUE = re.compile(
    r"(?:^|[.;(]\s+|\n)\s*(?:the\s+|a\s+|an\s+|its\s+|their\s+)?(?P<key>[A-Za-z][A-Za-z \-]{2,40}?)\s*"
    r"(?::|=|\bis\b|\bwas\b|\bwere\b|\bare\b|\bof\b|\bstood at\b|\breached\b|\btotals?\b|\btotalled\b)\s*"
    r"(?:about |around |approximately |roughly |some |nearly |over |under |only |just )?"
    r"(?P<val>(?:" + _DATE.pattern[2:-2] + r")|[$€£]?\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|percent|million|billion|thousand|km|m|kg|years?))?)",
    re.I,
)


@dataclass
class Found:
    key_facts: list[KeyFact] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)


def looks_like_code(lines: Sequence[str]) -> bool:
    body = [ln for ln in lines if ln.strip()]
    if len(body) < 5:
        return False
    return sum(1 for ln in body if _CODE_SIGNAL.match(ln)) >= 0.3 * len(body)


def is_prose(text: str) -> bool:
    """Mostly sentences: long lines of words ending in punctuation, few code symbols."""
    body = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not body:
        return False
    wordy = sum(1 for ln in body if len(ln.split()) >= 8 and not _CODE_SIGNAL.match(ln)
                and sum(c in "{}[]();=<>_/\\|" for c in ln) < 0.04 * len(ln))
    return wordy >= 0.4 * len(body)


def verbatim_span(candidate: str, source: str, min_chars: int = 12) -> str | None:
    """`candidate` if it occurs in `source`; else its longest piece that does (markup splits text)."""
    candidate = candidate.strip()
    if candidate and candidate in source:
        return candidate
    pieces = [p.strip() for p in re.split(r"\s{2,}|[\n\t]|(?<=[.;:,!?])\s|\s(?=[(\[])", candidate)]
    found = [p for p in pieces if len(p) >= min_chars and p in source]
    return max(found, key=len) if found else None


def _units(synthesis: str, prose: bool) -> list[str]:
    out: list[str] = []
    for line in synthesis.splitlines():
        line = line.strip()
        if not line or line.startswith("[... ") or line.startswith("<"):
            continue
        if prose and len(line) > MAX_FACT_CHARS:
            out.extend(s.strip() for s in _SENTENCE_END.split(line) if s.strip())
        else:
            out.append(line)
    return out


def key_facts(result: str, synthesis: str, query: Sequence[str], *, prose: bool,
              final_answer: str | None = None) -> list[KeyFact]:
    facts: list[KeyFact] = []
    if final_answer:
        quote = verbatim_span(final_answer.strip()[:MAX_FACT_CHARS], result)
        if quote:
            facts.append(KeyFact(fact=f"Final answer: {final_answer.strip()[:MAX_FACT_CHARS]}", evidence=quote))
    units = [u for u in _units(synthesis, prose) if 8 <= len(u) <= 2 * MAX_FACT_CHARS]
    if not units:
        return facts
    scores = Ranker(units).scores(query)
    ranked = sorted(
        range(len(units)),
        key=lambda i: -(scores[i] + (1.0 if _SIGNAL.search(units[i]) else 0.0)),
    )
    seen = {f.evidence for f in facts}
    for i in ranked:
        if len(facts) >= MAX_FACTS or (scores[i] <= 0 and not _SIGNAL.search(units[i])):
            break
        quote = verbatim_span(units[i][:MAX_FACT_CHARS], result)
        if quote and quote not in seen and len(quote) >= 12:
            seen.add(quote)
            facts.append(KeyFact(fact=units[i][:MAX_FACT_CHARS], evidence=quote))
    return facts


def _norm_value(value: str) -> str:
    m = _DATE.fullmatch(value.strip())
    if m:
        g = m.groups()
        if g[0]:
            return f"{int(g[0]):04d}-{int(g[1]):02d}-{int(g[2]):02d}"
        if g[3]:
            return f"{int(g[5]):04d}-{_MONTHS.index(_month(g[4])) + 1:02d}-{int(g[3]):02d}"
        return f"{int(g[8]):04d}-{_MONTHS.index(_month(g[6])) + 1:02d}-{int(g[7]):02d}"
    return re.sub(r"[,\s$€£]", "", value.lower()).replace("percent", "%")


def _month(prefix: str) -> str:
    return next(m for m in _MONTHS if m.startswith(prefix.lower()[:3]))


def conflicts(text: str) -> list[str]:
    """Two different values stated for the same named quantity or date."""
    values: dict[str, dict[str, str]] = {}
    for m in _KEY_VALUE.finditer(text):
        words = [w for w in m.group("key").lower().split() if w not in STOPWORDS]
        if not words or len(words) > 4:
            continue
        key = " ".join(words[-3:])
        values.setdefault(key, {}).setdefault(_norm_value(m.group("val")), m.group(0).strip(" .;(\n"))
    out = []
    for key, seen in values.items():
        if len(seen) > 1:
            quotes = list(seen.values())[:3]
            out.append(f"'{key}' has different values: " + " vs ".join(f'"{q}"' for q in quotes))
    return out[:5]


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
        conflicts=conflicts(prose_text) if prose_text else [],
        gaps=gaps(result, task, sub_task),
    )

"""Conflicting statements: two different values given for the same named quantity or date.

A statement is a value (a date, or a number with its unit) tied to the words before it by a
linking word or sign ("population: 522,250", "the terminal opened on 12 May 2021", "repairs that
cost 3.2 million euros"). Its key is the last content words before the link, qualified by any other
year in the sentence so that a time series ("revenue was 5M in 2019 ... 6M in 2020") is not a
conflict. Only prose is checked: in code and logs `x = 1` then `x = 2` is normal.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.purify.ranking import STOPWORDS

MAX_CONFLICTS = 5
QUOTE_LEAD = 60
_MONTHS = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
]
_MON = "|".join(m[:3] for m in _MONTHS)
_DATE = (
    r"(?P<iso>\d{4})-(?P<iso_m>\d{1,2})-(?P<iso_d>\d{1,2})"
    rf"|(?P<dmy_d>\d{{1,2}})\s+(?P<dmy_m>{_MON})[a-z]*\.?,?\s+(?P<dmy_y>\d{{4}})"
    rf"|(?P<mdy_m>{_MON})[a-z]*\.?\s+(?P<mdy_d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<mdy_y>\d{{4}})"
)
_NUMBER = (
    r"[$€£]?\s?\d[\d,]*(?:\.\d+)?"
    r"(?:\s?(?:%|percent|million|billion|thousand|bn|m\b|km2?|kg|tonnes?|euros?|dollars?|people|years?))*"
)
_VALUE = re.compile(rf"(?<![\w.])(?:{_DATE}|{_NUMBER})(?![\w-])", re.I)
# What ties a value to the words before it, at the very end of the text that precedes the value.
_QUALIFIERS = frozenset({"about", "around", "approximately", "roughly", "nearly", "over", "only", "just"})
_LINK_WORDS = frozenset({
    "is", "was", "were", "are", "of", "on", "in", "at", "to", "cost", "costs", "reached", "totalled",
    "totaled",
})
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
_WORD = re.compile(r"[A-Za-z][A-Za-z-]+")
_UNITS = frozenset({
    "million", "millions", "billion", "billions", "thousand", "thousands", "percent", "per", "cent", "bn",
})
_CLAUSE = re.compile(r"[.;:,\n(]")


def _normalise(m: re.Match[str]) -> str:
    g = m.groupdict()
    if g["iso"]:
        return f"{int(g['iso']):04d}-{int(g['iso_m']):02d}-{int(g['iso_d']):02d}"
    if g["dmy_y"]:
        return f"{int(g['dmy_y']):04d}-{_month(g['dmy_m']):02d}-{int(g['dmy_d']):02d}"
    if g["mdy_y"]:
        return f"{int(g['mdy_y']):04d}-{_month(g['mdy_m']):02d}-{int(g['mdy_d']):02d}"
    value = re.sub(r"[\s$€£]", "", m.group(0).lower()).replace("percent", "%")
    return re.sub(r"(?<=\d),(?=\d{3}\b)", "", value)


def _month(name: str) -> int:
    return next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(name.lower()[:3]))


def _linked(before: str) -> str | None:
    """The words before a value when a link ("is", "on", ":", ...) ties them to it, else None.
    Looks at the last words only: a regex anchored at the end was the slowest step on long pages."""
    text = before.rstrip()
    if text.endswith((":", "=")):
        return text[:-1]
    words = text.rsplit(None, 2)
    while words and words[-1].lower() in _QUALIFIERS:
        text = text[: text.lower().rfind(words[-1].lower())].rstrip()
        words = text.rsplit(None, 2)
    if not words or words[-1].lower() not in _LINK_WORDS:
        return None
    text = text[: len(text) - len(words[-1])]
    return _CLAUSE.split(text)[-1] if _CLAUSE.search(text) else text


def _subject(before: str, sentence: str, value: str) -> tuple[str, frozenset[str], str, str] | None:
    """(head word, modifier words, year qualifier, label) of what a value is stated for, or None. A digit
    between the subject and the link means the value qualifies that number ("5 million in 2019")."""
    if any(c.isdigit() for c in before):
        return None
    words = [w.lower() for w in _WORD.findall(before)]
    content = [w for w in words if w not in STOPWORDS and w not in _LINK_WORDS and w not in _UNITS]
    if not content:
        return None
    years = sorted(set(_YEAR.findall(sentence)) - set(_YEAR.findall(value)))
    year = ", ".join(years)
    return content[-1], frozenset(content[-3:-1]), year, " ".join(content[-2:]) + (f" ({year})" if year else "")


def conflicts(text: str) -> list[str]:
    """'<subject>' has different values: "<quote>" vs "<quote>", for each subject stated twice
    differently. Two statements share a subject when their last content word before the link is
    the same, their other words do not contradict (one has none, or they share one), and no
    other year sets them apart."""
    statements: list[tuple[str, frozenset[str], str, str, str, str]] = []
    for sentence in _SENTENCES.split(text):
        for m in _VALUE.finditer(sentence):
            before = _linked(sentence[max(0, m.start() - 100): m.start()])
            subject = _subject(before[-80:], sentence, m.group(0)) if before is not None else None
            if subject is None:
                continue
            start = max(0, m.start() - QUOTE_LEAD)
            quote = sentence[start: m.end()]
            if start > 0 and " " in quote:
                quote = quote.split(" ", 1)[1]  # start on a whole word
            statements.append((*subject, _normalise(m), quote.strip()))
    out: list[str] = []
    reported: set[tuple[str, str]] = set()
    for i, (head, mods, year, label, value, quote) in enumerate(statements):
        for head2, mods2, year2, _, value2, quote2 in statements[i + 1:]:
            same = head == head2 and year == year2 and (not mods or not mods2 or mods & mods2)
            if same and value != value2 and (head, year) not in reported:
                reported.add((head, year))
                out.append(f"'{label}' has different values: \"{quote}\" vs \"{quote2}\"")
    return out[:MAX_CONFLICTS]

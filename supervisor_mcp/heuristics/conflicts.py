"""Conflicting statements: two different values given for the same named quantity or date.

A statement is a value (a date, or a number with its unit) tied to the words before it by a
linking word or sign ("population: 522,250", "the terminal opened on 12 May 2021", "repairs that
cost 3.2 million euros"). Its key is the last content words before the link, qualified by any other
year in the sentence so that a time series ("revenue was 5M in 2019 ... 6M in 2020") is not a
conflict. Only prose is checked: in code and logs `x = 1` then `x = 2` is normal.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.ranking import STOPWORDS

MAX_CONFLICTS = 5
_MONTHS = "january february march april may june july august september october november december".split()
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
_LINKED = re.compile(
    r"(?P<before>[A-Za-z][^.;:\n]{0,80}?)\s*(?::|=|\b(?:is|was|were|are|of|on|in|at|to|costs?|reached|"
    r"totall?ed|stood at))\s*(?:about |around |approximately |roughly |nearly |over |only |just )?$",
    re.I,
)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
_WORD = re.compile(r"[A-Za-z][A-Za-z-]+")
_LINK_WORDS = frozenset("is was were are of on in at to cost costs reached totalled totaled stood".split())


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


def _key(before: str, sentence: str, value: str) -> str:
    words = [w.lower() for w in _WORD.findall(before)]
    content = [w for w in words if w not in STOPWORDS and w not in _LINK_WORDS]
    if not content:
        return ""
    years = sorted(set(_YEAR.findall(sentence)) - set(_YEAR.findall(value)))
    return " ".join(content[-2:]) + (f" ({', '.join(years)})" if years else "")


def conflicts(text: str) -> list[str]:
    """'<key>' has different values: "<quote>" vs "<quote>", for each key stated twice differently."""
    values: dict[str, dict[str, str]] = {}
    for sentence in _SENTENCES.split(text):
        for m in _VALUE.finditer(sentence):
            link = _LINKED.search(sentence, max(0, m.start() - 100), m.start())
            if not link:
                continue
            key = _key(link.group("before"), sentence, m.group(0))
            if key:
                quote = sentence[link.start("before"): m.end()].strip()
                values.setdefault(key, {}).setdefault(_normalise(m), quote)
    out = []
    for key, seen in values.items():
        if len(seen) > 1:
            quotes = " vs ".join(f'"{q}"' for q in list(seen.values())[:3])
            out.append(f"'{key}' has different values: {quotes}")
    return out[:MAX_CONFLICTS]

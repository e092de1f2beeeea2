"""Lexical relevance of passages to the agent's task and sub-task (BM25, no model).

Agents name things in code style (`separability_matrix`, `CompoundModel`, `django/db/models`), so a
query term matches both the whole identifier and its parts; prose stop words and the boilerplate of
task prompts ("consider the following PR description") carry no signal and are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rank_bm25 import BM25Okapi

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)*")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")

STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before being
    below between both but by can could did do does doing done down during each either else even
    ever every few for from further get gets got had has have having he her here hers him his how i
    if in into is it its itself just let like may me might more most much must my no nor not now of
    off on once only or other our out over own same say says she should so some such than that the
    their them then there these they this those through to too under until up upon us use used uses
    using very via was way we well were what when where which while who whom why will with within
    without would yet you your yours one two new make made see seems seem need needs want wants
    true false none null self def return import from class
    consider following description please task tasks issue pr thanks hi hello question answer find
    read look check show shows showing give tell know let lets try trying expected actual currently
    something anything everything thing things example examples instead still really actually
    main page web article site content text information info details detail result results output
    """.split()
)


def split_identifier(token: str) -> list[str]:
    """`get_HTTPResponse_code` -> [get, http, response, code]; lowercased parts of an identifier."""
    parts: list[str] = []
    for piece in re.split(r"[_\W]+", token):
        parts.extend(p.lower() for p in _CAMEL.findall(piece))
    return parts


def terms(text: str) -> list[str]:
    """Index terms of a passage: each identifier whole (lowercased) plus its parts, minus stop words."""
    out: list[str] = []
    for token in _WORD.findall(text):
        low = token.lower()
        if len(low) < 2 or low in STOPWORDS:
            continue
        out.append(low)
        parts = split_identifier(token)
        if len(parts) > 1:
            out.extend(p for p in parts if len(p) > 2 and p not in STOPWORDS and p != low)
    return out


def query_terms(task: str, sub_task: str = "", source: str = "") -> list[str]:
    """The query: the local goal counts twice (it says what this step is after), then the task."""
    query = terms(sub_task) * 2 + terms(task)
    # The command or URL that produced the output names what the agent was looking for.
    query += terms(source)
    return query


class Ranker:
    """BM25 over a fixed list of passages; scores are comparable within one call only."""

    def __init__(self, passages: Sequence[str]) -> None:
        self._docs = [terms(p) for p in passages]
        self._vocab = {t for doc in self._docs for t in doc}
        self._bm25 = BM25Okapi(self._docs) if any(self._docs) else None

    def scores(self, query: Iterable[str]) -> list[float]:
        present = [t for t in query if t in self._vocab]
        if self._bm25 is None or not present:
            return [0.0] * len(self._docs)
        return [max(float(s), 0.0) for s in self._bm25.get_scores(present)]


def rank(passages: Sequence[str], query: Iterable[str]) -> list[float]:
    return Ranker(passages).scores(query)

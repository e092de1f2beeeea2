"""Lexical relevance of passages to the agent's task and sub-task (BM25, no model).

Agents name things in code style (`separability_matrix`, `CompoundModel`, `django/db/models`), so a
query term matches both the whole identifier and its parts; prose stop words and the boilerplate of
task prompts ("consider the following PR description") carry no signal and are dropped.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

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
    """.split()  # noqa: SIM905 - reads best as words
)


def split_identifier(token: str) -> list[str]:
    """`get_HTTPResponse_code` -> [get, http, response, code]; lowercased parts of an identifier."""
    parts: list[str] = []
    for piece in re.split(r"[_\W]+", token):
        parts.extend(p.lower() for p in _CAMEL.findall(piece))
    return parts


def _token_terms(token: str) -> tuple[str, ...]:
    # The hottest call of purification (every token of a 4 MB log): a C-level cache for tokens of
    # identifier length, whose size is bounded by construction (entries x 64 chars); longer tokens
    # are rare and computed each time.
    return _short_token_terms(token) if len(token) <= 64 else _compute_token_terms(token)


def _compute_token_terms(token: str) -> tuple[str, ...]:
    low = token.lower()
    if len(low) < 2 or low in STOPWORDS:
        return ()
    parts = split_identifier(token)
    if len(parts) < 2:
        return (low,)
    return (low, *(p for p in parts if len(p) > 2 and p not in STOPWORDS and p != low))


_short_token_terms = functools.lru_cache(maxsize=1 << 16)(_compute_token_terms)


def terms(text: str) -> list[str]:
    """Index terms of a passage: each identifier whole (lowercased) plus its parts, minus stop words."""
    out: list[str] = []
    for token in _WORD.findall(text):
        out.extend(_token_terms(token))
    return out


def query_terms(task: str, sub_task: str = "", source: str = "") -> list[str]:
    """The query: the local goal counts twice (it says what this step is after), then the task."""
    query = terms(sub_task) * 2 + terms(task)
    # The command or URL that produced the output names what the agent was looking for.
    query += terms(source)
    return query


class Ranker:
    """Okapi BM25 (k1=1.5, b=0.75, the rank_bm25 defaults) over a fixed list of passages; scores are
    comparable within one call only. Passages may come as text or already split into terms (to
    tokenize each line once). Scoring walks an inverted index, so a long query over a thousand
    lines costs its postings, not query length x passages (rank_bm25's loop was 3/4 of our time)."""

    k1 = 1.5
    b = 0.75
    epsilon = 0.25

    def __init__(self, passages: Sequence[str] | Sequence[list[str]]) -> None:
        docs = [terms(p) if isinstance(p, str) else p for p in passages]
        self._n = len(docs)
        self._lengths = [len(d) for d in docs]
        avg = sum(self._lengths) / self._n if self._n else 0.0
        self._norm = [self.k1 * (1 - self.b + self.b * length / avg) if avg else self.k1 for length in self._lengths]
        self._postings: dict[str, list[tuple[int, int]]] = {}
        for i, doc in enumerate(docs):
            for term, tf in Counter(doc).items():
                self._postings.setdefault(term, []).append((i, tf))
        idf = {t: math.log(self._n - len(p) + 0.5) - math.log(len(p) + 0.5) for t, p in self._postings.items()}
        # Terms in more than half the passages get a small positive weight instead of a negative one.
        floor = self.epsilon * (sum(idf.values()) / len(idf)) if idf else 0.0
        self._idf = {t: (v if v > 0 else floor) for t, v in idf.items()}

    def scores(self, query: Iterable[str]) -> list[float]:
        out = [0.0] * self._n
        for term, count in Counter(query).items():
            postings = self._postings.get(term)
            if not postings:
                continue
            weight = self._idf[term] * count
            for i, tf in postings:
                out[i] += weight * tf * (self.k1 + 1) / (tf + self._norm[i])
        return [max(s, 0.0) for s in out]


def rank(passages: Sequence[str], query: Iterable[str]) -> list[float]:
    return Ranker(passages).scores(query)

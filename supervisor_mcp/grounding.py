"""Ground a model's text in its input: what the agent will read instead of the source must not
contain anything the source does not.

Checked claims are the ones an agent acts on and cannot tell from a hallucination: quoted strings,
URLs, file paths and numbers. A claim missing from the source is replaced by `[unsupported]` and
listed. Evidence quotes must be verbatim; a near miss (the model retyped a quote) is repaired to the
source's own span when exactly one such span exists, otherwise the quote and its fact are dropped.
"""

from __future__ import annotations

import html
import re
import unicodedata
from decimal import Decimal, InvalidOperation

from rapidfuzz import fuzz

from supervisor_mcp.models import ErrorDiagnosis, KeyFact, SynthesisDecision

MARK = "[unsupported]"
REPAIR_MIN_SCORE = 90.0
REPAIR_MAX_CHARS = 600  # longer "quotes" are paraphrases, not near misses
ANCHOR_WORDS = 3
MAX_WINDOWS = 200

_QUOTE = re.compile(r'"(\S(?:[^"\n]{0,298}\S)?)"|“([^”\n]{1,300})”|`([^`\n]{1,300})`')
_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>\"'`)\]}]+", re.IGNORECASE)
_PATH = re.compile(r"(?<![\w/.:~-])(?:~|\.{1,2})?/?[\w.@+-]+(?:/[\w.@+-]+)+/?")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?!\w)")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_EXTENSION = re.compile(r"\.[A-Za-z][\w]{0,7}$")
_VALUE = re.compile(r"[\w.-]*\d[\w.-]*")
_TAG = re.compile(r"<[^>]{0,2000}>")
_TRAILING = ".,;:!?"


class _Source:
    """The source as written, plus its visible text when it is markup, in matchable forms."""

    def __init__(self, text: str) -> None:
        raw = html.unescape(text)
        visible = html.unescape(_TAG.sub(" ", text)) if _TAG.search(text) else raw
        self.views = [raw] if visible == raw else [raw, visible]
        self.visible = visible
        self.flat = [_flat(view) for view in self.views]
        tokens = {match.group() for view in self.views for match in _NUMBER.finditer(view)}
        self.number_keys = {key for token in tokens for key in _number_keys(token)}
        self._numbers_seen: dict[str, bool] = {}

    def contains(self, snippet: str) -> bool:
        if any(snippet in view for view in self.views):
            return True
        flat = _flat(snippet)
        return bool(flat) and any(flat in view for view in self.flat)

    def has_number(self, token: str) -> bool:
        if token not in self._numbers_seen:
            self._numbers_seen[token] = self._find_number(token)
        return self._numbers_seen[token]

    def _find_number(self, token: str) -> bool:
        if _number_keys(token) <= self.number_keys:
            return True
        # Digits glued to letters ("HAT097") are not number tokens in the source, but do state the number.
        pattern = re.compile(r"(?<!\d)" + re.escape(token) + r"(?!\d)")
        return any(token in view and pattern.search(view) for view in self.views)


_QUOTES = {ord("“"): '"', ord("”"): '"', ord("‘"): "'", ord("’"): "'"}


def _flat(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(_QUOTES)
    return " ".join(text.split()).casefold()


def _number_keys(token: str) -> set[str]:
    parts = [token.replace(",", "")] if _THOUSANDS.fullmatch(token) else token.split(",")
    keys = set()
    for part in parts:
        try:
            keys.add(format(Decimal(part).normalize(), "f"))
        except InvalidOperation:
            keys.add(part)
    return keys


def _is_path(token: str) -> bool:
    return token.startswith(("/", "./", "../", "~/")) or token.count("/") >= 2 or bool(_EXTENSION.search(token))


def _claims(text: str) -> list[tuple[int, int, str]]:
    """Non-overlapping (start, end, claim) spans; quotes win over what they contain, then URLs, paths, numbers."""
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, int, str]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in taken)

    for pattern in (_QUOTE, _URL, _PATH, _NUMBER):
        for match in pattern.finditer(text):
            start, end = match.span()
            token = match.group()
            if pattern is _URL or pattern is _PATH:
                stripped = token.rstrip(_TRAILING)
                end -= len(token) - len(stripped)
                token = stripped
            if pattern is _PATH and not _is_path(token):
                continue
            if token and free(start, end):
                taken.append((start, end))
                found.append((start, end, token))
    return sorted(found)


def _supported(claim: str, source: _Source) -> bool:
    if claim[0] in "\"“`":
        inner = claim[1:-1]
        return source.contains(inner) or source.contains(inner.rstrip(_TRAILING))
    if claim[0].isdigit() and _NUMBER.fullmatch(claim):
        return source.has_number(claim)
    return source.contains(claim) or source.contains(claim.rstrip("/"))


def _ground_text(text: str | None, source: _Source, unsupported: list[str]) -> str | None:
    if not text:
        return text
    pieces, last = [], 0
    for start, end, claim in _claims(text):
        if _supported(claim, source):
            continue
        pieces += [text[last:start], MARK]
        last = end
        if claim not in unsupported:
            unsupported.append(claim)
    return "".join(pieces) + text[last:]


def verbatim(quote: str, source: _Source) -> str | None:
    """`quote` when the source states it, the source's own span for a unique near miss, else None."""
    quote = quote.strip()
    if not quote:
        return None
    if any(quote in view for view in source.views):
        return quote
    if len(quote) <= REPAIR_MAX_CHARS:
        repaired = _repair(quote, source.visible)
        if repaired is not None:
            return repaired
    # Only whitespace, case or quote style differ: the statement is the source's.
    return quote if source.contains(quote) else None


def _repair(quote: str, haystack: str) -> str | None:
    spans = []
    for low, high in _windows(quote, haystack):
        hit = fuzz.partial_ratio_alignment(quote, haystack[low:high], score_cutoff=REPAIR_MIN_SCORE)
        if hit is not None:
            spans.append(_snap(haystack, low + hit.dest_start, low + hit.dest_end))
    # Two different spans that both fit make the repair a guess; refuse it.
    if len({_flat(span) for span in spans}) != 1:
        return None
    span = spans[0]
    # Repair fixes retyped words, never values: a quote naming another id or number is not this span.
    if not _values(quote) <= _values(span):
        return None
    return span


def _windows(quote: str, haystack: str) -> list[tuple[int, int]]:
    """Stretches of the source around its longest words: fuzzy matching all of a large source is slow."""
    words = sorted({w.strip(_TRAILING + "\"'()[]{}") for w in quote.split()}, key=len, reverse=True)
    windows: set[tuple[int, int]] = set()
    for word in [w for w in words if len(w) >= 4][:ANCHOR_WORDS]:
        position = haystack.find(word)
        while position != -1 and len(windows) < MAX_WINDOWS:
            windows.add((max(position - len(quote), 0), position + len(word) + len(quote)))
            position = haystack.find(word, position + 1)
    return sorted(windows)


def _values(text: str) -> set[str]:
    return {token.strip(".-") for token in _VALUE.findall(text)}


def _snap(text: str, start: int, end: int, reach: int = 40) -> str:
    """Widen a span to whole words, so a repaired quote does not start or end mid-word."""
    low, high = max(start - reach, 0), min(end + reach, len(text))
    while start > low and not text[start - 1].isspace():
        start -= 1
    while end < high and not text[end].isspace():
        end += 1
    return text[start:end].strip()


def _ground_fact(fact: KeyFact, source: _Source, unsupported: list[str]) -> KeyFact | None:
    evidence = verbatim(fact.evidence, source)
    if evidence is None:
        unsupported.append(f"key fact dropped, its evidence is not in the input: {fact.evidence[:160]}")
        return None
    missing: list[str] = []
    _ground_text(fact.fact, source, missing)
    if missing:
        unsupported.append(f"key fact dropped, it states {', '.join(missing)} not found in the input")
        return None
    return KeyFact(fact=fact.fact, evidence=evidence)


def ground_synthesis(decision: SynthesisDecision, source: str) -> tuple[SynthesisDecision, list[str]]:
    """Remove what `source` does not support from the synthesis, final answer and key facts."""
    src = _Source(source)
    unsupported: list[str] = []
    synthesis = _ground_text(decision.synthesis, src, unsupported) or ""
    final_answer = _ground_text(decision.final_answer, src, unsupported)
    facts = [kept for fact in decision.key_facts if (kept := _ground_fact(fact, src, unsupported))]
    update = {"synthesis": synthesis, "final_answer": final_answer, "key_facts": facts}
    return decision.model_copy(update=update), unsupported


def ground_error(diag: ErrorDiagnosis, source: str) -> tuple[ErrorDiagnosis, list[str]]:
    """Ground the corrected observation and the evidence lines of a diagnosis in the error text."""
    src = _Source(source)
    unsupported: list[str] = []
    corrected = _ground_text(diag.corrected_observation, src, unsupported)
    evidence = []
    for line in diag.evidence:
        kept = verbatim(line, src)
        if kept is None:
            unsupported.append(f"evidence dropped, not in the input: {line[:160]}")
        else:
            evidence.append(kept)
    return diag.model_copy(update={"corrected_observation": corrected, "evidence": evidence}), unsupported

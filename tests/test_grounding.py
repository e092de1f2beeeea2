"""Grounding: planted inventions are removed and listed; what the source states survives."""

from __future__ import annotations

from pathlib import Path

from supervisor_mcp.grounding import MARK, ground_error, ground_synthesis
from supervisor_mcp.models import ErrorDiagnosis, KeyFact, SynthesisDecision

RESERVATION = """{"reservation_id": "Q69X3R", "user_id": "ivan_muller_7015", "origin": "DTW",
"destination": "SEA", "flight_type": "one_way", "cabin": "economy",
"flights": [{"flight_number": "HAT097", "date": "2024-05-17", "price": 184},
            {"flight_number": "HAT251", "date": "2024-05-17", "price": 191}],
"payment_history": [{"payment_id": "certificate_8998287", "amount": 1,234.50}],
"status": "confirmed", "note": "Manage it at https://airline.example.com/manage?id=Q69X3R."}"""

PAGE = """<html><head><title>Release notes</title><script>track("pv")</script></head><body>
<nav><a href="/">Home</a> | <a href="/docs">Docs</a></nav>
<article><h1>Version 4.2.1</h1>
<p>The <b>release</b> of version 4.2.1 fixes <code>parse_config()</code> in src/app/config.py.</p>
<p>Download it from <a href="https://example.org/dl/4.2.1">https://example.org/dl/4.2.1</a>.</p>
<p>Support for Python 3.8 ends on 2025-10-31.</p></article></body></html>"""

TRACEBACK = (Path(__file__).parent / "fixtures" / "errors" / "reproduce_app_missing.txt").read_text(encoding="utf-8")


def _synthesis(text: str, final_answer: str | None = None, facts: list[KeyFact] | None = None) -> SynthesisDecision:
    return SynthesisDecision(
        action="correct_observation", synthesis=text, final_answer=final_answer, key_facts=facts or [],
    )


def test_faithful_synthesis_is_untouched() -> None:
    text = ('Reservation Q69X3R (one_way, economy): HAT097 on 2024-05-17 at 184, HAT251 at 191; paid '
            '1,234.50 with "certificate_8998287". See https://airline.example.com/manage?id=Q69X3R.')
    grounded, unsupported = ground_synthesis(_synthesis(text), RESERVATION)
    assert unsupported == []
    assert grounded.synthesis == text


def test_invented_number_is_removed_and_listed() -> None:
    grounded, unsupported = ground_synthesis(_synthesis("Total price 375, flights 184 and 191."), RESERVATION)
    assert unsupported == ["375"]
    assert grounded.synthesis == f"Total price {MARK}, flights 184 and 191."


def test_reformatted_number_counts_as_the_same_number() -> None:
    _, unsupported = ground_synthesis(_synthesis("Paid 1234.5 by certificate."), RESERVATION)
    assert unsupported == []


def test_invented_url_is_removed_but_the_real_one_stays() -> None:
    text = "Manage at https://airline.example.com/manage?id=Q69X3R. Refunds: https://airline.example.com/refund."
    grounded, unsupported = ground_synthesis(_synthesis(text), RESERVATION)
    assert unsupported == ["https://airline.example.com/refund"]
    assert "https://airline.example.com/manage?id=Q69X3R." in grounded.synthesis
    assert grounded.synthesis.endswith(f"Refunds: {MARK}.")


def test_invented_path_is_removed_but_the_real_one_stays() -> None:
    text = "The fix touches src/app/config.py and src/app/loader.py."
    grounded, unsupported = ground_synthesis(_synthesis(text), PAGE)
    assert unsupported == ["src/app/loader.py"]
    assert grounded.synthesis == f"The fix touches src/app/config.py and {MARK}."


def test_invented_quote_is_removed_but_the_real_one_stays() -> None:
    text = 'It fixes `parse_config()`; the notes say "fixes parse_config()" and "adds TOML support".'
    grounded, unsupported = ground_synthesis(_synthesis(text), PAGE)
    assert unsupported == ['"adds TOML support"']
    assert grounded.synthesis == f'It fixes `parse_config()`; the notes say "fixes parse_config()" and {MARK}.'


def test_visible_text_of_markup_counts_as_the_source() -> None:
    text = 'Notes: "The release of version 4.2.1 fixes parse_config() in src/app/config.py." Python 3.8 support ends 2025-10-31.'
    _, unsupported = ground_synthesis(_synthesis(text), PAGE)
    assert unsupported == []


def test_prose_with_slashes_is_not_taken_for_paths() -> None:
    _, unsupported = ground_synthesis(_synthesis("Download and/or install version 4.2.1 (input/output fix)."), PAGE)
    assert unsupported == []


def test_final_answer_is_grounded_too() -> None:
    decision = _synthesis("HAT097 and HAT251.", final_answer="Certificate balance left: 116.")
    grounded, unsupported = ground_synthesis(decision, RESERVATION)
    assert unsupported == ["116"]
    assert grounded.final_answer == f"Certificate balance left: {MARK}."


def test_key_fact_with_verbatim_evidence_is_kept() -> None:
    fact = KeyFact(fact="HAT097 costs 184", evidence='{"flight_number": "HAT097", "date": "2024-05-17", "price": 184}')
    grounded, unsupported = ground_synthesis(_synthesis("", facts=[fact]), RESERVATION)
    assert grounded.key_facts == [fact] and unsupported == []


def test_retyped_evidence_is_repaired_to_the_source_span() -> None:
    fact = KeyFact(fact="Python 3.8 support ends", evidence="Support for Python 3.8 ends on 2025-10-31")
    retyped = fact.model_copy(update={"evidence": "Suport for Python 3.8 ends on 2025-10-31"})
    grounded, unsupported = ground_synthesis(_synthesis("", facts=[retyped]), PAGE)
    assert unsupported == []
    assert grounded.key_facts[0].evidence.startswith("Support for Python 3.8 ends on 2025-10-31")


def test_evidence_naming_another_value_is_not_repaired() -> None:
    fact = KeyFact(fact="HAT098 costs 184", evidence='{"flight_number": "HAT098", "date": "2024-05-17", "price": 184}')
    grounded, unsupported = ground_synthesis(_synthesis("", facts=[fact]), RESERVATION)
    assert grounded.key_facts == []
    assert "HAT098" in unsupported[0]


def test_ambiguous_near_miss_is_not_repaired() -> None:
    source = "Gate A12 closes at 09:40.\nGate A14 closes at 09:40.\n"
    fact = KeyFact(fact="The gate closes at 09:40", evidence="Gate A13 closes at 09:40.")
    grounded, unsupported = ground_synthesis(_synthesis("", facts=[fact]), source)
    assert grounded.key_facts == []
    assert len(unsupported) == 1 and "Gate A13" in unsupported[0]


def test_invented_evidence_drops_the_fact() -> None:
    fact = KeyFact(fact="Refunds take 7 days", evidence="Refunds are processed within 7 business days.")
    grounded, unsupported = ground_synthesis(_synthesis("", facts=[fact]), RESERVATION)
    assert grounded.key_facts == []
    assert unsupported[0].startswith("key fact dropped, its evidence is not in the input")


def test_fact_stating_an_invented_number_is_dropped() -> None:
    fact = KeyFact(fact="The two flights cost 400 in total", evidence='"status": "confirmed"')
    grounded, unsupported = ground_synthesis(_synthesis("", facts=[fact]), RESERVATION)
    assert grounded.key_facts == []
    assert "400" in unsupported[0]


def _diagnosis(corrected: str | None, evidence: list[str]) -> ErrorDiagnosis:
    return ErrorDiagnosis(
        action="correct_observation", category="missing_dependency", fault="agent", retryable=False,
        root_cause="reproduce_issue.py lists an app 'reproduce_app' that is not importable.",
        fix="Create the reproduce_app package next to reproduce_issue.py or drop it from INSTALLED_APPS.",
        evidence=evidence, corrected_observation=corrected, confidence=0.8,
    )


def test_corrected_observation_keeps_only_what_the_error_says() -> None:
    corrected = ("reproduce_issue.py line 20: django.setup() failed in /testbed/django/apps/config.py line 90: "
                 "ModuleNotFoundError: No module named 'reproduce_app' (Django 3.0.2)")
    grounded, unsupported = ground_error(_diagnosis(corrected, []), TRACEBACK)
    assert unsupported == ["3.0.2"]
    assert grounded.corrected_observation is not None
    assert grounded.corrected_observation.endswith(f"(Django {MARK})")
    assert "/testbed/django/apps/config.py line 90" in grounded.corrected_observation


def test_error_evidence_not_in_the_error_is_dropped() -> None:
    real = "ModuleNotFoundError: No module named 'reproduce_app'"
    grounded, unsupported = ground_error(_diagnosis(None, [real, "ImportError: cannot import name 'setup'"]), TRACEBACK)
    assert grounded.evidence == [real]
    assert len(unsupported) == 1 and "cannot import name" in unsupported[0]

"""The LLM-free gate: which calls go to the model under `smart`, and that `always` sends them all."""

from __future__ import annotations

from supervisor_mcp.models import ErrorDiagnosis, InefficiencyVerdict
from supervisor_mcp.settings import Settings
from supervisor_mcp.tools.gate import (
    error_needs_model,
    inefficiency_needs_model,
    synthesis_needs_model,
)

SMART = Settings(_env_file=None, db=":memory:", llm_gate="smart", obs_threshold_chars=3000, step_check_interval=8)
ALWAYS = Settings(_env_file=None, db=":memory:", llm_gate="always")


def _diagnosis(category: str, confidence: float) -> ErrorDiagnosis:
    return ErrorDiagnosis(
        action="provide_guidance", category=category, fault="environment", retryable=False,  # type: ignore[arg-type]
        root_cause="ModuleNotFoundError: No module named 'reproduce_app'",
        fix="Add the directory holding reproduce_app to PYTHONPATH or create the app package.",
        confidence=confidence,
    )


def _verdict(pattern: str) -> InefficiencyVerdict:
    action = "approve" if pattern == "none" else "provide_guidance"
    return InefficiencyVerdict(action=action, pattern=pattern)  # type: ignore[arg-type]


def test_confident_signature_skips_the_model() -> None:
    assert error_needs_model(_diagnosis("missing_dependency", 0.9), SMART) is False


def test_unsure_diagnosis_asks_the_model() -> None:
    assert error_needs_model(_diagnosis("runtime_error", 0.55), SMART) is True


def test_unknown_category_asks_the_model_even_when_confident() -> None:
    assert error_needs_model(_diagnosis("unknown", 0.95), SMART) is True


def test_always_gate_sends_confident_errors_too() -> None:
    assert error_needs_model(_diagnosis("missing_dependency", 0.99), ALWAYS) is True


def test_flagged_pattern_asks_the_model() -> None:
    assert inefficiency_needs_model(_verdict("paging_crawl"), trace_len=9, step_count=9, settings=SMART) is True


def test_clean_trace_between_intervals_skips_the_model() -> None:
    assert inefficiency_needs_model(_verdict("none"), trace_len=9, step_count=9, settings=SMART) is False


def test_clean_trace_at_the_check_interval_asks_the_model() -> None:
    assert inefficiency_needs_model(_verdict("none"), trace_len=5, step_count=16, settings=SMART) is True


def test_interval_counts_the_session_trace_when_the_agent_sends_no_step_count() -> None:
    assert inefficiency_needs_model(_verdict("none"), trace_len=8, step_count=0, settings=SMART) is True


def test_always_gate_reviews_every_trace_but_not_an_empty_one() -> None:
    assert inefficiency_needs_model(_verdict("none"), trace_len=3, step_count=3, settings=ALWAYS) is True
    assert inefficiency_needs_model(_verdict("none"), trace_len=0, step_count=0, settings=ALWAYS) is False


def test_short_result_skips_the_model() -> None:
    assert synthesis_needs_model("x" * 2999, SMART) is False


def test_result_at_the_threshold_asks_the_model() -> None:
    assert synthesis_needs_model("x" * 3000, SMART) is True


def test_always_gate_sends_short_results_but_never_empty_ones() -> None:
    assert synthesis_needs_model("Flight HAT097 departs 2024-05-17.", ALWAYS) is True
    assert synthesis_needs_model(" \n\t", ALWAYS) is False

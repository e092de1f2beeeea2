"""The LLM-free gate: decide in microseconds whether a call is worth a model's tokens.

As in the paper's adaptive filter, the model is only consulted where the heuristic engine is
unsure or where a model can add something: long observations, suspicious traces (plus a periodic
review), and errors no known signature explains with confidence. `SUPERVISOR_LLM_GATE=always`
sends every non-empty call to the model instead.
"""

from __future__ import annotations

from supervisor_mcp.models import ErrorDiagnosis, InefficiencyVerdict
from supervisor_mcp.settings import Settings

# A signature match at or above this confidence already names the cause and a concrete fix.
CONFIDENT_DIAGNOSIS = 0.8


def error_needs_model(finding: ErrorDiagnosis, settings: Settings) -> bool:
    if settings.llm_gate == "always":
        return True
    confident = finding.confidence >= CONFIDENT_DIAGNOSIS and finding.category != "unknown"
    return not confident


def periodic_review_due(trace_len: int, step_count: int, interval: int) -> bool:
    """True at every `interval`-th step of the run (the agent's own count when it sends one)."""
    steps = step_count if step_count > 0 else trace_len
    return steps > 0 and steps % interval == 0


def inefficiency_needs_model(
    finding: InefficiencyVerdict, trace_len: int, step_count: int, settings: Settings,
) -> bool:
    if trace_len <= 0:
        return False  # nothing to review
    if settings.llm_gate == "always":
        return True
    # A flagged pattern needs judgement the detector lacks: is the repetition productive?
    if finding.pattern != "none" or finding.action != "approve":
        return True
    return periodic_review_due(trace_len, step_count, settings.step_check_interval)


def synthesis_needs_model(result: str, settings: Settings) -> bool:
    if not result.strip():
        return False
    if settings.llm_gate == "always":
        return True
    return len(result) >= settings.obs_threshold_chars

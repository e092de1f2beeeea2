"""How a model's decision and a confident heuristic finding combine.

A weak or hurried model will sometimes contradict what the error text states outright (an errno, a
known signature) or what the trace shows step by step (a paging crawl with its evidence). A
confident heuristic classification is kept over such a model; the model's words are recorded in
`overruled`, never silently dropped or silently applied. Where the two agree, or the heuristic
was unsure, the model's decision stands: it is the engine the user chose.
"""

from __future__ import annotations

from supervisor_mcp.models import ErrorDiagnosis, InefficiencyVerdict
from supervisor_mcp.tools.gate import CONFIDENT_DIAGNOSIS


def _said(text: str | None, limit: int = 200) -> str:
    flat = " ".join((text or "").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def reconcile_error(finding: ErrorDiagnosis, decision: ErrorDiagnosis) -> tuple[ErrorDiagnosis, str | None]:
    confident = finding.confidence >= CONFIDENT_DIAGNOSIS and finding.category != "unknown"
    if not confident or decision.category == finding.category:
        return decision, None
    said = (f"{decision.category} (fault {decision.fault}, retryable {str(decision.retryable).lower()}): "
            f"{_said(decision.root_cause)}")
    return finding, said


def reconcile_inefficiency(
    finding: InefficiencyVerdict, decision: InefficiencyVerdict,
) -> tuple[InefficiencyVerdict, str | None]:
    # Guidance is only given for patterns measured to predict failure: such a finding stands.
    confident = finding.action == "provide_guidance"
    if not confident or (decision.action == finding.action and decision.pattern == finding.pattern):
        return decision, None
    said = f"{decision.action} ({decision.pattern}): {_said(decision.guidance or '; '.join(decision.evidence))}"
    return finding, said

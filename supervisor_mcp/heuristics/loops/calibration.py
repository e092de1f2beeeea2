"""How telling each pattern is: the chance that a run showing it is failing, measured on public runs.

A pattern that is real but common in healthy runs (an error the agent fixes on the next try, a
long test log read twice) earns no guidance: a note costs a healthy run tokens and can derail it.
Each value is LR / (1 + LR), the chance a flagged run is failing at even prior odds, where LR is
the Mantel-Haenszel ratio P(pattern | failed run) / P(pattern | resolved run) stratified by
source, with 3 runs of smoothing on each side so that a pattern seen in a handful of runs stays
near even odds. Sources: mini-swe-agent + Gemini 3 Pro (SWE-bench Verified), CodeR + GPT-4
(SWE-bench Lite) and SWE-agent on Multi-SWE-bench Java with five models: 809 runs, 187 resolved.
Recompute with `python bench/loops_by_source.py`, which also reports every source held out.
"""

from __future__ import annotations

from supervisor_mcp.models import Pattern

CONFIDENCE: dict[Pattern, float] = {
    "paging_crawl": 0.66,  # CodeR: 21 failed / 3 resolved runs; mini-swe 1 / 1
    "output_overflow_repeat": 0.63,  # mini-swe 4 / 3; elsewhere only in runs that all failed
    "exact_loop": 0.59,  # CodeR 18 / 4; Java sources mixed
    # Counted only when the repeats are dense and the output unchanged (CodeR 18 / 3, Java 43 / 0); the
    # looser count (any 3 of the last 15 steps) fired in CodeR's healthy fix loops too (47 / 20, LR 1.05).
    "repeated_error": 0.66,
    "no_progress": 0.50,  # too rare to tell
    "alternating_loop": 0.48,  # CodeR 2 / 2
}
# Guidance needs a flagged run to be at least about twice as likely failing as not (LR >= 1.86).
DEFAULT_MIN_CONFIDENCE = 0.65


def confidence_of(pattern: Pattern) -> float:
    return CONFIDENCE.get(pattern, 0.5)

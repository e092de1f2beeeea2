"""Inefficiency detection over a session trace: exact and alternating loops, repeated errors,
paging crawls, output-overflow repeats and stalls.

    detect(trace, task=..., sub_task=..., step_count=..., since=..., config=LoopConfig()) -> InefficiencyVerdict
"""

from supervisor_mcp.heuristics.loops.detect import LoopConfig, active_findings, detect

__all__ = ["LoopConfig", "active_findings", "detect"]

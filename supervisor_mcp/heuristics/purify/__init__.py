"""Purification of a long observation (tool output, web page, sub-agent report).

    synthesize(result, task=..., sub_task=..., source=..., agent_name=..., threshold=...) -> SynthesisDecision
    warm_up()  # load the HTML extractors' lazy tables at server start
"""

from supervisor_mcp.heuristics.purify.html_text import warm_up
from supervisor_mcp.heuristics.purify.synthesize import synthesize

__all__ = ["synthesize", "warm_up"]

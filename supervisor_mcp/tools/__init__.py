"""The three supervisor tools, each a ToolSpec run by the one pipeline (pipeline.run_tool)."""

from __future__ import annotations

from supervisor_mcp.tools.error_analysis import ERROR_ANALYSIS
from supervisor_mcp.tools.inefficiency import INEFFICIENCY
from supervisor_mcp.tools.pipeline import Consultation, Plan, ToolSpec, run_tool
from supervisor_mcp.tools.synthesis import SYNTHESIS

__all__ = ["ERROR_ANALYSIS", "INEFFICIENCY", "SYNTHESIS", "Consultation", "Plan", "ToolSpec", "run_tool"]

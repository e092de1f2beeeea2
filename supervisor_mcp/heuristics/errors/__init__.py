"""Error diagnosis: classify an error into the taxonomy (docs ERROR_TAXONOMY.md) and say how to get past it.

    diagnose(error, action, steps, obs_threshold) -> ErrorDiagnosis

The error and the action are read once by `heuristics.observation`; the modules here only decide.
"""

from supervisor_mcp.heuristics.errors.diagnose import diagnose

__all__ = ["diagnose"]

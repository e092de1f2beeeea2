"""All line signatures, in the order that breaks ties between equal ranks (earlier wins).

`priority` implements "root-most wins": when several signatures match, the one nearest the root
cause of the failure decides (code that does not parse explains everything after it; a missing
module explains the ImportError chain built on top of it).
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.rules_code import CODE_SIGNATURES
from supervisor_mcp.heuristics.errors.rules_env import ENV_SIGNATURES
from supervisor_mcp.heuristics.errors.signature import FAULT, PRIORITY, Signature

LINE_SIGNATURES: tuple[Signature, ...] = CODE_SIGNATURES + ENV_SIGNATURES

__all__ = ["FAULT", "LINE_SIGNATURES", "PRIORITY", "Signature"]

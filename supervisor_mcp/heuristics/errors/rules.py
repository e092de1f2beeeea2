"""All line signatures, in the order that breaks ties between equal ranks (earlier wins).

`priority` implements "root-most wins": when several signatures match, the one nearest the root
cause of the failure decides (code that does not parse explains everything after it; a missing
module explains the ImportError chain built on top of it).
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.rules_api_codes import API_CODE_SIGNATURES
from supervisor_mcp.heuristics.errors.rules_arguments import ARGUMENT_SIGNATURES
from supervisor_mcp.heuristics.errors.rules_code import CODE_SIGNATURES
from supervisor_mcp.heuristics.errors.rules_env import ENV_SIGNATURES
from supervisor_mcp.heuristics.errors.rules_mechanisms import MECHANISM_SIGNATURES
from supervisor_mcp.heuristics.errors.rules_platforms import PLATFORM_SIGNATURES
from supervisor_mcp.heuristics.errors.rules_toolchains import TOOLCHAIN_SIGNATURES
from supervisor_mcp.heuristics.errors.signature import FAULT, PRIORITY, Signature

LINE_SIGNATURES: tuple[Signature, ...] = (
    CODE_SIGNATURES + ARGUMENT_SIGNATURES + ENV_SIGNATURES + API_CODE_SIGNATURES + MECHANISM_SIGNATURES
    + PLATFORM_SIGNATURES + TOOLCHAIN_SIGNATURES
)
# The (root cause, fix) templates of signatures that carry their own, by rule name.
ADVICE_BY_RULE: dict[str, tuple[str, str]] = {str(s.name): s.advice for s in LINE_SIGNATURES if s.advice}

__all__ = ["ADVICE_BY_RULE", "FAULT", "LINE_SIGNATURES", "PRIORITY", "Signature"]

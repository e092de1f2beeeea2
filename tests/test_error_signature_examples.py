"""Every line signature's own example is decided by that signature, through the public entry point."""

from __future__ import annotations

import pytest

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.errors.diagnose import classify, context_for
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.rules import LINE_SIGNATURES, Signature


@pytest.mark.parametrize("sig", LINE_SIGNATURES, ids=lambda s: str(s.name))
def test_signature_example_is_decided_by_that_signature(sig: Signature) -> None:
    assert classify(context_for(sig.example, "")).rule == sig.name
    assert diagnose(sig.example).category == sig.category


def test_every_signature_has_its_own_rule_name() -> None:
    names = [sig.name for sig in LINE_SIGNATURES]
    assert len(set(names)) == len(names) and all(isinstance(name, Rule) for name in names)

"""PresampledDecider: the host model's sampled reply text, parsed and validated like a model reply."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from supervisor_mcp.deciders import SampledDecider
from supervisor_mcp.exceptions import ModelUnavailable
from supervisor_mcp.models import InefficiencyVerdict, SynthesisDecision, Usage
from supervisor_mcp.prompts import RenderedPrompt

pytestmark = pytest.mark.anyio

PROMPT = RenderedPrompt(system="You are the Supervisor. Reply with JSON." * 10, user="<recent_trace>...</recent_trace>" * 20)
VERDICT = {
    "action": "provide_guidance",
    "pattern": "paging_crawl",
    "evidence": ["steps 4-9: sed -n on django/db/models/base.py, 40 lines at a time"],
    "guidance": "Stop paging: run grep -n '_save_table' django/db/models/base.py and open that line.",
    "confidence": 0.85,
}


async def test_plain_json_reply_is_a_decision() -> None:
    decider = SampledDecider(json.dumps(VERDICT), usage=Usage(prompt_tokens=900, completion_tokens=80, total_tokens=980))
    decision, usage = await decider.decide(PROMPT, InefficiencyVerdict)
    assert decision == InefficiencyVerdict.model_validate(VERDICT)
    assert usage.total_tokens == 980
    assert decider.engine == "sampling"


async def test_fenced_reply_inside_prose_is_a_decision() -> None:
    text = f"Looking at the trace, the agent is paging.\n\n```json\n{json.dumps(VERDICT, indent=2)}\n```\n"
    decision, _ = await SampledDecider(text).decide(PROMPT, InefficiencyVerdict)
    assert decision.pattern == "paging_crawl"


async def test_bare_object_after_prose_is_a_decision() -> None:
    text = f"My verdict: {json.dumps(VERDICT)} -- end of verdict."
    decision, _ = await SampledDecider(text).decide(PROMPT, InefficiencyVerdict)
    assert decision.guidance == VERDICT["guidance"]


async def test_first_valid_object_wins_over_an_invalid_one() -> None:
    text = '{"action": "maybe"} was my first thought, but: ' + json.dumps(VERDICT)
    decision, _ = await SampledDecider(text).decide(PROMPT, InefficiencyVerdict)
    assert decision.action == "provide_guidance"


async def test_missing_usage_is_estimated_from_characters() -> None:
    reply = json.dumps(VERDICT)
    _, usage = await SampledDecider(reply).decide(PROMPT, InefficiencyVerdict)
    assert usage.prompt_tokens == (len(PROMPT.system) + len(PROMPT.user)) // 4
    assert usage.completion_tokens == len(reply) // 4
    assert usage.cost_usd is None  # the host pays; the price is not known here


async def test_prose_without_json_is_unavailable() -> None:
    with pytest.raises(ModelUnavailable, match="not JSON"):
        await SampledDecider("The agent should stop paging and use grep.").decide(PROMPT, InefficiencyVerdict)


async def test_schema_violation_names_the_field() -> None:
    text = json.dumps({"action": "correct_observation", "synthesis": "x", "key_facts": [{"fact": "no quote"}]})
    with pytest.raises(ModelUnavailable, match="key_facts.0.evidence"):
        await SampledDecider(text).decide(PROMPT, SynthesisDecision)


async def test_empty_reply_is_unavailable() -> None:
    with pytest.raises(ModelUnavailable, match="empty reply"):
        await SampledDecider("  \n").decide(PROMPT, InefficiencyVerdict)


def test_module_imports_neither_mcp_nor_litellm() -> None:
    code = (
        "import sys, supervisor_mcp.deciders, supervisor_mcp.tools; "
        "print(sorted(m for m in ('mcp', 'litellm') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

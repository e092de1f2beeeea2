"""The three tools end to end with a model: real litellm against a scripted server on 127.0.0.1."""

import json
import time

import pytest
from fake_openai import Reply
from mcp import Client

from supervisor_mcp.server import build_server
from supervisor_mcp.settings import Settings

pytestmark = pytest.mark.anyio
TASK = "Find why build_index.py fails and report the number of indexed pages."
PAGE = "<html><body><nav>Home | About</nav><article>" + "<p>The index holds 4,210 pages after the rebuild.</p>" * 80 + "</article></body></html>"
CALLS = {
    "error_analysis": {"task": TASK, "error": "ModuleNotFoundError: No module named 'yaml'", "action": "python build_index.py"},
    "inefficiency_analysis": {"task": TASK, "recent_steps": json.dumps([{"tool": "bash", "args": "ls", "result": "a"}]), "step_count": 8},
    "sub_agent_result_synthesis": {"task": TASK, "result": PAGE},
}
DECISIONS = {
    "error_analysis": {"action": "provide_guidance", "category": "missing_dependency", "fault": "environment",
                       "retryable": False, "root_cause": "PyYAML is missing.", "fix": "pip install pyyaml",
                       "evidence": ["No module named 'yaml'"], "confidence": 0.9},
    "inefficiency_analysis": {"action": "approve", "pattern": "none", "evidence": [], "guidance": None, "confidence": 0.8},
    "sub_agent_result_synthesis": {"action": "correct_observation",
                                   "synthesis": "The index holds 4,210 pages after the rebuild, up from 3,999.",
                                   "key_facts": [{"fact": "4,210 pages", "evidence": "The index holds 4,210 pages after the rebuild."}]},
}


def server_for(fake, timeout: float = 5.0):
    return build_server(Settings(_env_file=None, db=":memory:", model="openai/fake-model", api_base=fake.base_url,
                                 api_key="sk-test", llm_gate="always", llm_timeout_s=timeout))


@pytest.mark.parametrize("tool", list(CALLS))
async def test_tool_answers_with_the_model_and_reports_usage(fake_openai, tool):
    fake_openai.push(Reply.json(DECISIONS[tool], prompt_tokens=500, completion_tokens=60))
    async with Client(server_for(fake_openai)) as client:
        out = (await client.call_tool(tool, CALLS[tool])).structured_content
    assert out["engine"] == "llm" and out["degraded"] is False
    assert out["usage"]["total_tokens"] == 560
    assert TASK in json.dumps(fake_openai.requests[0]["messages"])


async def test_invented_number_in_a_synthesis_is_removed_and_listed(fake_openai):
    fake_openai.push(Reply.json(DECISIONS["sub_agent_result_synthesis"]))
    async with Client(server_for(fake_openai)) as client:
        out = (await client.call_tool("sub_agent_result_synthesis", CALLS["sub_agent_result_synthesis"])).structured_content
    assert "3,999" not in out["synthesis"] and any("3,999" in c for c in out["unsupported_claims"])
    assert "4,210" in out["synthesis"]


@pytest.mark.parametrize("tool", list(CALLS))
@pytest.mark.parametrize("fault", ["garbage", "http_500", "hang"])
async def test_model_faults_degrade_to_the_heuristic_within_budget(fake_openai, tool, fault):
    replies = {"garbage": [Reply.text("not json"), Reply.text("still not json")],
               "http_500": [Reply.error(500)], "hang": [Reply.hang(5)]}[fault]
    fake_openai.push(*replies)
    started = time.monotonic()
    async with Client(server_for(fake_openai, timeout=0.5)) as client:
        result = await client.call_tool(tool, CALLS[tool])
    assert not result.is_error
    out = result.structured_content
    assert out["engine"] == "heuristic" and out["degraded"] is True and out["degraded_reason"]
    assert time.monotonic() - started < 5


async def test_session_summary_counts_the_supervisors_own_tokens(fake_openai):
    fake_openai.push(Reply.json(DECISIONS["error_analysis"], prompt_tokens=400, completion_tokens=100))
    async with Client(server_for(fake_openai)) as client:
        out = (await client.call_tool("error_analysis", {**CALLS["error_analysis"], "session_id": "s"})).structured_content
        summary = json.loads((await client.read_resource("supervisor://sessions/s")).contents[0].text)
    assert out["usage"]["total_tokens"] == 500
    assert summary["usage"]["total_tokens"] == 500 and summary["net_tokens_saved_est"] == -500


async def test_progress_is_reported_while_the_model_thinks(fake_openai):
    fake_openai.push(Reply.json(DECISIONS["error_analysis"]))
    messages: list[str] = []

    async def on_progress(progress, total, message):
        messages.append(message)

    async with Client(server_for(fake_openai)) as client:
        await client.call_tool("error_analysis", CALLS["error_analysis"], progress_callback=on_progress)
    assert any("fake-model" in (m or "") for m in messages)

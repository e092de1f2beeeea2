"""With no model configured, the host's own model answers through MCP sampling; any fault degrades."""

import json
import time

import anyio
import pytest
from mcp import Client
from mcp.types import CreateMessageResult, ErrorData, TextContent

from supervisor_mcp.server import build_server
from supervisor_mcp.settings import Settings

pytestmark = pytest.mark.anyio
TASK = "Count the pages in docs/ after building the search index."
ARGS = {"task": TASK, "error": "ModuleNotFoundError: No module named 'yaml'", "action": "python build.py"}
DIAGNOSIS = {
    "action": "provide_guidance", "category": "missing_dependency", "fault": "environment", "retryable": False,
    "root_cause": "PyYAML is not installed.", "fix": "Run pip install pyyaml, then rerun python build.py.",
    "evidence": ["ModuleNotFoundError: No module named 'yaml'"], "confidence": 0.9,
}


def host_model(replies: list[str], seen: list):
    async def sample(ctx, params):
        seen.append(params)
        return CreateMessageResult(role="assistant", model="host-model",
                                   content=TextContent(type="text", text=replies.pop(0)))
    return sample


@pytest.mark.parametrize("mode,sampling", [("legacy", "auto"), ("auto", "always")])
async def test_host_model_decides_through_sampling(mode, sampling, db):
    seen: list = []
    server = build_server(Settings(db=db, model="", llm_gate="always", sampling=sampling))
    async with Client(server, mode=mode, sampling_callback=host_model([json.dumps(DIAGNOSIS)], seen)) as client:
        result = await client.call_tool("error_analysis", ARGS)
    out = result.structured_content
    assert out["engine"] == "sampling" and out["fix"].startswith("Run pip install pyyaml")
    assert TASK in seen[0].messages[0].content.text


async def test_modern_era_is_not_sampled_by_default(db):
    # On 2026-07-28 a refused sampling request fails the call in the client; auto does not risk it.
    seen: list = []
    server = build_server(Settings(db=db, model="", llm_gate="always"))
    async with Client(server, sampling_callback=host_model([json.dumps(DIAGNOSIS)], seen)) as client:
        out = (await client.call_tool("error_analysis", ARGS)).structured_content
    assert out["engine"] == "heuristic" and seen == []


async def test_garbage_from_the_host_model_degrades_to_heuristic(db):
    server = build_server(Settings(db=db, model="", llm_gate="always"))
    async with Client(server, mode="legacy", sampling_callback=host_model(["no idea, sorry"], [])) as client:
        out = (await client.call_tool("error_analysis", ARGS)).structured_content
    assert out["engine"] == "heuristic" and out["degraded"] is True
    assert out["category"] == "missing_dependency"


async def test_client_without_sampling_gets_the_heuristic_engine(db):
    server = build_server(Settings(db=db, model="", llm_gate="always"))
    async with Client(server) as client:
        out = (await client.call_tool("error_analysis", ARGS)).structured_content
    assert out["engine"] == "heuristic" and out["degraded"] is False


async def test_sampling_off_ignores_the_host_model(db):
    seen: list = []
    server = build_server(Settings(db=db, model="", llm_gate="always", sampling="off"))
    async with Client(server, sampling_callback=host_model([json.dumps(DIAGNOSIS)], seen)) as client:
        out = (await client.call_tool("error_analysis", ARGS)).structured_content
    assert out["engine"] == "heuristic" and seen == []


async def _refuse(ctx, params):
    return ErrorData(code=-1, message="User rejected sampling request")


async def _crash(ctx, params):
    raise RuntimeError("the host's model is down")


async def _late(ctx, params):
    await anyio.sleep(100)


@pytest.mark.parametrize("callback,reason", [
    (_refuse, "User rejected sampling request"), (_crash, "sampling failed"), (_late, "no sampling reply within 1 s"),
])
async def test_failed_sampling_degrades_within_the_time_limit(callback, reason, db):
    server = build_server(Settings(db=db, model="", llm_gate="always", llm_timeout_s=1))
    started = time.perf_counter()
    async with Client(server, mode="legacy", sampling_callback=callback) as client:
        out = (await client.call_tool("error_analysis", ARGS)).structured_content
    assert out["degraded"] is True and reason in out["degraded_reason"]
    assert out["category"] == "missing_dependency" and time.perf_counter() - started < 5

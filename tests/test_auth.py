"""Bearer tokens on HTTP: refused without one, and each token sees only the sessions it created."""

import json
import subprocess
import sys

import httpx2
import pytest
from http_process import server_env, serving
from mcp import Client, MCPError
from mcp.client.streamable_http import streamable_http_client

pytestmark = pytest.mark.anyio
TOKEN_A, TOKEN_B = "token-a-" + "x" * 32, "token-b-" + "y" * 32
TASK = "Summarise the release notes of project X."
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("auth"), "http", SUPERVISOR_AUTH_TOKEN=f"{TOKEN_A}, {TOKEN_B}") as found:
        yield found


def _client(url: str, token: str) -> Client:
    headers = {"Authorization": f"Bearer {token}"}
    return Client(streamable_http_client(url, http_client=httpx2.AsyncClient(headers=headers, timeout=30)))


async def _post_initialize(url: str, headers: dict[str, str]) -> int:
    async with httpx2.AsyncClient(timeout=10) as http:
        reply = await http.post(url, json=INIT, headers={"Accept": "application/json, text/event-stream", **headers})
    return reply.status_code


async def test_a_request_without_a_token_gets_401(url):
    assert await _post_initialize(url, {}) == 401


async def test_a_wrong_token_gets_401(url):
    assert await _post_initialize(url, {"Authorization": f"Bearer {TOKEN_A}x"}) == 401


async def test_a_configured_token_calls_tools(url):
    async with _client(url, TOKEN_A) as client:
        result = await client.call_tool("error_analysis", {"task": TASK, "error": "bash: jq: command not found"})
    assert not result.is_error and result.structured_content["category"] == "missing_dependency"


async def test_one_token_cannot_read_another_tokens_session(url):
    async with _client(url, TOKEN_A) as a:
        await a.call_tool("error_analysis", {"task": TASK, "error": "Permission denied", "session_id": "private-a"})
        assert json.loads((await a.read_resource("supervisor://sessions/private-a")).contents[0].text)["calls"] == 1
    async with _client(url, TOKEN_B) as b:
        with pytest.raises(MCPError):
            await b.read_resource("supervisor://sessions/private-a")


async def test_one_token_cannot_read_another_tokens_original(url):
    page = "\n".join(f"Line {i}: the release adds feature {i} and fixes bug {i}." for i in range(400))
    async with _client(url, TOKEN_A) as a:
        made = await a.call_tool("sub_agent_result_synthesis", {"task": TASK, "result": page, "session_id": "r"})
        ref = made.structured_content["raw_ref"]
        assert (await a.read_resource(ref)).contents[0].text == page
    async with _client(url, TOKEN_B) as b:
        with pytest.raises(MCPError):
            await b.read_resource(ref)


async def test_two_tokens_with_the_same_session_id_get_separate_sessions(url):
    async with _client(url, TOKEN_A) as a:
        for _ in range(2):
            await a.call_tool("error_analysis", {"task": TASK, "error": "Killed", "session_id": "same"})
    async with _client(url, TOKEN_B) as b:
        await b.call_tool("error_analysis", {"task": TASK, "error": "Killed", "session_id": "same"})
        summary = json.loads((await b.read_resource("supervisor://sessions/same")).contents[0].text)
    assert summary["calls"] == 1 and summary["session_id"] == "same"


def test_serving_a_public_address_without_a_token_is_refused(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "supervisor_mcp", "serve", "--transport", "http", "--host", "0.0.0.0"],
        env=server_env(tmp_path), capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2 and "SUPERVISOR_AUTH_TOKEN" in proc.stderr


async def test_a_forged_host_header_is_refused(url):
    assert await _post_initialize(url, {"Authorization": f"Bearer {TOKEN_A}", "Host": "evil.example"}) == 421

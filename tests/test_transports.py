"""The real server process over stdio, SSE and streamable HTTP answers the same probes."""

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest
from http_process import server_env, serving
from mcp import Client, StdioServerParameters
from mcp.client.sse import sse_client

from supervisor_mcp.demo import load_scenarios

pytestmark = pytest.mark.anyio
PROBES = {s["tool"]: s["args"] for s in load_scenarios()}


@pytest.fixture
def http_server(tmp_path, request) -> Iterator[str]:
    with serving(tmp_path, request.param) as url:
        yield url


async def _probe(client: Client) -> None:
    tools = {t.name for t in (await client.list_tools()).tools}
    assert {"error_analysis", "inefficiency_analysis", "sub_agent_result_synthesis"} <= tools
    for tool, args in PROBES.items():
        result = await client.call_tool(tool, args)
        assert not result.is_error, result.content[0].text
        assert result.structured_content["engine"] == "heuristic"
    summary = await client.read_resource("supervisor://sessions/demo-run")
    assert json.loads(summary.contents[0].text)["calls"] == len(PROBES)


async def test_stdio(tmp_path):
    params = StdioServerParameters(command=sys.executable, args=["-m", "supervisor_mcp", "serve"], env=server_env(tmp_path))
    async with Client(params) as client:
        await _probe(client)


@pytest.mark.parametrize("http_server", ["sse"], indirect=True)
async def test_sse(http_server):
    async with Client(sse_client(http_server)) as client:
        await _probe(client)


@pytest.mark.parametrize("http_server", ["http"], indirect=True)
async def test_streamable_http(http_server):
    async with Client(http_server) as client:
        await _probe(client)


@pytest.mark.parametrize("http_server", ["http"], indirect=True)
async def test_streamable_http_legacy_era(http_server):
    async with Client(http_server, mode="legacy") as client:
        await _probe(client)


def test_stdio_stdout_carries_only_protocol(tmp_path):
    # A log line on stdout would corrupt the stream: the first bytes must be a JSON-RPC message.
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}
    proc = subprocess.run(
        [sys.executable, "-m", "supervisor_mcp", "serve"], input=json.dumps(init) + "\n",
        capture_output=True, text=True, env={**server_env(tmp_path), "SUPERVISOR_LOG_LEVEL": "DEBUG"}, timeout=60,
    )
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert lines and all(json.loads(line)["jsonrpc"] == "2.0" for line in lines)
    assert "serving" in proc.stderr

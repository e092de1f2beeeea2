"""The real server process over stdio, SSE and streamable HTTP answers the same probes."""

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.sse import sse_client

from supervisor_mcp.demo import load_scenarios

pytestmark = pytest.mark.anyio
PROBES = {s["tool"]: s["args"] for s in load_scenarios()}


def _env(tmp_path) -> dict[str, str]:
    return {**os.environ, "SUPERVISOR_DB": str(tmp_path / "db.sqlite3"), "SUPERVISOR_MODEL": ""}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def http_server(tmp_path, request) -> Iterator[str]:
    transport = request.param
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "supervisor_mcp", "serve", "--transport", transport, "--port", str(port)],
        env=_env(tmp_path), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            if proc.poll() is not None:
                pytest.fail(f"server exited: {proc.stderr.read().decode()[-2000:]}")
            time.sleep(0.1)
    path = "/sse" if transport == "sse" else "/mcp"
    yield f"http://127.0.0.1:{port}{path}"
    proc.terminate()
    proc.wait(timeout=10)


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
    params = StdioServerParameters(command=sys.executable, args=["-m", "supervisor_mcp", "serve"], env=_env(tmp_path))
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
        capture_output=True, text=True, env={**_env(tmp_path), "SUPERVISOR_LOG_LEVEL": "DEBUG"}, timeout=60,
    )
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert lines and all(json.loads(line)["jsonrpc"] == "2.0" for line in lines)
    assert "serving" in proc.stderr

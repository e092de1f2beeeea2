"""The stdio wire carries JSON-RPC only, and every request on it gets an answer."""

import contextlib
import json
import subprocess
import sys
import threading

from fake_openai import Reply
from http_process import server_env

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
DIAGNOSIS = {"action": "provide_guidance", "category": "missing_dependency", "fault": "environment",
             "retryable": False, "root_cause": "jq is not installed.", "fix": "apt-get install jq",
             "evidence": ["jq: command not found"], "confidence": 0.9}


def _call(request_id: int, arguments: object) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                       "params": {"name": "error_analysis", "arguments": arguments}})


def converse(tmp_path, lines: list[str], want: set, **env: str) -> list[str]:
    """Send the handshake and `lines`; return every stdout line once replies to `want` ids arrived."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "supervisor_mcp", "serve"], env=server_env(tmp_path, **env),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    out: list[str] = []
    got_all = threading.Event()

    def read() -> None:
        seen = set()
        for line in proc.stdout:
            out.append(line)
            with contextlib.suppress(ValueError):
                seen.add(json.loads(line).get("id", "no-id"))
            if want <= seen:
                got_all.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    proc.stdin.write("\n".join([json.dumps(INIT), json.dumps(INITIALIZED), *lines]) + "\n")
    proc.stdin.flush()
    got_all.wait(timeout=90)
    proc.stdin.close()
    proc.wait(timeout=30)
    reader.join(timeout=5)
    return out


def _replies(out: list[str]) -> dict:
    return {msg.get("id"): msg for msg in map(json.loads, out) if "id" in msg}


def test_debug_logging_with_a_model_leaves_stdout_pure_json_rpc(tmp_path, fake_openai):
    fake_openai.replies.extend([Reply.json(DIAGNOSIS)] * 4)
    out = converse(
        tmp_path, [_call(2, {"task": "t", "error": "bash: jq: command not found"})], {1, 2},
        SUPERVISOR_MODEL="openai/fake-model", SUPERVISOR_API_BASE=fake_openai.base_url,
        SUPERVISOR_API_KEY="sk-fake", SUPERVISOR_LLM_GATE="always", SUPERVISOR_LOG_LEVEL="DEBUG",
        LITELLM_LOG="DEBUG",
    )
    assert all(json.loads(line)["jsonrpc"] == "2.0" for line in out), out
    result = _replies(out)[2]["result"]["structuredContent"]
    assert result["engine"] == "llm", result


def test_a_line_that_is_not_json_gets_a_parse_error(tmp_path):
    out = converse(tmp_path, ["this is not json", _call(3, {"task": "t", "error": "boom"})], {1, None, 3})
    assert _replies(out)[None]["error"]["code"] == -32700


def test_a_request_with_lone_surrogates_is_answered(tmp_path):
    line = _call(4, {"task": "t", "error": "\ud800 ModuleNotFoundError: No module named 'yaml'"})
    out = converse(tmp_path, [line], {1, 4})
    assert _replies(out)[4]["result"]["structuredContent"]["category"] == "missing_dependency"


def test_a_request_nested_too_deep_gets_an_error_with_its_id(tmp_path):
    deep: list = []
    for _ in range(300):
        deep = [deep]
    out = converse(tmp_path, [_call(5, {"task": "t", "error": "e", "recent_steps": deep})], {1, 5})
    assert _replies(out)[5]["error"]["code"] == -32600

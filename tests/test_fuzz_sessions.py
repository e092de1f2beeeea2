"""A failed call never breaks a session: malformed arguments of every tool, then a well-formed call.

The set mixes what fuzzing agents' hosts actually send: nesting far past any parser's depth (as
text and as native lists), wrong types, control characters, lone surrogates, huge and empty fields.
Each malformed call may fail (as a readable tool error), but must answer within a few seconds and
leave the session usable.
"""

import json
import time

import pytest
from mcp import Client

from supervisor_mcp.server import build_server
from supervisor_mcp.settings import Settings

pytestmark = pytest.mark.anyio
TASK = "Fix the date parser so that ISO weeks are handled."
DEEP = 3000


def _nested_list(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _malformed_windows() -> dict[str, object]:
    deep_text = "[" * DEEP + "]" * DEEP
    deep_obj = '{"a":' * DEEP + "1" + "}" * DEEP
    return {
        "deep_text": deep_text,
        "deep_object_text": deep_obj,
        "deep_args": json.dumps([{"tool": "bash", "args": deep_text, "result": deep_text}]),
        "deep_args_object": json.dumps([{"tool": "python", "args": deep_obj, "result": "ok"}]),
        "deep_result_native": [{"tool": "bash", "args": "ls", "result": _nested_list(150)}],
        "deep_native_list": _nested_list(200),
        "deep_thought": json.dumps([{"tool": "bash", "args": "ls", "result": "x", "thought": deep_text}]),
        "wrong_types": json.dumps([{"tool": 5, "args": None, "result": {"a": [1, 2]}, "error": "yes"}]),
        "control_chars": "\x00\x01\x1b[31m\ufeff" * 500,
        "lone_surrogates": json.dumps([{"tool": "bash", "args": "cat \ud800", "result": "\udfff"}]),
        "huge_single_step": json.dumps([{"tool": "bash", "args": "cat big", "result": "y" * 3_000_000}]),
        "many_steps": json.dumps([{"tool": "ls", "args": str(i), "result": ""} for i in range(20_000)]),
        "scalar": json.dumps(12345),
        "html_bomb": "<div>" * 50_000,
    }


WELL_FORMED = json.dumps([
    {"tool": "bash", "args": {"command": "pytest tests/test_dates.py"}, "result": "2 failed, 10 passed"},
    {"tool": "bash", "args": {"command": "sed -n '1,80p' dates/parse.py"}, "result": "def parse(s): ..."},
])


@pytest.fixture
async def client(tmp_path):
    async with Client(build_server(Settings(db=str(tmp_path / "db.sqlite3"), model=""))) as c:
        yield c


def _args_for(tool: str, window: object, session_id: str) -> dict[str, object]:
    if tool == "inefficiency_analysis":
        return {"task": TASK, "recent_steps": window, "session_id": session_id, "step_count": 3}
    if tool == "error_analysis":
        return {"task": TASK, "error": window if isinstance(window, str) else json.dumps(window)[:100_000],
                "recent_steps": window, "session_id": session_id}
    return {"task": TASK, "result": window, "source": "https://example.com/page", "session_id": session_id}


@pytest.mark.parametrize("tool", ["inefficiency_analysis", "error_analysis", "sub_agent_result_synthesis"])
@pytest.mark.parametrize("case", sorted(_malformed_windows()))
async def test_a_malformed_call_leaves_the_session_usable(client, tool, case):
    session = f"fuzz-{tool}-{case}"
    started = time.perf_counter()
    first = await client.call_tool(tool, _args_for(tool, _malformed_windows()[case], session))
    assert time.perf_counter() - started < 10, "a malformed call must answer promptly"
    assert not (first.is_error and "internal error" in first.content[0].text), "input problems are not crashes"
    for _ in range(3):
        after = await client.call_tool("inefficiency_analysis", _args_for("inefficiency_analysis", WELL_FORMED,
                                                                          session))
        assert not after.is_error, after.content[0].text
        assert after.structured_content["session_id"] == session

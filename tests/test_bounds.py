"""Storage stays bounded per session: short identifiers, a quota on originals, clipped steps."""

import pytest
from mcp import Client

from supervisor_mcp.models import Step
from supervisor_mcp.server import build_server
from supervisor_mcp.settings import Settings
from supervisor_mcp.store import ScopedStore
from supervisor_mcp.store.base import clip_step

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("name", ["session_id", "agent_name", "sub_task"])
async def test_a_huge_identifier_is_refused_with_what_to_send(tmp_path, name):
    async with Client(build_server(Settings(db=str(tmp_path / "db.sqlite3"), model=""))) as client:
        result = await client.call_tool("error_analysis", {"task": "t", "error": "boom", name: "x" * 1_000_000})
    assert result.is_error
    assert name in result.content[0].text and "at most" in result.content[0].text


def test_a_sessions_oldest_originals_go_beyond_its_quota(make_store):
    store = make_store(session_mb=1.0)
    refs = [store.put_raw("s", f"{i}" + "x" * 400_000) for i in range(4)]
    kept = [ref for ref in refs if store.get_raw(ref) is not None]
    assert kept == refs[-2:]


def test_the_quota_is_per_session(make_store):
    store = make_store(session_mb=1.0)
    first = store.put_raw("a", "x" * 600_000)
    store.put_raw("b", "y" * 600_000)
    assert store.get_raw(first) is not None


def test_a_scoped_store_cannot_read_another_scopes_original(make_store):
    store = make_store()
    ref = ScopedStore(store, "ta").put_raw("s", "secret")
    assert ScopedStore(store, "ta").get_raw(ref) == "secret"
    assert ScopedStore(store, "tb").get_raw(ref) is None


def test_a_stored_step_keeps_the_head_and_tail_of_huge_arguments():
    step = clip_step(Step(tool="bash", args="head " + "x" * 1_000_000 + " tail", result="ok"))
    assert len(step.args) < 9_000 and step.args.startswith("head") and step.args.endswith("tail")

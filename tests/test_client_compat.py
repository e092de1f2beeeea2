"""What clients in the wild trip over: null optional arguments, error codes, description layout."""

import json

import pytest
from mcp import Client, MCPError
from mcp.types import INVALID_PARAMS

from supervisor_mcp.server import build_server
from supervisor_mcp.settings import Settings

pytestmark = pytest.mark.anyio
TASK = "Build the docs index."


@pytest.fixture
async def client():
    async with Client(build_server(Settings(db=":memory:", model=""))) as c:
        yield c


async def test_optional_arguments_are_nullable_in_the_input_schema(client):
    tools = {t.name: t for t in (await client.list_tools()).tools}
    schema = tools["error_analysis"].input_schema
    optional = set(schema["properties"]) - set(schema["required"])
    assert optional and all(schema["properties"][name].get("nullable") is True for name in optional)
    assert all("nullable" not in schema["properties"][name] for name in schema["required"])


async def test_null_optional_arguments_are_read_as_not_given(client):
    # smolagents sends every argument of the schema, null for those the model left out.
    args = {"task": TASK, "error": "ModuleNotFoundError: No module named 'yaml'", "action": None, "sub_task": None,
            "agent_name": None, "recent_steps": None, "session_id": None}
    result = await client.call_tool("error_analysis", args)
    assert not result.is_error and result.structured_content["category"] == "missing_dependency"


async def test_null_step_count_is_unknown(client):
    steps = json.dumps([{"tool": "bash", "args": "ls", "result": "a b", "error": False}])
    result = await client.call_tool("inefficiency_analysis", {"task": TASK, "recent_steps": steps, "step_count": None})
    assert not result.is_error


async def test_missing_resource_is_invalid_params(client):
    with pytest.raises(MCPError) as caught:
        await client.read_resource("supervisor://raw/doesnotexist")
    assert caught.value.error.code == INVALID_PARAMS and "raw_ref" in caught.value.error.message


async def test_unknown_session_is_invalid_params(client):
    with pytest.raises(MCPError) as caught:
        await client.read_resource("supervisor://sessions/nobody")
    assert caught.value.error.code == INVALID_PARAMS


async def test_unknown_prompt_host_says_which_hosts_exist(client):
    with pytest.raises(MCPError) as caught:
        await client.get_prompt("host_system_prompt_patch", {"host": "nope"})
    assert caught.value.error.code == INVALID_PARAMS and "aworld" in caught.value.error.message


async def test_tool_descriptions_carry_no_docstring_indentation(client):
    for tool in (await client.list_tools()).tools:
        assert tool.description and not any(line.startswith(" ") for line in tool.description.splitlines())

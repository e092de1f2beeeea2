"""The system-prompt patches in prompts/host/: what they must say, and what they must not contain."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from supervisor_mcp.capabilities import ACTION_SEMANTICS, build_capabilities
from supervisor_mcp.prompts import load_host_patch
from supervisor_mcp.trace import parse_steps

HOST_DIR = Path(__file__).resolve().parents[1] / "prompts" / "host"
# The supervisor's tools as it broadcasts them, so a renamed tool fails here and not in a host.
TOOLS = [c.tool for c in build_capabilities("heuristic").capabilities]
PATCHES = ["aworld", "generic"]
# Tool descriptions and prompts are paid for on every host turn: the generic block stays small.
GENERIC_MAX_LINES = 25
GENERIC_MAX_CHARS = 2200


def patch(name: str) -> str:
    return (HOST_DIR / f"{name}.md").read_text(encoding="utf-8")


def test_supervisor_broadcasts_the_three_tools_the_patches_are_written_for() -> None:
    assert sorted(TOOLS) == ["error_analysis", "inefficiency_analysis", "sub_agent_result_synthesis"]


@pytest.mark.parametrize("name", PATCHES)
@pytest.mark.parametrize("tool", TOOLS)
def test_patch_names_each_tool_by_its_bare_name(name: str, tool: str) -> None:
    assert re.search(rf"(?<![\w_]){tool}(?![\w_])", patch(name))


@pytest.mark.parametrize("name", PATCHES)
def test_patch_never_uses_server_prefixed_tool_names(name: str) -> None:
    # AWorld strips "server__" before the model sees a tool; a prefixed name would match nothing.
    assert not re.search(r"\w+__(error_analysis|inefficiency_analysis|sub_agent_result_synthesis)", patch(name))


@pytest.mark.parametrize("name", PATCHES)
@pytest.mark.parametrize("action", [*ACTION_SEMANTICS, "escalate"])
def test_patch_explains_how_to_apply_each_action(name: str, action: str) -> None:
    assert f"`{action}`" in patch(name)


@pytest.mark.parametrize("name", PATCHES)
@pytest.mark.parametrize("argument", ["task", "session_id", "recent_steps"])
def test_patch_says_what_to_pass(name: str, argument: str) -> None:
    assert f"`{argument}`" in patch(name)


@pytest.mark.parametrize("name", PATCHES)
def test_patch_asks_for_the_task_verbatim(name: str) -> None:
    assert "verbatim" in patch(name)


def test_aworld_patch_keeps_the_task_placeholder_and_no_other_double_braces() -> None:
    # AWorld renders system prompts with double-brace templating: any other {{...}} would be eaten.
    text = patch("aworld")
    assert text.count("{{task}}") == 1
    assert text.count("{{") == 1 and text.count("}}") == 1


def test_aworld_patch_follows_the_gaia_prompt_layout() -> None:
    headings = re.findall(r"^## ([^\n:]+):?$", patch("aworld"), re.MULTILINE)
    order = ["Task Description", "Workflow", "Guardrails", "Mandatory Requirement", "Format Requirements"]
    assert [h for h in headings if h in order] == order


def test_aworld_workflow_calls_synthesis_and_errors_in_information_gathering() -> None:
    step = re.search(r"\*\*Information Gathering\*\*(.*?)\n\d\. \*\*", patch("aworld"), re.S)
    assert step and "sub_agent_result_synthesis" in step.group(1) and "error_analysis" in step.group(1)


def test_aworld_workflow_reviews_with_inefficiency_analysis_before_the_answer() -> None:
    text = patch("aworld")
    review = re.search(r"\d\. \*\*Thinking Process Reviewing\*\*(.*?)\n\d\. \*\*Final Answer\*\*", text, re.S)
    assert review and "inefficiency_analysis" in review.group(1)


def test_aworld_mandatory_requirement_names_every_tool() -> None:
    section = patch("aworld").split("## Mandatory Requirement:")[1].split("\n## ")[0]
    assert all(tool in section for tool in TOOLS)


def test_aworld_recent_steps_example_is_a_json_array_the_supervisor_parses() -> None:
    example = re.search(r"^\s*(\[\{.*\}\])\s*$", patch("aworld"), re.MULTILINE)
    assert example
    steps = parse_steps(example.group(1))
    assert json.loads(example.group(1))[0]["tool"] == "bash"
    assert [s.tool for s in steps] == ["bash"] and "sed -n" in steps[0].args


def test_generic_patch_stays_short() -> None:
    text = patch("generic")
    assert len(text.splitlines()) <= GENERIC_MAX_LINES
    assert len(text) <= GENERIC_MAX_CHARS


def test_generic_patch_is_a_plain_block_without_template_braces() -> None:
    # Hosts paste it into CLAUDE.md, .cursor rules or instructions files as it is.
    assert "{{" not in patch("generic") and "}}" not in patch("generic")


@pytest.mark.parametrize("name", PATCHES)
def test_served_patch_is_the_file_verbatim(name: str) -> None:
    assert load_host_patch(name) == patch(name)

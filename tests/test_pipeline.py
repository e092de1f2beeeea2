"""The one tool pipeline: prompts fitted to the model's window, and model vs. confident heuristics."""

from __future__ import annotations

import json

import pytest
from fake_openai import FakeOpenAI, Reply

from supervisor_mcp.deciders import ScriptedDecider
from supervisor_mcp.models import ErrorAnalysisInput
from supervisor_mcp.runtime import Runtime
from supervisor_mcp.settings import Settings
from supervisor_mcp.tools import ERROR_ANALYSIS, run_tool

pytestmark = pytest.mark.anyio
TASK = "Install the docs toolchain and build the site."
EACCES = "npm ERR! Error: EACCES: permission denied, mkdir '/usr/local/lib/node_modules/docsify-cli'"
HUGE = "Traceback (most recent call last):\n" + '  File "x.py", line 1, in f\n' * 3000 + "ValueError: bad"
GUESS = {
    "action": "provide_guidance", "category": "missing_dependency", "fault": "environment", "retryable": False,
    "root_cause": "docsify-cli is missing.", "fix": "Install docsify-cli.", "evidence": [], "confidence": 0.7,
}


def _runtime(**settings: object) -> Runtime:
    return Runtime.from_settings(Settings(_env_file=None, db=":memory:", **settings))  # type: ignore[arg-type]


async def test_model_contradicting_a_confident_finding_is_overruled_and_recorded() -> None:
    decider = ScriptedDecider([json.dumps(GUESS)])
    inp = ErrorAnalysisInput(task=TASK, error=EACCES, action="npm install -g docsify-cli")
    result = await run_tool(ERROR_ANALYSIS, inp, _runtime(llm_gate="always"), decider=decider)
    assert result.category == "permission_denied" and result.engine == "llm"
    assert result.overruled and result.overruled.startswith("missing_dependency")


async def test_model_agreeing_with_the_finding_decides() -> None:
    agree = {**GUESS, "category": "permission_denied", "fix": "Use a user prefix: npm config set prefix ~/.npm."}
    inp = ErrorAnalysisInput(task=TASK, error=EACCES, action="npm install -g docsify-cli")
    decider = ScriptedDecider([json.dumps(agree)])
    result = await run_tool(ERROR_ANALYSIS, inp, _runtime(llm_gate="always"), decider=decider)
    assert result.fix.startswith("Use a user prefix") and result.overruled is None


async def test_prompt_is_cut_to_the_models_context_window(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.json({**GUESS, "category": "unknown"}))
    rt = _runtime(model="openai/tiny-local", api_base=fake_openai.base_url, model_context_tokens=4096,
                  llm_gate="always")
    await run_tool(ERROR_ANALYSIS, ErrorAnalysisInput(task=TASK, error=HUGE), rt)
    body = fake_openai.requests[0]
    sent = sum(len(str(m["content"])) for m in body["messages"])
    assert sent <= (4096 - 1024) * 3 and body["max_tokens"] == 1024 and "ValueError: bad" in str(body)


async def test_window_too_small_for_the_instructions_degrades(fake_openai: FakeOpenAI) -> None:
    rt = _runtime(model="openai/tiny-local", api_base=fake_openai.base_url, model_context_tokens=1024,
                  llm_gate="always")
    result = await run_tool(ERROR_ANALYSIS, ErrorAnalysisInput(task=TASK, error=HUGE), rt)
    assert result.degraded and "does not fit" in (result.degraded_reason or "") and not fake_openai.requests


async def test_server_error_naming_the_format_steps_down_the_ladder(fake_openai: FakeOpenAI) -> None:
    # llama.cpp's server answers `json_schema` with a 500 rather than a 400.
    fake_openai.push(Reply.error(500, "response_format type json_schema is not supported"), Reply.json(GUESS))
    rt = _runtime(model="openai/tiny-local", api_base=fake_openai.base_url, llm_gate="always")
    await run_tool(ERROR_ANALYSIS, ErrorAnalysisInput(task=TASK, error="Segfault?", action="./run"), rt)
    formats = [r.get("response_format", {}).get("type") for r in fake_openai.requests]
    assert len(formats) == 2 and formats[0] != formats[1]

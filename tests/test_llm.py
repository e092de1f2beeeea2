"""The litellm engine against a scripted OpenAI-compatible server on 127.0.0.1, through real litellm."""

from __future__ import annotations

import socket
import time

import pytest
from fake_openai import FakeOpenAI, Reply

from supervisor_mcp.deciders import FallbackDecider, make_decider
from supervisor_mcp.exceptions import ModelUnavailable
from supervisor_mcp.models import ErrorAnalysisInput, ErrorDiagnosis
from supervisor_mcp.prompts import RenderedPrompt, render
from supervisor_mcp.settings import Settings
from supervisor_mcp.variables import error_variables

pytestmark = pytest.mark.anyio

TASK = (
    "You are ivan_muller_7015 and you want to book the same flights as your current reservation for "
    "your friend Ivan Smith. Use your certificate and say how much certificate balance will be left."
)
ERROR = "Error: payment amount does not add up, total price is 375, but paid 299"
DIAGNOSIS = {
    "action": "provide_guidance",
    "category": "precondition_failed",
    "fault": "agent",
    "retryable": False,
    "root_cause": "The payment covers 299 of a total price of 375.",
    "fix": "Pay the remaining 76 with a second payment method, or pay 375 in total.",
    "evidence": [ERROR],
    "confidence": 0.9,
}


def _prompt() -> RenderedPrompt:
    inp = ErrorAnalysisInput(task=TASK, error=ERROR, action='book_reservation {"amount": 299}')
    hint = ErrorDiagnosis.model_validate({**DIAGNOSIS, "confidence": 0.5})
    return render("error_analysis", error_variables(inp, [], hint))


def _decider(server: FakeOpenAI, model: str = "openai/fake-model", fallbacks: str = "",
             timeout: float = 5.0, heartbeat_s: float | None = None, **kwargs: object) -> FallbackDecider:
    settings = Settings(
        _env_file=None, model=model, fallback_models=fallbacks, api_base=server.base_url,
        api_key="sk-fake", llm_timeout_s=timeout, db=":memory:",
    )
    decider = make_decider(settings)
    assert decider is not None
    for name, value in kwargs.items():  # breaker settings and the clock
        setattr(decider, name, value)
    for model_decider in decider.deciders:
        if "clock" in kwargs:
            model_decider.clock = kwargs["clock"]  # type: ignore[attr-defined]
        if heartbeat_s is not None:
            model_decider.heartbeat_s = heartbeat_s  # type: ignore[attr-defined]
    return decider


def _sent_text(body: dict[str, object]) -> str:
    return "\n".join(str(m["content"]) for m in body["messages"])  # type: ignore[union-attr,index]


async def test_healthy_reply_is_validated_and_reports_usage(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.json(DIAGNOSIS, prompt_tokens=812, completion_tokens=64))
    decision, usage = await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis)
    assert decision == ErrorDiagnosis.model_validate(DIAGNOSIS)
    assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (812, 64, 876)
    assert usage.cost_usd is None  # "fake-model" has no price in litellm's map


async def test_global_task_and_error_reach_the_model(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.json(DIAGNOSIS))
    await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis)
    body = fake_openai.requests[0]
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert TASK in _sent_text(body) and ERROR in _sent_text(body)
    assert body["model"] == "fake-model" and body["temperature"] == 0


async def test_unknown_model_gets_json_mode(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.json(DIAGNOSIS))
    await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis)
    assert fake_openai.requests[0]["response_format"]["type"] == "json_object"


async def test_known_model_gets_json_schema_and_a_cost(fake_openai: FakeOpenAI) -> None:
    import litellm

    fake_openai.push(Reply.json(DIAGNOSIS, prompt_tokens=1000, completion_tokens=100))
    _, usage = await _decider(fake_openai, model="openai/gpt-4.1-mini").decide(_prompt(), ErrorDiagnosis)
    fmt = fake_openai.requests[0]["response_format"]
    assert fmt["type"] == "json_schema"
    assert set(fmt["json_schema"]["schema"]["required"]) >= {"action", "category", "root_cause", "fix"}
    price = litellm.model_cost["gpt-4.1-mini"]
    expected = 1000 * price["input_cost_per_token"] + 100 * price["output_cost_per_token"]
    assert usage.cost_usd == pytest.approx(expected)


async def test_fenced_reply_with_prose_is_accepted(fake_openai: FakeOpenAI) -> None:
    import json

    fake_openai.push(Reply.text(f"Here is my diagnosis:\n```json\n{json.dumps(DIAGNOSIS)}\n```\nHope it helps."))
    decision, _ = await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis)
    assert decision.category == "precondition_failed"
    assert len(fake_openai.requests) == 1


async def test_schema_violation_is_repaired_once_with_the_error_shown(fake_openai: FakeOpenAI) -> None:
    broken = {**DIAGNOSIS, "category": "payment_problem", "confidence": 3}
    fake_openai.push(Reply.json(broken), Reply.json(DIAGNOSIS))
    decision, usage = await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis)
    assert decision.category == "precondition_failed"
    repair = fake_openai.requests[1]["messages"]
    assert repair[-2]["role"] == "assistant" and "payment_problem" in repair[-2]["content"]
    assert "category" in repair[-1]["content"] and "confidence" in repair[-1]["content"]
    assert usage.total_tokens == 2 * 150  # both attempts are the supervisor's spend


async def test_garbage_twice_is_unavailable(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.text("I think the payment was wrong."), Reply.text("<html>502 Bad Gateway</html>"))
    with pytest.raises(ModelUnavailable, match="not JSON.*after one repair"):
        await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis)
    assert len(fake_openai.requests) == 2


async def test_failed_attempts_still_report_what_they_cost(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.text("no idea"), Reply.text("still no idea"))
    with pytest.raises(ModelUnavailable) as caught:
        await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis)
    assert caught.value.spent.total_tokens == 2 * 150


@pytest.mark.parametrize(("status", "reason"), [(500, "server error \\(HTTP 500\\)"), (429, "rate limited")])
async def test_http_error_is_unavailable_without_retries(fake_openai: FakeOpenAI, status: int, reason: str) -> None:
    fake_openai.push(Reply.error(status))
    started = time.perf_counter()
    with pytest.raises(ModelUnavailable, match=reason):
        await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis)
    assert len(fake_openai.requests) == 1
    assert time.perf_counter() - started < 2.0  # no backoff sleeps


async def test_hang_times_out_within_the_timeout(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.hang(10))
    started = time.perf_counter()
    with pytest.raises(ModelUnavailable, match="timeout after 0.5 s"):
        await _decider(fake_openai, timeout=0.5).decide(_prompt(), ErrorDiagnosis)
    assert 0.45 < time.perf_counter() - started < 1.5  # bounded by the timeout, not the 10 s hang


async def test_fallback_model_answers_after_primary_fails(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.error(500), Reply.json(DIAGNOSIS, prompt_tokens=500, completion_tokens=50))
    decider = _decider(fake_openai, model="openai/primary-model", fallbacks="openai/backup-model")
    decision, usage = await decider.decide(_prompt(), ErrorDiagnosis)
    assert decision.category == "precondition_failed"
    assert [r["model"] for r in fake_openai.requests] == ["primary-model", "backup-model"]
    assert usage.total_tokens == 550


async def test_hanging_models_stay_within_the_total_budget(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.hang(10), Reply.hang(10))
    decider = _decider(fake_openai, model="openai/primary-model", fallbacks="openai/backup-model", timeout=0.5)
    started = time.perf_counter()
    with pytest.raises(ModelUnavailable, match="primary-model: timeout.*backup-model: timeout"):
        await decider.decide(_prompt(), ErrorDiagnosis)
    assert time.perf_counter() - started < decider.budget_s + 0.75


async def test_rejected_response_format_steps_down_to_plain_prompting(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.error(400), Reply.json(DIAGNOSIS), Reply.json(DIAGNOSIS))
    decider = _decider(fake_openai)
    await decider.decide(_prompt(), ErrorDiagnosis)
    await decider.decide(_prompt(), ErrorDiagnosis)  # the step-down is remembered
    assert ["response_format" in r for r in fake_openai.requests] == [True, False, False]


async def test_circuit_opens_after_consecutive_failures_and_skips_the_model(fake_openai: FakeOpenAI) -> None:
    now = [1000.0]
    decider = _decider(fake_openai, breaker_threshold=2, breaker_cooldown_s=30.0, clock=lambda: now[0])
    fake_openai.push(Reply.error(500), Reply.error(503))
    for _ in range(2):
        with pytest.raises(ModelUnavailable, match="server error"):
            await decider.decide(_prompt(), ErrorDiagnosis)
    with pytest.raises(ModelUnavailable, match="^circuit open for openai/fake-model"):
        await decider.decide(_prompt(), ErrorDiagnosis)
    assert len(fake_openai.requests) == 2


async def test_circuit_lets_a_trial_through_after_the_cooldown(fake_openai: FakeOpenAI) -> None:
    now = [1000.0]
    decider = _decider(fake_openai, breaker_threshold=1, breaker_cooldown_s=30.0, clock=lambda: now[0])
    fake_openai.push(Reply.error(500), Reply.json(DIAGNOSIS))
    with pytest.raises(ModelUnavailable):
        await decider.decide(_prompt(), ErrorDiagnosis)
    now[0] += 31
    decision, _ = await decider.decide(_prompt(), ErrorDiagnosis)
    assert decision.category == "precondition_failed"


async def test_refused_connection_is_unavailable() -> None:
    with socket.socket() as sock:  # a port that was free a moment ago: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    settings = Settings(_env_file=None, model="openai/fake-model", api_base=f"http://127.0.0.1:{port}/v1",
                        llm_timeout_s=5.0, db=":memory:")
    with pytest.raises(ModelUnavailable, match="connection failed"):
        await make_decider(settings).decide(_prompt(), ErrorDiagnosis)  # type: ignore[union-attr]


async def test_progress_is_reported_while_waiting(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.slow(DIAGNOSIS, 0.5))
    messages: list[str] = []

    async def progress(message: str) -> None:
        messages.append(message)

    await _decider(fake_openai, heartbeat_s=0.1).decide(_prompt(), ErrorDiagnosis, on_progress=progress)
    assert messages[0] == "asking openai/fake-model"
    assert len(messages) >= 3 and all("openai/fake-model" in m for m in messages)


async def test_failing_progress_callback_does_not_fail_the_decision(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.json(DIAGNOSIS))

    async def broken(message: str) -> None:
        raise RuntimeError("client went away")

    decision, _ = await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis, on_progress=broken)
    assert decision.category == "precondition_failed"


async def test_faults_print_nothing_to_stdout(fake_openai: FakeOpenAI, capsys: pytest.CaptureFixture[str]) -> None:
    fake_openai.push(Reply.error(500), Reply.text("not json"), Reply.text("still not json"))
    for _ in range(2):
        with pytest.raises(ModelUnavailable):
            await _decider(fake_openai).decide(_prompt(), ErrorDiagnosis)
    assert capsys.readouterr().out == ""


async def test_fallback_from_another_provider_does_not_get_the_primary_endpoint(fake_openai: FakeOpenAI) -> None:
    fake_openai.push(Reply.error(500))
    decider = _decider(fake_openai, model="openai/fake-model", fallbacks="anthropic/claude-sonnet-4-5")
    with pytest.raises(ModelUnavailable, match="anthropic/claude-sonnet-4-5: connection failed"):
        await decider.decide(_prompt(), ErrorDiagnosis)
    assert len(fake_openai.requests) == 1  # the fallback went to its own (blocked) endpoint


def test_make_decider_needs_a_model() -> None:
    assert make_decider(Settings(_env_file=None, db=":memory:")) is None
    decider = make_decider(Settings(_env_file=None, model="ollama/qwen3:8b", db=":memory:"))
    assert isinstance(decider, FallbackDecider) and decider.engine == "llm"


def test_guard_refuses_connections_off_this_machine() -> None:
    with pytest.raises(ConnectionRefusedError, match="may not reach the network"):
        socket.create_connection(("93.184.216.34", 443), timeout=1)

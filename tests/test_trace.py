import json

from supervisor_mcp.models import Step
from supervisor_mcp.trace import fingerprint, merge_new_steps, parse_steps


def test_json_array_of_tool_steps_parses():
    text = json.dumps([
        {"tool": "bash", "args": {"command": "ls"}, "result": "a.py\nb.py", "error": False},
        {"tool": "bash", "args": {"command": "cat c.py"}, "result": "No such file", "error": True},
    ])
    steps = parse_steps(text)
    assert [s.tool for s in steps] == ["bash", "bash"]
    assert json.loads(steps[0].args) == {"command": "ls"}
    assert steps[1].error is True


def test_miniswe_shape_with_returncode_marks_errors():
    text = json.dumps([{"command": "python x.py", "observation": "<returncode>1</returncode>\n<output>\nboom</output>"}])
    (step,) = parse_steps(text)
    assert step.tool == "bash" and step.args == "python x.py" and step.error is True


def test_openai_tool_call_shape_parses():
    text = json.dumps([{"function": {"name": "search", "arguments": "{\"q\": \"tram\"}"}, "content": "3 hits"}])
    (step,) = parse_steps(text)
    assert step.tool == "search" and json.loads(step.args) == {"q": "tram"} and step.result == "3 hits"


def test_error_text_in_error_field_is_kept_as_result():
    (step,) = parse_steps(json.dumps([{"tool": "book", "args": "{}", "error": "Error: not enough seats"}]))
    assert step.error is True and "not enough seats" in step.result


def test_free_text_one_step_per_line():
    steps = parse_steps("ls src\ncat src/main.py\npytest -x")
    assert [s.args for s in steps] == ["ls src", "cat src/main.py", "pytest -x"]


def test_free_text_blocks_keep_their_output():
    steps = parse_steps("$ pytest -x\nFAILED tests/test_a.py::test_b\n\n$ cat tests/test_a.py\ndef test_b(): ...")
    assert [s.args for s in steps] == ["pytest -x", "cat tests/test_a.py"]
    assert steps[0].tool == "bash" and "FAILED" in steps[0].result


def test_json_object_with_steps_list_parses():
    steps = parse_steps(json.dumps({"steps": [{"tool": "a"}, {"tool": "b"}]}))
    assert [s.tool for s in steps] == ["a", "b"]


def test_empty_text_is_no_steps():
    assert parse_steps("  \n ") == []


def test_overlapping_window_adds_only_new_steps():
    steps = [Step(tool="bash", args=f"sed -n '{i},{i + 9}p' f.py", result=str(i)) for i in range(10)]
    known = [fingerprint(s) for s in steps[:8]]
    assert merge_new_steps(known, steps[2:10]) == steps[8:10]


def test_resent_window_adds_nothing():
    steps = [Step(tool="t", args=str(i)) for i in range(5)]
    assert merge_new_steps([fingerprint(s) for s in steps], steps) == []


def test_unrelated_window_is_all_new():
    old = [fingerprint(Step(tool="a"))]
    new = [Step(tool="b"), Step(tool="c")]
    assert merge_new_steps(old, new) == new


def test_identical_window_grows_when_step_count_says_so():
    steps = [Step(tool="bash", args="pytest -x", result="1 failed")] * 8
    known = [fingerprint(s) for s in steps]
    assert merge_new_steps(known, steps, expected_new=1) == steps[-1:]


def test_identical_window_without_step_count_is_a_resend():
    steps = [Step(tool="bash", args="pytest -x", result="1 failed")] * 8
    assert merge_new_steps([fingerprint(s) for s in steps], steps) == []


def test_absurdly_nested_json_is_read_as_text():
    assert parse_steps('{"a":' * 5000 + "1" + "}" * 5000)


def test_infinite_returncode_is_not_a_crash():
    (step,) = parse_steps('[{"command": "ls", "returncode": 1e999}]')
    assert step.args == "ls"


def test_openai_chat_history_pairs_tool_calls_with_their_replies():
    messages = [
        {"role": "system", "content": "You are an agent."},
        {"role": "user", "content": "Find the bug."},
        {"role": "assistant", "content": "Searching.", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{\"command\": \"grep -rn foo .\"}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": "a.py:3: foo()"}]},
    ]
    (step,) = parse_steps(json.dumps(messages))
    assert step.tool == "bash" and "grep -rn foo" in step.args and step.result == "a.py:3: foo()"
    assert step.thought == "Searching."

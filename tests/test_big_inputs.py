"""Megabyte inputs: templated log lines collapse before ranking, and what the task names survives."""

from supervisor_mcp.heuristics.purify import synthesize
from supervisor_mcp.heuristics.purify.dedupe import BIG_INPUT_LINES, collapse_templates

TASK = "Why does parse_manifest fail on the nightly build?"


def log(lines: int) -> list[str]:
    out = [f"2026-11-02 10:{i % 60:02d} INFO worker-{i % 16} processed batch {i} in {i % 997} ms" for i in range(lines)]
    out[lines // 2] = "2026-11-02 10:30 ERROR parse_manifest: unexpected key 'deps' in manifest.toml"
    return out


def test_a_frequent_template_keeps_its_first_and_last_lines_and_a_count():
    collapsed = collapse_templates(log(BIG_INPUT_LINES), frozenset())
    assert collapsed[:2] == log(BIG_INPUT_LINES)[:2] and collapsed[-1] == log(BIG_INPUT_LINES)[-1]
    assert any("similar lines differing only in numbers" in line for line in collapsed)
    assert len(collapsed) < 20


def test_a_line_naming_a_task_word_is_kept_whatever_its_template():
    lines = [f"job {i} ok: parse_manifest took {i} ms" if i == 777 else f"job {i} ok" for i in range(BIG_INPUT_LINES)]
    assert "job 777 ok: parse_manifest took 777 ms" in collapse_templates(lines, frozenset({"parse_manifest"}))


def test_inputs_below_the_size_are_left_alone():
    lines = log(BIG_INPUT_LINES - 1)
    assert collapse_templates(lines, frozenset()) == lines


def test_the_error_in_a_four_megabyte_log_reaches_the_synthesis():
    text = "\n".join(log(60_000))
    out = synthesize(text, task=TASK, source="make nightly")
    assert "ERROR parse_manifest: unexpected key 'deps'" in out.synthesis and len(out.synthesis) < 20_000

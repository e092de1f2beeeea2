"""The domain readings (a tool API refusing a well-formed call over state or policy) belong to one-line rejections."""

from supervisor_mcp.heuristics.errors import diagnose


def test_a_one_line_rejection_is_a_precondition() -> None:
    assert diagnose("Error: basic economy reservations cannot be modified").category == "precondition_failed"


def test_policy_words_in_a_programs_report_are_not_a_tools_rejection() -> None:
    out = diagnose("Starting kernel\nThe kernel has died and cannot be restarted.")
    assert out.category == "unknown"

"""Sub-agent reports: final answer vs work log, and the four AgentAsk handoff problems."""

from supervisor_mcp.heuristics.purify.report import handoff_issues, parse


def _kinds(answer: str, log: str = "") -> list[str]:
    return [issue.kind for issue in handoff_issues(answer, log, agent_name="researcher")]


def test_smolagents_summary_of_work_is_split_from_the_answer():
    text = (
        "Here is the final answer from your managed agent 'researcher':\n"
        "### 1. Task outcome (short version):\nParis\n\n"
        "### 2. Task outcome (extremely detailed version):\nThe capital of France is Paris.\n\n"
        "For more detail, find below a summary of this agent's work:\n<summary_of_work>\n"
        "[{'type': 'text', 'text': 'Calling tools: web_search'}]\n---\n</summary_of_work>"
    )
    report = parse(text)
    assert report is not None
    assert report.final_answer == "Paris"
    assert "Calling tools: web_search" in report.work_log
    assert "summary_of_work" not in report.answer_block


def test_older_smolagents_summary_markers_are_recognised():
    text = (
        "Here is the final answer from your managed agent 'coder':\nAll 12 tests pass.\n\n"
        "For more detail, find below a summary of this agent's work:\nSUMMARY OF WORK FROM AGENT 'coder':\n"
        "ran pytest -q\n---\nEND OF SUMMARY OF WORK FROM AGENT 'coder'."
    )
    report = parse(text)
    assert report is not None and report.final_answer == "All 12 tests pass."
    assert report.work_log.strip() == "ran pytest -q\n---"


def test_final_answer_line_after_a_work_log_is_extracted():
    text = "Thought: I need the year.\nAction: search('first moon landing')\nObservation: 1969\n\nFinal Answer: 1969"
    report = parse(text)
    assert report is not None and report.final_answer == "1969"
    assert "Action: search" in report.work_log


def test_plain_tool_output_is_not_a_report():
    assert parse("total 12\n-rw-r--r-- 1 root root 120 setup.py\n") is None


def test_placeholder_is_a_missing_detail():
    issues = handoff_issues("The API key is stored in [insert path here].", agent_name="ops")
    assert [i.kind for i in issues] == ["missing_detail"]
    assert "[insert path here]" in issues[0].question


def test_na_value_is_a_missing_detail():
    assert "missing_detail" in _kinds("Name: ACME Corp\nFounded: N/A\nEmployees: 250")


def test_empty_final_answer_is_a_missing_detail():
    assert _kinds("   ") == ["missing_detail"]


def test_reference_to_the_file_above_is_ambiguous():
    issues = handoff_issues("The bug is fixed in the file above; run the tests again.", agent_name="coder")
    assert [i.kind for i in issues] == ["ambiguous_reference"]
    assert "the file above" in issues[0].question


def test_answer_opening_with_a_bare_pronoun_is_ambiguous():
    assert _kinds("It was released in 2019 according to the changelog.") == ["ambiguous_reference"]


def test_truncated_json_is_a_corrupted_value():
    truncated = 'Here are the results:\n{"city": "Lyon", "population": 522250, "area_km2": '
    issues = handoff_issues(truncated, agent_name="db")
    assert any(i.kind == "corrupted_value" and "JSON" in i.detail for i in issues)


def test_complete_json_followed_by_prose_is_fine():
    assert _kinds('{"city": "Lyon", "population": 522250}\nThat is the 2020 census figure.') == []


def test_table_with_a_missing_column_is_a_corrupted_value():
    table = "| city | population |\n|---|---|\n| Lyon | 522250 |\n| Nice |\n| Lille | 236234 |"
    assert "corrupted_value" in _kinds(table)


def test_sub_agent_without_browsing_is_a_wrong_role():
    issues = handoff_issues("I cannot browse the internet, so I could not check the current price.", agent_name="coder")
    assert any(i.kind == "wrong_role" for i in issues)


def test_sub_agent_asking_back_is_a_wrong_role():
    assert "wrong_role" in _kinds("Could you provide the exact date range you want me to use?")


def test_clean_answer_has_no_handoff_issues():
    assert _kinds("The Riverside footbridge reopened on 14 March 2024; the repairs cost 3.2 million euros.") == []


def test_strict_mode_ignores_pronouns_and_questions():
    issues = handoff_issues("It depends. Could you tell me more?", agent_name="x", strict=True)
    assert issues == []

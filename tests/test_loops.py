"""The LLM-free inefficiency detector. Step literals are cut from real mini-swe-agent runs
(SWE-bench Verified, Gemini 3 Pro) and shaped as the orchestrator stores them."""

import json
import time

from supervisor_mcp.heuristics.loops import LoopConfig, detect
from supervisor_mcp.heuristics.loops.shape import shape_of
from supervisor_mcp.models import Step

TASK = "Fix `apply_ufunc` so that `xr.where` preserves attributes (xarray/core/computation.py)."
WARNING = (
    "<warning>\nThe output of your last command was too long.\nPlease try a different command that "
    "produces less output.\nIf you're looking at a file you can try use head, tail or sed to view a "
    "smaller number of lines selectively.\n</warning><output_head>\n"
)
FORMAT_ERROR = (
    "Please always provide EXACTLY ONE action in triple backticks, found 2 actions.\n\nPlease format your "
    "action in triple backticks as shown in <response_example>.\n"
)
SYNTAX_ERROR = (
    'Traceback (most recent call last):\n  File "/testbed/reproduce_issue.py", line 1, in <module>\n'
    "    import matplotlib.pyplot as plt\n  File \"/testbed/lib/matplotlib/pyplot.py\", line 224\n"
    "    global _backend_mod\n    ^^^^^^^^^^^^^^^^^^^\n"
    "SyntaxError: name '_backend_mod' is used prior to global declaration"
)


def bash(command: str, output: str = "", rc: int | None = 0) -> Step:
    """A mini-swe-agent step as parse_steps stores it (args is the JSON of {"command": ...})."""
    result = output if rc is None else f"<returncode>{rc}</returncode>\n<output>\n{output}\n</output>"
    return Step(tool="bash", args=json.dumps({"command": command}), result=result, error=bool(rc))


def page(start: int, end: int, path: str = "xarray/core/computation.py") -> Step:
    body = "\n".join(f"{n:>6}\t    line {n} of the module" for n in range(start, end + 1))
    return bash(f"nl -ba {path} | sed -n '{start},{end}p'", body)


def overflow(command: str, head: str) -> Step:
    return bash(command, "", rc=None).model_copy(
        update={"result": f"<returncode>0</returncode>\n{WARNING}{head}\n</output_head>"}
    )


EXPLORE = [
    bash("grep -n \"def where\" xarray/core/computation.py", "1730:def where(cond, x, y):"),
    bash("cat <<'EOF' > reproduce.py\nimport xarray as xr\nprint(xr.where(True, 1, 0).attrs)\nEOF"),
    bash("python reproduce.py", "{}"),
]


# --- paging crawls --------------------------------------------------------------------------------
def test_four_forward_pages_of_one_file_are_a_paging_crawl():
    trace = [*EXPLORE, page(720, 750), page(750, 760), page(765, 770), page(775, 780)]
    verdict = detect(trace, task=TASK)
    assert verdict.action == "provide_guidance" and verdict.pattern == "paging_crawl"
    assert "steps 4-7" in verdict.evidence[0]


def test_paging_guidance_names_the_file_and_a_search_for_a_task_identifier():
    trace = [*EXPLORE, page(720, 750), page(750, 760), page(765, 770), page(775, 780)]
    guidance = detect(trace, task=TASK).guidance or ""
    assert "grep -n 'apply_ufunc" in guidance and "xarray/core/computation.py" in guidance


def test_three_pages_read_one_function_and_are_approved_by_default():
    trace = [*EXPLORE, page(720, 750), page(751, 780), page(781, 800)]
    assert detect(trace, task=TASK).action == "approve"


def test_paging_threshold_follows_the_loop_window():
    trace = [*EXPLORE, page(720, 750), page(751, 780), page(781, 800)]
    assert detect(trace, task=TASK, config=LoopConfig(loop_window=4)).pattern == "paging_crawl"


def test_a_search_between_pages_ends_the_crawl():
    trace = [*EXPLORE, page(720, 750), page(750, 760), EXPLORE[0], page(765, 770), page(775, 780)]
    assert detect(trace, task=TASK).action == "approve"


def test_views_jumping_to_grep_hits_are_not_a_crawl():
    trace = [*EXPLORE, page(120, 140), page(610, 630), page(1100, 1120), page(1725, 1760)]
    assert detect(trace, task=TASK).action == "approve"


def test_the_same_range_on_different_files_is_not_a_crawl():
    trace = EXPLORE + [page(1, 40, f"xarray/core/{name}.py") for name in ("merge", "variable", "ops", "common")]
    assert detect(trace, task=TASK).action == "approve"


def test_browser_scrolling_down_one_page_is_a_paging_crawl():
    scroll = [Step(tool="browser", args=json.dumps({"action": "scroll_down"}), result=f"...viewport {i}...")
              for i in range(5)]
    goto = Step(tool="browser", args='{"action": "goto", "url": "https://x.org/a"}', result="ok")
    verdict = detect([goto, *scroll], task="Find the release date")
    assert verdict.pattern == "paging_crawl"


def test_offset_parameters_marching_through_a_document_are_a_paging_crawl():
    reads = [Step(tool="read_file", args=json.dumps({"path": "docs/spec.md", "offset": o, "limit": 100}),
                  result=f"lines {o}..{o + 100}") for o in (0, 100, 200, 300)]
    assert detect(reads, task="Summarise the spec").pattern == "paging_crawl"


# --- loops ----------------------------------------------------------------------------------------
def test_the_same_command_with_an_unchanged_result_four_times_is_an_exact_loop():
    same = bash("grep -rn \"_backend_mod\" lib/matplotlib/backends/ | head -n 5", "backend_qt.py:12: _backend_mod")
    verdict = detect(EXPLORE + [same] * 4, task=TASK)
    assert verdict.pattern == "exact_loop" and "steps 4-7" in verdict.evidence[0]


def test_the_same_command_with_changing_results_is_not_a_loop():
    runs = [bash("python reproduce.py", f"Before: 9853608810828{i} OrderedDict()") for i in range(5)]
    assert detect(EXPLORE + runs, task=TASK).action == "approve"


def test_results_differing_only_in_addresses_and_timings_count_as_unchanged():
    runs = [bash("python reproduce.py", f"<object at 0x7f3a{i}c> done in 0.0{i}s") for i in range(4)]
    assert detect(EXPLORE + runs, task=TASK).pattern == "exact_loop"


def test_polling_with_sleep_is_not_flagged():
    polls = [bash("sleep 30 && tail -n 3 build.log", "building wheel... still running")] * 8
    assert detect(EXPLORE + polls, task=TASK).action == "approve"


def test_empty_continue_commands_are_not_flagged():
    polls = [Step(tool="bash", args=json.dumps({"command": ""}), result="(still running)")] * 8
    assert detect(EXPLORE + polls, task=TASK).action == "approve"


def test_abab_cycle_with_unchanged_results_is_an_alternating_loop():
    a = bash("sed -n '1630,1645p' seaborn/_core/plot.py", "1630        if axis_key in self._shares:")
    b = bash("grep -n \"_finalize_figure\" seaborn/_core/plot.py", "1628:    def _finalize_figure(self, p):")
    verdict = detect(EXPLORE + [a, b] * 3, task=TASK)
    assert verdict.pattern == "alternating_loop"


def test_a_loop_that_already_ended_is_not_flagged():
    same = bash("grep -rn \"_backend_mod\" lib/matplotlib/", "pyplot.py:224: global _backend_mod")
    trace = EXPLORE + [same] * 4 + [bash("sed -i '224d' lib/matplotlib/pyplot.py"), EXPLORE[2]]
    assert detect(trace, task=TASK).action == "approve"


# --- errors ---------------------------------------------------------------------------------------
def test_the_same_failing_command_and_error_three_times_is_a_repeated_error():
    fail = bash("python reproduce_issue.py", SYNTAX_ERROR, rc=1)
    verdict = detect([*EXPLORE, fail, bash("ls lib/matplotlib/"), fail, fail], task=TASK)
    assert verdict.pattern == "repeated_error" and "SyntaxError" in (verdict.guidance or "")


def test_rerunning_a_failing_repro_after_each_edit_is_approved():
    fail = bash("python reproduce_issue.py", SYNTAX_ERROR, rc=1)
    first_edit = bash("sed -i '223d' lib/matplotlib/pyplot.py")
    second_edit = bash("sed -i '222a\\    global _backend_mod' lib/matplotlib/pyplot.py")
    trace = [*EXPLORE, fail, first_edit, fail, second_edit, fail]
    assert detect(trace, task=TASK).action == "approve"


def test_the_same_error_line_with_changing_output_is_work_not_a_loop():
    # Each run fails further on (another line of the script): the agent is getting somewhere.
    runs = [bash("python reproduce_issue.py", SYNTAX_ERROR.replace("line 224", f"line {n}"), rc=1)
            for n in (224, 231, 240)]
    assert detect([*EXPLORE, *runs], task=TASK).pattern != "repeated_error"


def test_an_error_that_recurs_between_other_work_is_not_a_loop():
    fail = bash("python reproduce_issue.py", SYNTAX_ERROR, rc=1)
    work = [bash("grep -n _backend_mod lib/matplotlib/pyplot.py", "224:    global _backend_mod"),
            page(200, 240, "lib/matplotlib/pyplot.py"), bash("git diff", "")]
    trace = [*EXPLORE, fail, *work, fail, *work, fail]
    assert detect(trace, task=TASK).pattern != "repeated_error"


def test_repeated_infrastructure_errors_are_not_behavioural():
    outage = [Step(tool="web_search", args='{"query": "xarray where attrs"}',
                   result="Error: HTTP 503 Service Unavailable", error=True) for _ in range(4)]
    assert detect(EXPLORE + outage, task=TASK).action == "approve"


def test_rate_limited_retries_are_not_behavioural():
    limited = [Step(tool="fetch", args='{"url": "https://api.github.com/repos/pydata/xarray"}',
                    result="Error 429: Too Many Requests, retry after 20s", error=True)] * 5
    assert detect(EXPLORE + limited, task=TASK).action == "approve"


def test_an_outage_reported_inside_a_successful_output_is_not_a_loop():
    outage = [Step(tool="fetch", args='{"url": "https://api.example.org/flights"}',
                   result='{"status": 503, "message": "Service Unavailable"}')] * 5
    assert detect(EXPLORE + outage, task=TASK).action == "approve"


def test_three_rejected_actions_are_a_repeated_error_with_format_guidance():
    rejected = [bash(cmd, FORMAT_ERROR, rc=None) for cmd in (
        "sed -i 's/import Scale/import Scale, Nominal/' seaborn/_core/plot.py", "python reproduce_issue.py",
        "cat <<'EOF' > patch_plot.py\nimport sys\nEOF")]
    trace = [*EXPLORE, rejected[0], page(1, 30, "seaborn/_core/plot.py"), rejected[1], rejected[2]]
    verdict = detect(trace, task=TASK)
    assert verdict.pattern == "repeated_error" and "one action per turn" in (verdict.guidance or "")


def test_calls_to_an_unknown_tool_point_back_to_the_tool_list():
    calls = [Step(tool="search_flights", args=json.dumps({"origin": "JFK", "day": d}),
                  result="Error: Unknown tool 'search_flights'", error=True) for d in ("05-20", "05-21", "05-22")]
    verdict = detect(EXPLORE + calls, task="Book the cheapest flight from JFK to SEA")
    assert verdict.pattern == "repeated_error" and "tool list" in (verdict.guidance or "")


def test_the_same_failing_command_rerun_without_an_edit_is_no_progress():
    runs = [bash("python -m pytest tests/test_where.py -x", f"E   assert {{}} == {{'units': 'm'}}\n"
                 f"FAILED tests/test_where.py::test_where_attrs_{name}", rc=1) for name in ("keep", "drop", "x")]
    verdict = detect([*EXPLORE, runs[0], bash("git diff"), runs[1], runs[2]], task=TASK)
    assert verdict.pattern == "no_progress" and "failed 3 times" in verdict.evidence[0]


def test_a_traceback_that_mentions_a_timeout_is_still_a_behavioural_error():
    fail = bash("python reproduce.py", "Traceback (most recent call last):\n  File \"reproduce.py\", line 3\n"
                "TypeError: open_dataset() got an unexpected keyword argument 'timeout'", rc=1)
    assert detect(EXPLORE + [fail] * 3, task=TASK).pattern == "repeated_error"


# --- overflow and stalls --------------------------------------------------------------------------
def test_rerunning_a_command_whose_output_was_cut_is_flagged():
    trace = [bash("ls -R seaborn", "seaborn:\n_core"), overflow("cat seaborn/_core/plot.py", "import io"),
             bash("python reproduce_issue.py", "ok"), overflow("cat seaborn/_core/plot.py", "import io")]
    verdict = detect(trace, task="`so.Nominal` scale should be drawn the same way as a categorical scale")
    assert verdict.pattern == "output_overflow_repeat"
    assert "grep -n Nominal seaborn/_core/plot.py" in (verdict.guidance or "")


def test_three_broad_commands_in_a_row_despite_warnings_are_flagged():
    trace = [bash("ls"), overflow("cat seaborn/_core/scales.py", "import re"),
             overflow("cat seaborn/_core/plot.py", "import io"), overflow("grep -rn scale seaborn", "seaborn/a.py")]
    assert detect(trace, task=TASK).pattern == "output_overflow_repeat"


def test_one_other_broad_command_after_a_warning_is_left_to_the_framework():
    trace = [bash("ls"), overflow("cat seaborn/_core/scales.py", "import re"),
             overflow("cat seaborn/_core/plot.py", "import io")]
    assert detect(trace, task=TASK).action == "approve"


def test_a_narrowed_command_that_still_overflows_followed_the_advice():
    trace = [bash("ls"), overflow("pytest xarray/tests/test_dataset.py", "collected 900 items"),
             overflow("pytest xarray/tests/test_dataset.py", "collected 900 items"),
             overflow("pytest xarray/tests/test_dataset.py -k test_expand_dims", "collected 12 items")]
    assert detect(trace, task=TASK).action == "approve"


def test_exploring_fifteen_steps_without_any_edit_is_no_progress():
    looks = [bash(f"grep -rn \"keep_attrs\" xarray/core/{name}.py | head -n 5", f"{name}.py:10: keep_attrs")
             for name in ("merge", "variable", "ops", "common", "dataset")]
    reads = [page(100 * i + 1, 100 * i + 20, f"xarray/core/{name}.py")
             for i, name in enumerate(("merge", "variable", "ops", "common", "dataset"))]
    trace = [step for pair in zip(looks, reads, strict=True) for step in pair] + looks
    verdict = detect(trace, task=TASK)
    assert verdict.pattern == "no_progress" and "steps 1-15" in verdict.evidence[0]


def test_batch_work_across_files_is_approved():
    edits = [step for name in ("merge", "variable", "ops", "common", "dataset", "dataarray")
             for step in (bash(f"sed -i 's/keep_attrs=False/keep_attrs=None/' xarray/core/{name}.py"),
                          bash(f"grep -n \"keep_attrs=None\" xarray/core/{name}.py", "12: keep_attrs=None"))]
    assert detect(EXPLORE + edits, task=TASK).action == "approve"


def test_an_agent_without_files_to_edit_is_never_stalled():
    visits = [Step(tool="visit_page", args=json.dumps({"url": f"https://example.org/p{i}"}), result=f"page {i}")
              for i in range(20)]
    assert detect(visits, task="Which year was the tram line opened?").action == "approve"


# --- guidance cadence -----------------------------------------------------------------------------
def test_a_pattern_seen_before_guidance_is_not_flagged_again():
    trace = [*EXPLORE, page(720, 750), page(750, 760), page(765, 770), page(775, 780)]
    assert detect(trace, task=TASK, since=len(trace)).action == "approve"


def test_a_pattern_that_persists_after_guidance_is_flagged_again():
    trace = [*EXPLORE, page(720, 750), page(750, 760), page(765, 770), page(775, 780)]
    since = len(trace)
    assert detect([*trace, page(781, 800)], task=TASK, since=since).pattern == "paging_crawl"


def test_short_traces_are_approved():
    assert detect(EXPLORE[:2], task=TASK).action == "approve"


# --- action shapes --------------------------------------------------------------------------------
def test_nl_piped_to_sed_is_a_ranged_view_of_the_file():
    shape = shape_of(page(720, 750))
    assert (shape.kind, shape.target, shape.start, shape.end) == ("view", "xarray/core/computation.py", 720, 750)


def test_a_range_piped_into_grep_is_a_search_not_a_page():
    shape = shape_of(bash("sed -n '1426,1750p' sphinx/ext/autodoc/__init__.py | grep -n \"def get_doc\""))
    assert shape.kind == "search"


def test_heredoc_to_a_file_is_an_edit_whatever_its_body_says():
    shape = shape_of(bash("cat <<'EOF' > reproduce.py\nimport os\nos.system('sed -n 1,10p x.py')\nEOF"))
    assert shape.kind == "edit" and shape.writes == ("reproduce.py",)


def test_file_editor_tool_view_range_is_a_ranged_view():
    step = Step(tool="str_replace_editor", args=json.dumps({"command": "view", "path": "/repo/a.py",
                                                            "view_range": [40, 80]}))
    shape = shape_of(step)
    assert (shape.kind, shape.target, shape.start, shape.end) == ("view", "/repo/a.py", 40, 80)


# --- speed ----------------------------------------------------------------------------------------
def test_two_hundred_steps_with_long_results_are_judged_in_milliseconds():
    body = "x = compute(value)  # padding line of a long observation\n" * 27
    trace = [bash(f"grep -n \"name_{i}\" pkg/module_{i % 17}.py", body[:1500]) for i in range(200)]
    detect(trace, task=TASK)
    timings = []
    for _ in range(15):
        fresh = [s.model_copy() for s in trace]
        started = time.perf_counter()
        detect(fresh, task=TASK)
        timings.append(time.perf_counter() - started)
    assert sorted(timings)[len(timings) // 2] < 0.002


def _sed_pages(path: str, pages: int) -> list[Step]:
    return [Step(tool="bash", args=json.dumps({"command": f"sed -n '{a},{a + 99}p' {path}"}),
                 result=f"<returncode>0</returncode>\n<output>\nline {a}\n</output>")
             for a in range(1, 100 * pages, 100)]


def test_paging_guidance_searches_for_the_method_the_task_names():
    verdict = detect(_sed_pages("sympy/geometry/point.py", 6), task="Fix Point.distance for points of mixed dimension.")
    assert "grep -n distance sympy/geometry/point.py" in verdict.guidance


def test_paging_guidance_for_a_text_report_searches_task_words_not_definitions():
    verdict = detect(_sed_pages("reports/annual_report.txt", 6), task="What was the reported revenue growth in 2023?")
    assert verdict.pattern == "paging_crawl"
    assert "def " not in verdict.guidance and "revenue" in verdict.guidance


def test_a_research_task_reading_many_pages_is_not_told_to_edit():
    reads = [Step(tool="bash", args=json.dumps({"command": f"curl -s https://example.org/report/{i}"}),
                  result=f"<returncode>0</returncode>\n<output>\nsection {i} of the annual report\n</output>")
             for i in range(20)]
    verdict = detect(reads, task="What was the reported revenue growth in 2023 according to the annual report?")
    assert verdict.pattern != "no_progress"

"""Cases a review of stop 24's rules found them getting wrong: each once read a success as a failure or the
reverse, or gave advice for the wrong kind of object."""

from __future__ import annotations

import pytest

from supervisor_mcp.heuristics.errors import diagnose


def test_a_build_that_finished_after_one_network_retry_worked() -> None:
    error = ("    Updating crates.io index\nwarning: spurious network error (2 tries remaining): [6] Could not resolve "
             "host: index.crates.io\n   Compiling app v0.1.0 (/work/app)\n    Finished `release` profile [optimized] "
             "target(s) in 12.02s")
    assert diagnose(error, "cargo build --release").category == "not_an_error"


@pytest.mark.parametrize("error", [
    "Checking sources\nBuilding module 'core'\nBuild completed with 1 error and 2 warnings in 4 s 312 ms",
    "Applying 0003_add_index...\nMigration finished with status FAILED",
])
def test_a_summary_that_reports_errors_is_not_a_word_of_success(error: str) -> None:
    assert diagnose(error).category != "not_an_error"


def test_printed_stack_frames_before_normal_output_are_not_an_exception() -> None:
    error = ("<returncode>0</returncode>\n<output>\n  File \"/app/etl.py\", line 41, in <module>\n    main()\n"
             "  File \"/app/etl.py\", line 35, in main\n    traceback.print_stack()\nLoaded 120 rows into staging.orders\n"
             "Done.\n</output>")
    assert diagnose(error, "python etl.py").category == "not_an_error"


@pytest.mark.parametrize("error", [
    "{'status': 'error', 'message': 'Seat 14C is unavailable'}",
    '{"status": "error", "message": "Seat 14C is unavailable"}',
])
def test_a_domain_tools_quoted_unavailable_is_still_its_refusal(error: str) -> None:
    assert diagnose(error).category == "precondition_failed"


def test_googles_503_body_is_transient() -> None:
    error = ('{\n  "error": {\n    "code": 503,\n    "message": "The service is currently unavailable.",\n'
             '    "status": "UNAVAILABLE"\n  }\n}')
    assert diagnose(error).category == "transient"


@pytest.mark.parametrize(("error", "action"), [
    ("Scanning 42 files for 'TODO' markers\nNo 'TODO' found. All clear.", "python scripts/scan_todos.py"),
    ("Cleaning build artefacts...\nNo files found matching *.orig, nothing to remove", "make clean"),
    ("a1b2c3d fix: respawn worker when it died\n9f8e7d6 feat: add export endpoint", "git log --oneline -2"),
    ("Java HotSpot(TM) 64-Bit Server VM warning: Cannot open file /var/log/app/gc.log due to No such file or "
     "directory\n\nStarted OrderService in 4.213 seconds (process running for 4.9)", "java -jar app.jar"),
])
def test_normal_output_with_failure_like_words_is_not_a_failure(error: str, action: str) -> None:
    assert diagnose(error, action).category == "not_an_error"


def test_a_child_killed_by_signal_11_after_a_colon_crashed() -> None:
    assert diagnose("Error: child process /usr/bin/node: killed by signal 11").category == "runtime_error"


def test_a_missing_object_behind_an_api_gets_api_advice_not_a_file_search() -> None:
    out = diagnose('{"error": {"code": "resource_missing", "message": "No such customer: \'cus_123\'"}}')
    assert out.category == "file_not_found" and "find ." not in out.fix and "API" in out.fix

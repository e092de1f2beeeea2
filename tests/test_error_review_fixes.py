"""Inputs reviews of the rules found misread, each pinned to the reading it should get: failures hidden by a
filter, prose and names taken for failures, a success read as a failure or the reverse, and advice that
guessed."""

from __future__ import annotations

import pytest

from supervisor_mcp.heuristics.errors import diagnose


def test_a_bracketed_log_line_that_fails_is_not_dropped_as_a_build_step_header() -> None:
    output = ("warning: unused variable 'x'\n[main] ERROR com.acme.App - Could not connect to db: Connection "
              "refused")
    assert diagnose(output).category == "transient"


def test_an_unknown_library_exception_ignores_a_mechanism_logged_before_it() -> None:
    output = ("[sync] Checking permissions on /data: access denied for /data/tmp, skipping\n"
              "Traceback (most recent call last):\n  File \"/app/sync.py\", line 40, in <module>\n    verify(f)\n"
              "sync.ChecksumMismatchError: /data/a.bin")
    assert diagnose(output, "python sync.py").category == "runtime_error"


@pytest.mark.parametrize(("output", "action"), [
    ("PASS src/auth.test.js\n  ✓ rejects a wrong password (5 ms)\n  ✓ accepts the right one (2 ms)\n\n"
     "Tests:       2 passed, 2 total", "npx jest"),
    ("No formulae or casks found for pyhton.", "brew search pyhton"),
    ("已经是最新的。", "git pull"),
    ("说明.txt  数据.csv  图片.png", "ls"),
    ("record 532: duplicate key 'id=42', keeping first\nWrote 1199 records", "python dedupe.py"),
])
def test_normal_output_is_not_read_as_a_failure(output: str, action: str) -> None:
    assert diagnose(output, action).category == "not_an_error"


@pytest.mark.parametrize(("error", "category"), [
    ("./main.go:12:3: duplicate key \"a\" in map literal", "unknown"),
    ("pymysql.err.IntegrityError: (1062, \"Duplicate entry '42703' for key 'PRIMARY'\")", "precondition_failed"),
    ("** (Mix) The task \"phx.sever\" could not be found. Did you mean \"phx.server\"?", "invalid_arguments"),
    ("** (UndefinedFunctionError) function nil.name/0 is undefined (module nil is not available)", "runtime_error"),
    ("ERROR: LoadError: MethodError: no method matching getindex(::Nothing, ::Int64)", "runtime_error"),
    ("ERROR: LoadError: LoadError: UndefVarError: `x` not defined", "undefined_name"),
    ("ERROR! couldn't resolve module/action 'ansible.builtin.cpoy'. This often indicates a misspelling, missing "
     "collection, or incorrect module path.", "invalid_arguments"),
    ("Error in source(\"a.R\") : a.R:3:3: unexpected symbol\n2: x <- 1\n3: x y\n     ^\nExecution halted",
     "syntax_error"),
    ("fatal: ni ceci ni aucun de ses répertoires parents n’est un dépôt git : .git", "file_not_found"),
    ("FATAL Flags parsing error: Unknown command line flag 'namespase'", "invalid_arguments"),
    ("Chef::Exceptions::FileNotFound", "file_not_found"),
    ("Chef::Exceptions::CookbookNotFound: Cookbook nginx not found. If you're loading nginx from another cookbook, "
     "make sure you configure the dependency in your metadata", "missing_dependency"),
])
def test_each_reading_the_review_asked_for(error: str, category: str) -> None:
    assert diagnose(error).category == category


def test_apachectl_syntax_ok_after_a_servername_note_is_not_an_error() -> None:
    output = ("AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using "
              "127.0.1.1.\nSyntax OK")
    assert diagnose(output, "apachectl configtest").category == "not_an_error"


def test_msvc_missing_system_header_is_not_sent_to_vcpkg_by_its_file_name() -> None:
    diag = diagnose("main.cpp(1): fatal error C1083: Cannot open include file: 'stdio.h': No such file or "
                    "directory", "cl main.cpp")
    assert "vcpkg install stdio" not in diag.fix and "Developer Command Prompt" in diag.fix


def test_a_projects_own_elixir_module_is_not_sent_to_hex_without_a_word() -> None:
    diag = diagnose("** (UndefinedFunctionError) function MyApp.Repo.all/1 is undefined (module MyApp.Repo is not "
                    "available)")
    assert "project's own module" in diag.fix


@pytest.mark.parametrize("error", [
    "java.lang.RuntimeException: Nonzero exit value: 128",
    "Error: execution of an external compiler program 'gcc -c -w -pthread -O3 -o app.o app.c' failed with exit "
    "code: 1",
])
def test_a_relay_of_a_child_process_exit_status_stays_unknown(error: str) -> None:
    assert diagnose(error).category == "unknown"


@pytest.mark.parametrize(("error", "action", "category"), [
    ("pyodbc.ProgrammingError: ('42S02', \"[42S02] [Microsoft][ODBC Driver 17 for SQL Server][SQL Server]Invalid "
     "object name 'userz'. (208) (SQLExecDirectW)\")", "python app.py", "undefined_name"),
    ("[error] Main.scala:1:19: object spark is not a member of package org.apache\n[error] import "
     "org.apache.spark.SparkContext", "sbt compile", "missing_dependency"),
    ("Error: No available formula with the name \"pyhton\". Did you mean python?",
     "brew install pyhton && brew info python", "invalid_arguments"),
    ("安装未成功：找不到指定的模块", "", "unknown"),
    ("Ran 1 test.\n\nAll tests passed. Note: a call missing a parameter defaults to None.", "python -m unittest",
     "unknown"),
    ("Installing dependencies from lock file\nNo dependencies to install or update\nThe lockfile is frozen; skipping "
     "update", "poetry install", "not_an_error"),
])
def test_each_reading_the_second_review_asked_for(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


def test_msvc_unresolved_external_gets_windows_link_advice() -> None:
    diag = diagnose("main.obj : error LNK2019: unresolved external symbol __imp_curl_easy_init referenced in function "
                    "main", "cl main.cpp")
    assert diag.category == "missing_dependency" and "Additional Dependencies" in diag.fix and "-lpthread" not in diag.fix


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


def test_a_client_that_ends_still_failing_to_reach_its_broker_is_transient() -> None:
    error = ("25/03/01 10:15:02 INFO AppInfoParser: Kafka version: 3.7.0\n"
             "25/03/01 10:15:03 WARN NetworkClient: Connection to node -1 (kafka/10.0.3.7:9092) could not be "
             "established. Broker may not be available.\n"
             "25/03/01 10:15:04 WARN NetworkClient: Connection to node -1 (kafka/10.0.3.7:9092) could not be "
             "established. Broker may not be available.")
    assert diagnose(error, "spark-submit stream.py").category == "transient"


def test_a_network_warning_the_client_got_past_is_not_a_failure() -> None:
    error = ("25/03/01 10:15:03 WARN NetworkClient: Connection to node -1 (kafka/10.0.3.7:9092) could not be "
             "established. Broker may not be available.\n"
             "25/03/01 10:15:09 INFO ConsumerCoordinator: Joined group with generation 3\n"
             "25/03/01 10:15:10 INFO StreamExecution: Streaming query made progress")
    assert diagnose(error, "spark-submit stream.py").category == "not_an_error"


def test_a_relayed_driver_errors_advice_drops_the_wrapper_prefix_and_dangling_colon() -> None:
    out = diagnose("RuntimeError: (snowflake.connector.errors.ProgrammingError) 002003 (42S02): SQL compilation "
                   "error:\nObject 'ORDERS' does not exist or not authorized.")
    assert out.category == "undefined_name" and "(snowflake" not in out.root_cause and ":." not in out.root_cause


def test_a_build_tally_with_a_failed_step_is_not_read_as_success() -> None:
    # No rule reads the failed step's cause; the wording model may guess one, never success.
    assert diagnose("Build Summary: 2/5 steps succeeded; 1 failed", "zig build").category != "not_an_error"

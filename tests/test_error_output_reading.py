"""Reading whole outputs: a finished run with notes is not a failure, a log line or JSON body that carries
one is, HTTP clients are read by the status they report, and advice reads as prose."""

from __future__ import annotations

import pytest

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.errors.diagnose import classify, context_for
from supervisor_mcp.heuristics.errors.names import Rule


@pytest.mark.parametrize(("status", "category"), [
    ("401", "permission_denied"), ("403", "permission_denied"), ("404", "file_not_found"),
    ("429", "transient"), ("503", "transient"),
])
def test_curl_fail_flag_is_read_by_its_status(status: str, category: str) -> None:
    diag = diagnose(f"curl: (22) The requested URL returned error: {status}", "curl -fsSL https://api.example.com/x")
    assert diag.category == category


@pytest.mark.parametrize(("error", "action"), [
    ("CMake Error: CMAKE_CXX_COMPILER not set, after EnableLanguage", "cmake .."),
    ("ERROR: JAVA_HOME is not set and no 'java' command could be found in your PATH.", "./gradlew build"),
    ("error: Microsoft Visual C++ 14.0 or greater is required.", "pip install pyahocorasick"),
    ("sh: syntax error: unexpected end of file", "sh build.sh"),
    ("//lib/x86_64-linux-gnu/libpthread.so.0: error adding symbols: DSO missing from command line", "make"),
])
def test_advice_never_quotes_an_empty_name(error: str, action: str) -> None:
    diag = diagnose(error, action)
    assert "``" not in diag.root_cause + diag.fix


def test_npm_funding_and_audit_lines_after_a_finished_install_are_commentary() -> None:
    # corpus row ec2672 (github:googleapis/gcloud-mcp#107), read as unknown before
    body = (
        "npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory. Do not use it. Check out lru-cache if you want a good and tested way to coalesce async requests by a key value, which is much more comprehensive and powerful.\n"
        "npm warn deprecated @humanwhocodes/config-array@0.13.0: Use @eslint/config-array instead\n"
        "npm warn deprecated rimraf@3.0.2: Rimraf versions prior to v4 are no longer supported\n"
        "npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\n"
        "npm warn deprecated @humanwhocodes/object-schema@2.0.3: Use @eslint/object-schema instead\n"
        "npm warn deprecated node-domexception@1.0.0: Use your platform's native DOMException instead\n"
        "npm warn deprecated eslint@8.57.1: This version is no longer supported. Please see https://eslint.org/version-support for other options.\n"
        "\n"
        "> @google-cloud/gcloud-mcp@0.1.0 prepare\n"
        "> npm run compile\n"
        "\n"
        "\n"
        "> @google-cloud/gcloud-mcp@0.1.0 compile\n"
        "> tsc -p .\n"
        "\n"
        "\n"
        "added 678 packages, and audited 681 packages in 29s\n"
        "\n"
        "221 packages are looking for funding\n"
        "  run `npm fund` for details\n"
        "\n"
        "4 low severity vulnerabilities"
    )
    assert diagnose(body, "npm install").category == "not_an_error"


def test_debug_log_line_that_carries_a_failure_is_not_a_notice() -> None:
    body = ('[DEBUG] MCP server "mcp-nova": Starting connection attempt\n'
            '[DEBUG] MCP server "mcp-nova": Connection failed: Error: spawn mcp-nova ENOENT\n')
    assert diagnose(body, "").category == "missing_dependency"


def test_exception_after_a_wrapper_in_another_script_is_read() -> None:
    assert diagnose("代码执行出错：NameError: name 'base' is not defined", "").category == "undefined_name"


@pytest.mark.parametrize("body", [
    "Initializing provider plugins...\n- Installed hashicorp/aws v5.31.0 (signed by HashiCorp)\n\n"
    "Terraform has been successfully initialized!\n\nYou may now begin working with Terraform. Try running "
    "\"terraform plan\" to see\nany changes that are required for your infrastructure. All Terraform commands\n"
    "should now work.\n\nIf you ever set or change modules or backend configuration for Terraform,\n"
    "rerun this command to reinitialize your working directory. If you forget, other\n"
    "commands will detect it and remind you to do so if necessary.",
    "#8 naming to docker.io/library/app:latest done\n#8 DONE 0.3s\n\n 4 warnings found (use docker --debug to "
    "expand):\n - UndefinedVar: Usage of undefined variable '$PYTHONPATH' (line 5)\n - FromAsCasing: 'as' and "
    "'FROM' keywords' casing do not match (line 1)\n - LegacyKeyValueFormat: \"ENV key=value\" should be used "
    "(line 4)\n - JSONArgsRecommended: JSON arguments recommended for CMD (line 9)",
])
def test_a_finished_run_with_trailing_notes_is_not_an_error(body: str) -> None:
    assert diagnose(body, "").category == "not_an_error"


@pytest.mark.parametrize(("body", "action"), [
    ('INFO:     Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)\n'
     'INFO:     127.0.0.1:51234 - "GET /favicon.ico HTTP/1.1" 404 Not Found', "uvicorn app:app"),
    ("INFO  [alembic.runtime.migration] Running upgrade 1a2b3c -> 4d5e6f, add error message column to runs",
     "alembic upgrade head"),
    ("/app/src/App.java:12: warning: [unchecked] unchecked cast\n        throw (RuntimeException) e;\n\n"
     "BUILD SUCCESSFUL in 3s", "./gradlew build"),
    ("<returncode>0</returncode>\n<output>\nwould reformat app.py\n\nAll done! ✨ 🍰 ✨\n1 file would be "
     "reformatted.\n</output>", "black --diff ."),
    ("<returncode>0</returncode>\n<output>\n问：KeyError: 'model' 是什么原因？\n</output>", "cat docs/FAQ.zh.md"),
])
def test_words_of_failure_in_a_successful_run_are_not_a_failure(body: str, action: str) -> None:
    assert diagnose(body, action).category == "not_an_error"


def test_a_failure_after_a_success_line_is_still_a_failure() -> None:
    body = "Dependencies have been successfully installed\nRunning migrations...\nmigrate exited with code 1"
    assert diagnose(body, "").category != "not_an_error"


def test_quoted_line_that_ends_a_sentence_is_not_followed_by_a_second_stop() -> None:
    error = ("pip._vendor.urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='files.pythonhosted.org', "
             "port=443): Read timed out.")
    diag = diagnose(error, "pip install torch")
    assert ".." not in diag.root_cause and diag.root_cause.endswith(".")


def test_a_rejected_option_without_a_known_command_reads_as_prose() -> None:
    diag = diagnose("Unrecognized option: --add-opens\nError: Could not create the Java Virtual Machine.", "")
    assert "`the command`" not in diag.root_cause + diag.fix


def test_a_warning_that_carries_a_wrapped_driver_exception_is_not_a_notice() -> None:
    line = "WARNING  Error during upsert: (sqlite3.OperationalError) no such column: run_id       sqllite.py:218"
    assert diagnose(line, "").category != "not_an_error"


def test_a_js_error_object_with_a_quoted_403_status_is_permission_denied() -> None:
    body = ("{\n  message: 'Resource not accessible by personal access token',\n"
            "  documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',\n"
            "  status: '403'\n}")
    assert diagnose(body, "node release.js").category == "permission_denied"


def test_an_empty_json_body_is_not_a_syntax_error_in_the_json() -> None:
    assert diagnose("Error: Expecting value: line 1 column 1 (char 0)", "").category != "syntax_error"


@pytest.mark.parametrize(("error", "category"), [
    ("System.Net.Http.HttpRequestException: Response status code does not indicate success: 404 (Not Found).",
     "file_not_found"),
    ('{"errors":[{"message":"Please sign in.","extensions":{"code":"UNAUTHENTICATED"}}]}', "permission_denied"),
    ('{"errors":[{"message":"Variable $id was not provided.","extensions":{"code":"BAD_USER_INPUT"}}]}',
     "invalid_arguments"),
    ('{"error": {"code": "invalid_parameter", "message": "limit must be between 1 and 100"}}', "invalid_arguments"),
    ('2024/05/01 10:00:00 Post "https://api.example.com/v1/orders": EOF\nexit status 1', "transient"),
    ("error: RPC failed; HTTP 413 curl 22 The requested URL returned error: 413\nfatal: the remote end hung up "
     "unexpectedly", "resource_limit"),
])
def test_http_clients_are_read_by_the_status_or_code_they_report(error: str, category: str) -> None:
    assert diagnose(error, "").category == category


@pytest.mark.parametrize("body", [
    '<returncode>0</returncode>\n<output>\n[{"code":"INTERNAL","title":"Internal project"},'
    '{"code":"PUBLIC","title":"Public"}]\n</output>',
    '<returncode>0</returncode>\n<output>\n{"ok":true,"id":"ord_123","warnings":[{"code":"invalid_parameter",'
    '"message":"Unknown parameter colour was ignored"}]}\n</output>',
])
def test_records_and_warnings_with_a_code_field_are_not_failures(body: str) -> None:
    assert diagnose(body, "curl https://api.example.com/v1/projects").category == "not_an_error"


def test_mcp_connection_closed_inside_an_mcperror_is_unknown_not_a_retry() -> None:
    assert diagnose("McpError: MCP error -32000: Connection closed", "").category == "unknown"


def test_a_signature_that_agrees_with_the_exception_gives_its_own_advice() -> None:
    error = ("Exception in thread \"main\" java.lang.UnsupportedClassVersionError: com/acme/Main has been compiled by "
             "a more recent version of the Java Runtime (class file version 65.0), this version of the Java Runtime "
             "only recognizes class file versions up to 55.0")
    diag = diagnose(error, "java -jar app.jar")
    assert diag.category == "precondition_failed" and "runtime or SDK" in diag.root_cause


def test_buildkit_step_that_only_warned_is_not_an_error() -> None:
    output = ("#14 [builder 6/9] RUN uv sync --locked\n#14 0.113 warning: `VIRTUAL_ENV=/opt/venv` does not match the "
              "project environment path `.venv` and will be ignored; use `--active` to target the active environment")
    assert diagnose(output, "docker build .").category == "not_an_error"


def test_none_given_to_re_is_a_runtime_error_not_a_test_verdict() -> None:
    diag = diagnose("| ERROR    | app.evaluate:bench:251 - Error during benchmark: expected string or bytes-like object, "
                    "got 'NoneType'")
    assert diag.category == "runtime_error"


@pytest.mark.parametrize("error", [
    "fatal: 'main' is already checked out at '/workspaces/app'",
    "/usr/share/dotnet/sdk/6.0.100/Sdks/Microsoft.NET.Sdk/targets/Microsoft.NET.EolTargetFrameworks.targets(28,5): "
    "error NETSDK1138: The target framework 'netcoreapp2.1' is out of support and will not receive security updates "
    "in the future. [/src/App/App.csproj]",
    "You are trying to install in deployment mode after changing\nyour Gemfile. Run `bundle install` elsewhere and add "
    "the\nupdated Gemfile.lock to version control.",
])
def test_state_the_tool_will_not_proceed_from_is_a_precondition(error: str) -> None:
    assert diagnose(error).category == "precondition_failed"


@pytest.mark.parametrize("error", [
    "Error: cannot publish version 2.1.0: it is already published",
    "error: cannot delete branch 'topic' used by worktree at '/srv/wt'",
])
def test_a_bare_refusal_that_names_a_state_is_a_precondition(error: str) -> None:
    assert diagnose(error).category == "precondition_failed"


@pytest.mark.parametrize("error", [
    "error: command '/usr/bin/gcc' failed with exit status 1",
    "ERROR Unable to initialize storage layer: errno 95",
])
def test_a_bare_line_that_only_says_a_step_failed_is_not_read_as_a_refused_state(error: str) -> None:
    # (what it becomes instead, `unknown` or the wording guess, depends on the shipped wording counts)
    finding = classify(context_for(error, ""))
    assert finding.rule != Rule.FALLBACK_TOOL_REJECTION and finding.confidence < 0.5

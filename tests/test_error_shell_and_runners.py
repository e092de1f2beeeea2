"""Everyday shell tools, test runners outside pytest, the JVM's build tools and SQL engines: the mechanism,
and advice that names the fix."""

from __future__ import annotations

import pytest

from supervisor_mcp.heuristics.errors import diagnose


@pytest.mark.parametrize(("status", "category"), [
    ("401", "permission_denied"), ("403", "permission_denied"), ("404", "file_not_found"),
    ("429", "transient"), ("503", "transient"),
])
def test_curl_fail_flag_is_read_by_its_status(status: str, category: str) -> None:
    diag = diagnose(f"curl: (22) The requested URL returned error: {status}", "curl -fsSL https://api.example.com/x")
    assert diag.category == category


def test_fork_refused_for_want_of_processes_is_a_limit_not_a_busy_lock() -> None:
    diag = diagnose("bash: fork: retry: Resource temporarily unavailable\nbash: fork: Resource temporarily "
                    "unavailable", "./spawn.sh")
    assert diag.category == "resource_limit" and not diag.retryable


def test_directory_without_recursive_flag_says_add_r() -> None:
    diag = diagnose("rm: cannot remove 'build': Is a directory", "rm build")
    assert diag.category == "invalid_arguments" and "-r" in diag.fix


def test_unset_positional_parameter_names_the_missing_argument() -> None:
    diag = diagnose("./run.sh: line 3: $1: unbound variable", "./run.sh")
    assert "argument $1" in diag.root_cause and "${1:-value}" in diag.fix


def test_xctest_failure_is_a_test_failure() -> None:
    error = ("/app/Tests/AppTests/ParserTests.swift:18: error: -[AppTests.ParserTests testParsesHeader] : "
             "XCTAssertEqual failed: (\"v1\") is not equal to (\"v2\")\n"
             "Executed 7 tests, with 1 failure (0 unexpected) in 0.015 (0.017) seconds")
    assert diagnose(error, "swift test").category == "test_failure"


def test_runner_that_selected_no_tests_is_a_bad_argument_not_a_failure() -> None:
    diag = diagnose("No tests found, exiting with code 1\nRun with `--passWithNoTests` to exit with code 0",
                    "npx jest src/nothing")
    assert diag.category == "invalid_arguments" and "filter" in diag.fix


def test_malformed_patch_is_a_syntax_error() -> None:
    diag = diagnose("patch: **** malformed patch at line 17: @@ -40,6 +40,7 @@", "patch -p1 < fix.diff")
    assert diag.category == "syntax_error"


def test_su_authentication_failure_is_permission_denied() -> None:
    assert diagnose("su: Authentication failure", "su - postgres").category == "permission_denied"


def test_port_number_before_failed_is_not_a_test_tally() -> None:
    error = ('psql: error: connection to server at "localhost" (127.0.0.1), port 5432 failed: FATAL:  database '
             '"appdb" does not exist')
    assert diagnose(error, "psql -h localhost appdb").category != "test_failure"


def test_jar_without_main_class_is_not_benign() -> None:
    diag = diagnose("no main manifest attribute, in target/app.jar", "java -jar target/app.jar")
    assert diag.category == "precondition_failed" and "Main-Class" in diag.root_cause


def test_maven_compile_error_in_maven_form_is_a_syntax_error() -> None:
    error = "[ERROR] /app/src/main/java/com/acme/App.java:[30,5] ';' expected"
    assert diagnose(error, "mvn compile").category == "syntax_error"


@pytest.mark.parametrize("error", [
    "Msg 2627, Level 14, State 1, Server db, Line 1\nViolation of PRIMARY KEY constraint 'PK_Users'. Cannot insert "
    "duplicate key in object 'dbo.Users'. The duplicate key value is (1).",
    "ORA-00001: unique constraint (APP.USERS_PK) violated",
])
def test_sql_server_and_oracle_key_violations_are_state_conflicts(error: str) -> None:
    assert diagnose(error, "sqlcmd -i seed.sql").category == "precondition_failed"


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


def test_options_that_contradict_each_other_are_bad_arguments() -> None:
    error = "fatal: paths 'src/a.py ...' with -a does not make sense"
    assert diagnose(error, "git commit -am msg -- src/a.py").category == "invalid_arguments"


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


def test_a_typo_of_a_cargo_command_is_not_a_missing_plugin() -> None:
    error = ("error: no such command: `biuld`\n\n\tDid you mean `build`?\n\n\tView all installed commands with "
             "`cargo --list`\n\tFind a package to install `biuld` with `cargo search cargo-biuld`")
    assert diagnose(error, "cargo biuld").category == "invalid_arguments"


def test_a_project_helper_with_an_extension_like_name_is_an_undefined_name() -> None:
    error = "PHP Fatal error:  Uncaught Error: Call to undefined function xml_convert() in /app/x.php:3"
    assert diagnose(error, "php index.php").category == "undefined_name"


def test_cargo_relaying_the_programs_exit_names_no_cause() -> None:
    error = "error: process didn't exit successfully: `target/debug/app` (exit status: 1)"
    assert diagnose(error, "cargo run").category == "unknown"


def test_cargo_plugin_subcommand_that_is_not_installed_is_missing() -> None:
    error = ("error: no such command: `nextest`\n\n\tView all installed commands with `cargo --list`\n"
             "\tFind a package to install `nextest` with `cargo search cargo-nextest`")
    diag = diagnose(error, "cargo nextest run")
    assert diag.category == "missing_dependency" and "cargo install cargo-nextest" in diag.fix


def test_rustc_parser_error_is_a_syntax_error() -> None:
    error = "error: expected `;`, found `let`\n --> src/main.rs:3:23"
    assert diagnose(error, "cargo build").category == "syntax_error"


def test_rustfmt_check_diff_is_a_failed_check() -> None:
    error = "Diff in /app/src/main.rs at line 3:\n fn main() {\n-    let x=1;\n+    let x = 1;\n }"
    assert diagnose(error, "cargo fmt --check").category == "test_failure"


def test_aws_go_sdk_v2_response_error_is_read_by_its_code() -> None:
    error = ("│ Error: creating S3 Bucket (acme-logs): operation error S3: CreateBucket, https response error "
             "StatusCode: 409, RequestID: ABC, HostID: XYZ, BucketAlreadyExists: \n╵")
    assert diagnose(error, "terraform apply").category == "precondition_failed"


def test_terraform_provider_bug_is_unknown_and_blames_the_provider() -> None:
    error = ("│ Error: Provider produced inconsistent final plan\n│ \n│ This is a bug in the provider, which should "
             "be reported in the provider's own issue tracker.\n╵")
    diag = diagnose(error, "terraform apply")
    assert diag.category == "unknown" and diag.fault == "tool"


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


def test_a_tool_asking_for_its_missing_command_is_a_bad_argument() -> None:
    body = ("ERROR: You must supply a command.\n\nExecute binaries from npm packages.\n\n"
            "  npx [options] <command>[@version] [command-arg]...")
    assert diagnose(body, "npx").category == "invalid_arguments"


@pytest.mark.parametrize("error", [
    "error: option '--outpt' is unknown\ndid you mean: --output",
    "openssl:Error: 'x509x' is an invalid command.",
    "RangeError [ERR_OUT_OF_RANGE]: The value of \"port\" is out of range. It must be >= 0 and < 65536. "
    "Received 70000",
])
def test_rejected_options_and_argument_codes_are_bad_arguments(error: str) -> None:
    assert diagnose(error, "").category == "invalid_arguments"


def test_an_es_module_import_of_a_name_not_exported_is_an_undefined_name() -> None:
    error = "SyntaxError: The requested module './utils.js' does not provide an export named 'formatDate'"
    assert diagnose(error, "node src/index.js").category == "undefined_name"


def test_subprocess_starting_a_program_that_is_not_installed_is_missing() -> None:
    error = ("Traceback (most recent call last):\n  File \"/app/convert.py\", line 4, in <module>\n"
             "    subprocess.run(['ffmpeg', '-i', 'a.mp4', 'a.mp3'])\n"
             "  File \"/usr/lib/python3.11/subprocess.py\", line 548, in run\n"
             "    with Popen(*popenargs, **kwargs) as process:\n"
             "  File \"/usr/lib/python3.11/subprocess.py\", line 1950, in _execute_child\n"
             "    raise child_exception_type(errno_num, err_msg, err_filename)\n"
             "FileNotFoundError: [Errno 2] No such file or directory: 'ffmpeg'")
    diag = diagnose(error, "python convert.py")
    assert diag.category == "missing_dependency" and "apt-get install -y ffmpeg" in diag.fix


def test_a_directory_named_like_a_program_stays_a_missing_file() -> None:
    error = ("Traceback (most recent call last):\n  File \"/app/setup.py\", line 3, in <module>\n"
             "    os.chdir(\"docker\")\nFileNotFoundError: [Errno 2] No such file or directory: 'docker'")
    assert diagnose(error, "python setup.py").category == "file_not_found"


def test_a_missing_data_file_with_a_bare_name_stays_a_missing_file() -> None:
    assert diagnose("FileNotFoundError: [Errno 2] No such file or directory: 'data'", "python x.py").category \
        == "file_not_found"


def test_git_in_a_repository_without_commits_is_a_state_not_a_name() -> None:
    error = "fatal: ambiguous argument 'HEAD': unknown revision or path not in the working tree."
    assert diagnose(error, "git diff HEAD").category == "precondition_failed"


def test_git_http_4xx_rpc_failure_is_not_a_network_blip() -> None:
    error = ("error: RPC failed; HTTP 400 curl 22 The requested URL returned error: 400\n"
             "fatal: the remote end hung up unexpectedly")
    assert diagnose(error, "git push").category != "transient"


def test_windows_make_that_cannot_start_its_program_is_a_missing_program() -> None:
    error = ("process_begin: CreateProcess(NULL, gcc -c main.c, ...) failed.\n"
             "make (e=2): The system cannot find the file specified.")
    assert diagnose(error, "make").category == "missing_dependency"


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


def test_python_run_on_a_directory_without_main_is_a_missing_file() -> None:
    error = "/usr/bin/python3: can't find '__main__' module in 'backfill'"
    assert diagnose(error, "python3 backfill").category == "file_not_found"


def test_a_stray_character_pasted_into_c_source_is_a_syntax_error() -> None:
    error = "src/main.h:289:7: error: stray '\\342' in program"
    assert diagnose(error, "make").category == "syntax_error"


def test_rustc_unlinked_crate_is_a_missing_dependency() -> None:
    error = "error[E0433]: failed to resolve: use of unresolved module or unlinked crate `serde_json`"
    diag = diagnose(error, "cargo build")
    assert diag.category == "missing_dependency" and "cargo add serde_json" in diag.fix


def test_a_formatter_that_cannot_parse_the_file_reports_a_syntax_error() -> None:
    error = ("error: cannot format test.py: Cannot parse: 33:32:     with (open(a) as x, open(b) as y):\n"
             "Oh no! 💥 💔 💥\n1 file failed to reformat.")
    assert diagnose(error, "black --check .").category == "syntax_error"


@pytest.mark.parametrize("body", [
    '<returncode>0</returncode>\n<output>\n[{"code":"INTERNAL","title":"Internal project"},'
    '{"code":"PUBLIC","title":"Public"}]\n</output>',
    '<returncode>0</returncode>\n<output>\n{"ok":true,"id":"ord_123","warnings":[{"code":"invalid_parameter",'
    '"message":"Unknown parameter colour was ignored"}]}\n</output>',
])
def test_records_and_warnings_with_a_code_field_are_not_failures(body: str) -> None:
    assert diagnose(body, "curl https://api.example.com/v1/projects").category == "not_an_error"


@pytest.mark.parametrize(("error", "category"), [
    ("Passed!  - Failed:     0, Passed:     8, Skipped:     0, Total:     8, Duration: 21 ms - App.Tests.dll (net8.0)",
     "not_an_error"),
    ("Error: EISDIR: illegal operation on a directory, read", "file_not_found"),
    ("npm ERR! code ERR_SOCKET_TIMEOUT\nnpm ERR! network Socket timeout", "transient"),
    ("huggingface_hub.utils._errors.RepositoryNotFoundError: 404 Client Error. Repository Not Found for url: "
     "https://huggingface.co/api/models/acme/llama-7b-chatt.", "undefined_name"),
    ('{"errors":[{"message":"Cannot query field \\"nmae\\" on type \\"User\\"."}]}', "undefined_name"),
    ("src/main.h:289:7: error: stray ‘\\342’ in program", "syntax_error"),
    ("ERROR: failed to solve: node:18-alpine: failed to resolve source metadata for docker.io/library/node:18-alpine: "
     "no match for platform in manifest sha256:abc: not found", "precondition_failed"),
])
def test_wordings_added_this_stop_each_decide_their_category(error: str, category: str) -> None:
    assert diagnose(error, "").category == category


def test_mcp_connection_closed_inside_an_mcperror_is_unknown_not_a_retry() -> None:
    assert diagnose("McpError: MCP error -32000: Connection closed", "").category == "unknown"


def test_a_signature_that_agrees_with_the_exception_gives_its_own_advice() -> None:
    error = ("Exception in thread \"main\" java.lang.UnsupportedClassVersionError: com/acme/Main has been compiled by "
             "a more recent version of the Java Runtime (class file version 65.0), this version of the Java Runtime "
             "only recognizes class file versions up to 55.0")
    diag = diagnose(error, "java -jar app.jar")
    assert diag.category == "precondition_failed" and "runtime or SDK" in diag.root_cause

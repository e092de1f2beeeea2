"""Mechanisms that look alike but call for opposite moves: retry or not, fix the call or the setup."""

import pytest

from supervisor_mcp.heuristics.errors import diagnose


def test_an_exhausted_quota_is_a_resource_limit_not_worth_retrying():
    out = diagnose("Error code: 429 - {'error': {'message': 'You exceeded your current quota, please check your "
                   "plan and billing details.', 'type': 'insufficient_quota'}}")
    assert out.category == "resource_limit" and out.retryable is False and "billing" in out.fix


def test_a_rate_limit_with_the_same_status_is_transient():
    out = diagnose("Error code: 429 - {'error': {'message': 'Rate limit reached for requests', 'type': 'requests'}}")
    assert out.category == "transient" and out.retryable is True


def test_a_null_dereference_behind_a_no_method_error_is_a_runtime_error():
    out = diagnose("./report.rb:12:in `render': undefined method `each' for nil:NilClass (NoMethodError)")
    assert out.category == "runtime_error"


def test_a_linker_error_names_the_symbol_and_says_to_link_the_library():
    out = diagnose("app.c:(.text+0x2a): undefined reference to `sqrt'\ncollect2: error: ld returned 1 exit status")
    assert out.category == "missing_dependency" and "sqrt" in out.root_cause and "-lm" in out.fix


def test_only_a_wrappers_exit_summary_stays_unknown_with_low_confidence():
    out = diagnose("error Command failed with exit code 1.")
    assert out.category == "unknown" and out.confidence < 0.5 and "first error" in out.fix


def test_warnings_and_deprecation_notices_alone_are_not_an_error():
    out = diagnose("npm WARN deprecated request@2.88.2: request has been deprecated\n"
                   "added 312 packages, and audited 313 packages in 9s")
    assert out.category == "not_an_error"


def test_a_warning_next_to_a_failure_is_still_the_failure():
    out = diagnose("npm WARN deprecated request@2.88.2: deprecated\nnpm ERR! code ERESOLVE\n"
                   "npm ERR! ERESOLVE unable to resolve dependency tree")
    assert out.category == "precondition_failed"


def test_a_warning_that_names_a_missing_file_is_still_only_a_warning():
    out = diagnose("npm WARN saveError ENOENT: no such file or directory, open '/home/me/package.json'\n"
                   "npm WARN enoent ENOENT: no such file or directory, open '/home/me/package.json'")
    assert out.category == "not_an_error" and out.retryable is False


def test_warnings_under_a_failing_exit_code_are_not_declared_harmless():
    out = diagnose("exit code: 1\nWARNING: Skipping foo as it is not installed.")
    assert out.category != "not_an_error"


def test_sigkill_in_the_text_is_a_memory_limit_not_worth_retrying_unchanged():
    out = diagnose("Process finished with exit code 137 (interrupted by signal 9: SIGKILL)")
    assert out.category == "resource_limit" and out.retryable is False and "memory" in out.fix


def test_sigterm_from_a_ci_runner_is_transient():
    out = diagnose("Sending interrupt signal to process\nTerminated\nERROR: script returned exit code 143")
    assert out.category == "transient" and out.retryable is True and "limit" in out.fix


def test_an_interrupted_command_by_its_exit_status_is_transient():
    out = diagnose("exit code: 130\n^C", action="npm run dev")
    assert out.category == "transient" and "SIGINT" in out.root_cause


def test_asking_pip_for_the_interpreter_is_a_bad_argument_not_a_missing_package():
    out = diagnose("ERROR: Could not find a version that satisfies the requirement python>=3.7 (from versions: none)\n"
                   "ERROR: No matching distribution found for python>=3.7", action="pip install python>=3.7")
    assert out.category == "invalid_arguments" and "requires-python" in out.fix


def test_eacces_on_a_global_npm_install_says_a_user_prefix_not_sudo():
    out = diagnose("npm ERR! code EACCES\nnpm ERR! Error: EACCES: permission denied, mkdir "
                   "'/usr/local/lib/node_modules/typescript'", "npm install -g typescript")
    assert out.category == "permission_denied" and "npm config set prefix" in out.fix and "Do not use sudo" in out.fix


def test_a_crd_kind_the_cluster_lacks_is_a_missing_dependency():
    out = diagnose('error: unable to recognize "m.yaml": no matches for kind "ServiceMonitor" in version '
                   '"monitoring.coreos.com/v1"')
    assert out.category == "missing_dependency" and "monitoring.coreos.com" in out.fix


def test_a_built_in_kind_at_a_removed_version_is_a_name_the_server_does_not_have():
    out = diagnose('error: unable to recognize "m.yaml": no matches for kind "CronJob" in version "batch/v2alpha1"')
    assert out.category == "undefined_name" and "api-resources" in out.fix


def test_a_database_login_refused_inside_a_db_api_exception_is_permission_denied():
    out = diagnose("sqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (1045, \"Access denied for "
                   "user 'app'@'10.0.0.3' (using password: YES)\")")
    assert out.category == "permission_denied" and "password" in out.fix


def test_a_refused_login_is_fixed_with_credentials_not_file_modes():
    out = diagnose('psql: error: connection to server at "db" (10.0.0.5), port 5432 failed: FATAL:  password '
                   'authentication failed for user "app"')
    assert out.category == "permission_denied" and "chmod" not in out.fix and "credentials" in out.fix


def test_a_warning_in_a_signature_s_words_before_the_tool_s_success_is_not_an_error():
    out = diagnose("npm WARN EBADENGINE Unsupported engine {\nnpm WARN EBADENGINE   package: 'x@2.0.0',\n"
                   "npm WARN EBADENGINE   required: { node: '>=20' },\nnpm WARN EBADENGINE }\n\n"
                   "added 42 packages, and audited 43 packages in 2s\n\nfound 0 vulnerabilities", "npm install")
    assert out.category == "not_an_error"


def test_the_same_warning_before_a_failure_still_counts():
    out = diagnose("npm WARN EBADENGINE Unsupported engine {\nnpm WARN EBADENGINE   required: { node: '>=20' },\n"
                   "npm WARN EBADENGINE }\nnpm ERR! code 1\nnpm ERR! command failed", "npm install")
    assert out.category != "not_an_error"


def test_a_missing_header_in_another_locale_is_a_missing_dependency():
    out = diagnose("src/net.c:4:10: fatal error: curl/curl.h: Aucun fichier ou dossier de ce type\n"
                   "compilation terminated.")
    assert out.category == "missing_dependency"


def test_clang_s_missing_header_is_a_missing_dependency():
    out = diagnose("src/net.c:4:10: fatal error: 'curl/curl.h' file not found\n#include <curl/curl.h>\n"
                   "         ^~~~~~~~~~~~~\n1 error generated.")
    assert out.category == "missing_dependency" and "curl/curl.h" in out.root_cause


def test_a_grpc_status_class_names_its_mechanism():
    out = diagnose("google.api_core.exceptions.FailedPrecondition: 400 The index is not ready yet.")
    assert out.category == "precondition_failed"


def test_a_class_from_a_package_s_exceptions_module_is_read_as_an_exception():
    out = diagnose("acme.exceptions.TooManyWidgets: 12 widgets, the limit is 10")
    assert out.category == "runtime_error"


def test_php_s_uncaught_exception_line_is_read_as_an_exception():
    out = diagnose("PHP Fatal error:  Uncaught DivisionByZeroError: Division by zero in /app/calc.php:5")
    assert out.category == "runtime_error"


def test_php_s_wrong_argument_count_is_a_bad_call():
    out = diagnose("PHP Fatal error:  Uncaught ArgumentCountError: Too few arguments to function add(), 1 passed in "
                   "/app/a.php on line 3 and exactly 2 expected in /app/a.php:2")
    assert out.category == "invalid_arguments"


def test_ruby_s_tcp_open_timeout_inside_a_fetch_error_is_transient():
    out = diagnose("Gem::RemoteFetcher::FetchError: Net::OpenTimeout: Failed to open TCP connection to "
                   "rubygems.org:443 (execution expired)")
    assert out.retryable is True


def test_ci_timestamps_before_every_line_do_not_hide_the_tool_s_success():
    out = diagnose("22:57:13         Deprecated Gradle features were used in this build.\n22:57:13         \n"
                   "22:57:13         BUILD SUCCESSFUL in 41s")
    assert out.category == "not_an_error"


def test_buildkit_step_times_do_not_hide_a_missing_command():
    out = diagnose("0.519 > app@1.0.0 build\n0.519 > vite build\n0.525 sh: 1: vite: not found", "npm run build")
    assert out.category == "missing_dependency"


def test_an_exception_inside_a_python_exception_group_is_read():
    out = diagnose("  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n  +-+---- 1 ----\n"
                   "    | Traceback (most recent call last):\n    |   File \"/app/x.py\", line 9, in worker\n"
                   "    | FileNotFoundError: [Errno 2] No such file or directory: 'data.csv'")
    assert out.category == "file_not_found"


def test_a_node_import_of_a_path_that_is_not_there_is_a_missing_file():
    out = diagnose("Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/node_modules/sdk/dist/server/index.js' "
                   "imported from /app/dist/index.js")
    assert out.category == "file_not_found"


def test_a_warning_wrapped_onto_a_second_line_is_still_only_a_warning():
    out = diagnose("warning: `VIRTUAL_ENV=env` does not match the project environment path `.venv` and will be "
                   "ignored;\nuse `--active` to target the active environment instead")
    assert out.category == "not_an_error"


def test_a_bare_http_400_is_only_guessed_to_be_a_rejected_request():
    # No rule reads a cause in a bare status line; its words are those of rejected arguments, said as a guess.
    out = diagnose("POST http://10.0.0.5:8080/api/chat/completions 400 (Bad Request)")
    assert (out.category, out.confidence) == ("invalid_arguments", 0.4)


def test_an_api_error_body_inside_a_builtin_exception_is_read_as_its_message():
    out = diagnose('ValueError: call failed with status code 500. Details: {"error":"model requires more system '
                   'memory (9.1 GiB) than is available (7.5 GiB)"}')
    assert out.category == "resource_limit"


def test_gemini_s_unknown_model_is_an_undefined_name():
    out = diagnose("models/gemini-1.0-pro is not found for API version v1beta, or is not supported for "
                   "generateContent. Call ListModels to see the list of available models.")
    assert out.category == "undefined_name"


def test_an_agent_framework_s_step_budget_is_a_resource_limit():
    out = diagnose("langgraph.errors.GraphRecursionError: Recursion limit of 25 reached without hitting a stop "
                   "condition.")
    assert out.category == "resource_limit" and out.retryable is False


def test_a_library_exception_named_for_a_bad_argument_is_a_bad_call():
    out = diagnose("chromadb.errors.InvalidArgumentError: Collection expecting embedding with dimension of 1536, "
                   "got 384")
    assert out.category == "invalid_arguments"


def test_an_unknown_model_behind_a_404_not_found_error_is_an_undefined_name():
    out = diagnose("litellm.NotFoundError: OpenAIException - Error code: 404 - {'error': {'message': 'The model "
                   "`gpt-9` does not exist or you do not have access to it.', 'code': 'model_not_found'}}")
    assert out.category == "undefined_name"


def test_a_jvm_inner_class_exception_is_read_by_its_class():
    out = diagnose('Exception in thread "main" com.example.Store$NoSuchFileException: data/in.csv\n'
                   "\tat com.example.Store.open(Store.java:12)")
    assert out.category == "file_not_found"


def test_python_s_none_without_the_attribute_is_a_null_met_at_run_time():
    out = diagnose("AttributeError: 'NoneType' object has no attribute 'choices'")
    assert out.category == "runtime_error"


def test_docker_compose_s_service_column_does_not_hide_a_clean_start():
    out = diagnose("api-1  | WARNING: Running pip as the 'root' user can result in broken permissions.\n"
                   "api-1  | [notice] A new release of pip is available: 24.0 -> 25.1\n"
                   "api-1  | INFO:     Started server process [29]\napi-1  | INFO:     Application startup complete.")
    assert out.category == "not_an_error"


def test_a_local_model_server_s_context_overflow_is_a_resource_limit():
    out = diagnose("srv  send_error: task id = 98, error: request (8283 tokens) exceeds the available context size "
                   "(2048 tokens), try increasing it")
    assert out.category == "resource_limit"


def test_an_agent_calling_a_tool_the_session_lacks_is_a_bad_call():
    out = diagnose("<tool_use_error>Error: No such tool available: mcp__files__read</tool_use_error>")
    assert out.category == "invalid_arguments"


def test_curl_s_numbered_error_without_a_cause_is_unknown_not_success():
    out = diagnose("curl: (52) Empty reply from server")
    assert out.category == "unknown"


def test_hcl_s_invalid_argument_name_is_a_parse_error():
    out = diagnose('Error: Invalid argument name\n\n  on main.tf line 3:\n   3:   "name" = "x"\n\n'
                   "Argument names must not be quoted.")
    assert out.category == "syntax_error"


def test_a_resource_type_the_cluster_does_not_serve_is_an_undefined_name():
    out = diagnose('error: the server doesn\'t have a resource type "deploymnt"')
    assert out.category == "undefined_name" and "api-resources" in out.fix


def test_a_configmap_a_pod_mounts_that_is_not_there_is_a_missing_file():
    out = diagnose('  Warning  FailedMount  2m (x8 over 4m)  kubelet  MountVolume.SetUp failed for volume "config" : '
                   'configmap "web-config" not found')
    assert out.category == "file_not_found"


def test_a_dotnet_assembly_that_cannot_be_loaded_is_a_missing_dependency():
    out = diagnose("Unhandled exception. System.IO.FileNotFoundException: Could not load file or assembly "
                   "'Serilog, Version=3.0.0.0, Culture=neutral, PublicKeyToken=24c2f752a8e58a10'.")
    assert out.category == "missing_dependency"


def test_a_vstest_failed_test_line_is_a_test_failure():
    out = diagnose("  Failed Shop.Tests.CartTests.Totals [3 ms]\n  Error Message:\n   Expected 5, but found 4.",
                   "dotnet test")
    assert out.category == "test_failure"


def test_sql_server_s_unknown_object_is_an_undefined_name():
    out = diagnose("Msg 208, Level 16, State 1, Line 1\nInvalid object name 'dbo.Ordrs'.")
    assert out.category == "undefined_name"


def test_a_tap_failed_test_is_a_test_failure():
    out = diagnose("not ok 1 - greets the user\n# (in test file test/greet.bats, line 5)\n"
                   "#   `[ \"$output\" = \"hello\" ]' failed", "bats test")
    assert out.category == "test_failure"


def test_googletest_s_failed_tally_is_a_test_failure():
    out = diagnose("[==========] 3 tests from 1 test suite ran. (0 ms total)\n[  PASSED  ] 2 tests.\n"
                   "[  FAILED  ] 1 test, listed below:\n[  FAILED  ] CalcTest.Adds")
    assert out.category == "test_failure"


def test_a_notice_among_progress_lines_is_not_an_error():
    out = diagnose('Initializing schema\nNOTICE:  relation "schema_migrations" already exists, skipping')
    assert out.category == "not_an_error"


def test_an_sdk_s_bare_unknown_error_stays_unknown():
    out = diagnose("Error: failed to run `acme/s3-action`: UnknownError")
    assert out.category == "unknown"


def test_json_that_fails_at_its_first_character_is_data_that_is_not_json():
    out = diagnose("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)")
    assert out.category == "runtime_error"


def test_json_that_fails_midway_is_a_syntax_error():
    out = diagnose("json.decoder.JSONDecodeError: Expecting ',' delimiter: line 4 column 9 (char 57)")
    assert out.category == "syntax_error"


def test_visual_studio_s_error_list_row_names_a_csharp_parse_error():
    out = diagnose("Severity\tCode\tDescription\tProject\tFile\tLine\nError\tCS1002\t; expected\tApp\tC:\\App\\Form.cs\t10")
    assert out.category == "syntax_error"


def test_a_version_before_failed_is_not_a_tally_of_failed_tests():
    out = diagnose(" * ERROR: postgresql-9.5 failed to start")
    assert out.category != "test_failure"


def test_bash_s_report_of_a_killed_job_is_a_memory_limit():
    out = diagnose('/tmp/build.cmd: line 2: 41255 Killed                  "/opt/tools/ilc" @"obj/app.rsp"')
    assert out.category == "resource_limit"


def test_ruby_s_uncaught_exception_line_is_read_as_an_exception():
    out = diagnose("stats.rb:44:in `/': divided by 0 (ZeroDivisionError)\n        from stats.rb:44:in `average'")
    assert out.category == "runtime_error"


def test_bundler_s_activation_conflict_is_a_state_not_a_missing_gem():
    out = diagnose("/usr/lib/ruby/3.2.0/bundler/runtime.rb:309:in `check_for_activated_spec!': You have already "
                   "activated rake 13.1.0, but your Gemfile requires rake 13.0.6. Prepending `bundle exec` to your "
                   "command may solve this. (Gem::LoadError)")
    assert out.category == "precondition_failed"


def test_a_grep_inside_a_pod_that_finds_nothing_is_an_answer():
    out = diagnose("command terminated with exit code 1", "kubectl exec web-0 -- grep -q ERROR /var/log/app.log")
    assert out.category == "not_an_error"


def test_gradle_s_wrapper_stack_for_a_failed_task_alone_is_unknown():
    out = diagnose("org.gradle.api.tasks.TaskExecutionException: Execution failed for task ':app:compileJava'.\n"
                   "\tat org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.execute(X.java:73)")
    assert out.category == "unknown"


def test_gradle_s_failing_tests_summary_is_a_test_failure():
    out = diagnose("* What went wrong:\nExecution failed for task ':test'.\n> There were failing tests. See the "
                   "report at: file:///app/build/reports/tests/test/index.html")
    assert out.category == "test_failure"


def test_postgres_data_of_the_wrong_form_is_a_run_time_data_error():
    out = diagnose('SQLSTATE[22P02]: Invalid text representation: 7 ERROR:  invalid input syntax for integer: ""')
    assert out.category == "runtime_error"


def test_gcc_s_unrecognised_option_in_german_is_a_bad_argument():
    out = diagnose("gcc: Fehler: unbekannte Kommandozeilenoption »-mavx512pf«")
    assert out.category == "invalid_arguments"


def test_a_json_api_s_snake_case_error_code_names_its_mechanism():
    out = diagnose("slack_sdk.errors.SlackApiError: The request to the Slack API failed.\n"
                   "The server responded with: {'ok': False, 'error': 'invalid_auth'}")
    assert out.category == "permission_denied"


def test_a_409_conflict_is_a_state_conflict():
    out = diagnose("requests.exceptions.HTTPError: 409 Client Error: Conflict for url: https://api.example.com/v1/users")
    assert out.category == "precondition_failed"


def test_json_parse_of_an_html_page_is_data_that_is_not_json():
    out = diagnose("SyntaxError: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON\n    at JSON.parse (<anonymous>)")
    assert out.category == "runtime_error"


def test_java_home_pointing_nowhere_is_a_missing_runtime():
    out = diagnose("Error: JAVA_HOME is not defined correctly.\n  We cannot execute /usr/lib/jvm/java-17/bin/java")
    assert out.category == "missing_dependency"


def test_an_untrusted_certificate_inside_a_connection_error_is_not_retried():
    out = diagnose("Unable to connect to the server: x509: certificate signed by unknown authority")
    assert out.category == "precondition_failed" and out.retryable is False and "CA" in out.fix


def test_a_container_still_being_created_is_worth_waiting_for():
    out = diagnose('Error from server (BadRequest): container "web" in pod "web-7d9c" is waiting to start: '
                   "ContainerCreating")
    assert out.category == "transient" and "kubectl wait" in out.fix


def test_a_go_tests_report_of_a_500_is_the_tests_verdict_not_a_server_outage():
    out = diagnose("--- FAIL: TestHandler (0.00s)\n    handler_test.go:31: status = 500, want 400\nFAIL\n"
                   "FAIL\tgithub.com/acme/api\t0.021s", "go test ./...")
    assert out.category == "test_failure" and out.retryable is False


def test_a_coverage_gate_that_fails_is_a_test_failure():
    out = diagnose("FAIL Required test coverage of 90% not reached. Total coverage: 84.21%", "pytest --cov")
    assert out.category == "test_failure"


def test_a_script_with_windows_line_endings_gets_the_line_endings_fix():
    out = diagnose("bash: ./run.sh: /bin/bash^M: bad interpreter: No such file or directory", "./run.sh")
    assert out.category == "file_not_found" and "dos2unix" in out.fix


def test_a_docker_daemon_that_is_not_running_outranks_the_missing_pipe_it_reports():
    out = diagnose("error during connect: This error may indicate that the docker daemon is not running.: Get "
                   '"http://%2F%2F.%2Fpipe%2Fdocker_engine/v1.24/containers/json": open //./pipe/docker_engine: '
                   "The system cannot find the file specified.", "docker ps")
    assert out.category == "precondition_failed"


def test_a_bare_native_build_failure_is_unknown_and_says_where_the_reason_is():
    out = diagnose("ERROR: Failed building wheel for simple_knn\nFailed to build simple_knn", "pip install .")
    assert out.category == "unknown" and "compiler" in out.fix


def test_a_native_build_failure_that_names_its_missing_tool_is_that_missing_dependency():
    out = diagnose("ERROR: Could not build wheels for psycopg2\n      Error: pg_config executable not found.",
                   "pip install psycopg2")
    assert out.category == "missing_dependency"


def test_a_plain_javascript_error_with_its_stack_is_a_runtime_error():
    out = diagnose("Error: Failed to convert napi `Undefined` into rust type `String`\n"
                   "    at nativeHashArray (/app/node_modules/nx/src/hasher/native-file-hasher.js:40:12)\n"
                   "    at createNode (/app/node_modules/nx/src/plugins/js/lock-file/npm-parser.js:82:38)", "npx nx build")
    assert out.category == "runtime_error"


def test_a_json_bodys_stated_status_decides_when_nothing_else_names_a_mechanism():
    out = diagnose('{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND"}}')
    assert out.category == "file_not_found"


def test_a_mechanism_named_in_the_body_outranks_its_bare_status():
    out = diagnose('{"error":{"code":400,"message":"request (124315 tokens) exceeds the available context size '
                   '(123904 tokens)","type":"exceed_context_size_error"}}')
    assert out.category == "resource_limit"


def test_a_rust_backtrace_through_unwrap_failed_is_a_runtime_error():
    out = diagnose("stack backtrace:\n   0: rust_begin_unwind\n   1: core::panicking::panic_fmt\n"
                   "   2: core::result::unwrap_failed\n   3: app::main", "cargo run")
    assert out.category == "runtime_error"


def test_a_budget_the_account_exceeded_is_a_resource_limit_not_worth_retrying():
    out = diagnose("Smudge error: batch response: This repository exceeded its LFS budget. The account responsible "
                   "for the budget should increase it to restore access.", "git clone https://github.com/a/b")
    assert out.category == "resource_limit" and out.retryable is False


def test_a_suggested_command_quotes_only_the_group_that_matched():
    out = diagnose("module-xrdp-sink.c:26:10: fatal error: config.h: No such file or directory\n"
                   " #include <config.h>", "make")
    assert out.category == "file_not_found" and "find . -name config.h)" in out.fix and "''" not in out.fix


def test_json_an_http_clients_json_call_cannot_parse_is_the_servers_reply_not_a_typo():
    out = diagnose('Traceback (most recent call last):\n  File "/app/fetch.py", line 9, in <module>\n    x = r.json()\n'
                   '  File "/usr/lib/python3/site-packages/requests/models.py", line 898, in json\n'
                   "    return complexjson.loads(self.text, **kwargs)\n"
                   "json.decoder.JSONDecodeError: Expecting value: line 3 column 5 (char 12)", "python fetch.py")
    assert out.category == "runtime_error"


def test_an_argument_list_too_long_is_a_limit_though_make_reports_exit_127():
    out = diagnose("make[1]: /bin/sh: Argument list too long\nmake[1]: *** [Makefile:47: app] Error 127\n")
    assert out.category == "resource_limit" and "xargs" in out.fix


def test_a_task_runners_status_127_in_parentheses_is_a_missing_command():
    out = diagnose("rake aborted!\nCommand failed with status (127): [racc -o lib/parser.rb lib/parser.ry]\n")
    assert out.category == "missing_dependency"


def test_a_child_that_exited_with_code_139_crashed():
    out = diagnose('error MSB6006: "RunFsc.sh" exited with code 139. [/src/App.fsproj]\n')
    assert out.category == "runtime_error" and "SIGSEGV" in out.root_cause


def test_not_enough_memory_is_a_resource_limit_not_a_refused_request():
    out = diagnose("> Not enough memory to run compilation. Try to increase it via 'gradle.properties':\n")
    assert out.category == "resource_limit"


def test_a_request_exceeding_a_cloud_quota_is_a_resource_limit():
    out = diagnose("Operation could not be completed as it results in exceeding approved Total Regional Cores "
                   "quota. Current Limit: 10, Current Usage: 8, Additional Required: 4.\nStatus: 409 (Conflict)\n")
    assert out.category == "resource_limit" and out.retryable is False


def test_curls_low_speed_limit_is_a_timeout():
    out = diagnose("curl: (28) Operation too slow. Less than 1000 bytes/sec transferred the last 30 seconds\n")
    assert out.category == "transient" and out.retryable is True


def test_a_runners_one_line_tally_with_failures_is_a_test_failure():
    out = diagnose("Overall Summary: 1388 tests cases | 0 errors | 2 failures | 3 flaky | 24 skipped |\n")
    assert out.category == "test_failure" and out.confidence > 0.5  # a rule's reading, not the wording guess


def test_failures_a_runner_expected_are_no_test_failure():
    out = diagnose("<returncode>0</returncode>\n<output>\ntest cases: 12 | 11 passed | 1 failed as expected\n"
                   "assertions: 40 | 39 passed | 1 failed as expected\n</output>")
    assert out.category == "not_an_error"


def test_not_enough_memory_before_a_fallback_and_build_successful_is_no_failure():
    out = diagnose("<returncode>0</returncode>\n<output>\n> Task :app:compileDebugKotlin\nNot enough memory to run "
                   "compilation. Try to increase it via 'gradle.properties':\nUsing fallback strategy: Compile without "
                   "Kotlin daemon\n\nBUILD SUCCESSFUL in 1m 2s\n</output>")
    assert out.category == "not_an_error"


def test_a_refused_login_says_to_check_the_credentials():
    out = diagnose("DatabaseError: 250001 (08001): Failed to connect to DB: acct.snowflakecomputing.com:443. "
                   "Incorrect username or password was specified\n")
    assert "credentials" in out.fix and "/tmp" not in out.fix


def test_a_device_out_of_a_resource_is_told_to_ask_for_less_per_launch():
    out = diagnose("triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 98304, "
                   "Hardware limit: 49152.\n")
    assert out.category == "resource_limit" and "smaller blocks" in out.fix


def test_pip_with_no_release_for_this_python_is_a_precondition_not_an_install_to_repeat():
    out = diagnose("ERROR: Could not find a version that satisfies the requirement mcp-use (from versions: none)\n"
                   "ERROR: No matching distribution found for mcp-use\n", "pip install mcp-use")
    assert out.category == "precondition_failed" and "python -V" in out.fix and "pip install mcp-use" not in out.fix


def test_a_builtin_without_an_api_it_used_to_have_is_an_undefined_name():
    out = diagnose("AttributeError: 'dict' object has no attribute 'iteritems'\n")
    assert out.category == "undefined_name"


def test_a_compiler_killed_for_memory_outranks_the_assertion_that_reports_the_failed_build():
    out = diagnose("    assert not(process.returncode), f\"Compilation for {spec} failed. Stopping.\"\n"
                   "AssertionError: Compilation for rules.dl failed. Stopping.\n"
                   "c++: fatal error: Killed signal terminated program cc1plus\ncompilation terminated.\n")
    assert out.category == "resource_limit"


def test_a_service_that_requires_an_authtoken_refused_the_caller():
    out = diagnose("[Error: failed to connect session: Usage of ngrok requires a verified account and authtoken.\n"
                   "Sign up for an account: https://dashboard.ngrok.com/signup\n")
    assert out.category == "permission_denied"


def test_a_docker_build_step_that_segfaulted_is_a_crash_not_only_a_wrapper_summary() -> None:
    diag = diagnose("ERROR: Service 'web' failed to build: The command '/bin/sh -c ./build-ext.sh' returned a "
                    "non-zero code: 139", "docker-compose up")
    assert diag.category == "runtime_error"


def test_a_port_in_use_inside_a_daemons_http_500_is_the_port_not_a_server_outage() -> None:
    diag = diagnose("Error response from daemon: (HTTP code 500) server error - driver failed programming external "
                    "connectivity on endpoint web (4f1c): Bind for 0.0.0.0:8080 failed: port is already allocated")
    assert diag.category == "precondition_failed" and not diag.retryable


def test_a_repository_that_requires_https_is_not_retried() -> None:
    diag = diagnose("> Could not resolve junit:junit:4.12.\n   > Could not GET 'http://repo.maven.apache.org/maven2/"
                    "junit/junit/4.12/junit-4.12.pom'. Received status code 501 from server: HTTPS Required",
                    "./gradlew build")
    assert diag.category == "precondition_failed" and "https://" in diag.fix


def test_a_testing_library_query_that_finds_nothing_is_a_failing_test() -> None:
    diag = diagnose("TestingLibraryElementError: Unable to find an element with the text: Checkout. This could be "
                    "because the text is broken up by multiple elements.\n"
                    "    at Object.getElementError (node_modules/@testing-library/dom/dist/config.js:37:19)")
    assert diag.category == "test_failure"


def test_a_command_missing_under_busybox_ash_is_named_after_the_script() -> None:
    diag = diagnose("./setup.sh: line 7: install: not found\n./setup.sh: line 8: install: not found\n", "./setup.sh")
    assert diag.category == "missing_dependency" and "`install`" in diag.root_cause


def test_a_php_missing_array_key_under_a_test_runner_is_a_runtime_error() -> None:
    diag = diagnose("PHPUnit 10.1.0 by Sebastian Bergmann and contributors.\n\nUndefined array key \"email\"\n"
                    "make: *** [test] Error 2\n", "make test")
    assert diag.category == "runtime_error"


def test_one_request_over_the_per_minute_token_cap_is_a_limit_not_a_rate_limit_to_wait_out() -> None:
    diag = diagnose("openai.RateLimitError: Error code: 429 - {'error': {'message': 'Request too large for gpt-4o "
                    "on tokens per min (TPM): Limit 30000, Requested 52011. The input or output tokens must be "
                    "reduced in order to run successfully.', 'type': 'tokens', 'code': 'rate_limit_exceeded'}}")
    assert diag.category == "resource_limit" and not diag.retryable


@pytest.mark.parametrize("error", [
    "Error: 500-InternalError, Out of host capacity.\nService: Core Instance",
    "An error occurred (InsufficientInstanceCapacity) when calling the RunInstances operation: We currently do not "
    "have sufficient p3.2xlarge capacity in the Availability Zone you requested (us-east-1a).",
])
def test_a_cloud_zone_out_of_machines_is_transient(error: str) -> None:
    diag = diagnose(error)
    assert diag.category == "transient" and diag.retryable



def test_windows_one_usage_of_each_socket_address_is_a_port_in_use() -> None:
    diag = diagnose("listen tcp :8080: bind: Only one usage of each socket address (protocol/network address/port) "
                    "is normally permitted.")
    assert diag.category == "precondition_failed"


def test_a_missing_python_h_is_the_dev_package_not_a_project_file() -> None:
    diag = diagnose('ext/_speedups.c:4:10: fatal error: Python.h: No such file or directory\n    4 | #include '
                    '"Python.h"\n      |          ^~~~~~~~~~\ncompilation terminated.', "pip install .")
    assert diag.category == "missing_dependency" and "python3-dev" in diag.fix


def test_a_program_a_tool_needs_on_path_is_a_missing_dependency() -> None:
    diag = diagnose("Error downloading modules: error downloading 'https://example.org/net.git?ref=v1.2.0': git must "
                    "be available and on the PATH", "terraform init")
    assert diag.category == "missing_dependency" and "`git`" in diag.root_cause


def test_a_download_that_is_not_a_gzip_archive_is_a_runtime_failure_with_a_redownload_fix() -> None:
    diag = diagnose("gzip: stdin: not in gzip format\ntar: Child returned status 1\ntar: Error is not recoverable: "
                    "exiting now", "tar xzf release-1.4.tar.gz")
    assert diag.category == "runtime_error" and "curl -fL" in diag.fix


def test_gunzipping_a_plain_tar_is_a_wrong_flag() -> None:
    diag = diagnose("gzip: stdin: not in gzip format\ntar: Error is not recoverable: exiting now", "tar xzf data.tar")
    assert diag.category == "invalid_arguments" and "tar xf" in diag.fix


def test_dash_not_finding_a_relative_path_is_a_missing_file() -> None:
    diag = diagnose("./build.sh: 4: ./build.sh: ./tools/gen: not found\n", "./build.sh")
    assert diag.category == "file_not_found" and "./tools/gen" in diag.root_cause


def test_an_option_a_newer_version_removed_names_its_replacement() -> None:
    diag = diagnose("--latex-engine has been removed.  Use --pdf-engine instead.", "pandoc in.md -o out.pdf")
    assert diag.category == "invalid_arguments" and "--pdf-engine" in diag.fix


def test_an_exhausted_pixel_cache_is_a_resource_limit() -> None:
    diag = diagnose("convert-im6.q16: cache resources exhausted `scan.tif' @ error/cache.c/OpenPixelCache/4083.",
                    "convert scan.tif scan.png")
    assert diag.category == "resource_limit"


def test_a_download_that_blames_the_connection_is_transient() -> None:
    diag = diagnose("Cannot download https://example.org/index.tar.gz, please check your connection settings.")
    assert diag.category == "transient"


def test_a_command_given_too_many_positional_arguments_is_a_wrong_call() -> None:
    diag = diagnose('Command copy needs 2 arguments maximum: you provided 4 non flag arguments: ["/src" "remote:" '
                    '"a.mkv" "b.mkv"]', "rclone copy /src remote: --exclude *.mkv")
    assert diag.category == "invalid_arguments"


def test_libcurls_timeout_was_reached_is_transient() -> None:
    diag = diagnose("CDN: trunk URL couldn't be downloaded: https://cdn.example.org/Specs/a/b.podspec.json Response: "
                    "Timeout was reached", "pod install")
    assert diag.category == "transient"


def test_a_missing_daemon_socket_means_the_daemon_is_not_running() -> None:
    diag = diagnose('error: cannot communicate with server: Post "http://localhost/v2/snaps/x": dial unix '
                    "/run/snapd.socket: connect: no such file or directory", "sudo snap install x")
    assert diag.category == "precondition_failed"


def test_a_workflow_input_that_exists_nowhere_is_a_missing_file() -> None:
    diag = diagnose("Building DAG of jobs...\nMissingInputException: Missing input files for rule align:\n"
                    "data/sample1.fastq", "snakemake -j 4")
    assert diag.category == "file_not_found"


def test_a_file_a_tool_would_clobber_is_a_state_to_resolve() -> None:
    diag = diagnose("Existing file '/home/u/.config/tool/config.toml' would be clobbered", "home-manager switch")
    assert diag.category == "precondition_failed"


def test_a_package_manager_waiting_on_anothers_lock_is_transient() -> None:
    diag = diagnose("    Blocking waiting for file lock on build directory", "cargo build --release")
    assert diag.category == "transient"


def test_v8s_out_of_memory_stack_without_its_message_line_is_a_memory_limit() -> None:
    diag = diagnose(" 1: 0xb7a940 node::Abort() [node]\n 2: 0xa8e823  [node]\n"
                    " 3: 0xd5c990 v8::Utils::ReportOOMFailure(v8::internal::Isolate*, char const*, bool) [node]\n"
                    " 4: 0xd5cd37 v8::internal::V8::FatalProcessOutOfMemory(v8::internal::Isolate*, char const*, "
                    "bool) [node]\nAborted (core dumped)", "npm run build")
    assert diag.category == "resource_limit"


def test_a_configure_step_without_a_working_compiler_is_a_missing_toolchain() -> None:
    diag = diagnose("checking for gcc... gcc\nchecking whether the C compiler works... no\n"
                    "configure: error: in `/build/libfoo-1.2':\nconfigure: error: C compiler cannot create executables\n"
                    "See `config.log' for more details", "./configure && make")
    assert diag.category == "missing_dependency"
    assert "build-essential" in diag.fix


def test_a_package_index_that_did_not_resolve_is_why_apt_then_finds_nothing() -> None:
    diag = diagnose("W: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease  Temporary failure "
                    "resolving 'deb.debian.org'\nW: Some index files failed to download. They have been ignored, or "
                    "old ones used instead.\nE: Unable to locate package curl\nThe command '/bin/sh -c apt-get update "
                    "&& apt-get install -y curl' returned a non-zero code: 100", "docker build -t app .")
    assert diag.category == "transient"


def test_a_usb_device_the_user_may_not_open_is_a_permission() -> None:
    diag = diagnose("Info : clock speed 1000 kHz\nError: libusb_open() failed with LIBUSB_ERROR_ACCESS\n"
                    "Error: no device found", "openocd -f board.cfg")
    assert diag.category == "permission_denied"
    assert diag.confidence >= 0.9  # read by the signature, not guessed from the words


def test_a_symbol_of_a_library_left_off_the_link_line_is_a_missing_library() -> None:
    diag = diagnose("/usr/bin/ld: obj/worker.o: undefined reference to symbol 'dlopen@@GLIBC_2.2.5'\n"
                    "collect2: error: ld returned 1 exit status", "make")
    assert diag.category == "missing_dependency"


def test_an_apache_directive_of_a_module_not_loaded_is_a_missing_module_not_a_typo() -> None:
    diag = diagnose("AH00526: Syntax error on line 4 of /etc/apache2/sites-enabled/site.conf:\nInvalid command "
                    "'ProxyPass', perhaps misspelled or defined by a module not included in the server configuration",
                    "sudo systemctl reload apache2")
    assert diag.category == "missing_dependency"
    assert "a2enmod" in diag.fix


def test_a_playbook_neither_json_nor_yaml_reads_is_a_yaml_syntax_error() -> None:
    diag = diagnose("We were unable to read either as JSON nor YAML, these are the errors we got from each:\n"
                    "JSON: Expecting value: line 1 column 1 (char 0)\n\nSyntax Error while loading YAML.\n"
                    "  did not find expected key", "ansible-playbook site.yml")
    assert diag.category == "syntax_error"


def test_a_container_over_its_own_memory_limit_is_told_to_raise_it_not_lower_it() -> None:
    diag = diagnose("    State:          Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n"
                    "    Limits:\n      memory:  64Mi\n", "kubectl describe pod api-7d9")
    assert diag.category == "resource_limit"
    assert "Raise the container's memory limit" in diag.fix


def test_a_changed_ssh_host_key_is_a_state_to_resolve_not_bad_credentials() -> None:
    diag = diagnose("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n"
                    "@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n"
                    "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n"
                    "Password authentication is disabled to avoid man-in-the-middle attacks.\n"
                    "deploy@10.0.0.9: Permission denied (publickey,password).", "ssh deploy@10.0.0.9")
    assert diag.category == "precondition_failed"
    assert "ssh-keygen -R" in diag.fix


def test_the_separator_run_as_a_program_is_a_misordered_call() -> None:
    diag = diagnose('OCI runtime exec failed: exec failed: container_linux.go:380: starting container process '
                    'caused: exec: "--": executable file not found in $PATH: unknown',
                    "docker compose exec web -- npm test")
    assert diag.category == "invalid_arguments"


def test_a_read_only_file_system_is_not_told_to_chmod() -> None:
    diag = diagnose("cp: cannot create regular file '/usr/share/app/x.conf': Read-only file system", "cp x.conf "
                    "/usr/share/app/")
    assert "remount" in diag.fix


def test_a_call_stack_overflow_points_at_the_cycle_not_the_limit() -> None:
    diag = diagnose("RangeError: Maximum call stack size exceeded\n    at resolve (/app/loader.js:10:38)\n"
                    "    at resolve (/app/loader.js:12:30)", "node build.js")
    assert "cycle" in diag.fix


def test_a_panic_of_a_program_without_a_tool_call_is_not_read_as_a_tool_crash() -> None:
    diag = diagnose("================ V panic ================\n  message: array index out of range: 1/0\n", "")
    assert "schema" not in diag.fix
    assert "length" in diag.fix


def test_a_jvm_wrapper_that_carries_its_cause_in_the_message_is_read_by_the_cause() -> None:
    diag = diagnose("org.apache.kafka.connect.errors.ConnectException: org.apache.hadoop.security."
                    "AccessControlException: Permission denied: user=etl, access=WRITE, inode=\"/data\":root:"
                    "supergroup:drwxr-xr-x\n\tat io.confluent.connect.hdfs.DataWriter.<init>(DataWriter.java:202)")
    assert diag.category == "permission_denied"


def test_a_search_cluster_read_only_after_its_disk_flood_stage_is_a_disk_limit_not_a_login() -> None:
    diag = diagnose('retrying failed action with response code: 403 ({"type"=>"cluster_block_exception", "reason"=>'
                    '"blocked by: [FORBIDDEN/12/index read-only / allow delete (api)];"})', "")
    assert diag.category == "resource_limit"


def test_a_sealed_vault_is_a_state_to_change_not_a_503_to_wait_out() -> None:
    diag = diagnose('StatusCodeError: 503 - {"errors":["Vault is sealed"]}', "node read-secret.js")
    assert diag.category == "precondition_failed"
    assert not diag.retryable


def test_a_full_disk_under_docker_names_dockers_own_storage() -> None:
    diag = diagnose("ERROR: failed to register layer: Error processing tar file(exit status 1): write /usr/lib/x.so: "
                    "no space left on device", "docker compose up")
    assert "docker system prune" in diag.fix


def test_a_database_out_of_connection_slots_is_told_about_pools_not_sizes() -> None:
    diag = diagnose("FATAL:  sorry, too many clients already\nFATAL:  sorry, too many clients already", "")
    assert diag.category == "resource_limit"
    assert "max_connections" in diag.fix

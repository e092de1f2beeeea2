"""Errors from tools no signature names are read by the words every ecosystem uses for a mechanism.

Texts are written in the shape real tools print; none is a corpus row.
"""

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.errors.cues import find_cue


def test_a_refusal_worded_as_lacking_write_permission_is_permission_denied():
    out = diagnose("ERROR:  While executing pkgtool ... (Pkg::InstallError)\n"
                   "    You don't have write permissions for the /opt/tools/lib directory.")
    assert out.category == "permission_denied" and "sudo" in out.fix


def test_an_unreachable_host_is_transient_and_worth_retrying():
    out = diagnose("Unable to reach the controller: dial tcp 10.0.0.7:6443: connect: no route to host")
    assert out.category == "transient" and out.retryable is True


def test_a_compiler_killed_by_the_kernel_is_a_memory_limit():
    out = diagnose("arm-none-eabi-g++: fatal error: Killed signal terminated program cc1plus\n"
                   "compilation terminated.\nmake[2]: *** [src/CMakeFiles/fw.dir/main.cpp.o] Error 1")
    assert out.category == "resource_limit" and "-j1" in out.fix


def test_a_manifest_that_does_not_parse_is_a_syntax_error():
    out = diagnose("error: error validating deploy.yml: error converting YAML to JSON: yaml: line 12: "
                   "did not find expected key")
    assert out.category == "syntax_error"


def test_a_missing_field_of_a_type_is_an_undefined_name():
    out = diagnose("./store.go:41:9: s.Cache undefined (type *Store has no field or method Cache)")
    assert out.category == "undefined_name"


def test_a_malformed_image_reference_is_an_invalid_argument():
    out = diagnose("podman: invalid reference format.\nSee 'podman run --help'.")
    assert out.category == "invalid_arguments"


def test_output_ending_in_the_tools_own_success_is_not_an_error():
    out = diagnose("debconf: unable to initialize frontend: Dialog\nupdate-rc.d: warning: runlevel mismatch\n"
                   "Setting up service\nInstallation complete")
    assert out.category == "not_an_error"


def test_a_ci_runners_exit_summary_alone_stays_unknown():
    out = diagnose("Error: Process completed with exit code 2.")
    assert out.category == "unknown" and out.confidence < 0.5


def test_a_warning_line_reporting_a_failed_job_is_not_a_benign_notice():
    out = diagnose("WARNING: cleanup script could not run\nWARNING: Job failed: exit status 1")
    assert out.category != "not_an_error"


def test_a_library_exception_named_for_a_rate_limit_is_transient():
    out = diagnose("client.errors.RateLimitExceededException: 403 {\"message\": \"API rate limit exceeded\"}")
    assert out.category == "transient" and out.retryable is True


def test_a_builtin_exception_carrying_an_out_of_memory_message_is_a_resource_limit():
    out = diagnose("RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB")
    assert out.category == "resource_limit"


def test_a_deprecation_notices_words_are_no_cue():
    assert find_cue("Deprecated features were used in this build, making it incompatible with v7.0.") is None


def test_a_per_minute_quota_is_a_rate_limit_not_a_spent_quota():
    out = diagnose("ResourceExhausted: 429 Quota exceeded for quota metric 'Requests' and limit 'Requests per "
                   "minute' of service 'api.example.com'")
    assert out.category == "transient"


def test_a_mechanism_word_outranks_the_guess_that_a_short_error_is_a_domain_rejection():
    out = diagnose("An error occurred (ExpiredToken) when calling the ListBuckets operation: The security token "
                   "included in the request is expired")
    assert out.category == "permission_denied"


def test_a_build_step_summary_alone_stays_unknown():
    out = diagnose('ERROR: failed to solve: process "/bin/sh -c make" did not complete successfully: exit code: 2')
    assert out.category == "unknown"


def test_progress_output_with_no_word_of_failure_is_not_an_error():
    out = diagnose("Cloning into 'app'...\nremote: Enumerating objects: 42, done.\nReceiving objects: 100% (42/42), done.")
    assert out.category == "not_an_error"


def test_a_parsers_own_exception_is_a_syntax_error():
    out = diagnose("confparse.errors.ConfigParseError: unbalanced brackets at line 3")
    assert out.category == "syntax_error"


def test_an_unknown_subcommand_is_an_invalid_argument():
    out = diagnose('Error: unknown command "srve" for "tool"\nRun \'tool --help\' for usage.')
    assert out.category == "invalid_arguments"


def test_no_cue_matches_ordinary_prose():
    # An empty alternative left in a cue's regex would match everything and decide every error.
    assert find_cue("The build step copied three files and printed a summary of them.") is None


def test_a_js_call_of_a_missing_method_is_an_undefined_name():
    out = diagnose("TypeError: client.fetchAll is not a function\n    at main (/app/index.js:3:10)")
    assert out.category == "undefined_name"


def test_a_make_target_nobody_defined_is_an_invalid_argument_but_a_missing_prerequisite_is_a_missing_file():
    assert diagnose("make: *** No rule to make target 'biuld'.  Stop.").category == "invalid_arguments"
    assert diagnose("make: *** No rule to make target 'src/util.o', needed by 'app'.  Stop.").category == "file_not_found"


def test_a_template_function_that_is_not_defined_is_an_undefined_name_not_a_parse_error():
    out = diagnose('Error: parse error at (app/templates/deploy.yaml:12): function "toYamlPretty" not defined')
    assert out.category == "undefined_name"


def test_a_runner_exit_under_only_normal_results_is_not_an_error():
    out = diagnose("On branch main\nnothing to commit, working tree clean\nError: Process completed with exit code 1.")
    assert out.category == "not_an_error"


def test_a_cluster_warning_event_that_reports_a_failed_placement_is_not_a_notice():
    out = diagnose("Warning  FailedScheduling  30s  default-scheduler  0/4 nodes are available: 4 Insufficient cpu.")
    assert out.category != "not_an_error"


def test_a_rust_panic_on_a_failed_assertion_is_a_test_failure():
    out = diagnose("---- tests::adds stdout ----\nthread 'tests::adds' panicked at 'assertion failed: `(left == right)`\n"
                   "  left: `3`,\n right: `4`', src/lib.rs:9:5")
    assert out.category == "test_failure"


def test_retry_warnings_about_the_network_explain_a_bare_failure_after_them():
    out = diagnose("warning: spurious network error (1 tries remaining): got 502\n"
                   "error: failed to get `serde` as a dependency of package `app v0.1.0`")
    assert out.category == "transient" and out.retryable is True


def test_git_checkout_of_a_branch_that_does_not_exist_is_an_undefined_name():
    out = diagnose("error: pathspec 'feature-x' did not match any file(s) known to git", "git checkout feature-x")
    assert out.category == "undefined_name"


def test_numbers_in_a_log_are_not_http_statuses():
    log = "\n".join(f"INFO worker-{i % 7} processed batch {i} in {500 + i} ms" for i in range(40))  # 529 ms, 503 ms, 429...
    assert diagnose(log + "\nValueError: bad row", "python run.py").category not in ("transient", "resource_limit")


def test_a_full_connection_pool_is_a_resource_limit_not_a_transient_blip():
    out = diagnose("psycopg2.OperationalError: FATAL:  sorry, too many clients already")
    assert out.category == "resource_limit"


def test_a_local_deb_given_as_a_name_is_an_invalid_argument_with_the_path_form():
    out = diagnose("Reading package lists... Done\nE: Unable to locate package chrome_amd64.deb", "sudo apt install chrome_amd64.deb")
    assert out.category == "invalid_arguments" and "./chrome_amd64.deb" in out.fix


def test_a_missing_npm_script_or_maven_phase_is_an_invalid_argument():
    assert diagnose('npm ERR! Missing script: "dev"').category == "invalid_arguments"
    assert diagnose('[ERROR] Unknown lifecycle phase "build". You must specify a valid lifecycle phase').category \
        == "invalid_arguments"


def test_a_program_that_could_not_be_started_is_a_missing_dependency():
    out = diagnose("error: failed to run custom build command for `openssl-sys`\n"
                   "Failed to run `\"pkg-config\" \"--libs\" \"openssl\"`: No such file or directory (os error 2)")
    assert out.category == "missing_dependency"


def test_a_notice_that_a_table_to_drop_does_not_exist_is_not_an_error():
    out = diagnose('NOTICE:  table "staging" does not exist, skipping\nDROP TABLE\nCREATE TABLE\nCOMMIT')
    assert out.category == "not_an_error"


def test_retry_warnings_that_end_the_output_are_a_failure_not_notices():
    out = diagnose("  WARNING: Retrying (Retry(total=1)) after connection broken by 'ReadTimeoutError(\"Read timed out.\")': "
                   "/simple/flask/", "pip install flask")
    assert out.category == "transient"


def test_a_call_with_the_wrong_arguments_in_a_compiled_language_is_an_invalid_argument():
    out = diagnose("App.java:12: error: constructor Point in class Point cannot be applied to given types;\n"
                   "  required: int,int\n  found: int\n  reason: actual and formal argument lists differ in length")
    assert out.category == "invalid_arguments"


def test_a_success_line_at_the_end_does_not_hide_a_kill_or_a_timeout_before_it():
    assert diagnose("Killed\nDone").category == "resource_limit"
    assert diagnose("curl: (28) Connection timed out after 10001 milliseconds\nDone").category == "transient"


def test_a_builtin_exceptions_quoted_value_is_not_a_mechanism():
    assert diagnose("KeyError: 'rate_limit'").category == "runtime_error"
    assert diagnose("IndexError: index 429 is out of bounds for axis 0 with size 100").category == "runtime_error"


def test_an_error_line_decides_over_an_informational_line_that_shares_a_word():
    out = diagnose("Using billing account 0123-4567 for project demo\n"
                   "ERROR: (gcloud.run.deploy) unrecognized arguments: --regoin=us-central1")
    assert out.category == "invalid_arguments"


def test_a_configuration_attribute_the_schema_lacks_is_an_invalid_argument():
    out = diagnose('Error: Unsupported argument\n\n  on main.tf line 7, in resource "null_resource" "x":\n'
                   '   7:   triggerz = {}\n\nAn argument named "triggerz" is not expected here.')
    assert out.category == "invalid_arguments"


def test_a_configuration_expression_that_does_not_parse_is_a_syntax_error():
    out = diagnose('Error: Invalid expression\n\n  on vars.tf line 2, in variable "n":\n   2:   default = ,\n\n'
                   "Expected the start of an expression, but found an invalid expression token.")
    assert out.category == "syntax_error"


def test_a_call_with_too_few_arguments_is_an_invalid_argument_in_any_language():
    assert diagnose("./calc.go:14:9: not enough arguments in call to sum\n\thave (int)\n\twant (int, int)"
                    ).category == "invalid_arguments"
    assert diagnose("lib.rb:2:in `sum': wrong number of arguments (given 1, expected 2) (ArgumentError)"
                    ).category == "invalid_arguments"


def test_a_missing_git_plugin_is_a_missing_dependency_but_a_typo_is_an_invalid_argument():
    assert diagnose("git: 'lfs' is not a git command. See 'git --help'.").category == "missing_dependency"
    typo = "git: 'comit' is not a git command. See 'git --help'.\n\nThe most similar command is\n\tcommit"
    assert diagnose(typo).category == "invalid_arguments"


def test_no_credentials_for_a_provider_is_a_permission_error():
    out = diagnose('Error: No valid credential sources found\n\n  with provider["registry.terraform.io/hashicorp/google"]')
    assert out.category == "permission_denied"


def test_a_model_id_the_provider_does_not_serve_is_an_undefined_name():
    out = diagnose("Error code: 404 - {'error': {'message': 'The model `gpt-9` does not exist or you do not have access "
                   "to it.', 'type': 'invalid_request_error', 'code': 'model_not_found'}}")
    assert out.category == "undefined_name"


def test_a_lockfile_out_of_date_with_its_manifest_is_a_state_to_fix_first():
    out = diagnose(" ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with \"frozen-lockfile\" because pnpm-lock.yaml is not "
                   "up to date with apps/web/package.json\nError: Process completed with exit code 1.")
    assert out.category == "precondition_failed"


def test_coded_build_warnings_alone_are_not_an_error():
    out = diagnose("/src/App/App.csproj : warning NU1603: App depends on Serilog (>= 2.0.1) but Serilog 2.0.1 was not "
                   "found. An approximate best match of Serilog 2.1.0 was resolved.")
    assert out.category == "not_an_error"


def test_a_wrappers_exit_status_alone_is_unknown():
    assert diagnose("Error executing command make deploy ENV=dev: exit status 2").category == "unknown"


def test_a_failed_push_with_no_rejection_shown_is_not_read_as_a_diverged_branch():
    out = diagnose("pre-push hook exited with status 1\nerror: failed to push some refs to 'git@example.com:o/r.git'")
    assert out.category != "precondition_failed"


def test_a_jvm_exception_after_its_thread_prefix_is_read_by_its_name():
    out = diagnose('Exception in thread "main" java.nio.file.NoSuchFileException: in/data.csv\n'
                   "\tat java.base/sun.nio.fs.UnixException.translateToIOException(UnixException.java:92)")
    assert out.category == "file_not_found"


def test_the_cause_under_a_jvm_wrapper_exception_decides():
    out = diagnose("org.example.db.StoreException: could not open the store\n"
                   "Caused by: java.net.ConnectException: Connection refused")
    assert out.category == "transient"


def test_a_type_checkers_argument_code_is_an_invalid_argument():
    out = diagnose('pkg/calc.py:8: error: Argument 2 to "scale" has incompatible type "str"; expected "float"  '
                   "[arg-type]\nFound 1 error in 1 file (checked 4 source files)")
    assert out.category == "invalid_arguments"


def test_a_cluster_event_row_of_type_warning_is_still_the_failure():
    out = diagnose("  Warning  BackOff  12s (x5 over 1m)  kubelet  Back-off restarting failed container worker in pod "
                   "worker-0_jobs(9f1e)")
    assert out.category == "runtime_error"


def test_a_namespace_quota_refusal_is_a_resource_limit_not_a_permission():
    out = diagnose('Error from server (Forbidden): error when creating "job.yaml": jobs.batch "etl" is forbidden: '
                   "exceeded quota: team-a, requested: requests.memory=8Gi, used: requests.memory=30Gi, limited: "
                   "requests.memory=32Gi")
    assert out.category == "resource_limit"


def test_a_timestamps_seconds_before_failed_are_not_a_tally_of_failed_tests():
    assert diagnose("2025/03/01 09:15:30 Failed to start: error running plan: exit status 1").category != "test_failure"


def test_a_solver_conflict_is_a_state_not_a_missing_package():
    out = diagnose("Resolving dependencies...\nsolver: Could not resolve dependencies:\n"
                   "rejecting: core-2.1 (conflict: app => core>=3 && <4)\nDependency tree exhaustively searched.")
    assert out.category == "precondition_failed"


def test_a_ctest_failure_row_is_a_test_failure():
    out = diagnose("1/3 Test #1: parse ............   Passed    0.01 sec\n"
                   "2/3 Test #2: render ...........***Failed    0.02 sec\n")
    assert out.category == "test_failure"


def test_a_serialization_failure_is_retryable_contention():
    out = diagnose("ERROR:  could not serialize access due to read/write dependencies among transactions")
    assert out.category == "transient" and out.retryable


def test_an_immutable_field_refused_by_the_api_server_is_a_state_not_a_permission():
    out = diagnose('The StatefulSet "db" is invalid: spec: Forbidden: updates to statefulset spec for fields other '
                   "than 'replicas' are forbidden; spec.volumeClaimTemplates is immutable")
    assert out.category == "precondition_failed"


def test_an_account_limit_code_is_a_resource_limit_but_a_request_limit_is_throttling():
    assert diagnose("Error: creating NAT Gateway: NatGatewayLimitExceeded: The maximum number of NAT gateways has "
                    "been reached.").category == "resource_limit"
    assert diagnose("An error occurred (RequestLimitExceeded) when calling the DescribeInstances operation: "
                    "Request limit exceeded.").category == "transient"


def test_an_mcp_servers_closed_connection_is_unknown_with_a_way_to_see_why():
    out = diagnose("Error connecting to MCP server 'files': MCP error -32000: Connection closed")
    assert out.category == "unknown" and "stderr" in out.root_cause


def test_a_warning_that_carries_an_exception_reports_that_exception():
    out = diagnose("WARN: Could not load plugin \"ocr\". ModuleNotFoundError: No module named 'pytesseract'")
    assert out.category == "missing_dependency"


def test_payment_required_is_a_spent_budget_not_a_retry():
    out = diagnose("402 Client Error: Payment Required for url: https://api.example.com/v1/render")
    assert out.category == "resource_limit" and not out.retryable


def test_a_pod_status_table_is_unknown_with_where_to_read_the_reason():
    out = diagnose("NAME                     READY   STATUS             RESTARTS   AGE\n"
                   "api-5c9d7f8b6d-9xk2p     0/1     CrashLoopBackOff   7          12m")
    assert out.category == "unknown" and "describe" in out.fix


def test_a_database_socket_that_is_not_there_yet_is_transient():
    out = diagnose('psql: error: connection to server on socket "/tmp/.s.PGSQL.5432" failed: No such file or directory'
                   "\n\tIs the server running locally and accepting connections on that socket?")
    assert out.category == "transient"


def test_compiler_warnings_between_command_echoes_are_not_an_error():
    out = diagnose("cc -O2 -c -o io.o io.c\nio.c:12:5: warning: implicit declaration of function 'getline' is invalid "
                   "in C99 [-Wimplicit-function-declaration]\n    getline(&buf, &n, f);\n    ^\n1 warning generated.\n"
                   "cc -O2 -c -o main.o main.c")
    assert out.category == "not_an_error"


def test_an_error_with_no_message_is_unknown():
    assert diagnose("Error: undefined").category == "unknown"


def test_the_c_librarys_localised_enoent_and_eacces_name_their_mechanisms():
    assert diagnose("cat: notes.txt: Datei oder Verzeichnis nicht gefunden").category == "file_not_found"
    assert diagnose("bash: ./deploy.sh: Permiso denegado").category == "permission_denied"


def test_a_missing_shebang_interpreter_is_a_missing_dependency_not_a_missing_file():
    assert diagnose("env: python2: No such file or directory").category == "missing_dependency"


def test_a_cli_called_with_too_few_arguments_is_an_invalid_argument():
    assert diagnose('Error: "tool deploy" requires at least 1 argument').category == "invalid_arguments"
    assert diagnose("cp: missing destination file operand after 'a.txt'").category == "invalid_arguments"

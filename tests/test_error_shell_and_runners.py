"""Everyday shell tools, test runners outside pytest, compilers, build tools and SQL engines: the mechanism,
and advice that names the fix."""

from __future__ import annotations

import pytest

from supervisor_mcp.heuristics.errors import diagnose


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


def test_options_that_contradict_each_other_are_bad_arguments() -> None:
    error = "fatal: paths 'src/a.py ...' with -a does not make sense"
    assert diagnose(error, "git commit -am msg -- src/a.py").category == "invalid_arguments"


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
def test_each_wording_decides_its_category(error: str, category: str) -> None:
    assert diagnose(error, "").category == category


@pytest.mark.parametrize(("error", "action"), [
    ("Error: No available formula with the name \"pyhton\". Did you mean python?", "brew install pyhton"),
    ("No match for argument: nginxx\nError: Unable to find a match: nginxx", "dnf install nginxx"),
    ("error: target not found: pyhton", "pacman -S pyhton"),
    ("ERROR: unable to select packages:\n  pyhton3 (no such package):\n    required by: world[pyhton3]", "apk add pyhton3"),
    ("error: snap \"vscod\" not found", "snap install vscod"),
    ("No package found matching input criteria.", "winget install pyhton"),
])
def test_a_name_the_package_index_does_not_have_is_a_bad_argument_with_search_advice(error: str, action: str) -> None:
    diag = diagnose(error, action)
    assert diag.category == "invalid_arguments" and "search" in diag.fix


@pytest.mark.parametrize(("error", "action"), [
    ("Error: This command has to be run with superuser privileges (under the root user on most systems).",
     "dnf install git"),
    ("error: you cannot perform this operation unless you are root.", "pacman -S git"),
    ("mount: /mnt/data: must be superuser to use mount.", "mount /dev/sdb1 /mnt/data"),
])
def test_a_command_that_needs_root_is_a_permission_failure(error: str, action: str) -> None:
    assert diagnose(error, action).category == "permission_denied"


def test_sudos_unresolved_hostname_note_is_not_an_error() -> None:
    assert diagnose("sudo: unable to resolve host web-01: Name or service not known",
                    "sudo systemctl status app").category == "not_an_error"


@pytest.mark.parametrize(("error", "action", "category"), [
    ("An error occurred (ValidationError) when calling the CreateStack operation: Stack [app] already exists",
     "aws cloudformation create-stack --stack-name app", "precondition_failed"),
    ("error: failed to decrypt encrypted configuration value 'dbPassword': incorrect passphrase, please set "
     "PULUMI_CONFIG_PASSPHRASE to the correct passphrase", "pulumi up", "permission_denied"),
    ("error: Missing required configuration variable 'aws:region'", "pulumi up", "invalid_arguments"),
    ("--app is required either in command-line, in cdk.json or in ~/.cdk.json", "cdk synth", "invalid_arguments"),
    ("ERROR: 'vmss' is misspelled or not recognized by the system.", "az vmss list", "invalid_arguments"),
    ("Error: Template format error: Unresolved resource dependencies [MyBucket] in the Resources block of the "
     "template", "sam deploy", "undefined_name"),
    ("Error: Could not find class ::nginx for web01.example.com on node web01.example.com", "puppet agent -t",
     "missing_dependency"),
])
def test_cloud_and_configuration_tools_wordings(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


@pytest.mark.parametrize(("error", "action", "category"), [
    ("Bad owner or permissions on /home/dev/.ssh/config", "ssh web-01", "permission_denied"),
    ("An error occurred: MainLambdaFunction - Unzipped size must be smaller than 262144000 bytes.", "serverless deploy",
     "resource_limit"),
    ("Error: PythonPipBuilder:Validation - Binary validation failed for python. Do you have python for runtime: "
     "python3.8 on your PATH?", "sam build", "missing_dependency"),
    ("Problem: conflicting requests\n  - nothing provides libfoo.so.1()(64bit) needed by app-1.0-1.x86_64",
     "dnf install app", "missing_dependency"),
])
def test_sysadmin_and_serverless_tools_wordings(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


@pytest.mark.parametrize(("error", "category"), [
    ("error: no stack named 'prod' found", "invalid_arguments"),
    ("Error: Unable to resolve action `actions/checkout@v9`, unable to find version `v9`", "invalid_arguments"),
    ("Error: Input required and not supplied: token", "invalid_arguments"),
    ("The workflow is not valid. .github/workflows/ci.yml (Line: 12, Col: 9): Unrecognized named-value: 'secret'.",
     "undefined_name"),
    ("This job is stuck because you don't have any active runners online or available with any of these tags assigned "
     "to them: docker", "precondition_failed"),
    ("ERROR: Job failed: execution took longer than 1h0m0s seconds", "resource_limit"),
    ("ERROR: script returned exit code 1\nFinished: FAILURE", "unknown"),
    ("Error: getCacheEntry failed: Cache service responded with 503", "transient"),
    ("##[error]Unable to locate executable file: 'dotnet'. Please verify either the file path exists or the file can "
     "be found within a directory specified by the PATH environment variable.", "missing_dependency"),
])
def test_ci_systems_own_messages(error: str, category: str) -> None:
    assert diagnose(error).category == category


def test_a_pasted_prompt_line_does_not_make_a_relayed_exit_a_programs_verdict() -> None:
    out = diagnose("$ go run main.go > /dev/null\nexit status 1", "go run main.go > /dev/null")
    assert out.category == "unknown"


def test_a_headerless_traceback_ending_in_shs_exit_status_class_is_a_wrapper() -> None:
    error = ('  File "/usr/lib/python3/site-packages/sh.py", line 815, in handle_command_exit_code\n'
             "    raise exc\nsh.ErrorReturnCode_1: \n\n  RAN: /usr/bin/python3 setup.py install\n")
    assert diagnose(error).category == "unknown"


def test_a_headerless_traceback_still_names_its_exception() -> None:
    error = ('  File "app.py", line 3, in <module>\n    main()\n  File "app.py", line 2, in main\n'
             "    load()\nEmptyResultSet: no rows")
    out = diagnose(error)
    assert out.category == "runtime_error" and "EmptyResultSet" in out.evidence[0]


def test_clangs_error_limit_line_is_not_the_cause_of_a_failed_native_build() -> None:
    error = ("  × Failed to build `greenlet==3.0.3`\n  ╰─▶ Call to `setuptools.build_meta.build_wheel` failed (exit "
             "status: 1)\n      fatal error: too many errors emitted, stopping now [-ferror-limit=]\n"
             "      20 errors generated.\n      error: command '/usr/bin/clang++' failed with exit code 1")
    assert diagnose(error, "uv sync").category == "unknown"


def test_a_powershell_command_not_found_wrapped_by_the_console_is_still_read() -> None:
    diag = diagnose("terraform : The term 'terraform' is not recognized as the name of a\ncmdlet, function, script "
                    "file, or operable program. Check the spelling of the\nname, or if a path was included, verify "
                    "that the path is correct and try again.\nAt line:1 char:1", "terraform init")
    assert diag.category == "missing_dependency"
    assert "apt-get" not in diag.fix


def test_a_missing_cmdlet_is_installed_as_a_module() -> None:
    diag = diagnose("Invoke-Pester : The term 'Invoke-Pester' is not recognized as the name of a cmdlet, function, "
                    "script file, or operable program.", "Invoke-Pester ./tests")
    assert "Install-Module" in diag.fix


def test_a_parameter_powershell_read_as_a_command_is_a_wrong_call() -> None:
    diag = diagnose("-ConfigFile : The term '-ConfigFile' is not recognized as the name of a\ncmdlet, function, "
                    "script file, or operable program.", "pwsh -ConfigFile ./x.ps1")
    assert diag.category == "invalid_arguments"


def test_a_command_missing_in_a_script_whose_name_dash_repeats_is_a_missing_command() -> None:
    diag = diagnose("/usr/local/bin/nodeinfo: 66: /usr/local/bin/nodeinfo: jq: not found\n"
                    "/usr/local/bin/nodeinfo: 69: [: -eq: unexpected operator", "nodeinfo")
    assert diag.category == "missing_dependency"

"""Advice never carries a command injection: agent data copied into a suggested command is quoted.

Each hostile name below would run `reboot` if pasted unquoted into a shell. They are fed through
every fix that builds a command from a path, module, program or pattern, and through loop guidance.
"""

import json
import re

import pytest

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.loops import detect
from supervisor_mcp.models import Step

HOSTILE = ["a;reboot;b.py", "$(reboot).py", "x|reboot", "a&&reboot", "q'reboot'q.txt", "`reboot`.sh"]
# Where each error shape puts the hostile name; with the rc the shell reported.
ERRORS = {
    "ls": ("ls: cannot access '{x}': No such file or directory", 2),
    "open": ("FileNotFoundError: [Errno 2] No such file or directory: '{x}'", 1),
    "script": ("bash: ./{x}: Permission denied", 126),
    "command": ("bash: {x}: command not found", 127),
    "python_module": ("ModuleNotFoundError: No module named '{x}'", 1),
    "node_module": ("Error: Cannot find module '{x}'", 1),
    "header": ("fatal error: {x}.h: No such file or directory", 1),
    "import_name": ("ImportError: cannot import name 'helper' from 'pkg.mod' ({x})", 1),
    "attribute": ("AttributeError: module 'os' has no attribute '{x}'", 1),
    "npm_path": ("npm ERR! path /work/{x}\nnpm ERR! code ENOENT", 254),
}


def unquoted_words(text: str) -> list[str]:
    """Words where `reboot` comes with shell syntax that would run it, outside single quotes (one
    shell word) or backticks (code in prose). A bare `reboot` is only a file name."""
    return [word for word in text.split()
            if "reboot" in word and re.search(r"[;|&$`]", word)
            and not re.search(r"'[^']*reboot[^']*'|`[^`]*reboot[^`]*`", word)]


def shell(output: str, code: int) -> str:
    return f"<returncode>{code}</returncode>\n<output>\n{output}\n</output>"


@pytest.mark.parametrize("hostile", HOSTILE)
@pytest.mark.parametrize("shape", sorted(ERRORS))
def test_a_hostile_name_never_reaches_a_fix_unquoted(shape, hostile):
    template, code = ERRORS[shape]
    diag = diagnose(shell(template.format(x=hostile), code), "python run.py")
    assert not unquoted_words(diag.fix), diag.fix


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_hostile_file_name_never_reaches_paging_guidance_unquoted(hostile):
    # An editor tool's path parameter reaches the guidance as given (a shell command's odd path does not).
    pages = [Step(tool="str_replace_editor",
                  args=json.dumps({"command": "view", "path": hostile, "view_range": [a, a + 99]}),
                  result=f"{a}\tdef parse_config(path):") for a in range(1, 600, 100)]
    verdict = detect(pages, task="Fix parse_config so that it reads TOML files.")
    assert verdict.pattern == "paging_crawl"
    assert not unquoted_words(verdict.guidance or ""), verdict.guidance


def test_the_check_itself_catches_an_unquoted_command():
    assert unquoted_words("Find it: find . -name a;reboot;b.py | head")


def test_a_pull_rate_limit_counted_over_hours_is_not_retried_in_seconds():
    out = diagnose("Error response from daemon: toomanyrequests: You have reached your pull rate limit. You may "
                   "increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit\n",
                   "docker pull redis")
    assert out.category == "transient" and "docker login" in out.fix and "2 s" not in out.fix


def test_a_failing_test_of_another_runner_gets_no_pytest_flags():
    out = diagnose("Failures:\n\n  1) Parser parses nested lists\n     Failure/Error: expect(result).to eq([1, 2])\n"
                   "\n       expected: [1, 2]\n            got: [1]\n\n2 examples, 1 failure\n", "bundle exec rspec")
    assert out.category == "test_failure" and "-x -q" not in out.fix


def test_a_database_privilege_refusal_is_told_about_grants_not_only_paths():
    out = diagnose("ERROR:  permission denied for table invoices\n", "psql -c 'select * from invoices'")
    assert out.category == "permission_denied" and ("GRANT" in out.fix or "role" in out.fix)


def test_a_missing_shared_library_is_looked_for_on_the_loader_path():
    out = diagnose("  File \"app.py\", line 4, in <module>\n    import trtpy as tp\n"
                   "ImportError: libcudnn.so.8: cannot open shared object file: No such file or directory\n")
    assert out.category == "missing_dependency" and "LD_LIBRARY_PATH" in out.fix


def test_a_go_standard_library_package_missing_means_an_older_go_not_go_get():
    out = diagnose("build example.org/go/app: cannot load embed: cannot find module providing package embed\n",
                   "go build")
    assert "newer Go" in out.fix and "go get" not in out.fix.split("rather than")[0]


def test_gos_suggestion_to_add_a_module_does_not_carry_its_semicolon():
    out = diagnose("main.go:5:2: no required module provides package github.com/gorilla/mux; to add it:\n"
                   "\tgo get github.com/gorilla/mux\n", "go build")
    assert "go get github.com/gorilla/mux " in out.fix


def test_bash_syntax_run_under_sh_is_told_to_run_it_with_bash():
    out = diagnose("install.sh: 14: Syntax error: \"(\" unexpected\n", "sh -c \"$(curl -fsSL https://x.example/install.sh)\"")
    assert out.category == "syntax_error" and "bash" in out.fix


def test_python3_syntax_under_python2_is_told_to_run_python3():
    out = diagnose("  File \"/srv/env/lib/python2.7/site-packages/django/apps/config.py\", line 202, in import_models\n"
                   "  File \"/srv/app/models.py\", line 71\n    **self.get_s3_location(),\n     ^\n"
                   "SyntaxError: invalid syntax\n", "python manage.py migrate")
    assert "python3" in out.fix


def test_an_unauthorised_android_device_is_told_to_accept_the_prompt_not_to_check_passwords():
    out = diagnose("adb: device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\n")
    assert out.category == "permission_denied" and "USB debugging" in out.fix


def test_a_shared_library_the_loader_reports_is_looked_for_on_the_loader_path_not_with_apt_file():
    out = diagnose("python3: error while loading shared libraries: libpython3.9.so.1.0: cannot open shared object "
                   "file: No such file or directory\n", "python3 app.py")
    assert "LD_LIBRARY_PATH" in out.fix and "apt-file" not in out.fix


def test_a_macos_library_not_loaded_gets_otool_not_apt():
    out = diagnose("dyld[4211]: Library not loaded: @rpath/libssl.3.dylib\n  Referenced from: /usr/local/bin/app\n",
                   "./app")
    assert out.category == "missing_dependency" and "otool -L" in out.fix and "apt" not in out.fix


def test_bash_syntax_piped_into_sh_is_told_to_run_with_bash():
    out = diagnose('sh: 12: Syntax error: "(" unexpected\n', "curl -fsSL https://example.org/install.sh | sh")
    assert "run it with bash" in out.fix


def test_a_dash_syntax_error_under_bash_is_not_blamed_on_sh():
    out = diagnose('sh: 12: Syntax error: "(" unexpected\n', "bash build.sh")
    assert "run it with bash" not in out.fix


def test_a_refused_connection_to_this_machine_says_to_start_the_service_not_to_wait():
    out = diagnose("Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] "
                   "(node:net:1555:16)\n", "npm run migrate")
    assert out.category == "transient" and "start the service" in out.fix and "unchanged" not in out.fix


def test_a_client_that_already_retried_is_told_to_change_something_not_to_repeat_it():
    out = diagnose("  WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after "
                   "connection broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='pypi.org', port=443): Read "
                   "timed out. (read timeout=15)\")': /simple/requests/\nERROR: Could not find a version that "
                   "satisfies the requirement requests (from versions: none)\n", "pip install requests")
    assert "already retried" in out.fix and "unchanged" not in out.fix


def test_a_stated_request_rate_is_paced_under():
    out = diagnose("openai.RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit reached: your account "
                   "allows 3 requests per minute.'}}")
    assert out.category == "transient" and "3 requests per minute" in out.fix


def test_too_many_open_files_is_told_about_file_descriptors():
    out = diagnose("Error: EMFILE: too many open files, watch '/srv/app/src'", "npm run dev")
    assert out.category == "resource_limit" and "ulimit -n" in out.fix


def test_a_windows_file_lock_is_not_told_to_change_ownership():
    out = diagnose("error: moving \"left-pad\" to cache dir failed\nEPERM: Operation not permitted "
                   "(NtSetInformationFile())\n", "bun add left-pad")
    assert "another process" in out.root_cause.lower() and "chown" not in out.fix


def test_a_windows_reserved_port_is_not_read_as_refused_credentials():
    out = diagnose("Error response from daemon: Ports are not available: listen tcp 0.0.0.0:5000: bind: An attempt "
                   "was made to access a socket in a way forbidden by its access permissions.", "docker run -p 5000:5000 app")
    assert out.category == "precondition_failed" and "excludedportrange" in out.fix


def test_a_standard_tool_missing_from_a_minimal_system_names_its_package_not_itself():
    out = diagnose("./setup.sh: line 4: realpath: not found\n", "./setup.sh")
    assert "install -y coreutils" in out.fix


def test_the_projects_own_package_is_installed_from_the_working_tree_not_the_registry():
    out = diagnose("ImportError while loading conftest '/home/u/src/tallyho/tests/conftest.py'.\n"
                   "tests/conftest.py:3: in <module>\n    from tallyho import ledger\n"
                   "E   ModuleNotFoundError: No module named 'tallyho'\n", "pytest")
    assert "pip install -e ." in out.fix


def test_an_unknown_failure_repeats_where_the_tool_says_its_cause_is_written():
    out = diagnose("Job for api.service failed because the control process exited with error code.\n"
                   "See \"systemctl status api.service\" and \"journalctl -xe\" for details.\n", "systemctl start api")
    assert out.category == "unknown" and "journalctl -xe" in out.fix


def test_a_script_file_that_does_not_parse_is_not_given_inline_quoting_advice():
    out = diagnose("./install.sh: line 812: syntax error: unexpected end of file\n", "./install.sh")
    assert "bash -n" in out.fix and "heredoc" not in out.fix


def test_another_languages_file_run_by_the_shell_is_told_to_use_its_own_tool():
    out = diagnose("./server.go: line 1: package: command not found\n./server.go: line 3: syntax error near "
                   "unexpected token `newline'\n./server.go: line 3: `import ('\n", "./server.go")
    assert "not a shell script" in out.root_cause


def test_a_wrapped_sentence_is_quoted_whole_in_the_cause():
    out = diagnose("Error: Failed to initialize build \"qemu\"\n\nThe builder qemu is unknown by Packer, and is "
                   "likely part of a plugin\nthat is not installed.\n", "packer build vm.pkr.hcl")
    assert "builder qemu is unknown" in out.root_cause


def test_redis_refusing_writes_for_a_failed_snapshot_points_at_the_server_disk():
    out = diagnose("(error) MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist "
                   "to disk. Commands that may modify the data set are disabled.", "redis-cli set k v")
    assert out.category == "precondition_failed" and "disk" in out.fix and "the call itself is fine" in out.fix


def test_an_android_app_signed_with_another_key_is_uninstalled_first():
    out = diagnose("adb: failed to install app-debug.apk: Failure [INSTALL_FAILED_UPDATE_INCOMPATIBLE: Existing "
                   "package com.example.notes signatures do not match newer version; ignoring!]", "flutter run")
    assert out.category == "precondition_failed" and "adb uninstall" in out.fix


def test_unrelated_git_histories_get_their_own_fix():
    out = diagnose("fatal: refusing to merge unrelated histories\n", "git pull origin main")
    assert "--allow-unrelated-histories" in out.fix and "push -u" not in out.fix

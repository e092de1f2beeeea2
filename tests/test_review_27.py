"""Inputs a review of stop 27's rules and advice found them misreading; each must stay read right."""

from __future__ import annotations

from supervisor_mcp.heuristics.errors import diagnose


def test_a_tagged_line_is_not_joined_to_the_command_echoed_before_it() -> None:
    out = diagnose("gcc -c ./blis/kernels.c -o build/kernels.o -O3 -mavx512f -mavx512pf -fPIC -I./include -I./blis\n"
                   "gcc: error: unrecognized command-line option '-mavx512pf'; did you mean '-mavx512f'?\n",
                   "pip install .")
    assert "-O3" not in out.root_cause


def test_a_package_format_named_rpm_is_not_read_as_a_request_rate() -> None:
    out = diagnose("Errors during downloading metadata for repository 'rpmfusion-free':\n  - Curl error (28): Timeout "
                   "was reached for https://mirrors.rpmfusion.org/metalink?repo=free-fedora-38\n"
                   "RPM Fusion for Fedora 38 - Free  0.0  B/s |   0  B     00:30", "sudo dnf install ffmpeg")
    assert "requests per" not in out.fix


def test_a_token_rate_limit_is_not_paced_as_a_request_rate() -> None:
    out = diagnose("openai.RateLimitError: Error code: 429 - Rate limit reached for 10KTPM-200RPM in organization "
                   "org-x on tokens per min. Limit: 10000 / min. Please try again in 6ms.")
    assert "200 requests" not in out.fix


def test_a_registry_package_in_a_folder_of_its_name_is_still_installed_from_the_registry() -> None:
    out = diagnose('Traceback (most recent call last):\n  File "/home/u/work/torch/train.py", line 1, in <module>\n'
                   "    import torch\nModuleNotFoundError: No module named 'torch'\n", "python train.py")
    assert "pip install -e ." not in out.fix


def test_a_server_started_in_the_background_is_waited_for_not_declared_absent() -> None:
    out = diagnose("curl: (7) Failed to connect to localhost port 8000 after 0 ms: Connection refused",
                   "python -m http.server 8000 & curl -s localhost:8000/health")
    assert "wait until its port answers" in out.fix


def test_a_pull_limit_keeps_its_login_advice_when_the_client_retried() -> None:
    out = diagnose("latest: Pulling from library/node\na1b2c3: Retrying in 5 seconds\ntoomanyrequests: You have "
                   "reached your pull rate limit. You may increase the limit by authenticating and upgrading: "
                   "https://www.docker.com/increase-rate-limit", "docker pull node")
    assert "docker login" in out.fix


def test_a_directory_that_must_be_on_path_is_not_a_command_to_install() -> None:
    out = diagnose("warning: /home/u/.local/bin needs to be in your PATH\nerror: failed to install x", "pipx install x")
    assert "install -y bin" not in out.fix


def test_a_scripts_own_not_found_message_is_not_a_missing_command() -> None:
    out = diagnose("./run.sh: config.yml: not found", "./run.sh")
    assert "apt-get install" not in out.fix


def test_check_your_connection_string_is_not_a_network_failure() -> None:
    out = diagnose("Error: P1013: The provided database string is invalid. Please check your connection string",
                   "npx prisma migrate dev")
    assert out.category != "transient"


def test_a_php_warning_in_a_finished_run_is_not_a_runtime_error() -> None:
    out = diagnose('PHP Warning:  Undefined array key "x" in /var/www/a.php on line 3\nDone. 42 rows imported.',
                   "php import.php")
    assert out.category == "not_an_error"


def test_bash_itself_is_not_named_as_the_script_that_does_not_parse() -> None:
    out = diagnose("/usr/bin/bash: line 1: syntax error near unexpected token `)'", "echo 'echo (hi)' | /usr/bin/bash")
    assert "bash -n /usr/bin/bash" not in out.fix


def test_a_crlf_script_is_told_to_convert_its_line_endings() -> None:
    out = diagnose("./deploy.sh: line 2: $'\\r': command not found\n./deploy.sh: line 9: syntax error: unexpected end "
                   "of file", "./deploy.sh")
    assert "dos2unix" in out.fix


def test_gunzipping_an_xz_archive_names_the_xz_flag() -> None:
    out = diagnose("gzip: stdin: not in gzip format\ntar: Child returned status 1\ntar: Error is not recoverable: "
                   "exiting now", "tar -xzf node-v20.11.0-linux-x64.tar.xz")
    assert out.category == "invalid_arguments" and "xJf" in out.fix


def test_a_script_dash_cannot_run_may_exist_with_a_missing_interpreter() -> None:
    out = diagnose("/bin/sh: ./entrypoint.sh: not found", "docker run app")
    assert "#!" in out.fix


def test_the_system_wide_file_table_is_not_a_ulimit() -> None:
    out = diagnose("Error: ENFILE: file table overflow, open '/srv/app/a.log'", "node server.js")
    assert "fs.file-max" in out.fix

"""Negative tests for the defects a review of stop 29's change found, each on made-up output."""

import pytest

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.errors.tool_remedy import tool_remedy


@pytest.mark.parametrize("line", [
    "You may use prisma migrate reset to drop the development database. All data will be lost.",
    "You should run this command with elevated privileges.",
    "Try running the container with --privileged",
    "Try running: git reset --hard origin/main",
    "Try running `rm -fr node_modules` and install again.",
    "You should probably TRAIN this model on a down-stream task to be able to use it for predictions.",
    "Please note that this plugin is deprecated.",
    "*** Please tell me who you are.",
])
def test_a_destructive_or_idle_line_is_not_relayed_as_a_remedy(line: str) -> None:
    assert tool_remedy(f"Error: the step failed\n{line}") is None


def test_a_403_in_a_line_number_is_file_permission_advice() -> None:
    out = diagnose("./deploy.sh: line 403: /var/log/app/deploy.log: Permission denied")
    assert "ownership" in out.fix and "(403)" not in out.root_cause


def test_a_403_explained_as_bad_authentication_gets_credentials_advice() -> None:
    out = diagnose("ERROR    HTTPError: 403 Forbidden from https://upload.pypi.org/legacy/\n"
                   "         Invalid or non-existent authentication information.")
    assert "credentials" in out.root_cause


def test_a_413_in_a_source_location_is_not_a_request_body() -> None:
    out = diagnose("kernel.cu:413: CUDA error: out of resources")
    assert "client_max_body_size" not in out.fix


def test_a_gpu_process_list_without_this_process_names_no_process_to_stop() -> None:
    out = diagnose("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total "
                   "capacity of 23.68 GiB of which 1.0 MiB is free. Process 224843 has 23.67 GiB memory in use.")
    assert "224843" not in out.fix


def test_a_dropped_connection_that_names_a_bad_key_is_not_retried() -> None:
    out = diagnose("websockets.exceptions.ConnectionClosedError: received 1008 (policy violation) Invalid API key")
    assert out.category == "permission_denied"


def test_a_lost_connection_over_the_packet_size_is_a_size_limit() -> None:
    out = diagnose("java.sql.SQLException: Lost connection to server: the maximum packet size was exceeded "
                   "(max_allowed_packet)")
    assert out.category == "resource_limit"


def test_a_scripts_own_timeout_is_not_a_test_frameworks() -> None:
    out = diagnose('Error: Timeout of 60000ms exceeded while waiting for selector "#login"', "node scrape.js")
    assert out.category != "test_failure"


def test_a_file_not_found_in_the_path_is_not_a_missing_program() -> None:
    assert diagnose("Error: config.yaml not found in the path.").category != "missing_dependency"


def test_a_graphql_type_that_already_exists_gets_no_migration_advice() -> None:
    out = diagnose('Error: Type "User" already exists in the schema. It cannot also be defined in this type definition.')
    assert "migration" not in out.fix


def test_a_database_shutting_down_is_not_starting_up() -> None:
    out = diagnose("LOG:  database system is shut down\nFATAL:  the database system is shutting down")
    assert "starting up" not in out.root_cause


def test_a_projects_own_pods_folder_is_not_installed_code() -> None:
    out = diagnose("/Users/me/KubeBar/Features/Pods/Views/PodListView.swift:20:5: error: cannot find 'podRows' in scope")
    assert "installed source" not in out.root_cause


def test_a_pretty_printed_one_line_rejection_is_still_a_tools_rejection() -> None:
    assert diagnose('{\n  "error": "Reservation ZFA04Y is already cancelled"\n}').category == "precondition_failed"


def test_a_moved_virtualenvs_interpreter_is_named_not_bash() -> None:
    out = diagnose("/home/u/.venv/bin/pip: /home/old/.venv/bin/python3: bad interpreter: No such file or directory")
    assert "python3" in out.fix and "bash" not in out.fix


def test_a_line_in_a_file_that_says_needs_merge_is_not_a_conflict() -> None:
    assert diagnose("PR #142 feature/login: needs merge").category != "precondition_failed"


def test_unresolved_conflicts_are_told_how_to_finish_or_abort() -> None:
    out = diagnose("src/app.py: needs merge\nerror: you need to resolve your current index first")
    assert "git merge --abort" in out.fix


def test_php_8s_parse_error_without_syntax_error_still_gets_php_advice() -> None:
    out = diagnose("PHP Fatal error... \nParse error: Unclosed '{' on line 12 in /var/www/html/index.php on line 40")
    assert "php -l" in out.fix

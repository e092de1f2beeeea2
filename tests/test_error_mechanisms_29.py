"""Mechanisms read off the dev rows of batches tt and uu, each tested on made-up output."""

import pytest

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.errors.diagnose import context_for


@pytest.mark.parametrize(("text", "category"), [
    # a store's own throttling: S3's SlowDown, DynamoDB over its provisioned capacity
    ("S3 error: 503 <Code>SlowDown</Code><Message>Reduce your request rate.</Message>", "transient"),
    ("ServiceError: code = ProvisionedThroughputExceeded, status = 400", "transient"),
    # a database that dropped the connection, or is not ready yet
    ("django.db.utils.OperationalError: (2006, 'MySQL server has gone away')", "transient"),
    ("psql: FATAL:  the database system is starting up", "transient"),
    ("ERR LOADING Redis is loading the dataset in memory", "transient"),
    # a library's own timeout or dropped connection, named in its class
    ("com.example.driver.WriteTimeoutException: no acknowledgement from 2 replicas", "transient"),
    ("org.example.client.ConnectionLossException: KeeperErrorCode = ConnectionLoss", "transient"),
    # size caps stated as numbers or as a limit the data would pass
    ("OperationalError: out of shared memory\nHINT:  You might need to increase max_locks_per_transaction.",
     "resource_limit"),
    ("java.sql.SQLException: Packet for query is too large (5000000 > 4194304).", "resource_limit"),
    ("BreakerException: [parent] Data too large, would be larger than limit of [1gb]", "resource_limit"),
])
def test_a_mechanism_in_its_services_words(text: str, category: str) -> None:
    assert diagnose(text).category == category


def test_a_missing_program_behind_a_loggers_prefix() -> None:
    out = diagnose("2025-01-02 10:00:00 - app.migrate - ERROR - /bin/sh: 1: migrate-tool: not found")
    assert out.category == "missing_dependency"


def test_a_build_tool_not_found_in_the_path() -> None:
    assert diagnose('** (Mix) "cmake" not found in the path.').category == "missing_dependency"


def test_a_file_not_found_in_a_named_path_is_not_a_missing_program() -> None:
    out = diagnose("Error: config.yml not found in the path /srv/app/conf")
    assert out.category != "missing_dependency"


def test_unresolved_conflicts_left_in_the_index_are_a_precondition() -> None:
    out = diagnose("src/app.py: needs merge\nREADME.md: needs merge")
    assert out.category == "precondition_failed"


@pytest.mark.parametrize("note", [
    "src/fmt.c:12:5: warning: '%8s' directive output truncated writing 8 bytes into a region of size 5",
    "E         ...Full output truncated (12 lines hidden), use '-vv' to show",
])
def test_a_tools_note_of_what_it_cut_is_not_the_hosts_cut(note: str) -> None:
    assert not context_for(f"{note}\nmore output", "").envelope.truncated

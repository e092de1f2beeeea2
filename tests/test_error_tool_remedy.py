"""The failing tool's own suggested remedy is relayed with the fix, unless it escalates."""

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.errors.tool_remedy import tool_remedy


def test_a_tools_did_you_mean_is_relayed_with_the_name_under_it() -> None:
    out = diagnose("make: *** No rule to make target 'tset'.  Stop.\nDid you mean this?\n    test")
    assert "Did you mean this? test" in out.fix


def test_a_hint_in_imperative_words_is_relayed() -> None:
    assert tool_remedy("error: linking failed\nhint: install the development package of zlib (zlib1g-dev)") == \
        "hint: install the development package of zlib (zlib1g-dev)"


def test_a_suggestion_to_escalate_is_not_relayed() -> None:
    assert tool_remedy("EACCES: permission denied, mkdir '/usr/lib/node_modules'\nPlease try running this command "
                       "again as root/Administrator.") is None


def test_a_request_for_more_output_is_not_a_remedy() -> None:
    assert tool_remedy("BUILD FAILED\nTry running with --stacktrace option to get the stack trace.") is None


def test_output_that_is_fine_gets_no_relayed_suggestion() -> None:
    out = diagnose("Successfully installed requests-2.32.0\nYou should consider upgrading via the 'pip install "
                   "--upgrade pip' command.")
    assert out.category == "not_an_error" and "own suggestion" not in out.fix


def test_a_compilers_suggestion_for_a_dependencys_source_is_not_relayed() -> None:
    assert tool_remedy("error[E0004]: non-exhaustive patterns: `Value::Custom { .. }` not covered\n"
                       "   --> /home/ci/.cargo/registry/src/index.crates.io-6f17d22bba15001f/nu-cmd-1.2.0/src/lib.rs:40:11\n"
                       "help: ensure that all possible cases are being handled by adding a match arm") is None

"""A mechanism's words used as names in code (file names, identifiers, source lines) are not its report."""

from __future__ import annotations

from supervisor_mcp.heuristics.errors import diagnose


def test_passing_tests_named_for_a_mechanism_are_not_an_error() -> None:
    output = ("tests/test_rate_limit.py::test_throttled_client PASSED\n"
              "tests/test_memory.py::test_out_of_memory_guard PASSED\n"
              "============ 2 passed in 0.42s ============")
    assert diagnose(output, "pytest tests/").category == "not_an_error"


def test_a_grep_of_source_lines_is_not_a_rate_limit() -> None:
    output = ("src/api/client.py:12:from .rate_limit import RateLimitError\n"
              "src/api/client.py:40:        raise RateLimitError(resp)")
    assert diagnose(output, "grep -rn RateLimit src/").category != "transient"


def test_a_listing_of_file_names_is_not_a_memory_kill() -> None:
    assert diagnose("auth.py\noom_watch.py\nrate_limiter.py\n", "ls src/").category != "resource_limit"


def test_a_source_line_raising_forbidden_is_not_a_permission_error() -> None:
    source = "def handle(request):\n    if request.user is None:\n        raise Forbidden('no access')\n"
    assert diagnose(source, "sed -n 1,3p app/views.py").category != "permission_denied"


def test_an_upper_case_api_code_still_names_its_mechanism() -> None:
    # FUNCTION_RATE_LIMIT is glued by underscores like a name, but upper case is how APIs state errors.
    assert diagnose("Error: FUNCTION_RATE_LIMIT\nThe function was invoked too often.").category == "transient"


def test_a_rate_limit_message_still_reads_as_one() -> None:
    assert diagnose("Error: rate limit exceeded for requests, retry in 20s").category == "transient"


def test_a_mechanism_word_at_the_end_of_a_kebab_case_name_is_a_name():
    out = diagnose("Error: pod web-release-test-connection failed")
    assert out.category != "transient"

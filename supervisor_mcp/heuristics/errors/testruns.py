"""Read a failed test run: which tests failed, what was expected and what came out, how to rerun one."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.observation.clip import clip

_PYTEST_FAILED = re.compile(r"^FAILED (\S{1,300}::\S{1,300})(?: - ([^\n]{0,200}))?$", re.MULTILINE)
_UNITTEST = re.compile(r"^(?:FAIL|ERROR): (\w{1,200}) \(([\w.]{1,300})\)", re.MULTILINE)
_SYMPY = re.compile(r"^_{3,200} (\S{1,300}\.py):(\w{1,200}) _{3,200}$", re.MULTILINE)
_SECTION = re.compile(r"^_{1,200} ((?:\w{1,100}\.)?test\w{0,200})(?:\[[^\n]{0,3000}\])? _{1,200}$", re.MULTILINE)
_GO = re.compile(r"^--- FAIL: (\S{1,200})", re.MULTILINE)
_ASSERT = re.compile(
    r"^(?:E[ \t]{1,12})?(?:AssertionError: [^\n]{0,300}|assert [^\n]{1,300}|AssertionError$)"
    r"|^[ \t]{0,8}(?:Expected|Actual|Received|Got|x|y):[ \t][^\n]{1,200}$"
    r"|[Ee]xpected [^\n]{1,150} but (?:got|was|received) [^\n]{1,150}",
    re.MULTILINE,
)
_NOT_EQUAL = re.compile(r"AssertionError: (?:[\w ]{0,30}differ: )?(.{1,150}?) != (.{1,150})$")
_ASSERT_EQ = re.compile(r"assert (.{1,150}?) (==|!=|in|not in|is|is not) (.{1,150})$")

# A test's own report of a comparison: Go's `x_test.go:31: status = 500, want 400`, pytest's `E   assert`,
# Expected/Received, a browser test's expect that timed out. The words of a mechanism in it describe the code
# under test; a test that only logs an error it met (`t.Fatal(err)` on a DNS failure) is not one of these.
# A Go test's own log line (t.Error, t.Fatal): `    handler_test.go:31: ...`.
GO_TEST_LINE = r"^[ \t]{0,12}[\w.-]{1,100}_test\.go:\d{1,6}: "
_CHECK_REPORT = re.compile(
    rf"{GO_TEST_LINE}[^\n]{{0,300}}(?:\b(?:want|wanted|expected|got)\b|[!=]=)|"
    r"^E[ \t]{2,12}(?:assert\b|AssertionError\b)|^[ \t]{0,8}(?:Expected|Received|Actual):\s|"
    r"waiting for expect\(|Exceeded timeout of \d{1,7} ?ms for a (?:test|hook)|^panic: test timed out after\b"
)


def reports_a_check(line: str) -> bool:
    """Whether the line is a test's report of its own check rather than this machine's failure."""
    return bool(_CHECK_REPORT.search(line))


def failing_tests(body: str) -> list[str]:
    ids = [m.group(1) for m in _PYTEST_FAILED.finditer(body)]
    ids += [f"{m.group(2)}.{m.group(1)}" for m in _UNITTEST.finditer(body)]
    ids += [f"{m.group(1)}::{m.group(2)}" for m in _SYMPY.finditer(body)]
    ids += [m.group(1) for m in _GO.finditer(body)]
    if not ids:
        ids = [m.group(1) for m in _SECTION.finditer(body)]
    return list(dict.fromkeys(ids))


def assertion_lines(body: str) -> list[str]:
    found = []
    for match in _ASSERT.finditer(body):
        line = match.group(0).strip()
        if re.fullmatch(r"(?:E\s+)?AssertionError:?", line):
            # The message starts on the next lines (numpy, custom messages): keep its first lines.
            following = [ln.strip() for ln in body[match.end() : match.end() + 600].splitlines() if ln.strip()]
            line = "AssertionError: " + " | ".join(following[:3]) if following else line
        found.append(clip(line, 240, ellipsis=True))
    return found[:4]


def values(lines: list[str]) -> str:
    for line in lines:
        match = _NOT_EQUAL.search(line)
        if match:
            return f"left {match.group(1).strip()} != right {match.group(2).strip()}"
        match = _ASSERT_EQ.search(line.lstrip("E \t"))
        if match:
            return f"`{match.group(1)}` {match.group(2)} `{match.group(3)}` was false"
    return ""


def rerun_command(action: str, test_id: str) -> str:
    if not test_id:
        return ""
    if "runtests.py" in action:
        before = action.split("runtests.py", 1)[0].split()
        runner = before[-1] + "runtests.py" if before else "runtests.py"
        return f"{runner} {test_id}"
    if "bin/test" in action and "::" in test_id:
        path, name = test_id.split("::", 1)
        return f"bin/test {path} -k {name}"
    if "unittest" in action:
        return f"python -m unittest {test_id}"
    if "go test" in action:
        return f"go test -run '^{test_id}$' ./..."
    if "::" in test_id:
        return f"pytest '{test_id}' -x -q"
    if "pytest" in action:
        file = re.search(r"(\S{1,300}\.py)\b", action)
        name = test_id.split("[", 1)[0].rsplit(".", 1)[-1]
        return f"pytest {file.group(1) if file else ''} -k '{name}' -x -q".replace("  ", " ")
    return ""


def explain_test_failure(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    body = ctx.envelope.body
    if finding.rule == Rule.FALLBACK_PROGRAM_VERDICT:
        last = " | ".join(finding.evidence[-2:])
        return (f"The program ran without an exception but exited with status {ctx.envelope.returncode}: its own "
                f"check reports a wrong result. Last output: {clip(last, 200, ellipsis=True)}",
                "Compare the printed values with what you expect; fix the code under test, then rerun the script.")
    ids = failing_tests(body)
    asserts = assertion_lines(body)
    seen = values(asserts)
    cause = "Tests ran and failed: " + ", ".join(ids[:3]) + (f" (+{len(ids) - 3} more)" if len(ids) > 3 else "") + "." \
        if ids else "An assertion failed: the code ran but produced a wrong result."
    if seen:
        cause += f" Assertion: {seen}."
    elif asserts:
        cause += f" Assertion: {asserts[0]}."
    rerun = rerun_command(ctx.action, ids[0]) if ids else ""
    fix = "Fix the code under test (not the test, unless the test is yours) so the assertion holds"
    # (-x -q are pytest's flags: other runners get no flags they do not take)
    pytest = "pytest" in ctx.action or re.search(r"^={3,} (?:FAILURES|short test summary)|^FAILED \S+::", body, re.M)
    fix += f", then rerun only that test: {rerun}" if rerun else (
        ", then rerun only the failing test with -x -q" if pytest else ", then rerun only the failing test")
    return cause, fix + "."

"""The finding an output's exception lines decide: the root-most real exception, wrappers of a command's exit
left out, and what its frames and message add (a program subprocess could not start, JSON that was a server's
reply, the file and line of a syntax error)."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.cues import find_cue
from supervisor_mcp.heuristics.errors.exceptions import ENVIRONMENT_CUES, exception_category
from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.packages import looks_local
from supervisor_mcp.heuristics.errors.rules import FAULT, PRIORITY
from supervisor_mcp.heuristics.observation import ExceptionLine
from supervisor_mcp.heuristics.observation.frames import last_python_frame
from supervisor_mcp.models import ErrorCategory

# (a package-qualified class, so that prose such as "Error: ValueError: x" is not read as a JVM cause)
_CAUSE_IN_MESSAGE = re.compile(r"((?:[a-z_]\w{0,60}\.){2,8}[A-Z]\w{0,60}(?:Exception|Error)): ([^\n]{0,2000})")
_RESPONSE_JSON = re.compile(r"requests[/\\]models\.py$|httpx[/\\]_models\.py$|aiohttp[/\\]client_reqrep\.py$")
# (Python's sh names its class for the exit status, ErrorReturnCode_1; Chef's Mixlib and invoke have their own)
_WRAPPER_EXCEPTIONS = re.compile(
    r"(?:^|[.:])(?:CalledProcessError|ExecaError|TaskExecutionException|ExecException|ErrorReturnCode(?:_\d{1,3})?|"
    r"ShellCommandFailed|UnexpectedExit)$")
# Any other exception whose message only relays a command's exit status (Airflow's "Bash command failed. The
# command returned a non-zero exit code 1.") is a wrapper too.
_RELAYS_EXIT = re.compile(
    r"\bcommand\b[^\n]{0,60}\b(?:returned|exited with) a non-zero exit (?:code|status)\b|^Nonzero exit value: \d{1,3}$",
    re.I)


def from_exceptions(ctx: ErrorContext) -> Finding | None:
    """The finding of the root-most real exception in the output, or None when there is none."""
    # A subprocess wrapper's exception only reports that the command failed; its cause is elsewhere or unsent.
    real = [_cause(e) for e in ctx.exceptions if not e.name.endswith("Warning")
            and not _WRAPPER_EXCEPTIONS.search(e.name) and not _RELAYS_EXIT.search(e.message)]
    if not real:
        warnings = [e for e in ctx.exceptions if e.name.endswith("Warning")]
        if warnings and ctx.frames:
            # A warning raised as an exception: the installed runtime deprecates what the code relies on.
            exc = warnings[-1]
            return Finding("runtime_error", "environment", 0.7, f"exc:{exc.name}", [exc.line], {}, exc)
        return None
    best: tuple[int, int, ExceptionLine, ErrorCategory] | None = None
    for order, exc in enumerate(real):
        category = exception_category(exc.name, exc.message)
        rank = PRIORITY.get(category, 0)
        # Equal rank: the last exception is the one that ended the run.
        if best is None or rank >= best[0]:
            best = (rank, order, exc, category)
    assert best is not None
    _, _, exc, category = best
    if exc.name == "FileNotFoundError" and any(f.func == "_execute_child" for f in ctx.frames):
        category = "missing_dependency"  # subprocess could not start the program: it is not installed
    evidence = [exc.line]
    if category == "test_failure" and not exc.message:
        after = ctx.envelope.body[exc.start + len(exc.line) + 1 : exc.start + 800]
        evidence += [ln.strip() for ln in after.splitlines() if ln.strip()][:2]
    if category == "syntax_error" and any(_RESPONSE_JSON.search(f.path) for f in ctx.frames):
        # JSON that an HTTP client's .json() could not parse is a server's reply (an HTML error page, an
        # empty body): a run-time fact about the response, as for JSON failing at its first character.
        category = "runtime_error"
    if category == "syntax_error":
        evidence = _syntax_location(ctx.envelope.body, exc) + evidence
    if category == "runtime_error" and not exc.message:
        # A bare exception name whose message is printed on the next line (PHP, .NET): read that line.
        after = ctx.envelope.body[exc.start + len(exc.line): exc.start + len(exc.line) + 400]
        found = find_cue(after, ENVIRONMENT_CUES)
        if found is not None:
            category = found[0].category
    fault = FAULT[category]
    confidence = 0.9 if category != "runtime_error" else 0.85
    if category == "missing_dependency":
        module = _quoted(exc.message) or exc.message.split()[-1] if exc.message else ""
        if module and looks_local(module, f"{ctx.error}\n{ctx.action}"):
            fault = "agent"
    return Finding(category, fault, confidence, f"exc:{exc.name}", evidence, {}, exc)


def _cause(exc: ExceptionLine) -> ExceptionLine:
    """The exception a JVM wrapper carries in its message (`ConnectException: org.apache...AccessControlException:
    Permission denied`, what `new X(cause)` prints): the cause, which says what failed; else the exception."""
    inner = _CAUSE_IN_MESSAGE.match(exc.message)
    if inner is None:
        return exc
    return ExceptionLine(inner.group(1), inner.group(2).strip(), exc.line, exc.start)


def _syntax_location(body: str, exc: ExceptionLine) -> list[str]:
    before = body[max(0, exc.start - 1500) : exc.start]
    match = last_python_frame(before)
    if match is None:
        return []
    tail = before[match.end() :].strip("\n").splitlines()
    return [match.group(0).strip()] + [ln.rstrip() for ln in tail[:2] if ln.strip()]


def _quoted(text: str) -> str:
    match = re.search(r"['\"]([^'\"\n]{1,200})['\"]", text)
    return match.group(1) if match else ""

"""What an error says when no exception or signature decides: exit codes, test-run markers, the
words every ecosystem uses for a mechanism (cues.py), output that only reports normal results
(normal_output.py), a guess from the wording (guess.py), and the honest `unknown` at the end.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.benign import is_runner, is_test_run
from supervisor_mcp.heuristics.errors.cues import find_cue
from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.guess import resembling, unless_worded
from supervisor_mcp.heuristics.errors.install import loader_advice
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.normal_output import WRAPPER_ONLY, ends_unresolved, normal_results, only_notices
from supervisor_mcp.heuristics.errors.notices import succeeded_despite_noise
from supervisor_mcp.heuristics.errors.signature import FAULT
from supervisor_mcp.heuristics.observation import Envelope
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.models import ErrorCategory, Fault

# A test runner's progress line: `tests/test_x.py ..F.E [ 40%]` (pytest) or `[FAIL]`/`[OK]` (sympy).
_PROGRESS = re.compile(
    r"^(?:\S{1,300}\.py(?:\[\d{1,6}\])? {1,4})?([.FEsxXf]{3,2000})[ \t]*"
    r"(?:\[[ \t]*\d{1,3}%\]|\[(?:FAIL|OK)\])?[ \t]*$",
    re.MULTILINE,
)
_ERRORED = re.compile(
    r"^FAILED \(errors=\d{1,7}\)$"
    r"|^={3,200} [^\n]{0,60}\b\d{1,7} errors?\b(?![^\n]{0,60}failed)[^\n]{0,200}={3,200}$"
    r"|\b\d{1,7} exceptions?\b",
    re.MULTILINE,
)
# Exit codes that name the failure when the output does not: 127 command not found, 126 not
# executable, 137 killed (SIGKILL, usually the OOM killer), 124 `timeout` expired, 139/134 crashes,
# 143 and 130 stopped from outside (SIGTERM, SIGINT).
_BY_EXIT_CODE: dict[int | None, tuple[ErrorCategory, Fault, float]] = {
    127: ("missing_dependency", "environment", 0.7), 126: ("permission_denied", "environment", 0.7),
    137: ("resource_limit", "environment", 0.6), 124: ("transient", "environment", 0.6),
    139: ("runtime_error", "agent", 0.6), 134: ("runtime_error", "agent", 0.6),
    143: ("transient", "environment", 0.5), 130: ("transient", "environment", 0.5),
}
_EXIT_RULE: dict[int | None, str] = {143: Rule.SIGTERMED, 130: Rule.INTERRUPTED}
# Failures that a success line at the end does not undo.
_OUTLIVE_SUCCESS: frozenset[ErrorCategory] = frozenset(
    {"resource_limit", "transient", "runtime_error", "undefined_name", "syntax_error", "permission_denied"}
)
_FAILED_LINE = re.compile(r"^(?:error|fatal|ERROR|FATAL)\b", re.MULTILINE)
# Causes a warning may name for a bare failure after it: a retry on the network, a build script's missing
# library ("warning: openssl-sys: Could not find directory of OpenSSL installation").
_WARNED_CAUSES: frozenset[ErrorCategory] = frozenset({"transient", "missing_dependency"})
# A plain `Error: message` with a stack frame under it, unless the message only relays a child process's
# exit ("Command failed: ...", "The process '/usr/bin/git' failed with exit code 128", "Exited with code 3").
_JS_THROWN = re.compile(
    r"^[ \t]{0,8}((?:Uncaught )?Error: (?![^\n]{0,200}(?:Command failed|non-zero exit|exit code \d|"
    r"[Ee]xit(?:ed)? (?:with )?(?:exit )?(?:code|status)))[^\n]{1,300})\n[ \t]{2,12}at \S",
    re.MULTILINE,
)
# A tool's bare refusal is read as a state it will not act in ("already uploaded", "another operation is in
# progress", "You have unstaged changes", "repo bitnami not found") unless it only reports that a step failed
# ("Unable to initialize backend", "command 'nvcc' failed with exit status 1"): that names no cause, so it is
# left to the wording or to `unknown`.
_ONLY_FAILED = re.compile(r"\b(?:failed|failing|failure|unable to|could not|couldn't|cannot|can't)\b", re.IGNORECASE)
_STATE = re.compile(
    r"\b(?:already|in progress|conflict|must|requires?|required|locked|in use|is using|used by|still|not yet|"
    r"pending|unstaged|uncommitted|stash|busy|exists|not found|no such|does not exist|missing|not installed|"
    r"invalid|not supported|not allowed|denied)\b", re.IGNORECASE)
# Rscript's uncaught error: `Error in f(x) : message`, then (after any Calls: line) `Execution halted`.
_R_STOPPED = re.compile(
    r"^(Error in [^\n]{1,200} : [^\n]{1,300})\n(?:[^\n]{0,300}\n){0,6}Execution halted$|"
    # MATLAB's and Octave's run-time error: `Error using fn` with the message on the next line
    r"^(Error using [^\n]{1,100}\n[^\n]{1,300})", re.MULTILINE)
# The Go compiler's `./main.go:9:9: message`: it prints no "error:", every such line is one.
_GO_DIAGNOSTIC = r"^[^\s:]{0,300}\.go:\d{1,7}:\d{1,5}: "
# rustc's coded error or its ` --> file:line:col` pointer, gcc/clang's `file:line:col: error:`, Go's.
_COMPILER_DIAGNOSTIC = re.compile(
    r"\berror\[E\d{4}\]|^[ \t]{0,8}--> [^\s:]{1,300}:\d{1,7}:\d{1,5}$|"
    rf"^[^\s:]{{1,300}}:\d{{1,7}}:\d{{1,5}}: (?:fatal )?error:|{_GO_DIAGNOSTIC}",
    re.MULTILINE,
)
# A compiler's error line (not its warnings): rustc's `error[E0499]: ...`, gcc's `a.c:3:5: error: ...`, Go's.
_ERROR_LINE = re.compile(
    rf"^[^\n]{{0,300}}?\b(?:error(?:\[E\d{{4}}\])?|fatal error): [^\n]{{1,300}}|{_GO_DIAGNOSTIC}[^\n]{{1,300}}",
    re.MULTILINE,
)
DOMAIN_SCOPE = 600  # a tool's rejection is a sentence or two; longer text is command output


def has_test_failures(body: str) -> bool:
    return any("F" in m.group(1) for m in _PROGRESS.finditer(body[-20000:])) or bool(
        re.search(r"^={3,200} FAILURES ={3,200}$|^FAIL: |\b[1-9]\d{0,6} failed\b|^--- FAIL", body[-20000:],
                  re.MULTILINE)
    )


def fallback(ctx: ErrorContext) -> Finding:
    env, body = ctx.envelope, ctx.envelope.body
    code = env.returncode
    tail = [ln for ln in body.splitlines() if ln.strip()][-2:]
    evidence = [clip(ln) for ln in tail] or [env.code_text]
    if code in _BY_EXIT_CODE:
        category, fault, conf = _BY_EXIT_CODE[code]
        return Finding(category, fault, conf, _EXIT_RULE.get(code, f"exit:{code}"), evidence)
    if not body.strip():
        if code == 0:
            return Finding("not_an_error", "none", 0.6, Rule.FALLBACK_EMPTY_OK, [env.code_text])
        return Finding("unknown", "agent", 0.3, Rule.FALLBACK_SILENT, [env.code_text])
    markers = "".join(m.group(1) for m in _PROGRESS.finditer(body[-20000:]))
    if "F" in markers or (is_test_run(ctx.action) and has_test_failures(body)):
        return Finding("test_failure", "agent", 0.6, Rule.FALLBACK_TEST_RUN, evidence)
    if "E" in markers or _ERRORED.search(body[-5000:]):
        lines = [m.group(0) for m in _PROGRESS.finditer(body[-20000:]) if "E" in m.group(1)]
        lines += [m.group(0) for m in re.finditer(r"^_{3,200} \S[^\n]{0,200} _{3,200}$", body, re.MULTILINE)][:2]
        return Finding("runtime_error", "agent", 0.6, Rule.FALLBACK_TEST_ERRORS, [clip(x) for x in lines] or evidence)
    if re.search(r"\[FAIL\]", body):
        return Finding("test_failure", "agent", 0.6, Rule.FALLBACK_TEST_RUN, evidence)
    if env.truncated:
        return Finding("resource_limit", "agent", 0.7, Rule.OUTPUT_TOO_LONG, evidence)
    if code == 0:
        return Finding("not_an_error", "none", 0.5, Rule.FALLBACK_EXIT0, evidence)
    if code is None and only_notices(body):
        # Warnings, deprecation notices or a success summary, and nothing that reads as a failure.
        return Finding("not_an_error", "none", 0.6, Rule.BENIGN_NOTICES, evidence,
                       root_cause="Only warnings or notices were printed; nothing failed.",
                       fix="Carry on; deal with the warnings later if they matter to the task.")
    said = _from_words(ctx, evidence)
    if said is not None:
        return said
    compiled = _compiler_diagnostic(body)
    if compiled is not None:
        return compiled
    # (a pasted session's prompt line, `$ go run main.go`, is the command, not its output)
    only_summary = all(WRAPPER_ONLY.search(ln) for ln in body.splitlines() if ln.strip() and not ln.startswith("$ "))
    if code is not None and is_runner(ctx.action) and not only_summary:
        # The program ran to completion and chose a failing status: its own check says the result is wrong.
        return Finding("test_failure", "agent", 0.5, Rule.FALLBACK_PROGRAM_VERDICT, evidence)
    normal = normal_results(body, code, evidence, ctx.command.name if ctx.command else "")
    if normal is not None:
        return normal
    if WRAPPER_ONLY.search(body) and len(body) < DOMAIN_SCOPE:
        # A wrapper's summary (yarn, npm run, make) names no cause: the cause is in output not sent.
        return Finding("unknown", "agent", 0.3, Rule.WRAPPER_ONLY, evidence,
                       root_cause="Only the wrapper's summary is shown (a script or build step exited non-zero); the "
                                  "cause is in the output above it, which was not sent.",
                       fix="Run the failing step directly, or scroll up to the first error line of its output and "
                           "diagnose that.")
    return (_bare_error(ctx, evidence) or resembling(ctx)
            or Finding("unknown", "agent", 0.3, Rule.FALLBACK_UNRECOGNISED, evidence))



def _compiler_diagnostic(body: str) -> Finding | None:
    """A compiler's error no rule maps (a borrow, a lifetime): the taxonomy has no category for it, but the
    diagnostic says where to look; never a tool's rejection of a call, nor a program's own verdict."""
    if not _COMPILER_DIAGNOSTIC.search(body):
        return None
    line = next((m.group(0).strip() for m in _ERROR_LINE.finditer(body)), "")
    if not line:
        return None
    return Finding("unknown", "agent", 0.4, Rule.FALLBACK_COMPILER, [clip(line)],
                   root_cause=f"The compiler rejected the code: {clip(line)}",
                   fix="Open the file at the line it points to and follow the compiler's own note and help lines, "
                       "then build again.")


def _bare_error(ctx: ErrorContext, evidence: list[str]) -> Finding | None:
    """A failure no mechanism's words explain, read by its shape: code that threw, or a tool's rejection
    of the call (compiler diagnostics are read before, by _compiler_diagnostic)."""
    body, code = ctx.envelope.body, ctx.envelope.returncode
    thrown = _JS_THROWN.search(body) or _R_STOPPED.search(body)
    if thrown is not None:
        # JavaScript's plain Error with its stack, or an R script stopped by an uncaught error: code threw, and
        # no mechanism's words say why.
        line = thrown.group(1) or thrown.group(2) or thrown.group(0)
        return Finding("runtime_error", "agent", 0.5, Rule.FALLBACK_JS_THROWN, [clip(line)])
    # "Error: undefined" (a JS error with no message) or an SDK's own "UnknownError" names nothing for a tool
    # to have rejected.
    names_nothing = re.search(r"\bunknown ?error\b", body, re.IGNORECASE)
    if code is None and not names_nothing and len(body) < DOMAIN_SCOPE and re.match(
            r"\s*(?:Error|error|ERROR)\b(?![:!]?\s*(?:undefined|null|\[object Object\])\s*$)[:!]?\s*\S", body) and (
            _STATE.search(body) or not _ONLY_FAILED.search(body)):
        return unless_worded(Finding("precondition_failed", "agent", 0.5, Rule.FALLBACK_TOOL_REJECTION, evidence), ctx)
    return None


def _from_words(ctx: ErrorContext, evidence: list[str]) -> Finding | None:
    """What the words say: the tool's own success at the end, else the mechanism a cue names."""
    cue = from_cues(ctx.envelope.body, evidence)
    last = ctx.command
    if (cue is not None and cue.rule == "cue:no_such_package" and last and _SEARCHES.match(" ".join(last.argv[1:3]))
            and not _INSTALLS.search(ctx.action)):
        # `brew search pyhton` finding nothing: an empty result is the search's answer, as grep's is.
        return Finding("not_an_error", "none", 0.6, Rule.BENIGN_NOTICES, cue.evidence,
                       root_cause="The search found no package by that name; that is its answer, not a failure.",
                       fix="Search for another spelling or a broader term, then install a name it lists.")
    return finished(ctx.envelope, cue) or cue


def finished(envelope: Envelope, cue: Finding | None) -> Finding | None:
    """`not_an_error` when the output ends on the tool's own word that it succeeded, unless `cue` names a
    failure a success line cannot follow (a kill, a crash, a full disk)."""
    success = succeeded_despite_noise(envelope)
    if success is None or (cue is not None and cue.category in _OUTLIVE_SUCCESS):
        return None
    return Finding("not_an_error", "none", 0.6, Rule.BENIGN_NOTICES, [clip(success)],
                   root_cause="The output ends on the tool's own word that it succeeded; what came before was "
                              "commentary.",
                   fix="Carry on; deal with the warnings later if they matter to the task.")




# A package manager asked to search or list, not to install (read from the last command's subcommand).
_SEARCHES = re.compile(r"(?:search|find|list|info|show)\b|-S[sil]\b|-Q[si]?\b")
_INSTALLS = re.compile(r"\b(?:install|add|upgrade|update|remove)\b|\s-S[yu]{0,2}\s")


def from_cues(body: str, evidence: list[str], *, error_lines_only: bool = False,
              in_notices: bool = False) -> Finding | None:
    """The mechanism the words of `body` name, read on the lines that report trouble first (with
    `error_lines_only`, on those alone; with `in_notices`, warnings' words count too)."""
    found = find_cue(body, error_lines_only=error_lines_only, in_notices=in_notices)
    if found is None and (_FAILED_LINE.search(body) or ends_unresolved(body)):
        # Nothing but warnings name a mechanism, and then the command failed without saying why (or the output
        # ends mid-retry): the warnings about a flaky network ("spurious network error ... retrying") are the cause.
        found = find_cue(body, _WARNED_CAUSES, in_notices=True)
    if found is None:
        return None
    cue, line = found
    root_cause, fix = cue.root_cause.format(line=clip(line)), cue.fix
    if cue.category == "missing_dependency":
        root_cause, fix = loader_advice(body) or (root_cause, fix)
    return Finding(cue.category, FAULT[cue.category], 0.6, f"cue:{cue.name}", [clip(line)] + evidence[-1:],
                   root_cause=root_cause, fix=fix)

"""What an error says when no exception or signature decides: exit codes, test-run markers, the
words every ecosystem uses for a mechanism (cues.py), output that only reports normal results, and
the honest `unknown` at the end.
"""

from __future__ import annotations

import re
import unicodedata

from supervisor_mcp.heuristics.errors import locales
from supervisor_mcp.heuristics.errors.benign import is_runner, is_test_run, is_warning, succeeded_despite_noise
from supervisor_mcp.heuristics.errors.cues import find_cue
from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.in_code import prose
from supervisor_mcp.heuristics.errors.install import loader_advice
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import FAULT
from supervisor_mcp.heuristics.errors.wording import resembling, unless_worded
from supervisor_mcp.heuristics.observation import Envelope
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.kind import shows_data
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
_WRAPPER_ONLY = re.compile(
    r"^(?:error |npm ERR! )?(?:Command failed with exit code \d{1,3}|"
    r"[^\n]{0,80}exited with (?:exit |error )?code \d{1,3})\.?$|"
    # CI runners' and build tools' own summaries: the step failed, the cause is in output not shown.
    r"(?:Process completed|Job failed:?) (?:with )?exit (?:code|status) \d{1,3}|"
    r"[Ee]xited with (?:error )?code \d{1,3}\b|"
    r"^BUILD FAILED\b|^Build FAILED\.?$|due to \d{1,4} previous errors?|"
    r"did not complete successfully: exit code: \d{1,3}|\bcould not compile dependency :\w|"
    r"script returned exit code \d{1,3}\b|^(?:sh\.)?ErrorReturnCode_\d{1,3}:|"
    r"returned (?:a )?non-zero (?:exit status|code):? \d{1,3}|"
    r"^Error: Command failed: [^\n]{1,300}$|^Error: Plugin did not respond$|Service '[^'\n]{1,100}' failed to build|"
    r"\bfailed (?:on line \d{1,6} )?with exit code:? \d{1,3}\b|external filter [^\n]{1,100} failed(?: \d{1,3})?$|"
    r"^(?:Error: |error: )?exit status \d{1,3}$|^[^\n]{1,300}: exit status \d{1,3}$|"
    r"exited with non-zero status:? \d{1,3}$|"
    # cargo run / cargo test relaying the program's own exit
    r"^error: process didn't exit successfully: `[^`\n]{1,300}` \(exit (?:status|code): \d{1,3}\)$|"
    # cargo's build script failed: its own stderr, below this line, has the cause
    r"^error: failed to run custom build command for `[^`\n]{1,120}`$",
    re.MULTILINE,
)
# Output that reports, without failing: warnings, deprecations, an installer's success summary.
_NOTICES = re.compile(
    r"^(?:npm (?:WARN|notice)\b|WARNING:|warning:|\[?WARN(?:ING)?\]?\b|(?:PHP )?(?:Warning|Notice|Deprecated):|"
    r"hint:)|: warning: |\bdeprecated\b|"
    r"^(?:up to date|added \d{1,6} packages?|audited \d{1,6} packages?|Successfully (?:installed|built)|"
    r"Requirement already satisfied|Already up to date|Everything up-to-date|nothing to commit|"
    r"no changes added to commit|"
    r"\d{1,6} upgraded, \d{1,6} newly installed|found 0 vulnerabilities|Your branch is up to date)\b|"
    r"is already the newest version",
    re.MULTILINE,
)
_TROUBLE_WORDS = re.compile(
    r"error|\bERR!|fatal|fail|exception|traceback|denied|not found|no such|cannot|can't|could not|couldn't|unable|"
    r"panic|abort|insufficient|does not exist|doesn't exist|not allowed|does not appear|cannot use|"
    r"back-?off|crash|exiting due to|"
    # the word for error or failure in other locales, and apt's error prefix
    rf"{locales.FAILURE_WORDS}|(?:^|\n)E: |"
    r"killed|refused|timed? ?out|invalid|missing|undefined",
    re.IGNORECASE,
)
# An exit or a signal named in words is a failure even without a trouble word ("exit status 1", "Killed").
_STOPPED = re.compile(r"\bexit(?:ed)?\b|\bstatus \d|\bsignal\b|\bsig[A-Z]{3,4}\b|\bcode \d|\^C", re.IGNORECASE)
# Words that say something went wrong without the usual trouble words; read only before calling a
# text with no exit code a normal result.
_FAILURE_WORDS = re.compile(
    r"exceed|terminated|unexpected|unknown|\[(?:emerg|crit|alert)\]|not (?:contain|compatible|match)|incompatible|"
    r"reject|refus|violat|conflict|required|requires|must be|unsupported|not supported|forbidden|unauthori|"
    r"expired|illegal|wrong|mismatch|too (?:many|large|long|big)|not currently|only (?:install|run|be)|"
    r"interrupted|you must|throw|bad request|bad gateway|service unavailable|internal server error|"
    r"\b(?:has|have|had) died\b|"
    r"\bcurl: \(\d{1,3}\)|\bFehler:|\berreur ?:",
    re.IGNORECASE,
)
# Failures that a success line at the end does not undo.
_OUTLIVE_SUCCESS: frozenset[ErrorCategory] = frozenset(
    {"resource_limit", "transient", "runtime_error", "undefined_name", "syntax_error", "permission_denied"}
)
_FAILED_LINE = re.compile(r"^(?:error|fatal|ERROR|FATAL)\b", re.MULTILINE)
# Causes a warning may name for a bare failure after it: a retry on the network, a build script's missing
# library ("warning: openssl-sys: Could not find directory of OpenSSL installation").
_WARNED_CAUSES: frozenset[ErrorCategory] = frozenset({"transient", "missing_dependency"})
# A compiler's diagnostic line (`main.go:12:2: message`) reports a problem whatever its words.
_DIAGNOSTIC = re.compile(r"^[^\s:]{1,200}:\d{1,7}(?::\d{1,5})?: ", re.MULTILINE)
# A plain `Error: message` with a stack frame under it, unless the message only relays a child process's
# exit ("Command failed: ...", "The process '/usr/bin/git' failed with exit code 128", "Exited with code 3").
_JS_THROWN = re.compile(
    r"^[ \t]{0,8}((?:Uncaught )?Error: (?![^\n]{0,200}(?:Command failed|non-zero exit|exit code \d|"
    r"[Ee]xit(?:ed)? (?:with )?(?:exit )?(?:code|status)))[^\n]{1,300})\n[ \t]{2,12}at \S",
    re.MULTILINE,
)
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
    if code is None and _NOTICES.search(body) and not _TROUBLE_WORDS.search(prose(_unwarned(body))) \
            and not ends_unresolved(body):
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
    only_summary = all(_WRAPPER_ONLY.search(ln) for ln in body.splitlines() if ln.strip() and not ln.startswith("$ "))
    if code is not None and is_runner(ctx.action) and not only_summary:
        # The program ran to completion and chose a failing status: its own check says the result is wrong.
        return Finding("test_failure", "agent", 0.5, Rule.FALLBACK_PROGRAM_VERDICT, evidence)
    normal = _normal_results(body, code, evidence, ctx.command.name if ctx.command else "")
    if normal is not None:
        return normal
    if _WRAPPER_ONLY.search(body) and len(body) < DOMAIN_SCOPE:
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
            r"\s*(?:Error|error|ERROR)\b(?![:!]?\s*(?:undefined|null|\[object Object\])\s*$)[:!]?\s*\S", body):
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


def _normal_results(body: str, code: int | None, evidence: list[str], program: str = "") -> Finding | None:
    """Output that reports only normal results: a command that worked, or whose nonzero exit is its answer."""
    # Judged on the head and tail of long output, where a failure would state itself.
    scan = body if len(body) <= 16000 else f"{body[:8000]}\n{body[-8000:]}"
    words = prose(_unwarned(scan))
    lines = [ln for ln in scan.splitlines() if ln.strip()] if len(scan) < 2000 else []
    rest = [ln for ln in lines if not _WRAPPER_ONLY.search(ln)]
    if (rest and len(rest) < len(lines) and any(_NOTICES.search(ln) for ln in rest)
            and not any(_TROUBLE_WORDS.search(prose(ln)) for ln in rest)):
        # A runner's exit summary under output that only reports normal results ("nothing to commit").
        return Finding("not_an_error", "none", 0.5, Rule.BENIGN_NOTICES, evidence,
                       root_cause="The command exited non-zero, but all it printed is a normal result; that status "
                                  "is its answer, not a failure.",
                       fix="Carry on, or treat the status as the answer (e.g. nothing to commit).")
    quiet = not (_TROUBLE_WORDS.search(words) or _FAILURE_WORDS.search(words) or _STOPPED.search(scan)
                 or _DIAGNOSTIC.search(scan) or _WRAPPER_ONLY.search(scan))
    if code is None and quiet and not shows_data(program) and _mostly_foreign(scan):
        return Finding("unknown", "agent", 0.3, Rule.FALLBACK_UNRECOGNISED, evidence,
                       root_cause="The output is mostly in another language and names no mechanism in words read "
                                  "here, so whether the command failed cannot be told from it.",
                       fix="Send the exit code (0 means it worked), or run the command again with LC_ALL=C (on "
                           "Windows, chcp 437) so the tool prints its messages in English.")
    if code is None and quiet:
        # Progress and results with no word of failure anywhere (a clone's counters, "Switched to a new
        # branch", "Container web Started"): the output of a command that worked.
        return Finding("not_an_error", "none", 0.5, Rule.BENIGN_NOTICES, evidence,
                       root_cause="Nothing in the output reports a failure: it reads as a command's normal progress "
                                  "and results.",
                       fix="Carry on. If the step still seems to have failed, send its exit code or the full output.")
    return None


# A retry still under way: when it ends the output, the retries never succeeded.
_RETRYING = re.compile(r"\bRetrying\b|\b\d{1,3} (?:tries|retries|attempts) (?:remaining|left)\b")
# A package manager asked to search or list, not to install (read from the last command's subcommand).
_SEARCHES = re.compile(r"(?:search|find|list|info|show)\b|-S[sil]\b|-Q[si]?\b")
_INSTALLS = re.compile(r"\b(?:install|add|upgrade|update|remove)\b|\s-S[yu]{0,2}\s")


def _unwarned(text: str) -> str:
    """`text` without its warning lines: a warning names a problem it does not have ("WARN ... Unable to load
    native-hadoop library"), so its words are no failure of the command."""
    return "\n".join(ln for ln in text.splitlines() if not is_warning(ln))


def _mostly_foreign(text: str) -> bool:
    """Mostly letters of a script other than Latin (CJK, Cyrillic, ...) and no word of success in it: no
    English word of failure is then no evidence that nothing failed, since the words for it were not read."""
    letters = [c for c in text[:4000] if c.isalpha()]
    foreign = sum(not c.isascii() and not unicodedata.name(c, "").startswith("LATIN") for c in letters)
    return foreign > 0.3 * len(letters) and not re.search(locales.SUCCESS_WORDS, text, re.IGNORECASE)


def ends_unresolved(body: str) -> bool:
    """The output ends on a retry still under way (cargo's "spurious network error (3 tries remaining)"), or on
    a warning that names a network failure (a client still failing to reach its broker): nothing after it says
    the tool got through."""
    last = body.rstrip().rsplit("\n", 1)[-1]
    if _RETRYING.search(last):
        return True
    return is_warning(last) and find_cue(last, frozenset({"transient"}), in_notices=True) is not None


def from_cues(body: str, evidence: list[str], *, error_lines_only: bool = False) -> Finding | None:
    """The mechanism the words of `body` name, read on the lines that report trouble first (with
    `error_lines_only`, on those alone)."""
    found = find_cue(body, error_lines_only=error_lines_only)
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

"""LLM-free error diagnosis: classify an error into the taxonomy and say how to get past it.

`diagnose` reads the error text (and the failing action, when given) in layers, first match wins:
1. a nonzero exit that is the command's normal answer (grep found nothing, diff found differences),
   or output that only warns or ends on the tool's own success;
2. exception lines (Python, and the JS/Java ones of the same shape), the root-most one deciding;
3. line signatures of shells, CLIs, HTTP, test runners and tool APIs, again root-most first;
4. fallback.py: what the exit code, the kind of command and the words of a mechanism still tell
   (127, 137, a test run that failed, "permission ... denied"), then `unknown`.
Pure and synchronous; every pattern is bounded, so a 4 MB input is read in linear time.
"""

from __future__ import annotations

import re
from typing import Literal

from supervisor_mcp.heuristics.errors.benign import benign_exit, search_hits
from supervisor_mcp.heuristics.errors.corrected import condense
from supervisor_mcp.heuristics.errors.cues import find_cue, is_warning_level
from supervisor_mcp.heuristics.errors.exception_finding import from_exceptions
from supervisor_mcp.heuristics.errors.exceptions import is_known
from supervisor_mcp.heuristics.errors.fallback import DOMAIN_SCOPE, fallback, finished, from_cues
from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.fixes import explain
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.narrower import narrower
from supervisor_mcp.heuristics.errors.normal_output import ends_unresolved
from supervisor_mcp.heuristics.errors.notices import is_notice, is_warning, only_notices_report, only_warnings
from supervisor_mcp.heuristics.errors.packages import CODE_WORDS, looks_local
from supervisor_mcp.heuristics.errors.pointer import pointer_to_cause
from supervisor_mcp.heuristics.errors.rules import ADVICE_BY_RULE, FAULT, LINE_SIGNATURES, PRIORITY, Signature
from supervisor_mcp.heuristics.errors.rules_mechanisms import MECHANISM_SIGNATURES
from supervisor_mcp.heuristics.errors.tar_flags import wrong_gzip_flag
from supervisor_mcp.heuristics.errors.testruns import reports_a_check
from supervisor_mcp.heuristics.errors.tool_remedy import tool_remedy
from supervisor_mcp.heuristics.errors.verify import contradiction
from supervisor_mcp.heuristics.observation import observe
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.envelope import line_at
from supervisor_mcp.models import ErrorCategory, ErrorDiagnosis, Step

Action = Literal["provide_guidance", "correct_observation", "run_verification"]

# Runs on the original code (the agent's changes stashed or checked out): failures there are pre-existing.
_BASELINE = re.compile(r"\bgit stash(?!\s+(?:pop|apply|list|show|drop))\b|\bgit checkout\s+(?:HEAD|--)\s")


# Environment mechanisms a test's own report may name about the code under test (a 500 it got, a wait that
# timed out): on such a line they are the test's verdict, not this machine's failure.
_CHECKED: frozenset[ErrorCategory] = frozenset({"transient", "resource_limit", "permission_denied"})
def _from_lines(ctx: ErrorContext) -> Finding | None:
    body = ctx.envelope.body
    short_text = body[:DOMAIN_SCOPE] if len(body) <= 2 * DOMAIN_SCOPE else ""
    lowered = body.lower()
    best: tuple[int, int, Signature, re.Match[str]] | None = None
    for order, sig in enumerate(LINE_SIGNATURES):
        if (sig.domain and not short_text) or not sig.applies(lowered):
            continue
        match = sig.find(short_text if sig.domain else body)
        if match and (best is None or sig.rank > best[0]):
            best = (sig.rank, order, sig, match)
    if best is None:
        return None
    _, _, sig, match = best
    groups = {k: v for k, v in match.groupdict().items() if v}
    scope = short_text if sig.domain else body
    finding = Finding(sig.category, sig.fault or FAULT[sig.category], sig.confidence, sig.name,
                      [clip(line_at(scope, match.start()))], groups)
    if sig.name in (Rule.COMMAND_NOT_FOUND, Rule.SH_NOT_FOUND):
        word = groups.get("cmd") or groups.get("cmd2", "")
        if re.fullmatch(r"(?:\.{1,2}/|/|~/)[\w.+/-]{1,200}", word):
            # dash's word for a path that does not exist (bash says "No such file or directory")
            finding.category, finding.fault, finding.groups["path"] = "file_not_found", "agent", word
        elif word in CODE_WORDS or re.search(r"[()=]|^\W", word):
            finding.category, finding.fault, finding.rule = "syntax_error", "agent", Rule.SHELL_RAN_CODE
    if sig.name == Rule.GIT_PATHSPEC and re.search(r"\bgit (?:checkout|switch)\b", ctx.action) \
            and "." not in groups.get("path", "."):
        # `git checkout NAME` with no branch by that name: git falls back to reading NAME as a path.
        finding.category, finding.fault = "undefined_name", "agent"
    if sig.name == Rule.NOT_AN_ARCHIVE and (wrong_flag := wrong_gzip_flag(ctx.action)):
        finding.category, finding.fix = "invalid_arguments", wrong_flag
        finding.root_cause = "tar was told to gunzip an archive that is not gzip."
    if sig.name == Rule.APT_MISSING and _INDEX_UNRESOLVED.search(body) and not _INDEX_FETCHED.search(body):
        # No package index could be fetched (its host did not resolve), so apt finds nothing: the network, not
        # the name. (With any index fetched, one unreachable repository is a side issue.)
        finding.category, finding.fault, finding.rule = "transient", "environment", Rule.DNS_FAILED
    if sig.name == Rule.PY_MESSAGE and ctx.envelope.returncode is None and ctx.obs.call.params \
            and not ctx.obs.call.shell:
        finding.fault = "tool"  # a tool API crashed on the call instead of rejecting it cleanly
    module = groups.get("module")
    if sig.name == Rule.NODE_MODULE and re.match(r"[/.]|[A-Za-z]:\\", module or ""):
        # a path, not a package name: the file is not where the import points (a moved file, a package's
        # internal path that its installed version lacks)
        finding.category, finding.fault = "file_not_found", "agent"
    elif sig.category == "missing_dependency" and module and looks_local(module, f"{ctx.error}\n{ctx.action}"):
        finding.fault = "agent"
    return finding


# Rules that read any short text as their mechanism, and the cue categories whose words outrank them:
# a tool API's prose rules ("not found", "cannot be ...") and the bare "Error: ..." guess take any short
# text for a domain rejection; "expected X, got Y" is how parsers word their errors too.
_MECHANISMS: frozenset[ErrorCategory] = frozenset({
    "permission_denied", "transient", "resource_limit", "syntax_error", "undefined_name", "missing_dependency",
    "invalid_arguments", "file_not_found", "test_failure",
})
_ENVIRONMENT: frozenset[ErrorCategory] = frozenset({
    "missing_dependency", "file_not_found", "permission_denied", "transient", "resource_limit",
})
_OUTRANKED: tuple[tuple[str, frozenset[ErrorCategory]], ...] = (
    ("domain_", _MECHANISMS),
    # A JSON body's bare status ("code": 400) is weaker than a mechanism its words name (a context overflow,
    # a crash).
    ("api_status_", _MECHANISMS | {"runtime_error"}),
    (Rule.EXPECTED_GOT, frozenset({"syntax_error"})),
    # A panic is how Rust and Go report any failure, build scripts' missing libraries included: the words
    # of an environment's mechanism in it name the cause.
    (Rule.PANIC, _ENVIRONMENT),
    # A package manager's "native build failed" only wraps the compiler's reason; words of one name it.
    (Rule.NATIVE_BUILD, _ENVIRONMENT),
    # A usage text printed after the tool's own error ("error: file not found: A.java") restates the syntax; the
    # error names the mechanism.
    (Rule.CLI_USAGE, _ENVIRONMENT),
)


def classify(ctx: ErrorContext) -> Finding:
    benign = benign_exit(ctx.command, ctx.envelope)
    if benign is not None:
        return Finding("not_an_error", "none", 0.9, Rule.BENIGN, [benign.evidence],
                       root_cause=benign.root_cause, fix=benign.fix)
    hits = search_hits(ctx.command, ctx.envelope)
    if hits is not None:
        return Finding("not_an_error", "none", 0.8, Rule.BENIGN, [clip(hits.evidence)],
                       root_cause=hits.root_cause, fix=hits.fix)
    # (a warning naming a network failure that ends the output is the failure: nothing after it got through)
    unresolved = ctx.envelope.returncode is None and ends_unresolved(ctx.envelope.body)
    warning = None if unresolved else only_warnings(ctx.envelope)
    # (at exit 0 only-warnings output is benign whatever the lines say: no need to read them)
    from_lines = None if warning is not None and ctx.envelope.returncode == 0 else _from_lines(ctx)
    # A mechanism named on a line of its own under the warning ("ghc: out of memory" indented below stack's
    # "--  While building package") is the failure the warning introduced, not part of it.
    # (at exit 0 the warning stands: "Warning: fallback used" over an indented "No such file" did its job)
    if warning is not None and (ctx.envelope.returncode == 0 or from_lines is None
                                or from_lines.category not in _MECHANISMS
                                or is_notice(from_lines.evidence[0].strip())):
        return Finding("not_an_error", "none", 0.7, Rule.BENIGN_NOTICES, [clip(warning)],
                       root_cause="Only warnings were printed and nothing reports a failure; the command did its job.",
                       fix="Carry on; deal with the warnings later if they matter to the task.")
    finding = _root_most(from_exceptions(ctx), from_lines) or fallback(ctx)
    if finding is from_lines and is_warning(finding.evidence[0]):
        # A tool's warning in a signature's words (`npm WARN EBADENGINE`) before its own word of success.
        finding = finished(ctx.envelope, None) or finding
    if finding is from_lines and finding.category in _CHECKED and reports_a_check(finding.evidence[0]):
        verdict = find_cue(ctx.envelope.body, frozenset({"test_failure"}))
        lines = ([clip(verdict[1])] if verdict else []) + finding.evidence
        finding = Finding("test_failure", "agent", 0.75, Rule.TEST_REPORT, _dedupe(lines))
    if finding is from_lines and not unresolved and only_notices_report(ctx.envelope, finding.evidence[0]):
        return Finding("not_an_error", "none", 0.6, Rule.BENIGN_NOTICES, finding.evidence[:1],
                       root_cause="Only a notice names a problem, and nothing else in the output failed.",
                       fix="Carry on; the notice describes what the tool skipped or adjusted.")
    if (finding.category == "runtime_error" and finding.exception is not None
            and not is_known(finding.exception.name)):
        # A library's own exception we know nothing of (BotoServerError: 400 Bad Request): the words of a
        # mechanism elsewhere in the output (the body it relays) say more, as a line signature would.
        cue = from_cues(ctx.envelope.body[finding.exception.start:], finding.evidence, error_lines_only=True)
        if cue is not None and cue.category in _MECHANISMS - {"test_failure"}:
            finding = cue
    outranking = next((cats for rule, cats in _OUTRANKED if finding.rule.startswith(rule)), None)
    if outranking is not None:
        # (a domain rule that read a warning line, Kafka's "WARN ... Connection to node -1 could not be
        # established", is outranked by a mechanism's words on such lines too)
        cue = from_cues(ctx.envelope.body, finding.evidence,
                        in_notices=finding.rule.startswith("domain_") and ctx.envelope.returncode != 0
                        and is_warning_level(finding.evidence[0]))
        # (at exit 0 a success line at the end undoes any words before it: Gradle's "Not enough memory to run
        # compilation" before its fallback compile and BUILD SUCCESSFUL)
        done = finished(ctx.envelope, None if ctx.envelope.returncode == 0 else cue) \
            if finding.rule.startswith("domain_") else None
        if done is not None:
            finding = done
        # A cue on the very line the weak rule read is that rule's own words ("expected 'syntax error', got None").
        elif cue is not None and cue.category in outranking and not (
                finding.rule == Rule.EXPECTED_GOT and cue.evidence[:1] == finding.evidence[:1]):
            finding = cue
    if finding.rule.startswith("domain_") and not _one_statement(ctx.envelope.body):
        # A tool API's rejection ("Error: reservation ZFA04Y is already cancelled") is one line. In output of
        # more lines, its words ("must be", "cannot be", "already exists") are a program's report, where the
        # domain readings left standing were right for 8 of the 21 dev rows of the corpus they decided.
        finding = fallback(ctx)
    if ctx.envelope.truncated and finding.category not in ("resource_limit", "not_an_error"):
        finding.evidence.append(ctx.envelope.cut_text)
    if finding.category in ("test_failure", "runtime_error") and _BASELINE.search(ctx.action):
        finding.fault, finding.rule = "environment", finding.rule + "+baseline"
    return finding


# Lines around a tool's one-line rejection that add no statement: JSON's braces, an exit status, a bare header.
_FRAMING = re.compile(r"[\s{}\[\],]*|(?:exit(?: code| status)?|return ?code)\W{0,3}-?\d{1,3}\W?|(?:tool )?error:?",
                      re.IGNORECASE)


def _one_statement(body: str) -> bool:
    return sum(1 for ln in body.splitlines() if not _FRAMING.fullmatch(ln.strip())) <= 1


def _root_most(from_exception: Finding | None, from_lines: Finding | None) -> Finding | None:
    """The exception decides, unless a line names a mechanism nearer the root (a quota behind a
    RateLimitError, a null dereference behind a NoMethodError, a linker error behind a build error)."""
    if from_exception is None or from_lines is None:
        return from_exception or from_lines
    # Only mechanism signatures outrank an exception: prose and test-output lines near a traceback
    # ("expected 3, got 0") describe the exception rather than a cause behind it.
    if from_lines.rule == Rule.RUNNER_SUMMARY and from_exception.category == "runtime_error":
        return from_lines  # a runner's tally of failed tests: the generic exception is how a test failed
    if (from_exception.category == "runtime_error" and from_exception.exception is not None
            and not is_known(from_exception.exception.name) and not from_lines.rule.startswith("domain_")
            and from_lines.rule != Rule.EXPECTED_GOT):
        return from_lines  # a library's own exception we know nothing of (Gem::Ext::BuildError): the line says more
    line_rank = next((s.rank for s in MECHANISM_SIGNATURES if s.name == from_lines.rule), 0)
    if (line_rank or from_lines.rule in ADVICE_BY_RULE) and from_lines.category == from_exception.category:
        return from_lines  # the same mechanism, named more precisely (a JVM heap, not any OutOfMemoryError)
    return from_lines if line_rank > PRIORITY.get(from_exception.category, 0) else from_exception


# (the distribution's own mirrors: a third-party repository that does not resolve is a side issue)
_INDEX_UNRESOLVED = re.compile(
    r"(?:Temporary failure resolving|Could not resolve) '(?:[\w-]{1,60}\.){0,4}(?:debian\.org|ubuntu\.com|"
    r"kali\.org|raspbian\.org|linuxmint\.com)'")
_INDEX_FETCHED = re.compile(r"^(?:Hit|Get):\d", re.MULTILINE)
_DOUBLE_STOP = re.compile(r"(?<![.])\.\.(?=\s|$)")


def context_for(error: str, action: str) -> ErrorContext:
    return ErrorContext(observe(error, action=action))


def diagnose(
    error: str, action: str = "", steps: list[Step] | None = None, obs_threshold: int = 3000,
) -> ErrorDiagnosis:
    """Classify one error and give a fix read out of it; see ERROR_TAXONOMY.md for the categories."""
    ctx = context_for(error, action)
    finding = classify(ctx)
    root_cause, fix = explain(finding, ctx)
    # A quoted line that ends its own sentence, inside a template that ends one too ("Read timed out..").
    root_cause, fix = _DOUBLE_STOP.sub(".", root_cause), _DOUBLE_STOP.sub(".", fix)
    suggested = tool_remedy(ctx.envelope.body) if finding.category != "not_an_error" else None
    if suggested is not None and _squashed(suggested) not in _squashed(f"{root_cause} {fix}"):
        fix = f"{fix} The output's own suggestion: {suggested}"
    if finding.category == "unknown" and (pointer := pointer_to_cause(ctx.envelope.body)):
        fix = f"Start where the output says the cause is written ({pointer}); then {fix[0].lower()}{fix[1:]}"
    if finding.rule.endswith("+baseline"):
        root_cause = ("This ran on the original code (your changes stashed), so the failure is pre-existing. "
                      + root_cause)
        fix = "Treat it as the baseline, not as caused by your edit; restore your changes (git stash pop) and compare."
    if ctx.envelope.truncated and finding.category not in ("resource_limit", "not_an_error"):
        fix += f" The output was cut for length; next time {narrower(ctx)}."
    check = contradiction(finding, ctx, steps or []) if finding.category != "not_an_error" else None
    corrected = None
    act: Action
    if check is not None:
        act = "run_verification"
    elif len(error) > obs_threshold and finding.category != "not_an_error":
        act = "correct_observation"
        key_lines = [e for e in finding.evidence if e != ctx.envelope.cut_text] + _summary_lines(ctx.envelope.body)
        before = finding.exception.start + 1 if finding.exception else None
        corrected = condense(ctx.envelope, ctx.exceptions, ctx.frames, key_lines, len(error), before)
        corrected += f"\n[Supervisor's diagnosis: {finding.category}. {root_cause} Fix: {fix}]"
    else:
        act = "provide_guidance"
    return ErrorDiagnosis(
        action=act, category=finding.category, fault=finding.fault, retryable=finding.category == "transient",
        root_cause=root_cause, fix=fix, evidence=_dedupe(finding.evidence)[:4], corrected_observation=corrected,
        verification_task=check.task if check else None, confidence=finding.confidence,
    )


def _squashed(text: str) -> str:
    return re.sub(r"\W+", " ", text).strip().lower()


_SUMMARY = re.compile(
    r"^(?:FAILED \S[^\n]{0,250}|FAIL: [^\n]{1,200}|ERROR: [^\n]{1,200}"
    r"|={3,200} [^\n]{0,80}\b(?:failed|passed|error)[^\n]{0,80}={3,200}"
    r"|tests finished:[^\n]{0,120}|Ran \d{1,7} tests?[^\n]{0,40})$",
    re.MULTILINE,
)


def _summary_lines(body: str) -> list[str]:
    return [m.group(0) for m in _SUMMARY.finditer(body[-30000:])][-6:]


def _dedupe(items: list[str]) -> list[str]:
    return [x for x in dict.fromkeys(items) if x]

"""Warnings, notices and the tool's own word of success: output that only warns, or ends well despite noise.

A warning names a problem it does not have ("npm WARN deprecated", "WARNING: Skipping foo"), and a build
that ends on `BUILD SUCCESSFUL` after them did its job. These readers tell such lines from the ones that
report a failure, for the classifier (diagnose.py) and the fallback's words (normal_output.py).
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.in_code import prose
from supervisor_mcp.heuristics.observation import Envelope

# A cluster event's row: `Warning` is its type column, and the message is the failure itself.
EVENT_ROW = re.compile(r"Warning\s{2,}[A-Z]\w{1,40}\s{2,}")


# A warning that carries an exception ("WARN: Could not load tool. ModuleNotFoundError: ...") reports it.
# (SQLAlchemy wraps the driver's in parentheses, "(sqlite3.OperationalError) no such column"; a cast in code,
# "(RuntimeException) e", has no module path)
CARRIES_EXCEPTION = re.compile(
    r"\b[A-Z]\w{0,60}(?:Error|Exception): |\([\w.]{1,100}\.[A-Z]\w{0,60}(?:Error|Exception)\) "
)


# A line a tool prints to warn, not to fail: the tool's own level prefix, or Python's warnings module.
_WARNING_LINE = re.compile(
    rf"(?!{EVENT_ROW.pattern})"
    # (a wrapper may relay a tool's stderr at its own error level: `[ERROR] npm WARN ...`, `Error: WARNING: ...`)
    r"(?:\[ERROR\] |Error: |##\[error\]|---> )?"
    # a logging framework's timestamp before the level (log4j's `14/10/16 15:20:14 WARN`)
    r"(?:(?:\d{2,4}[-/]\d\d[-/]\d\d[T ])?\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)? {1,4})?"
    r"(?:npm (?:WARN|notice)|yarn warn|warning|WARNING|Warning|\[(?:WARN(?:ING)?|Warning)\]|WARN|W:|"
    r"(?:PHP )?(?:Notice|Deprecated):)(?=[\s:]|$)|\S{1,300}:\d{1,7}: \w{0,60}Warning: |"
    r"\S{1,300}:\d{1,7}:\d{1,5}: warning: |[\w.-]{1,60}: (?:warning|WARNING): |[\w ().-]{1,60} VM warning: |"
    # MSBuild's and compilers' coded warnings: `App.csproj : warning NU1604:`, `a.cs(3,5): warning CS0168:`
    r"[^\n]{1,300}?(?:\(\d{1,6},\d{1,6}\))? ?: warning [A-Z]{1,8}\d{2,6}:"
)


# A warning line that reports a failure it wraps ("WARNING: Job failed: exit status 1") is not a notice.
_ERROR_LEVEL = re.compile(r"\s*(?:error|fatal|ERR!)\b", re.IGNORECASE)


_FAILS = re.compile(
    r"\b(?:Job|Build|build|job) failed\b|\bBUILD FAILURE\b|\.{2,} FAILURE\b|\bexit (?:status|code):? [1-9]|"
    r"\bfailed with\b|"
    r"\bFailed[A-Z]\w+|\bInsufficient \w+|"  # a cluster event's reason (FailedScheduling) and its cause
    r"\bRetrying\b|connection broken|timed out|"
    r"\bexited with (?:exit )?(?:code )?[1-9]\d{0,2}\b|ESLint found too many warnings|"
    r"\breturned a non-zero (?:code|exit status):? ?\d|\bnon-zero exit (?:status|code):? ?\d|"
    r"\b[1-9]\d{0,6} (?:failures|errors)\b|"  # a tally after the success line ("104 failures, 223 errors")
    + CARRIES_EXCEPTION.pattern
)


# A notice that does not use a level prefix: a client's bracketed level, or a deprecation/abandonment notice.
_NOTICE_LINE = re.compile(
    r"^\[(?:INFO|DEBUG)\]|^(?:INFO|DEBUG|NOTICE)\b|\bNOTICE:\s|^::debug::|^-- |^CMake Warning\b|"
    r"^\S{1,60}: \[(?:Warning|Note|Notice)\]|"
    # Apache's startup notice that it guessed the server's name, and its log's notice level
    r"\bAH00558: |\] \[(?:\w{1,30}:)?notice\] |"
    r"\b(?:is|are) (?:abandoned|"
    r"deprecated)\b|^Deprecated\b|"
    r"^(?:Use|See) '?--warning-mode|^See https?://\S+$|"
    # npm's closing funding and audit summary after a finished install
    r"^\d{1,6} packages? (?:is|are) looking for funding$|^run `npm fund` for details$|"
    r"^\d{1,6} (?:(?:low|moderate|high|critical) severity )?vulnerabilit(?:y|ies)\b|^To address (?:all )?issues\b|"
    r"^npm audit fix\b|^Run `npm audit` for details\.$|"
    # docker run's note before it pulls an image it does not have yet
    r"^Unable to find image '[^'\n]{1,200}' locally$|"
    # sudo's note that the hostname is not in /etc/hosts: the command still runs
    r"^sudo: unable to resolve host \S{1,253}: |"
    # Apache's note that ServerName is unset: it starts anyway
    r"Could not reliably determine the server's fully qualified domain name\b|"
    # BuildKit's build checks after a finished build
    r"^\d{1,4} warnings? found \(use docker --debug to expand\):$|^\s{0,2}- [A-Z][A-Za-z]{2,60}: |"
    # apt in an image without apt-utils or a terminal: debconf falls back to another frontend and carries on
    r"^debconf: (?:delaying package configuration|unable to initiali[sz]e frontend|\(|falling back to frontend)"
)


_LEVEL_PREFIX = re.compile(r"\[(?:INFO|DEBUG)\]|(?:INFO|DEBUG)\b|::debug::")


# What makes such a line a failure: an error object or errno it carries, not a word ("404 Not Found" in an
# access log, "add error message column" in a migration's name).
_LEVEL_FAILURE = re.compile(
    r"\bfailed: |\bError: \S|\bE(?:NOENT|ACCES|PERM|CONNREFUSED|CONNRESET|TIMEDOUT|ADDRINUSE)\b|"
    + CARRIES_EXCEPTION.pattern
)


# A tool's own last word that it succeeded; what it printed before that was commentary.
_SUCCESS_END = re.compile(
    # (a level in brackets, or a CLI's status mark: firebase's `+  Deploy complete!`, `✔ Done`)
    r"^(?:\[\w{1,10}\]\s{1,4}|[+✔✓√]\s{1,4})?(?:BUILD SUCCESS(?:FUL)?\b|"
    # (the whole line: "Build completed with 1 error" and "Migration finished with status FAILED" are not success)
    r"(?:Deploy|Deployment|Build|Upload|Publish|Release|Sync|Migration)s? (?:complete|completed|succeeded|finished)"
    r"(?:[.!]| in [\w .]{1,30})?$|"
    r"Installation (?:complete|completed|finished|successful)\b|"
    r"added \d{1,6} packages?|found 0 vulnerabilities|up to date\b|Total time:|\[\s{0,2}\d{1,3}%\] Built target|"
    r"-- (?:Generating|Configuring) done|-- Build files have been written|test result: ok\.|"
    r"(?:COMMIT|CREATE \w+|INSERT \d+ \d+|UPDATE \d+|DELETE \d+|DROP \w+)$|"
    r"Successfully \w+|Done\b|Finished\b(?!: (?:UNSTABLE|FAILURE|ABORTED))|All done\b|"
    r"[\w.-]{1,80}/[\w.-]{1,253} (?:created|configured|unchanged)$|"
    r"\d{1,5} actionable tasks?:|✖ \d{1,6} problems? \(0 errors, \d{1,6} warnings?\)$|"
    r"[\w .-]{1,60} (?:has|have) been successfully \w{1,20}\b|#\d{1,4} DONE [\d.]{1,8}s$|"
    # test runners' tallies with nothing failed: pytest, unittest, Jest, mocha, RSpec, go test
    r"=+ (?:\d+ (?:passed|skipped|deselected|xfailed|xpassed|warnings?)(?:, )?)+ in [\d.]+s\b[^=\n]{0,20}=+$|"
    r"OK(?: \((?:skipped|expected failures)=\d+\))?$|Tests:\s+(?:\d+ (?:skipped|todo), )*\d+ passed, \d+ total|"
    r"\d+ passing\b|\d+ examples?, 0 failures|ok\s+\S+\s+[\d.]+s$|PASS$|"
    r"Build succeeded\.|0 Error\(s\)$|Passed!\s{1,4}- Failed:\s{1,8}0,|Restore complete\b|\(\d{1,9} rows?\)$|"
    r"No changes\. Your infrastructure matches|Syntax OK$|Complete!$|Got dependencies!$|"
    r"\d{1,4} chart\(s\) linted, 0 chart\(s\) failed|"
    r"0 errors? ✔ \| 0 warnings? ✔|"
    r"[\w.-]{1,100} [\w.-]{1,40} succeeded(?: with \d+ warning\(s\))? \(|Already up[ -]to[ -]date\b|"
    r"\[[\w./-]{1,100} (?:\(root-commit\) )?[0-9a-f]{7,40}\] |\d{1,6} files? changed\b|"
    # Ansible's play recap for a host with nothing unreachable or failed
    r"[\w.-]{1,100}\s{1,40}: ok=\d{1,6}\s{1,8}changed=\d{1,6}\s{1,8}unreachable=0\s{1,8}failed=0\b)",
    re.MULTILINE,
)


_HARD_FAILURE = re.compile(
    r"\b(?:error|fatal|failed|failure|exception|traceback|panic|denied|aborted)\b|\bnot found\b|no such file|"
    r"\b(?:unable to|could not|couldn't|cannot|can't) (?:connect|open|find|load|read|write|create|start|resolve|"
    r"locate)\b|"
    r"\bERR!",
    re.IGNORECASE,
)


# A tally of no failures ("0 Error(s)", "0 errors") says the opposite of its word.
_ZERO_COUNT = re.compile(r"^0 (?:errors?|Error\(s\)|failures?|failed)\b", re.IGNORECASE)


# BuildKit's header of a build step (`#14 [builder 6/9] RUN uv sync`): the command it runs, not its output.
_STEP_HEADER = re.compile(
    r"(?:#\d{1,4} )?\[(?:[^\]\n]{1,100} )?\d{1,3}/\d{1,3}\] "
    r"(?:RUN|COPY|ADD|FROM|WORKDIR|ENV|ARG|USER|CMD|ENTRYPOINT|EXPOSE|LABEL|SHELL|VOLUME) ")


def only_warnings(envelope: Envelope) -> str | None:
    """The first warning line, when every line is a warning (or indented under one) and nothing failed.

    A warning names a problem in its own words (`npm WARN saveError ENOENT ...`), so the line rules
    would read it as the failure it only warns about.
    """
    if envelope.returncode not in (None, 0):
        return None
    lines = [ln for ln in envelope.body.splitlines() if ln.strip() and not _STEP_HEADER.match(ln)]
    if not lines or not is_notice(lines[0]) or any(_FAILS.search(ln) for ln in lines):
        return None
    if all(is_notice(ln) or ln[:1].isspace() or _continues(ln) for ln in lines):
        return lines[0].strip()
    return None


def _continues(line: str) -> bool:
    """A wrapped warning's next line: it goes on mid-sentence, with no level or tool prefix of its own."""
    return line[:1].islower() and not re.match(r"[\w./-]{1,40}:", line) and not _HARD_FAILURE.search(line)


def is_warning(line: str) -> bool:
    """A warning line: a warning's own words name a problem it does not have (unless it wraps a failure,
    "WARNING: Job failed: exit status 1")."""
    return bool(_WARNING_LINE.match(line.strip())) and not _FAILS.search(line)


def is_notice(line: str) -> bool:
    if _WARNING_LINE.match(line):
        return True
    # "Error: the --legacy flag is deprecated and has been removed" reports a failure in a notice's words,
    # and a client's debug log line may carry the failure itself ("[DEBUG] ... Connection failed: Error: ...").
    if _LEVEL_PREFIX.match(line) and _LEVEL_FAILURE.search(line):
        return False
    return bool(_NOTICE_LINE.search(line)) and not _ERROR_LEVEL.match(line)


def _says_failure(line: str) -> bool:
    """A line outside the notices whose words report a failure."""
    return bool(_HARD_FAILURE.search(prose(line))) and not is_notice(line)


def only_notices_report(envelope: Envelope, line: str) -> bool:
    """`line` is a notice (`NOTICE: relation "x" already exists, skipping`, `npm WARN ...`) and nothing
    else in the output reports a failure: the rest is progress ("Initializing schema")."""
    if envelope.returncode not in (None, 0) or not is_notice(line) or _FAILS.search(envelope.body):
        return False
    return not any(_says_failure(ln) for ln in envelope.body.splitlines())


# A failure the tool itself retried ("... failed -- attempting retry 1 in 1 second"): what follows decides.
_RETRIED = re.compile(r"\battempting retry \d|\bretrying\b|\bwill retry\b", re.IGNORECASE)


def succeeded_despite_noise(envelope: Envelope) -> str | None:
    """The success line, when the output ends on the tool's own word that it succeeded and nothing
    before it reports a failure (only warnings, notices and progress): `BUILD SUCCESSFUL`, an
    installer's `Installation complete`, kubectl's `deployment.apps/x created`."""
    if envelope.returncode not in (None, 0):
        return None
    lines = [ln.strip() for ln in envelope.body.splitlines() if ln.strip()]
    # The last success line counts if only warnings follow it (a build that succeeded "with 9 warning(s)").
    last = next((i for i in range(len(lines) - 1, -1, -1) if _SUCCESS_END.match(lines[i])), None)
    tail_ok = last is not None and not any(_says_failure(ln) for ln in lines[last + 1:])
    success = lines[last] if last is not None and tail_ok else None
    if success is None or _FAILS.search(envelope.body):
        return None
    if any(_says_failure(ln) and not _ZERO_COUNT.match(ln) and not _SUCCESS_END.match(ln) and not _RETRIED.search(ln)
           for ln in lines):
        return None
    return success

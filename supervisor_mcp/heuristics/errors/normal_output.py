"""Output that reports only normal results, and output that ends before the tool got through.

A nonzero exit or a text with no exit code is not a failure when all it printed is a normal result
(warnings, notices, progress, "nothing to commit"); it is one when it ends on a retry still under way or on
a warning that names a network failure. A wrapper's exit summary is neither: the cause is in output not
shown.
"""

from __future__ import annotations

import re
import unicodedata

from supervisor_mcp.heuristics.errors import locales
from supervisor_mcp.heuristics.errors.cues import find_cue
from supervisor_mcp.heuristics.errors.finding import Finding
from supervisor_mcp.heuristics.errors.in_code import prose
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.notices import is_warning
from supervisor_mcp.heuristics.observation.kind import shows_data

# A runner's, wrapper's or subprocess's own exit summary: the step failed, and the cause is elsewhere.
WRAPPER_ONLY = re.compile(
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
    # an HTTP status with its reason phrase ("410 Gone", "502 Bad Gateway"): a request that failed
    r"\b[45]\d\d (?:Gone|Not Found|Forbidden|Unauthorized|Bad Request|Conflict|Too Many Requests|Bad Gateway|"
    r"Service Unavailable|Gateway Time-?out|Internal Server Error|Precondition Failed|Unprocessable Entity)\b|"
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
# A compiler's diagnostic line (`main.go:12:2: message`) reports a problem whatever its words.
_DIAGNOSTIC = re.compile(r"^[^\s:]{1,200}:\d{1,7}(?::\d{1,5})?: ", re.MULTILINE)
# A retry still under way: when it ends the output, the retries never succeeded.
_RETRYING = re.compile(r"\bRetrying\b|\b\d{1,3} (?:tries|retries|attempts) (?:remaining|left)\b")


def normal_results(body: str, code: int | None, evidence: list[str], program: str = "") -> Finding | None:
    """Output that reports only normal results: a command that worked, or whose nonzero exit is its answer."""
    # Judged on the head and tail of long output, where a failure would state itself.
    scan = body if len(body) <= 16000 else f"{body[:8000]}\n{body[-8000:]}"
    words = prose(_unwarned(scan))
    lines = [ln for ln in scan.splitlines() if ln.strip()] if len(scan) < 2000 else []
    rest = [ln for ln in lines if not WRAPPER_ONLY.search(ln)]
    if (rest and len(rest) < len(lines) and any(_NOTICES.search(ln) for ln in rest)
            and not any(_TROUBLE_WORDS.search(prose(ln)) for ln in rest)):
        # A runner's exit summary under output that only reports normal results ("nothing to commit").
        return Finding("not_an_error", "none", 0.5, Rule.BENIGN_NOTICES, evidence,
                       root_cause="The command exited non-zero, but all it printed is a normal result; that status "
                                  "is its answer, not a failure.",
                       fix="Carry on, or treat the status as the answer (e.g. nothing to commit).")
    quiet = not (_TROUBLE_WORDS.search(words) or _FAILURE_WORDS.search(words) or _STOPPED.search(scan)
                 or _DIAGNOSTIC.search(scan) or WRAPPER_ONLY.search(scan))
    if code is None and quiet and not shows_data(program) and mostly_foreign(scan):
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

def only_notices(body: str) -> bool:
    """Warnings, deprecation notices or a success summary, and nothing that reads as a failure."""
    return bool(_NOTICES.search(body)) and not _TROUBLE_WORDS.search(prose(_unwarned(body))) \
        and not ends_unresolved(body)


def _unwarned(text: str) -> str:
    """`text` without its warning lines: a warning names a problem it does not have ("WARN ... Unable to load
    native-hadoop library"), so its words are no failure of the command."""
    return "\n".join(ln for ln in text.splitlines() if not is_warning(ln))


def mostly_foreign(text: str) -> bool:
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

"""Understand the failing shell command, and recognise nonzero exits that are normal for it (warnings and
success lines are read by notices.py).

A shell pipeline's status is its last command's, so the last simple command decides whether an exit
code is an answer (grep found nothing, diff found differences, test was false) or a failure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from supervisor_mcp.heuristics.observation import Command, Envelope

_GREP_LIKE = {"grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "pgrep", "git-grep"}
_DIFF_LIKE = {"diff", "cmp", "git-diff", "comm"}
_TEST_LIKE = {"test", "[", "[["}
_LOOKUP_LIKE = {"which", "type", "hash", "command-v", "pip-show", "pip3-show", "pkill"}
_RUNNERS = re.compile(
    r"(?:^|[\s/])(?:python\d?(?:\.\d+)?|pytest|py\.test|tox|nox|node|npm|yarn|pnpm|jest|mocha|go|cargo|"
    r"ruby|rspec|java|mvn|gradle|dotnet|runtests\.py|test|bash|sh|make|ctest|php|perl)(?:\s|$)"
)
_TEST_RUNNER = re.compile(
    r"pytest|py\.test|unittest|runtests|bin/test|\btox\b|\bnox\b|jest|mocha|go test|cargo test|npm test|rspec"
)
_GREP_NOISE = re.compile(
    r"^(?:grep|rg|ag): .{1,500}: (?:Is a directory|binary file matches|Permission denied)$"
    r"|^Binary file .{1,500} matches$"
)
# grep's exit 1 only says "no match"; other output (earlier commands of an && chain, successful xargs
# runs) is fine unless it shows trouble, e.g. a traceback on stderr of a command piped into grep.
_TROUBLE = re.compile(
    r"No such file or directory|command not found|Traceback|Argument list too long|terminated by signal|"
    r"^\w{0,60}(?:Error|Exception)\b|\berror:|fatal:|Permission denied|Segmentation fault|Killed$",
    re.MULTILINE,
)
# A search hit with its location: grep -rn/rg's `path:12:text` or `path:12-text` (context), grep -c's `path:3`.
_HIT = re.compile(r"^[^\s:][^:\n]{0,300}:\d{1,7}[:-]|^[^\s:][^:\n]{0,300}:\d{1,7}$|^--$")
_FILE_OPERAND = re.compile(r"^[\w.@+-]{1,200}\.[A-Za-z0-9]{1,8}$|[*?]")


def is_runner(action: str) -> bool:
    """The action runs a program or a test suite (its nonzero exit is the program's verdict)."""
    return bool(_RUNNERS.search(action[:2000]))


def is_test_run(action: str) -> bool:
    return bool(_TEST_RUNNER.search(action[:2000]))


@dataclass(frozen=True)
class Benign:
    evidence: str
    root_cause: str
    fix: str


def _quiet(body: str) -> bool:
    lines = [ln for ln in body.splitlines() if ln.strip()]
    return all(_GREP_NOISE.match(ln.strip()) for ln in lines)


def benign_exit(cmd: Command | None, envelope: Envelope) -> Benign | None:
    """A nonzero exit that is the command's normal answer, not a failure."""
    returncode, body, code_text = envelope.returncode, envelope.body, envelope.code_text
    if cmd is None or returncode is None or returncode == 0:
        return None
    via_xargs = "xargs" in cmd.text.split()[:3] or re.search(r"\|\s*xargs\b", cmd.whole[-600:]) is not None
    grep_like = cmd.name in _GREP_LIKE or _inner_command(cmd) in _GREP_LIKE
    pattern = next((w for w in cmd.argv[1:] if not w.startswith("-")), "")
    if grep_like and returncode in (1, 123 if via_xargs else 1) and (_quiet(body) or not _TROUBLE.search(body)):
        operands = [w for w in cmd.argv[1:] if not w.startswith("-")]
        where = f" in {' '.join(operands[1:3])}" if len(operands) > 1 else ""
        if via_xargs and returncode == 123:
            cause = (f"xargs exits with 123 when some `{cmd.name}` runs found nothing: {pattern!r} is absent from "
                     "those files; the lines printed are the hits. That is an answer, not a failure.")
        else:
            cause = (f"`{cmd.name}` exits with 1 when nothing matches: {pattern!r} does not occur{where}. "
                     "That is an answer, not a failure.")
        return Benign(
            evidence=code_text,
            root_cause=cause,
            fix="Do not retry it as is. If you expected a hit, loosen the pattern (fewer words, -i, -F for "
                "literal text, a shorter identifier) or search a wider scope (grep -rn PATTERN .).",
        )
    if cmd.name in _DIFF_LIKE and returncode == 1:
        return Benign(
            evidence=code_text,
            root_cause=f"`{cmd.name}` exits with 1 when its inputs differ; the output lists the differences.",
            fix="Read the differences; exit 1 here is expected, only exit 2 means diff itself failed.",
        )
    if cmd.name in _TEST_LIKE and returncode == 1 and not body.strip():
        return Benign(
            evidence=code_text,
            root_cause="The test expression evaluated to false; `test`/`[` signal that with exit 1.",
            fix="Treat it as the answer (the condition does not hold) and branch on it.",
        )
    if (cmd.name in _LOOKUP_LIKE or cmd.name in ("pip-show", "pip3-show")) and returncode == 1:
        return Benign(
            evidence=code_text,
            root_cause=f"`{cmd.text[:80]}` found nothing: the thing looked up is not present.",
            fix="Use the answer: it is not installed or not running. Install or start it only if the task needs it.",
        )
    if returncode == 5 and ("pytest" in cmd.name or re.search(r"\bno tests ran\b|/ 0 selected", body[-3000:])):
        selector = next((cmd.argv[i + 1] for i, w in enumerate(cmd.argv[:-1]) if w == "-k"), "")
        return Benign(
            evidence=_last_match(body, r"[^\n]*(?:no tests ran|0 selected|collected 0 items)[^\n]*") or code_text,
            root_cause="pytest collected no tests (exit 5): " + (f"-k {selector!r} matched no test name." if selector
                                                               else "the path or selection matched no test."),
            fix="List the test names first (pytest PATH --collect-only -q | grep WORD) and select one that exists.",
        )
    if cmd.name == "git-commit" and re.search(r"nothing (?:added )?to commit", body):
        return Benign(evidence=_last_match(body, r"[^\n]*nothing (?:added )?to commit[^\n]*"),
                      root_cause="There were no changes to commit.",
                      fix="Nothing to do; check `git status` if you expected changes.")
    if cmd.name == "ls" and returncode in (1, 2) and "No such file or directory" in body:
        operands = [w for w in cmd.argv[1:] if not w.startswith("-")]
        if operands and all(_FILE_OPERAND.search(w) for w in operands):
            return Benign(
                evidence=_last_match(body, r"[^\n]*No such file or directory[^\n]*") or code_text,
                root_cause="The existence check answered no: " + ", ".join(operands[:3]) + " does not exist here.",
                fix="Use the answer. If you expected the file, locate it with find . -name 'NAME' or create it.",
            )
    return None


def search_hits(cmd: Command | None, envelope: Envelope) -> Benign | None:
    """The first hit, when a search of files (grep -rn, rg) that did not fail printed only located hits
    (`path:12:text`): they are results, whatever words the matched text holds ("class NotFoundError").
    Not a grep that filters another command's output (`make 2>&1 | grep error`, its lines are that
    command's), not an inverted grep -v, and not hits the host cut for length (a budget problem)."""
    if cmd is None or envelope.returncode not in (None, 0) or envelope.truncated:
        return None
    if cmd.name not in _GREP_LIKE and _inner_command(cmd) not in _GREP_LIKE:
        return None
    before = cmd.whole[: max(cmd.whole.rfind(cmd.text), 0)].rstrip()
    if before.endswith("|") or any(w == "-v" or (w.startswith("-") and not w.startswith("--") and "v" in w)
                                   for w in cmd.argv[1:]):
        return None
    lines = [ln for ln in envelope.body.splitlines() if ln.strip()]
    if not lines or not all(_HIT.match(ln) for ln in lines):
        return None
    return Benign(
        evidence=lines[0],
        root_cause="The search printed its hits: these lines are results, whatever words they contain.",
        fix="Read the hits as the answer: an error word inside a matched line is text in those files.",
    )


def _inner_command(cmd: Command) -> str:
    """The command run inside a pod or container (`kubectl exec POD -- grep ...`, `oc rsh POD grep ...`,
    `docker exec C grep ...`): its exit code is what the wrapper relays."""
    words = cmd.argv[1:]
    if cmd.name not in ("kubectl", "oc", "docker", "podman") or not ({"exec", "rsh"} & set(words[:4])):
        return ""
    return next((w for w in words if w in _GREP_LIKE), "")


def _last_match(text: str, pattern: str) -> str:
    found = re.findall(pattern, text[-4000:])
    return found[-1].strip() if found else ""

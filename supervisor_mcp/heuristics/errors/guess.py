"""The wording model's answer as a diagnosis: when a guess may be made, and how it is said.

A guess is only as good as the words it went by (wording.py), so it is made where a wrong one costs
least and said as what it is: confidence 0.4, the words, the line that argues most for it, and what to
check before acting on it.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.normal_output import mostly_foreign
from supervisor_mcp.heuristics.errors.signature import FAULT
from supervisor_mcp.heuristics.errors.wording import Resemblance, last_lines, resemblance
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.kind import shows_data
from supervisor_mcp.models import ErrorCategory

# A guess of `unknown` is the honest answer already. Guesses of `transient` and `missing_dependency` were
# wrong more often than right on the blind batches' dev rows (2 of 11, 10 of 28), and each sends the
# agent to act on it (retry, install); those stay `unknown` until a rule reads the mechanism.
_NEVER_GUESSED: frozenset[ErrorCategory] = frozenset({"unknown", "transient", "missing_dependency"})
# Tests are guessed to fail only where some word says so (not "0 failed"): passing runs share all their
# other words.
_FAILED = re.compile(r"(?<!\b0 )(?<!\bno )\bfail(?:ed|ures?|s|ing)?\b|\bassert\w*|\bexpected\b", re.IGNORECASE)
# Nor is an output guessed to be fine when it reports errors or a failure in so many words ("2 errors").
_REPORTS_FAILURE = re.compile(
    r"(?<![\w-])(?<!\b0 )(?<!\bno )(?:errors?|fail(?:ed|ures?|s|ing)?|fatal)\b", re.IGNORECASE)

_LIKE: dict[ErrorCategory, str] = {
    "not_an_error": "a command's normal output", "file_not_found": "a missing file or directory",
    "test_failure": "failing tests", "invalid_arguments": "a call with arguments the tool rejects",
    "precondition_failed": "a refusal over a state or a rule", "permission_denied": "a denied permission",
    "resource_limit": "an exhausted resource or limit", "runtime_error": "a program failing while it runs",
    "syntax_error": "a syntax error", "undefined_name": "a name that is not defined",
}
# What to check first, for each category a guess may name: the category's concrete advice presumes a
# mechanism the rules did not read.
_CHECK: dict[ErrorCategory, str] = {
    "not_an_error": "If the result is what the step needed, carry on; nothing in it reads as a failure, but send "
                    "the exit code if you doubt it.",
    "file_not_found": "Check that the path it names exists (ls it) and that the command runs in the directory "
                      "you think.",
    "test_failure": "Read the failing check's expected and actual values, then fix the code under test.",
    "invalid_arguments": "Check the call's arguments and options against the tool's --help or schema.",
    "precondition_failed": "Check what the tool expects to exist, be configured or be done first, and meet that "
                           "before calling again.",
    "permission_denied": "Check the credentials, the account's rights or the file's permissions it needs.",
    "resource_limit": "Check which limit it hit (memory, disk, a quota, a size or time cap) and do the work in "
                      "smaller pieces or raise that limit.",
    "runtime_error": "Read that line and the code it points at; the program failed while running.",
    "syntax_error": "Check the syntax at the place it points to, in the language of that file.",
    "undefined_name": "Check the name's spelling and where it should be defined or imported.",
}


def resembling(ctx: ErrorContext) -> Finding | None:
    """A guess from the words, or None where there is none or one must not be made (see `guess_from`); never
    on a file's or a listing's text, which is content, not a report, nor on output mostly in a language the
    model did not learn."""
    if (ctx.command is not None and shows_data(ctx.command.name)) or mostly_foreign(ctx.envelope.body):
        return None
    return guess_from(resemblance(ctx.envelope.body), ctx)


def guess_from(found: Resemblance | None, ctx: ErrorContext) -> Finding | None:
    """The resemblance as a diagnosis, unless it would advise a retry or an install on words alone, call a
    command that exited non-zero or output that reports errors fine, or say tests failed where no word
    says anything failed."""
    body, code = ctx.envelope.body, ctx.envelope.returncode
    said = "\n".join(last_lines(body))
    if (found is None or found.category in _NEVER_GUESSED
            or (found.category == "not_an_error" and (code not in (None, 0) or _REPORTS_FAILURE.search(said)))
            or (found.category == "test_failure" and not _FAILED.search(said))):
        return None
    by = f" ({', '.join(repr(w) for w in found.words)})" if found.words else ""
    line = clip(found.line)
    return Finding(found.category, FAULT[found.category], 0.4, Rule.WORDING, [line],
                   root_cause=f"No rule reads this output's mechanism; going by its words{by}, it most resembles "
                              f"{_LIKE[found.category]}: {line}",
                   fix=f"{_CHECK[found.category]} This is a guess from wording, not a reading of the mechanism: "
                       "confirm it on that line before acting on it.")


def unless_worded(by_shape: Finding, ctx: ErrorContext) -> Finding:
    """A reading by shape alone (a short "Error: ..." taken for the tool's refusal) gives way to the wording
    model's guess of another category: the words after "Error:" say more than its shape."""
    guess = resembling(ctx)
    return guess if guess is not None and guess.category != by_shape.category else by_shape

"""Root cause and fix for a program that failed at run time: the exception, where in the agent's code it was
raised, and what the environment or the code at that line should change."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.library_frames import in_library, raised_in_library
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.frames import innermost_own_frame

# A file and line named anywhere in the output (path:12, path(12), "on line 12", Python's `", line 12`).
LOCATED = re.compile(r"[\w\]).-]\.[A-Za-z]{1,6}(?::\d{1,7}|\(\d{1,7}\)| on line \d{1,7}|\", line \d{1,7})"
                      r"|\w:\d{1,7}:in [`']")
# A runtime's message with no exception line to read (a Go or V panic, a Perl die): what each usually means.
_RUNTIME_MESSAGES = (
    (re.compile(r"index out of range|out of bounds", re.IGNORECASE),
     "The code indexed past the end of a sequence (the message gives the index and the length): check the length "
     "before indexing, and find why it is shorter than assumed (often an empty result upstream)."),
    (re.compile(r"division by zero|divide by zero", re.IGNORECASE),
     "A divisor was zero, usually a count or total of nothing (an empty input or filter): guard that case or fix "
     "the input that left it empty."),
    (re.compile(r"is not (?:subscriptable|iterable|callable)", re.IGNORECASE),
     "A value is not the type the code uses it as: print its type where it is made, then convert it or fix the "
     "call that returned it."),
)


def location_first(cause: str, then: str) -> tuple[str, str]:
    """(root_cause, fix) for a failure whose output names no file or line: get the stack, then `then`."""
    return (f"{cause}; the output names no file or line.",
            "Get the location first: rerun so the stack is printed (the tool's --trace, --verbose, --debug or "
            "--backtrace flag; python -X faulthandler; RUST_BACKTRACE=1; a development build with source maps for "
            f"minified code), then {then}.")


def where_raised(ctx: ErrorContext, finding: Finding) -> str:
    """` at FILE:LINE (`code`)` for the innermost frame of the agent's own code above the exception, or ""."""
    before = finding.exception.start if finding.exception else None
    frame = innermost_own_frame(ctx.frames, before)
    if frame is None:
        return ""
    return f" at {frame.path}:{frame.line}" + (f" (`{clip(frame.code, 100, ellipsis=True)}`)" if frame.code else "")


def explain_runtime(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    """(root_cause, fix) for a runtime_error finding."""
    exc, where = finding.exception, where_raised(ctx, finding)
    if finding.rule == Rule.FALLBACK_TEST_ERRORS:
        return ("Tests errored: exceptions were raised inside tests (E), not assertion failures.",
                "Rerun one erroring test alone with a full traceback (e.g. -x --tb=long) and fix the exception it "
                "shows.")
    if exc is None and finding.fault == "tool":
        line = clip(finding.evidence[-1], 120, ellipsis=True)
        return (f"The tool crashed on the call ({line}) instead of rejecting it cleanly.",
                "Check every argument's type and shape against the tool's schema (strings vs numbers, lists, nested "
                "objects, ids that exist); fix the malformed one rather than resending the same call.")
    if exc is None:
        origin = raised_in_library(ctx.envelope.body)
        if origin is not None:
            return in_library(finding, origin)
        line = clip(finding.evidence[-1] if finding.evidence else "", 160, ellipsis=True)
        known = next((fix for words, fix in _RUNTIME_MESSAGES if words.search(line)), None)
        if known is not None:
            return f"The program failed: {line}.", known
        return (f"The program failed: {line}.",
                "Read the last lines of the output and rerun with more detail if needed.")
    msg, name = exc.message, exc.name
    cause = f"{name}{where}: {clip(msg, 200, ellipsis=True)}"
    # What the environment lacks holds wherever the exception was raised; advice on the code at the line
    # (the own-code hints and the last resort below) only when that line is the agent's.
    environment = [
        ("no such table" in msg, "The database has no such table: create the schema first (migrations, or create the "
                                 "tables for models defined in a script) before querying."),
        ("already exists" in msg, "The object exists from an earlier run: reuse it, or create it only if missing "
                                  "(IF NOT EXISTS, exist_ok=True); do not delete what may hold data."),
        ("not configured" in msg or "AppRegistryNotReady" in name, "Configure the framework (settings.configure(...), "
                                                                   "django.setup()) before importing models."),
        (name == "UnicodeDecodeError" and "'ascii' codec" in msg,
         "Bytes were decoded as ASCII (Python 2 mixing str and unicode, or a C/POSIX locale): decode them "
         "explicitly (.decode('utf-8')), or run under Python 3 with a UTF-8 locale (LANG=C.UTF-8)."),
        (name == "UnicodeDecodeError", "Open the file with the right encoding (encoding='utf-8', errors='replace') or "
                                       "in binary mode."),
        (name == "CalledProcessError", "Run the failing subprocess command directly to see its stderr."),
        ("Unable to resolve service for type" in msg, "The dependency-injection container has no registration for a "
                                                      "type a constructor asks for: register it (services.AddScoped/"
                                                      "AddSingleton, or IOptions for settings) or change the "
                                                      "constructor to take a registered type."),
    ]
    fix = next((text for cond, text in environment if cond), None)
    if fix is not None:
        return cause + ".", fix
    origin = raised_in_library(ctx.envelope.body)
    if origin is not None:
        return in_library(finding, origin)
    own_code = [
        (name == "KeyError", f"The key {msg} is missing: print the available keys or use .get() with a default."),
        (name == "IndexError", "The sequence is shorter than assumed: check its length before indexing."),
    ]
    fix = next((text for cond, text in own_code if cond), None)
    if fix is None and not where and not LOCATED.search(ctx.envelope.body):
        # (no file or line anywhere: "the code at that location" would point nowhere)
        return location_first(cause, "fix the code where the failing value comes from")
    return cause + ".", fix or ("Fix the code at that location for this input; print the values involved just before "
                                "the failing line.")

"""Root cause and fix text for failures in the agent's own code and calls, read out of the error.

Each builder names the concrete thing the message names (the module, the path, the argument, the
file:line and token, the failing test) and a command that finds or fixes it. Environment, domain and
budget failures are in error_advice.py.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.advice import ADVICE
from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.install import explain_missing
from supervisor_mcp.heuristics.errors.library_frames import in_library, raised_in_library
from supervisor_mcp.heuristics.errors.missing_path import explain_missing_path
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.packages import is_known_distribution, is_stdlib
from supervisor_mcp.heuristics.errors.rules import ADVICE_BY_RULE
from supervisor_mcp.heuristics.errors.runtime_advice import LOCATED, explain_runtime, location_first, where_raised
from supervisor_mcp.heuristics.errors.schema_drift import MIGRATION_DRIFT, is_migration_drift
from supervisor_mcp.heuristics.errors.shell_parse import shell_parse, wrong_interpreter
from supervisor_mcp.heuristics.errors.testruns import explain_test_failure
from supervisor_mcp.heuristics.errors.usage_advice import cli_usage
from supervisor_mcp.heuristics.errors.version_skew import ATTRIBUTE, IMPORT_NAME, version_skew
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.shell import shell_quote

_CALL = re.compile(
    r"(?<![\w.])(?P<func>[\w.]{1,100})\(\) (?:"
    r"got an unexpected keyword argument '(?P<kwarg>\w{1,100})'"
    r"|missing \d+ required (?:positional |keyword-only )?arguments?: (?P<missing>[^\n]{1,200})"
    r"|takes (?:from )?(?P<takes>[\w ]{1,20}?) positional arguments? but (?P<given>\d+)[^\n]{0,60}? (?:was|were) given"
    r"|argument (?:\d+ )?must be (?P<want>[^,\n]{1,80}), not (?P<got>\w{1,60}))"
)
_ONE_LINER_BLOCK = re.compile(r";\s*(?:class|def|for|while|if|with|try|async)\b")
_NAME = re.compile(
    r"name '(\w{1,100})' is not defined|local variable '(\w{1,100})'|cannot access local variable '(\w{1,100})'"
)
# pydantic's report: the field name on one line, the problem indented below it.
_SCHEMA_FIELD = re.compile(r"^(\w{1,80})\n[ \t]{1,8}(Field required|Input should be[^\n]{0,120})", re.MULTILINE)
# Python 3.13 names the file that shadows a module: "(consider renaming '/app/random.py' since ...)"
_SHADOWED = re.compile(r"consider renaming '([^'\n]{1,300})'")
_BROWSER_GLOBAL = re.compile(r"(window|document|navigator|localStorage|sessionStorage|HTMLElement) is not defined")
_COMMON_IMPORTS = {"np": "import numpy as np", "pd": "import pandas as pd", "plt": "import matplotlib.pyplot as plt"}


def _syntax(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    msg, g, action = finding.message, finding.groups, ctx.action
    if finding.rule == Rule.SHELL_RAN_CODE:
        code = clip(finding.evidence[0], 80, ellipsis=True)
        return (f"The shell executed text that is code or a heredoc line ({code}).",
                "Run code with its interpreter (python FILE or python - <<'EOF' ... EOF) and check the heredoc: the "
                "closing delimiter must be alone on its line.")
    if finding.rule in (Rule.BASH_SYNTAX, Rule.BASH_EOF):
        return shell_parse(finding, action, ctx.envelope.body)
    if finding.rule == Rule.HEREDOC_OPEN:
        return ("A heredoc was never closed, so the shell read to the end of the input.",
                f"Put the closing `{g.get('token', 'EOF')}` alone on its own line, with no leading spaces or "
                "trailing characters.")
    if finding.rule == Rule.SED_EXPR:
        return (f"sed could not parse its expression: {g.get('detail', '')}.",
                "Escape the delimiter inside the pattern or pick another one (s|old|new|); for multi-line or "
                "quote-heavy edits use a Python script instead of sed.")
    if finding.rule == Rule.REGEX_SYNTAX:
        return ("The search pattern is not a valid regular expression.",
                "Escape ( [ { . * or search literally with grep -F / rg -F.")
    loc = next((e for e in finding.evidence if e.startswith("File ")), "")
    where = f" ({loc})" if loc else where_raised(ctx, finding)
    cause = f"The code does not parse{where}: {msg or clip(finding.evidence[-1], 220, ellipsis=True)}."
    if "f-string" in msg and "backslash" in msg:
        fix = "Python before 3.12 forbids backslashes inside f-string braces: compute the value into a variable first."
    elif "<string>" in loc and _ONE_LINER_BLOCK.search(action):
        fix = ("A compound statement (class/def/for/if/with) cannot follow `;` in a `python -c` one-liner: write the "
               "code to a file with a heredoc and run that file.")
    elif "expected an indented block" in msg:
        fix = "Give the block an indented body (or `pass`); view the lines around it to see what the edit removed."
    elif "unindent" in msg or "unexpected indent" in msg:
        fix = "Align the line's indentation with its block (spaces only, same width as the lines around it)."
    elif "prior to global declaration" in msg:
        fix = "Move the `global` statement to the top of the function, before any use of the name."
    elif re.search(r"unterminated|EOL while scanning|was never closed|unexpected EOF", msg):
        fix = "Close the string or bracket that the message points at; check how the shell quoted the code."
    elif wrong := wrong_interpreter(ctx.envelope.body, action):
        fix = wrong
    elif (finding.exception and finding.exception.name == "JSONDecodeError") or finding.rule == Rule.JSON_SYNTAX:
        fix = ("Emit valid JSON: double quotes only, no trailing commas, escaped newlines; validate with "
               "python -m json.tool.")
    else:
        fix = ("Fix the code at that line; if you edited the file by script or sed, print the lines around it to "
               "see what broke.")
    return cause, fix


def _undefined(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    msg, where = finding.message, where_raised(ctx, finding)
    shadow = _SHADOWED.search(msg)
    if shadow:
        return (f"The local file {shadow.group(1)} has the name of a module it meant to import and is imported "
                "instead of it.",
                f"Rename {shadow.group(1)} (and delete its __pycache__), then run again.")
    browser = _BROWSER_GLOBAL.match(msg)
    if browser:
        return (f"`{browser.group(1)}` exists only in a browser, and this code ran on the server or in Node "
                "(server-side rendering, a test without a DOM, a script).",
                "Run that code only in the browser: import the module on the client only (a dynamic import with "
                "server rendering off), or guard it with typeof window !== 'undefined'; for tests, use a DOM "
                "environment (jsdom).")
    name = _NAME.search(msg)
    if name:
        n = next(x for x in name.groups() if x)
        if "local variable" in msg:
            return (f"`{n}` is used before it is assigned{where}.",
                    f"Assign `{n}` on every path before that line, or declare it global/nonlocal.")
        hint = _COMMON_IMPORTS.get(n, f"import {n}" if is_stdlib(n) or is_known_distribution(n) else "")
        return (f"The name `{n}` is not defined{where}.",
                f"Define or import `{n}` before that line (check the spelling{f'; maybe `{hint}`' if hint else ''}).")
    attr = ATTRIBUTE.search(msg)
    if attr:
        a = attr.group("attr")
        if attr.group("mock"):
            return (f"The mock has no attribute `{a}`: the code under test reads it{where}.",
                    f"Set it on the mock (mock.{a} = ...) or build the mock with spec= of the real object.")
        if attr.group("type") == "NoneType":
            return (f"A value is None where an object with `.{a}` was expected{where}.",
                    "Find the call that returned None (a failed lookup, a function without return) and handle it.")
        if attr.group("module"):
            m = attr.group("module")
            extra = " (circular import)" if "partially initialized" in msg else ""
            names = shell_quote(f"import {m}; print([n for n in dir({m}) if {a[:6].lower()!r} in n.lower()])")
            origin = shell_quote(f"import {m}; print({m}.__file__)")
            return (f"Module `{m}` has no attribute `{a}`{extra}{where}.",
                    f"Check the name: python -c {names}; and that no local file shadows it: python -c {origin}.")
        owner = attr.group("type") or attr.group("cls")
        pattern = shell_quote("def " + a + "\\|" + a + " =")
        return (f"`{owner}` has no attribute `{a}`{where}.",
                f"Look up the real name: grep -rn {pattern} in the class's source, or print(dir(obj)); "
                "fix the spelling or the object's type.")
    imp = IMPORT_NAME.search(msg)
    if imp:
        path = imp.group("path") or imp.group("module").replace(".", "/")
        circular = " It may be a circular import." if "circular" in msg else ""
        defined = imp.group("name")
        pattern = shell_quote("def " + defined + "\\|class " + defined)
        return (f"`{imp.group('module')}` defines no `{imp.group('name')}`.{circular}",
                f"Find where it is defined: grep -rn {pattern} . "
                f"--include=*.py | head; check {shell_quote(path)} for the current name.")
    if finding.rule == Rule.PYTEST_FIXTURE:
        return (f"pytest fixture `{finding.groups.get('name')}` does not exist.",
                "Use a fixture listed under 'available fixtures' or define it in conftest.py.")
    if finding.rule == Rule.PYTEST_NO_NAME:
        return ("The test id names a test that does not exist.",
                "List the real ids with pytest PATH --collect-only -q and use one of them.")
    # (a re-raised driver error keeps SQLAlchemy's "(driver.Class) " in front; a message may end on its colon)
    bare = re.sub(r"^\((?:\w{1,40}\.){1,6}\w{1,60}\) ", "", msg).rstrip(" :")
    return (f"A name does not exist: {clip(bare, 160, ellipsis=True)}{where}.",
            "Check the spelling and where the name is defined (grep -rn NAME .), then fix the reference.")


def _arguments(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    msg, g, where = finding.message, finding.groups, where_raised(ctx, finding)
    call = _CALL.search(msg) or _CALL.search(finding.evidence[0] if finding.evidence else "")
    if call:
        func = call.group("func")
        sig = (f"grep -rn {shell_quote('def ' + func.split('.')[-1] + '(')} . --include=*.py, or "
               f"inspect.signature({func}) in Python")
        if call.group("kwarg"):
            return (f"`{func}()` has no parameter `{call.group('kwarg')}`{where}.",
                    f"Drop or rename it; read the real parameters: {sig}")
        if call.group("missing"):
            return (f"`{func}()` was called without required argument(s) {call.group('missing')}{where}.",
                    f"Pass {call.group('missing')}; see the signature: {sig}")
        if call.group("given"):
            return (f"`{func}()` takes {call.group('takes')} positional argument(s) but got "
                    f"{call.group('given')}{where} (self counts as one).",
                    f"Pass the extra values by keyword or drop them; see the signature: {sig}")
        return (f"`{func}()` expects {call.group('want')} but got {call.group('got')}{where}.",
                "Convert the value before the call (e.g. .decode()/.encode(), str(), int()).")
    if finding.rule.startswith("cli_"):
        return cli_usage(finding, ctx)
    if finding.rule == Rule.PYTHON_M_PACKAGE:
        module = g.get("module", "")
        listing = shell_quote(
            f"import {module}, pkgutil; print([m.name for m in pkgutil.iter_modules({module}.__path__)])")
        return (f"`python -m {module}` names a package without a __main__ module, so it cannot be run.",
                f"Run a module that is executable (e.g. python -m pytest, python -m unittest) or the project's own "
                f"test runner; list {module}'s submodules with: python -c {listing}.")
    if finding.rule == Rule.UNKNOWN_TOOL:
        name = g.get("name") or g.get("name2", "")
        return (f"`{name}` is not a tool of this environment.",
                "Call one of the tools in your tool list, spelled exactly.")
    if finding.rule == Rule.SCHEMA_VALIDATION:
        fields = _SCHEMA_FIELD.findall(ctx.envelope.body)
        if fields:
            problems = "; ".join(f"`{name}`: {what}" for name, what in fields[:4])
            return (f"The call's arguments do not match the tool's schema: {problems}.",
                    "Send every required field with the type the schema asks for, then call again.")
    if finding.rule == Rule.MISSING_KEY:
        return (f"The call lacks the key `{g.get('key')}` that the tool reads.",
                f"Add `{g.get('key')}` to the arguments (check nested entries too), as the tool's schema describes.")
    return (f"The call's arguments were rejected{where}: {clip(msg, 200, ellipsis=True)}.",
            "Read the expected parameters (the signature, --help or the tool schema) and call again with valid ones.")


BUILDERS = {
    "syntax_error": _syntax, "undefined_name": _undefined, "missing_dependency": explain_missing,
    "file_not_found": explain_missing_path, "invalid_arguments": _arguments, "runtime_error": explain_runtime,
    "test_failure": explain_test_failure, **ADVICE,
}


# Signatures whose own advice is about fixing the code at the failing line.
_ABOUT_OWN_CODE = frozenset({Rule.NULL_DEREF, Rule.PANIC})
_NAMES_AND_CALLS = frozenset({"syntax_error", "undefined_name", "invalid_arguments"})


def explain(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    """(root_cause, fix) for a classified error: a version mismatch the text shows, else the advice the
    finding already carries, else the deciding signature's own, else its category's."""
    if finding.category in _NAMES_AND_CALLS:
        skew = version_skew(finding, ctx)
        if skew is not None:
            return skew
    line = finding.evidence[0] if finding.evidence else ""
    if finding.category in ("precondition_failed", "runtime_error") and is_migration_drift(
            line, f"{ctx.action}\n{ctx.envelope.body}"):
        return f"The database already has what this creates: {clip(line, 160, ellipsis=True)}.", MIGRATION_DRIFT
    # (a cue's advice for a limit or a refusal is a menu; the builder reads which one the line names)
    if finding.fix and not (finding.rule.startswith("cue:") and finding.category in ("resource_limit",
                                                                                       "permission_denied")):
        return finding.root_cause, finding.fix
    if finding.rule in _ABOUT_OWN_CODE:
        origin = raised_in_library(ctx.envelope.body)
        if origin is not None:
            return in_library(finding, origin)
        if finding.rule == Rule.NULL_DEREF and not LOCATED.search(ctx.envelope.body):
            return location_first(f"A value was null/nil/undefined where the code used it as an object: "
                                  f"{clip(finding.message, 160, ellipsis=True)}",
                                  "handle the empty value where it comes from")
    advice = ADVICE_BY_RULE.get(finding.rule)
    if advice is not None:
        groups = _Groups(finding.groups)
        return advice[0].format_map(groups), advice[1].format_map(groups)
    return BUILDERS[finding.category](finding, ctx)


class _Groups(dict[str, str]):
    """A match's named groups for advice templates: an absent group reads as empty, `x_q` is group x
    shell-quoted, for use inside a suggested command, and `x_named` is ` (`x`)` for naming it in prose.
    Both are empty too when x is absent: templates join the alternatives' groups, `{path_q}{path2_q}`,
    and only one of them matched."""

    def __missing__(self, key: str) -> str:
        if key.endswith("_q"):
            value = self.get(key[:-2], "")
            return shell_quote(value) if value else ""
        if key.endswith("_named"):
            value = self.get(key[:-6], "")
            return f" (`{value}`)" if value else ""
        return ""

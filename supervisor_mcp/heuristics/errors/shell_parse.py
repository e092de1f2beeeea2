"""Advice for code the shell could not parse, and for code read by the wrong interpreter: an inline command, a
script file, another language's file, bash syntax under dash, Python 3 syntax under Python 2."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import Finding
from supervisor_mcp.heuristics.observation.shell import commands, shell_quote

# dash's parse errors ("install.sh: 14: Syntax error: "(" unexpected"): bash syntax read by /bin/sh.
_DASH = re.compile(r"^\S{1,200}: \d{1,6}: (?:Syntax error: |\[: \S{1,40}: unexpected operator)", re.MULTILINE)
# A traceback through Python 2's own library: the interpreter is older than the code.
_PYTHON2 = re.compile(r"/python2\.\d/|\\Python2\d\\")
# Syntax only Python 3 has, in the quoted line: f-strings, ** unpacking in a call, async/await, annotations, :=.
_PY3_ONLY = re.compile(r"\bf[\"']|\*\*\w|\basync\b|\bawait\b|\) ->|:=|\bnonlocal\b|\bend=")


def wrong_interpreter(body: str, action: str) -> str:
    """Advice when an older or plainer interpreter read the code: bash syntax under sh, Python 3 under 2."""
    if _DASH.search(body) and _runs_sh(action):
        return ("The script uses bash syntax but ran under sh (dash on Debian and Ubuntu): run it with bash (bash "
                "SCRIPT, or pipe it to bash instead of sh), or give it a #!/bin/bash line and run it directly.")
    if _PYTHON2.search(body) and _PY3_ONLY.search(body):
        return ("Python 2 ran this code, and the syntax is Python 3's: run it with python3 (or the project's "
                "virtualenv built on Python 3), not python2.7.")
    return ""


def shell_parse(finding: Finding, action: str, body: str) -> tuple[str, str]:
    """A bash parse error: in an inline command, in a script file, or in another language's file the shell ran."""
    g = finding.groups
    if "$'\\r'" in body or "\r:" in body:
        return ("The script has Windows line endings: bash reads each carriage return as part of the line.",
                "Convert it (dos2unix FILE, or sed -i 's/\\r$//' FILE) and run it again.")
    token = g.get("token", "")
    near = f" near `{token}`" if token else ""
    if re.search(r"'[^'\n]*\\'", action):
        return (f"bash could not parse the command{near}: inside '...' a quote cannot be escaped, so "
                "`\\'` ended the quoted string early.",
                "Write the text to a file with a quoted heredoc (cat > /tmp/edit.py <<'EOF' ... EOF) and run it, "
                "or quote with \"...\" / $'...'. For multi-line file edits prefer a small Python script.")
    script = _SCRIPT_LINE.match(finding.evidence[0] if finding.evidence else "")
    if script and script.group("ext"):
        return (f"{script.group('file')} is not a shell script, but the shell ran it (it has no #! line for its "
                "language).",
                f"Run it with its own tool (go run, python, node, ruby ... {shell_quote(script.group('file'))}), "
                "or give it the right #! line.")
    if script:
        return (f"The script {script.group('file')} does not parse at line {script.group('line')}{near}.",
                f"Look above that line for an unclosed if/fi, do/done, case/esac, brace or quote (bash -n "
                f"{shell_quote(script.group('file'))} names the first); if the file was downloaded or generated, "
                "check that it is complete.")
    return (f"bash could not parse the command{near} (unbalanced quotes, parentheses or a stray character).",
            "Check that every quote and bracket is closed; put long or multi-line code in a file via a quoted "
            "heredoc (<<'EOF') instead of inline quoting.")


# A parse error bash reports inside a script file ("./install.sh: line 12: ..."), not in a -c command; `ext` is
# set when the file is another language's source.
_SCRIPT_LINE = re.compile(
    r"^(?!(?:\S{0,200}/)?(?:-?(?:ba|da|z|k)?sh|environment)?:)(?P<file>(?!-c\b)[^\s:]{1,200}?(?P<ext>\.(?:go|py|js|ts|rb|php|pl|c|cc|cpp|java|rs))?)"
    r": line (?P<line>\d{1,7}): ")


def _runs_sh(action: str) -> bool:
    """Whether any stage of the command is sh or dash: `sh x.sh`, `sudo sh x.sh`, `curl ... | sh`."""
    return any(command.name in ("sh", "dash") for command in commands(action))

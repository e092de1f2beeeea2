"""Root cause and fix for a command that rejected its arguments: which program did (the one whose usage is
printed, which a wrapper may have run), how to read its help, and whether the install may be older than the
documentation the agent followed."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.shell import Command

_USAGE = re.compile(r"^(?:usage|Usage): [^\n]{1,300}$", re.MULTILINE)
_USAGE_PROGRAM = re.compile(r"^(?:usage|Usage): ([\w.-]{1,60})(?= )")
_UNKNOWN_OPTION = re.compile(r"(?:unknown|unrecognized|unrecognised|invalid) option|no such option|invalid choice",
                             re.IGNORECASE)
# BSD tools (macOS) print every flag in one bracket and say "illegal option": GNU's options differ.
_BSD = re.compile(r"^usage: [\w.-]{1,40} \[-[A-Za-z0-9]{3,}|\billegal option\b", re.MULTILINE)
_PLUGIN_FLAGS = {
    "-n": "pytest-xdist", "--numprocesses": "pytest-xdist", "--cov": "pytest-cov", "--timeout": "pytest-timeout",
}
_PYTHON = re.compile(r"(?:^|[\\/])python[\d.]*(?:\.exe)?$")
_LOCAL = re.compile(r"[\\/]|\.(?:sh|py|rb|pl|js|ps1)$")


def _python_invocation(command: Command | None) -> str:
    """`python -m http.server` or `python scripts/train.py`: how the command ran what argparse names."""
    if command is None or not command.argv or not _PYTHON.search(command.argv[0]):
        return ""
    words = list(command.argv)
    for i, word in enumerate(words[1:], start=1):
        if word == "-m" and i + 1 < len(words):
            return " ".join(words[: i + 2])
        if word.endswith(".py"):
            return " ".join(words[: i + 1])
    return ""


def cli_usage(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    """(root_cause, fix) for a usage error: the program whose usage is printed, and how to call it."""
    body, action = ctx.envelope.body, ctx.action
    usage = _USAGE.search(body)
    arg = (finding.groups.get("arg") or finding.groups.get("arg2") or "").strip().strip("`'‘’\"")
    line = finding.evidence[0] if finding.evidence else ""
    name = ctx.command.name if ctx.command else ""
    program = _USAGE_PROGRAM.match(usage.group(0)) if usage else None
    inner = program.group(1) if program and program.group(1) not in (name, "") else ""
    invocation = _python_invocation(ctx.command)
    if invocation and (inner.endswith(".py") or not inner):
        # argparse names the script (or __main__.py) it parses for: the python command itself
        who, help_of, name = f"`{invocation}`", f"`{invocation} --help`", ""
    elif inner and name and re.search(rf"(?:^|[\s|;&]){re.escape(inner)}\b", action[: max(action.find(name), 0)]):
        # a prefix command (sudo, xargs, timeout, env) rejected its own options before running the program
        who, help_of, name = f"`{inner}`", f"`{inner} --help`", inner
    elif inner:
        # a wrapper (a build script, a CLI that shells out) passes on the usage of the program it ran
        who, help_of = (f"`{inner}` (run by `{name}`)" if name else f"`{inner}`"), f"`{inner} --help`"
        name = inner
    else:
        who = f"`{name}`" if name else "The command"
        help_of = f"`{name} --help`" if name else "the command's --help"
    if name.startswith("__"):
        help_of = "the command's --help"
    elif name.endswith(".py") and not invocation:
        help_of = f"`python {name} --help`"  # (argparse's name for a script run some other way)
    shown = f" (`{clip(arg, 60, ellipsis=True)}`)" if arg else ""
    cause = f"{who} rejected its arguments{shown}: {clip(line, 160, ellipsis=True)}."
    plugin = next((p for flag, p in _PLUGIN_FLAGS.items() if arg.split()[:1] == [flag]), "")
    if plugin:
        return cause, (f"`{arg.split()[0]}` comes from the {plugin} plugin, which is not installed: drop the flag "
                       f"or pip install {plugin}.")
    fix = f"Valid usage: {clip(usage.group(0), 200, ellipsis=True)}. " if usage else ""
    fix += f"Check {help_of} and call again with only supported options."
    if _BSD.search(body):
        fix += (f" This is the BSD {name or 'tool'} (macOS), whose options differ from GNU's: use an option both "
                "have, or install the GNU one (brew install coreutils, grep or gnu-sed; it is then g-prefixed).")
    elif name and not _LOCAL.search(name) and _UNKNOWN_OPTION.search(line):
        fix += (f" If the documentation you followed lists this option, the installed {name} is older than that "
                f"documentation: compare {name} --version with it, or upgrade.")
    return cause, fix

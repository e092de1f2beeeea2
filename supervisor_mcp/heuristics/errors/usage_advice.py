"""Root cause and fix for a command that rejected its arguments: which program did (the one whose usage is
printed, which a wrapper may have run), how to read its help, and whether the install may be older than the
documentation the agent followed."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.shell import Command, words

_USAGE = re.compile(r"^(?:usage|Usage): [^\n]{1,300}$", re.MULTILINE)
_USAGE_PROGRAM = re.compile(r"^(?:usage|Usage): ([\w.-]{1,60})(?= )")
_UNKNOWN_OPTION = re.compile(r"(?:unknown|unrecognized|unrecognised|invalid) option|no such option|invalid choice",
                             re.IGNORECASE)
# The BSD builds of these tools (macOS) print every flag in one bracket and say "illegal option"; each has a GNU
# twin (coreutils, grep, gnu-sed, findutils) whose options differ. Other tools print that shape everywhere.
_GNU_TWINS = frozenset({"grep", "egrep", "sed", "find", "xargs", "date", "stat", "ls", "cp", "mv", "cut", "tr",
                        "head", "tail", "sort", "readlink", "du", "df", "touch", "mktemp", "base64", "wc", "split"})
_BSD_USAGE = re.compile(r"^usage: ([\w.-]{1,40}) \[-[A-Za-z0-9]{3,}", re.MULTILINE)
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


def _runs(invocation: str, program: str) -> bool:
    """Whether argparse's program name is what the invocation ran: its script, its module, or __main__.py."""
    last = invocation.split()[-1]
    return program == "__main__.py" or program in (last.replace("\\", "/").rsplit("/", 1)[-1],
                                                    last.rsplit(".", 1)[-1] + ".py")


def _prefix_words(command: Command | None) -> set[str]:
    """The words of the stage before its program (sudo, xargs -0, timeout 30): commands that ran it."""
    if command is None or not command.argv:
        return set()
    stage = words(command.text)
    return {w.rsplit("/", 1)[-1] for w in stage[: len(stage) - len(command.argv)]}


def cli_usage(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    """(root_cause, fix) for a usage error: the program whose usage is printed, and how to call it."""
    body = ctx.envelope.body
    usage = _USAGE.search(body)
    arg = (finding.groups.get("arg") or finding.groups.get("arg2") or "").strip().strip("`'‘’\"")
    line = finding.evidence[0] if finding.evidence else ""
    name = ctx.command.name if ctx.command else ""
    program = _USAGE_PROGRAM.match(usage.group(0)) if usage else None
    inner = program.group(1) if program and program.group(1) not in (name, "") else ""
    invocation = _python_invocation(ctx.command)
    if invocation and (not inner or _runs(invocation, inner)):
        # argparse names the script (or __main__.py) it parses for: the python command itself
        who, help_of, name = f"`{invocation}`", f"`{invocation} --help`", ""
    elif inner and name and inner in _prefix_words(ctx.command):
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
    bsd = _BSD_USAGE.search(body)
    if (bsd and bsd.group(1) in _GNU_TWINS) or (name in _GNU_TWINS and "illegal option" in line):
        fix += (f" This is the BSD {name or 'tool'} (macOS), whose options differ from GNU's: use an option both "
                "have, or install the GNU one (brew install coreutils, grep or gnu-sed; it is then g-prefixed).")
    elif name and not _LOCAL.search(name) and _UNKNOWN_OPTION.search(line):
        fix += (f" If the documentation you followed lists this option, the installed {name} is older than that "
                f"documentation: compare {name} --version with it, or upgrade.")
    return cause, fix

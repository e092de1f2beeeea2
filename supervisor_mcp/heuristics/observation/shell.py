"""Shell commands: the one parser of `&&` chains, pipelines, heredocs, words and programs.

A command line is split, outside quotes, into segments (`&&`, `||`, `;`, newline) of pipeline
stages (`|`); heredoc bodies are file contents, not commands, and are removed first. The first real
program of a line (after `cd x &&`, `export`, env assignments, `sudo`, `timeout 30`...) says what
the agent ran; the last simple command is the one whose exit status the shell reports.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from supervisor_mcp.heuristics.memo import MB, bounded_cache

_HEREDOC_HEAD = re.compile(r"<<-?\s*(['\"]?)(\w+)\1")
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_WORD = re.compile(r"'([^']*)'|\"((?:\\.|[^\"\\])*)\"|(\S+)")
# Commands that run another command: the program is what they run.
WRAPPERS = frozenset({"sudo", "time", "timeout", "nice", "env", "nohup", "stdbuf", "exec", "xargs"})
# Builtins that set up the shell rather than do the work (`cd repo && pytest`).
SETUP = frozenset({"cd", "export", "source", ".", "set", "pushd", "popd", "unset", "ulimit"})


@dataclass(frozen=True)
class Command:
    """One simple command (a pipeline stage)."""

    text: str  # as written
    name: str  # its program, wrappers removed ("grep", "git-diff", "pip-install", "pytest" for python -m pytest)
    argv: tuple[str, ...]  # its words from the program on
    whole: str  # the whole command line it came from


@dataclass(frozen=True)
class Script:
    """A command line: segments (`&&`, `;`, newline) of pipeline stages (`|`), heredoc bodies removed."""

    text: str
    segments: tuple[tuple[str, ...], ...]

    @property
    def stages(self) -> list[str]:
        return [stage for segment in self.segments for stage in segment]


def words(text: str) -> list[str]:
    """Shell-like words with quotes removed; tolerant of bad quoting (shlex is ten times slower and
    raises on it)."""
    if "'" not in text and '"' not in text:
        return text.split()
    return [m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None else m.group(3)
            for m in _WORD.finditer(text)]


def strip_heredocs(command: str) -> str:
    """The command without heredoc bodies."""
    if "<<" not in command:
        return command
    out: list[str] = []
    pos = 0
    while (match := _HEREDOC_HEAD.search(command, pos)) is not None:
        line_end = command.find("\n", match.end())
        if line_end < 0:
            break
        out.append(command[pos:line_end])
        close = re.compile(rf"^[ \t]*{match.group(2)}[ \t]*$", re.M).search(command, line_end + 1)
        pos = close.end() if close else len(command)
    out.append(command[pos:])
    return "".join(out)


def _split(text: str) -> list[list[str]]:
    """Segments of stages, split outside quotes; `2>&1` and a background `&` are not separators."""
    segments: list[list[str]] = [[]]
    quote, start, i, n = "", 0, 0, len(text)

    def cut(end: int) -> None:
        piece = text[start:end].strip()
        if piece:
            segments[-1].append(piece)

    while i < n:
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = ""
        elif ch == "\\":
            i += 1
        elif ch in "'\"":
            quote = ch
        elif ch in "|;\n&":
            pair = text[i : i + 2]
            if ch == "&" and pair != "&&":
                i += 1
                continue
            cut(i)
            if ch == "|" and pair != "||":
                i += 1  # a pipe: next stage of the same segment
            else:
                if segments[-1]:
                    segments.append([])
                i += 2 if pair in ("||", "&&") else 1
            start = i
            continue
        i += 1
    cut(n)
    return [segment for segment in segments if segment]


def shell_quote(text: str) -> str:
    """`text` as one shell word. Paths, names and patterns copied from agent data into a suggested
    command go through here, so a hostile file name can never run as a command."""
    return shlex.quote(text)


@bounded_cache(8 * MB)
def parse(command: str) -> Script:
    body = strip_heredocs(command)
    return Script(command, tuple(tuple(segment) for segment in _split(body)))


def _name(argv: list[str]) -> str:
    name = argv[0].rsplit("/", 1)[-1]
    if name == "git" and len(argv) > 1:
        return f"git-{argv[1]}"
    if name in ("pip", "pip3") and len(argv) > 1:
        return f"{name}-{argv[1]}"
    if name == "command" and len(argv) > 1:
        return f"command{argv[1]}"
    if name.startswith("python") and len(argv) > 2 and argv[1] == "-m":
        return argv[2]
    return name


def _program_words(stage: str) -> list[str]:
    argv = words(stage)
    # Wrappers' own options and numbers (`timeout 30`, `nice -n 5`) go with them.
    while argv and (_ASSIGNMENT.match(argv[0]) or argv[0] in WRAPPERS or argv[0].startswith("-")
                    or argv[0].replace(".", "").isdigit()):
        argv = argv[1:]
    return argv


def simple_command(stage: str, whole: str = "") -> Command | None:
    argv = _program_words(stage)
    return Command(stage, _name(argv), tuple(argv), whole or stage) if argv else None


def last_command(command: str) -> Command | None:
    """The simple command whose status the shell reports: the last stage of the last segment."""
    if not command.strip():
        return None
    stages = parse(command[-4000:]).stages
    return simple_command(stages[-1], command) if stages else None


def commands(command: str) -> list[Command]:
    """Every simple command of a command line, in order: `curl -sL URL | sh` -> curl, sh."""
    found = (simple_command(stage, command) for stage in parse(command[:4000]).stages)
    return [c for c in found if c is not None]


def first_command(command: str) -> Command | None:
    """The first simple command that does the work: `cd repo && timeout 60 pytest -x` -> pytest."""
    return next((c for c in commands(command) if c.argv[0] not in SETUP), None)


def program(command: str) -> str:
    """The first real program's basename ("" for no command)."""
    found = first_command(command)
    return found.argv[0].rsplit("/", 1)[-1] if found else ""


_CAT = re.compile(r"^\s*(?:cat|head(?:\s+-n\s*\d+|\s+-\d+)?)\s+[^\s|;&<>]+\s*$")
_SED_RANGE = re.compile(r"^\s*sed\s+-n\s+['\"]?(\d+)\s*,\s*(?:\d+|\$)\s*p['\"]?\s+[^\s|;&<>]+\s*$")


def view_start(command: str) -> int | None:
    """The file line number a command's output starts at, when it prints one file from a known line
    (`cat f`, `head f`, `sed -n 'A,Bp' f`); None otherwise."""
    m = _SED_RANGE.match(command)
    return int(m.group(1)) if m else 1 if _CAT.match(command) else None

"""Normalise one trace step into the facts the loop detectors compare: its shape.

A shape says what kind of action the step was (a ranged view of a file, a search, an edit, a run,
a poll), which document and line range it read, what it wrote, and a key of its result that
ignores volatile noise (addresses, durations, timestamps), so "the result did not change" can be
tested cheaply. Shapes are memoised: the orchestrator re-sends the whole trace on every call.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal

from supervisor_mcp.models import Step

Kind = Literal["view", "search", "edit", "run", "poll", "other"]

_SHELL_TOOLS = {
    "bash", "shell", "sh", "zsh", "terminal", "execute_bash", "run_shell_command", "run_command",
    "execute_command", "cmd", "exec", "run", "command", "ipython", "python", "jupyter",
}
_COMMAND_KEYS = ("command", "cmd", "code", "script", "input")
_EDIT_TOOL = re.compile(r"edit|write|replace|create|insert|patch|append|save|delete_file|move_file", re.I)
_POLL_TOOL = re.compile(r"status|poll|wait|sleep|progress|heartbeat|list_workers|collect_results", re.I)
_VIEW_VERBS = {"view", "read", "open", "show", "cat"}
_EDIT_VERBS = {"create", "str_replace", "insert", "undo_edit", "write", "edit", "replace", "append"}
_OFFSET_KEYS = ("offset", "start", "start_line", "line", "from", "skip", "page", "page_number",
                "cursor", "line_start", "begin")
_TARGET_KEYS = ("path", "file", "file_path", "filename", "url", "uri", "doc", "document", "id",
                "document_id", "source", "query")
_SCROLL = re.compile(r"\b(scroll_?down|page_?down|scroll_?up|page_?up|scroll)\b", re.I)

_HEREDOC = re.compile(r"(<<-?\s*(['\"]?)(\w+)\2[^\n]*)\n.*?\n[ \t]*\3[ \t]*(?=\n|$)", re.S)
_SEGMENT_SPLIT = re.compile(r"&&|\|\||;|\n")
_SED_RANGE = re.compile(r"(\d+)\s*,\s*(\$|\d+)\s*p")
_AWK_NR = re.compile(r"NR\s*>=?\s*(\d+)\s*&&\s*NR\s*<=?\s*(\d+)")
_AWK_NR_RANGE = re.compile(r"NR\s*==\s*(\d+)\s*,\s*NR\s*==\s*(\d+)")
_REDIRECT = re.compile(r"(?<![0-9&])>>?\s*([^\s;&|<>]+)")
_FILEISH = re.compile(r"^[\w./~+-]*\.[A-Za-z0-9]{1,8}$|^[\w.~+-]*/[\w./+-]+$")
_WRITES_IN_CODE = re.compile(r"\.write(?:_text|lines)?\(|open\([^)]*['\"][wa]\+?['\"]")
_FIX_SCRIPT = re.compile(r"(?:^|[\s/])(fix|patch|apply|modify|update|edit|change|replace|rewrite)[\w-]*\.py\b", re.I)
_POLL_COMMANDS = {"sleep", "wait", "jobs", "ps", "top", "uptime", "true", ":"}
_SEARCH_COMMANDS = {"grep", "egrep", "rg", "ag", "ack", "find", "fd", "ls", "tree", "locate", "git-grep"}
_RUN_HINT = re.compile(r"\b(pytest|py\.test|tox|nox|unittest|runtests|bin/test|make|npm|yarn|cargo|go|"
                       r"mvn|gradle|python\d?(\.\d+)?|node|ruby|java|sphinx-build|bash|sh)\b")

_VOLATILE = re.compile(
    r"0x[0-9a-fA-F]+|\b\d+(\.\d+)?\s*(ms|s|sec|secs|seconds|µs|us)\b|\d{4}-\d\d-\d\d[T ][\d:.]+"
    r"|\b\d\d:\d\d:\d\d(\.\d+)?\b|\bpid[ =:]\s*\d+|/tmp/[\w.-]+",
    re.I,
)
_OVERFLOW = re.compile(
    r"output of your last command was too long|response clipped|observation truncated|output truncated"
    r"|elided_chars|output (is|was) too long|too many results|narrow your search|truncated due to length"
    r"|exceeds? the maximum (output|length)",
    re.I,
)
_TRANSIENT = re.compile(
    r"\b(429|500|502|503|504)\b[^\n]{0,40}(error|too many|unavailable|gateway|server|status)"
    r"|(status|http|error|code)[^\n]{0,20}\b(429|500|502|503|504)\b"
    r"|rate.?limit|too many requests|timed? ?out|timeout|temporarily unavailable|service unavailable"
    r"|connection (reset|refused|aborted)|econnreset|etimedout|overloaded|try again later|bad gateway",
    re.I,
)
_ERROR_LINE = re.compile(
    r"^\s*(?:E\s+)?([\w.]*(?:Error|Exception|Exit|Failure|Interrupt)\b[^\n]*"
    r"|(?:error|fatal|failed|failure)\b\s*:?[^\n]*|FAILED [^\n]*)$",
    re.I | re.M,
)
# Output limiters: a command using one already follows an output-too-long warning's advice.
_NARROWED = re.compile(
    r"\|\s*(head|tail|grep|egrep|rg|wc|cut|uniq|less|more)\b|\s-k\s|\s-m\s*\d|--max-count|--maxdepth|-maxdepth"
    r"|\s-[lcq]\b|(?<![0-9&<])>\s*[\w./-]+\s*(2>&1)?\s*$|\s-x\b|--tb=\w+",
)
_ERROR_HEAD = re.compile(r"^\s*(error|exception|traceback|fatal)\b", re.I)
# The framework refused the agent's message itself (bad format, unknown tool): nothing ran.
_REJECTED = re.compile(
    r"provide exactly one action|format your (action|response|tool call)|unknown tool|not a valid tool"
    r"|no tool (call|named)|tool \S+ (does not exist|not found)|missing required (argument|parameter)"
    r"|(invalid|malformed|unparsable|could not parse|failed to parse)\W+(\w+\W+){0,3}"
    r"(action|tool call|function call|arguments|json|response)"
    r"|your (last )?(response|output|message) (was|is) not (formatted|valid)",
    re.I,
)
_WRAPPER = re.compile(r"<returncode>\s*-?\d+\s*</returncode>|</?(output|output_head|output_tail|elided_chars|warning)>")
_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True, slots=True)
class Shape:
    kind: Kind
    action: str  # the normalised action: equal actions are equal strings
    program: str  # the first word of the command or the tool name, for evidence and exemptions
    target: str = ""  # the document a view or scroll reads
    start: int = 0  # first line/offset read (views); 0 when unknown
    end: int = 0  # last line read; 0 when unknown or open-ended
    scroll: bool = False  # a browser-style page/scroll step without explicit offsets
    writes: tuple[str, ...] = ()  # files an edit step writes
    result_key: int = 0
    error: bool = False
    error_sig: str = ""
    transient: bool = False
    overflow: bool = False
    narrowed: bool = False  # the command limits its own output (a filter, a short range, -k, > file)
    rejected: bool = False  # the framework refused the action (format, unknown tool); nothing ran
    shell: bool = False  # a shell command (an agent that can change files)


def shape_of(step: Step) -> Shape:
    return _shape(step.tool, step.args, step.result, step.error)


@lru_cache(maxsize=8192)
def _shape(tool: str, args: str, result: str, error: bool) -> Shape:
    tool_l = tool.strip().lower()
    parsed = _json_args(args)
    command = _command_text(tool_l, args, parsed)
    result_head = result[:600]
    rejected = bool(_REJECTED.search(result_head)) and len(result) < 3000
    is_error = error or rejected or bool(_ERROR_HEAD.match(result_head))
    facts: dict[str, Any] = {
        "result_key": hash(_VOLATILE.sub("#", result)),
        "error": is_error,
        "error_sig": _error_signature(result, rejected) if is_error else "",
        "rejected": rejected,
        "transient": is_error and bool(_TRANSIENT.search(result_head + result[-400:])),
        "overflow": bool(_OVERFLOW.search(result_head) or _OVERFLOW.search(result[-300:])),
    }
    shape = _shell_shape(command, **facts) if command is not None else _tool_shape(tool_l, args, parsed, **facts)
    return replace(shape, kind="other", writes=()) if rejected else shape


def _json_args(args: str) -> dict[str, Any] | None:
    text = args.strip()
    if not text.startswith("{"):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _command_text(tool: str, args: str, parsed: dict[str, Any] | None) -> str | None:
    """The shell command of a shell-like step, or None for structured tool calls."""
    if parsed is not None:
        for key in _COMMAND_KEYS:
            value = parsed.get(key)
            if isinstance(value, str) and (tool in _SHELL_TOOLS or not tool or value.strip() not in _VIEW_VERBS | _EDIT_VERBS):
                if "path" in parsed and value.strip() in _VIEW_VERBS | _EDIT_VERBS:
                    return None  # a file-editor tool ({"command": "view", "path": ...}), not a shell
                return value
        return None
    if tool in _SHELL_TOOLS or not tool:
        return args
    return None


def _error_signature(result: str, rejected: bool) -> str:
    """The line that names the failure, with volatile parts masked; "" when the output is empty."""
    body = _WRAPPER.sub("", result)
    if rejected:
        text = next((ln for ln in body.splitlines() if ln.strip()), "")
    else:
        lines = _ERROR_LINE.findall(body[-1500:]) or _ERROR_LINE.findall(body[:1500])
        text = lines[-1] if lines else next((ln for ln in reversed(body.splitlines()) if ln.strip()), "")
    text = _VOLATILE.sub("#", text.strip())
    return _DIGITS.sub("#", text)[:160]


def _split_words(segment: str) -> list[str]:
    try:
        return shlex.split(segment, posix=True)
    except ValueError:
        return segment.split()


def _shell_shape(command: str, **facts: Any) -> Shape:
    body = _HEREDOC.sub(r"\1", command)  # heredoc bodies are file contents, not commands
    normal = " ".join(command.split())
    writes: list[str] = []
    view: tuple[str, int, int] | None = None
    kinds: list[Kind] = []
    if _WRITES_IN_CODE.search(command) and re.search(r"\bpython\d?\b.*(-c|<<|-\s)", command):
        kinds.append("edit")
    for segment in _SEGMENT_SPLIT.split(body):
        stages = [s for s in segment.split("|") if s.strip()]
        if not stages:
            continue
        first = _split_words(stages[0])
        if not first:
            continue
        program = first[0].rsplit("/", 1)[-1]
        if program in ("open", "goto", "scroll_down", "scroll_up"):
            view = _editor_view(program, first)  # SWE-agent's windowed file viewer
            kinds.append("view")
            continue
        kind, seg_writes = _segment_kind(program, first, segment)
        writes += seg_writes
        if kind == "view" or (kind == "other" and program in ("nl", "cat") and len(stages) > 1):
            seg_view = _view_of(stages)
            if seg_view is not None:
                view = seg_view
                kinds.append("view")
                continue
            if kind == "other":
                kind = "search"
        kinds.append(kind)
    kind = _dominant(kinds, bool(writes))
    program = _program(body)
    narrowed = bool(_NARROWED.search(body))
    if kind == "view" and view is not None:
        short = 0 < view[2] - view[1] < 200
        return Shape(kind, normal, program, target=view[0], start=view[1], end=view[2], narrowed=narrowed or short,
                     scroll=program.startswith("scroll"), writes=tuple(writes), shell=True, **facts)
    return Shape(kind, normal, program, writes=tuple(writes), shell=bool(program), narrowed=narrowed, **facts)


def _program(body: str) -> str:
    for segment in _SEGMENT_SPLIT.split(body):
        words = segment.split()
        if words and words[0] not in ("cd", "export", "source", "set"):
            return words[0].rsplit("/", 1)[-1]
    return ""


def _segment_kind(program: str, words: list[str], segment: str) -> tuple[Kind, list[str]]:
    writes = [t for t in _REDIRECT.findall(segment) if t not in ("/dev/null", "&1", "&2")]
    if program in ("sed", "perl") and any(w.startswith("-i") or w.startswith("-pi") for w in words[1:]):
        return "edit", [w for w in words[1:] if _FILEISH.match(w)][-1:]
    if program in ("tee", "patch", "truncate", "touch", "mv", "cp", "ed", "ex"):
        return "edit", [w for w in words[1:] if _FILEISH.match(w)][-1:]
    if program == "git" and len(words) > 1 and words[1] in ("apply", "checkout", "restore", "am", "stash", "revert"):
        return "edit", []
    if program in ("cat", "echo", "printf") and writes:
        return "edit", writes
    if _FIX_SCRIPT.search(segment) and re.match(r"python\d?(\.\d+)?$", program):
        return "edit", []
    if program in _POLL_COMMANDS or not segment.strip():
        return "poll", []
    if program in ("sed", "head", "tail", "awk", "cat", "nl", "less", "more", "bat", "open", "goto",
                   "scroll_down", "scroll_up"):
        return "view", []
    if program in _SEARCH_COMMANDS or (program == "git" and len(words) > 1 and words[1] in ("grep", "log", "show", "status", "diff")):
        return "search", []
    if _RUN_HINT.match(program) or "/" in words[0]:
        return "run", []
    return "other", []


def _view_of(stages: list[str]) -> tuple[str, int, int] | None:
    """(file, start, end) when a pipeline prints a line range of one file and nothing filters it."""
    words_by_stage = [_split_words(s) for s in stages]
    file = ""
    start = end = 0
    for words in words_by_stage:
        if not words:
            continue
        program = words[0].rsplit("/", 1)[-1]
        files = [w for w in words[1:] if _FILEISH.match(w) and not w.startswith("-")]
        if program in ("grep", "egrep", "rg", "wc", "sort", "uniq", "cut", "tr", "xargs", "python", "python3"):
            return None  # the range is filtered or transformed: a search, not a page of reading
        if files and not file:
            file = files[-1]
        text = " ".join(words[1:])
        if program == "sed" and "-n" in words:
            ranges = _SED_RANGE.findall(text)
            if not ranges:
                return None
            start, end = int(ranges[0][0]), (0 if ranges[-1][1] == "$" else int(ranges[-1][1]))
        elif program == "awk":
            match = _AWK_NR.search(text) or _AWK_NR_RANGE.search(text)
            if not match:
                return None
            start, end = int(match.group(1)), int(match.group(2))
        elif program == "head":
            count = _count_arg(words, 10)
            start, end = (start, start + count - 1) if start else (1, count)
        elif program == "tail":
            plus = next((w for w in words[1:] if w.startswith("+")), "")
            if not plus:
                return None  # "tail -n 20" reads the end, not a page
            start, end = int(plus[1:] or 1), 0
    if not file or not start:
        return None
    return file, start, end


def _editor_view(program: str, words: list[str]) -> tuple[str, int, int]:
    """A windowed viewer step; the target is "" when it continues the last opened file."""
    numbers = [int(w) for w in words[1:] if w.isdigit()]
    if program == "open":
        files = [w for w in words[1:] if not w.isdigit()]
        return (files[0] if files else "", numbers[0] if numbers else 1, 0)
    if program == "goto":
        return ("", numbers[0] if numbers else 0, 0)
    return ("", 0, 0)


def _count_arg(words: list[str], default: int) -> int:
    for i, word in enumerate(words[1:], 1):
        if word in ("-n", "--lines") and i + 1 < len(words) and words[i + 1].lstrip("+").isdigit():
            return int(words[i + 1].lstrip("+"))
        if re.fullmatch(r"-n?\d+", word):
            return int(word.lstrip("-n"))
    return default


def _dominant(kinds: list[Kind], wrote: bool) -> Kind:
    if wrote or "edit" in kinds:
        return "edit"
    for kind in ("run", "view", "search", "other"):
        if kind in kinds:
            return kind  # type: ignore[return-value]
    return "poll"


def _tool_shape(tool: str, args: str, parsed: dict[str, Any] | None, **facts: Any) -> Shape:
    params = parsed or {}
    verb = str(params.get("command") or params.get("action") or "").lower()
    action = f"{tool} {json.dumps(params, sort_keys=True) if parsed is not None else ' '.join(args.split())}"
    target = next((str(params[k]) for k in _TARGET_KEYS if k in params and params[k] not in (None, "")), "")
    if _EDIT_TOOL.search(tool) or verb in _EDIT_VERBS:
        return Shape("edit", action, tool, writes=(target,) if target else (), **facts)
    if _SCROLL.search(tool) or _SCROLL.search(verb):
        return Shape("view", action, tool, target=target or tool, scroll=True, **facts)
    if _POLL_TOOL.search(tool) or not (args.strip() or parsed):
        return Shape("poll", action, tool, **facts)
    view_range = params.get("view_range")
    if isinstance(view_range, list) and len(view_range) == 2 and all(isinstance(v, int) for v in view_range):
        return Shape("view", action, tool, target=target, start=max(view_range[0], 1),
                     end=max(view_range[1], 0), **facts)
    for key in _OFFSET_KEYS:
        value = params.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            limit = next((params[k] for k in ("limit", "count", "lines", "page_size", "size", "n")
                          if isinstance(params.get(k), int)), 0)
            rest = {k: v for k, v in params.items() if k not in _OFFSET_KEYS}
            doc = target or f"{tool} {json.dumps(rest, sort_keys=True)}"
            start = value + 1 if key in ("offset", "skip", "cursor") else max(value, 1)
            return Shape("view", action, tool, target=doc, start=start,
                         end=start + limit - 1 if limit else 0, **facts)
    if verb in _VIEW_VERBS or re.search(r"read|view|open|get_file|fetch|browse|visit", tool):
        return Shape("view", action, tool, target=target, **facts)
    if re.search(r"search|find|grep|query|list|lookup", tool):
        return Shape("search", action, tool, target=target, **facts)
    return Shape("other", action, tool, target=target, **facts)

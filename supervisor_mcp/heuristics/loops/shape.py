"""Normalise one trace step's action into the facts the loop detectors compare: its shape.

A shape says what kind of action a step was (a ranged view of a file, a search, an edit, a run, a
poll), which document and line range it read, and which files it wrote. Shell commands are
parsed (pipelines, `&&` chains, heredocs); structured tool calls are read from their arguments
(paths, offsets, view ranges, scroll actions). Shapes are memoised: the whole trace is re-read on
every call, and only new steps cost anything.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from supervisor_mcp.heuristics.memo import MB, bounded_cache
from supervisor_mcp.heuristics.observation import shell
from supervisor_mcp.heuristics.observation.call import EDITOR_VERBS, tool_call
from supervisor_mcp.models import Step

Kind = Literal["view", "search", "edit", "run", "poll", "other"]

_EDIT_TOOL = re.compile(r"edit|write|replace|create|insert|patch|append|save|delete_file|move_file", re.I)
_POLL_TOOL = re.compile(r"status|poll|wait|sleep|progress|heartbeat|list_workers|collect_results", re.I)
_OFFSET_KEYS = ("offset", "start", "start_line", "line", "from", "skip", "page", "page_number",
                "cursor", "line_start", "begin")
_TARGET_KEYS = ("path", "file", "file_path", "filename", "url", "uri", "doc", "document", "id",
                "document_id", "source", "query")
_VIEW_VERBS = frozenset({"view", "read", "open", "show", "cat"})
_EDIT_VERBS = EDITOR_VERBS - _VIEW_VERBS
_SCROLL = re.compile(r"\b(scroll_?down|page_?down|scroll_?up|page_?up|scroll)\b", re.I)

_SED_RANGE = re.compile(r"(\d+)\s*,\s*(\$|\d+)\s*p")
_AWK_NR = re.compile(r"NR\s*>=?\s*(\d+)\s*&&\s*NR\s*<=?\s*(\d+)")
_AWK_NR_RANGE = re.compile(r"NR\s*==\s*(\d+)\s*,\s*NR\s*==\s*(\d+)")
_REDIRECT = re.compile(r"(?<![0-9&])>>?\s*([^\s;&|<>]+)")
_FILEISH = re.compile(r"^[\w./~+-]*\.[A-Za-z0-9]{1,8}$|^[\w.~+-]*/[\w./+-]+$")
_WRITES_IN_CODE = re.compile(r"\.write(?:_text|lines)?\(|open\([^)]*['\"][wa]\+?['\"]")
_PYTHON_INLINE = re.compile(r"\bpython[\d.]*\s+(-c|-\s|<<|-<<)|\bpython[\d.]*\s*<<")
# Agents often edit through a throwaway script: python apply_fix.py, python patch_models.py.
_FIX_SCRIPT = re.compile(
    r"(?:^|[\s/])(fix|patch|apply|modify|update|edit|change|replace|rewrite)[\w-]*\.py\b", re.I
)
_POLL_COMMANDS = {"sleep", "wait", "jobs", "ps", "top", "uptime", "true", ":"}
_SEARCH_COMMANDS = {"grep", "egrep", "rg", "ag", "ack", "find", "fd", "ls", "tree", "locate", "git-grep"}
_RUN_HINT = re.compile(r"\b(pytest|py\.test|tox|nox|unittest|runtests|bin/test|make|npm|yarn|cargo|go|"
                       r"mvn|gradle|python\d?(\.\d+)?|node|ruby|java|sphinx-build|bash|sh)\b")

# Output limiters: a command using one already follows an output-too-long warning's advice.
_NARROWED = re.compile(
    r"\|\s*(head|tail|grep|egrep|rg|wc|cut|uniq|less|more)\b|\s-k\s|\s-m\s*\d|--max-count"
    r"|-maxdepth|\s-[lcqx]\b|(?<![0-9&<])>\s*[\w./-]+\s*(2>&1)?\s*$|--tb=\w+",
)


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
    shell: bool = False  # a shell command (an agent that can change files)


def shape_of(step: Step) -> Shape:
    return _shape(step.tool, step.args)


@bounded_cache(8 * MB)
def _shape(tool: str, args: str) -> Shape:
    call = tool_call(tool, args)
    if call.shell:
        return _shell_shape(call.command)
    return _tool_shape(call.tool, args, call.params if call.structured else None)


def _shell_shape(command: str) -> Shape:
    normal = " ".join(command.split())
    program = ""
    writes: list[str] = []
    view: tuple[str, int, int] | None = None
    kinds: list[Kind] = []
    if "python" in command and "write" in command and _PYTHON_INLINE.search(command) \
            and _WRITES_IN_CODE.search(command):
        kinds.append("edit")  # python -c / heredoc code that writes a file
    for stages in shell.parse(command).segments:
        segment = " | ".join(stages)
        first = shell.words(stages[0])
        if not first:
            continue
        seg_program = first[0].rsplit("/", 1)[-1]
        if not program and seg_program not in ("cd", "export", "source", "set"):
            program = seg_program
        if seg_program in ("open", "goto", "scroll_down", "scroll_up"):
            view = _editor_view(seg_program, first)  # SWE-agent's windowed file viewer
            kinds.append("view")
            continue
        kind, seg_writes = _segment_kind(seg_program, first, segment)
        writes += seg_writes
        if kind == "view" or (kind == "other" and seg_program in ("nl", "cat") and len(stages) > 1):
            seg_view = _view_of(stages)
            if seg_view is not None:
                view = seg_view
                kinds.append("view")
                continue
            if len(stages) > 1:
                kind = "search"  # a filtered read (sed -n 1,900p f | grep x) is a search
        kinds.append(kind)
    kind = _dominant(kinds, bool(writes))
    if kind == "view" and view is not None:
        return Shape(kind, normal, program, target=view[0], start=view[1], end=view[2],
                     scroll=program.startswith("scroll"), writes=tuple(writes), shell=True)
    return Shape(kind, normal, program, writes=tuple(writes), shell=bool(program))


def limits_output(shape: Shape) -> bool:
    """The action bounds its own output: a short line range, a filter, -k, or a redirect to a file."""
    if shape.kind == "view" and 0 < shape.end - shape.start < 200:
        return True
    return _limits_output(shape.action)


@bounded_cache(2 * MB)
def _limits_output(action: str) -> bool:
    return bool(_NARROWED.search(action))


def _segment_kind(program: str, words: list[str], segment: str) -> tuple[Kind, list[str]]:
    writes = [t for t in _REDIRECT.findall(segment) if t not in ("/dev/null", "&1", "&2")] \
        if ">" in segment else []
    if program in ("sed", "perl") and any(w.startswith("-i") or w.startswith("-pi") for w in words[1:]):
        return "edit", [w for w in words[1:] if _FILEISH.match(w)][-1:]
    if program in ("tee", "patch", "truncate", "touch", "mv", "cp", "ed", "ex"):
        return "edit", [w for w in words[1:] if _FILEISH.match(w)][-1:]
    sub = words[1] if len(words) > 1 else ""
    if program == "git" and sub in ("apply", "checkout", "restore", "am", "stash", "revert"):
        return "edit", []
    if program in ("cat", "echo", "printf") and writes:
        return "edit", writes
    if program.startswith("python") and ".py" in segment and _FIX_SCRIPT.search(segment):
        return "edit", []
    if program in _POLL_COMMANDS or not segment.strip():
        return "poll", []
    if program in ("sed", "head", "tail", "awk", "cat", "nl", "less", "more", "bat", "open", "goto",
                   "scroll_down", "scroll_up"):
        return "view", []
    if program in _SEARCH_COMMANDS or (program == "git" and sub in ("grep", "log", "show", "status", "diff")):
        return "search", []
    if _RUN_HINT.match(program) or "/" in words[0]:
        return "run", []
    return "other", []


def _view_of(stages: Sequence[str]) -> tuple[str, int, int] | None:
    """(file, start, end) when a pipeline prints one file, or a line range of it (start 0: the whole
    file), and nothing filters it."""
    words_by_stage = [shell.words(s) for s in stages]
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
    return (file, start, end) if file else None


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
    order: tuple[Kind, ...] = ("poll", "run", "view", "search", "other")
    for kind in order:  # "sleep 30 && tail log" is waiting
        if kind in kinds:
            return kind
    return "poll"


def _tool_shape(tool: str, args: str, parsed: dict[str, Any] | None) -> Shape:
    params = parsed or {}
    verb = str(params.get("command") or params.get("action") or "").lower()
    action = f"{tool} {json.dumps(params, sort_keys=True) if parsed is not None else ' '.join(args.split())}"
    target = next((str(params[k]) for k in _TARGET_KEYS if k in params and params[k] not in (None, "")), "")
    if verb in _EDIT_VERBS or (_EDIT_TOOL.search(tool) and verb not in _VIEW_VERBS):
        return Shape("edit", action, tool, writes=(target,) if target else ())
    if _SCROLL.search(tool) or _SCROLL.search(verb):
        return Shape("view", action, tool, target=target or tool, scroll=True)
    if _POLL_TOOL.search(tool):
        return Shape("poll", action, tool)
    view_range = params.get("view_range")
    if isinstance(view_range, list) and len(view_range) == 2 and all(type(v) is int for v in view_range):
        return Shape("view", action, tool, target=target, start=max(view_range[0], 1),
                     end=max(view_range[1], 0))
    for key in _OFFSET_KEYS:
        value = params.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            limit = next((params[k] for k in ("limit", "count", "lines", "page_size", "size", "n")
                          if isinstance(params.get(k), int)), 0)
            rest = {k: v for k, v in params.items() if k not in _OFFSET_KEYS}
            doc = target or f"{tool} {json.dumps(rest, sort_keys=True)}"
            start = value + 1 if key in ("offset", "skip", "cursor") else max(value, 1)
            return Shape("view", action, tool, target=doc, start=start,
                         end=start + limit - 1 if limit else 0)
    if verb in _VIEW_VERBS or re.search(r"read|view|open|get_file|fetch|browse|visit", tool):
        return Shape("view", action, tool, target=target)
    if re.search(r"search|find|grep|query|list|lookup", tool):
        return Shape("search", action, tool, target=target)
    return Shape("other", action, tool, target=target)

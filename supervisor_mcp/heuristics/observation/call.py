"""What produced a result, as hosts phrase it: the tool and, for shell tools, the command.

The same `cat foo.py` arrives as the bare command, as `bash: cat foo.py`, as `$ cat foo.py`, as a
JSON tool call (`{"tool": "bash", "args": {"command": "cat foo.py"}}`, OpenAI's `{"name": "bash",
"arguments": "{\"command\": ...}"}` or `{"function": {...}}`), as a trace step's tool and
arguments, as a bare tool name (`read_file`), as a URL, or not at all. All of them become one `Call`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from supervisor_mcp.heuristics.memo import MB, bounded_cache

SHELL_TOOLS = frozenset({
    "bash", "shell", "sh", "zsh", "terminal", "execute_bash", "run_shell_command", "run_command",
    "execute_command", "cmd", "exec", "run", "command", "ipython", "python", "jupyter",
})
_SHELLISH_TOOL = re.compile(r"bash|shell|terminal|exec|command|cmd|console|ipython|jupyter|python", re.I)
COMMAND_KEYS = ("command", "cmd", "code", "script", "input")
_TOOL_KEYS = ("tool", "tool_name", "name", "action")
_ARGS_KEYS = ("args", "arguments", "input", "params", "parameters")
# A file editor's sub-commands: {"command": "view", "path": ...} is a structured call, not shell.
EDITOR_VERBS = frozenset({"view", "read", "open", "show", "cat", "create", "str_replace", "insert", "undo_edit",
                          "write", "edit", "replace", "append"})
_PREFIXED = re.compile(r"^(?:\$|>|([A-Za-z][\w.-]{0,40})\s*:)\s+(\S[\s\S]*)$")
_TOOL_NAME = re.compile(r"^[A-Za-z][\w.-]{0,60}$")
# Tool names: snake_case or namespaced words that are no program on a PATH.
_TOOLISH = re.compile(r"[_.]|^(?:view|read|open|browse|fetch|search|visit|navigate)\w*$", re.I)


@dataclass(frozen=True)
class Call:
    tool: str = ""  # lowercased tool name ("" when only a command or nothing was given)
    command: str = ""  # the shell command, when the call ran one
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)  # a structured call's arguments
    structured: bool = False  # the arguments came as a JSON object
    url: str = ""
    shell: bool = False  # the call ran `command` in a shell (possibly an empty one)


def _json_object(text: str) -> dict[str, Any] | None:
    text = text.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def is_shellish(tool: str) -> bool:
    return tool in SHELL_TOOLS or not tool or bool(_SHELLISH_TOOL.search(tool))


def command_of(tool: str, params: dict[str, Any]) -> str | None:
    """The shell command of a shell-like tool's arguments; None for structured calls (a file editor's
    {"command": "view", "path": ...})."""
    value = next((params[k] for k in COMMAND_KEYS if isinstance(params.get(k), str)), None)
    if value is None or not is_shellish(tool) or value.strip() in EDITOR_VERBS:
        return None
    return str(value)


@bounded_cache(8 * MB)
def tool_call(tool: str, args: str) -> Call:
    """A trace step's tool and arguments (text, possibly a JSON object)."""
    tool_l = tool.strip().lower()
    params = _json_object(args)
    if params is None:
        shellish = is_shellish(tool_l)
        return Call(tool_l, args if shellish else "", {}, False, shell=shellish)
    command = command_of(tool_l, params)
    return Call(tool_l, command or "", params, True, shell=command is not None)


def _from_json(obj: dict[str, Any]) -> Call:
    function = obj.get("function")
    if isinstance(function, dict):  # OpenAI tool_call shape
        obj = {**obj, "name": function.get("name"), "arguments": function.get("arguments")}
    if any(k in obj for k in COMMAND_KEYS) and not any(k in obj for k in _ARGS_KEYS if k != "input"):
        return tool_call(str(obj.get("tool") or "bash"), json.dumps(obj))  # the arguments themselves
    args: Any = next((obj[k] for k in _ARGS_KEYS if obj.get(k) not in (None, "")), None)
    if args is None:
        return Call("", "", obj, True)  # a tool's arguments alone ({"reservation_id": "X1"})
    tool = next((str(obj[k]) for k in _TOOL_KEYS if isinstance(obj.get(k), str) and obj[k]), "")
    if isinstance(args, str):
        args = _json_object(args) or args
    return tool_call(tool, json.dumps(args) if isinstance(args, dict) else str(args))


@bounded_cache(2 * MB)
def read_source(source: str) -> Call:
    """A `source` or `action` in any phrasing hosts use."""
    text = source.strip()
    if not text:
        return Call()
    if text.startswith(("http://", "https://")) and " " not in text:
        return Call(url=text)
    obj = _json_object(text)
    if obj is not None:
        return _from_json(obj)
    prefixed = _PREFIXED.match(text)
    if prefixed and (prefixed.group(1) is None or is_shellish(prefixed.group(1).lower())):
        return Call((prefixed.group(1) or "bash").lower(), prefixed.group(2).strip(), shell=True)
    if _TOOL_NAME.match(text) and _TOOLISH.search(text):
        return Call(text.lower())
    return Call("", text, shell=True)

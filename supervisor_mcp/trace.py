"""Parse `recent_steps` text into steps, and merge overlapping windows into one session trace.

Hosts send traces in many shapes: a JSON array of {tool, args, result, error}, mini-swe-agent's
{command, observation, returncode}, OpenAI tool messages, or free text. Every shape must parse.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from supervisor_mcp.heuristics.observation.envelope import tagged_returncode
from supervisor_mcp.models import Step

_TOOL_KEYS = ("tool", "tool_name", "name", "action", "function")
_ARGS_KEYS = ("args", "arguments", "input", "params", "parameters", "command", "code")
_RESULT_KEYS = ("result", "observation", "output", "content", "response", "stdout")
_THOUGHT_KEYS = ("thought", "reasoning", "thinking")
_ERROR_TEXT = re.compile(r"^\s*(error|exception|traceback|failed)\b", re.IGNORECASE)
_BLOCK_HEAD = re.compile(
    r"^\s*(?:step\s*\d+\s*[:.)-]|\[?\d+\]?[:.)]\s|action\s*:|tool\s*:|\$\s|>>>\s|calling\s)",
    re.IGNORECASE,
)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        try:
            value = json.dumps(value, ensure_ascii=False, sort_keys=True)
        except RecursionError:
            value = "[a value nested too deeply to show]"
    # A JSON escape can decode to a lone surrogate (\ud83d), which no UTF-8 store accepts.
    return value.encode("utf-8", "replace").decode("utf-8")


def _first(obj: dict[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        if key in obj and obj[key] not in (None, ""):
            return obj[key]
    return None


def _error_flag(obj: dict[str, Any], result: str) -> bool:
    raw = obj.get("error", obj.get("is_error", obj.get("isError")))
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip():
        return raw.strip().lower() not in ("false", "none", "null", "0", "no")
    code = obj.get("returncode", obj.get("exit_code"))
    if code is None:
        code = tagged_returncode(result)
    if code is not None:
        try:
            return int(code) != 0
        except (TypeError, ValueError, OverflowError):
            return False
    return bool(raw)


def step_from_obj(obj: Any) -> Step:
    """Normalise one step object of any common shape."""
    if not isinstance(obj, dict):
        return Step(args=_text(obj))
    function = obj.get("function")
    if isinstance(function, dict):  # OpenAI tool_call shape
        obj = {**obj, "tool": function.get("name"), "args": function.get("arguments")}
    tool = _first(obj, _TOOL_KEYS)
    args = _first(obj, _ARGS_KEYS)
    if isinstance(args, str):
        args = _unwrap_json_args(args)
    if tool is None and "command" in obj:
        tool = "bash"
    result = _text(_first(obj, _RESULT_KEYS))
    error_val = obj.get("error")
    if isinstance(error_val, str) and error_val.strip() and error_val.strip().lower() not in (
        "false", "true", "none", "null", "0", "1",
    ):
        result = f"{result}\n{error_val}".strip()  # the error text itself is part of the result
    return Step(
        tool=_text(tool),
        args=_text(args),
        result=result,
        error=_error_flag(obj, result),
        thought=_text(_first(obj, _THOUGHT_KEYS)),
    )


def _unwrap_json_args(args: str) -> Any:
    stripped = args.strip()
    if stripped[:1] in "{[":
        try:
            return json.loads(stripped)
        except (ValueError, RecursionError):  # not JSON, or nested past the parser: keep it as text
            pass
    return args


def _parse_free_text(text: str) -> list[Step]:
    lines = text.splitlines()
    blocks = [b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    # One step per block when the text has blank-line blocks; otherwise one step per line, unless
    # lines look like "step header + output" groups.
    if len(blocks) > 1:
        chunks = blocks
    elif any(_BLOCK_HEAD.match(line) for line in lines[1:]):
        chunks, current = [], list[str]()
        for line in lines:
            if _BLOCK_HEAD.match(line) and current:
                chunks.append("\n".join(current))
                current = []
            current.append(line)
        chunks.append("\n".join(current))
    else:
        chunks = [line for line in lines if line.strip()]
    steps = []
    for chunk in chunks:
        head, _, rest = chunk.strip().partition("\n")
        head = re.sub(r"^\s*(?:step\s*\d+\s*[:.)-]|\[?\d+\]?[:.)])\s*", "", head, flags=re.IGNORECASE)
        tool, args = "", head
        match = re.match(r"^(?:action|tool)\s*:\s*(\S+)\s*(.*)$", head, re.IGNORECASE)
        if match:
            tool, args = match.group(1), match.group(2)
        elif head.startswith("$ "):
            tool, args = "bash", head[2:]
        result = rest.strip()
        is_error = bool(_ERROR_TEXT.match(result)) or bool(re.search(r"\b(Traceback|Error:)", result))
        steps.append(Step(tool=tool, args=args.strip(), result=result, error=is_error))
    return steps


def parse_steps(text: str) -> list[Step]:
    """Parse a trace given as JSON (array, object with a steps list, JSON lines) or free text."""
    stripped = text.strip()
    if not stripped:
        return []
    if stripped[0] in "[{":
        try:
            data = json.loads(stripped)
        except RecursionError:
            return _parse_free_text(stripped)  # absurdly nested JSON: read it as text
        except ValueError:
            data = _json_lines(stripped)
        if isinstance(data, dict):
            inner = _first(data, ("steps", "trajectory", "history", "messages"))
            data = inner if isinstance(inner, list) else [data]
        if isinstance(data, list):
            if any(isinstance(item, dict) and "role" in item for item in data):
                return _from_messages(data)
            return [step_from_obj(item) for item in data]
    return _parse_free_text(stripped)


def _from_messages(messages: list[Any]) -> list[Step]:
    """An OpenAI-style chat history: each assistant tool call paired with its tool reply."""
    replies = {m.get("tool_call_id"): m for m in messages if isinstance(m, dict) and m.get("role") == "tool"}
    steps = []
    for message in messages:
        if not isinstance(message, dict) or message.get("role") != "assistant":
            continue
        for call in message.get("tool_calls") or []:
            if not isinstance(call, dict):
                continue
            reply = replies.get(call.get("id"), {})
            content = reply.get("content")
            if isinstance(content, list):  # content parts: [{"type": "text", "text": ...}]
                content = "\n".join(p.get("text", "") for p in content if isinstance(p, dict))
            step = step_from_obj({**call, "content": content})
            steps.append(step.model_copy(update={"thought": _text(message.get("content"))[:2000]}))
    return steps


def _json_lines(text: str) -> list[Any] | None:
    items = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            items.append(json.loads(line))
        except (ValueError, RecursionError):
            return None
    return items


def fingerprint(step: Step) -> str:
    """A short hash of what the step did and got back; equal steps have equal fingerprints."""
    digest = hashlib.blake2b(digest_size=8)
    for part in (step.tool, step.args, step.result, str(step.error)):
        digest.update(part.encode("utf-8", "replace"))
        digest.update(b"\x00")
    return digest.hexdigest()


def merge_new_steps(known: list[str], incoming: list[Step], expected_new: int | None = None) -> list[Step]:
    """Return the steps of `incoming` that are new, given fingerprints of the trace seen so far.

    Hosts resend overlapping windows ("the last 8 steps"), so the longest suffix of the known trace
    that equals a prefix of the incoming window is dropped; everything after it is new. A window of
    identical steps is ambiguous (resent, or one more repeat?): `expected_new`, how far the host's
    step counter moved since its last call, settles it, so an exact loop keeps growing the trace.
    """
    prints = [fingerprint(s) for s in incoming]
    new = incoming
    for size in range(min(len(known), len(prints)), 0, -1):
        if known[-size:] == prints[:size]:
            new = incoming[size:]
            break
    if expected_new is not None and expected_new > len(new):
        new = incoming[-min(expected_new, len(incoming)):]
    return new

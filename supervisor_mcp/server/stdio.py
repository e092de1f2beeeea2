"""stdio with a clean wire: only JSON-RPC reaches the client, and every request gets an answer.

The protocol's descriptors are claimed before anything else runs (litellm's import, the model
preload, warm-up), so whatever a dependency prints, at any log level, lands on stderr: fd 1 points
at stderr and the wire is a private duplicate. The SDK's own reader drops a line it cannot
validate without a reply, so the client waits forever; here such a line is repaired when it only
carries lone surrogates, and otherwise answered with a JSON-RPC error, as HTTP answers 400.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

import anyio
import mcp_types as types
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server


@dataclass
class Wire:
    """The protocol's private descriptors, and a lock so replies and error lines never interleave."""

    read_fd: int
    write_fd: int
    lock: anyio.Lock = field(default_factory=anyio.Lock)
    _out: BinaryIO | None = None

    def _file(self) -> BinaryIO:
        if self._out is None:
            self._out = os.fdopen(self.write_fd, "wb", closefd=False)
        return self._out

    async def write(self, text: str) -> None:
        data = text.encode("utf-8", "replace")
        async with self.lock:
            await anyio.to_thread.run_sync(self._write_now, data)

    def _write_now(self, data: bytes) -> None:
        out = self._file()
        out.write(data)
        out.flush()

    async def flush(self) -> None:
        """Each write is flushed whole; the SDK's writer still calls this."""

    async def lines(self) -> AsyncIterator[str]:
        async with await anyio.open_file(self.read_fd, "rb", closefd=False) as source:
            async for raw in source:
                yield raw.decode("utf-8", "replace")


def claim_stdio() -> Wire:
    """Move the protocol off fds 0 and 1: fd 1 becomes stderr, fd 0 the null device."""
    read_fd = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
    write_fd = fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 3)
    sys.stdout.flush()
    os.dup2(2, 1)  # print(), C extensions and child processes now write to stderr
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)  # children never read (and steal) the protocol's input
    os.close(devnull)
    return Wire(read_fd, write_fd)


class _Reader:
    """The lines the SDK can read; an unreadable request is repaired or answered here."""

    def __init__(self, wire: Wire) -> None:
        self.wire = wire

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        async for line in self.wire.lines():
            if not line.strip():
                continue
            usable = _usable(line)
            if usable is not None:
                yield usable
                continue
            reply = _error_reply(line)
            if reply is not None:
                await self.wire.write(reply + "\n")


def _valid(line: str) -> bool:
    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except Exception:
        return False
    return True


def _usable(line: str) -> str | None:
    """The line, or its repair (lone surrogates replaced), when the SDK can read it."""
    if _valid(line):
        return line
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return None
    try:
        repaired = json.dumps(message, ensure_ascii=False).encode("utf-8", "replace").decode("utf-8")
    except RecursionError:
        return None
    return repaired if repaired != line and _valid(repaired) else None


def _error_reply(line: str) -> str | None:
    """A JSON-RPC error for an unreadable line; None for a notification, which gets no reply."""
    try:
        message: Any = json.loads(line)
    except (ValueError, RecursionError):
        return _error(None, types.PARSE_ERROR, "Parse error: the line is not valid JSON.")
    request_id = message.get("id") if isinstance(message, dict) else None
    if isinstance(message, dict) and "method" in message and request_id is None:
        return None
    if not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
        request_id = None
    return _error(
        request_id, types.INVALID_REQUEST,
        "Invalid request: not a JSON-RPC message the server can read (nested too deep, or malformed). "
        "Send arguments as plain strings and flat objects.",
    )


def _error(request_id: str | int | None, code: int, message: str) -> str:
    error = types.JSONRPCError(jsonrpc="2.0", id=request_id, error=types.ErrorData(code=code, message=message))
    return error.model_dump_json(by_alias=True, exclude_unset=True)


async def serve_stdio(server: MCPServer, wire: Wire) -> None:
    """Serve `server` over the claimed wire until the client closes its end."""
    async with stdio_server(stdin=_Reader(wire), stdout=wire) as (read_stream, write_stream):  # type: ignore[arg-type]
        lowlevel = server._lowlevel_server
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())

"""A real `supervisor-mcp serve` process on a loopback port, for transport and access tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def server_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "SUPERVISOR_DB": str(tmp_path / "db.sqlite3"), "SUPERVISOR_MODEL": "", **extra}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serving(tmp_path: Path, transport: str = "http", **env: str) -> Iterator[str]:
    """Start the server, wait for its port, yield its endpoint URL (`/mcp` or `/sse`), stop it."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "supervisor_mcp", "serve", "--transport", transport, "--port", str(port)],
        env=server_env(tmp_path, **env), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(f"server exited: {proc.stderr.read().decode()[-2000:]}") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}{'/sse' if transport == 'sse' else '/mcp'}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)

"""A scripted OpenAI-compatible chat server on 127.0.0.1, for driving real litellm in tests.

Each POST to /v1/chat/completions takes the next scripted `Reply` from the queue: a healthy answer,
any text (garbage, fenced JSON), an HTTP error, or a hang. Every request body is recorded so a test
can assert what the model actually received. Runs in a thread, so it works under any event loop.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Reply:
    content: str = ""
    status: int = 200
    hang_s: float = 0.0
    delay_s: float = 0.0
    prompt_tokens: int = 120
    completion_tokens: int = 30
    message: str = ""

    @classmethod
    def json(cls, obj: Any, prompt_tokens: int = 120, completion_tokens: int = 30) -> Reply:
        return cls(json.dumps(obj), prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)

    @classmethod
    def text(cls, content: str) -> Reply:
        return cls(content)

    @classmethod
    def error(cls, status: int, message: str = "") -> Reply:
        return cls(status=status, message=message)

    @classmethod
    def hang(cls, seconds: float) -> Reply:
        """Hold the request `seconds` and then drop it without an answer."""
        return cls(hang_s=seconds)

    @classmethod
    def slow(cls, obj: Any, seconds: float) -> Reply:
        """A healthy answer that takes `seconds` to arrive."""
        return cls(json.dumps(obj), delay_s=seconds)


class FakeOpenAI:
    """Use as a context manager; `base_url` is what litellm takes as api_base."""

    def __init__(self, *replies: Reply) -> None:
        self.replies: deque[Reply] = deque(replies)
        self.requests: list[dict[str, Any]] = []
        self._release = threading.Event()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def push(self, *replies: Reply) -> None:
        with self._lock:
            self.replies.extend(replies)

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._release.set()  # frees handlers still hanging, so shutdown does not wait for them
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _next(self, body: dict[str, Any]) -> Reply | None:
        with self._lock:
            self.requests.append(body)
            return self.replies.popleft() if self.replies else None

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                reply = fake._next(body)
                if reply is None:
                    self._send(500, {"error": {"message": "fake server: no scripted reply left"}})
                elif reply.hang_s:
                    fake._release.wait(reply.hang_s)
                    self.close_connection = True
                elif reply.delay_s and fake._release.wait(reply.delay_s):
                    self.close_connection = True  # shutting down
                elif reply.status != 200:
                    text = reply.message or f"scripted HTTP {reply.status}"
                    error = {"message": text, "type": "fake", "code": reply.status}
                    self._send(reply.status, {"error": error})
                else:
                    self._send(200, _completion(body, reply))

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test); nothing to deliver

        return Handler


def _completion(body: dict[str, Any], reply: Reply) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-fake-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "fake-model"),
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": reply.content},
            "finish_reason": "stop",
        }],
        "usage": {
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "total_tokens": reply.prompt_tokens + reply.completion_tokens,
        },
    }

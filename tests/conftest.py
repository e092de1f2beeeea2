"""Shared fixtures. The guard makes any real model provider unreachable from every test."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from fake_openai import FakeOpenAI

# Set before anything imports litellm: otherwise it fetches its price map over the network.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

_PROVIDER_KEYS = (
    "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY", "MISTRAL_API_KEY",
    "GROQ_API_KEY", "TOGETHERAI_API_KEY", "OPENROUTER_API_KEY", "DEEPSEEK_API_KEY", "AZURE_API_KEY",
    "COHERE_API_KEY", "XAI_API_KEY",
)
_SUPERVISOR_MODEL_VARS = (
    "SUPERVISOR_MODEL", "SUPERVISOR_API_BASE", "SUPERVISOR_API_KEY", "SUPERVISOR_FALLBACK_MODELS",
    "SUPERVISOR_LLM_GATE", "SUPERVISOR_SAMPLING",
)


def _loopback(address: Any) -> bool:
    if not isinstance(address, tuple):
        return True  # AF_UNIX paths and socketpairs stay on this machine
    host = address[0]
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@pytest.fixture(autouse=True)
def no_real_providers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dummy provider keys, no configured model, and no socket may leave the machine."""
    for name in _PROVIDER_KEYS:
        monkeypatch.setenv(name, "sk-test-dummy")
    for name in _SUPERVISOR_MODEL_VARS:
        monkeypatch.delenv(name, raising=False)
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex

    def connect(self: socket.socket, address: Any) -> None:
        if not _loopback(address):
            raise ConnectionRefusedError(f"tests may not reach the network (tried {address!r})")
        real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        if not _loopback(address):
            raise ConnectionRefusedError(f"tests may not reach the network (tried {address!r})")
        return real_connect_ex(self, address)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    """A scripted OpenAI-compatible server on 127.0.0.1; push Reply objects, read .requests."""
    with FakeOpenAI() as server:
        yield server

"""Shared fixtures. The guard makes any real model provider unreachable from every test.

`db` (and `make_store`) run a test once per storage backend: SQLite, and PostgreSQL on a throwaway
cluster started once per session and emptied with TRUNCATE before each test.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fake_openai import FakeOpenAI
from pg_cluster import PACKAGE_HINT, Cluster, find_bindir

from supervisor_mcp.store import Store, is_shared, open_store

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


@pytest.fixture(scope="session")
def litellm_loaded() -> None:
    """Import litellm once, before any test's time budget starts: on a fresh machine the first import compiles it
    (tens of seconds), which the server pays at start-up (`preload`), not in a call."""
    from supervisor_mcp.deciders.litellm import preload

    preload()


@pytest.fixture
def fake_openai(litellm_loaded: None) -> Iterator[FakeOpenAI]:
    """A scripted OpenAI-compatible server on 127.0.0.1; push Reply objects, read .requests."""
    with FakeOpenAI() as server:
        yield server


# --- storage backends -----------------------------------------------------------------------------
@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A PostgreSQL cluster for the whole run; skips (fails under CI, which installs it) without binaries."""
    bindir = find_bindir()
    missing = None if bindir else f"PostgreSQL server binaries (initdb, pg_ctl) not found: {PACKAGE_HINT}"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing = "psycopg is not installed: pip install -e '.[postgres]'"
    if missing or bindir is None:
        if os.environ.get("CI"):  # .ci/run installs both: a skip there would hide a whole backend
            pytest.fail(missing or "no PostgreSQL")
        pytest.skip(missing or "no PostgreSQL")
    cluster = Cluster(bindir).start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def pg_url(pg_cluster: Cluster) -> str:
    url = pg_cluster.create_database("supervisor_test")
    open_store(url).close()  # the schema, once; each test then starts from TRUNCATE
    return url


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """SUPERVISOR_DB for this test's backend, empty at the start; PostgreSQL pools are closed after."""
    if request.param == "sqlite":
        yield str(tmp_path / "db.sqlite3")
        return
    url: str = request.getfixturevalue("pg_url")
    from supervisor_mcp.store.postgres import PostgresStore

    cleaner = PostgresStore(url)
    cleaner.truncate()
    opened: list[PostgresStore] = [cleaner]
    original_init = PostgresStore.__init__

    def tracked_init(self: PostgresStore, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        opened.append(self)

    # Servers built by a test never close their store; without this each test would leak a pool.
    monkeypatch.setattr(PostgresStore, "__init__", tracked_init)
    try:
        yield url
    finally:
        for store in opened:
            store.close()


@pytest.fixture
def make_store(db: str) -> Callable[..., Store]:
    """Open a store on this test's backend (twice on the same `db` is a reopen, as after a restart)."""

    def make(**kwargs: Any) -> Store:
        return open_store(db, **kwargs)

    return make


@pytest.fixture
def shared(db: str) -> bool:
    return is_shared(db)

"""What every tool call needs: settings, the session store, the model (if any), and input checks."""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, replace

from supervisor_mcp.deciders import Decider, make_decider
from supervisor_mcp.exceptions import InputError
from supervisor_mcp.models import Engine
from supervisor_mcp.settings import Settings
from supervisor_mcp.store import ScopedStore, Store, open_store


@dataclass
class Runtime:
    settings: Settings
    store: Store
    decider: Decider | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> Runtime:
        store = open_store(settings.db, ttl_hours=settings.session_ttl_hours, max_mb=settings.max_db_mb,
                           session_mb=settings.max_session_mb)
        return cls(settings=settings, store=store, decider=make_decider(settings))

    def for_caller(self, caller: str) -> Runtime:
        """This runtime as one authenticated caller sees it: only the sessions that caller created."""
        return self if not caller else replace(self, store=ScopedStore(self.store, caller))

    @property
    def default_engine(self) -> Engine:
        return self.decider.engine if self.decider else "heuristic"


# Derived session ids are salted per server process: a rerun of the same task (a benchmark, a user
# retrying) must not inherit the previous run's trace and guidance count from the database file.
_PROCESS_SALT = uuid.uuid4().bytes


def session_for(session_id: str, task: str) -> str:
    """The caller's session id, or one derived from the task so one run's calls still group."""
    if session_id.strip():
        return session_id.strip()
    digest = hashlib.blake2b(task.strip().encode("utf-8", "replace"), digest_size=6, key=_PROCESS_SALT)
    return "task-" + digest.hexdigest()


def require_text(name: str, value: str, hint: str) -> None:
    if not value.strip():
        raise InputError(f"`{name}` is empty: {hint}")


def check_sizes(settings: Settings, **values: str) -> None:
    limit = settings.max_input_chars
    for name, value in values.items():
        if len(value) > limit:
            raise InputError(
                f"`{name}` is {len(value):,} characters; the limit is {limit:,} (the MCP SDK caps a request "
                f"at 4 MiB). Send only the part the task needs, or split it over several calls with the "
                f"same session_id."
            )


def note(text: str) -> str:
    return f"[Supervisor's Note: {text.strip()}]"

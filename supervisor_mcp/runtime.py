"""What every tool call needs: settings, the session store, the model (if any), and input checks."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from supervisor_mcp.errors import InputError, ModelUnavailable
from supervisor_mcp.llm import make_decider
from supervisor_mcp.models import Engine, Usage
from supervisor_mcp.prompts import RenderedPrompt, render
from supervisor_mcp.settings import Settings
from supervisor_mcp.store import Store, open_store

T = TypeVar("T", bound=BaseModel)
Progress = Callable[[str], Awaitable[None]]


class Decider(Protocol):
    """Anything that turns a rendered prompt into a validated decision: litellm, or MCP sampling."""

    engine: Engine

    async def decide(
        self, prompt: RenderedPrompt, output: type[T], *, on_progress: Progress | None = None
    ) -> tuple[T, Usage]: ...


@dataclass
class Runtime:
    settings: Settings
    store: Store
    decider: Decider | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> Runtime:
        store = open_store(settings.db, ttl_hours=settings.session_ttl_hours, max_mb=settings.max_db_mb)
        return cls(settings=settings, store=store, decider=make_decider(settings))

    @property
    def default_engine(self) -> Engine:
        return self.decider.engine if self.decider else "heuristic"


@dataclass
class Consultation:
    """What asking the model produced: a decision, or why the heuristic answer stands."""

    decision: BaseModel | None = None
    usage: Usage = field(default_factory=Usage)
    engine: Engine = "heuristic"
    degraded_reason: str | None = None

    def meta(self) -> dict[str, Any]:
        """The result fields that say who decided and at what cost."""
        return {"engine": self.engine, "degraded": self.degraded_reason is not None,
                "degraded_reason": self.degraded_reason, "usage": self.usage}


async def consult(
    decider: Decider | None, needed: bool, prompt_name: str, variables: Callable[[], dict[str, str]],
    output: type[T], on_progress: Progress | None = None,
) -> Consultation:
    """Ask the model when there is one and the gate says so; otherwise the heuristic answer stands."""
    if decider is None or not needed:
        return Consultation()
    try:
        decision, usage = await decider.decide(render(prompt_name, variables()), output, on_progress=on_progress)
    except ModelUnavailable as exc:
        # Failed attempts still cost tokens: count them, as the paper counts the supervisor's spend.
        spent = getattr(exc, "spent", None) or Usage()
        return Consultation(usage=spent, degraded_reason=str(exc) or type(exc).__name__)
    return Consultation(decision=decision, usage=usage, engine=decider.engine)


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

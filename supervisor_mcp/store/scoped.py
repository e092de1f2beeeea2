"""One caller's view of a shared store: its sessions and originals, no one else's.

With authentication on, every token gets its own namespace: a session id (given or derived from
the task) is stored under the token's id, so two callers with the same task or the same session
id never share a trace or a guidance count, and neither can read the other's records or originals.
"""

from __future__ import annotations

from dataclasses import replace

from supervisor_mcp.models import SessionSummary, Step
from supervisor_mcp.store.base import CallRecord, DecideGuided, Store, Trace


class ScopedStore:
    def __init__(self, inner: Store, scope: str) -> None:
        self.inner = inner
        self.prefix = f"{scope}/"

    def _key(self, session_id: str) -> str:
        return self.prefix + session_id

    def record_call(self, rec: CallRecord) -> None:
        self.inner.record_call(replace(rec, session_id=self._key(rec.session_id)))

    def record_guided_call(self, session_id: str, sub_task: str, pattern: str, decide: DecideGuided) -> CallRecord:
        key = self._key(session_id)
        rec = self.inner.record_guided_call(key, sub_task, pattern, lambda n: replace(decide(n), session_id=key))
        return replace(rec, session_id=session_id)

    def extend_trace(self, session_id: str, steps: list[Step], step_count: int = 0, sub_task: str = "") -> Trace:
        return self.inner.extend_trace(self._key(session_id), steps, step_count, sub_task)

    def trace(self, session_id: str) -> list[Step]:
        return self.inner.trace(self._key(session_id))

    def put_raw(self, session_id: str, text: str, source: str = "") -> str:
        return self.inner.put_raw(self._key(session_id), text, source)

    def get_raw(self, ref: str, owner_prefix: str = "") -> str | None:
        return self.inner.get_raw(ref, owner_prefix=self.prefix + owner_prefix)

    def summary(self, session_id: str) -> SessionSummary | None:
        found = self.inner.summary(self._key(session_id))
        return None if found is None else found.model_copy(update={"session_id": session_id})

    def prune(self) -> None:
        self.inner.prune()

    def close(self) -> None:
        self.inner.close()

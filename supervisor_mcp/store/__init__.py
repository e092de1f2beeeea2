"""Session stores: SQLite (the embedded default) behind one interface, chosen by `SUPERVISOR_DB`."""

from __future__ import annotations

from supervisor_mcp.store.base import ESCALATED, INTERVENTIONS, CallRecord, Store, Trace
from supervisor_mcp.store.sqlite import SQLiteStore

__all__ = ["ESCALATED", "INTERVENTIONS", "CallRecord", "SQLiteStore", "Store", "Trace", "open_store"]


def open_store(db: str, *, ttl_hours: float = 72.0, max_mb: float = 256.0) -> Store:
    """The store `db` names: a file path or `:memory:` for SQLite."""
    return SQLiteStore(db, ttl_hours=ttl_hours, max_mb=max_mb)

"""Session stores behind one interface, chosen by `SUPERVISOR_DB`.

A file path or `:memory:` is SQLite, the embedded default (one process, no server). A
`postgresql://` (or `postgres://`) URL is PostgreSQL, shared by any number of replicas; its driver
is imported only then, so the default install does not need it.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from supervisor_mcp.store.base import ESCALATED, INTERVENTIONS, CallRecord, Store, StoreUnavailable, Trace
from supervisor_mcp.store.scoped import ScopedStore
from supervisor_mcp.store.sqlite import SQLiteStore

__all__ = [
    "ESCALATED", "INTERVENTIONS", "CallRecord", "SQLiteStore", "ScopedStore", "Store", "StoreUnavailable", "Trace",
    "describe_db", "is_shared", "open_store",
]
_PG_SCHEMES = ("postgresql://", "postgres://")


def is_shared(db: str) -> bool:
    """True when `db` names a database that several server processes can share (PostgreSQL)."""
    return db.strip().lower().startswith(_PG_SCHEMES)


def describe_db(db: str) -> str:
    """`db` fit for a log line: a URL's password is masked."""
    if not is_shared(db):
        return db
    parts = urlsplit(db.strip())
    if parts.password is None:
        return db.strip()
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def open_store(db: str, *, ttl_hours: float = 72.0, max_mb: float = 256.0, session_mb: float = 32.0) -> Store:
    """The store `db` names: a file path or `:memory:` for SQLite, a postgresql:// URL for PostgreSQL."""
    if not is_shared(db):
        return SQLiteStore(db, ttl_hours=ttl_hours, max_mb=max_mb, session_mb=session_mb)
    try:
        from supervisor_mcp.store.postgres import PostgresStore
    except ImportError as exc:
        raise StoreUnavailable(
            f"SUPERVISOR_DB is a PostgreSQL URL but its driver is not installed ({exc.name or exc}): "
            "pip install 'supervisor-mcp[postgres]' (or set SUPERVISOR_DB to a file path for SQLite)."
        ) from None
    return PostgresStore(db.strip(), ttl_hours=ttl_hours, max_mb=max_mb, session_mb=session_mb)

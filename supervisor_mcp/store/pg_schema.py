"""The PostgreSQL schema, its versions, and the set-based retention that runs inside the database.

Replicas share one database, so everything here must be safe to run from several processes at
once: migrations under a session-level advisory lock, pruning under a try-lock that one replica
wins while the others skip (pruning is housekeeping: skipping a round loses nothing).
"""

from __future__ import annotations

from typing import Any

# Advisory lock keys. The two-integer form lives in its own key space, so these never collide
# with the per-session locks taken with (class, hashtext(...)) in postgres.py.
MIGRATION_LOCK = (7301, 0)
PRUNE_LOCK = (7301, 1)
GUIDANCE_LOCK_CLASS = 7302
TRACE_LOCK_CLASS = 7303

# The database's clock, not each replica's: TTLs stay consistent when replica clocks drift.
NOW = "extract(epoch from clock_timestamp())"

# One entry per schema version; never edit a released entry, append a new one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE IF NOT EXISTS calls (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        session_id TEXT NOT NULL, tool TEXT NOT NULL, sub_task TEXT NOT NULL DEFAULT '',
        ts DOUBLE PRECISION NOT NULL, action TEXT NOT NULL, label TEXT NOT NULL DEFAULT '',
        engine TEXT NOT NULL, degraded BOOLEAN NOT NULL DEFAULT FALSE,
        chars_removed BIGINT NOT NULL DEFAULT 0,
        prompt_tokens BIGINT NOT NULL DEFAULT 0, completion_tokens BIGINT NOT NULL DEFAULT 0,
        cost_usd DOUBLE PRECISION, cost_known BOOLEAN NOT NULL DEFAULT TRUE,
        duration_ms DOUBLE PRECISION NOT NULL DEFAULT 0,
        result TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX IF NOT EXISTS calls_session ON calls(session_id, tool, sub_task);
    CREATE TABLE IF NOT EXISTS trace (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        session_id TEXT NOT NULL, ts DOUBLE PRECISION NOT NULL, fp TEXT NOT NULL, step TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS trace_session ON trace(session_id, id);
    CREATE TABLE IF NOT EXISTS raw (
        ref TEXT PRIMARY KEY, session_id TEXT NOT NULL, ts DOUBLE PRECISION NOT NULL,
        source TEXT NOT NULL DEFAULT '', data BYTEA NOT NULL
    );
    CREATE INDEX IF NOT EXISTS raw_session ON raw(session_id);
    CREATE INDEX IF NOT EXISTS raw_ts ON raw(ts);
    CREATE TABLE IF NOT EXISTS sessions (
        session_id TEXT PRIMARY KEY, last_ts DOUBLE PRECISION NOT NULL,
        steps_total BIGINT NOT NULL DEFAULT 0, last_step_count BIGINT NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS sessions_last_ts ON sessions(last_ts);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
TABLES = ("calls", "trace", "raw", "sessions")


class SchemaTooNew(RuntimeError):
    pass


def migrate(conn: Any) -> int:
    """Bring the schema to SCHEMA_VERSION; return the version found. `conn` is in autocommit mode.

    Two replicas starting at once both get here: the advisory lock makes the second wait and then
    find nothing to do, instead of racing on CREATE TABLE.
    """
    conn.execute("SELECT pg_advisory_lock(%s, %s)", MIGRATION_LOCK)
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version ("
            " version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        found = int(conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0])
        if found > SCHEMA_VERSION:
            raise SchemaTooNew(
                f"The database's schema is version {found}, newer than this supervisor-mcp knows "
                f"({SCHEMA_VERSION}): upgrade supervisor-mcp on this replica to the fleet's version."
            )
        for version in range(found + 1, SCHEMA_VERSION + 1):
            with conn.transaction():
                conn.execute(MIGRATIONS[version - 1])
                conn.execute("INSERT INTO schema_version(version) VALUES (%s)", (version,))
        return found
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s, %s)", MIGRATION_LOCK)


# Sessions idle past the TTL go, with everything they own, in one statement.
PRUNE_STALE = f"""
WITH stale AS (DELETE FROM sessions WHERE last_ts < {NOW} - %(ttl_s)s RETURNING session_id),
     c AS (DELETE FROM calls WHERE session_id IN (SELECT session_id FROM stale)),
     t AS (DELETE FROM trace WHERE session_id IN (SELECT session_id FROM stale)),
     r AS (DELETE FROM raw WHERE session_id IN (SELECT session_id FROM stale))
SELECT COUNT(*) FROM stale
"""

# Keep the newest originals whose sizes add up to the cap; delete the rest (the oldest first, as
# SQLite does, but as one set-based statement instead of a loop over rows).
PRUNE_SIZE = """
DELETE FROM raw WHERE ref IN (
    SELECT ref FROM (
        SELECT ref, SUM(octet_length(data)) OVER (ORDER BY ts DESC, ref DESC) AS newer_bytes FROM raw
    ) sized WHERE newer_bytes > %(max_bytes)s
)
"""
RAW_BYTES = "SELECT COALESCE(SUM(octet_length(data)), 0) FROM raw"
# One session's quota: keep its newest originals that fit (the new one first), drop older ones.
TRIM_SESSION_RAW = """
DELETE FROM raw WHERE ref IN (
    SELECT ref FROM (
        SELECT ref, SUM(octet_length(data)) OVER (ORDER BY ts DESC, ref DESC) AS newer_bytes
        FROM raw WHERE session_id = %(sid)s
    ) sized WHERE newer_bytes > %(max_bytes)s
)
"""

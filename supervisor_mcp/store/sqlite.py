"""Session memory in SQLite, the embedded default: one file (or `:memory:`), no server.

One connection guarded by a lock, and each multi-statement change in one IMMEDIATE transaction, so
concurrent requests, worker threads and other processes on the same file serialise safely.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from supervisor_mcp.models import SessionSummary, Step
from supervisor_mcp.store.base import (
    MAX_TRACE_PER_SESSION,
    CallRecord,
    DecideGuided,
    Trace,
    build_summary,
    clip_step,
    guided_step,
)
from supervisor_mcp.trace import fingerprint, merge_new_steps

_SCHEMA = """
CREATE TABLE IF NOT EXISTS calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT NOT NULL, tool TEXT NOT NULL, sub_task TEXT NOT NULL DEFAULT '',
    ts REAL NOT NULL, action TEXT NOT NULL, label TEXT NOT NULL DEFAULT '',
    engine TEXT NOT NULL, degraded INTEGER NOT NULL DEFAULT 0,
    chars_removed INTEGER NOT NULL DEFAULT 0,
    prompt_tokens INTEGER NOT NULL DEFAULT 0, completion_tokens INTEGER NOT NULL DEFAULT 0,
    cost_usd REAL, cost_known INTEGER NOT NULL DEFAULT 1, duration_ms REAL NOT NULL DEFAULT 0,
    result TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS calls_session ON calls(session_id, tool, sub_task);
CREATE TABLE IF NOT EXISTS trace (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT NOT NULL, ts REAL NOT NULL, fp TEXT NOT NULL, step TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS trace_session ON trace(session_id, id);
CREATE TABLE IF NOT EXISTS raw (
    ref TEXT PRIMARY KEY, session_id TEXT NOT NULL, ts REAL NOT NULL,
    source TEXT NOT NULL DEFAULT '', text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS raw_session ON raw(session_id, ts);
CREATE TABLE IF NOT EXISTS sessions (
    session_id TEXT PRIMARY KEY, last_ts REAL NOT NULL,
    steps_total INTEGER NOT NULL DEFAULT 0, last_step_count INTEGER NOT NULL DEFAULT 0
);
"""
_INSERT_CALL = (
    "INSERT INTO calls(session_id, tool, sub_task, ts, action, label, engine, degraded, chars_removed,"
    " prompt_tokens, completion_tokens, cost_usd, cost_known, duration_ms, result)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)
# The session's quota: keep its newest originals that fit, drop the older ones.
_TRIM_SESSION_RAW = (
    "DELETE FROM raw WHERE ref IN (SELECT ref FROM (SELECT ref, SUM(length(CAST(text AS BLOB)))"
    " OVER (ORDER BY ts DESC, rowid DESC) AS kept FROM raw WHERE session_id=?1) WHERE kept > ?2)"
)
_TOUCH = (
    "INSERT INTO sessions(session_id, last_ts) VALUES (?, ?) "
    "ON CONFLICT(session_id) DO UPDATE SET last_ts = excluded.last_ts"
)


def _call_params(rec: CallRecord) -> tuple[Any, ...]:
    usage = rec.usage
    return (
        rec.session_id, rec.tool, rec.sub_task, time.time(), rec.action, rec.label, rec.engine, int(rec.degraded),
        rec.chars_removed, usage.prompt_tokens, usage.completion_tokens, usage.cost_usd or 0.0,
        int(usage.cost_usd is not None), rec.duration_ms, json.dumps(rec.result, ensure_ascii=False),
    )


class SQLiteStore:
    def __init__(self, path: str, ttl_hours: float = 72.0, max_mb: float = 256.0, session_mb: float = 32.0) -> None:
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            path = str(Path(path).expanduser())
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self._lock = threading.Lock()
        self._ttl_s = ttl_hours * 3600
        self._max_bytes = int(max_mb * 1024 * 1024)
        self._session_bytes = int(session_mb * 1024 * 1024)
        self._writes = 0
        with self._lock:
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA busy_timeout=30000")
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(sessions)")}
            for column in ("steps_total", "last_step_count"):
                if column not in columns:  # a database written by an earlier version
                    self._db.execute(f"ALTER TABLE sessions ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")
        self.prune()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        # IMMEDIATE takes the write lock at BEGIN: reads inside the transaction cannot go stale.
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    # --- calls ------------------------------------------------------------------------------------
    def record_call(self, rec: CallRecord) -> None:
        with self._transaction() as db:
            db.execute(_TOUCH, (rec.session_id, time.time()))
            db.execute(_INSERT_CALL, _call_params(rec))
        self._maybe_prune()

    def record_guided_call(self, session_id: str, sub_task: str, pattern: str, decide: DecideGuided) -> CallRecord:
        with self._transaction() as db:
            used = db.execute(
                "SELECT COUNT(*) FROM calls WHERE session_id=? AND sub_task=? AND tool='inefficiency_analysis'"
                " AND action='provide_guidance' AND label=?",
                (session_id, sub_task, pattern),
            ).fetchone()[0]
            rec = decide(int(used))
            db.execute(_TOUCH, (rec.session_id, time.time()))
            db.execute(_INSERT_CALL, _call_params(rec))
        self._maybe_prune()
        return rec

    # --- global trace -----------------------------------------------------------------------------
    def extend_trace(self, session_id: str, steps: list[Step], step_count: int = 0, sub_task: str = "") -> Trace:
        with self._transaction() as db:
            known = [r[0] for r in db.execute(
                "SELECT fp FROM trace WHERE session_id=? ORDER BY id", (session_id,)).fetchall()]
            row = db.execute("SELECT steps_total, last_step_count FROM sessions WHERE session_id=?",
                             (session_id,)).fetchone()
            total, last_count = row if row else (0, 0)
            expected = step_count - last_count if step_count > 0 and last_count > 0 else None
            new = merge_new_steps(known, steps, expected)
            now = time.time()
            db.execute(
                "INSERT INTO sessions(session_id, last_ts, steps_total, last_step_count) VALUES (?,?,?,?) "
                "ON CONFLICT(session_id) DO UPDATE SET last_ts=excluded.last_ts, "
                "steps_total=excluded.steps_total, last_step_count=excluded.last_step_count",
                (session_id, now, total + len(new), max(last_count, step_count)),
            )
            db.executemany(
                "INSERT INTO trace(session_id, ts, fp, step) VALUES (?,?,?,?)",
                [(session_id, now, fingerprint(s), clip_step(s).model_dump_json()) for s in new],
            )
            if len(known) + len(new) > MAX_TRACE_PER_SESSION:
                db.execute(
                    "DELETE FROM trace WHERE session_id=? AND id NOT IN (SELECT id FROM trace WHERE"
                    " session_id=? ORDER BY id DESC LIMIT ?)",
                    (session_id, session_id, MAX_TRACE_PER_SESSION),
                )
            stored = [Step.model_validate_json(r[0]) for r in db.execute(
                "SELECT step FROM trace WHERE session_id=? ORDER BY id", (session_id,)).fetchall()]
            guided = db.execute(
                "SELECT result FROM calls WHERE session_id=? AND sub_task=? AND tool='inefficiency_analysis'"
                " AND action='provide_guidance' ORDER BY id DESC LIMIT 1",
                (session_id, sub_task),
            ).fetchone()
        return Trace(stored, total + len(new), guided_step(guided[0] if guided else None))

    def trace(self, session_id: str) -> list[Step]:
        rows = self._query("SELECT step FROM trace WHERE session_id=? ORDER BY id", (session_id,))
        return [Step.model_validate_json(r[0]) for r in rows]

    # --- purified originals -----------------------------------------------------------------------
    def put_raw(self, session_id: str, text: str, source: str = "") -> str:
        ref = uuid.uuid4().hex[:16]
        with self._transaction() as db:
            db.execute(_TOUCH, (session_id, time.time()))
            db.execute("INSERT INTO raw(ref, session_id, ts, source, text) VALUES (?,?,?,?,?)",
                       (ref, session_id, time.time(), source, text))
            db.execute(_TRIM_SESSION_RAW, (session_id, self._session_bytes))
        return ref

    def get_raw(self, ref: str, owner_prefix: str = "") -> str | None:
        rows = self._query("SELECT text FROM raw WHERE ref=? AND substr(session_id, 1, ?)=?",
                           (ref, len(owner_prefix), owner_prefix))
        return rows[0][0] if rows else None

    # --- summaries --------------------------------------------------------------------------------
    def summary(self, session_id: str) -> SessionSummary | None:
        rows = self._query(
            "SELECT tool, sub_task, action, chars_removed, prompt_tokens, completion_tokens, cost_usd,"
            " cost_known FROM calls WHERE session_id=?",
            (session_id,),
        )
        steps = self._query("SELECT COALESCE(MAX(steps_total), 0) FROM sessions WHERE session_id=?",
                            (session_id,))[0][0]
        return build_summary(session_id, int(steps), rows)

    # --- bounds -----------------------------------------------------------------------------------
    def _maybe_prune(self) -> None:
        self._writes += 1
        if self._writes % 200 == 0:
            self.prune()

    def prune(self) -> None:
        """Drop sessions idle past the TTL, then the oldest originals while over the size cap."""
        cutoff = time.time() - self._ttl_s
        stale = [r[0] for r in self._query("SELECT session_id FROM sessions WHERE last_ts < ?", (cutoff,))]
        for sid in stale:
            with self._transaction() as db:
                for table in ("calls", "trace", "raw", "sessions"):
                    db.execute(f"DELETE FROM {table} WHERE session_id=?", (sid,))
        total = self._query("SELECT COALESCE(SUM(LENGTH(CAST(text AS BLOB))), 0) FROM raw")[0][0]
        if total <= self._max_bytes:
            return
        doomed = []
        for ref, size in self._query("SELECT ref, LENGTH(CAST(text AS BLOB)) FROM raw ORDER BY ts, rowid"):
            if total <= self._max_bytes:
                break
            doomed.append(ref)
            total -= size
        with self._transaction() as db:
            db.executemany("DELETE FROM raw WHERE ref=?", [(ref,) for ref in doomed])

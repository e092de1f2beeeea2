"""Session memory in SQLite: calls and decisions, the session's global trace, purified originals.

One connection guarded by a lock, and each multi-statement change in one IMMEDIATE transaction, so
concurrent requests, worker threads and other processes on the same file serialise safely.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from supervisor_mcp.models import SessionSummary, Step, Usage
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

INTERVENTIONS = ("provide_guidance", "correct_observation", "run_verification")
ESCALATED = "escalated:"  # label prefix of guidance given past the cap
_MAX_TRACE_PER_SESSION = 2000
# A stored step keeps its result's head and tail: detectors compare results, not read them whole,
# and the trace must stay bounded (fingerprints are taken on the full step before clipping).
_STORED_RESULT_CHARS = 4000


@dataclass
class Trace:
    steps: list[Step]
    total: int  # steps seen in the session since it began; the stored steps are its last ones

    def index_of(self, absolute: int) -> int:
        """Position in `steps` of the absolute step count `absolute` (clamped)."""
        return max(0, absolute - (self.total - len(self.steps)))


def _clip_step(step: Step) -> Step:
    text = step.result
    if len(text) <= 2 * _STORED_RESULT_CHARS:
        return step
    cut = len(text) - 2 * _STORED_RESULT_CHARS
    clipped = f"{text[:_STORED_RESULT_CHARS]}\n[... {cut} chars not stored ...]\n{text[-_STORED_RESULT_CHARS:]}"
    return step.model_copy(update={"result": clipped})


class Store:
    def __init__(self, path: str, ttl_hours: float = 72.0, max_mb: float = 256.0) -> None:
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            path = str(Path(path).expanduser())
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self._lock = threading.Lock()
        self._ttl_s = ttl_hours * 3600
        self._max_bytes = int(max_mb * 1024 * 1024)
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

    def _tx(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    self._db.execute(sql, params)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def _touch(self, session_id: str) -> tuple[str, tuple[Any, ...]]:
        return (
            "INSERT INTO sessions(session_id, last_ts) VALUES (?, ?) "
            "ON CONFLICT(session_id) DO UPDATE SET last_ts = excluded.last_ts",
            (session_id, time.time()),
        )

    # --- calls ------------------------------------------------------------------------------------
    def record_call(
        self, *, session_id: str, tool: str, sub_task: str, action: str, label: str, engine: str,
        degraded: bool, usage: Usage, chars_removed: int = 0, duration_ms: float = 0.0,
        result: dict[str, Any] | None = None,
    ) -> None:
        self._tx([
            self._touch(session_id),
            (
                "INSERT INTO calls(session_id, tool, sub_task, ts, action, label, engine, degraded,"
                " chars_removed, prompt_tokens, completion_tokens, cost_usd, cost_known, duration_ms,"
                " result) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    session_id, tool, sub_task, time.time(), action, label, engine, int(degraded),
                    chars_removed, usage.prompt_tokens, usage.completion_tokens, usage.cost_usd or 0.0,
                    int(usage.cost_usd is not None), duration_ms, json.dumps(result or {}, ensure_ascii=False),
                ),
            ),
        ])
        self._maybe_prune()

    def guidance_count(self, session_id: str, sub_task: str, pattern: str) -> int:
        """Guidance notes given for this sub-task and pattern, escalations not counted."""
        rows = self._query(
            "SELECT COUNT(*) FROM calls WHERE session_id=? AND sub_task=? AND tool='inefficiency_analysis'"
            " AND action='provide_guidance' AND label=?",
            (session_id, sub_task, pattern),
        )
        return int(rows[0][0])

    def last_guided_step(self, session_id: str, sub_task: str) -> int | None:
        """The session's step count at the last guidance for this sub-task (stored in its result)."""
        rows = self._query(
            "SELECT result FROM calls WHERE session_id=? AND sub_task=? AND tool='inefficiency_analysis'"
            " AND action='provide_guidance' ORDER BY id DESC LIMIT 1",
            (session_id, sub_task),
        )
        if not rows:
            return None
        return int(json.loads(rows[0][0]).get("steps_seen", 0))

    # --- global trace -----------------------------------------------------------------------------
    def extend_trace(self, session_id: str, steps: list[Step], step_count: int = 0) -> Trace:
        """Append the new part of an overlapping window, atomically; return the session's trace."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                known = [r[0] for r in self._db.execute(
                    "SELECT fp FROM trace WHERE session_id=? ORDER BY id", (session_id,)).fetchall()]
                row = self._db.execute("SELECT steps_total, last_step_count FROM sessions WHERE session_id=?",
                                       (session_id,)).fetchone()
                total, last_count = row if row else (0, 0)
                expected = step_count - last_count if step_count > 0 and last_count > 0 else None
                new = merge_new_steps(known, steps, expected)
                now = time.time()
                self._db.execute(
                    "INSERT INTO sessions(session_id, last_ts, steps_total, last_step_count) VALUES (?,?,?,?) "
                    "ON CONFLICT(session_id) DO UPDATE SET last_ts=excluded.last_ts, "
                    "steps_total=excluded.steps_total, last_step_count=excluded.last_step_count",
                    (session_id, now, total + len(new), max(last_count, step_count)),
                )
                self._db.executemany(
                    "INSERT INTO trace(session_id, ts, fp, step) VALUES (?,?,?,?)",
                    [(session_id, now, fingerprint(s), _clip_step(s).model_dump_json()) for s in new],
                )
                if len(known) + len(new) > _MAX_TRACE_PER_SESSION:
                    self._db.execute(
                        "DELETE FROM trace WHERE session_id=? AND id NOT IN (SELECT id FROM trace WHERE"
                        " session_id=? ORDER BY id DESC LIMIT ?)",
                        (session_id, session_id, _MAX_TRACE_PER_SESSION),
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return Trace(self.trace(session_id), total + len(new))

    def trace(self, session_id: str) -> list[Step]:
        rows = self._query("SELECT step FROM trace WHERE session_id=? ORDER BY id", (session_id,))
        return [Step.model_validate_json(r[0]) for r in rows]

    # --- purified originals -----------------------------------------------------------------------
    def put_raw(self, session_id: str, text: str, source: str = "") -> str:
        ref = uuid.uuid4().hex[:16]
        self._tx([
            self._touch(session_id),
            ("INSERT INTO raw(ref, session_id, ts, source, text) VALUES (?,?,?,?,?)",
             (ref, session_id, time.time(), source, text)),
        ])
        return ref

    def get_raw(self, ref: str) -> str | None:
        rows = self._query("SELECT text FROM raw WHERE ref=?", (ref,))
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
        if not rows and not steps:
            return None
        out = SessionSummary(session_id=session_id, steps_seen=steps)
        usage = Usage()
        for tool, sub_task, action, removed, p_tok, c_tok, cost, cost_known in rows:
            out.calls += 1
            out.calls_by_tool[tool] = out.calls_by_tool.get(tool, 0) + 1
            if action in INTERVENTIONS:
                out.interventions += 1
            if tool == "inefficiency_analysis" and action == "provide_guidance":
                out.guidance_by_sub_task[sub_task] = out.guidance_by_sub_task.get(sub_task, 0) + 1
            out.chars_removed += removed
            usage = usage + Usage(
                prompt_tokens=p_tok, completion_tokens=c_tok, total_tokens=p_tok + c_tok,
                cost_usd=cost if cost_known else None,
            )
        out.usage = usage
        out.tokens_removed_est = out.chars_removed // 4
        out.net_tokens_saved_est = out.tokens_removed_est - usage.total_tokens
        return out

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
            self._tx([
                (f"DELETE FROM {table} WHERE session_id=?", (sid,))
                for table in ("calls", "trace", "raw", "sessions")
            ])
        total = self._query("SELECT COALESCE(SUM(LENGTH(CAST(text AS BLOB))), 0) FROM raw")[0][0]
        if total <= self._max_bytes:
            return
        doomed = []
        for ref, size in self._query("SELECT ref, LENGTH(CAST(text AS BLOB)) FROM raw ORDER BY ts, rowid"):
            if total <= self._max_bytes:
                break
            doomed.append(ref)
            total -= size
        self._tx([("DELETE FROM raw WHERE ref=?", (ref,)) for ref in doomed])

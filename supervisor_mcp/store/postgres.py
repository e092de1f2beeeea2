"""Session memory in PostgreSQL, shared by every replica of a fleet (psycopg 3 and a connection pool).

Any replica may answer any call, so each multi-statement change is one transaction, and the two
that read before they write (guidance counting, trace merging) first take a transaction-scoped
advisory lock on their session: two replicas serving one session queue instead of both passing
the guidance cap or both appending the same steps.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from supervisor_mcp.models import SessionSummary, Step
from supervisor_mcp.store.base import (
    MAX_TRACE_PER_SESSION,
    CallRecord,
    DecideGuided,
    StoreUnavailable,
    Trace,
    build_summary,
    clip_step,
    guided_step,
)
from supervisor_mcp.store.pg_schema import (
    GUIDANCE_LOCK_CLASS,
    NOW,
    PRUNE_LOCK,
    PRUNE_SIZE,
    PRUNE_STALE,
    RAW_BYTES,
    TABLES,
    TRACE_LOCK_CLASS,
    TRIM_SESSION_RAW,
    SchemaTooNew,
    migrate,
)
from supervisor_mcp.trace import fingerprint, merge_new_steps

POOL_MAX = 10  # per replica; a replica serves calls on one event loop plus a few worker threads
CONNECT_TIMEOUT_S = 10
_INSERT_CALL = (
    "INSERT INTO calls(session_id, tool, sub_task, ts, action, label, engine, degraded, chars_removed,"
    " prompt_tokens, completion_tokens, cost_usd, cost_known, duration_ms, result)"
    f" VALUES (%s,%s,%s,{NOW},%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)"
)
_TOUCH = (
    f"INSERT INTO sessions(session_id, last_ts) VALUES (%s, {NOW}) "
    "ON CONFLICT (session_id) DO UPDATE SET last_ts = excluded.last_ts"
)
_LAST_GUIDANCE = (
    "SELECT result FROM calls WHERE session_id=%s AND sub_task=%s AND tool='inefficiency_analysis'"
    " AND action='provide_guidance' ORDER BY id DESC LIMIT 1"
)


def _text(value: str) -> str:
    # PostgreSQL text takes neither NUL nor lone surrogates (SQLite takes both): keep the rest intact.
    if "\x00" in value:
        value = value.replace("\x00", "\ufffd")
    return value.encode("utf-8", "replace").decode("utf-8")


def _call_params(rec: CallRecord) -> tuple[Any, ...]:
    usage = rec.usage
    return (
        _text(rec.session_id), _text(rec.tool), _text(rec.sub_task), _text(rec.action), _text(rec.label),
        _text(rec.engine), rec.degraded, rec.chars_removed, usage.prompt_tokens, usage.completion_tokens,
        usage.cost_usd or 0.0, usage.cost_usd is not None, rec.duration_ms,
        # ASCII-escaped JSON: any NUL or surrogate in a result becomes an escape PostgreSQL accepts.
        json.dumps(rec.result, ensure_ascii=True),
    )


def _redacted(url: str) -> str:
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "the configured URL"
    return f"{info.get('host', 'localhost')}:{info.get('port', 5432)}/{info.get('dbname', '')}"


class PostgresStore:
    def __init__(
        self, url: str, ttl_hours: float = 72.0, max_mb: float = 256.0, session_mb: float = 32.0,
        pool_max: int = POOL_MAX,
    ) -> None:
        self._ttl_s = ttl_hours * 3600
        self._max_bytes = int(max_mb * 1024 * 1024)
        self._session_bytes = int(session_mb * 1024 * 1024)
        self._writes = 0
        where = _redacted(url)
        try:
            # One direct connection for the migration: its error names the real cause (refused,
            # bad password, no such database) where a pool would only time out.
            with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S) as conn:
                migrate(conn)
        except SchemaTooNew as exc:
            raise StoreUnavailable(str(exc)) from None
        except psycopg.Error as exc:
            raise StoreUnavailable(
                f"Cannot use the PostgreSQL database at {where}: {str(exc).strip()}. Check SUPERVISOR_DB "
                "(postgresql://user:password@host:port/dbname), that the server is up, and that the user may "
                "create tables in that database."
            ) from None
        self._pool: ConnectionPool[psycopg.Connection[tuple[Any, ...]]] = ConnectionPool(
            url, min_size=1, max_size=max(1, pool_max), open=True, name="supervisor-mcp",
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT_S},
            # A connection the server dropped (restart, failover, idle timeout) is replaced before use.
            check=ConnectionPool.check_connection, timeout=30.0,
        )
        self._where = where
        self.prune()

    def close(self) -> None:
        self._pool.close()

    @contextmanager
    def _conn(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        try:
            with self._pool.connection() as conn:
                yield conn
        except PoolTimeout:
            raise StoreUnavailable(
                f"No connection to PostgreSQL at {self._where} within 30 s: the server is down or at "
                "max_connections (each replica holds up to 10)."
            ) from None

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        with self._conn() as conn, conn.transaction():
            yield conn

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._conn() as conn:
            return conn.execute(sql, params).fetchall()

    # --- calls ------------------------------------------------------------------------------------
    def record_call(self, rec: CallRecord) -> None:
        with self._transaction() as db:
            db.execute(_TOUCH, (_text(rec.session_id),))
            db.execute(_INSERT_CALL, _call_params(rec))
        self._maybe_prune()

    def record_guided_call(self, session_id: str, sub_task: str, pattern: str, decide: DecideGuided) -> CallRecord:
        sid, sub = _text(session_id), _text(sub_task)
        with self._transaction() as db:
            # Held until commit: a second replica counting this sub-task waits and then sees this call.
            db.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s || chr(31) || %s))",
                       (GUIDANCE_LOCK_CLASS, sid, sub))
            row = db.execute(
                "SELECT COUNT(*) FROM calls WHERE session_id=%s AND sub_task=%s AND tool='inefficiency_analysis'"
                " AND action='provide_guidance' AND label=%s",
                (sid, sub, _text(pattern)),
            ).fetchone()
            rec = decide(int(row[0]) if row else 0)
            db.execute(_TOUCH, (_text(rec.session_id),))
            db.execute(_INSERT_CALL, _call_params(rec))
        self._maybe_prune()
        return rec

    # --- global trace -----------------------------------------------------------------------------
    def extend_trace(self, session_id: str, steps: list[Step], step_count: int = 0, sub_task: str = "") -> Trace:
        sid = _text(session_id)
        with self._transaction() as db:
            db.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (TRACE_LOCK_CLASS, sid))
            known = [r[0] for r in db.execute(
                "SELECT fp FROM trace WHERE session_id=%s ORDER BY id", (sid,)).fetchall()]
            row = db.execute("SELECT steps_total, last_step_count FROM sessions WHERE session_id=%s",
                             (sid,)).fetchone()
            total, last_count = (int(row[0]), int(row[1])) if row else (0, 0)
            expected = step_count - last_count if step_count > 0 and last_count > 0 else None
            new = merge_new_steps(known, steps, expected)
            db.execute(
                f"INSERT INTO sessions(session_id, last_ts, steps_total, last_step_count) VALUES (%s,{NOW},%s,%s) "
                "ON CONFLICT (session_id) DO UPDATE SET last_ts=excluded.last_ts, "
                "steps_total=excluded.steps_total, last_step_count=excluded.last_step_count",
                (sid, total + len(new), max(last_count, step_count)),
            )
            if new:
                with db.cursor() as cur:
                    cur.executemany(
                        f"INSERT INTO trace(session_id, ts, fp, step) VALUES (%s,{NOW},%s,%s)",
                        [(sid, fingerprint(s), _text(clip_step(s).model_dump_json())) for s in new],
                    )
            if len(known) + len(new) > MAX_TRACE_PER_SESSION:
                db.execute(
                    "DELETE FROM trace WHERE session_id=%s AND id < (SELECT id FROM trace WHERE session_id=%s"
                    " ORDER BY id DESC OFFSET %s LIMIT 1)",
                    (sid, sid, MAX_TRACE_PER_SESSION - 1),
                )
            stored = [Step.model_validate_json(r[0]) for r in db.execute(
                "SELECT step FROM trace WHERE session_id=%s ORDER BY id", (sid,)).fetchall()]
            guided = db.execute(_LAST_GUIDANCE, (sid, _text(sub_task))).fetchone()
        return Trace(stored, total + len(new), guided_step(guided[0] if guided else None))

    def trace(self, session_id: str) -> list[Step]:
        rows = self._query("SELECT step FROM trace WHERE session_id=%s ORDER BY id", (_text(session_id),))
        return [Step.model_validate_json(r[0]) for r in rows]

    # --- purified originals -----------------------------------------------------------------------
    def put_raw(self, session_id: str, text: str, source: str = "") -> str:
        ref = uuid.uuid4().hex[:16]
        # Stored as bytes: an original must come back exactly, NULs and all, which text cannot hold.
        data = text.encode("utf-8", "surrogatepass")
        with self._transaction() as db:
            db.execute(_TOUCH, (_text(session_id),))
            db.execute(f"INSERT INTO raw(ref, session_id, ts, source, data) VALUES (%s,%s,{NOW},%s,%s)",
                       (ref, _text(session_id), _text(source), data))
            db.execute(TRIM_SESSION_RAW, {"sid": _text(session_id), "max_bytes": self._session_bytes})
        return ref

    def get_raw(self, ref: str, owner_prefix: str = "") -> str | None:
        prefix = _text(owner_prefix)
        rows = self._query("SELECT data FROM raw WHERE ref=%s AND left(session_id, %s)=%s",
                           (_text(ref), len(prefix), prefix))
        return bytes(rows[0][0]).decode("utf-8", "surrogatepass") if rows else None

    # --- summaries --------------------------------------------------------------------------------
    def summary(self, session_id: str) -> SessionSummary | None:
        sid = _text(session_id)
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT tool, sub_task, action, chars_removed, prompt_tokens, completion_tokens, cost_usd,"
                " cost_known::int FROM calls WHERE session_id=%s ORDER BY id",
                (sid,),
            ).fetchall()
            found = conn.execute("SELECT steps_total FROM sessions WHERE session_id=%s", (sid,)).fetchone()
        return build_summary(session_id, int(found[0]) if found else 0, [tuple(r) for r in rows])

    # --- bounds -----------------------------------------------------------------------------------
    def _maybe_prune(self) -> None:
        self._writes += 1
        if self._writes % 200 == 0:
            self.prune()

    def prune(self) -> None:
        """Drop sessions idle past the TTL, then the oldest originals while over the size cap.

        Whichever replica takes the lock prunes; the others skip this round rather than queue up
        behind the same DELETEs.
        """
        with self._transaction() as db:
            got = db.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", PRUNE_LOCK).fetchone()
            if not got or not got[0]:
                return
            db.execute(PRUNE_STALE, {"ttl_s": self._ttl_s})
            size = db.execute(RAW_BYTES).fetchone()
            if size and int(size[0]) > self._max_bytes:
                db.execute(PRUNE_SIZE, {"max_bytes": self._max_bytes})

    # --- for tests and operators ------------------------------------------------------------------
    def ping(self) -> bool:
        """True when the database answers."""
        try:
            return bool(self._query("SELECT 1"))
        except (psycopg.Error, StoreUnavailable):
            return False

    def truncate(self) -> None:
        """Empty every table (tests reuse one database rather than a cluster each)."""
        with self._transaction() as db:
            db.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY")

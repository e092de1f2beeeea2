"""What only a shared database must promise: several replicas (here, several stores on one database)
never pass the guidance cap together, never append a window twice, migrate once, and prune safely."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from pg_cluster import Cluster

from supervisor_mcp.models import Step, Usage
from supervisor_mcp.store import CallRecord, StoreUnavailable, open_store
from supervisor_mcp.store.pg_schema import SCHEMA_VERSION

pytest.importorskip("psycopg", reason="pip install -e '.[postgres]'")
from supervisor_mcp.store.postgres import PostgresStore


@pytest.fixture
def replicas(pg_url: str) -> Iterator[list[PostgresStore]]:
    """Three stores, each with its own pool, on one emptied database: three replicas' view of it."""
    stores = [PostgresStore(pg_url) for _ in range(3)]
    stores[0].truncate()
    yield stores
    for store in stores:
        store.close()


@pytest.fixture
def fresh_db(pg_cluster: Cluster, request: pytest.FixtureRequest) -> str:
    return pg_cluster.create_database(f"fresh_{request.node.name[-40:].lower()}")


def _in_threads(work: Callable[[int], None], count: int) -> None:
    errors: list[BaseException] = []

    def run(n: int) -> None:
        try:
            work(n)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_guidance_cap_holds_across_replicas(replicas):
    cap = 2

    def guide(n: int) -> None:
        def decide(used: int) -> CallRecord:
            action = "provide_guidance" if used < cap else "approve"
            return CallRecord(session_id="s1", tool="inefficiency_analysis", sub_task="a", action=action,
                              label="paging_crawl", engine="heuristic", degraded=False, usage=Usage())

        for _ in range(4):
            replicas[n % len(replicas)].record_guided_call("s1", "a", "paging_crawl", decide)

    _in_threads(guide, 9)
    summary = replicas[0].summary("s1")
    assert summary.calls == 36 and summary.guidance_by_sub_task == {"a": cap}


def test_one_window_sent_to_every_replica_at_once_is_appended_once(replicas):
    window = [Step(tool="bash", args=f"sed -n {i}p f.py", result=str(i)) for i in range(5)]
    _in_threads(lambda n: replicas[n % 3].extend_trace("s1", window, step_count=5), 9)
    assert [s.args for s in replicas[1].trace("s1")] == [s.args for s in window]
    assert replicas[2].summary("s1") is None or replicas[2].summary("s1").steps_seen == 5


def test_every_replica_reads_what_another_wrote(replicas):
    ref = replicas[0].put_raw("s1", "the original page")
    replicas[1].record_call(CallRecord(session_id="s1", tool="error_analysis", sub_task="", action="approve",
                                       label="", engine="heuristic", degraded=False, usage=Usage()))
    assert all(r.get_raw(ref) == "the original page" for r in replicas)
    assert all(r.summary("s1").calls == 1 for r in replicas)


def test_replicas_pruning_at_once_agree(pg_url):
    stores = [PostgresStore(pg_url, ttl_hours=1e-9, max_mb=0.01) for _ in range(3)]
    try:
        stores[0].truncate()
        refs = [stores[n % 3].put_raw(f"s{n}", "x" * 4000) for n in range(6)]
        _in_threads(lambda n: stores[n % 3].prune(), 6)
        stores[0].prune()  # a round every replica skipped (lock taken) is made up by the next one
        assert all(stores[0].get_raw(ref) is None for ref in refs)
    finally:
        for store in stores:
            store.close()


def test_replicas_starting_at_once_migrate_once(fresh_db):
    opened: list[PostgresStore] = []
    _in_threads(lambda n: opened.append(PostgresStore(fresh_db)), 4)
    try:
        rows = opened[0]._query("SELECT version FROM schema_version")
        assert rows == [(SCHEMA_VERSION,)]
        again = PostgresStore(fresh_db)  # a restart: nothing to do, nothing lost
        opened.append(again)
        assert again._query("SELECT COUNT(*) FROM schema_version") == [(1,)]
    finally:
        for store in opened:
            store.close()


def test_a_schema_from_a_newer_release_is_refused_with_what_to_do(fresh_db):
    store = PostgresStore(fresh_db)
    store._query("INSERT INTO schema_version(version) VALUES (%s) RETURNING version", (SCHEMA_VERSION + 1,))
    store.close()
    with pytest.raises(StoreUnavailable, match="upgrade supervisor-mcp"):
        PostgresStore(fresh_db)


def test_unreachable_database_says_what_to_check(pg_cluster):
    url = f"postgresql://postgres@127.0.0.1:{pg_cluster.port}/no_such_database"
    with pytest.raises(StoreUnavailable, match="Check SUPERVISOR_DB") as info:
        open_store(url)
    assert "no_such_database" in str(info.value)

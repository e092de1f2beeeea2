import os
import subprocess
import sys
import threading

import pytest

from supervisor_mcp.models import Step, Usage
from supervisor_mcp.store import CallRecord, Store, StoreUnavailable, describe_db, is_shared, open_store


def _call(store: Store, session: str = "s1", **kw):
    args = dict(session_id=session, tool="inefficiency_analysis", sub_task="", action="provide_guidance",
                label="paging_crawl", engine="heuristic", degraded=False, usage=Usage())
    args.update(kw)
    store.record_call(CallRecord(**args))


def _guidance_used(store: Store, session: str, sub_task: str, pattern: str) -> int:
    seen: list[int] = []

    def decide(used: int) -> CallRecord:
        seen.append(used)
        return CallRecord(session_id=session, tool="inefficiency_analysis", sub_task=sub_task, action="approve",
                          label=pattern, engine="heuristic", degraded=False, usage=Usage())

    store.record_guided_call(session, sub_task, pattern, decide)
    return seen[0]


def test_raw_original_round_trips(make_store):
    store = make_store()
    ref = store.put_raw("s1", "x" * 10_000, source="https://example.org")
    assert store.get_raw(ref) == "x" * 10_000


def test_unknown_raw_ref_is_none(make_store):
    assert make_store().get_raw("nope") is None


def test_guidance_is_counted_per_sub_task(make_store):
    store = make_store()
    _call(store, sub_task="a")
    _call(store, sub_task="a")
    _call(store, sub_task="b")
    assert _guidance_used(store, "s1", "a", "paging_crawl") == 2
    assert _guidance_used(store, "s1", "b", "paging_crawl") == 1


def test_escalations_and_other_patterns_are_not_counted_as_guidance(make_store):
    store = make_store()
    _call(store, label="escalated:paging_crawl")
    _call(store, label="exact_loop")
    assert _guidance_used(store, "s1", "", "paging_crawl") == 0


def test_trace_grows_by_new_steps_only(make_store):
    store = make_store()
    steps = [Step(tool="bash", args=str(i)) for i in range(6)]
    store.extend_trace("s1", steps[:4])
    trace = store.extend_trace("s1", steps[2:6])
    assert [s.args for s in trace.steps] == [str(i) for i in range(6)] and trace.total == 6


def test_session_joined_mid_run_does_not_reappend_resent_windows(make_store):
    store = make_store()
    steps = [Step(tool="bash", args=f"cat f{i}.py", result=str(i)) for i in range(60)]
    for k in range(40, 60):
        trace = store.extend_trace("s1", steps[k - 4: k + 1], step_count=k)
    assert trace.total == 24 and [s.args for s in trace.steps] == [f"cat f{i}.py" for i in range(36, 60)]


def test_identical_window_grows_by_the_step_counter(make_store):
    store = make_store()
    same = [Step(tool="bash", args="pytest -x", result="1 failed")] * 5
    store.extend_trace("s1", same, step_count=5)
    store.extend_trace("s1", same, step_count=5)
    assert store.extend_trace("s1", same, step_count=6).total == 6


def test_huge_results_are_stored_clipped(make_store):
    store = make_store()
    trace = store.extend_trace("s1", [Step(tool="cat", args="big.log", result="x" * 100_000)])
    assert len(trace.steps[0].result) < 9_000 and "not stored" in trace.steps[0].result


def test_summary_counts_savings_net_of_supervisor_usage(make_store):
    store = make_store()
    _call(store, tool="sub_agent_result_synthesis", action="correct_observation", chars_removed=8000,
          usage=Usage(prompt_tokens=300, completion_tokens=100, total_tokens=400, cost_usd=0.001))
    summary = store.summary("s1")
    assert summary.tokens_removed_est == 2000
    assert summary.net_tokens_saved_est == 1600
    assert summary.interventions == 1


def test_unknown_cost_makes_session_cost_unknown(make_store):
    store = make_store()
    _call(store, usage=Usage(prompt_tokens=1, completion_tokens=1, total_tokens=2, cost_usd=None))
    _call(store, usage=Usage(prompt_tokens=1, completion_tokens=1, total_tokens=2, cost_usd=0.5))
    assert store.summary("s1").usage.cost_usd is None


def test_stale_sessions_are_pruned(make_store):
    store = make_store(ttl_hours=1e-9)
    _call(store)
    store.prune()
    assert store.summary("s1") is None


def test_size_cap_drops_oldest_originals(make_store):
    store = make_store(max_mb=0.01)
    first = store.put_raw("s1", "a" * 8000)
    second = store.put_raw("s1", "b" * 8000)
    store.prune()
    assert store.get_raw(first) is None
    assert store.get_raw(second) == "b" * 8000


def test_concurrent_writers_lose_nothing(make_store):
    store = make_store()

    def work(n: int) -> None:
        for i in range(25):
            _call(store, session=f"s{n}")
            store.extend_trace(f"s{n}", [Step(tool="t", args=str(i))])

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for n in range(4):
        assert store.summary(f"s{n}").calls == 25
        assert store.summary(f"s{n}").steps_seen == 25
        assert len(store.trace(f"s{n}")) == 25


def test_data_survives_reopen(make_store):
    ref = make_store().put_raw("s1", "original")
    assert make_store().get_raw(ref) == "original"


def test_concurrent_guidance_never_passes_the_cap(make_store):
    store = make_store()
    cap = 2

    def guide() -> None:
        def decide(used: int) -> CallRecord:
            action = "provide_guidance" if used < cap else "approve"
            return CallRecord(session_id="s1", tool="inefficiency_analysis", sub_task="a", action=action,
                              label="paging_crawl", engine="heuristic", degraded=False, usage=Usage())

        store.record_guided_call("s1", "a", "paging_crawl", decide)

    threads = [threading.Thread(target=guide) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.summary("s1").guidance_by_sub_task == {"a": cap}


def test_originals_round_trip_exactly_whatever_they_hold(make_store):
    store = make_store()
    text = "nul\x00 byte, emoji 🙂, CJK 漢字, control \x1b[0m, and a tail" * 50
    ref = store.put_raw("s1", text, source="file\x00name")
    assert store.get_raw(ref) == text


def test_unknown_session_has_no_summary(make_store):
    assert make_store().summary("never-seen") is None


def test_postgres_url_without_the_driver_says_which_extra_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "supervisor_mcp.store.postgres", None)
    with pytest.raises(StoreUnavailable, match=r"pip install 'supervisor-mcp\[postgres\]'"):
        open_store("postgresql://u@127.0.0.1:1/db")


def test_the_default_store_does_not_import_the_postgres_driver():
    code = ("import sys; from supervisor_mcp.server import build_server; from supervisor_mcp.settings import Settings;"
            " build_server(Settings(_env_file=None, db=':memory:')); print('psycopg' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "False"


def test_which_databases_are_shared():
    assert is_shared("postgresql://u@h/db") and is_shared("postgres://u@h/db") and is_shared(" POSTGRESQL://h/db")
    assert not is_shared(":memory:") and not is_shared("/var/lib/sessions.sqlite3")


def test_serve_with_an_unreachable_database_exits_with_what_to_check():
    env = {**os.environ, "SUPERVISOR_DB": "postgresql://supervisor:s3cret@127.0.0.1:1/fleet"}
    proc = subprocess.run([sys.executable, "-m", "supervisor_mcp", "serve", "--transport", "http"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2
    assert "Check SUPERVISOR_DB" in proc.stderr and "Traceback" not in proc.stderr and "s3cret" not in proc.stderr


def test_log_lines_mask_the_database_password():
    assert describe_db("postgresql://u:s3cret@db:5432/x") == "postgresql://u:***@db:5432/x"
    assert describe_db("/tmp/db.sqlite3") == "/tmp/db.sqlite3"

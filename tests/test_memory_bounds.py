"""Memory stays bounded whatever the arguments: caches count bytes, and RSS does not grow with calls."""

import json
import subprocess
import sys
from pathlib import Path

from supervisor_mcp.heuristics.loops.shape import shape_of
from supervisor_mcp.heuristics.memo import MB, bounded_cache
from supervisor_mcp.models import Step

PROBE = Path(__file__).with_name("rss_probe.py")


def test_a_cache_holds_at_most_its_byte_budget():
    cached = bounded_cache(max_bytes=64 * 1024)(lambda text: text.upper())
    for i in range(1000):
        cached(f"{i:04d}" + "a" * 1000)
    assert cached.bytes <= 64 * 1024


def test_an_argument_too_large_to_keep_is_computed_but_not_stored():
    cached = bounded_cache(max_bytes=MB, max_entry_bytes=1024)(len)
    assert cached("x" * 10_000) == 10_000 and cached.bytes == 0


def test_the_least_recently_used_entry_goes_first():
    calls: list[str] = []
    cached = bounded_cache(max_bytes=3 * 600)(lambda text: calls.append(text) or text)
    for text in ("a" * 100, "b" * 100, "a" * 100, "c" * 100, "d" * 100, "a" * 100):
        cached(text)
    assert calls.count("a" * 100) == 1 and calls.count("b" * 100) == 1


def test_shapes_of_huge_arguments_do_not_accumulate():
    from supervisor_mcp.heuristics.loops import shape

    for i in range(50):
        shape_of(Step(tool="bash", args=f"{i} " + "x" * MB, result="ok"))
    assert shape._shape.bytes <= 8 * MB


def test_rss_stays_under_300_mb_after_200_calls_with_1_mb_arguments(tmp_path):
    proc = subprocess.run([sys.executable, str(PROBE), "200", str(tmp_path / "db.sqlite3")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    measured = json.loads(proc.stdout.strip().splitlines()[-1])
    assert measured["calls"] == 200 and measured["rss_mb"] < 300, measured

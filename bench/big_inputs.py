"""Big inputs through the real server over streamable HTTP: 4 MB logs, listings and pages.

    .venv/bin/python bench/big_inputs.py [--data ../shared/data] [--out bench/results/big_inputs.json]

Prints, for each kind of 4 MB result: the time to purify it, beside the time the protocol takes to
pass the same payload through unchanged (a server whose threshold approves it untouched); and the
latency other sessions see for `error_analysis` while a 4 MB call runs, beside their idle latency.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

HERE = Path(__file__).resolve().parent
SIZE = 3_900_000  # characters: JSON escaping must keep the request under the SDK's 4 MiB body cap
TASK = "Find why test_distance fails in sympy/geometry/point.py and fix Point.distance."
ERROR = {"task": TASK, "error": "ModuleNotFoundError: No module named 'yaml'", "action": "python build.py"}


def _log(rng: random.Random) -> str:
    lines, size = [], 0
    while size < SIZE:
        n = rng.randrange(100_000)
        line = rng.choice([
            f"2026-11-02 10:{n % 60:02d}:{n % 59:02d} INFO worker-{n % 16} processed batch {n} in {n % 997} ms",
            f"tests/geometry/test_point.py::test_case_{n} PASSED [{n % 100:3d}%]",
            f"WARNING: retrying request {n} to shard {n % 7} (attempt {n % 3 + 1})",
            f"DEBUG cache hit ratio {n % 100}.{n % 10}% for key point:{n}",
        ])
        lines.append(line)
        size += len(line) + 1
    lines.insert(len(lines) * 2 // 3, "ERROR test_distance: AssertionError: Point.distance returned 5, expected 3")
    return "\n".join(lines)


def _listing(rng: random.Random) -> str:
    dirs = ["sympy/geometry", "sympy/core", "sympy/polys", "doc/src/modules", "sympy/physics/units", "build/lib"]
    lines, size = [], 0
    while size < SIZE:
        n = rng.randrange(1_000_000)
        line = f"./{rng.choice(dirs)}/sub{n % 97}/module_{n}.py"
        lines.append(line)
        size += len(line) + 1
    lines.insert(len(lines) // 2, "./sympy/geometry/point.py")
    return "\n".join(lines)


def _html(data: Path | None, rng: random.Random) -> str:
    pages = sorted((data / "pages" / "aeb_dev").glob("*.html.gz")) if data else []
    if pages:
        bodies = [gzip.decompress(p.read_bytes()).decode("utf-8", "replace") for p in pages]
    else:
        bodies = ["<html><body><nav>Home | News</nav><article><h1>Point distance</h1><p>"
                  + " ".join(f"word{rng.randrange(5000)}" for _ in range(400)) + "</p></article></body></html>"]
    parts, size = [], 0
    while size < SIZE:
        body = bodies[len(parts) % len(bodies)]
        parts.append(body[: SIZE - size])
        size += len(parts[-1])
    return "<html><body>" + "".join(parts) + "</body></html>"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(env: dict[str, str]) -> Iterator[str]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "supervisor_mcp", "serve", "--transport", "http", "--port", str(port)],
        env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


async def _timed(client: Client, tool: str, args: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    result = await client.call_tool(tool, args)
    elapsed = time.perf_counter() - started
    if result.is_error:
        raise RuntimeError(f"{tool} failed: {result.content[0]}")
    return elapsed, result.structured_content or {}


async def _median_call(url: str, args: dict[str, Any], runs: int) -> tuple[float, dict[str, Any]]:
    times, out = [], {}
    async with Client(url) as client:
        for _ in range(runs):
            elapsed, out = await _timed(client, "sub_agent_result_synthesis", args)
            times.append(elapsed)
    return statistics.median(times), out


async def _latency_under_load(url: str, big: dict[str, Any]) -> dict[str, float]:
    idle: list[float] = []
    busy: list[float] = []
    async with Client(url) as probe, Client(url) as loader:
        for _ in range(30):
            idle.append((await _timed(probe, "error_analysis", ERROR))[0])
        done = anyio.Event()

        async def load() -> None:
            for _ in range(3):
                await _timed(loader, "sub_agent_result_synthesis", big)
            done.set()

        async with anyio.create_task_group() as tg:
            tg.start_soon(load)
            while not done.is_set():
                busy.append((await _timed(probe, "error_analysis", ERROR))[0])
    q = statistics.quantiles
    return {
        "idle_p50_ms": statistics.median(idle) * 1000, "busy_p50_ms": statistics.median(busy) * 1000,
        "busy_p99_ms": (q(busy, n=100)[98] if len(busy) > 2 else max(busy)) * 1000, "busy_calls": len(busy),
    }


async def measure(data: Path | None, runs: int) -> dict[str, Any]:
    rng = random.Random(7)
    payloads = {"log": _log(rng), "listing": _listing(rng), "html": _html(data, rng)}
    out: dict[str, Any] = {"chars": {k: len(v) for k, v in payloads.items()}, "kinds": {}}
    with tempfile.TemporaryDirectory() as tmp:
        passthrough_env = {"SUPERVISOR_DB": f"{tmp}/pass.sqlite3", "SUPERVISOR_OBS_THRESHOLD_CHARS": "10000000"}
        purify_env = {"SUPERVISOR_DB": f"{tmp}/purify.sqlite3"}
        with serving(passthrough_env) as passthrough, serving(purify_env) as purify:
            for kind, text in payloads.items():
                args = {"task": TASK, "result": text, "source": {"log": "pytest -x", "listing": "find . -name '*.py'",
                                                                 "html": "https://example.org/article"}[kind]}
                plain, _ = await _median_call(passthrough, args, runs)
                took, result = await _median_call(purify, args, runs)
                out["kinds"][kind] = {"purify_s": took, "passthrough_s": plain, "ratio": took / plain,
                                      "chars_out": result.get("chars_out"), "action": result.get("action")}
            html_args = {"task": TASK, "result": payloads["html"], "source": "https://example.org/article"}
            out["other_sessions"] = await _latency_under_load(purify, html_args)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, default=None, help="shared/data, for real pages (optional)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "big_inputs.json")
    args = parser.parse_args()
    results = anyio.run(measure, args.data, args.runs)
    print(f"{'4 MB result':<10} {'chars':>10} {'purify s':>9} {'pass-through s':>15} {'ratio':>6} {'chars out':>10}")
    for kind, row in results["kinds"].items():
        print(f"{kind:<10} {results['chars'][kind]:>10,} {row['purify_s']:>9.2f} {row['passthrough_s']:>15.2f} "
              f"{row['ratio']:>6.1f} {row['chars_out'] or 0:>10,}")
    other = results["other_sessions"]
    print(f"other sessions' error_analysis: idle p50 {other['idle_p50_ms']:.1f} ms; during 4 MB HTML calls "
          f"p50 {other['busy_p50_ms']:.1f} ms, p99 {other['busy_p99_ms']:.1f} ms ({other['busy_calls']} calls)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

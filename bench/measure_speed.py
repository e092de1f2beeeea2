"""Latency of heuristic calls through the MCP client: the fast path the paper's filter promises."""

from __future__ import annotations

import gzip
import json
import statistics
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

Call = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "n": len(ordered),
        "p50_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
    }


async def _timed(call: Call, tool: str, args: dict[str, Any]) -> float:
    started = time.perf_counter()
    await call(tool, args)
    return (time.perf_counter() - started) * 1000


def _page_100kb(data_dir: Path) -> str:
    """The largest dev page, padded with more of its own markup to at least 100 KB."""
    pages = sorted((data_dir / "pages" / "aeb_dev").glob("*.html.gz"), key=lambda p: p.stat().st_size)
    html = gzip.open(pages[-1], "rt", encoding="utf-8", errors="replace").read()
    while len(html.encode()) < 100_000:
        html = html.replace("</body>", html[len(html) // 2: len(html) // 2 + 20_000] + "</body>", 1)
    return html[:120_000]


async def measure(call: Call, data_dir: Path, limit: int | None = None) -> dict[str, Any]:
    errors = [json.loads(line) for line in (data_dir / "errors" / "errors_dev.jsonl").open()]
    runs = [json.loads(line) for line in gzip.open(data_dir / "trajectories" / "miniswe_dev.jsonl.gz", "rt")]
    out: dict[str, Any] = {}

    samples = [await _timed(call, "error_analysis", {"task": e["task"], "error": e["error"], "action": e["action"],
                                                      "session_id": "speed-errors"}) for e in errors]
    out["error_analysis"] = _percentiles(samples)

    samples = []
    for run in runs[:20]:
        steps = [{"tool": s["tool"], "args": s["args"], "result": s["observation"][:1500], "error": s["error"]}
                 for s in run["steps"]]
        for k in range(3, len(steps)):
            args = {"task": run["task"], "recent_steps": json.dumps(steps[max(0, k - 7): k + 1]),
                    "step_count": k, "session_id": f"speed-{run['id']}"}
            samples.append(await _timed(call, "inefficiency_analysis", args))
    out["inefficiency_analysis"] = _percentiles(samples)

    page = _page_100kb(data_dir)
    samples = [await _timed(call, "sub_agent_result_synthesis",
                            {"task": "Read the main article on this web page.", "result": page,
                             "session_id": "speed-page"}) for _ in range(30)]
    out["synthesis_100kb_page"] = {**_percentiles(samples), "chars": len(page)}

    # One 32 KB line with no break (minified code, a base64 blob): a pattern that backtracks is quadratic here.
    line = "".join(f"chunk{i}_" for i in range(4000))[:32_000]
    samples = [await _timed(call, tool, {"task": "Summarise the bundle.", key: line, "session_id": "speed-line"})
               for tool, key in (("sub_agent_result_synthesis", "result"), ("error_analysis", "error")) for _ in range(5)]
    out["one_32kb_line"] = {**_percentiles(samples), "chars": len(line)}
    return out

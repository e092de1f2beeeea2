"""Run by test_memory_bounds.py in its own process: N calls with 1 MB step arguments, then RSS."""

import json
import sys
import time
from pathlib import Path

import anyio
from mcp import Client

from supervisor_mcp.server import build_server
from supervisor_mcp.settings import Settings


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0

async def main(calls: int) -> None:
    async with Client(build_server(Settings(db=sys.argv[2], model=""))) as client:
        start = time.time()
        for i in range(calls):
            big = f"{i:06d}" + "x" * 1_000_000
            steps = [{"tool": "bash", "args": big, "result": "ok"},
                     {"tool": "edit", "args": {"path": big[:500_000]}, "result": "done"}]
            r = await client.call_tool("inefficiency_analysis", {
                "task": "t", "recent_steps": json.dumps(steps), "session_id": f"s{i % 7}"})
            assert not r.is_error, r.content[0].text
        print(json.dumps({"calls": calls, "rss_mb": round(rss_mb(), 1), "s": round(time.time() - start, 1)}))

anyio.run(main, int(sys.argv[1]))

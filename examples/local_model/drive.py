"""Call every supervisor tool once through a real MCP client over stdio and print one JSON line.

The server is this repository's `supervisor-mcp serve`, configured by the environment it inherits
(run_offline.sh points SUPERVISOR_MODEL at a local model). The last stdout line is a JSON object
keyed by tool name: {"engine", "degraded", "degraded_reason", "ms", "usage"}. Exit status 1 when a
tool returned an error or degraded without saying why.
"""

from __future__ import annotations

import json
import os
import sys
import time

import anyio
from mcp import Client, StdioServerParameters

TASK = "Make the CSV export include the `created_at` column (src/export.py)."
PAGE = "\n".join(
    [f"<p>Changelog entry {i}: internal refactoring of module {i % 7}, no user-visible change.</p>" for i in range(60)]
    + ["<p>Release 2.4.0 adds the created_at column to CSV exports (export.write_rows).</p>"]
)
CALLS = {
    "error_analysis": {
        "task": TASK, "action": "python -m pytest tests/test_export.py -q",
        "error": ("Traceback (most recent call last):\n  File \"src/export.py\", line 3, in <module>\n"
                  "    import pandas as pd\nModuleNotFoundError: No module named 'pandas'"),
    },
    "inefficiency_analysis": {
        "task": TASK, "step_count": 6,
        "recent_steps": json.dumps([
            {"tool": "bash", "args": {"command": f"sed -n '{a},{a + 99}p' src/export.py"},
             "result": f"{a}\tdef write_rows(rows, out):"} for a in range(1, 600, 100)
        ]),
    },
    "sub_agent_result_synthesis": {"task": TASK, "result": PAGE, "source": "https://example.com/changelog"},
}


async def main() -> int:
    params = StdioServerParameters(command=sys.executable, args=["-m", "supervisor_mcp", "serve"],
                                   env=dict(os.environ))
    report: dict[str, dict[str, object]] = {}
    failed = False
    async with Client(params, read_timeout_seconds=300) as client:
        for tool, args in CALLS.items():
            started = time.perf_counter()
            result = await client.call_tool(tool, args)
            ms = round((time.perf_counter() - started) * 1000)
            if result.is_error:
                report[tool] = {"error": result.content[0].text, "ms": ms}
                failed = True
                continue
            out = result.structured_content or {}
            report[tool] = {"engine": out.get("engine"), "degraded": out.get("degraded"),
                            "degraded_reason": out.get("degraded_reason"), "ms": ms, "usage": out.get("usage")}
            if out.get("engine") != "llm" and not out.get("degraded_reason"):
                failed = True  # neither answered by the model nor an explained fallback
    print(json.dumps(report))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(anyio.run(main))

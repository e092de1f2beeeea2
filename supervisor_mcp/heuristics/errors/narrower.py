"""How to ask a command for less output, when its output was cut for length: by the kind of command."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext


def narrower(ctx: ErrorContext) -> str:
    name = ctx.command.name if ctx.command else ""
    if "pytest" in name or "py.test" in ctx.action:
        return "run one file or test with short output: pytest PATH -x -q --tb=short 2>&1 | tail -n 60 (or -k NAME)"
    if ctx.command and re.search(r"test", ctx.command.text):
        runner = " ".join(ctx.command.argv[:2]) if ctx.command.argv[0].startswith("python") else ctx.command.argv[0]
        return f"run a single test and keep the end of the output: {runner} ONE_TEST 2>&1 | tail -n 60"
    if name in ("grep", "rg", "ag", "egrep"):
        return "narrow the search: add -l (file names only) or -m 5, restrict the path or --include, or | head -n 50"
    if name in ("cat", "less", "more", "nl"):
        return "read a slice: sed -n '1,80p' FILE, or grep -n PATTERN FILE to jump to the relevant lines"
    if name in ("find", "ls", "tree"):
        return "limit depth and names: find DIR -maxdepth 2 -name 'PATTERN' | head -n 50"
    return ("save the output and read parts of it: CMD > /tmp/out.txt 2>&1; tail -n 50 /tmp/out.txt; "
            "grep -n Error /tmp/out.txt | head")

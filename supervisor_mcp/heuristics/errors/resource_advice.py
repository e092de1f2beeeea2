"""Root cause and fix for a resource limit: which limit the line names (memory, disk, a context window, a
server's own cap, open files, recursion) and whose it is (this process, a server, a proxy, a device)."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.narrower import narrower
from supervisor_mcp.heuristics.errors.signature import CONTEXT_OVERFLOW
from supervisor_mcp.heuristics.observation.clip import clip

_CONTEXT = re.compile(CONTEXT_OVERFLOW, re.IGNORECASE)
_NO_SPACE = re.compile(r"No space left on device|\bENOSPC\b", re.IGNORECASE)
_DOCKER = re.compile(r"\bdocker\b|/var/lib/docker|failed to register layer|\bpodman\b", re.IGNORECASE)
_CONNECTIONS = re.compile(r"too many clients|too many connections|remaining connection slots are reserved",
                          re.IGNORECASE)
_STACK_EXHAUSTED = frozenset({"RecursionError", "StackOverflowError", "StackOverflowException"})
# Nesting limits named in the line (Emacs Lisp's, and the runtimes' own words without an exception line).
_NESTING = re.compile(r"max-lisp-eval-depth|maximum recursion depth|stack level too deep|maximum call stack",
                      re.IGNORECASE)
# A server that refuses writes at its own memory cap (Redis's maxmemory): the client process is fine.
_SERVER_MEMORY_CAP = re.compile(r"used memory > '?maxmemory'?|\bOOM command not allowed\b", re.IGNORECASE)



def resource_advice(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    """Root cause and fix for an exhausted resource, by which limit the line names and whose it is."""
    rule = finding.rule
    if rule == Rule.OUTPUT_TOO_LONG or (rule.startswith("fallback") and ctx.envelope.truncated):
        return ("The command's output was too long and was cut, so the decisive lines may be missing.",
                narrower(ctx).capitalize() + ".")
    line = finding.evidence[0] if finding.evidence else ""
    if rule == Rule.CONTEXT_LENGTH or _CONTEXT.search(line):
        return ("The input exceeds the model's context window (the prompt plus the completion it reserves).",
                "Send less: summarise or split the input, keep only the relevant part, or lower max_tokens if the "
                "reserved completion is what tips it over.")
    if _SERVER_MEMORY_CAP.search(line):
        return (f"The server refused the command at its own memory cap (this process is not out of memory): "
                f"{clip(line, 140, ellipsis=True)}.",
                "Free space on the server (expire or delete keys it no longer needs), set an eviction policy "
                "(maxmemory-policy) if it is a cache, or raise its maxmemory if the host has the memory.")
    if rule in (Rule.MEMORY, Rule.EXIT_KILLED) or (finding.exception and finding.exception.name == "MemoryError"):
        return ("The process ran out of memory (or was killed, exit 137).",
                "Process less at once (chunks, smaller sizes, fewer workers/-n) and avoid loading everything into "
                "memory.")
    if rule == Rule.DISK or _NO_SPACE.search(line):
        if _DOCKER.search(f"{ctx.action}\n{line}"):
            return ("The disk that holds Docker's images and layers (/var/lib/docker, or the Docker Desktop VM's "
                    "disk) is full.",
                    "See what Docker holds (docker system df), remove what is unused (docker system prune; add -a "
                    "for unused images and --volumes only if their data is not needed), or give it a larger disk.")
        return ("The disk is full.",
                "Check df -h, delete caches and build artefacts (pip cache purge, /tmp files) or write elsewhere.")
    if _CONNECTIONS.search(line):
        return (f"The database server has no connection slots left: {clip(line, 160, ellipsis=True)}.",
                "Find who holds them (pg_stat_activity; SHOW PROCESSLIST), close leaked or idle connections, and "
                "share a pool (one client per process, a pooler such as PgBouncer); raise max_connections only if "
                "the server has the memory for it.")
    if rule == Rule.RECURSION or _NESTING.search(line) or (
            finding.exception and (finding.exception.name in _STACK_EXHAUSTED
                                   or "call stack size exceeded" in finding.exception.message)):
        counts: dict[tuple[str, int], int] = {}
        for frame in ctx.frames:
            counts[(frame.path, frame.line)] = counts.get((frame.path, frame.line), 0) + 1
        loop = max(counts.items(), key=lambda kv: kv[1])[0] if counts else None
        at = f" ({loop[0]}:{loop[1]} repeats)" if loop else ""
        return (f"Infinite recursion: a function keeps calling itself without reaching a base case{at}, or a "
                "structure refers back to itself (a file that includes itself, a cyclic reference or import).",
                "Find the frames that repeat in the trace and the cycle behind them, and fix the termination "
                "condition or break the cycle; raising the stack or recursion limit rarely helps.")
    if re.search(r"\bENFILE\b|too many open files in system|file table overflow", line, re.IGNORECASE):
        return (f"The whole system ran out of open-file slots: {clip(line, 160, ellipsis=True)}.",
                "Find what holds them (lsof | wc -l; lsof | awk '{print $1}' | sort | uniq -c | sort -n | tail) and "
                "stop it, or raise fs.file-max; a per-process ulimit does not help here.")
    if re.search(r"\bEMFILE\b|too many open files", line, re.IGNORECASE):
        return (f"The process hit its limit on open files (file descriptors): {clip(line, 160, ellipsis=True)}.",
                "Raise it for this shell or service (ulimit -n 65536; LimitNOFILE= for a systemd unit) or open fewer "
                "at once: a watcher should skip node_modules, build output and symlink loops.")
    if re.search(r"\bout of resources?\b", line, re.IGNORECASE):
        return (f"A device or runtime ran out of a fixed resource: {clip(line, 160, ellipsis=True)}.",
                "Ask for less per launch or call (smaller blocks or tiles, fewer stages, threads or workers, a smaller "
                "batch) until it fits the limit the message names.")
    return (f"A resource limit was hit: {clip(line, 160, ellipsis=True)}.",
            "Find which limit the message names (memory, disk, a size or count cap, a context length, a time "
            "budget); then ask for less at once (smaller pieces, fewer at a time) or raise that limit.")

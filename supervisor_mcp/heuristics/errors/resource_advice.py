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
# A GPU's memory (CUDA, ROCm); PyTorch names another process holding it, and its allocator's own setting.
_GPU_MEMORY = re.compile(r"CUDA out of memory|CUBLAS_STATUS_ALLOC_FAILED|out of memory on device|hipErrorOutOfMemory",
                         re.IGNORECASE)
_OTHER_GPU_PROCESS = re.compile(r"Process (\d{1,9}) has (\d[\d.]{0,8} [KMGT]iB) memory in use")
_THIS_PROCESS = re.compile(r"this process has \d[\d.]{0,8} [KMGT]iB memory in use")
_TRIED = re.compile(r"Tried to allocate (\d[\d.]{0,8} [KMGT]iB)")
_UNALLOCATED = re.compile(r"(\d[\d.]{0,8} [KMGT]iB) is reserved by PyTorch but unallocated")
# A request body over a server's or a proxy's cap (nginx's client_max_body_size, an ingress's proxy-body-size).
_BODY_CAP = re.compile(r"Request Entity Too Large|Payload Too Large|"
                       r"(?:HTTP|[Ss]tatus|[Cc]ode|[Ee]rror|\()[^\n]{0,12}(?<![\w/.:-])413(?![\w/.-])")
# A program larger than a board's flash or a memory region of the target (Arduino, PlatformIO, GNU ld).
_FLASH = re.compile(r"exceeds available space in board|Sketch too big|region [`'‘]\w{1,40}['’] overflowed by|"
                    r"will not fit in region", re.IGNORECASE)
# A server that refuses writes at its own memory cap (Redis's maxmemory): the client process is fine.
_SERVER_MEMORY_CAP = re.compile(r"used memory > '?maxmemory'?|\bOOM command not allowed\b", re.IGNORECASE)
_SERVER_CAP_ADVICE = (
    "The server refused the command at its own memory cap (this process is not out of memory): {line}.",
    "Free space on the server (expire or delete keys it no longer needs), set an eviction policy "
    "(maxmemory-policy) if it is a cache, or raise its maxmemory if the host has the memory.")

# Limits the line names by itself, each with whose limit it is and what changes it: (pattern, cause, fix);
# `{line}` is the line, clipped.
_NAMED: tuple[tuple[re.Pattern[str], str, str], ...] = (
    # (a spent quota or billing allowance; not a disk quota, which is the disk's)
    (re.compile(r"(?<!disk )\bquota\b|insufficient_quota|\bbilling\b|purchase more|credit balance", re.IGNORECASE),
     "A usage quota or billing allowance is spent: {line}.",
     "Not retryable as is: check the account's plan, billing or quota, or wait for its reset; for a repository's "
     "Git LFS quota, clone without the large files (GIT_LFS_SKIP_SMUDGE=1) or get them elsewhere."),
    (_FLASH, "The program does not fit the board's flash or a memory region of the target: {line}.",
     "Pick a partition scheme with a larger app area or a board with more flash, or make the program smaller (drop "
     "unused libraries, features and debug output; build with size optimisation, -Os)."),
    (re.compile(r"address already in use: connect", re.IGNORECASE),
     "The machine ran out of local ports for outgoing connections (many short-lived ones waiting in TIME_WAIT): "
     "{line}.", "Reuse connections (a pool, HTTP keep-alive) instead of opening one per request, or widen the "
     "ephemeral port range; retrying at the same rate fails the same way."),
    (_CONNECTIONS, "The database server has no connection slots left: {line}.",
     "Find who holds them (pg_stat_activity; SHOW PROCESSLIST), close leaked or idle connections, and share a pool "
     "(one client per process, a pooler such as PgBouncer); raise max_connections only if the server has the "
     "memory for it."),
    (re.compile(r"\bENFILE\b|too many open files in system|file table overflow", re.IGNORECASE),
     "The whole system ran out of open-file slots: {line}.",
     "Find what holds them (lsof | wc -l; lsof | awk '{{print $1}}' | sort | uniq -c | sort -n | tail) and stop it, "
     "or raise fs.file-max; a per-process ulimit does not help here."),
    (re.compile(r"\bEMFILE\b|too many open files", re.IGNORECASE),
     "The process hit its limit on open files (file descriptors): {line}.",
     "Raise it for this shell or service (ulimit -n 65536; LimitNOFILE= for a systemd unit) or open fewer at once: "
     "a watcher should skip node_modules, build output and symlink loops."),
    (_BODY_CAP, "The server, or a proxy in front of it, refuses a request body this large: {line}.",
     "Send less per request (a smaller file or batch, a chunked or multipart upload) or raise the cap where you "
     "control it (nginx client_max_body_size, an ingress's proxy-body-size annotation, the service's documented "
     "upload limit)."),
    (re.compile(r"\bout of resources?\b", re.IGNORECASE),
     "A device or runtime ran out of a fixed resource: {line}.",
     "Ask for less per launch or call (smaller blocks or tiles, fewer stages, threads or workers, a smaller batch) "
     "until it fits the limit the message names."),
)


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
    if _GPU_MEMORY.search(line):
        return _gpu_memory(ctx.envelope.body)
    if _SERVER_MEMORY_CAP.search(line):  # (before this process's memory: the rule read it as that)
        return _SERVER_CAP_ADVICE[0].format(line=clip(line, 160, ellipsis=True)), _SERVER_CAP_ADVICE[1]
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
    if rule == Rule.RECURSION or _NESTING.search(line) or (
            finding.exception and (finding.exception.name in _STACK_EXHAUSTED
                                   or "call stack size exceeded" in finding.exception.message)):
        return _recursion(ctx)
    for pattern, cause, fix in _NAMED:
        if pattern.search(line):
            return cause.format(line=clip(line, 160, ellipsis=True)), fix.format()
    return (f"A resource limit was hit: {clip(line, 160, ellipsis=True)}.",
            "Find which limit the message names (memory, disk, a size or count cap, a context length, a time "
            "budget); then ask for less at once (smaller pieces, fewer at a time) or raise that limit.")


def _recursion(ctx: ErrorContext) -> tuple[str, str]:
    counts: dict[tuple[str, int], int] = {}
    for frame in ctx.frames:
        counts[(frame.path, frame.line)] = counts.get((frame.path, frame.line), 0) + 1
    loop = max(counts.items(), key=lambda kv: kv[1])[0] if counts else None
    at = f" ({loop[0]}:{loop[1]} repeats)" if loop else ""
    return (f"Infinite recursion: a function keeps calling itself without reaching a base case{at}, or a "
            "structure refers back to itself (a file that includes itself, a cyclic reference or import).",
            "Find the frames that repeat in the trace and the cycle behind them, and fix the termination "
            "condition or break the cycle; raising the stack or recursion limit rarely helps.")


def _gpu_memory(body: str) -> tuple[str, str]:
    # PyTorch lists every process on the GPU, its own among them; only when it also says what "this process"
    # holds are the listed ones others (the largest is the one worth freeing).
    others = sorted(((_bytes(amount), pid, amount) for pid, amount in _OTHER_GPU_PROCESS.findall(body)), reverse=True)
    other = others[0] if others and _THIS_PROCESS.search(body) else None
    held = f"; process {other[1]} holds {other[2]} of it" if other else ""
    first = (f"Free the GPU first: stop process {other[1]} (nvidia-smi lists it) or run on another GPU "
             "(CUDA_VISIBLE_DEVICES=N). Otherwise, " if other else "")
    # (PyTorch prints its allocator hint every time; it helps only when the reserved-but-unused memory would fit
    # what it tried to allocate)
    asked, spare = _TRIED.search(body), _UNALLOCATED.search(body)
    allocator = (" Much memory is reserved but unallocated: set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True."
                 if asked and spare and _bytes(spare.group(1)) >= _bytes(asked.group(1)) else "")
    return (f"The GPU's memory is full{held}.",
            f"{first}{'a' if other else 'A'}sk for less at once: a smaller batch, sequence length or resolution, "
            f"half precision (fp16/bf16) or a quantised model, and no tensors kept across steps.{allocator}")


_UNITS = {"B": 1, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30, "TiB": 2**40}


def _bytes(amount: str) -> float:
    number, unit = amount.split()
    return float(number) * _UNITS.get(unit, 1)

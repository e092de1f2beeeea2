"""Line signatures of the world around the agent: permissions, the network, budgets, test
runs, other runtimes, and the domain rules of tool APIs."""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import BAD_LOGIN, CONTEXT_OVERFLOW, IGNORECASE, Signature, sig

ENV_SIGNATURES: tuple[Signature, ...] = (
    # --- permissions and auth
    sig(Rule.READ_ONLY, "permission_denied", "read-only|erofs", r"Read-only file system|EROFS",
        example="touch: cannot touch '/usr/lib/test.txt': Read-only file system",
        advice=("The file system is mounted read-only: no file mode or owner allows writing to it.",
                "Write somewhere writable instead (a working directory, /tmp, a mounted volume), or remount it "
                "read-write if it is yours to change (a container's volume without :ro, mount -o remount,rw); "
                "chmod and chown cannot help.")),
    # (libusb's LIBUSB_ERROR_ACCESS: a USB device the user has no udev rule or group for)
    sig(Rule.PERMISSION, "permission_denied", "permission denied|eacces|not permitted|eperm|denied|root|error_access",
        r"Permission denied|EACCES|Operation not permitted|EPERM\b|Access (?:is )?denied|must be run as root|"
        r"are you root\?|\bLIBUSB_ERROR_ACCESS\b",
        example="bash: ./run.sh: Permission denied"),
    sig(Rule.HTTP_AUTH, "permission_denied",
        "40|unauthorized|forbidden|key|token|credential|authenticat|authorized|insufficient|password",
        r"\b40[13]\b[^\n]{0,30}(?:Unauthorized|Forbidden|Client Error)|\bUnauthorized\b|"
        r"(?<!is )(?<!explicitly )\bForbidden\b|"
        # (not expat's "not well-formed (invalid token)": a character the XML parser cannot read)
        r"(?<!well-formed \()(?:invalid|incorrect|missing|expired) (?:api[ _-]?key|token|credentials|access token)|"
        rf"{BAD_LOGIN}|"
        r"authentication (?:failed|required)|not authorized to|insufficient (?:permissions|privileges|scope)",
        flags=IGNORECASE,
        example=("openai.error: Incorrect API key provided: sk-abc***. You can find your API key at https://"
                 "platform.openai.com.")),
    sig(Rule.EXTERNALLY_MANAGED, "precondition_failed", "externally-managed", r"externally-managed-environment",
        example="error: externally-managed-environment\n\nThis environment is externally managed",
        advice=("The system Python is managed by the OS package manager (PEP 668), so pip refuses to install "
                "into it; this is a policy of the environment, not a missing permission.",
                "Create a virtual environment and install there (python3 -m venv .venv && .venv/bin/pip install "
                "...), or use pipx for a command-line app; do not use sudo or --break-system-packages.")),
    # --- transient
    # A test framework stopping a test or hook that did not finish (mocha, jest, go test, pytest-timeout): the
    # test's verdict on the code, which a retry does not change.
    sig(Rule.TEST_TIMEOUT, "test_failure", "timeout of|exceeded timeout|test timed out|failed: timeout|+ timeout +",
        r"\bTimeout of \d{1,7} ?ms exceeded\. For async tests and hooks\b|"
        r"\bExceeded timeout of \d{1,7} ?ms for a (?:test|hook)\b|"
        r"^panic: test timed out after \d|\bFailed: Timeout >\d|^\+{5} Timeout \+{5}$",
        priority=71,  # above the network's timeout (transient, 70)
        example='Error: Timeout of 2000ms exceeded. For async tests and hooks, ensure "done()" is called',
        advice=("The test framework stopped a test or hook that did not finish in time.",
                "Find what it waits on (a promise never resolved, done() never called, a server or message that "
                "never arrives) and fix that; raise the timeout only if the work is legitimately that slow.")),
    sig(Rule.TIMEOUT, "transient", "timed out|etimedout|deadline|time-out|timeout|too slow",
        # (curl's low-speed limit is its timeout too: "Operation too slow. Less than 1 bytes/sec transferred")
        r"timed out|\bETIMEDOUT\b|deadline exceeded|Gateway Time-?out|Operation too slow\. Less than \d|"
        r"\bTimeout(?:Error|Expired)?\b[^\n]{0,40}(?:exceeded|after|waiting)", flags=IGNORECASE,
        example="curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received"),
    sig(Rule.CONNECTION, "transient",
        "connection|econnre|failed to establish|max retries|remote|unreachable|no route|could not connect",
        r"Connection (?:refused|reset|aborted)|ECONNREFUSED|ECONNRESET|Failed to establish a new connection|"
        r"Max retries exceeded|Remote end closed connection|RemoteDisconnected|Network is unreachable|"
        r"No route to host|ENETUNREACH|EHOSTUNREACH|Could not connect to",
        example="curl: (7) Failed to connect to localhost port 8000: Connection refused"),
    sig(Rule.DNS, "transient", "name resolution|eai_again|resolve host|service not known|getaddrinfo|servname",
        r"Temporary failure in name resolution|EAI_AGAIN|Could not resolve host|Name or service not known|"
        r"getaddrinfo (?:ENOTFOUND|EAI_AGAIN)|nodename nor servname",
        example="curl: (6) Could not resolve host: pypi.org"),
    sig(Rule.RATE_LIMIT, "transient", "429|too many requests|rate|throttl",
        r"(?:HTTP|status|code|Error)[^\n]{0,12}\b429\b|\b429\b[^\n]{0,5}(?:Too Many|Client Error)|Too Many Requests|"
        r"rate[ _-]?limit(?:ed| exceeded|_exceeded)?|RateLimitError|throttl(?:ed|ing)", flags=IGNORECASE,
        example="Error: 429 Too Many Requests - rate limit exceeded, retry after 20 seconds"),
    sig(Rule.SERVER_ERROR, "transient", "50|server|bad gateway|unavailable|overloaded|try again later",
        r"\b50[0234]\b[^\n]{0,30}(?:Internal Server Error|Bad Gateway|Service Unavailable|Gateway Time|Server Error)|"
        r"(?:HTTP|status|code)[ :=/\[]{1,3}50[0234]\b|\bstatus code (?:was|of|is) 50[0234]\b|Internal Server Error|"
        r"Bad Gateway|"
        r"Service (?:Temporarily )?Unavailable|server (?:is )?(?:overloaded|busy)|\boverloaded_error\b|try again later",
        fault="tool", confidence=0.85, flags=IGNORECASE,
        example="Error: HTTP 503 Service Unavailable"),
    # A cloud region or zone with no free machines of that type now: capacity returns, so a later try (or
    # another zone) succeeds.
    sig(Rule.CLOUD_CAPACITY, "transient", "capacity|resource_pool_exhausted|enough resources available",
        r"Out of host capacity|InsufficientInstanceCapacity|insufficient capacity|ZONE_RESOURCE_POOL_EXHAUSTED|"
        r"does not have enough resources available to fulfill the request", priority=71, fault="environment",
        flags=IGNORECASE,
        example="Error: 500-InternalError, Out of host capacity.",
        advice=("The provider has no free capacity of that machine type in that zone or region right now.",
                "Try again later, or ask for another zone, region or machine type.")),
    # A repository that stopped serving plain HTTP (Maven Central and JCenter in 2020) answers 501 to every try.
    sig(Rule.HTTPS_REQUIRED, "precondition_failed", "https required",
        r"\bHTTPS Required\b", priority=72, fault="agent",
        example=("> Could not HEAD 'http://repo1.maven.org/maven2/junit/junit/4.12/junit-4.12.pom'. Received status "
                 "code 501 from server: HTTPS Required"),
        advice=("The repository no longer serves plain HTTP; the build still names an http:// URL.",
                "Change the repository URL in the build file (or settings.xml / init script) to https://, then "
                "build again; retrying unchanged fails the same way.")),
    sig(Rule.BUSY, "transient", "temporarily unavailable|eagain|locked|get lock|dpkg frontend|text file busy",
        r"Resource temporarily unavailable|\bEAGAIN\b|database is locked|Could not get lock|"
        r"Unable to acquire the dpkg frontend lock|Text file busy",
        example="E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1234 (apt-get)"),
    # A package manager waiting on another's lock (cargo's package cache, yarn's mutex) says so and then goes
    # on: only when nothing else in the output failed was the wait the end of it (ranked under every finding).
    sig(Rule.LOCK_WAIT, "transient", "waiting for file lock|other yarn instance",
        r"(?:Blocking waiting for file lock on|Waiting for the other yarn instance to finish)[^\n]{0,200}\s{0,40}\Z",
        priority=1,
        example="    Blocking waiting for file lock on package cache",
        advice=("Another process (a second build, an editor's language server) holds the package manager's lock, "
                "and this run was still waiting for it.",
                "Let the other run finish, or stop it (ps aux | grep cargo, or yarn), then run again; remove a lock "
                "file only if no process holds it.")),
    # --- budgets
    sig(Rule.CONTEXT_LENGTH, "resource_limit", "context|tokens|prompt is too long|token limit|model length",
        rf"{CONTEXT_OVERFLOW}|token limit", flags=IGNORECASE,
        example="This model's maximum context length is 8192 tokens. However, your messages resulted in 9500 tokens."),
    sig(Rule.MEMORY, "resource_limit", "memory|enomem|oom|bad_alloc|killed",
        r"Cannot allocate memory|\bENOMEM\b|[Oo]ut of memory|\bOOM\b|oom-kill|std::bad_alloc|memory exhausted|"
        r"heap out of memory|^Killed$|memory allocation of \d+ bytes failed", fault="environment",
        example="fatal: Out of memory, malloc failed (tried to allocate 2147483648 bytes)"),
    # A search cluster that set its indices read-only when a node's disk passed the flood stage answers every
    # write with 403: the disk, not the credentials.
    sig(Rule.DISK_WATERMARK, "resource_limit", "allow delete|allow-delete|flood stage|flood-stage",
        r"index read-only / allow delete|flood[ -]stage(?: disk)? watermark|read-only-allow-delete block",
        priority=91, fault="environment",
        example=('{"type":"cluster_block_exception","reason":"blocked by: [FORBIDDEN/12/index read-only / allow '
                 'delete (api)];"}'),
        advice=("A node's disk passed the flood-stage watermark, so the cluster made its indices read-only.",
                "Free disk on the data nodes (delete old indices, add disk), then clear the block: PUT */_settings "
                "{{\"index.blocks.read_only_allow_delete\": null}} (recent versions clear it themselves once the "
                "disk is below the watermark).")),
    sig(Rule.DISK, "resource_limit", "no space|enospc|quota|edquot",
        r"No space left on device|ENOSPC|Disk quota exceeded|EDQUOT", fault="environment",
        example="cp: error writing '/tmp/data.bin': No space left on device"),
    sig(Rule.RECURSION, "resource_limit", "recursion|call stack|stack overflow|stackoverflow",
        r"maximum recursion depth exceeded|Maximum call stack size exceeded|stack overflow|StackOverflowError",
        example="Fatal Python error: Cannot recover from stack overflow."),
    sig(Rule.TOO_BIG, "resource_limit",
        "too long|too many open|emfile|enfile|file table overflow|too large|413|exceed|limit|budget|enametoolong|fork|"
        "thread",
        r"Too many open files|\bEMFILE\b|\bENFILE\b|file table overflow|payload too large|"
        r"request entity too large|"
        r"file ?name (?:or extension )?(?:is )?too long|\bENAMETOOLONG\b|"
        r"\b413\b[^\n]{0,5}(?:Payload|Request Entity|Client Error)|exceeds? (?:the )?(?:maximum|max) (?:size|length)|"
        r"(?:step|turn|iteration|call)s? (?:limit|budget) (?:reached|exceeded)|"
        # EAGAIN from fork or thread creation is the process limit (ulimit -u, a container's pids.max)
        r"\bfork: (?:retry: )?Resource temporarily unavailable|can't start new thread|"
        r"pthread_create failed|unable to create (?:new )?native thread", flags=IGNORECASE,
        example="bash: start_pipeline: pgrp pipe: Too many open files"),
    # The exception layer reads `Exception in thread "main" pkg.NameException: ...` by the name; this catches
    # the names it does not parse (inner classes: `Outer$InnerException`).
    sig(Rule.NPM_ENOENT, "file_not_found", "npm err! code enoent|enoent",
        r"^npm (?:ERR!|error) path (?P<path>\S{1,500})$", confidence=0.85,
        example="npm ERR! code ENOENT\nnpm ERR! syscall open\nnpm ERR! path /app/package.json"),
    sig(Rule.PY_MESSAGE, "runtime_error",
        "object is not|index out of range|unsupported operand|division by zero|invalid literal|nonetype",
        r"object is not (?:subscriptable|iterable|callable)|index out of range|unsupported operand type|"
        r"'NoneType' object has no attribute|"
        r"division by zero|invalid literal for", priority=15, confidence=0.7,
        example="list index out of range"),
    # --- test runners (outputs without a visible exception)
    sig(Rule.TEST_SUMMARY, "test_failure", "fail",
        r"^FAILED \S{1,300}::\S{1,300}|^FAIL: \w{1,200} \(|^--- FAIL: \S{1,200}|^={3,200} FAILURES ={3,200}$|"
        r"^={3,200} [^\n]{0,80}\b\d{1,7} failed\b|tests finished: [^\n]{0,40}\b\d{1,7} failed|"
        r"^Tests: {1,20}\d{1,7} failed|test result: FAILED|^FAILED \(failures=\d{1,7}", confidence=0.85,
        example=("FAILED tests/test_parser.py::test_nested_lists - assert 2 == 3\n========================= "
                 "1 failed, 41 passed in 2.10s =========================")),
    sig(Rule.EXPECTED_GOT, "test_failure", "expected|actual|received|got:",
        # (not a type checker's "Couldn't match expected type ... with actual type": a call's bad argument,
        # nor zod's "Expected string, received undefined": a value the schema refused, nor Python's TypeError
        # for a None given to re, nor Chef's relay of a command's exit status)
        r"(?<!match )(?<![Ss]yntax error: )\b[Ee]xpected:? "
        r"(?!\w{1,20}, received |string or bytes-like object|process to exit with)"
        r"[^\n]{1,200}(?:,| but| and)? "
        r"(?:got|was|received|actual)[: ]|"
        r"^[ \t]{0,20}(?:Expected|Actual|Received|Got):[ \t][^\n]{1,200}$", confidence=0.8,
        example="Expected: [1, 2, 3]\nReceived: [1, 2]"),
    # --- domain rules of tool APIs: well-formed calls the current state or policy rejects
    sig(Rule.DOMAIN_TOTAL, "precondition_failed", "add up|does not match",
        r"does not add up|(?:total|amount|sum)[^\n]{0,40}does not match|does not match[^\n]{0,40}(?:total|amount|sum)",
        flags=IGNORECASE,
        example="Error: the total amount does not match the sum of the payments"),
    sig(Rule.DOMAIN_INSUFFICIENT, "precondition_failed",
        "not enough|insufficient|balance|out of stock|sold out|no seats|no availability|no capacity",
        r"not enough \w{1,30}|insufficient \w{1,30}(?: \w{1,30}){0,3}|balance is not enough|out of stock|sold out|"
        r"no (?:seats|availability|capacity)", flags=IGNORECASE,
        example="Error: gift card balance is not enough"),
    sig(Rule.DOMAIN_UNAVAILABLE, "precondition_failed", "available|no longer valid",
        # (not gRPC's and Google APIs' status word UNAVAILABLE: that is the service's, read by its code)
        r"\bnot available\b|\b(?-i:(?!UNAVAILABLE\b))unavailable\b|no longer (?:available|valid)", priority=54,
        flags=IGNORECASE,
        example="Error: flight HAT170 not available on date 2024-05-18"),
    sig(Rule.DOMAIN_FORBIDDEN, "precondition_failed",
        "be |not allowed|not permitted|not eligible|refundable|cancel|modifiable|changeable|only",
        r"(?:cannot|can't|can not|could not) be (?!cast\b)\w{2,30}|"
        r"is not (?:allowed|permitted|eligible|refundable|cancell?able|modifiable|changeable)|not allowed to|"
        r"only (?:\w{1,30} ){0,3}(?:can|may) be", flags=IGNORECASE,
        example="Error: basic economy reservations cannot be modified"),
    sig(Rule.DOMAIN_STATE, "precondition_failed",
        "already|exists|should|must|too many|exceed|expired| is |cannot|match",
        r"already (?:exists?|cancell?ed|booked|used|paid|in use|taken|registered|been)|\bFile exists\b|"
        # (a compiler's "too many errors emitted, stopping now" is its error limit, not the tool's state)
        r"(?:should|must) (?:be|have|match|not) [^\n]{1,120}|does not match|too many (?!errors emitted)\w{1,30}|"
        r"exceeds? (?:the )?(?:limit|maximum|allowed|balance)|\bexpired\b|"
        r"is (?:closed|locked|suspended|inactive|disabled|not active)|"
        r"(?:non|not)-?(?:pending|delivered|active) \w{1,30} cannot", flags=IGNORECASE,
        example="Error: reservation ZFA04Y is already cancelled"),
    sig(Rule.DOMAIN_NOT_FOUND, "precondition_failed", "not found|not exist|n't exist|no such",
        r"^(?:Error: )?(?:[\w-]{1,40} ){0,6}(?:not found|does not exist|doesn't exist|no such \w{1,30})\b",
        priority=53, confidence=0.85, flags=IGNORECASE,
        example="Error: user mia_li_3668 not found"),
    sig(Rule.GIT_STATE, "precondition_failed",
        "patch|conflict|overwritten|branch is behind|already exists|hunk|needs merge|resolve your current index",
        r"patch does not apply|patch failed|Hunk #\d{1,5} FAILED|hunks? FAILED|CONFLICT \(|would be overwritten by|"
        # (a merge or rebase stopped on conflicts and left them unresolved in the index)
        r"^[\w./-]{1,300}: needs merge$|you need to resolve your current index first|"
        r"Your branch is behind|destination path '[^'\n]{1,300}' already exists|"
        r"Reversed \(or previously applied\) patch",
        example="error: patch failed: src/app.py:12\nerror: src/app.py: patch does not apply"),
    sig(Rule.FS_STATE, "precondition_failed", "directory not empty|directory is not empty|enotempty|file exists|eexist",
        r"Directory not empty|directory is not empty|ENOTEMPTY|\bFile exists\b|\bEEXIST\b",
        example="rmdir: failed to remove 'build': Directory not empty"),
    sig(Rule.NPM_PUBLISH_404, "permission_denied", "404",
        r"npm (?:ERR!|error) 404 Not Found - PUT https?://\S{1,300}", priority=96,
        example="npm error code E404\nnpm error 404 Not Found - PUT https://registry.npmjs.org/@acme%2futils",
        advice=("npm answers 404 to a publish when the token may not write to this package or scope (a missing, "
                "expired or read-only token), not only when the package is absent.",
                "Check the token the publish uses (npm whoami; NPM_TOKEN in CI) and its access to the scope, "
                "then publish again.")),
)

"""The cue table: each family of words that every ecosystem uses for one failure mechanism, with the
root cause and fix that mechanism needs. This file holds the environment's part; cue_words_code.py the
part for what the agent wrote or needs, cue_words_calls.py the part for how a call went. cues.py reads all
three, in the order written (see cues.py for why the order matters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from supervisor_mcp.heuristics.errors import locales
from supervisor_mcp.heuristics.errors.anchors import alternatives, required_literals
from supervisor_mcp.heuristics.errors.signature import BAD_LOGIN
from supervisor_mcp.models import ErrorCategory

_I = re.IGNORECASE | re.MULTILINE


@dataclass(frozen=True)
class Cue:
    name: str
    category: ErrorCategory
    pattern: re.Pattern[str]
    root_cause: str  # `{line}` is the line that matched
    fix: str
    # Lowercase literals one of which occurs wherever the pattern matches (None: no such set): a cue whose
    # literals are all absent is skipped without running its regex.
    anchors: frozenset[str] | None = field(default=None, compare=False)
    # The pattern cut into runs of its alternatives, each with its own literals: a search runs only the runs
    # whose words occur, since one regex of a hundred alternatives tries each of them at every position.
    parts: tuple[tuple[re.Pattern[str], frozenset[str] | None], ...] = field(default=(), compare=False)

    def may_match(self, lowered: str) -> bool:
        return self.anchors is None or any(a in lowered for a in self.anchors)

    def patterns_for(self, lowered: str) -> list[re.Pattern[str]]:
        """The parts of the pattern that can match this (lowercased) text, in the pattern's order."""
        return [p for p, lits in self.parts if lits is None or any(a in lowered for a in lits)]


_PART = 6  # alternatives per part: fewer parts to test, each still skipped when none of its words occur


def cue(name: str, category: ErrorCategory, regex: str, root_cause: str, fix: str) -> Cue:
    alts = alternatives(regex)
    parts = tuple(
        (re.compile("|".join(run), _I), required_literals("|".join(run)))
        for run in (alts[i:i + _PART] for i in range(0, len(alts), _PART))
    )
    return Cue(name, category, re.compile(regex, _I), root_cause, fix, required_literals(regex), parts)


# The environment's mechanisms: rates, budgets, rights, the network. cue_words_code.py and cue_words_calls.py
# hold the cues of what the agent wrote or called; cues.py tries these first.
ENVIRONMENT_TABLE: tuple[Cue, ...] = (
    cue("rate_limited", "transient",
         r"rate[ _-]?limit(?:ed|ing)?\b|too many requests|(?-i:\b(?:HTTP|[Ss]tatus|[Cc]ode)\b)[^\n]{0,12}\b429\b|"
         r"\b429 Too Many|\bResource has been exhausted\b|"
         r"throttl(?:ed|ing)|rate exceeded|RequestLimitExceeded|TooManyRequests|"
         # S3 and the stores that speak its API (SlowDown), DynamoDB over its provisioned capacity
         r"reduce your request rate|(?-i:\bSlowDown\b)|ProvisionedThroughputExceeded|"
         r"quota[^\n]{0,80}per[ _](?:minute|second)",
         "The service is rate-limiting the caller: {line}",
         "Wait before retrying (honour a Retry-After or reset time if one is given), then retry with backoff; "
         "authenticated requests usually get a higher limit."),
    cue("quota_spent", "resource_limit",
         r"\bquota\b[^\n]{0,40}(?:exceeded|exhausted|reached|been hit)|\bexceed(?:ed|ing|s)?\b[^\n]{0,40}\bquota\b|"
         r"insufficient[_ ]quota|"
         r"\b402\b[^\n]{0,30}Payment Required|"
         r"billing (?:hard )?limit|check your plan and billing|credit balance|out of credits|insufficient credits|"
         r"\bover (?:its|the|your) (?:\w{1,20} )?quota\b|"
         r"exceeded (?:its|your|the) (?:LFS |bandwidth |storage |spending |billing |data )budget\b",
         "A usage quota or billing limit is spent: {line}",
         "Not retryable as is: check the account's plan, billing or quota, or use another key or project."),
    cue("out_of_memory", "resource_limit",
         r"out of (?:shared )?memory|OutOfMemory|\bOOM\b|oom[_-]kill|cannot allocate memory|\bENOMEM\b|"
         r"memory (?:exhausted|"
         r"allocation (?:failed|of)|limit)|allowed memory size|heap (?:space|out of memory|limit)|"
         r"signal terminated program|insufficient memory|\bnot enough (?:\w{1,12} )?memory\b|"
         r"\bKV cache\b|requires more (?:system )?memory|\bcache resources exhausted\b|"
         r"could not reserve enough space for [^\n]{0,40}heap|"
         r"\bcannot allocate vector of size\b|\bmemory usage peaked at \d{1,15} bytes, exceeding\b|"
         rf"^[ \t]*Killed[ \t]*$|{locales.KILLED}|\bkilled\b[^\n]{0,20}\(program|"
         r": Killed\b(?! by signal (?:11|6|4|8)\b)|\bsignal 9\b|SIGKILL|"
         r"line \d{1,7}: +\d{1,9} Killed\b",
         "The process ran out of memory (or was killed for it): {line}",
         "Lower the memory needed: fewer parallel jobs (make -j1, --max-workers 1), a smaller input or batch, "
         "a larger heap or memory limit, or more swap; then run it again."),
    cue("disk_or_handles", "resource_limit",
         r"no space left|\bENOSPC\b|disk (?:full|quota)|not enough (?:disk )?space|insufficient[_ ](?:disk|storage)|"
         r"too many open files|\bEMFILE\b|argument list too long|\bE2BIG\b|maximum recursion|stack overflow|"
         r"\bmax-lisp-eval-depth\b|"
         r"\bRSRC_INSUFFICIENT_\w{1,20}|\bResources exceeded during query execution\b|disk space is insufficient\b|"
         r"\bsize must be (?:smaller|less) than \d|\bstack too deep\b|"
         # (MySQL's max_allowed_packet, a circuit breaker's memory accounting)
         r"\btoo large \(\d{1,15} > \d{1,15}\)|\bwould be larger than (?:the )?limit\b|max_allowed_packet|"
         # the JVM on Windows out of local ports for outgoing connections (the words of a bind, on a connect)
         r"\baddress already in use: connect\b|"
         # a store's own size or cardinality cap (etcd's backend quota, InfluxDB's series limit)
         r"\bdatabase space exceeded\b|\bmax[\w-]{0,40}[ -]limit exceeded\b|"
         # a linked image larger than the target's memory region (GNU ld for embedded boards)
         r"\bregion [`'‘]\w{1,40}['’] overflowed by \d|\bwill not fit in region\b|"
         r"\bexceeds available space in board\b|\bSketch too big\b|"
         # Windows's NTSTATUS for a stack overflow (0xC00000FD) as an exit code
         r"(?:code|status):? -1073741571\b|\b0xC00000FD\b|\bexecution took longer than\b|"
         r"\bexceeded the maximum (?:execution time|time limit|log length)\b|"
         r"\bvm\.max_map_count \[\d{1,12}\] is too low\b|\bout of resources?\b(?!/)|"
         # a tool that says which size or limit to raise has hit it (nginx's server_names_hash_bucket_size)
         r"\b(?:should|must|need to|try to) increase (?:the )?[\w.-]{0,60}(?:size|limit)\b|"
         r"(?-i:\bRecord Too Large\b|\bRequest Entity Too Large\b|\bPayload Too Large\b)|"
         r"is greater than the available (?:cpus|memory)|"
         r"\bThe table '[^'\n]{1,100}' is full\b|\bwas low on resource: |too many (?:connections|clients)\b|"
         rf"{locales.NO_SPACE}|"
         r"file ?name (?:or extension )?(?:is )?too long|\bENAMETOOLONG\b|"
         r"stack level too deep|maximum call stack|context[ _]length|context window|too many tokens|"
         r"range of input length|input is too long|maximum input length|exceed_context_size|"
         r"too long \(maximum is \d{1,9}|"
         r"exceeds? the (?:available |maximum )?context (?:size|length|window)|"
         r"maximum execution time|stopped due to (?:iteration|step|time) limit|"
         r"(?:iteration|step|turn)s?[_ ](?:limit|budget)[_ ](?:reached|exceeded|crossed)|"
         # agent frameworks' budgets (pydantic-ai's request_limit) and a coding agent's cap on a tool's result
         r"\bexceeded the \w{1,30}_limit\b|\busage limit exceeded\b|\bMaximum allowed is \d{1,9} tokens\b|"
         r"\bexceeds maximum allowed tokens\b|"
         # agent frameworks' own step budgets (LangGraph, the OpenAI Agents SDK, smolagents, CrewAI)
         r"recursion limit of \d{1,6} reached|"
         r"max(?:imum)? ?(?:turns|steps|iterations)\b[^\n]{0,20}(?:exceeded|reached)|"
         r"reached (?:the )?max(?:imum)? (?:number of )?(?:steps|turns|iterations)|"
         r"(?<!Request)(?<!Backoff)LimitExceeded(?:Exception)?\b|"
         r"\bexceed(?:s|ed)? [^\n]{0,60}\b(?:size|memory|time|disk|storage|token|"
         r"context)[^\n]{0,20}\blimit\b|\bmax(?:imum)? depth exceeded|"
         r"HTTP code = 413|HTTP 413\b|returned error: 413\b|remaining connection slots|"
         r"too many (?:connections|clients)|max_user_connections|"
         r"time limit exceeded",
         "A size limit of the machine or the service was hit: {line}",
         "Free or raise the resource it names (disk space, open files, recursion depth, context size), or "
         "split the work into smaller pieces."),
    cue("permission", "permission_denied",
         r"\bpermissions?\b[^\n]{0,80}\bdenied\b|\bdenied\b[^\n]{0,40}\bpermission|access (?:is |was )?denied|"
         rf"{locales.EACCES}|{locales.PG_AUTH_FAILED}|{locales.WIN_ACCESS_DENIED}|"
         r"access to [^\n]{1,200} (?:is|was) denied|\bunauthori[sz]ed\b|(?<!is )\bforbidden\b|"
         r"(?:don't|do not|does not|doesn't|lacks?|without) (?:have )?(?:the )?(?:write |read |sufficient |"
         r"required |necessary )?(?:permissions?|privileges?|access rights)|\bnot permitted\b|"
         r"insufficient (?:permissions?|privileges?|scopes?)|\bEACCES\b|\bEPERM\b|PermissionError|"
         r"FilePermission|AccessDenied|read-only file system|must be run as (?:root|administrator)|"
         r"requires? (?:root|administrator|administrative|elevated) (?:privileges|rights|permissions)|"
         r"\brun (?:it )?(?:from|in) an elevated\b|authentication (?:failed|failure|required)|"
         # (expat's "not well-formed (invalid token)" is a character the XML parser cannot read)
         r"bad credentials|(?<!well-formed \()invalid (?:credentials|api[ _-]?key|token|authentication)\b|"
         rf"unable to locate credentials|{BAD_LOGIN}|"
         r"no valid credential|\bnot writable by (?:your|the current) user\b|\bwith superuser privileges\b|"
         r"\bincorrect passphrase\b|\b(?:incorrect|wrong) password(?: for\b|:)|"
         r"failed to (?:refresh|retrieve|load) (?:cached )?credentials\b|"
         r"\bis not allowed to do action\b|\bnot authorized on \w{1,60} to execute command\b|"
         r"\bBad owner or permissions on\b|\bcommand \w{1,40} requires authentication\b|(?-i:\bACCESS_REFUSED\b)|"
         r"\brequires (?:a )?(?:verified account and (?:an )?)?(?:authtoken|auth token|api key|an? access token)\b|"
         r"\bunless you are root\b|(?-i:\bMissing (?:Required )?Permissions\b)|\b(?:response|status) code:? 40[13]\b|"
         r"\bmust be (?:superuser|root) to \w|\berror: AccessDenied\b|"
         r"\brequires (?:net|read|write|env|run|ffi|sys|import) access to\b|"
         r"no credentials|credentials (?:were |was )?not found|command denied to user|"
         r"not authenticated|AuthorizationFailed|does not have authorization|status code:? 40[13]\b|"
         r"security token included in the request is (?:invalid|expired)|"
         r"api[_ ]key[^\n]{0,60}must be set|"
         r"(?:missing|no) api[_ ]key|api[_ ]key (?:is )?(?:missing|required|not set)|"
         r"resource not accessible by (?:integration|personal access token)|\bstatus: '?40[13]'?(?:,|$)|"
         r"provide credentials|api key not valid|API_KEY_INVALID|"
         r"\b40[13] Client Error\b|returned error: 40[137]\b|"
         r"login required|password authentication failed|correct access rights|"
         r"\bgated repo\b|login failed for user|"
         r"please run '?[\w -]{0,20}\blogin\b|host key verification failed|"
         r"access to model [^\n]{1,100} is restricted|"
         r"authentication_error|invalid x-api-key|unable to authenticate|\bcode E40[13]\b|\bdenied: denied\b|"
         r"token[^\n]{0,60}\b(?:is |has )?(?:expired|revoked)|ExpiredToken|"
         r"\b40[13]\b[^\n]{0,20}(?:unauthori|forbidden)",
         "The operation was refused for lack of rights: {line}",
         "Find what was refused. A file or directory: write to a location you own (a virtualenv, a --user or "
         "user prefix install, a project directory) or fix its ownership, not sudo. A service, cloud or database: "
         "use credentials or a role that has the access (a token with the right scopes, an IAM policy, a GRANT, "
         "your own fork)."),
    cue("network", "transient",
         r"\b(?:service|server) responded with (?:status (?:code )?)?50[0-4]\b|\(server unavailable\)|"
         r"\bPackage fetch failed and no cached copy\b|\bCould not fetch specs from\b|"
         # libcurl's CURLE_OPERATION_TIMEDOUT, as tools built on it relay it
         r"\bTimeout was reached\b|"
         r"\b(?:service|server) is (?:currently |temporarily )?unavailable\b|"
         # Envoy's (and so Istio's) reply when it cannot reach the service behind it
         r"\bupstream connect error or disconnect/reset before headers\b|"
         r"\bconnection to [^\n]{1,100} could not be established\b|\bcould not establish (?:a )?connection\b|"
         # a download that failed and blames the connection itself
         r"\bcheck your (?:internet |network )?connection(?: settings)?\b(?! string| url| parameters| details)|"
         # Chromium's network errors, as browser tools (Playwright, Puppeteer, an agent's browser) relay them
         r"\bnet::ERR_(?:NAME_NOT_RESOLVED|CONNECTION_(?:REFUSED|RESET|CLOSED|TIMED_OUT|ABORTED|FAILED)|TIMED_OUT|"
         r"INTERNET_DISCONNECTED|NETWORK_CHANGED|ADDRESS_UNREACHABLE|EMPTY_RESPONSE)\b|"
         r"no route to host|network is unreachable|host is unreachable|\bEHOSTUNREACH\b|\bENETUNREACH\b|"
         r"could not resolve (?:host|hostname)|name or service not known|temporary failure in name resolution|"
         r"getaddrinfo|\bEAI_AGAIN\b|\bENOTFOUND\b|nodename nor servname|"
         r"connection (?:refused|reset|closed|aborted|timed out|lost|failed|error)|\bECONNREFUSED\b|\bECONNRESET\b|"
         rf"TNS:no listener|{locales.CONNECTION_REFUSED}|"
         r"\bE(?:SOCKET)?TIMEDOUT\b|socket hang up|broken pipe|spurious network error|"
         r"closed the connection unexpectedly|connection unexpectedly closed|(?:closed|reset) by peer|"
         r"\bserver has gone away\b|\blost connection to (?:\w{1,20} )?server\b|"
         r"terminated abnormally|\bconnection\b[^\n]{0,80}\bcould not be established\b|"
         r"\bConnection to \S{1,200} failed\b(?!,? retrying)|"
         # Jenkins's link to a build agent dropped mid-build (remoting)
         r"\bchannel is closing down or has closed down\b|\bBacking channel '[^'\n]{1,200}' is disconnected\b|"
         r"(?:unable|failed|could not|couldn't|cannot|can't) (?:to )?(?:connect|open TCP connection)|"
         r"can't reach database server|canceling statement due to (?:statement|lock) timeout|"
         r"\bNet::(?:Open|Read|Write)Timeout\b|"
         r"unable to load the service index|(?:failed|unable) to (?:fetch|download)|TLS handshake|"
         r"RPC failed(?!; HTTP 4)|"
         r"\bERR_SOCKET_TIMEOUT\b|"
         # Go's net/http when the server closed the connection mid-request
         r"\b(?:Get|Post|Put|Patch|Delete|Head) \"https?://[^\"\n]{1,300}\": (?:unexpected )?EOF$|"
         r"hung up unexpectedly|status code 5\d\d\b|returned error: (?:5\d\d|429|408)\b|unable to handle the request|"
         r"ServiceUnavailable|network-related|"
         r"error occurred while establishing a connection|"
         r"timed out|(?:read|connect|connection|request|operation|socket|gateway) time-?out|deadline exceeded|"
         r"service unavailable|bad gateway|\b50[234]\b[^\n]{0,30}(?:error|server|unavailable|gateway)|"
         r"temporar(?:y|ily) (?:unavailable|failure|error)|try again later|overloaded|"
         # TLS torn down mid-handshake, a host that does not resolve (git, curl, wget)
         r"gnutls_handshake\(\) failed|GnuTLS recv error|\bSSL_ERROR_SYSCALL\b|"
         r"unable to resolve host address",
         "A network or service failure, not the action itself: {line}",
         "Retry the same action after a short wait with backoff; if it keeps failing, check the network, DNS, "
         "proxy and that the server named in the error is up and reachable."),
    cue("starting_up", "transient",
         r"the database system is (?:starting up|in recovery mode|not yet accepting connections)|"
         r"\bis loading the dataset in memory\b",
         "The service is still starting up (or loading its data) and refuses requests until it is ready: {line}",
         "Wait until it reports ready (poll it, or retry with backoff), then run the same action again."),
    cue("interrupted", "transient",
         r"^\^C|\bInterrupt\s*$|\bSIGINT\b|\bSIGTERM\b|\bKeyboardInterrupt\b|^Terminated\s*$",
         "The run was stopped from outside (interrupt or termination), not by a fault of its own: {line}",
         "Run it again unchanged and let it finish; if something stops it on a timer, give it more time."),
    cue("contention", "transient",
         r"could not serialize access|serialization failure|deadlock detected|deadlock found when trying to get lock|"
         r"lock wait timeout exceeded|try restarting transaction",
         "Another transaction held what this one needed, and the database gave up on this one: {line}",
         "Retry the same transaction; it succeeds once the other one finishes. If it keeps happening, take locks "
         "in one order or make the transaction shorter."),
)

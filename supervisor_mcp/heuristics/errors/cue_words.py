"""The cue table: each family of words that every ecosystem uses for one failure mechanism, with the
root cause and fix that mechanism needs. cues.py reads them; the order here is the order they are tried
(see cues.py for why it matters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from supervisor_mcp.heuristics.errors.anchors import required_literals
from supervisor_mcp.heuristics.errors.signature import ENOENT_LOCALES
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

    def may_match(self, lowered: str) -> bool:
        return self.anchors is None or any(a in lowered for a in self.anchors)


def _cue(name: str, category: ErrorCategory, regex: str, root_cause: str, fix: str) -> Cue:
    return Cue(name, category, re.compile(regex, _I), root_cause, fix, required_literals(regex))


CUES: tuple[Cue, ...] = (
    _cue("rate_limited", "transient",
         r"rate[ _-]?limit(?:ed|ing)?\b|too many requests|(?-i:\b(?:HTTP|[Ss]tatus|[Cc]ode)\b)[^\n]{0,12}\b429\b|"
         r"\b429 Too Many|"
         r"throttl(?:ed|ing)|rate exceeded|RequestLimitExceeded|TooManyRequests|"
         r"quota[^\n]{0,80}per (?:minute|second)",
         "The service is rate-limiting the caller: {line}",
         "Wait before retrying (honour a Retry-After or reset time if one is given), then retry with backoff; "
         "authenticated requests usually get a higher limit."),
    _cue("quota_spent", "resource_limit",
         r"\bquota\b[^\n]{0,40}(?:exceeded|exhausted|reached|been hit)|exceeded[^\n]{0,30}\bquota\b|"
         r"insufficient[_ ]quota|"
         r"\b402\b[^\n]{0,30}Payment Required|"
         r"billing (?:hard )?limit|check your plan and billing|credit balance|out of credits|insufficient credits|"
         r"\bover (?:its|the|your) (?:\w{1,20} )?quota\b",
         "A usage quota or billing limit is spent: {line}",
         "Not retryable as is: check the account's plan, billing or quota, or use another key or project."),
    _cue("out_of_memory", "resource_limit",
         r"out of memory|OutOfMemory|\bOOM\b|oom[_-]kill|cannot allocate memory|\bENOMEM\b|memory (?:exhausted|"
         r"allocation (?:failed|of)|limit)|allowed memory size|heap (?:space|out of memory|limit)|"
         r"signal terminated program|insufficient memory|\bKV cache\b|requires more (?:system )?memory|"
         r"^[ \t]*Killed[ \t]*$|\bkilled\b[^\n]{0,20}\(program|: Killed\b|\bsignal 9\b|SIGKILL|"
         r"line \d{1,7}: +\d{1,9} Killed\b",
         "The process ran out of memory (or was killed for it): {line}",
         "Lower the memory needed: fewer parallel jobs (make -j1, --max-workers 1), a smaller input or batch, "
         "a larger heap or memory limit, or more swap; then run it again."),
    _cue("disk_or_handles", "resource_limit",
         r"no space left|\bENOSPC\b|disk (?:full|quota)|not enough (?:disk )?space|insufficient (?:disk|storage)|"
         r"too many open files|\bEMFILE\b|argument list too long|\bE2BIG\b|maximum recursion|stack overflow|"
         r"stack level too deep|maximum call stack|context[ _]length|context window|too many tokens|"
         r"range of input length|input is too long|maximum input length|exceed_context_size|"
         r"too long \(maximum is \d{1,9}|"
         r"exceeds? the (?:available |maximum )?context (?:size|length|window)|"
         r"maximum execution time|stopped due to (?:iteration|step|time) limit|"
         r"(?:iteration|step|turn)s?[_ ](?:limit|budget)[_ ](?:reached|exceeded|crossed)|"
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
    _cue("permission", "permission_denied",
         r"\bpermissions?\b[^\n]{0,80}\bdenied\b|\bdenied\b[^\n]{0,40}\bpermission|access (?:is |was )?denied|"
         # EACCES's message in other locales (de, fr, es, pt, zh, ja)
         r"Keine Berechtigung|Permission non accordée|Permiso denegado|Permissão negada|权限不够|許可がありません|"
         r"access to [^\n]{1,200} (?:is|was) denied|\bunauthori[sz]ed\b|(?<!is )\bforbidden\b|"
         r"(?:don't|do not|does not|doesn't|lacks?|without) (?:have )?(?:the )?(?:write |read |sufficient |"
         r"required |necessary )?(?:permissions?|privileges?|access rights)|\bnot permitted\b|"
         r"insufficient (?:permissions?|privileges?|scopes?)|\bEACCES\b|\bEPERM\b|PermissionError|"
         r"FilePermission|AccessDenied|read-only file system|must be run as (?:root|administrator)|"
         r"requires? (?:root|administrator|elevated) (?:privileges|rights)|authentication (?:failed|required)|"
         r"bad credentials|invalid (?:credentials|api[ _-]?key|token)|unable to locate credentials|no valid credential|"
         r"no credentials|not authenticated|AuthorizationFailed|does not have authorization|status code:? 40[13]\b|"
         r"security token included in the request is (?:invalid|expired)|"
         r"api[_ ]key[^\n]{0,60}must be set|"
         r"(?:missing|no) api[_ ]key|api[_ ]key (?:is )?(?:missing|required|not set)|"
         r"resource not accessible by integration|\bstatus: 40[13],|"
         r"provide credentials|api key not valid|API_KEY_INVALID|"
         r"\b40[13] Client Error\b|"
         r"login required|password authentication failed|correct access rights|\bgated repo\b|login failed for user|"
         r"access to model [^\n]{1,100} is restricted|"
         r"authentication_error|invalid x-api-key|"
         r"token[^\n]{0,60}\b(?:is |has )?(?:expired|revoked)|ExpiredToken|"
         r"\b40[13]\b[^\n]{0,20}(?:unauthori|forbidden)",
         "The operation was refused for lack of rights: {line}",
         "Do not reach for sudo: write to a location you own (a virtualenv, a --user or user prefix install, a "
         "project directory), fix the file's ownership, or use credentials that have the access (a token with "
         "the right scopes, your own fork)."),
    _cue("network", "transient",
         r"no route to host|network is unreachable|host is unreachable|\bEHOSTUNREACH\b|\bENETUNREACH\b|"
         r"could not resolve (?:host|hostname)|name or service not known|temporary failure in name resolution|"
         r"getaddrinfo|\bEAI_AGAIN\b|\bENOTFOUND\b|nodename nor servname|"
         r"connection (?:refused|reset|closed|aborted|timed out|lost|failed|error)|\bECONNREFUSED\b|\bECONNRESET\b|"
         r"\bE(?:SOCKET)?TIMEDOUT\b|socket hang up|broken pipe|spurious network error|"
         r"closed the connection unexpectedly|(?:closed|reset) by peer|terminated abnormally|"
         r"(?:unable|failed|could not|couldn't|cannot|can't) (?:to )?(?:connect|open TCP connection)|"
         r"can't reach database server|canceling statement due to (?:statement|lock) timeout|"
         r"\bNet::(?:Open|Read|Write)Timeout\b|"
         r"unable to load the service index|(?:failed|unable) to (?:fetch|download)|TLS handshake|RPC failed|"
         r"hung up unexpectedly|status code 5\d\d\b|unable to handle the request|ServiceUnavailable|network-related|"
         r"error occurred while establishing a connection|"
         r"timed out|(?:read|connect|connection|request|operation|socket|gateway) time-?out|deadline exceeded|"
         r"service unavailable|bad gateway|\b50[234]\b[^\n]{0,30}(?:error|server|unavailable|gateway)|"
         r"temporar(?:y|ily) (?:unavailable|failure|error)|try again later|overloaded",
         "A network or service failure, not the action itself: {line}",
         "Retry the same action after a short wait with backoff; if it keeps failing, check the network, DNS, "
         "proxy and that the server named in the error is up and reachable."),
    _cue("interrupted", "transient",
         r"^\^C|\bInterrupt\s*$|\bSIGINT\b|\bSIGTERM\b|\bKeyboardInterrupt\b|^Terminated\s*$",
         "The run was stopped from outside (interrupt or termination), not by a fault of its own: {line}",
         "Run it again unchanged and let it finish; if something stops it on a timer, give it more time."),
    _cue("contention", "transient",
         r"could not serialize access|serialization failure|deadlock detected|deadlock found when trying to get lock|"
         r"lock wait timeout exceeded|try restarting transaction",
         "Another transaction held what this one needed, and the database gave up on this one: {line}",
         "Retry the same transaction; it succeeds once the other one finishes. If it keeps happening, take locks "
         "in one order or make the transaction shorter."),
    _cue("undefined", "undefined_name",
         r"\bundefined (?:variable|method|function|name|symbol|constant|local|index)|\bundefined: \w|"
         r"\w undefined \(type|"
         r"(?<!'NoneType' object )has no (?:field|member|method|attribute|property|exported member)|"
         r"(?<!\" )(?<!' )is not defined\b|"
         r"(?:function|variable|method|name|symbol|macro) [\"'`‘][^\"'`’\n]{1,80}[\"'`’] not defined|"
         r"unresolved reference|could not find method \w{1,80}\(\)|no signature of method|"
         r"could not get unknown property|"
         r"['‘]\w{1,80}['’] undeclared|has not been declared|"
         r"no (?:method|field|function|variable|function or associated item|variant or associated item) named|"
         r"(?:class|interface|trait|function|constant) [\"'][^\"'\n]{1,100}[\"'] not found|does not exist on type|"
         r"no such (?:table|column|function)|(?:column|relation|table|function|type) \"[^\"\n]{1,80}\" does not exist|"
         r"\btype [\w.]{1,80} does not exist|\bno \w{1,20} exists with the name\b|"
         r"no template \"[^\"\n]{1,100}\" associated with template|invalid object name '[^'\n]{1,100}'|"
         r"table '[^'\n]{1,80}' doesn't exist|base table or view not found|"
         r"(?:was )?not declared in this scope|cannot find symbol|use of undeclared|no member named|"
         r"is not a member of|doe\s?s not exist in the current context|"
         r"cannot find (?:name|value|function|macro|type|trait|struct) |does not provide an export named|"
         r"unresolved import [`'](?:crate|self|super)::|unsupported attribute|is not a known attribute|"
         r"exported attribute named|"
         r"implicit declaration of function|"
         r"reference to undeclared|has not been\s+declared",
         "The code uses a name that does not exist where it is used: {line}",
         "Look up the real name (the type's fields and methods, the module's exports, the spelling) and use "
         "it, or declare or import the name before its use."),
    _cue("parse", "syntax_error",
         r"syntax error|parse error|bad substitution|parsing error|(?:failed|unable|could not|cannot) (?:to )?parse|"
         r"invalid syntax|unexpected token|unterminated|unexpected character|did not find expected|"
         r"mapping values are not allowed|error converting (?:YAML|JSON)|malformed (?:json|yaml|xml|toml)|"
         r"not well-formed|\byaml: (?:line \d|invalid)|\bbad config (?:line|file)\b|illegal character|"
         r"invalid (?:yaml|json|toml|xml)\b|unknown directive|"
         r"\[emerg\] unexpected|invalid interpolation format|\bexpected [\w ]{1,30}, found\b|"
         r"\berror(?: \w{0,8}\d{1,5})?: ['‘]?[;:,(){}\[\]]['’]? expected|expected one of\b|"
         r"while (?:scanning|parsing) a\b|"
         r"\bexpected ['‘`][^'’`\n]{1,20}['’`] (?:before|after|at end)|missing separator|"
         # HCL (Terraform) and other configuration parsers
         r"argument or block definition (?:is )?required|invalid (?:expression|block definition)\b|"
         r"unclosed configuration block|missing newline after argument|expected the start of an expression|"
         r"argument names must not be quoted|\binvalid argument name\b|"
         r"class, interface,? (?:enum,? )?or \w+ expected",
         "The input does not parse: {line}",
         "Open the file at the line it names and fix the structure (indentation, a missing key, quote or "
         "bracket, a template left unrendered); validate it before running again."),
    _cue("missing_program", "missing_dependency",
         r"command not found|executable file not found|not recognized as an internal or external command|"
         r"exec: \\?\"?/?(?:usr/)?(?:local/)?bin/(?:ba|z|da|k|c|)sh\\?\"?: |"
         r"no module named|cannot find module|module not found(?![^\n]{0,60}can't resolve '\.)|could not find module|"
         r"cannot find package|"
         r"unresolved (?:import|module)|could not find or load main class|could not resolve all (?:files|dependencies)|"
         r"could not resolve dependencies for project|package [\w.]{1,200} does not exist|"
         r"could not find [\w.-]{1,80}:[\w.-]{1,80}(?::[\w.-]{1,40})?\.|"
         r"registry[^\n]{0,200}\b(?:404|not found)\b|no \.NET SDKs were found|"
         r"could not find (?:gem|'[^'\n]{1,80}' \([^)\n]{0,40}\) among)|in any of the sources|"
         r"library not loaded|cannot open shared object|unable to locate package|not installed|"
         r"is not recognized as the name of a cmdlet|could not open extension control file|is missing from your system|"
         r"\bextension [\w-]{1,40} is (?:missing|not (?:installed|loaded|enabled))|command could be found|"
         r"could not find directory of|command '[^'\n]{1,60}' not found|is currently not installed|"
         r"can be installed with|could not find a [\w ]{1,30} runtime|not currently included in the bundle|"
         r"can't find executable \w{1,60} for gem|plugin \"?[\w.-]{1,60}\"? (?:was )?not found|"
         r"missing in charts/ directory|ensure CRDs are installed first|"
         r"failed to resolve import [\"'][@\w]|import [\"'][\w.]{1,100}[\"'] could not be resolved|"
         r"unable to locate the javac compiler|not a JRE\b|could not resolve [\"'][@\w]|"
         r"library not found for -l|could not find a declaration file for module|"
         r"could not find a valid gem|executable doesn't exist at|download new browsers|"
         r"could not select device driver|no nvidia driver|required library|you must install or update|"
         r"try pulling it first|"
         r"\bexecutable not found\b|"
         r"installation (?:was )?not found|could not find (?:a |an |any )?(?:\w+ )?installation|"
         r"package '[^'\n]{1,80}'[^\n]{0,60} not found",
         "Something the command needs is not installed: {line}",
         "Install the missing program, module or package with the project's package manager (or use an "
         "image or environment that has it), then run the command again."),
    _cue("missing_path", "file_not_found",
         r"no such file or directory|\bENOENT\b|file not found|no matching files found|can't resolve '\.{1,2}/|"
         rf"{ENOENT_LOCALES}|"
         r"could not find file|failed to resolve import [\"']\.{1,2}/|neither [^\n]{1,80} nor [^\n]{1,80} found|"
         r"\bno such file - |no files were found\b|\bno file named\b|"
         r"\b(?:configmap|secret|persistentvolumeclaim|serviceaccount) \"[^\"\n]{1,100}\" not found|"
         r"could not resolve [\"'](?:\.{1,2}/)|\(HTTP 404\)|status code 404\b|could not find or access|"
         r"failed opening required|"
         r"failed to open stream|"
         r"repository (?:'[^'\n]{1,200}' )?not found|"
         r"(?:unable to|could not|cannot|can't) find (?:one of |the )?['\"`]?[\w./-]{1,100}\."
         r"(?:ya?ml|json|toml|xml|ini|cfg|conf|txt|csv|lock|properties)\b|requested URL returned error: 404\b|"
         r"(?:couldn't|could not|cannot|unable to) find (?:a |the )?project\b|there is no POM|"
         r"cannot find (?:the )?(?:file|path)|could not open (?:input )?file|unable to access (?:jar)?file|"
         r"\b(?:file|directory|folder) (?:is |was )?missing\b|no configuration file provided|"
         r"can't find a suitable configuration file|path not found|"
         r"(?:cannot|can't|unable to) open|not a directory",
         "A path the command uses does not exist: {line}",
         "Check the path and the working directory (ls the parent directory, find . -name NAME), then use "
         "the right path or create the file first."),
    _cue("bad_arguments", "invalid_arguments",
         # (HCL's "Invalid argument name" heads a parse error: a quoted or malformed name)
         r"invalid (?:function )?(?:argument(?! name)|option|flag|value|parameter|reference format|choice)|"
         r"unknown (?:option|flag|argument|shorthand flag|parameter)|"
         r"unrecognized (?:command[- ]line )?(?:option|arguments?)|flag provided but not defined|"
         r"unrecognized command or argument|\bbad option\b|is not in the '[\w -]{1,60}' command group|"
         r"no such tool(?: available)?\b|\bunknown tool\b|does not provide any executables|"
         r"\boption does not exist\b|invalid (?:integer|boolean|numeric) value\b|"
         r"does(?: not|n't) have (?:the )?feature\b|task '[^'\n]{1,100}' not found in (?:root )?project|"
         r"don't meet the specifications of the schema|"
         r"\binvalid [\w -]{1,40}: -{1,2}\w|"
         r"invalid requirement|unknown switch|unknown field \"|cannot be applied to given types|"
         r"argument lists differ|no overload for method|"
         r"is not a valid (?:model|id|identifier|name|option|value|choice)\b|"
         r"unknown (?:lifecycle phase|goal|task)\b|missing script:|"
         r"no function matches the given name and argument types|"
         r"function [\w.]{1,80}\([^)\n]{0,200}\) does not exist|unknown (?:sub)?command|"
         r"is not a [\w-]{1,20} command|no such (?:sub)?command|"
         r"wasn't expected|isn't valid in this context|unexpected argument|invalid (?:tag name|mode|url)|"
         r"missing -{1,2}\w{1,20} option|bad/illegal format|malformed url|"
         r"unexpected (?:argument|option|keyword argument)|missing (?:required )?(?:argument|option|parameter)|"
         r"requires an argument|too (?:many|few) arguments|illegal (?:option|argument)|"
         r"was not found in the package registry|\binvalid [\w -]{1,30} specification\b|invalid date\b|"
         r"requires at least \d+ arg(?:ument)?s?\b|accepts \d+ arg\(s\)|requires a value\b|missing [\w ]{0,30}operand|"
         r"option [-\w]{1,40}: is unknown|cowardly refusing|unrecognized request url|"
         r"InvalidParameter(?:Value|Combination)?\b|"
         r"parameter \w{1,60} is invalid|"
         r"unsupported block type|are not expected here|inappropriate value for|incorrect attribute value type|"
         r"unknown predicate|expected (?:one|at least one) argument|"
         r"command [\"'][^\"'\n]{1,60}[\"'] is not defined|"
         r"don't know how to build task|no matching function for call to|candidate expects \d+ arguments?|"
         r"flag needs an argument|no value for required|"
         r"(?:name|argument|flag|option|value|resource|container name) must be specified|"
         r"you must (?:provide|specify|give)\b|specify which [\w ]{1,40} to use|you must pass '?-{1,2}\w|"
         r"invalid type for\b|\binvalid_type\b|\(-32602\)|code\W{1,4}-32602\b|error validating data|"
         r"\b422\b[^\n]{0,20}(?:Validation Failed|Unprocessable)|"
         r"unsupported argument|argument named [^\n]{1,80} is not expected|"
         # a required value left out of a manifest or a chart's values (kubectl, helm `required`)
         r"(?-i:: Required value\b)|\b[a-z]\w{0,60}(?:\.\w{1,60}){1,6} is required\b|"
         # a call with the wrong number of arguments, in the words compilers and runtimes use
         r"wrong number of arguments|not enough arguments in call|too many arguments (?:in call|to function)|"
         r"expected \d+ arguments?, but got|takes \d+ arguments? but \d+ arguments? (?:was|were) supplied|"
         r"no argument given that corresponds|too few arguments to function|ArgumentCountError",
         "The command was called with arguments it does not accept: {line}",
         "Read the command's usage (--help) and correct the argument it names: its spelling, its value, "
         "or a missing required one."),
    _cue("failed_test", "test_failure",
         r"^\s{0,6}\d{1,5}\) Failure:|\bFailure/Error:|\bassertion failed\b|\bAssertionError\b|"
         r"^ASSERT:|test did not panic as expected|^--- FAIL\b|^# FAIL: +[1-9]|there (?:are|were) test failures|"
         r"^\s{0,8}Expected: [^\n]{1,200}\n\s{0,8}(?:Actual|Received|but was): |"
         # a tally ("3 failed"), not a timestamp's seconds ("12:00:30 Failed get ...") or a version ("9.5 failed")
         r"(?<![:\d.])[1-9]\d{0,5} (?:tests? )?failed\b|\*\*\*Failed\b|the following tests FAILED",
         "A test or assertion says the result is wrong: {line}",
         "Read the first failing assertion (expected against actual), fix the code it exercises, and run "
         "that one test again before the whole suite."),
    _cue("state", "precondition_failed",
         r"already exists|already in use|already running|not (?:yet )?(?:initiali[sz]ed|configured)|"
         r"\bis locked\b|not available from|(?:is |are )?not available\b|no longer available|"
         r"doesn't have a resource type|not supported|unsupported|incompatible|version mismatch|"
         r"not a git repository|uncommitted changes|merge conflict|\bCONFLICT \(|conflicting|"
         r"could not find compatible versions|still in use|"
         r"already activated|\brequires [\w.-]{1,30} >= ?[\d.]{1,20}|cannot uninstall\b|was interrupted, you must|"
         r"other objects depend on|"
         r"not currently on a branch|can only (?:install|run)\b|"
         r"lock file does not contain a compatible|role \"[^\"\n]{1,80}\" does not exist|"
         r"or (?:higher|newer|later) is required|does not satisfy|compiled by a more recent version|"
         r"migrations? (?:are )?pending|unknown revision|cannot find main module|"
         r"database \"[^\"\n]{1,80}\" does not exist|"
         r"version solving failed|unsatisfiable|SSL certificate problem|certificate verify failed|"
         r"self[- ]signed certificate|is not up to date with|lock ?file[^\n]{0,60}(?:outdated|out of date)|"
         r"\(conflict: |database is not up to date|plan is stale|unmet dependencies|held broken packages|"
         r"but your [\w.]{1,30} (?:specified|requires)|"
         r"updates to [\w.]{1,40} needed|untolerated taint|"
         r"didn't match (?:Pod's )?node (?:affinity|selector)|exhaustively searched|"
         r"outdated[_ ]lockfile|inconsistent vendoring|out of sync with|"
         r"not compatible with|package downgrade",
         "The action is valid but the current state does not allow it: {line}",
         "Change the state first (remove or reuse what already exists, pick an available version, "
         "initialise or configure what it needs), then repeat the action."),
    _cue("crash", "runtime_error",
         r"\bdeadlock\b|segmentation fault|core dumped|\bpanicked at\b|uncaught exception|unhandled exception|"
         r"terminate called after throwing|(?:cannot|can't) \w{1,20} (?:over|of|on) (?:null|undefined|nil|None)\b|"
         r"back-off restarting failed|CrashLoopBackOff|found nil while unwrapping|AddressSanitizer|"
         r"heap-buffer-overflow|double free|use-after-free|"
         r"stack smashing detected|non-nullable field|"
         r"declared as a non null type",
         "The program crashed while running: {line}",
         "Read the first frame of the crash that is in your own code, fix the state or input that leads "
         "there, and run it again."),
)

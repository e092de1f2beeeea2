"""The line signatures: which error text (other than exception lines) means which failure mechanism.

They cover shells, CLI usage, HTTP, test runners, other toolchains, and domain rejections from tool
APIs; exception lines are mapped in error_exceptions.py.

`priority` implements "root-most wins": when several signatures match, the one nearest the root
cause of the failure decides (code that does not parse explains everything after it; a missing
module explains the ImportError chain built on top of it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from supervisor_mcp.models import ErrorCategory, Fault

PRIORITY: dict[str, int] = {
    "syntax_error": 100, "missing_dependency": 95, "permission_denied": 90, "file_not_found": 85,
    "undefined_name": 80, "resource_limit": 75, "transient": 70, "invalid_arguments": 60,
    "precondition_failed": 55, "test_failure": 50, "runtime_error": 10,
}
FAULT: dict[ErrorCategory, Fault] = {
    "syntax_error": "agent", "undefined_name": "agent", "missing_dependency": "environment",
    "file_not_found": "agent", "invalid_arguments": "agent", "precondition_failed": "agent",
    "permission_denied": "environment", "transient": "environment", "resource_limit": "agent",
    "test_failure": "agent", "runtime_error": "agent", "not_an_error": "none", "unknown": "agent",
}


@dataclass(frozen=True)
class Signature:
    name: str
    category: ErrorCategory
    pattern: re.Pattern[str]
    # Lowercase literals of which at least one must occur for the pattern to be worth running: this
    # keeps a call at microseconds and bounds the work on huge inputs.
    needles: tuple[str, ...]
    priority: int = 0  # 0: the category's priority
    fault: Fault | None = None  # None: the category's usual fault
    confidence: float = 0.9

    @property
    def rank(self) -> int:
        return self.priority or PRIORITY.get(self.category, 0)

    def applies(self, lowered: str) -> bool:
        return any(needle in lowered for needle in self.needles)

    @property
    def domain(self) -> bool:
        """Prose rules of tool APIs; only read in short rejection messages, not in command output."""
        return self.name.startswith("domain_")


def _sig(name: str, category: ErrorCategory, needles: str, regex: str, priority: int = 0, fault: Fault | None = None,
         confidence: float = 0.9, flags: int = re.MULTILINE) -> Signature:
    return Signature(name, category, re.compile(regex, flags), tuple(needles.split("|")), priority, fault, confidence)


_I = re.MULTILINE | re.IGNORECASE

LINE_SIGNATURES: tuple[Signature, ...] = (
    # --- syntax: the shell, sed/awk/jq/SQL/JSON/YAML did not parse what the agent wrote
    _sig("bash_syntax", "syntax_error", "syntax error near",
        r"syntax error near unexpected token [`'](?P<token>[^'\n]{0,60})'"),
    _sig("bash_eof", "syntax_error", "unexpected eof while looking|unexpected end of file",
        r"unexpected EOF while looking for matching [`'](?P<token>.)'|syntax error: unexpected end of file"),
    _sig("heredoc_open", "syntax_error", "here-document",
        r"here-document at line \d{1,7} delimited by end-of-file \(wanted [`'](?P<token>\w{1,40})'\)",
        confidence=0.85),
    _sig("sh_syntax", "syntax_error", "syntax error:",
        r"^(?:sh|dash|bash|zsh)?[^\n]{0,40}: \d{1,7}: Syntax error: (?P<detail>[^\n]{1,120})$"),
    _sig("bad_substitution", "syntax_error", "bad substitution", r"^[^\n]{0,80}: bad substitution$"),
    _sig("sed_expr", "syntax_error", "sed: -e expression",
        r"^sed: -e expression #\d{1,4}, char \d{1,7}: (?P<detail>[^\n]{1,120})$"),
    _sig("regex_syntax", "syntax_error",
        "unmatched|invalid regular|invalid range|invalid preceding|trailing backslash|regex parse error",
        r"^(?:grep|egrep|sed|awk|rg): [^\n]{0,40}(?:Unmatched|Invalid (?:regular expression|range end|preceding)|"
        r"Trailing backslash|regex parse error)[^\n]{0,200}$"),
    _sig("awk_syntax", "syntax_error", "awk:", r"^(?:g?awk|mawk): [^\n]{0,120}syntax error"),
    _sig("jq_syntax", "syntax_error", "jq: error",
        r"^jq: error(?: \(at [^)\n]{0,60}\))?: [^\n]{0,80}(?:syntax error|unexpected)"),
    _sig("sql_syntax", "syntax_error", "syntax error",
        r"syntax error at or near|near \"[^\"\n]{0,60}\": syntax error|error in your SQL syntax", flags=_I),
    _sig("json_syntax", "syntax_error", "expecting|in json|unterminated string starting|invalid control character",
        r"Expecting (?:value|property name enclosed in double quotes|',' delimiter|':' delimiter)|"
        r"Unexpected token [^\n]{1,20} in JSON|Unterminated string starting at|Invalid control character at"),
    _sig("yaml_syntax", "syntax_error", "mapping values|could not find expected|cannot start any token",
        r"mapping values are not allowed here|could not find expected ':'|found character that cannot start any token"),
    _sig("c_syntax", "syntax_error", "error: expected",
        r"^[^\s:]{1,300}:\d{1,7}:\d{1,5}: error: expected [^\n]{1,80}"),
    # --- missing: commands, modules, libraries, headers, packages
    _sig("command_not_found", "missing_dependency", "command not found",
        r"^(?:[^\n:]{0,60}: )?(?:line \d{1,7}: )?(?P<cmd>[^\s:'\"]{1,100}): command not found$|"
        r"^zsh: command not found: (?P<cmd2>\S{1,100})$"),
    _sig("sh_not_found", "missing_dependency", "not found",
        r"^(?:/bin/)?(?:ba|da|z)?sh: (?:\d{1,7}: )?(?:line \d{1,7}: )?(?P<cmd>[^\s:'\"]{1,100}): not found$"),
    _sig("python_m_package", "invalid_arguments", "cannot be directly executed",
        r"No module named (?P<module>[\w.]{1,100})\.__main__; '[\w.]{1,100}' is a package and cannot be directly "
        r"executed", priority=96),
    _sig("python_m_missing", "missing_dependency", "no module named",
        r"^(?P<interp>\S{0,200}python[\d.]{0,8}): No module named (?P<module>[\w.]{1,100})$"),
    _sig("no_module", "missing_dependency", "no module named",
        r"No module named '?(?P<module>[\w.]{1,100})'?", confidence=0.85),
    _sig("shared_lib", "missing_dependency", "cannot open shared object|library not loaded",
        r"(?<![\w.+-])(?P<lib>[\w.+-]{1,100}\.so[\w.]{0,20}): cannot open shared object file|"
        r"Library not loaded: (?P<lib2>\S{1,200})"),
    _sig("env_interp", "missing_dependency", "/usr/bin/env:",
        r"^/usr/bin/env: [`'‘\"]?(?P<cmd>[^'’\"\s:]{1,60})[`'’\"]?: No such file or directory$"),
    _sig("node_module", "missing_dependency", "cannot find module|cannot find package '",
        r"Cannot find module '(?P<module>[^'\n]{1,200})'|Cannot find package '(?P<module2>[^'\n]{1,200})'"),
    _sig("c_header", "missing_dependency", "fatal error:",
        r"fatal error: (?P<lib>[\w./+-]{1,200}\.h(?:pp|h)?): No such file or directory"),
    _sig("pip_no_dist", "missing_dependency", "no matching distribution|could not find a version",
        r"No matching distribution found for (?P<module>\S{1,100})|"
        r"Could not find a version that satisfies the requirement (?P<module2>\S{1,100})",
        priority=65, confidence=0.8),
    _sig("apt_missing", "missing_dependency", "e: ",
        r"^E: (?:Unable to locate package|Package '?)(?P<cmd>[\w.+-]{1,80})"),
    _sig("go_missing", "missing_dependency", "cannot find package \"|no required module",
        r"cannot find package \"(?P<module>[^\"\n]{1,200})\"|"
        r"no required module provides package (?P<module2>\S{1,200})"),
    _sig("java_missing", "missing_dependency", "classnotfound|noclassdeffound",
        r"(?:ClassNotFoundException|NoClassDefFoundError):? (?P<module>[\w.$/]{1,200})"),
    _sig("ruby_missing", "missing_dependency", "cannot load such file",
        r"cannot load such file -- (?P<module>\S{1,200})"),
    # --- paths
    _sig("cant_open_file", "file_not_found", "can't open file",
        r"can't open file '(?P<path>[^'\n]{1,500})': \[Errno 2\]"),
    _sig("cannot_op", "file_not_found", "no such file",
        r"cannot (?P<op>access|remove|stat|open|create regular file|move|copy|"
        r"change directory to) [`'‘\"](?P<path>[^'’\"\n]{1,500})[`'’\"]: No such file or directory"),
    _sig("cd_missing", "file_not_found", "cd: ", r"cd: (?P<path>[^:\n]{1,500}): No such file or directory"),
    _sig("tool_path_missing", "file_not_found", "no such file",
        r"^[\w.+-]{1,40}: (?:can't read |cannot read |)(?P<path>[^:\n]{1,500}): No such file or directory$"),
    _sig("pytest_path", "file_not_found", "not found:",
        r"ERROR: (?:file or directory not found|file not found): (?P<path>\S{1,500})"),
    _sig("not_git_repo", "file_not_found", "not a git repository", r"fatal: not a git repository"),
    _sig("git_pathspec", "file_not_found", "pathspec", r"pathspec '(?P<path>[^'\n]{1,500})' did not match any file"),
    _sig("enoent", "file_not_found", "enoent",
        r"ENOENT: no such file or directory, \w{1,20} '(?P<path>[^'\n]{1,500})'"),
    _sig("path_does_not_exist", "file_not_found", "does not exist|not found",
        r"(?:[Ff]ile|[Pp]ath|[Dd]irectory) [`'\"]?(?P<path>[\w./~-]{1,300})[`'\"]? (?:does not exist|not found)"),
    _sig("no_such_file", "file_not_found", "no such file|cannot find the",
        r"No such file or directory|The system cannot find the (?:file|path) specified", priority=84, confidence=0.8),
    _sig("http_404", "file_not_found", "404",
        r"\b404\b[^\n]{0,20}(?:Not Found|Client Error)", priority=84, confidence=0.8),
    # --- names
    _sig("js_undefined", "undefined_name", "is not defined|is not a function",
        r"ReferenceError: (?P<name>\w{1,100}) is not defined|TypeError: (?P<name2>[\w.]{1,100}) is not a function"),
    _sig("compiled_undefined", "undefined_name", "cannot find symbol|error[e04|not declared|undefined",
        r"cannot find symbol|error\[E04(?:25|23|33)\]|was not declared in this scope|"
        r"undefined reference to [`'](?P<name>[^'\n]{1,100})'|^[^\n]{0,300}: undefined: (?P<name2>\w{1,100})$|"
        r"has no member named|NoMethodError|undefined method"),
    _sig("pytest_fixture", "undefined_name", "fixture '", r"fixture '(?P<name>\w{1,100})' not found"),
    _sig("pytest_no_name", "undefined_name", "not found:|no name '",
        r"ERROR: not found: (?P<path>\S{1,500})|no name '(?P<name>\w{1,200})' in any of"),
    _sig("git_unknown_rev", "undefined_name", "unknown revision|bad revision",
        r"unknown revision or path not in the working tree|fatal: bad revision"),
    # --- arguments
    _sig("cli_unrecognized", "invalid_arguments", "error: un",
        r"error: (?:unrecognized arguments?|unknown (?:option|argument)|"
        r"unexpected argument)[: ]{1,4}(?P<arg>[^\n]{1,200})"),
    _sig("cli_required", "invalid_arguments", "error: ",
        r"error: (?:the following arguments are required|argument (?P<arg>[^:\n]{1,80}): (?:invalid|expected|"
        r"ambiguous)[^\n]{0,200})"),
    _sig("cli_option", "invalid_arguments", "option|operand|argument",
        r"(?:unrecognized|invalid|illegal|unknown) option[^\n]{0,5}?[`'‘\"]?(?P<arg>-{1,2}[\w-]{0,60})?|"
        r"option requires an argument|missing (?:file )?operand|requires an argument|"
        r"No such option: (?P<arg2>\S{1,60})|Got unexpected extra argument|Error: Missing (?:argument|option)|"
        r"too many arguments|invalid argument [`'‘][^\n]{1,80} for", flags=_I),
    _sig("cli_usage", "invalid_arguments", "usage: ",
        r"^(?:usage|Usage): \S{1,100}[^\n]{0,300}$", priority=58, confidence=0.75),
    _sig("unknown_tool", "invalid_arguments", "unknown|tool|function",
        r"^(?:Error: )?Unknown (?:action|tool|function)[: ]{1,4}(?P<name>[\w.-]{1,100})|"
        r"^(?:Error: )?(?:[Tt]ool|[Ff]unction) [`'\"]?(?P<name2>[\w.-]{1,100})[`'\"]? (?:not found|does not exist|"
        r"is not available)"),
    _sig("py_call_args", "invalid_arguments", "() ",
        r"(?<![\w.])(?P<func>[\w.]{1,100})\(\) (?:got an unexpected keyword argument '(?P<kwarg>\w{1,100})'|"
        r"missing (?P<count>\d{1,3}) required (?:positional |keyword-only )?arguments?: (?P<missing>[^\n]{1,200})|"
        r"takes (?:from )?(?P<takes>\d{1,3})[^\n]{0,40} positional arguments? "
        r"but (?P<given>\d{1,3})[^\n]{0,60}? (?:was|were) given|"
        r"got multiple values for argument '(?P<dup>\w{1,100})')"),
    _sig("schema_validation", "invalid_arguments",
        "validation error|field required|input should|extra input|required prop|additional prop|missing requ|invalid",
        r"\b\d{1,4} validation errors? for (?P<model>\w{1,100})|"
        r"^[ \t]{0,20}(?:Field required|Input should be [^\n]{1,200}|Extra inputs are not permitted)|"
        r"is a required property|Additional properties are not allowed|"
        r"missing required (?:argument|parameter|field|property)|Invalid (?:arguments|parameters|input|JSON arguments)",
        flags=_I),
    _sig("invalid_value", "invalid_arguments", "invalid|not a valid|must be",
        r"^(?:Error: )?(?:invalid (?:characters in expression|reason|value|format|choice|type|id|date)\b|"
        r"[^\n]{0,80} is not a valid (?:\w{1,30} ){0,2}(?:value|choice|option|format|date|id))|"
        r"must be (?:one of|of type|an? (?:string|integer|number|list|array|dict|object|boolean))",
        confidence=0.85, flags=_I),
    _sig("missing_key", "invalid_arguments", "error: '",
        r"^Error: '(?P<key>\w{1,60})'$", confidence=0.7),
    # --- permissions and auth
    _sig("read_only", "permission_denied", "read-only|erofs", r"Read-only file system|EROFS"),
    _sig("permission", "permission_denied", "permission denied|eacces|not permitted|eperm|denied|root",
        r"Permission denied|EACCES|Operation not permitted|EPERM\b|Access (?:is )?denied|must be run as root|"
        r"are you root\?"),
    _sig("http_auth", "permission_denied",
        "40|unauthorized|forbidden|key|token|credential|authenticat|authorized|insufficient",
        r"\b40[13]\b[^\n]{0,30}(?:Unauthorized|Forbidden|Client Error)|\bUnauthorized\b|\bForbidden\b|"
        r"(?:invalid|incorrect|missing|expired) (?:api[ _-]?key|token|credentials|access token)|"
        r"authentication (?:failed|required)|not authorized to|insufficient (?:permissions|privileges|scope)",
        flags=_I),
    _sig("externally_managed", "permission_denied", "externally-managed", r"externally-managed-environment"),
    # --- transient
    _sig("timeout", "transient", "timed out|etimedout|deadline|time-out|timeout",
        r"timed out|\bETIMEDOUT\b|deadline exceeded|Gateway Time-?out|"
        r"\bTimeout(?:Error|Expired)?\b[^\n]{0,40}(?:exceeded|after|waiting)", flags=_I),
    _sig("connection", "transient",
        "connection|econnre|failed to establish|max retries|remote|unreachable|no route|could not connect",
        r"Connection (?:refused|reset|aborted)|ECONNREFUSED|ECONNRESET|Failed to establish a new connection|"
        r"Max retries exceeded|Remote end closed connection|RemoteDisconnected|Network is unreachable|"
        r"No route to host|ENETUNREACH|EHOSTUNREACH|Could not connect to"),
    _sig("dns", "transient", "name resolution|eai_again|resolve host|service not known|getaddrinfo|servname",
        r"Temporary failure in name resolution|EAI_AGAIN|Could not resolve host|Name or service not known|"
        r"getaddrinfo (?:ENOTFOUND|EAI_AGAIN)|nodename nor servname"),
    _sig("rate_limit", "transient", "429|too many requests|rate|throttl",
        r"(?:HTTP|status|code|Error)[^\n]{0,12}\b429\b|\b429\b[^\n]{0,5}(?:Too Many|Client Error)|Too Many Requests|"
        r"rate[ _-]?limit(?:ed| exceeded|_exceeded)?|RateLimitError|throttl(?:ed|ing)", flags=_I),
    _sig("server_error", "transient", "50|server|bad gateway|unavailable|overloaded|try again later",
        r"\b50[0234]\b[^\n]{0,30}(?:Internal Server Error|Bad Gateway|Service Unavailable|Gateway Time|Server Error)|"
        r"(?:HTTP|status|code)[ :=/]{1,3}50[0234]\b|Internal Server Error|Bad Gateway|"
        r"Service (?:Temporarily )?Unavailable|server (?:is )?(?:overloaded|busy)|\boverloaded_error\b|try again later",
        fault="tool", confidence=0.85, flags=_I),
    _sig("busy", "transient", "temporarily unavailable|eagain|locked|get lock|dpkg frontend|text file busy",
        r"Resource temporarily unavailable|\bEAGAIN\b|database is locked|Could not get lock|"
        r"Unable to acquire the dpkg frontend lock|Text file busy"),
    # --- budgets
    _sig("context_length", "resource_limit", "context|tokens|prompt is too long|token limit",
        r"context[ _](?:length|window)(?:[ _]exceeded)?|maximum context length|too many tokens|prompt is too long|"
        r"token limit", flags=_I),
    _sig("memory", "resource_limit", "memory|enomem|oom|bad_alloc|killed",
        r"Cannot allocate memory|\bENOMEM\b|[Oo]ut of memory|\bOOM\b|oom-kill|std::bad_alloc|memory exhausted|"
        r"heap out of memory|^Killed$", fault="environment"),
    _sig("disk", "resource_limit", "no space|enospc|quota|edquot",
        r"No space left on device|ENOSPC|Disk quota exceeded|EDQUOT", fault="environment"),
    _sig("recursion", "resource_limit", "recursion|call stack|stack overflow|stackoverflow",
        r"maximum recursion depth exceeded|Maximum call stack size exceeded|stack overflow|StackOverflowError"),
    _sig("too_big", "resource_limit", "too long|e2big|too many open|emfile|too large|413|exceed|limit|budget",
        r"Argument list too long|E2BIG|Too many open files|EMFILE|payload too large|"
        r"\b413\b[^\n]{0,5}(?:Payload|Request Entity|Client Error)|exceeds? (?:the )?(?:maximum|max) (?:size|length)|"
        r"(?:step|turn|iteration|call)s? (?:limit|budget) (?:reached|exceeded)", flags=_I),
    _sig("jvm_exception", "runtime_error", "exception in thread",
        r'^Exception in thread "[^"\n]{1,100}" (?P<detail>[\w.$]{1,200}(?:Exception|Error)[^\n]{0,200})$',
        confidence=0.85),
    _sig("npm_enoent", "file_not_found", "npm err! code enoent|enoent",
        r"^npm (?:ERR!|error) path (?P<path>\S{1,500})$", confidence=0.85),
    _sig("py_message", "runtime_error",
        "object is not|index out of range|unsupported operand|division by zero|invalid literal",
        r"object is not (?:subscriptable|iterable|callable)|index out of range|unsupported operand type|"
        r"division by zero|invalid literal for", priority=15, confidence=0.7),
    # --- test runners (outputs without a visible exception)
    _sig("test_summary", "test_failure", "fail",
        r"^FAILED \S{1,300}::\S{1,300}|^FAIL: \w{1,200} \(|^--- FAIL: \S{1,200}|^={3,200} FAILURES ={3,200}$|"
        r"^={3,200} [^\n]{0,80}\b\d{1,7} failed\b|tests finished: [^\n]{0,40}\b\d{1,7} failed|"
        r"^Tests: {1,20}\d{1,7} failed|test result: FAILED|^FAILED \(failures=\d{1,7}", confidence=0.85),
    _sig("expected_got", "test_failure", "expected|actual|received|got:",
        r"[Ee]xpected:? [^\n]{1,200}(?:,| but| and)? (?:got|was|received|actual)[: ]|"
        r"^[ \t]{0,20}(?:Expected|Actual|Received|Got):[ \t][^\n]{1,200}$", confidence=0.8),
    # --- domain rules of tool APIs: well-formed calls the current state or policy rejects
    _sig("domain_total", "precondition_failed", "add up|does not match",
        r"does not add up|(?:total|amount|sum)[^\n]{0,40}does not match|does not match[^\n]{0,40}(?:total|amount|sum)",
        flags=_I),
    _sig("domain_insufficient", "precondition_failed",
        "not enough|insufficient|balance|out of stock|sold out|no seats|no availability|no capacity",
        r"not enough \w{1,30}|insufficient \w{1,30}(?: \w{1,30}){0,3}|balance is not enough|out of stock|sold out|"
        r"no (?:seats|availability|capacity)", flags=_I),
    _sig("domain_unavailable", "precondition_failed", "available|no longer valid",
        r"\bnot available\b|\bunavailable\b|no longer (?:available|valid)", priority=54, flags=_I),
    _sig("domain_forbidden", "precondition_failed",
        "be |not allowed|not permitted|not eligible|refundable|cancel|modifiable|changeable|only",
        r"(?:cannot|can't|can not|could not) be \w{2,30}|"
        r"is not (?:allowed|permitted|eligible|refundable|cancell?able|modifiable|changeable)|not allowed to|"
        r"only (?:\w{1,30} ){0,3}(?:can|may) be", flags=_I),
    _sig("domain_state", "precondition_failed", "already|exists|should|must|too many|exceed|expired| is |cannot|match",
        r"already (?:exists?|cancell?ed|booked|used|paid|in use|taken|registered|been)|\bFile exists\b|"
        r"(?:should|must) (?:be|have|match|not) [^\n]{1,120}|does not match|too many \w{1,30}|"
        r"exceeds? (?:the )?(?:limit|maximum|allowed|balance)|\bexpired\b|"
        r"is (?:closed|locked|suspended|inactive|disabled|not active)|"
        r"(?:non|not)-?(?:pending|delivered|active) \w{1,30} cannot", flags=_I),
    _sig("domain_not_found", "precondition_failed", "not found|not exist|n't exist|no such",
        r"^(?:Error: )?(?:[\w-]{1,40} ){0,6}(?:not found|does not exist|doesn't exist|no such \w{1,30})\b",
        priority=53, confidence=0.85, flags=_I),
    _sig("git_state", "precondition_failed", "patch|conflict|overwritten|branch is behind|already exists|hunk",
        r"patch does not apply|patch failed|Hunk #\d{1,5} FAILED|hunks? FAILED|CONFLICT \(|would be overwritten by|"
        r"Your branch is behind|destination path '[^'\n]{1,300}' already exists|"
        r"Reversed \(or previously applied\) patch"),
    _sig("fs_state", "precondition_failed", "directory not empty|enotempty|file exists|eexist",
        r"Directory not empty|ENOTEMPTY|\bFile exists\b|\bEEXIST\b"),
)

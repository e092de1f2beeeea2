"""Which failure mechanism an exception stands for, from its type name refined by its message.

One type covers several mechanisms (TypeError for bad arguments vs. a type bug, OSError by errno,
HTTPError by status code), so the message is read too. Covers Python and the JS/Java exceptions that
print in the same `Name: message` shape.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.cues import find_cue
from supervisor_mcp.heuristics.errors.exception_names import DB_API, ERRNO, EXC_EXACT, GENERIC
from supervisor_mcp.heuristics.errors.signature import CONTEXT_OVERFLOW
from supervisor_mcp.models import ErrorCategory

ENVIRONMENT_CUES: frozenset[ErrorCategory] = frozenset({"transient", "permission_denied", "resource_limit"})
_VALUE_ERRORS = frozenset({"KeyError", "IndexError", "LookupError"})
_QUOTED = re.compile(r"(?<![A-Za-z])'[^'\n]{0,200}'|\"[^\"\n]{0,200}\"")
# An API's error body inside the message ({"error":"model requires more memory..."}): its text is a message.
_API_MESSAGE = re.compile(r"[\"'](?:error|message|detail)[\"']\s{0,3}:\s{0,3}[\"']([^\"'\n]{1,500})[\"']")
_STATED = re.compile(
    r"out of (?:shared )?memory|cannot allocate memory|no space left|connection (?:refused|reset|aborted)|timed out|"
    r"server has gone away|lost connection to (?:\w{1,20} )?server|"
    r"permission denied|operation not permitted|rate limit exceeded|too many requests|too many (?:clients|connections)|"
    r"closed the connection unexpectedly|connection slots|could(?: not|n't) connect|\bKV cache\b|"
    r"no nvidia driver|driver (?:is )?not (?:found|installed)|cannot open shared object|"
    r"authentication failed|access denied for user|(?:incorrect|invalid|wrong) (?:username|user name) or password|"
    r"requires more (?:system )?memory|\b40[13] Client Error\b|"
    r"gated repo|no file named|does not appear to have a file named|access is denied|"
    r"file ?name (?:or extension )?(?:is )?too long",
    re.IGNORECASE,
)
_BUILTIN_CUES: frozenset[ErrorCategory] = ENVIRONMENT_CUES | {"missing_dependency", "file_not_found"}
_LIBRARY_CUES: frozenset[ErrorCategory] = ENVIRONMENT_CUES | {
    "precondition_failed", "undefined_name", "file_not_found", "invalid_arguments", "syntax_error",
    "missing_dependency",
}
_PARSE_ERROR = re.compile(r"(?<!Unicode)(?:Decode|Parse|Parser|Parsing|Scanner|Syntax)(?:Error|Exception)$")
_NULLISH = re.compile(r"\bnil\b|NilClass|\bnull\b|\bundefined\b|\bNone\b")
# JSON.parse given an HTML page or an empty body: the data is not JSON at all (a run-time fact about
# the response), not JSON with a typo. rules_toolchains.py reads the same words outside an exception.
NOT_JSON = (
    r"Unexpected token '?<'?,? ?\"?<(?:!DOCTYPE|html)[^\n]{0,60}is not valid JSON|"
    r"Unexpected token < in JSON at position 0|SyntaxError: Unexpected end of JSON input|"
    # Python's json and Rust's serde_json at the very first character: nothing of the body was JSON
    r"\bExpecting value: line 1 column 1 \(char 0\)|\bexpected value at line 1 column 1\b"
)
_ERRNO_RE = re.compile(r"\[Errno (-?\d{1,4})\]")
_TYPE_ARGS = re.compile(
    r"argument|takes (?:no|\d+|from) |required positional|keyword|arguments? (?:must|should)|"
    r"expected (?:at most|at least|\d+) arguments?|\(\) missing"
)
_CONTEXT = re.compile(CONTEXT_OVERFLOW, re.I)
# Julia's loader on a package the active environment does not have.
_JULIA_MISSING = (r"Package \S{1,100} (?:not found in current path|\[[0-9a-f-]{36}\] is required but does not "
                  r"seem to be installed|does not have \S{1,100} in its dependencies)")
# A nil (Elixir) or nothing (Julia) met at run time, as Ruby's nil is: a null value, not a missing name.
_NIL_MET = re.compile(r"function nil\.|no method matching \w{1,80}\(::Nothing\b|protocol \S{1,80} not implemented for")
_HTTP_STATUS = re.compile(r"\b([45]\d\d)\b")
# A status stated as one: "HTTP 401", "HTTP/1.1 404", "status code 429", "status: 503".
_HTTP_STATED = re.compile(
    r"\bHTTP(?:/\d(?:\.\d)?)? ?([45]\d\d)\b|\bstatus(?: code)?:? ([45]\d\d)\b|"
    # Google's clients: the status, then its canonical name (`400 INVALID_ARGUMENT. {...}`)
    r"^([45]\d\d) (?-i:[A-Z]{2,20}(?:_[A-Z]{2,20}){0,3})\b", re.IGNORECASE)
# A model asked for a capability it does not have (tools, images): the call is well formed, the model cannot.
_LACKS_CAPABILITY = re.compile(
    r"\bdoes not support (?:tools|tool[ _]?(?:use|calling|calls)|function[ _]?calling|images?|vision|audio|"
    r"system (?:messages?|prompts?)|streaming)\b", re.IGNORECASE)
# Reason phrases an HTTP client's error may carry without the number (Octokit's "HttpError: Not Found").
_REASONS: dict[str, int] = {
    "bad request": 400, "unauthorized": 401, "forbidden": 403, "not found": 404, "conflict": 409,
    "payload too large": 413, "unprocessable entity": 422, "too many requests": 429,
    "internal server error": 500, "bad gateway": 502, "service unavailable": 503, "gateway timeout": 504,
}
_QUOTA = re.compile(r"insufficient_quota|exceeded your current quota|credit balance is too low", re.I)
_DROPPED = re.compile(r"Connection(?:Loss|Lost|Closed|Reset|Dropped)(?:Exception|Error)$")
_SQL_SYNTAX = re.compile(r"error in your SQL syntax|\(1064,", re.I)


def is_known(name: str) -> bool:
    """Whether the type's name alone says what kind of failure it is (a builtin or a mapped name)."""
    return name in EXC_EXACT or name in GENERIC


def http_category(message: str) -> ErrorCategory | None:
    match = _HTTP_STATUS.search(message)
    reason = next((c for phrase, c in _REASONS.items() if message.strip().lower().startswith(phrase)), None)
    if not match and reason is None:
        return None
    code = int(match.group(1)) if match else reason or 0
    if code in (401, 403, 407):
        return "permission_denied"
    if code == 404:
        return "file_not_found"
    if code in (408, 425, 429) or code >= 500:
        return "transient"
    if code == 413:
        return "resource_limit"
    if code in (409, 412, 423):
        return "precondition_failed"  # a conflict with the resource's state, a failed If-Match, a lock
    return "invalid_arguments"


def exception_category(name: str, message: str) -> ErrorCategory:
    """The failure mechanism an exception of this type with this message stands for."""
    name, message = _relayed(name, message)
    if _CONTEXT.search(message) or _QUOTA.search(message):
        return "resource_limit"  # providers wrap an over-long prompt or a spent quota in generic errors
    if _SQL_SYNTAX.search(message) or (name not in EXC_EXACT and name not in GENERIC and "Assert" not in name
                                       and re.search(r"\bsyntax error\b", message, re.IGNORECASE)):
        return "syntax_error"
    errno = _ERRNO_RE.search(message)
    if errno and errno.group(1) in ERRNO and name not in ("FileNotFoundError", "PermissionError"):
        return ERRNO[errno.group(1)]
    exact = _exact(name, message)
    if exact is not None:
        return exact
    by_message = _by_message(name, message)
    if by_message is not None:
        return by_message
    if _PARSE_ERROR.search(name):
        return "syntax_error"  # a parser's own exception: TomlDecodeError, ScannerError, XMLSyntaxError
    if name.endswith(("Timeout", "TimeoutError", "TimeoutException")) or _DROPPED.search(name):
        # A library's own timeout or dropped connection (Cassandra's, ZooKeeper's), unless its message says the
        # other end refused the caller or a size ("policy violation: Invalid API key", max_allowed_packet).
        refused = find_cue(message, frozenset({"permission_denied", "resource_limit"}))
        return refused[0].category if refused else "transient"
    if name.endswith(("NotFound", "NotFoundError", "NotFoundException")) and re.search(
            r"file|/|\b404\b", message, re.IGNORECASE):
        return "file_not_found"
    if re.search(r"Invalid(?:Argument|Param)", name):
        return "invalid_arguments"  # a library's own word for a bad call (chromadb's InvalidArgumentError)
    if name.endswith(("Unauthorized", "Forbidden", "Denied", "PermissionDenied", "AuthenticationError",
                      "AuthenticationException", "AuthError", "CredentialsError")):
        return "permission_denied"
    # A library's own exception (RateLimitExceededException, PackagesNotFoundError) often names its
    # mechanism in its words: "rate limit", "not available from current channels". A builtin's message
    # is trusted only for the environment's mechanisms ("RuntimeError: CUDA out of memory").
    if name in GENERIC:
        # A builtin's message is a value ("KeyError: 'billing'", "index 429 is out of bounds"): only a
        # mechanism stated outright in it counts, never a word inside a quoted value.
        bare = message if name in DB_API else _QUOTED.sub("", _API_MESSAGE.sub(r"\1", message))
        stated = name not in _VALUE_ERRORS and _STATED.search(bare)
        found = find_cue(bare, _BUILTIN_CUES) if stated else None
    else:
        stated_status = _HTTP_STATED.search(message)
        if stated_status is not None and _LACKS_CAPABILITY.search(message):
            return "precondition_failed"
        if stated_status is not None:
            # an API client's own exception that states the HTTP status it got ("HTTP 400 error: ...")
            return http_category(next(g for g in stated_status.groups() if g)) or "runtime_error"
        words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name.rsplit(".", 1)[-1])
        found = find_cue(f"{words}: {message}", _LIBRARY_CUES)
    if found is not None:
        return found[0].category
    return "runtime_error"


def _relayed(name: str, message: str) -> tuple[str, str]:
    """A builtin re-raise of SQLAlchemy's wrapping, "RuntimeError: (snowflake...ProgrammingError) 002003 (42S02):
    ...": the driver's class and message are the failure."""
    relayed = _RELAYED_DB_API.match(message)
    return (relayed.group(1), message[relayed.end():]) if relayed is not None and name in GENERIC else (name, message)


def _exact(name: str, message: str) -> ErrorCategory | None:
    """A type whose name says the mechanism, unless its message names another one."""
    if name not in EXC_EXACT:
        return None
    if name == "RepositoryNotFoundError" and re.search(r"\b401\b|authenticated|gated", message):
        return "permission_denied"  # the Hub hides private and gated repositories behind a 401
    if name == "HttpRequestException" and (status := re.search(r"does not indicate success: (\d{3})", message)):
        return http_category(status.group(1)) or "runtime_error"  # .NET's HttpClient, by the status it got
    if name == "FileNotFoundException" and "Could not load file or assembly" in message:
        return "missing_dependency"  # .NET: an assembly (a package) the app references is not deployed
    if name == "AttributeError" and "partially initialized module" in message:
        return "undefined_name"
    if name == "InvalidRequestError" and re.match(r"(?:Request \S{1,60}: )?No such \w{1,40}", message):
        return "file_not_found"  # an API's "No such customer: 'cus_x'": the object the call names is not there
    if _NIL_MET.match(message):
        return "runtime_error"
    if name == "UndefinedFunctionError" and re.search(r"\(module \S{1,100} is not available\)", message):
        return "missing_dependency"  # Elixir: the module is not compiled into the project (a dependency missing)
    if name == "ArgumentError" and re.match(_JULIA_MISSING, message):
        return "missing_dependency"  # Julia's loader: the package is not installed in the active environment
    if name == "LoadError" and "already activated" in message:
        return "precondition_failed"  # Bundler: another version of the gem is loaded in this process
    if name == "SyntaxError" and re.search(NOT_JSON, f"SyntaxError: {message}", re.IGNORECASE):
        return "runtime_error"
    if name == "SyntaxError" and "does not provide an export named" in message:
        return "undefined_name"  # an ES module import of a name the module does not export (linked, not parsed)
    if name == "JSONDecodeError" and "line 1 column 1 (char 0)" in message:
        return "runtime_error"  # nothing at all parsed: an empty body or an HTML page, not JSON with a typo
    if name == "AttributeError" and message.startswith("'NoneType' object"):
        return "runtime_error"  # a None met at run time, as Ruby's nil and JS's undefined are
    return EXC_EXACT[name]


def _by_message(name: str, message: str) -> ErrorCategory | None:
    """Exception types whose message tells the mechanism (an ImportError of a name vs of a module)."""
    if name == "McpError" and "-32000: Connection closed" in message:
        return "unknown"  # the MCP server's process exited; why is in its stderr (as rules_clusters' MCP_CLOSED)
    if name == "ImportError":
        if "cannot import name" in message:
            return "undefined_name"
        return "missing_dependency"
    if name == "FieldError":
        unknown_field = re.search(r"Cannot resolve keyword|Unknown field|has no field named", message)
        return "undefined_name" if unknown_field else "runtime_error"
    if name == "TypeError":
        if message.strip() == "fetch failed":
            return "transient"  # Node's fetch rejects every network-level failure with this TypeError
        if re.search(r"\bis not a function\b", message) and not _NULLISH.search(message):
            return "undefined_name"  # JS: the object has no such method
        # PHP: an argument of the wrong type is a bad call, unless the value is a null met at run time
        wrong_call = _TYPE_ARGS.search(message) and not re.search(r"\bnull given\b", message)
        return "invalid_arguments" if wrong_call else "runtime_error"
    if name == "NoMethodError":
        # Ruby: a method called on nil is a null value at run time; on anything else the method does not exist.
        return "runtime_error" if _NULLISH.search(message) else "undefined_name"
    if name == "ValidationError":
        return "invalid_arguments" if "validation error for" in message else "runtime_error"
    if name in ("HTTPError", "HTTPStatusError", "ClientResponseError", "APIStatusError", "AxiosError", "HttpError"):
        return http_category(message)  # no status code: the message's words may still name the mechanism
    if name in DB_API:
        return _database(name, message)
    return None


# SQLSTATEs for a table, column or function that does not exist (ODBC's 42S02/42S22, Postgres's 42P01/42703/42883).
_SQLSTATE_UNDEFINED = re.compile(
    r"\((?:42S02|42S22|42P01|42703|42883)\)|\('(?:42S02|42S22|42P01|42703|42883)',|\[(?:42S02|42S22|42P01|42703|42883)\]|"
    r"'C': '(?:42S02|42S22|42P01|42703|42883)'|\bSQLSTATE\[?(?:42S02|42S22|42P01|42703|42883)\b|"
    r"\bERROR:? (?:42S02|42S22|42P01|42703|42883)\b")


_RELAYED_DB_API = re.compile(r"\((?:\w{1,40}\.){1,6}(" + "|".join(sorted(DB_API)) + r")\) ")


def _database(name: str, message: str) -> ErrorCategory | None:
    """DB-API's classes, one name for every failure: the server's SQLSTATE or words say the mechanism."""
    # SQLite states no SQLSTATE; its missing column is a wrong name (a missing table stays the script's setup not run)
    if _SQLSTATE_UNDEFINED.search(message) or re.search(r"\bno such column: |\bhas no column named \w", message):
        return "undefined_name"
    if name == "OperationalError":
        if "syntax error" in message:
            return "syntax_error"
        if "database is locked" in message:
            return "transient"
        if "unable to open database file" in message:
            return "file_not_found"
    return None

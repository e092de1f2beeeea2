"""What an exception's type name alone says: the category each known name stands for, errno numbers, and
the generic names (builtins, DB-API classes) whose message has to be read instead.

exceptions.py refines these by the message; this table is only the names.
"""

from __future__ import annotations

from supervisor_mcp.models import ErrorCategory

EXC_EXACT: dict[str, ErrorCategory] = {
    "SyntaxError": "syntax_error", "IndentationError": "syntax_error", "TabError": "syntax_error",
    "JSONDecodeError": "syntax_error", "TOMLDecodeError": "syntax_error", "ScannerError": "syntax_error",
    "ParserError": "syntax_error", "TemplateSyntaxError": "syntax_error",
    "ModuleNotFoundError": "missing_dependency", "ClassNotFoundException": "missing_dependency",
    "NameError": "undefined_name", "UnboundLocalError": "undefined_name", "AttributeError": "undefined_name",
    "ReferenceError": "undefined_name", "NoReverseMatch": "undefined_name", "UndefinedError": "undefined_name",
    # the Hugging Face Hub's: a model or dataset id it does not have (the corpus labels a missing model id so)
    "RepositoryNotFoundError": "undefined_name",
    "FileNotFoundError": "file_not_found", "NotADirectoryError": "file_not_found",
    "IsADirectoryError": "file_not_found", "TemplateDoesNotExist": "file_not_found",
    "PermissionError": "permission_denied", "AuthenticationError": "permission_denied",
    "PermissionDeniedError": "permission_denied",
    "RecursionError": "resource_limit", "MemoryError": "resource_limit", "OutOfMemoryError": "resource_limit",
    "StackOverflowError": "resource_limit", "InvalidRequestError": "invalid_arguments",
    "ContextWindowExceededError": "resource_limit",
    "TimeoutError": "transient", "TimeoutExpired": "transient", "ReadTimeout": "transient",
    "ConnectTimeout": "transient", "ConnectionError": "transient", "ConnectionRefusedError": "transient",
    "ConnectionResetError": "transient", "ConnectionAbortedError": "transient", "RemoteDisconnected": "transient",
    "MaxRetryError": "transient", "NewConnectionError": "transient", "ConnectError": "transient",
    "ServiceUnavailableError": "transient", "RateLimitError": "transient", "APIConnectionError": "transient",
    "APITimeoutError": "transient", "InternalServerError": "transient", "ClientConnectorError": "transient",
    "ServerDisconnectedError": "transient", "IncompleteRead": "transient", "ChunkedEncodingError": "transient",
    "UsageError": "invalid_arguments", "NoSuchOption": "invalid_arguments", "BadParameter": "invalid_arguments",
    "MissingParameter": "invalid_arguments", "BadRequestError": "invalid_arguments",
    "UnprocessableEntityError": "invalid_arguments",
    # JVM, .NET and Ruby names for the same mechanisms
    "FileNotFoundException": "file_not_found", "NoSuchFileException": "file_not_found",
    "DirectoryNotFoundException": "file_not_found", "UnauthorizedAccessException": "permission_denied",
    "AccessDeniedException": "permission_denied", "SocketTimeoutException": "transient",
    "ConnectException": "transient", "UnknownHostException": "transient", "TimeoutException": "transient",
    "HttpRequestException": "transient", "OutOfMemoryException": "resource_limit",
    "StackOverflowException": "resource_limit", "NoClassDefFoundError": "missing_dependency",
    "ArgumentError": "invalid_arguments", "ArgumentCountError": "invalid_arguments",
    "NoSuchMethodError": "undefined_name",
    "MissingMethodException": "undefined_name", "MissingPropertyException": "undefined_name",
    "GemNotFound": "missing_dependency",
    "GemNotFoundException": "missing_dependency", "UnsatisfiedLinkError": "missing_dependency",
    "MissingSpecError": "missing_dependency", "LoadError": "missing_dependency",
    "PendingMigrationError": "precondition_failed", "NoDatabaseError": "precondition_failed",
    # gRPC's status codes as exception classes (google.api_core, grpc clients in every language)
    "InvalidArgument": "invalid_arguments", "OutOfRange": "invalid_arguments",
    "FailedPrecondition": "precondition_failed", "AlreadyExists": "precondition_failed",
    "ResourceExhausted": "transient", "DeadlineExceeded": "transient", "ServiceUnavailable": "transient",
    "Unauthenticated": "permission_denied",
    "Errno::ENOENT": "file_not_found", "Errno::EACCES": "permission_denied", "Errno::ECONNREFUSED": "transient",
    "Errno::ETIMEDOUT": "transient", "Errno::ECONNRESET": "transient",
    "AssertionError": "test_failure", "AssertionFailedError": "test_failure", "ComparisonFailure": "test_failure",
    "MissingInputException": "file_not_found",  # Snakemake: a rule's input that exists nowhere, nor is produced
    "CypressError": "test_failure",  # a Cypress command or assertion failing inside a test
    # Testing Library's query finding no element (getByText, getByRole): only tests call those queries
    "TestingLibraryElementError": "test_failure",
    # Julia's and Elixir's names for a name that does not exist and for a call no method or clause accepts
    "UndefVarError": "undefined_name", "UndefinedFunctionError": "undefined_name",
    "MethodError": "invalid_arguments", "FunctionClauseError": "invalid_arguments",
    "TokenMissingError": "syntax_error", "MismatchedDelimiterError": "syntax_error",
    "FileNotFound": "file_not_found",  # Chef::Exceptions::FileNotFound
    "CookbookNotFound": "missing_dependency",
}
ERRNO: dict[str, ErrorCategory] = {
    "2": "file_not_found", "20": "file_not_found", "21": "file_not_found", "13": "permission_denied",
    "1": "permission_denied", "30": "permission_denied", "28": "resource_limit", "122": "resource_limit",
    "12": "resource_limit", "24": "resource_limit", "7": "resource_limit", "110": "transient",
    "111": "transient", "104": "transient", "113": "transient", "101": "transient", "-2": "transient",
    "-3": "transient", "11": "transient", "98": "precondition_failed", "17": "precondition_failed",
}
# DB-API's classes: one name for every database failure. A missing table in a script's own database
# is its setup not run (runtime_error in the labelled runs), not a misspelt name. Their message is the
# server's, often as a tuple repr (`(1045, "Access denied ...")`), so its quotes hold the mechanism.
DB_API = frozenset({"OperationalError", "DatabaseError", "ProgrammingError", "IntegrityError", "InterfaceError"})
# Builtin exception types whose messages describe values, not mechanisms ("invalid literal for int()").
GENERIC = frozenset({
    "Exception", "Error", "ValueError", "KeyError", "IndexError", "RuntimeError", "TypeError", "LookupError",
    "ZeroDivisionError", "ArithmeticError", "OverflowError", "StopIteration", "NotImplementedError",
    "AssertionError", "SystemExit", "OSError", "IOError", "EnvironmentError", "UnicodeDecodeError",
    "UnicodeEncodeError", "IllegalStateException", "NullPointerException", "InvalidOperationException",
    # the JVM's and .NET's ValueError: a bad value met at run time, not a call the tool refused
    "IllegalArgumentException", "ArgumentException", "ArgumentNullException", "ArgumentOutOfRangeException",
    "NumberFormatException", "FormatException",
}) | DB_API

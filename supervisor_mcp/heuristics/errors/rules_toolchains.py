"""Line signatures of test runners and language toolchains beyond Python: their failure summaries,
missing runtimes and native builds, and the names they report missing. Each names what a whole
family of tools prints (JUnit and its ports, xUnit, PHPUnit, RSpec, Jest), not one project.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.exceptions import NOT_JSON
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.rules_build_tools import BUILD_TOOL_SIGNATURES
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

TOOLCHAIN_SIGNATURES: tuple[Signature, ...] = (
    # --- test runners' own summaries
    sig(Rule.RUNNER_SUMMARY, "test_failure", "failures|failed|failing|assert|but was|fail |not ok ",
        r"Tests run: \d{1,7}, Failures: [1-9]|There (?:was|were) \d{1,7} failures?:|^FAILURES!$|"
        r"Failed asserting that|expected:<[^>\n]{0,200}> but was:<|\d{1,7} examples?, [1-9]\d{0,6} failures?|"
        r"Test Suites: \d{1,7} failed|Failed!\s+- Failed:\s+[1-9]|Assert\.\w{1,40}\(\) Failure|"
        r"Tests:\s+\d{1,7}, Assertions:\s+\d{1,7}, (?:Errors: \d{1,7}, )?Failures: [1-9]|"
        r"\d{1,7} tests? completed, [1-9]\d{0,6} failed|\d{1,3}% tests passed, [1-9]\d{0,6} tests? failed|"
        r"^The following tests FAILED:|^\*\* TEST FAILED \*\*$|"
        r"^Errors while running CTest$|^Test Run Failed\.$|Assert\.\w{1,40} failed\.|"
        # GoogleTest's tally, TAP's failed test (bats, prove, node --test), a runner's ✗ mark (not a task
        # runner's "✗ Command failed: ...", which only relays a child's exit)
        r"^\[  FAILED  \] \d{1,6} tests?, listed below|^not ok \d{1,6} |There were failing tests\. See the report|"
        r"^--- FAIL\b|^[ \t]{0,4}✗ (?!Command failed)|"
        r"\d{1,6} tests?, [1-9]\d{0,5} failures?\b|"
        # any runner's one-line tally of tests with failures in it ("1388 tests cases | 0 errors | 2 failures")
        # (not Catch2's "1 failed as expected", nor "3 failed to import")
        r"\btests?\b[^\n]{0,60}[,|;]\s{0,3}[1-9]\d{0,5} (?:failures?|failed)\b(?! as expected| to\b)|"
        r"^[ \t]{0,4}Failed [\w.]{1,200} \[\d{1,6} m?s\]$|"
        r"^[ \t]{0,2}FAIL[ \t]{1,3}\S{1,300}\.(?:test|spec)\.[jt]sx?\b|^[ \t]{0,6}\d{1,5}\) Failure:$|"
        # XCTest (swift test, xcodebuild test)
        r"\bXCTAssert\w{0,40} failed\b|^Executed \d{1,7} tests?, with [1-9]\d{0,6} failures?\b",
        confidence=0.85,
        example=("There was 1 failure:\n1) CartTest::testTotal\nFailed asserting that 2 matches expected 3.\n\n"
                 "FAILURES!\nTests: 4, Assertions: 6, Failures: 1.")),
    # A runner told to run tests its path or filter does not match: nothing was tested, so nothing failed yet.
    sig(Rule.NO_TESTS_SELECTED, "invalid_arguments", "no tests found|no test files found|no test target named",
        r"^No tests found, exiting with code [1-9]|^Error: No test files found\b|"
        r"^error: no test target named\b",
        example="No tests found, exiting with code 1\nRun with `--passWithNoTests` to exit with code 0",
        advice=("The test command selected no tests: its path, pattern or target name matches none of the "
                "project's tests.",
                "List the test files or targets first, then rerun with a path or filter that names one of them.")),
    # --- runtimes, SDKs and native builds that are not installed
    sig(Rule.RUNTIME_MISSING, "missing_dependency",
        "not installed|could not be found|was not found|could not load file|is not in goroot|is not in std|"
        "cannot find goroot",
        r"(?:rbenv|pyenv|nodenv|goenv): version [`'](?P<module3>[^'\n]{1,40})' (?:is )?not installed|"
        r"The framework '(?P<module4>[^'\n]{1,100})', version '[^'\n]{1,40}' (?:\([^)\n]{1,40}\) )?was not found|"
        r"The SDK '(?P<module5>[^'\n]{1,100})' specified could not be found|"
        r"error MSB4019: The imported project \"(?P<module6>[^\"\n]{1,300})\"|"
        r"cannot find GOROOT directory: (?P<module7>\S{1,300})|"

        r"Could not load file or assembly '(?P<module>[^',\n]{1,200})|"
        r"package (?P<module2>\S{1,200}) is not in (?:GOROOT|std)",
        example="rbenv: version `3.2.2' is not installed (set by /app/.ruby-version)",
        advice=("A runtime, SDK or assembly this needs is not installed here{module_named}{module2_named}"
                "{module3_named}{module4_named}{module5_named}{module6_named}{module7_named}.",
                "Install the version the project pins (its .ruby-version, .python-version, global.json or "
                "go.mod), or select one that is installed; then run again.")),
    sig(Rule.JDK_MISSING, "missing_dependency", "java_home",
        r"JAVA_HOME is (?:not (?:defined|set)|set to an invalid directory)",
        example="ERROR: JAVA_HOME is not set and no 'java' command could be found in your PATH.",
        advice=("No usable JDK is configured: JAVA_HOME is unset or points at no Java installation, and java is "
                "not on PATH.",
                "Install a JDK (e.g. apt-get install -y openjdk-17-jdk, or the version the build declares) and set "
                "JAVA_HOME to its directory; then run the build again.")),
    sig(Rule.ANDROID_SDK_MISSING, "missing_dependency", "sdk location",
        r"SDK location not found",
        example=("SDK location not found. Define a valid SDK location with an ANDROID_HOME environment variable or "
                 "by setting the sdk.dir path in your project's local properties file"),
        advice=("Gradle cannot find the Android SDK: neither ANDROID_HOME nor sdk.dir in local.properties is set.",
                "Install the Android SDK (or its command-line tools) and set ANDROID_HOME, or write "
                "sdk.dir=/path/to/sdk into local.properties; then build again.")),
    # Only the package manager's word that a native build failed: the compiler's reason is elsewhere (often a
    # missing header or toolchain, but not always), so the category stays unknown and the advice says where to look.
    sig(Rule.NATIVE_BUILD, "unknown",
        "native extension|build wheel|building wheel|subprocess-exited-with-error|command 'gcc'|cannot continue|"
        "metadata-generation-failed|egg_info",
        r"Failed to build gem native extension|Could not build wheels for (?P<module>\S{1,100})|"
        r"Failed building wheel for (?P<module2>\S{1,100})|error: command '[^'\n]{1,60}' failed|"
        r"error: metadata-generation-failed|Command \"?python setup\.py egg_info\"? failed with error code \d{1,3}|"
        r"An error occurred while installing (?P<module3>\S{1,100}) \([^)\n]{1,40}\), and Bundler cannot continue",
        example=("Gem::Ext::BuildError: ERROR: Failed to build gem native extension.\n"
                 "An error occurred while installing pg (1.5.4), and Bundler cannot continue."),
        advice=("A package with native code could not be compiled here; this line does not say why (most often "
                "missing build tools or system headers).",
                "Read the compiler error above this line; install the compiler and the library's -dev "
                "package it names (e.g. build-essential, libpq-dev), or use a prebuilt wheel/binary version.")),
    sig(Rule.VENV_MISSING, "missing_dependency", "ensurepip",
        r"ensurepip is not\s{1,4}available",  # venv wraps its message at 80 columns
        example=("The virtual environment was not created successfully because ensurepip is not\navailable.  On "
                 "Debian/Ubuntu systems, you need to install the python3-venv\npackage"),
        advice=("This Python has no venv/ensurepip module; Debian and Ubuntu ship it as a separate package.",
                "Install it (apt-get install -y python3-venv, or python3.X-venv for the version in use), or use "
                "`uv venv` / `virtualenv`; then create the environment again.")),
    sig(Rule.GYP_PYTHON, "missing_dependency", "gyp err! find python|gyp err! stack error: could not find any python",
        r"^gyp ERR! (?:find Python|stack Error: Could not find any Python)", flags=IGNORECASE,
        example="gyp ERR! find Python Python is not set from command line or npm configuration",
        advice=("node-gyp must compile a native addon and finds no Python to run its build scripts.",
                "Install python3 (and a C/C++ toolchain), or point npm at one (npm config set python "
                "/usr/bin/python3); a version of the package with prebuilt binaries avoids the build.")),
    # JSON-RPC's codes for a call the server cannot take (MCP, LSP, Ethereum nodes): a method it does not
    # have, or params that fail its schema.
    sig(Rule.JSONRPC_BAD_CALL, "invalid_arguments", "-32602|-32601",
        r"(?:MCP error|JSON-?RPC error|[\"']?code[\"']?[:=]\s{0,2}) ?-3260(?P<code>[12])\b", flags=IGNORECASE,
        example="McpError: MCP error -32602: Invalid params: expected string, received number at path [\"query\"]",
        advice=("The server refused the call itself (JSON-RPC -32601: no such method; -32602: params that fail "
                "its schema).", "List what the server offers (tools/list, its schema) and call a method or tool "
                "that exists with the arguments its input schema names.")),
    # A lock file that no longer matches its manifest, under a command told not to rewrite it.
    sig(Rule.LOCK_STALE, "precondition_failed",
        "was last generated|is out of date|are in sync|needs to be updated, but|err_pnpm_outdated_lockfile|"
        "would have been modified|missing go.sum entry",
        r"changed significantly since [\w.-]{1,60}\.lock was last generated|"
        r"\b[\w.-]{1,60}\.lock (?:\([0-9a-f]{1,70}\) )?is out of date|"
        r"package\.json and package-lock\.json (?:or npm-shrinkwrap\.json )?are in sync|"
        r"lock ?file(?: at `[^`\n]{1,100}`)? needs to be updated, but|ERR_PNPM_OUTDATED_LOCKFILE|"
        r"\bmissing go\.sum entry\b|"
        r"lockfile would have been modified by this install, which is explicitly forbidden",
        flags=IGNORECASE,
        example=("pyproject.toml changed significantly since poetry.lock was last generated. Run `poetry lock "
                 "[--no-update]` to fix the lock file."),
        advice=("The lock file no longer matches the project's manifest, and this command may not rewrite it "
                "(a frozen, locked, ci or deploy install).",
                "Regenerate the lock file with the project's tool (poetry lock, uv lock, npm install, yarn "
                "install, pnpm install, pipenv lock, go mod tidy) and commit it; then run the command again.")),
    # A dependency that could not be downloaded because the network failed: the cause is the network,
    # not a missing artifact (Maven, Gradle).
    sig(Rule.ARTIFACT_TRANSFER, "transient", "could not transfer artifact|could not get",
        r"Could not (?:transfer artifact|GET '?)[^\n]{1,300}(?:Connection (?:reset|refused|timed out)|"
        r"(?:Connect|Read) timed out|Remote host terminated the handshake|Network is unreachable)",
        priority=96,
        example=("Could not transfer artifact org.foo:bar:pom:1.2 from/to central (https://repo.maven.apache.org/"
                 "maven2): Connection reset")),
    # Composer's autoloader is missing (a required path that is not there, by the corpus convention); the
    # fix is the mechanism's: `composer install` has not run in this checkout.
    sig(Rule.COMPOSER_AUTOLOAD, "file_not_found", "vendor/autoload.php",
        r"vendor/autoload\.php[^\n]{0,120}(?:No such file|Failed opening|[Ff]ailed to open stream)",
        priority=96,
        example=("PHP Warning:  require_once(vendor/autoload.php): Failed to open stream: No such file or directory "
                 "in /app/index.php on line 3"),
        advice=("The project's Composer dependencies are not installed (vendor/autoload.php is missing).",
                "Run composer install in the project root, then run the command again.")),
    # A runner (uv run, npx, bundle exec) that cannot start the program: it is not installed in the environment.
    sig(Rule.SPAWN_MISSING, "missing_dependency", "failed to spawn|failed to start",
        r"Failed to spawn: `(?P<cmd>[^`\n]{1,100})`\s{1,4}Caused by: No such file or directory|"
        # a client launching a configured server (Codex's MCP client): the program is not on PATH
        r"`(?P<cmd2>[^`\n]{1,100})` failed to start: No such file or directory \(os error 2\)",
        example="error: Failed to spawn: `pytest`\n  Caused by: No such file or directory (os error 2)",
        advice=("`{cmd}{cmd2}` (or the program it launches) is not installed where the runner looks, so it "
                "cannot start.", "Install it or put it on PATH (for uv: uv add --dev {cmd_q}, or uv run --with "
                "{cmd_q} ...), or give its full path in the configuration; then run again.")),
    # A validator's list of allowed values (Terraform providers, schema checkers): the value given is not one.
    sig(Rule.VALUE_NOT_IN_SET, "invalid_arguments", "to be one of",
        r"(?P<detail>expected [\w.\[\]\"-]{1,100} to be one of \[[^\]\n]{0,500}\], got [^\n]{0,100})",
        example='Error: expected instance_type to be one of ["t3.micro" "t3.small"], got t3.huge',
        advice=("The value given is not one the field accepts: {detail}.", "Use one of the values listed.")),
    # JSON.parse given an HTML page or an empty body (see exceptions.NOT_JSON)
    sig(Rule.NOT_JSON, "runtime_error", "is not valid json|in json at position 0|end of json input|line 1 column 1",
        NOT_JSON,
        flags=IGNORECASE, example="Unhandled Rejection: Unexpected token < in JSON at position 0",
        advice=("The response was not JSON at all (an HTML error page or an empty body), so parsing it failed.",
                "Print the status code and the first bytes of the body before parsing; fix the URL, the auth or "
                "the server error it shows, and parse only a JSON response.")),
    # --- data whose shape is not what the code reads: a decode into the wrong type, a filter on the wrong kind
    sig(Rule.DATA_SHAPE, "runtime_error",
        "cannot unmarshal|jq: error (at|value too long|out of range for type|data too long|incorrect|field overflow|"
        "nil pointer evaluating|invalid input syntax for|mapperparsingexception|mapper_parsing_exception",
        r"(?P<detail>json: cannot unmarshal \w{1,20} into Go (?:value|struct field)[^\n]{0,200}|"
        # SQL data exceptions: a value the column's type cannot hold (Postgres 22xxx, MySQL 1264/1366/1406)
        r"value too long for type [\w ]{1,40}(?:\(\d{1,6}\))?|numeric field overflow|"
        r"(?:integer|value|smallint|bigint) out of range for type \w{1,20}|Data too long for column '[^'\n]{1,100}'|"
        r"Incorrect \w{1,20} value: '[^'\n]{0,100}' for column|Out of range value for column '[^'\n]{1,100}'|"
        r"invalid input syntax for (?:type )?\w{1,20}[^\n]{0,100}|"
        # a Go template (Helm) reading a field of a value that is not set
        r"nil pointer evaluating [^\n]{1,100}|"
        # a search index's document whose value does not fit the field's mapped type (Elasticsearch, OpenSearch)
        r"(?:mapper_parsing_exception|MapperParsingException)(?:\[[^\n\]]{1,150}\])?)|"
        r"^jq: error \(at [^)\n]{1,100}\): (?![^\n]{0,80}syntax error)(?P<detail2>[^\n]{1,200})$",
        priority=51,  # above a test runner's failure line around it: the data is why the test failed
        example='jq: error (at <stdin>:0): Cannot index string with string "name"',
        advice=("The data does not have the shape the code reads: {detail}{detail2}.",
                "Look at the actual value first (print it, or `jq type`); then read it as what it is, or make "
                "the type it goes into (a struct field, a column) fit it.")),
    # --- names that do not exist, as PHP, .NET and Ruby report them
    sig(Rule.UNDEFINED_CALL, "undefined_name", "undefined function|undefined method|undefined variable",
        r"Call to undefined (?:function|method) (?P<name>[\w\\:]{1,200})\(|"
        r"Undefined variable:? \$?(?P<name2>\w{1,100})",
        example="PHP Fatal error:  Uncaught Error: Call to undefined function format_price() in /app/src/Text.php:12",
        advice=("`{name}{name2}` does not exist where it is used (a typo, a missing import or use statement, "
                "or an extension that is not enabled).",
                "Check the spelling and where it is defined; for a PHP function of an extension, enable that "
                "extension (php -m lists them); the mysql_* and ereg* functions were removed in PHP 7, so port "
                "those calls (mysqli or PDO, preg_*) instead.")),
    sig(Rule.CONVERSION_ERROR, "invalid_arguments", "cs0029|cs1503|must be of|incompatible types|cannot convert",
        r"error CS(?:0029|1503):|\bincompatible types: [^\n]{1,200} cannot be converted to\b|"
        r"\berror: (?:cannot convert [`'‘][^\n]{1,200} to [`'‘]|no viable conversion from\b)|"
        r"Argument #?\d{1,3} (?:\(\$\w{1,60}\) )?(?:passed to [^\n]{1,200} )?must be of (?:the )?type",
        example=("Program.cs(18,25): error CS1503: Argument 1: cannot convert from 'string' to 'int'"),
        advice=("A value of the wrong type is passed where the code expects another.",
                "Convert it at the call (parse or cast), or pass the value the signature asks for.")),
    # --- git over HTTP, make on Windows and rustc's crates: the tool's own words for the cause
    # git over HTTP refused with a 4xx: the hang-up that always follows it is not the cause.
    sig(Rule.GIT_RPC_TOO_BIG, "resource_limit", "rpc failed; http 413",
        r"RPC failed; HTTP 413\b",
        example=("error: RPC failed; HTTP 413 curl 22 The requested URL returned error: 413\nfatal: the remote end "
                 "hung up unexpectedly"),
        advice=("The server refused the push as too large (HTTP 413): a proxy's or the host's body-size limit.",
                "Push fewer commits at a time, move big files to Git LFS, or raise the proxy's limit "
                "(client_max_body_size on nginx); then push again.")),
    sig(Rule.GIT_RPC_REFUSED, "permission_denied", "rpc failed; http 40",
        r"RPC failed; HTTP 40[13]\b",
        example="error: RPC failed; HTTP 403 curl 22 The requested URL returned error: 403",
        advice=("The git server refused the request (HTTP 401/403): the credentials are missing, wrong or lack "
                "access to this repository.",
                "Check the remote URL and the token or credential helper git uses (its scopes, and write access "
                "for a push); then run the command again.")),
    sig(Rule.GIT_RPC_CLIENT_ERROR, "unknown", "rpc failed; http 4",
        r"RPC failed; HTTP 4(?!0[13]\b|13\b)\d\d\b", priority=71,
        example="error: RPC failed; HTTP 400 curl 22 The requested URL returned error: 400\nfatal: the remote end hung "
                "up unexpectedly",
        advice=("The git server rejected the request with an HTTP 4xx; the hang-up after it is its consequence, "
                "and this text does not say why.",
                "Rerun with GIT_TRACE=1 GIT_CURL_VERBOSE=1 to see the server's reply; check the remote URL, and "
                "for large pushes http.postBuffer; do not retry unchanged.")),
    # make on Windows: CreateProcess could not find the program a recipe runs (error 2).
    sig(Rule.WINDOWS_MAKE_MISSING, "missing_dependency", "(e=2)",
        r"^(?:mingw32-)?make(?:\[\d{1,3}\])?:? (?:[^\n]{0,200} )?\(e=2\): The system cannot find the file specified",
        example=("process_begin: CreateProcess(NULL, gcc -c main.c, ...) failed.\n"
                 "make (e=2): The system cannot find the file specified."),
        advice=("make could not start a program its recipe runs: on Windows, error 2 means that program (the "
                "compiler or tool the Makefile calls) is not installed or not on PATH.",
                "Read the CreateProcess line above it for the program's name; install it or add its directory to "
                "PATH (or run make from the toolchain's own shell, e.g. MSYS2 or a Developer Command Prompt).")),
    # rustc's E0433 when it says the path's root is a crate that is not linked: Cargo.toml does not list it.
    # ("use of undeclared crate or module `x`" stays an undefined name: it is as often a module or a typo.)
    sig(Rule.RUST_CRATE_MISSING, "missing_dependency", "unlinked crate",
        r"error\[E0433\]: failed to resolve: use of (?:unresolved module or )?unlinked crate `(?P<module>\w{1,80})`",
        example="error[E0433]: failed to resolve: use of unresolved module or unlinked crate `serde_json`",
        advice=("rustc finds no crate `{module}` linked into this one: Cargo.toml does not list it.",
                "Add it to Cargo.toml (cargo add {module_q}; for a workspace crate, a path dependency), then "
                "build again.")),
) + BUILD_TOOL_SIGNATURES

"""Line signatures keyed on failure mechanisms that recur across ecosystems, each with its own fix.

Each one names a mechanism (an API's quota, a dropped socket, a null dereference, a linker that
lacks a library, a pinned version that does not exist, a push the remote refused), never one
project's wording: the same signature must hold for every tool that fails that way.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors import locales
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.rules_exits import EXIT_SIGNATURES
from supervisor_mcp.heuristics.errors.rules_llm_apis import LLM_API_SIGNATURES
from supervisor_mcp.heuristics.errors.rules_network import NETWORK_SIGNATURES
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

MECHANISM_SIGNATURES: tuple[Signature, ...] = LLM_API_SIGNATURES + NETWORK_SIGNATURES + EXIT_SIGNATURES + (
    # --- runtime failures every language has
    sig(Rule.NULL_DEREF, "runtime_error",
        "null|nil|undefined|none|objektverweis|référence d'objet|referencia a objeto|referência de objeto|对象引用|"
        "オブジェクト参照|ссылка на объект",
        r"NullPointerException|NullReferenceException|Object reference not set to an instance|"
        rf"{locales.NULL_REFERENCE}|"
        # (Crystal's compile-time nil check says it in Ruby's words, with the type's name)
        r"nil pointer dereference|for nil:NilClass|undefined method [`'][^'\n]{1,80}' for (?:nil|Nil)\b|"
        r"Call to a member function \w{1,80}\(\) on null|Cannot (?:read|set) propert(?:y|"
        r"ies)(?: [`'\"][^`'\"\n]{1,80}[`'\"])? of (?:undefined|null)|"
        r"called `Option::unwrap\(\)` on a `None` value|called `Result::unwrap\(\)` on an `Err`",
        priority=82, confidence=0.85,
        example="./report.rb:108:in `<main>': undefined method `length' for nil:NilClass (NoMethodError)",
        advice=("A value was null/nil/None where the code used it as an object: an earlier lookup, parse or call "
                "returned nothing.",
                "Find where that value comes from (the line named) and handle the empty case, or fix the lookup "
                "that returned nothing.")),
    # A panic whose message is a failed assertion is how a Rust test fails.
    sig(Rule.PANIC_ASSERTION, "test_failure", "assert",
        r"panicked at [^\n]{0,200}assertion|^[ \t]*assertion [^\n]{0,80}failed", priority=83,
        example=("thread 'tests::it_adds' panicked at src/lib.rs:9:5:\nassertion `left == right` failed\n"
                 "  left: 4\n right: 5")),
    sig(Rule.PANIC, "runtime_error", "panic",
        r"^panic: (?P<detail>[^\n]{1,200})$|thread '[^'\n]{1,100}' panicked at",
        example="thread 'main' panicked at src/main.rs:177:37:\nindex out of bounds: the len is 3 but the index is 5"),
    # (before the heap: -Xmx raises none of these pools)
    sig(Rule.JVM_POOL_EXHAUSTED, "resource_limit", "permgen|metaspace|native thread|direct buffer|compressed class",
        r"OutOfMemoryError: (?:PermGen space|Metaspace|Compressed class space|unable to create (?:new )?native "
        r"thread|Direct buffer memory)",
        example='Exception in thread "main" java.lang.OutOfMemoryError: Metaspace',
        advice=("The JVM ran out of a memory pool other than its heap, so -Xmx does not help.",
                "Raise that pool where the JVM's options are set (MAVEN_OPTS, SBT_OPTS, org.gradle.jvmargs, "
                "JAVA_TOOL_OPTIONS): PermGen space (Java 7 and older) with -XX:MaxPermSize=512m, Metaspace with "
                "-XX:MaxMetaspaceSize=1g (if it keeps growing over reloads, a class loader leaks: restart the "
                "JVM), Direct buffer memory with -XX:MaxDirectMemorySize; 'unable to create native thread' is the "
                "process's thread limit (ulimit -u) or too many threads.")),
    sig(Rule.HEAP_EXHAUSTED, "resource_limit",
        "outofmemoryerror|heap|allowed memory size|gc overhead|fatalprocessoutofmemory",
        r"OutOfMemoryError|Java heap space|GC overhead limit exceeded|JavaScript heap out of memory|"
        r"Reached heap limit|Allowed memory size of \d{1,15} bytes exhausted|"
        # V8's native stack when the heap is out, whether or not the message line was kept
        r"\bFatalProcessOutOfMemory\b",
        example='Exception in thread "main" java.lang.OutOfMemoryError: Java heap space',
        advice=("The runtime ran out of the memory it is allowed (its heap limit), not the machine.",
                "Raise that cap where it is set if the machine has the memory (NODE_OPTIONS=--max-old-space-size="
                "4096, java -Xmx4g, PHP memory_limit), as large builds often need; if the data keeps growing, "
                "process it in smaller pieces or stream it.")),
    # An archive tool handed something else, nearly always a download that saved an HTML page.
    sig(Rule.NOT_AN_ARCHIVE, "runtime_error", "not in gzip format|does not look like a tar archive|end-of-central",
        r"not in gzip format|This does not look like a tar archive|End-of-central-directory signature not found",
        example=("gzip: stdin: not in gzip format\ntar: Child returned status 1\ntar: Error is not recoverable: "
                 "exiting now"),
        advice=("The file is not the archive its name says: usually a download that saved an HTML page (an error, a "
                "login or a redirect that curl did not follow).",
                "Look at it (file NAME; head -c 300 NAME), then download it again with curl -fL from the right URL "
                "before unpacking.")),
    # PHP 8's missing array key (PHP 7: undefined index or offset), which test runners turn into an error.
    sig(Rule.PHP_UNDEFINED_KEY, "runtime_error", "undefined array key|undefined index|undefined offset",
        # (not on PHP's own Warning or Notice line: the script went on)
        r"^(?![^\n]{0,40}\b(?:Warning|Notice)\b)[^\n]{0,200}?\bUndefined (?:array key|index|offset)\b",
        example='Undefined array key "user"',
        advice=("The code read an array key that is not set, as Python's KeyError does.",
                "Check the key exists first (isset($a[$k]) or $a[$k] ?? default) at the file and line named, or "
                "find why the array lacks it.")),
    # --- code that does not parse, outside Python
    sig(Rule.PHP_PARSE, "syntax_error", "parse error",
        # (PHP's own words: its "PHP Parse error:" prefix or its "syntax error, unexpected"; not JSON's or
        # GDScript's "Parse error: Unexpected ...")
        r"(?:PHP Parse error:\s+(?:syntax error, )?|Parse error:\s+syntax error, |"
        r"Parse error:\s+(?=[^\n]{1,300}\.php\b))(?P<detail>[^\n]{1,160})",
        priority=100,
        example="PHP Parse error:  syntax error, unexpected '[' in /var/www/index.php on line 297",
        advice=("The PHP file does not parse: {detail}.",
                "Fix the syntax at the file and line named (check the PHP version supports that syntax), then "
                "run php -l FILE before running it again.")),
    sig(Rule.JS_PARSE, "syntax_error", "unexpected token|error ts1",
        r"Unexpected token[^\n]{0,40}\(\d{1,6}:\d{1,6}\)|"
        r"SyntaxError: (?![^\n]{0,200}\bJSON\b)[^\n]{0,200}Unexpected token|error TS1\d{3}:",  # JSON: json_syntax
        example="App.test.js: Unexpected token (7:35)\n>  7 |   const rendered = renderer.create(<App />).toJSON();"),
    # (as dotnet build prints them, and as Visual Studio's error list does: `Error<TAB>CS1002<TAB>; expected`)
    sig(Rule.CSHARP_SYNTAX, "syntax_error", "error cs1|error\tcs1",
        r"error[ \t]CS(?:1001|1002|1003|1022|1026|1513|1514|1519|1525|1733)\b", flags=IGNORECASE,
        example="Program.cs(14,10): error CS1002: ; expected"),
    # --- names and types a compiler cannot find
    sig(Rule.CSHARP_MISSING_TYPE, "missing_dependency", "cs0246|cs0234",
        r"CS0246:? The type or namespace name '(?P<module>[^']{1,100})' could not be found|CS0234:",
        example=("Program.cs(3,7): error CS0246: The type or namespace name 'Newtonsoft' could not be found (are you "
                 "missing a using directive or an assembly reference?)"),
        advice=("The compiler cannot find the type or namespace `{module}`: a package reference or a using "
                "directive is missing.",
                "Add the using directive for its namespace, or the package that provides it (dotnet add package "
                "NAME), then rebuild.")),
    sig(Rule.CSHARP_UNDEFINED, "undefined_name", "cs0103|cs1061|cs0117",
        r"CS0103: The name '(?P<name>\w{1,100})' does not exist|"
        r"CS1061[:\t] ?[^\n]{0,200}definition for '(?P<name2>\w{1,100})'|"
        r"CS0117:",
        example="Program.cs(9,13): error CS0103: The name 'resutl' does not exist in the current context"),
    sig(Rule.NUGET_MISSING, "missing_dependency", "unable to find package|no packages exist with this id",
        r"Unable to find package (?P<module>[\w.-]{1,200})|No packages exist with this id in source", priority=96,
        example="error NU1101: Unable to find package Castle.Core. No packages exist with this id in source(s): nuget",
        advice=("No configured package source has the package{module_named}.",
                "Check the package id's spelling and that nuget.org (or the feed that hosts it) is among the "
                "sources (dotnet nuget list source); then restore again.")),
    sig(Rule.TYPE_MISMATCH, "invalid_arguments", "e0308|e0277|ts2345|ts2322|incompatible types|in argument to|value in",
        r"error\[E0308\]: mismatched types|error\[E0277\]: |error TS2345:|error TS2322:|"
        # Go's wording since 1.18, then before it ("... (type []uint64) as type *[240]uint64 in argument to f")
        r"cannot use [^\n]{1,200} as [^\n]{1,200} value in (?:argument to\b|assignment|return statement)|"
        r"cannot use [^\n]{1,200} \(type [^\n]{1,100}\) as type [^\n]{1,100} in (?:argument to\b|assignment|return)|"
        r"error: incompatible types",
        example=("error[E0308]: mismatched types\n --> src/main.rs:5:9\n  |\n5 |     foo(&a);\n"
                 "  |         ^^ expected slice")),
    # Compilers' codes for a call with the wrong number of arguments (their words read "expected 2 ..., but got 1").
    sig(Rule.CALL_ARITY, "invalid_arguments", "ts2554|ts2555|e0061|cs1501|cs7036",
        r"error TS255[45]:|error\[E0061\]|error: [^\n]{1,200} \[E0061\]$|error CS(?:1501|7036):",
        example="src/a.ts(3,5): error TS2554: Expected 2 arguments, but got 1."),
    # Type checkers' own codes at the end of the line (mypy): the call's arguments, an import with no module.
    sig(Rule.CHECKER_ARGUMENTS, "invalid_arguments", "[arg-type]|[call-arg]|[call-overload]",
        r"error: [^\n]{1,400}\[(?:arg-type|call-arg|call-overload)\]$",
        example='src/app.py:12: error: Argument 1 to "add" has incompatible type "str"; expected "int"  [arg-type]'),
    sig(Rule.CHECKER_UNDEFINED, "undefined_name", "[name-defined]|[attr-defined]",
        r"error: [^\n]{1,400}\[(?:name-defined|attr-defined)\]$",
        example='src/app.py:3: error: Name "foo" is not defined  [name-defined]'),
    sig(Rule.CHECKER_IMPORT, "missing_dependency", "[import-not-found]|[import]|[import-untyped]",
        r"error: [^\n]{1,400}\[import(?:-not-found|-untyped)?\]$",
        example='src/app.py:1: error: Cannot find implementation or library stub for module named "yaml"  '
                "[import-not-found]"),
    # Syntax newer than the compiler's language level: the code parses only under a newer version.
    sig(Rule.LANGUAGE_VERSION, "syntax_error", "cs8400|cs8107|cs8652|not supported in -source",
        r"error CS(?:8400|8107|8652|9058):|\bare not supported in -source \d+|\bis not supported in -source \d+",
        fault="environment",
        example=("Program.cs(1,1): error CS8400: Feature 'top-level statements' is not available in C# 8.0. Please "
                 "use language version 9.0 or greater."),
        advice=("The code uses syntax the compiler's language version does not have.",
                "Raise the language version (LangVersion / --release / -source) to one that has it, or rewrite "
                "the construct in the older syntax.")),
    # NuGet's codes for versions that cannot all be satisfied: a state of the project's references.
    sig(Rule.NUGET_CONFLICT, "precondition_failed", "nu1605|nu1202|nu1107|nu1608|nu1201",
        r"error NU(?:1605|1202|1107|1608|1201):", priority=56,
        example=("/app/Api.csproj : error NU1605: Detected package downgrade: Microsoft.Extensions.Logging from "
                 "8.0.0 to 7.0.0.")),
    sig(Rule.LINKER_MISSING, "missing_dependency",
        "undefined reference|undefined symbol|cannot find -l|dso missing|unresolved external symbol",
        r"undefined reference to (?:symbol )?[`'](?P<name>[^'\n]{1,100})'|undefined symbol: (?P<name2>\S{1,100})|"
        # Apple's ld: the symbols follow on their own lines
        r"Undefined symbols for architecture \w{1,20}:\n[ \t]{1,8}\"(?P<name3>[^\"\n]{1,100})\"|"
        r"cannot find -l(?P<lib>[\w.+-]{1,100})|DSO missing from command line", priority=96,
        example=("main.c:(.text+0x1050): undefined reference to `pthread_create'\n"
                 "collect2: error: ld returned 1 exit status"),
        advice=("The linker cannot find a symbol or library{name_named}{name2_named}{name3_named}{lib_named}: the "
                "library or object that defines it is not linked.",
                "Link it: add the library to the link line (e.g. -lpthread, -lm, or target_link_libraries in "
                "CMake) or compile the file that defines it, then rebuild.")),
    # MSVC's link.exe: the same mechanism, with Windows's own remedy (a .lib, not -l)
    sig(Rule.MSVC_LINK, "missing_dependency", "unresolved external symbol",
        r"error LNK2019: unresolved external symbol \"?(?P<name>[^\"\n]{1,100}?)\"? (?:\(|referenced in)", priority=96,
        example=("main.obj : error LNK2019: unresolved external symbol __imp_curl_easy_init referenced in function "
                 "main"),
        advice=("The linker cannot find `{name}`: the library or object that defines it is not linked (an `__imp_` "
                "prefix means the library's import .lib).",
                "Add the .lib to Linker > Input > Additional Dependencies (target_link_libraries in CMake, or "
                "#pragma comment(lib, ...)); for a function of your own, add the file that defines it to the "
                "project. Then rebuild.")),
    # --- packages and modules
    sig(Rule.RELATIVE_MODULE, "file_not_found", "cannot find module|no such file to load|cannot load such file",
        r"Cannot find module '(?P<path>(?:\.{1,2}/|/|@/|~/)[^'\n]{1,200})'|"
        r"(?:cannot load such file|no such file to load) -- (?P<path2>(?:\.{1,2})?/\S{1,200})", priority=96,
        example="TS2307: Cannot find module '@/interfaces/Rule' or its corresponding type declarations",
        advice=("The import names a path in the project that does not resolve: `{path}{path2}`.",
                "Check the path from the importing file (and the path aliases in tsconfig/jsconfig for @/ or ~/); "
                "list what exists with ls, then fix the import.")),
    sig(Rule.INTERPRETER_AS_PACKAGE, "invalid_arguments", "requirement python|distribution found for python",
        r"(?:satisfies the requirement|No matching distribution found for) (?P<req>python(?:[<>=!~]=?[\d.*]{1,20})?)"
        r"(?=[\s,;]|$)", priority=97, flags=IGNORECASE,
        example=("ERROR: Could not find a version that satisfies the requirement python==3.10 (from versions: none)\n"
                 "ERROR: No matching distribution found for python==3.10"),
        advice=("`{req}` asks pip for the interpreter itself, which is not a package on the index.",
                "Drop it from the install (a project states it as requires-python) and run with an interpreter of "
                "that version instead (uv python install X, pyenv install X, or a matching image).")),
    sig(Rule.PINNED_VERSION, "invalid_arguments", "could not find a version",
        r"Could not find a version that satisfies the requirement (?P<req>[^\s(]{1,200}) "
        r"\(from versions: (?!none\))[^)\n]{1,600}\)", priority=96,
        example=("ERROR: Could not find a version that satisfies the requirement requests==9.1 (from versions: 2.31.0, "
                 "2.32.3)\nERROR: No matching distribution found for requests==9.1"),
        advice=("The package exists but not in the version asked for: `{req}`.",
                "Pick a version from the list the installer printed (or relax the pin), then install again.")),
    sig(Rule.DEPENDENCY_CONFLICT, "precondition_failed", "eresolve|could not resolve dependency|conflicting peer",
        r"ERESOLVE (?:unable to resolve dependency tree|could not resolve)|Could not resolve dependency:|"
        r"conflicting peer dependency",
        example="npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree",
        advice=("The requested packages' version ranges conflict (a peer dependency cannot be satisfied).",
                "Align the versions the message names (upgrade or downgrade one side); as a last resort install "
                "with --legacy-peer-deps. Retrying unchanged fails the same way.")),
    # --- state the operation needs but does not find
    sig(Rule.PUSH_REJECTED, "precondition_failed", "rejected|failed to push",
        r"! \[rejected\][^\n]{0,200}|Updates were rejected because",
        example=(" ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to "
                 "'https://github.com/o/r.git'"),
        advice=("The remote has commits this branch lacks, so the push was refused.",
                "Integrate them first (git pull --rebase, resolve any conflicts, run the tests), then push again; "
                "do not force-push a shared branch.")),
    sig(Rule.CONSTRAINT_VIOLATION, "precondition_failed",
        "constraint|duplicate entry|23000|child row|contrainte|restricción",
        r"violates (?:unique|foreign key|check|not-null) constraint|Duplicate entry '[^'\n]{0,200}' for key|"
        r"(?:UNIQUE|FOREIGN KEY|CHECK|NOT NULL) constraint failed|SQLSTATE\[23\d{3}\]|"
        r"Cannot (?:add|delete) or update a (?:child|parent) row|"
        # SQL Server's and Oracle's wordings
        r"Violation of (?:PRIMARY|UNIQUE) KEY constraint|\bunique constraint \([^)\n]{1,200}\) violated|"
        r"integrity constraint \([^)\n]{1,200}\) violated|"
        # Postgres's unique violation in its German, French and Spanish messages
        r"verletzt Unique-Constraint|rompt la contrainte unique|viola restricción de unicidad",
        priority=56,  # above a tool's generic "already exists" (the DETAIL line), which an exception outranks
        example='pq: duplicate key value violates unique constraint "users_email_key"',
        advice=("The database refused the write: it breaks a constraint (a duplicate key, a missing parent row).",
                "Look up the existing row first (or use an upsert), or insert the parent row before the child; "
                "retrying the same write fails the same way.")),
    # Terraform's and OpenTofu's lock, a backend's own words for it (Azure's blob lease), Pulumi's stack lock
    sig(Rule.STATE_LOCK, "precondition_failed",
        "state lock|to lock|already locked|currently locked|leasealreadypresent",
        r"acquiring the state lock|\bfailed to lock [\w ]{0,30}state\b|\bstate blob is already locked\b|"
        r"\bthe stack is currently locked\b|\bLeaseAlreadyPresent\b", flags=IGNORECASE,
        priority=56,  # above the lock table's own error code that it quotes (ConditionalCheckFailedException)
        example="Error: Error acquiring the state lock\n\nError message: ConditionalCheckFailedException",
        advice=("Another run holds the state lock, or a crashed run left it behind.",
                "Wait for the other run to finish; if none is running, release the stale lock with the tool's "
                "unlock command and the lock ID it printed.")),
    sig(Rule.BUILD_CONTEXT, "file_not_found",
        "copy failed|file does not exist|failed to compute cache key|failed to calculate checksum",
        r"COPY failed: [^\n]{0,200}(?:not found|does not exist)|failed to compute cache key: [^\n]{0,200}not found|"
        r"failed to calculate checksum of ref [^\n]{0,200}not found|"
        r"stat (?P<path>[^:\n]{1,300}): file does not exist",
        example=("COPY failed: file not found in build context or excluded by .dockerignore: stat docs: file does "
                 "not exist"),
        advice=("A file the build copies is not in the build context (or .dockerignore excludes it).",
                "Check the path relative to the build context directory and .dockerignore; build from the "
                "directory that contains it.")),
    sig(Rule.DOCKER_SOCKET, "permission_denied", "docker daemon socket",
        r"permission denied while trying to connect to the Docker daemon socket", flags=IGNORECASE, priority=91,
        example=("Got permission denied while trying to connect to the Docker daemon socket at "
                 "unix:///var/run/docker.sock: connect: permission denied"),
        advice=("This user may not use the Docker daemon's socket.",
                "Run it as a user in the docker group (sudo usermod -aG docker $USER, then log in again) or use "
                "rootless Docker; do not chmod the socket open to everyone.")),
    # --- test runners outside pytest
    sig(Rule.TEST_ASSERTION, "test_failure", "expect|assert|failure/error|fail:|failing|got:|... failed",
        r"expect\(received\)|Expected value to (?:be|equal)|AssertionError(?: \[ERR_ASSERTION\])?: |"
        r"expected [^\n]{1,200} to (?:be|equal|include|have|deep|contain|match|throw)|Failure/Error:|"
        r"^[ \t]{0,20}expected: [^\n]{1,200}\n[ \t]{0,20}got: |^[ \t]{0,10}\d{1,6} failing$|--- FAIL: \S{1,200} \(|"
        r"assertion `left == right` failed|^test \S{1,200} \.\.\. FAILED$",
        example=("Failure/Error: expect(cart.total).to eq(3)\n\n  expected: 3\n       got: 2\n\n"
                 "  (compared using ==)")),
    # --- command lines
    sig(Rule.CLI_UNKNOWN, "invalid_arguments", "unexpected|unknown|unrecognized|invalid option",
        r"unexpected (?:free )?argument [`'\"]?(?P<arg>[^`'\"\n]{1,100})|"
        r"(?:unknown|unrecognized|invalid) (?:option|flag|shorthand flag|subcommand)[: ]{1,3}"
        r"['`\"]?(?P<arg2>[^'`\"\n]{1,100})",
        flags=IGNORECASE, confidence=0.8,
        example="Error: unknown shorthand flag: 'x' in -x\nUsage:\n  app serve [flags]"),
)

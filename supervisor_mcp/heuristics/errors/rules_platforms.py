"""Line signatures of the platforms agents drive: databases, version control, build systems and
package managers (containers and clusters are in rules_clusters.py, read in between). Each names a
mechanism those tools share (a missing table, a version no registry has), not one project's wording,
and carries the fix for that mechanism.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.rules_clusters import CLUSTER_SIGNATURES
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

PLATFORM_SIGNATURES: tuple[Signature, ...] = (
    # --- databases
    # Redis refusing writes because its last snapshot could not be saved: the server's disk, not the call.
    sig(Rule.STORE_CANNOT_PERSIST, "precondition_failed", "misconf",
        r"\bMISCONF\b[^\n]{0,120}(?:not able to persist|save RDB|persist on disk)", priority=72, fault="environment",
        example=("(error) MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to "
                 "disk. Commands that may modify the data set are disabled."),
        advice=("The server cannot write its snapshot to disk (a full disk or a directory it may not write), so it "
                "refuses every write until a save succeeds.",
                "Free disk space or fix the permissions of its data directory (CONFIG GET dir), read its log for the "
                "save error, then write again; the call itself is fine.")),
    sig(Rule.DB_AUTH, "permission_denied", "access denied for user|password authentication failed|ora-01017|1045",
        r"Access denied for user|password authentication failed for user|ORA-01017|\[1045\]", flags=IGNORECASE,
        priority=91,
        example="SQLSTATE[HY000] [1045] Access denied for user 'app'@'localhost' (using password: YES)",
        advice=("The database refused these credentials.",
                "Check the user, password and host in the connection settings (and that the user may connect from "
                "this host); retrying with the same credentials fails the same way.")),
    # Postgres, MySQL, Oracle, then SQLite and SQL Server, whose wordings have no "exist" in them
    sig(Rule.DB_MISSING_OBJECT, "undefined_name",
        "does not exist|doesn't exist|unknown column|ora-00942|no such|has no column named|invalid object name|"
        "invalid column name",
        r"(?:relation|column|table) \"?[\w.]{1,100}\"?(?: of relation \"?[\w.]{1,100}\"?)? "
        r"does not exist(?!, skipping)|"
        r"Table '[\w.]{1,100}' doesn't exist|"
        r"Unknown column '[^'\n]{1,100}'|ORA-00942|\bno such (?:table|column): [\w.\"`\[]|"
        r"\btable [\w.\"`]{1,100} has no column named \w|\bInvalid (?:object|column) name '[^'\n]{1,100}'",
        example='ERROR:  relation "orders" does not exist\nLINE 1: SELECT * FROM orders;',
        advice=("The query names a table or column the database does not have (wrong name, or a migration not "
                "applied).",
                "List what exists (\\dt / SHOW TABLES / the schema), then fix the name or run the pending "
                "migrations.")),
    # The root of a Composer "could not be resolved": an extension of PHP itself is not installed.
    # Composer's two wordings (the second one under "Your requirements could not be resolved")
    sig(Rule.PHP_EXTENSION_MISSING, "missing_dependency", "php extension",
        r"(?:requested|requires) PHP extension (?:ext-)?(?P<ext>[\w-]{1,40}) [^\n]{0,40}is missing from your system",
        priority=97,
        example="  - The requested PHP extension ext-intl * is missing from your system. Install or enable PHP's intl "
                "extension.",
        advice=("PHP's {ext} extension is not installed or not enabled for the PHP that runs Composer.",
                "Install it with the system's package manager (e.g. php-{ext} / php8.x-{ext}, or "
                "docker-php-ext-install in an image) or enable it in php.ini, then run Composer again.")),
    # A function of a common extension (mbstring, curl, gd, intl, bcmath, ...) that is not loaded in this PHP.
    sig(Rule.PHP_EXTENSION_FUNCTION, "missing_dependency", "call to undefined function",
        r"Call to undefined function (?P<name>(?:mb|curl|gmp|grapheme|numfmt|collator|sodium|pg|mysqli|ldap|"
        r"simplexml|exif|finfo|imap|pcntl|posix|socket|yaml|apcu|ctype|openssl|iconv|intl)_\w{1,60}|"
        r"imagecreate\w{0,30}|image(?:png|jpeg|gif|webp|copyresampled|destroy|sx|sy|ttftext)|gd_info|"
        r"bc(?:add|sub|mul|div|mod|pow|powmod|sqrt|scale|comp)|zip_open|bzopen|bzcompress)\(\)", priority=97,
        example="PHP Fatal error:  Uncaught Error: Call to undefined function mb_strlen() in /app/src/Str.php:9",
        advice=("`{name}` belongs to a PHP extension that is not loaded in the PHP that ran this.",
                "Install and enable that extension (the name says which: mb_ is mbstring, curl_ curl, "
                "imagecreate* gd, bcadd bcmath; e.g. apt-get install -y php-mbstring, or enable it in php.ini); "
                "`php -m` lists the loaded "
                "ones.")),
    # `dotnet NAME`: no built-in command and no dotnet-NAME tool on PATH.
    sig(Rule.DOTNET_TOOL_MISSING, "missing_dependency", "could not execute because",
        r"Could not execute because the specified command or file was not found", priority=86,
        example="Could not execute because the specified command or file was not found.\nPossible reasons for this "
                "include:\n  * You misspelled a built-in dotnet command.",
        advice=("dotnet found no built-in command and no dotnet-prefixed tool by that name.",
                "Install the tool (dotnet tool install --global dotnet-NAME, or a local tool manifest) or check the "
                "command's spelling (dotnet --help).")),
    # git and docker run `git-NAME` / a CLI plugin for a subcommand they lack; these well-known ones are
    # installed separately, so "not a git command" means the plugin is missing, not a typo.
    sig(Rule.PLUGIN_MISSING, "missing_dependency", "is not a git command|is not a docker command",
        r"^(?P<tool>git|docker): '(?P<plugin>lfs|flow|annex|crypt|secrets?|filter-repo|absorb|compose|buildx|scout|"
        r"sbom|scan)' is not a (?:git|docker) command", priority=96,
        example="git: 'lfs' is not a git command. See 'git --help'.",
        advice=("`{tool} {plugin}` is a separately installed plugin, and it is not installed here.",
                "Install it ({tool}-{plugin} from the system's package manager, or the {tool} plugin's release), "
                "then run the command again.")),
    sig(Rule.DB_EXTENSION_MISSING, "missing_dependency", "extension control file",
        r'[Cc]ould not open extension control file "(?P<path>[^"\n]{1,300})"', priority=96,
        example='ERROR:  could not open extension control file "/usr/share/postgresql/16/extension/vector.control": '
                "No such file or directory",
        advice=("The database extension is not installed on the server: {path} is missing.",
                "Install the extension's package for this server version (e.g. postgresql-16-postgis-3, "
                "postgresql-16-pgvector), then run CREATE EXTENSION again.")),
    # A full connection pool (too many clients) is a limit of the server: see cues.py.
    sig(Rule.DB_BUSY, "transient", "deadlock|lock wait timeout",
        r"deadlock detected|Deadlock found when trying to get lock|Lock wait timeout exceeded",
        example="ERROR 1213 (40001): Deadlock found when trying to get lock; try restarting transaction",
        advice=("The database was busy (a deadlock, a lock wait or its connection limit), not the query itself.",
                "Retry the transaction after a short backoff; if it recurs, shorten transactions or pool "
                "connections.")),
) + CLUSTER_SIGNATURES + (
    # --- version control
    sig(Rule.VCS_STATE, "precondition_failed",
        "unrelated histories|no upstream|refspec|already exists|commit your changes|dubious ownership",
        # (one group per state: advice.py gives each its own fix)
        r"(?P<unrelated>refusing to merge unrelated histories)|(?P<upstream>has no upstream branch)|"
        r"(?P<refspec>src refspec \S{1,200} does not match any)|(?P<remote>remote \S{1,100} already exists)|"
        r"(?P<dirty>Please commit your changes or stash them)|(?P<owner>detected dubious ownership)",
        example="fatal: The current branch feature has no upstream branch."),
    # ssh refuses a host whose key differs from the one it recorded: the login that follows is disabled, so
    # "Permission denied" after it is a consequence, not bad credentials.
    sig(Rule.HOST_KEY_CHANGED, "precondition_failed", "host identification has changed",
        r"REMOTE HOST IDENTIFICATION HAS CHANGED", priority=92,
        example=("@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n"
                 "Host key verification failed."),
        advice=("The server's host key differs from the one recorded in known_hosts (the server was reinstalled "
                "or its address reused, or the connection is being intercepted).",
                "Confirm the new key is legitimate (ask the server's owner, or compare its fingerprint), then drop "
                "the old entry with ssh-keygen -R HOST and connect again; do not turn host key checking off.")),
    sig(Rule.VCS_AUTH, "permission_denied", "authentication failed|publickey|could not read username",
        r"Authentication failed for|Permission denied \(publickey|could not read Username for", priority=91,
        example="remote: Invalid username or password.\nfatal: Authentication failed for 'https://github.com/o/r.git/'",
        advice=("The remote refused these credentials.",
                "Use a valid token or SSH key for this remote (ssh -T git@HOST to test a key); passwords are not "
                "accepted by most hosts.")),
    # --- builds and package managers
    sig(Rule.CMAKE_NO_COMPILER, "missing_dependency", "cmake_",
        r"No CMAKE_(?P<lang>\w{1,20})_COMPILER could be found|CMAKE_(?P<lang2>\w{1,20})_COMPILER not set",
        example="CMake Error at CMakeLists.txt:3 (project):\n  No CMAKE_CXX_COMPILER could be found.",
        advice=("CMake found no {lang}{lang2} compiler on this machine.",
                "Install one for that language (C/CXX: build-essential or g++ on Debian/Ubuntu, the Xcode command "
                "line tools on macOS; CUDA: the CUDA toolkit's nvcc; Fortran: gfortran), or set "
                "CMAKE_{lang}{lang2}_COMPILER to its path; then delete CMakeCache.txt and configure again.")),
    # Apache's own word that a directive belongs to a module the configuration does not load: the line it
    # calls a syntax error is fine once the module is enabled.
    sig(Rule.MODULE_NOT_LOADED, "missing_dependency", "defined by a module not included",
        r"Invalid command '(?P<directive>[\w-]{1,80})', perhaps misspelled or defined by a module not included in "
        r"the server configuration", priority=101,
        example=("AH00526: Syntax error on line 18 of /etc/apache2/sites-enabled/app.conf:\nInvalid command "
                 "'RewriteEngine', perhaps misspelled or defined by a module not included in the server "
                 "configuration"),
        advice=("Apache does not know the `{directive}` directive: it is misspelled, or the module that defines it "
                "is not loaded.",
                "Check the spelling against the documentation first; if it is right, enable its module (a2enmod and "
                "the module's name, e.g. a2enmod headers for Header, a2enmod rewrite for RewriteEngine; or a "
                "LoadModule line). apachectl -L lists the directives loaded now; apachectl configtest, then reload.")),
    # A configure step's test program did not build: no compiler, or one without its C library headers.
    sig(Rule.NO_WORKING_COMPILER, "missing_dependency",
        "cannot create executables|failed to generate an executable|install development tools",
        r"C\+{0,2} compiler cannot create executables|The compiler failed to generate an executable file|"
        r"You have to install development tools first",
        example=("checking whether the C compiler works... no\nconfigure: error: in `/src/zlib':\n"
                 "configure: error: C compiler cannot create executables"),
        advice=("The build's test program could not be compiled: no C compiler is installed, or it lacks the C "
                "library's headers.",
                "Install the toolchain (build-essential on Debian/Ubuntu, gcc and make on Alpine or Fedora, the "
                "Xcode command line tools on macOS), check that cc --version runs, and build again; config.log or "
                "mkmf.log has the compiler's own error.")),
    sig(Rule.BUILD_TOOL_MISSING, "missing_dependency",
        "could not find a package configuration|could not find|pkg-config|linker `|visual c++|"
        "by not providing|failed to find tool|system library|unknown module(s)|dependency|lack of necessary",
        r"Could not find a package configuration file provided by\s{1,10}\"?(?P<module>[\w:+-]{1,100})|"
        r"By not providing \"Find(?P<module4>[\w+-]{1,100})\.cmake\"|"
        r"Could NOT find (?P<module2>[\w:+-]{1,100})|Package '?(?P<module3>[\w.+-]{1,100})'?,? was not found in "
        r"the pkg-config search path|linker `(?P<module6>\w{1,40})` not found|"
        r"(?P<module7>Microsoft Visual C\+\+ [\d.]{1,10}) or greater is required|"
        # cc-rs, in every -sys crate's build script, names the C compiler or archiver it could not run
        r"failed to find tool \\?\"(?P<module5>[\w.+-]{1,60})\\?\"|"
        # system-deps and pkg-config crates' report, qmake's for a Qt module whose package is not installed
        r"The system library `(?P<module8>[\w.+-]{1,100})` required by crate `[\w-]{1,100}` was not found|"
        r"Unknown module\(s\) in QT: (?P<module9>[\w ]{1,100})|"
        # Meson's finder (pkg-config, CMake or its own), Ruby's mkmf for a native gem
        r"(?:Native )?[Dd]ependency [\"'](?P<module10>[\w.+-]{1,100})[\"'] not found|"
        r"probably lack of necessary\s{1,4}libraries and/or headers",
        example=("CMake Error at CMakeLists.txt:10 (find_package):\n"
                 "  Could NOT find OpenSSL (missing: OPENSSL_LIBRARIES)"),
        advice=("A library or tool the build needs is not installed{module_named}{module2_named}{module3_named}"
                "{module4_named}{module5_named}{module6_named}{module7_named}{module8_named}{module9_named}"
                "{module10_named}.",
                "Install its development package (e.g. apt-get install -y libssl-dev, brew install openssl) or "
                "the compiler toolchain, and point the build at it if it lives elsewhere; then rebuild.")),
    # Asked for a target the Makefile does not define (no "needed by": nothing depends on it) versus a
    # prerequisite file that is missing.
    sig(Rule.NO_MAKE_TARGET, "invalid_arguments", "no rule to make target",
        r"No rule to make target [`'](?P<target>[\w:-]{1,80})'\.\s{1,4}Stop\.", priority=86,
        example="make: *** No rule to make target 'biuld'.  Stop.",
        advice=("make has no target named {target}: the Makefile does not define it.",
                "List the targets the Makefile defines (grep -E '^[a-zA-Z0-9_-]+:' Makefile) and run one of "
                "those.")),
    sig(Rule.NO_BUILD_RULE, "file_not_found",
        "no rule to make target|no makefile found|could not find `cargo.toml`|msb1009|msb1003|go.mod file not found|"
        "pyproject.toml|"
        "does not appear to contain cmakelists.txt",
        r"No rule to make target [`'](?P<path>[^'\n]{1,300})'|No targets specified and no makefile found|"
        r"could not find `Cargo\.toml`|go\.mod file not found|"
        # (MSBuild's codes, whatever language it prints its message in)
        r"\bMSB1009: |\bMSB1003: |could not find a pyproject\.toml file|"
        r"does not appear to contain CMakeLists\.txt",
        example="make: *** No rule to make target 'src/util.o', needed by 'app'.  Stop.",
        advice=("The build cannot find a file or project it was told to build from.",
                "Run it from the project's root (where the Makefile, Cargo.toml, go.mod or project file is), or fix "
                "the path it names.")),
    sig(Rule.PACKAGE_NOT_IN_REGISTRY, "missing_dependency",
        "404|could not find gem|could not resolve dependencies|could not find artifact|couldn't find package|"
        "no matching package named|was not found in any of the following sources",
        r"npm (?:ERR!|error) 404 [^\n]{0,200}(?:Not Found|not in (?:the|this) registry)|"
        r"Could not find gem '[^'\n]{1,100}'|Could not resolve dependencies for project|"
        r"Couldn't find package \"[^\"\n]{1,100}\" on the \"\w{1,20}\" registry|"
        r"Could not find artifact \S{1,300}|no matching package named `[^`\n]{1,100}` found|"
        r"Plugin \[id: '[^'\n]{1,200}'(?:, version: '[^'\n]{1,40}')?\] was not found in any of the following sources",
        example="npm ERR! 404 'left-padd@*' is not in this registry.",
        advice=("The package manager cannot find that package (or that artifact) in its registries.",
                "Check the name's spelling and the registry configuration; if it is private, authenticate to "
                "its registry first.")),
    sig(Rule.NO_MATCHING_VERSION, "invalid_arguments",
        "etarget|no matching version|failed to select a version|doesn't match any versions|there is no version of|"
        "unknown revision v",
        r"No matching version found for \S{1,200}|\bETARGET\b|failed to select a version for the requirement|"
        # go get / go mod: a module version that was never tagged
        r"^go: [^\n]{1,300}: unknown revision v\d[\w.+-]{0,40}$|"
        # Poetry's and uv's resolvers word a pin no release satisfies as a failed solve: it is the pin
        r"which doesn't match any versions, version solving failed|Because there is no version of [\w.\[\]-]{1,100}==",
        priority=97,
        example="npm ERR! code ETARGET\nnpm ERR! notarget No matching version found for react@^99.0.0.",
        advice=("No published version matches the version asked for.",
                "List the versions that exist (npm view PKG versions, cargo search, pip index versions PKG, go list "
                "-m -versions MODULE) and pin one of them.")),
    # Composer explains each unresolvable requirement: a name no repository has is not a version conflict.
    sig(Rule.COMPOSER_NO_PACKAGE, "invalid_arguments", "could not be found in any version",
        r"requires (?P<module>[\w.-]{1,100}/[\w.-]{1,100}),? it could not be found in any version", priority=97,
        example=("  Problem 1\n    - Root composer.json requires laravel/framwork, it could not be found in any "
                 "version, there may be a typo in the package name."),
        advice=("No repository Composer reads has a package named `{module}` (a typo, or a private package "
                "without its repository entry).",
                "Check the name on packagist.org (or add the private repository to composer.json), then run "
                "composer again.")),
    # A resolver's conflict explains the "could not find" lines it prints under it: it outranks them.
    sig(Rule.RESOLVER_CONFLICT, "precondition_failed",
        "conflicting dependencies|resolutionimpossible|could not be resolved|version solving|compatible versions|"
        "could not resolve dependencies:|no solution found, exiting",
        r"conflicting dependencies|ResolutionImpossible|requirements could not be resolved to an installable set|"
        r"version solving failed|could not find compatible versions|"
        # cabal's and opam's solvers
        r"^cabal(?:-install)?: Could not resolve dependencies:$|^No solution found, exiting$", priority=96,
        example=("ERROR: Cannot install flask==1.0 and werkzeug==3.0 because these package versions have "
                 "conflicting dependencies."),
        advice=("The requested versions cannot all be installed together.",
                "Relax or align the pins the message names (let the resolver choose one side), then install again; "
                "when the bound is on the compiler's own library (GHC's base, the ocaml package), use the compiler "
                "version the package supports (ghcup, an opam switch) or a release of the package for yours. "
                "Retrying unchanged fails the same way.")),
    sig(Rule.RUNTIME_VERSION, "precondition_failed",
        "unsupported class file|unsupportedclassversion|does not support targeting|requires python|engine|release|"
        "allowed range",
        r"Unsupported class file major version|UnsupportedClassVersionError|does not support targeting \.NET|"
        r"invalid (?:target|source) release: \S{1,20}|release version \S{1,20} not supported|"
        r"requires (?:a different )?Python[ :]|Unsupported engine|The engine \"node\" is incompatible|"
        # Maven's enforcer: the build declares the range of JDK or Maven versions it accepts
        r"Detected (?:JDK|Maven) [Vv]ersion [^\n]{1,120} is not in the allowed range",
        example="error NETSDK1045: The current .NET SDK does not support targeting .NET 8.0.",
        advice=("The installed runtime or SDK is not the version this project needs.",
                "Install or select the version the project declares (its toolchain file, engines field, "
                "python_requires or target framework), then run again.")),
    # --- shells and privileges
    sig(Rule.SUDO_NEEDS_TTY, "permission_denied", "sudo:|sudoers|sudo password",
        r"sudo: a (?:terminal|password) is required|is not in the sudoers file|sudo: no tty present|"
        r"Missing sudo password",
        example=("sudo: a terminal is required to read the password; either use the -S option to read from "
                 "standard input"),
        advice=("sudo needs a password (or a TTY) that a non-interactive agent cannot give.",
                "Do it without root (a user-level install, a path you own), or run in an environment where the "
                "agent already has the rights it needs.")),
    # A positional parameter that is unset: the script or function was called without the argument it needs.
    # Labellers read any "unbound variable" as an undefined name (corpus ec0759), so the category stays; the
    # advice says which argument is missing.
    sig(Rule.MISSING_POSITIONAL, "undefined_name", "unbound variable",
        r"^[^\n]{0,200}: \$?(?P<n>[1-9]): unbound variable$",
        example="./run.sh: line 3: $1: unbound variable",
        advice=("The script (or a function in it) was called without its argument ${n}; under `set -u` an unset "
                "one stops it.",
                "Pass the argument the script expects (read its usage or first lines), or give it a default "
                "(`${{{n}:-value}}`).")),
    sig(Rule.UNBOUND_VARIABLE, "undefined_name", "unbound variable|uninitialized constant",
        r"^[^\n]{0,200}: \$?(?P<name>\w{1,100}): unbound variable$|uninitialized constant (?P<name2>[\w:]{1,100})",
        example="./deploy.sh: line 12: TARGET_DIR: unbound variable",
        advice=("`{name}{name2}` is used before it is set.",
                "Set or define it before that line (export it, pass it in, or require the file that defines it).")),
    # CMake's own parser: "Parse error.  Expected a command name, got unquoted argument with text ..."
    sig(Rule.CMAKE_PARSE, "syntax_error", "parse error.",
        r"^[ \t]{0,4}Parse error\.[ \t]{1,4}(?P<detail>Expected [^\n]{1,120})",
        example=("CMake Error at CMakeLists.txt:8:\n  Parse error.  Expected a command name, got unquoted argument "
                 "with text\n  \"add_executable(app\"."),
        advice=("The CMake file named above does not parse. CMake says: {detail}.",
                "Open it at the line CMake names and close the command's parentheses and quotes, then configure "
                "again.")),
    sig(Rule.GENERIC_PARSE, "syntax_error", "syntax error, unexpected",
        # bison-style parsers (Ruby, PHP, awk)
        r"syntax error, unexpected (?P<detail>[^\n]{1,120})",
        example="app.rb:14: syntax error, unexpected end-of-input, expecting end",
        advice=("The file does not parse: syntax error, unexpected {detail}.",
                "Fix the syntax at the file and line named (an unclosed block or bracket is the usual cause), "
                "then run the language's syntax check (ruby -c, php -l) before running it.")),
)

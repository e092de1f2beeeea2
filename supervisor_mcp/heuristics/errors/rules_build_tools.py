"""Line signatures of the JavaScript and JVM build tools' own words: bundlers, package scripts, Gradle
and Maven. Part of the toolchain signatures (rules_toolchains.py), in the same place of their order.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

BUILD_TOOL_SIGNATURES: tuple[Signature, ...] = (
    # --- JavaScript's own tooling
    sig(Rule.ESLINT_CONFIG_MISSING, "missing_dependency", "eslint couldn't find the",
        r"ESLint couldn't find the (?:config|plugin) \"(?P<module>[^\"\n]{1,100})\"",
        example=('ESLint couldn\'t find the config "airbnb" to extend from. Please check that the name of the config '
                 "is correct."),
        advice=("The ESLint config or plugin `{module}` that the configuration extends is not installed.",
                "Install its package as a dev dependency (configs are eslint-config-NAME, plugins eslint-plugin-NAME, "
                "or the scoped name), then lint again.")),
    # cargo's subcommands beyond its own are installed crates (cargo-nextest, cargo-watch): cargo says so.
    sig(Rule.CARGO_SUBCOMMAND_MISSING, "missing_dependency", "no such command",
        # (not when cargo suggests a similar built-in: that is a typo)
        r"^error: no such command: `(?P<cmd>[\w-]{1,60})`"
        r"(?:\n(?![^\n]{0,200}(?:[Dd]id you mean|similar name exists))[^\n]{0,200}){0,6}?"
        r"\n[^\n]{0,40}[Ff]ind a package to install",
        example=("error: no such command: `nextest`\n\n\tView all installed commands with `cargo --list`\n\tFind a "
                 "package to install `nextest` with `cargo search cargo-nextest`"),
        advice=("`cargo {cmd}` is a plugin subcommand that is not installed here.",
                "Install it (cargo install cargo-{cmd}, or the package `cargo search cargo-{cmd}` finds), then run "
                "the command again.")),
    sig(Rule.NODE_TS_DIRECT, "precondition_failed", "err_unknown_file_extension",
        r"ERR_UNKNOWN_FILE_EXTENSION\]?:? Unknown file extension \"(?P<ext>\.[cm]?tsx?)\"",
        example='TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /app/src/index.ts',
        advice=("Node was asked to run a {ext} file directly, and this Node has no TypeScript loader for it.",
                "Run it through a loader (npx tsx FILE, or ts-node with its ESM loader), or compile it first "
                "(npx tsc) and run the emitted .js.")),
    # A formatter that could not parse a file: the file's syntax (or syntax newer than the formatter's target).
    sig(Rule.FORMATTER_PARSE, "syntax_error", "cannot parse",
        r"^error: cannot format (?P<path>\S{1,300}): Cannot parse(?: for target version [^:\n]{1,40})?: "
        r"(?P<pos>\d{1,7}:\d{1,5})",
        example="error: cannot format app.py: Cannot parse: 33:32:     with (open(a) as x, open(b) as y):",
        advice=("The formatter could not parse {path} at {pos}: the file has a syntax error there, or uses syntax "
                "newer than the formatter's target version.",
                "Check that line (python -m py_compile {path_q}); fix it, or set the formatter's target version "
                "to the Python the project runs; then format again.")),
    # A formatter's check mode: it ran, and reports files that are not formatted.
    sig(Rule.FORMAT_CHECK, "test_failure", "code style issues|oh no! 💥|would reformat: |diff in ",
        # (black prints "would reformat" under --diff too, and succeeds: only its check's "Oh no!" fails)
        r"Code style issues found in (?:the above file|\d{1,6} files)|^Oh no! 💥 💔 💥$|^Would reformat: \S|"
        r"^Diff in \S{1,300} at line \d{1,7}:$",
        example=("[warn] src/App.jsx\n[warn] Code style issues found in the above file. Run Prettier with --write to "
                 "fix."),
        advice=("The formatter's check found files that are not formatted the way it would write them.",
                "Run the formatter in write mode (prettier --write, black, ruff format, gofmt -w) on those files, "
                "then run the check again.")),
    # --- the JVM's build tools
    sig(Rule.JAVA_LEVEL_DROPPED, "invalid_arguments", "is no longer supported",
        r"(?:Source|Target) option (?P<level>\S{1,10}) is no longer supported",
        example="[ERROR] Source option 5 is no longer supported. Use 7 or later.",
        advice=("The build asks javac for Java level {level}, which this JDK no longer compiles.",
                "Raise the level in the build file (maven.compiler.release or source/target in pom.xml, "
                "sourceCompatibility or the toolchain in Gradle) to one the message accepts, then build again.")),
    sig(Rule.MAVEN_PLUGIN_PREFIX, "missing_dependency", "no plugin found for prefix",
        r"No plugin found for prefix '(?P<module>[^'\n]{1,100})'",
        example="[ERROR] No plugin found for prefix 'spring-boot' in the current project and in the plugin groups",
        advice=("Maven knows no plugin for the goal prefix `{module}`: the project does not declare it (or the "
                "command runs outside the project's directory).",
                "Run from the directory with the pom.xml that declares the plugin, add the plugin to "
                "<build><plugins>, or call it by its full groupId:artifactId:goal.")),
    sig(Rule.JAR_NO_MAIN, "precondition_failed", "no main manifest attribute",
        r"no main manifest attribute, in (?P<path>\S{1,300})",
        example="no main manifest attribute, in target/app.jar",
        advice=("`{path}` was built without a Main-Class in its manifest, so `java -jar` cannot start it.",
                "Build an executable jar (the Spring Boot plugin's repackage, maven-jar-plugin or shade with "
                "a mainClass), or run it with `java -cp {path_q} <main class>`.")),
    sig(Rule.SPRING_DATASOURCE, "precondition_failed", "failed to configure a datasource",
        r"Failed to configure a DataSource: [^\n]{1,200}",
        example=("Failed to configure a DataSource: 'url' attribute is not specified and no embedded datasource "
                 "could be configured."),
        advice=("Spring Boot found a database driver or JPA on the classpath but no database to connect to.",
                "Set spring.datasource.url (and user and password) for the active profile, add an embedded "
                "database, or exclude DataSourceAutoConfiguration if the app needs none.")),
    # tsc knows the global (describe, process, $) from a @types package that is not installed.
    sig(Rule.TS_TYPES_MISSING, "missing_dependency", "install type definitions",
        r"Do you need to install type definitions for [^\n?]{1,80}\?(?:[^\n]{0,40}?npm i --save-dev "
        r"(?P<pkg>@types/[\w.-]{1,60}))?",
        example=("src/main.ts:4:1 - error TS2304: Cannot find name 'describe'. Do you need to install type definitions "
                 "for a test runner? Try `npm i --save-dev @types/jest` or `npm i --save-dev @types/mocha`."),
        advice=("The name is a global that a type-definitions package declares, and that package is not installed.",
                "Install the types it suggests (npm i --save-dev {pkg}, or the @types package of the library in "
                "use) and list it in tsconfig's \"types\" if that is set.")),
    sig(Rule.WINDOWS_NOT_FOUND, "file_not_found", "could not find a part of the path|could not find file",
        r"Could not find (?:a part of the path|file) '(?P<path>[^'\n]{1,300})'", flags=IGNORECASE,
        example="Unhandled exception: Could not find a part of the path 'C:\\app\\logs\\today.txt'."),
)

"""Line signatures of what the agent wrote or called: syntax, missing programs and modules,
paths and names (wrong arguments are in rules_arguments.py)."""

from __future__ import annotations

from supervisor_mcp.heuristics.errors import locales
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.rules_commands import COMMAND_SIGNATURES
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, SHARED_OBJECT, Signature, sig

# Headers of interpreters and common libraries that C extensions include with quotes ("Python.h"): missing, they
# mean a -dev package, not a file of the project.
_LIBRARY_HEADERS = (r"(?:Python|ruby|jni|zlib|ffi|png|jpeglib|sqlite3|bzlib|lzma|expat|yaml|gmp|libpq-fe|pcre|readline|"
                    r"uuid)\.h\b")

CODE_SIGNATURES: tuple[Signature, ...] = (
    # --- syntax: the shell, sed/awk/jq/SQL/JSON/YAML did not parse what the agent wrote
    sig(Rule.BASH_SYNTAX, "syntax_error", "syntax error near",
        r"syntax error near unexpected token [`'](?P<token>[^'\n]{0,60})'",
        example="bash: -c: line 1: syntax error near unexpected token `('"),
    sig(Rule.BASH_EOF, "syntax_error", "unexpected eof while looking|unexpected end of file",
        r"unexpected EOF while looking for matching [`'](?P<token>.)'|syntax error: unexpected end of file",
        example="bash: -c: line 3: unexpected EOF while looking for matching `''"),
    sig(Rule.HEREDOC_OPEN, "syntax_error", "here-document",
        r"here-document at line \d{1,7} delimited by end-of-file \(wanted [`'](?P<token>\w{1,40})'\)",
        confidence=0.85,
        example="bash: line 12: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')"),
    sig(Rule.SH_SYNTAX, "syntax_error", "syntax error:",
        r"^(?:sh|dash|bash|zsh)?[^\n]{0,200}: \d{1,7}: (?:[^\n:]{1,300}: )?Syntax error: (?P<detail>[^\n]{1,120})$",
        example='sh: 1: Syntax error: "(" unexpected'),
    # `[ "$n" -lt 3 ]` on a value that is not a number, or an unquoted empty or multi-word variable
    sig(Rule.SHELL_TEST_VALUE, "runtime_error", "expression expected|operator expected|too many arguments",
        r"^[^\n]{0,200}: \[{1,2}: [^\n]{0,100}(?:integer expression expected|unary operator expected|"
        r"binary operator expected|too many arguments)$",
        example="./check.sh: line 12: [: 36,1: integer expression expected",
        advice=("A test in the script got a value it cannot compare: a non-number for -lt/-gt, or an unquoted "
                "variable that is empty or holds several words.", "Quote the variables in the test "
                "(\"$x\") and check the value is a plain integer before comparing it.")),
    sig(Rule.BAD_SUBSTITUTION, "syntax_error", "bad substitution", r"^[^\n]{0,80}: bad substitution$",
        example="bash: ${name//./}: bad substitution"),
    sig(Rule.SED_EXPR, "syntax_error", "sed: -e expression",
        r"^sed: -e expression #\d{1,4}, char \d{1,7}: (?P<detail>[^\n]{1,120})$",
        example="sed: -e expression #1, char 14: unterminated `s' command"),
    sig(Rule.REGEX_SYNTAX, "syntax_error",
        "unmatched|invalid regular|invalid range|invalid preceding|trailing backslash|regex parse error",
        r"^(?:grep|egrep|sed|awk|rg): [^\n]{0,40}(?:Unmatched|Invalid (?:regular expression|range end|preceding)|"
        r"Trailing backslash|regex parse error)[^\n]{0,200}$",
        example="grep: Unmatched ( or \\("),
    sig(Rule.AWK_SYNTAX, "syntax_error", "awk:", r"^(?:g?awk|mawk): [^\n]{0,120}syntax error",
        example=("awk: cmd. line:1: { print $1 \nawk: cmd. line:1:          ^ unexpected newline or end of s"
                 "tring\nawk: line 1: syntax error at source line 1")),
    sig(Rule.JQ_SYNTAX, "syntax_error", "jq: error",
        r"^jq: error(?: \(at [^)\n]{0,60}\))?: [^\n]{0,80}(?:syntax error|unexpected)",
        example=("jq: error: syntax error, unexpected INVALID_CHARACTER (Unix shell quoting issues?) at <top"
                 "-level>, line 1:")),
    sig(Rule.SQL_SYNTAX, "syntax_error", "syntax error|sql syntax",
        r"syntax error at or near|near \"[^\"\n]{0,60}\": syntax error|error in your SQL syntax", flags=IGNORECASE,
        example='psql:query.sql:3: ERROR:  syntax error at or near "FORM"'),
    sig(Rule.JSON_SYNTAX, "syntax_error", "expecting|in json|unterminated string starting|invalid control character",
        # (not "Expecting value: line 1 column 1 (char 0)": nothing parsed at all, an empty or HTML body)
        r"Expecting (?:value(?!: line 1 column 1 \(char 0\))|property name enclosed in double quotes|"
        r"',' delimiter|':' delimiter)|"
        r"Unexpected token (?!< in JSON at position 0)[^\n]{1,20} in JSON|Unterminated string starting at|"
        r"Invalid control character at",
        example="Expecting ',' delimiter: line 1 column 35 (char 34)"),
    sig(Rule.YAML_SYNTAX, "syntax_error",
        "mapping values|could not find expected|cannot start any token|syntax error while loading yaml",
        r"mapping values are not allowed (?:here|in this context)|could not find expected ':'|"
        r"found character that cannot start any token|Syntax Error while loading YAML",
        example=('while parsing a block mapping\n  in "config.yml", line 2, column 3\nmapping values are not'
                 ' allowed here\n  in "config.yml", line 4, column 12')),
    sig(Rule.C_SYNTAX, "syntax_error", "error: expected",
        r"^[^\s:]{1,300}:\d{1,7}:\d{1,5}: error: expected [^\n]{1,80}",
        example="main.c:12:5: error: expected ';' before 'return'"),
    # serde's (cargo, uv, rustup...) and other schema checkers' word for a key the tool does not know:
    # valid syntax, a value the tool does not accept (or a tool too old for it).
    sig(Rule.UNKNOWN_CONFIG_FIELD, "invalid_arguments", "unknown field `|unknown variant `",
        r"unknown (?:field|variant) `(?P<name>[^`\n]{1,100})`, expected", priority=101,
        example=("error: Failed to parse: `pyproject.toml`\n  Caused by: TOML parse error at line 9, column 5\n"
                 "unknown field `extra`, expected one of `git`, `subdirectory`, `rev`"),
        advice=("The file is well-formed, but `{name}` is not a key or value this tool's version accepts.",
                "Use one of the names it lists, or upgrade the tool if the key is newer than it.")),
    # Terraform's (HCL's) block that does not take an argument: the configuration file, not the command line
    sig(Rule.CONFIG_ARGUMENT, "invalid_arguments", "is not expected here",
        r"An argument named \"(?P<arg>[^\"\n]{1,100})\" is not expected here",
        example=('Error: Unsupported argument\n\n  on main.tf line 12, in resource "aws_instance" "web":\n  12:   '
                 'ami_id = "ami-123"\n\nAn argument named "ami_id" is not expected here.'),
        advice=("The configuration block does not take the argument `{arg}` (in this provider's or module's "
                "version).",
                "Check the block's documented arguments for the version in use (terraform providers, .terraform."
                "lock.hcl, the registry page of that version), then rename or remove `{arg}` at the line named, or "
                "upgrade the provider or module if it was added later.")),
    # --- missing: commands (rules_commands.py), modules, libraries, headers, packages
)
CODE_SIGNATURES += COMMAND_SIGNATURES + (
    sig(Rule.PYTHON_M_PACKAGE, "invalid_arguments", "cannot be directly executed",
        r"No module named (?P<module>[\w.]{1,100})\.__main__; '[\w.]{1,100}' is a package and cannot be directly "
        r"executed", priority=96,
        example=("/usr/bin/python3: No module named sympy.__main__; 'sympy' is a package and cannot be direc"
                 "tly executed")),
    sig(Rule.PYTHON_M_MISSING, "missing_dependency", "no module named",
        r"^(?P<interp>\S{0,200}python[\d.]{0,8}): No module named (?P<module>[\w.]{1,100})$",
        example="/usr/bin/python3: No module named pytest"),
    sig(Rule.NO_MODULE, "missing_dependency", "no module named",
        r"No module named '?(?P<module>[\w.]{1,100})'?", confidence=0.85,
        example="python3: can't import: No module named 'yaml'"),
    sig(Rule.SHARED_LIB, "missing_dependency", "cannot open shared object|library not loaded",
        SHARED_OBJECT + r"|Library not loaded: (?P<lib2>\S{1,200})",
        example=("python3: error while loading shared libraries: libpython3.9.so.1.0: cannot open shared obj"
                 "ect file: No such file or directory")),
    # A script saved with Windows line endings: its #! line names an interpreter path ending in a carriage
    # return, which does not exist (the corpus labels it a missing path; the fix is the line endings).
    sig(Rule.CRLF_SCRIPT, "file_not_found", "^m|\\r",
        r"\^M: bad interpreter|env: [`'‘\"]?[\w./-]{1,60}\\r[`'’\"]?: No such file",
        priority=97,
        example="bash: ./run.sh: /bin/bash^M: bad interpreter: No such file or directory",
        advice=("The script has Windows (CRLF) line endings, so the shell reads a carriage return into each line.",
                "Convert it to LF (dos2unix FILE, or sed -i 's/\\r$//' FILE; and set `* text=auto eol=lf` in "
                ".gitattributes so it stays so), then run it again.")),
    # A script's #! line names an interpreter path that does not exist here (/bin/env, /usr/local/bin/python).
    sig(Rule.BAD_INTERPRETER, "file_not_found", "bad interpreter",
        r": (?P<interp>/(?:[\w./+-]{0,200}/)?(?P<prog>[\w.+-]{1,60})): bad interpreter: No such file or directory",
        example="bash: ./build.sh: /usr/local/bin/bash: bad interpreter: No such file or directory",
        advice=("The script's #! line names {interp}, which does not exist on this machine.",
                "Point the #! line at a {prog} that exists (`command -v {prog}` shows where; #!/usr/bin/env {prog} "
                "finds it on PATH), or run the script through one; if it was a virtualenv's, that environment moved "
                "or was deleted: recreate it and reinstall.")),
    # A script's `#!/usr/bin/env NAME` names an interpreter that is not installed; macOS prints bare `env:`.
    sig(Rule.ENV_INTERP, "missing_dependency", "env:",
        r"^(?:/usr/bin/)?env: [`'‘\"]?(?P<cmd>[^'’\"\s:]{1,60})[`'’\"]?: No such file or directory$", priority=96,
        example="/usr/bin/env: 'python': No such file or directory"),
    sig(Rule.NODE_MODULE, "missing_dependency", "cannot find module|cannot find package '",
        r"Cannot find module '(?P<module>[^'\n]{1,200})'|Cannot find package '(?P<module2>[^'\n]{1,200})'",
        example=("node:internal/modules/cjs/loader:1080\n  throw err;\n  ^\n\nCannot find module 'express'\n"
                 "Require stack:\n- /app/server.js")),
    # A quoted #include is the project's own header (a file missing from the tree), not a library's; so is
    # config.h, which a configure step generates into the tree.
    sig(Rule.LOCAL_HEADER, "file_not_found", "fatal error:",
        rf"(?:fatal error: (?!{_LIBRARY_HEADERS})(?P<path>[\w./+-]{{1,200}}\.h\w{{0,3}}): "
        rf"(?:No such file or directory|{locales.ENOENT})|"
        rf"fatal error: '(?!{_LIBRARY_HEADERS})(?P<path2>[\w./+-]{{1,200}}\.h\w{{0,3}})' file not found)"
        # the source line shown under it (not matched: a match on a line of code is not a message)
        r"(?=\n[ \t]{0,12}(?:\d{1,7} \| )?[ \t]{0,8}#[ \t]{0,4}include[ \t]{0,4}\")|"
        r"fatal error: (?P<path3>config\.h): No such file or directory",
        priority=96,
        example=('util.c:3:10: fatal error: util.h: No such file or directory\n    3 | #include "util.h"\n'
                 "      |          ^~~~~~~~\ncompilation terminated."),
        advice=("The project's own header {path}{path2}{path3} is not where the #include looks (a file not committed "
                "or generated yet, or a missing -I directory).",
                "Find it (find . -name {path_q}{path2_q}{path3_q}); add the file, generate it (config.h comes from "
                "./configure or cmake), or pass its directory with -I.")),
    # gcc in any locale, and clang's wording
    # (and Ruby's mkmf, which checks for the header before a native gem compiles)
    sig(Rule.C_HEADER, "missing_dependency", "fatal error:|can't find the '",
        rf"fatal error: (?P<lib>[\w./+-]{{1,200}}\.h(?:pp|h)?): (?:No such file or directory|{locales.ENOENT})|"
        r"fatal error: '(?P<lib2>[\w./+-]{1,200}\.h(?:pp|h)?)' file not found|"
        r"Can't find the '(?P<lib3>[\w./+-]{1,200}\.h) header",
        example="src/main.c:3:10: fatal error: openssl/ssl.h: No such file or directory"),
    # gfortran's compiled module interface: the project's own module compiled later, or a library's
    sig(Rule.FORTRAN_MODULE, "missing_dependency", "fatal error:",
        r"Fatal Error: Cannot open module file '(?P<lib>[\w./+-]{1,200}\.mod)'",
        example="Fatal Error: Cannot open module file 'netcdf.mod' for reading at (1): No such file or directory",
        advice=("The compiled module `{lib}` is not where the compiler looks.",
                "If the module is the project's own, compile the file that defines it first (the build order); if "
                "it comes from a library, install its -dev package and add its module directory with -I; then "
                "rebuild.")),
    # MSVC's C1083: Windows has no apt, and a header's name is not its library's
    sig(Rule.MSVC_HEADER, "missing_dependency", "fatal error c1083",
        r"fatal error C1083: Cannot open include file: '(?P<lib>[\w./+-]{1,200}\.h(?:pp|h)?)'",
        example="main.cpp(1): fatal error C1083: Cannot open include file: 'curl/curl.h': No such file or directory",
        advice=("The header `{lib}` is not on the include path.",
                "A system or SDK header (stdio.h, windows.h): build from a Developer Command Prompt (vcvarsall.bat) "
                "so the SDK's include paths are set. A library's header: install the library (vcpkg search NAME, "
                "vcpkg install PORT) and add its include directory. The project's own header: add its folder to "
                "the include paths. Then rebuild.")),
    # No release installs here at all (listed versions are PINNED_VERSION's): the name is right but every
    # release needs another Python or platform, or the name is wrong. Installing it again cannot help.
    sig(Rule.PIP_NO_DIST, "precondition_failed", "no matching distribution|could not find a version",
        r"No matching distribution found for (?P<module>\S{1,100})|"
        r"Could not find a version that satisfies the requirement (?P<module2>\S{1,100})",
        priority=65, confidence=0.8, fault="environment",
        advice=("pip found no release of `{module}{module2}` that installs here: none is published for this Python "
                "version or platform, or no package has that name.",
                "Compare the interpreter (python -V) and platform with what the package supports (python -m pip "
                "index versions NAME, or its PyPI page); use a Python it supports (uv venv --python 3.12) or a "
                "version with a wheel for this platform; if the index has no such name, correct the spelling."),
        example=("ERROR: Could not find a version that satisfies the requirement torchh (from versions: none"
                 ")\nERROR: No matching distribution found for torchh")),
    # A local .deb given as a bare name is looked up in the index: apt needs it as a path.
    sig(Rule.APT_LOCAL_DEB, "invalid_arguments", "unable to locate package",
        r"^E: Unable to locate package (?P<path>[\w.+~-]{1,200}\.deb)$", priority=96,
        example="E: Unable to locate package google-chrome-stable_current_amd64.deb",
        advice=("apt read {path} as a package name, not as a file.",
                "Give it as a path: apt-get install -y ./{path_q} (or the file's full path; prefix sudo only if "
                "you are not root).")),
    sig(Rule.APT_MISSING, "missing_dependency", "e: ",
        r"^E: (?:Unable to locate package |Package '?)(?P<cmd>[\w.+-]{1,80})",
        example="E: Unable to locate package ripgrepp",
        advice=("apt has no installable package `{cmd}` in the package lists it has.",
                "Check the exact name for this release (apt-cache search with a word of it; names differ between "
                "releases, e.g. python3-venv), run apt-get update first if the lists may be empty or stale, or add "
                "the repository that provides it.")),
    sig(Rule.GO_MISSING, "missing_dependency",
        "cannot find package \"|no required module|cannot find module|unknown import",
        r"cannot find package \"(?P<module>[^\"\n]{1,200})\"|"
        r"no required module provides package (?P<module2>[^\s;]{1,200})|"
        r"cannot find module providing package (?P<module3>\S{1,200})|"
        r"unknown import path \"(?P<module4>[^\"\n]{1,200})\"",
        example=("main.go:5:2: no required module provides package github.com/gorilla/mux; to add it:\n	go g"
                 "et github.com/gorilla/mux")),
    sig(Rule.JAVA_MISSING, "missing_dependency", "classnotfound|noclassdeffound",
        r"(?:ClassNotFoundException|NoClassDefFoundError):? (?P<module>[\w.$/]{1,200})",
        example="Error: Could not find or load main class App\nCaused by: java.lang.ClassNotFoundException App"),
    sig(Rule.RUBY_MISSING, "missing_dependency", "cannot load such file|no such file to load",
        r"(?:cannot load such file|no such file to load) -- (?P<module>\S{1,200})",
        example="<internal:kernel_require>:85:in `require': cannot load such file -- nokogiri (LoadError)"),
    # --- paths
    sig(Rule.CANT_OPEN_FILE, "file_not_found", "can't open file",
        r"can't open file '(?P<path>[^'\n]{1,500})': \[Errno 2\]",
        example="python3: can't open file '/testbed/reproduce.py': [Errno 2] No such file or directory"),
    sig(Rule.CANNOT_OP, "file_not_found", "no such file",
        r"cannot (?P<op>access|remove|stat|open|create regular file|move|copy|"
        r"change directory to) (?P<q>[`'‘\"])?(?P<path>(?(q)[^'’\"\n]|[^\s'’\"\n:]){1,500})(?(q)[`'’\"]): "
        r"No such file or directory",
        example="ls: cannot access 'src/utils': No such file or directory"),
    sig(Rule.CD_MISSING, "file_not_found", "cd: ", r"cd: (?P<path>[^:\n]{1,500}): No such file or directory",
        example="bash: line 1: cd: /testbed/astropy/modelling: No such file or directory"),
    sig(Rule.TOOL_PATH_MISSING, "file_not_found", "no such file",
        r"^[\w.+-]{1,40}: (?:can't read |cannot read |)(?P<path>[^:\n]{1,500}): No such file or directory$",
        example="cat: setup.cfg: No such file or directory"),
    sig(Rule.PYTEST_PATH, "file_not_found", "not found:",
        r"ERROR: (?:file or directory not found|file not found): (?P<path>\S{1,500})",
        example="ERROR: file or directory not found: tests/test_models.py"),
    sig(Rule.NOT_GIT_REPO, "file_not_found", "not a git repository|git-repository|dépôt git|repositorio git|"
        "repositório git|git 仓库|git リポジトリ|git репозиторий",
        rf"fatal: (?:not a git repository|[^\n]{{0,80}}(?:{locales.GIT_NOT_A_REPO}))",
        example="fatal: not a git repository (or any of the parent directories): .git"),
    sig(Rule.GIT_PATHSPEC, "file_not_found", "pathspec", r"pathspec '(?P<path>[^'\n]{1,500})' did not match any file",
        example="error: pathspec 'feature/login' did not match any file(s) known to git",
        advice=("git knows no file, and no branch or tag, named {path} in this clone.",
                "If it names a branch or tag, fetch and list them (git fetch --all --tags; git branch -a; git tag -l) "
                "and use one that exists; if it names a file, check its path from the repository's root "
                "(git ls-files | grep NAME).")),
    sig(Rule.ENOENT, "file_not_found", "enoent",
        r"ENOENT: no such file or directory, \w{1,20} '(?P<path>[^'\n]{1,500})'",
        example="Error: ENOENT: no such file or directory, open '/app/config.json'"),
    sig(Rule.PATH_DOES_NOT_EXIST, "file_not_found", "does not exist|not found",
        # (a TeX style or class is a package the TeX installation lacks: see the missing_program cue)
        r"(?:[Ff]ile|[Pp]ath|[Dd]irectory) [`'\"]?(?P<path>[\w./~-]{1,300})(?<!\.sty)(?<!\.cls)[`'\"]? "
        r"(?:does not exist|not found)",
        example="Error: Directory /data/exports does not exist"),
    sig(Rule.JAVAC_SYNTAX, "syntax_error", "illegal|not a statement|expected",
        # javac's own form and Maven's ([line,column], no "error:")
        r"\.java:(?:\d{1,7}: error:|\[\d{1,7},\d{1,5}\]) (?:illegal character|not a statement|"
        r"illegal start of (?:expression|type)|class, interface, enum,? or record expected|"
        r"reached end of file while parsing|'[^'\n]{1,3}' expected|<identifier> expected)",
        example="App.java:12: error: illegal start of expression"),
    # A program that could not be started because it is not installed (ENOENT on the exec, not on a file).
    sig(Rule.PROGRAM_NOT_RUN, "missing_dependency", "failed to run|failed to execute|spawn",
        r"(?:[Ff]ailed to (?:run|execute|spawn)|\bspawn) [`'\"\\]{0,3}(?P<cmd>[\w./+-]{1,80})[`'\"\\]{0,3}[^\n]{0,200}"
        r"(?:os error 2\b|\bENOENT\b|No such file or directory)", priority=96,
        example="Error: spawn pkg-config ENOENT",
        advice=("`{cmd}` could not be started: it is not installed or not on PATH.",
                "Install {cmd_q} (or the package that provides it) and run the command again.")),
    sig(Rule.NO_SUCH_FILE, "file_not_found", "no such file|cannot find the|no file exists at",
        r"No such file or directory|\bopen [^\s:]{1,300}: no such file or directory|no file exists at\s|"
        r"The system cannot find the (?:file|path) specified", priority=84, confidence=0.8,
        example="The system cannot find the file specified."),
    sig(Rule.HTTP_404, "file_not_found", "404",
        r"\b404\b[^\n]{0,20}(?:Not Found|Client Error)", priority=84, confidence=0.8,
        example="requests.get returned: 404 Client Error for url: https://api.example.com/v2/items"),
    # --- names
    sig(Rule.JS_UNDEFINED, "undefined_name", "is not defined|is not a function",
        r"ReferenceError: (?P<name>\w{1,100}) is not defined|TypeError: (?P<name2>[\w.]{1,100}) is not a function",
        example="Uncaught ReferenceError: fetchUser is not defined\n    at <anonymous>:1:1"),
    # ESLint's report of an unknown global, before the code runs: often a runtime's or test framework's global
    # the configuration does not declare, rather than a typo.
    sig(Rule.ESLINT_NO_UNDEF, "undefined_name", "no-undef",
        r"^[ \t]{0,4}\d{1,6}:\d{1,5}[ \t]{1,4}error[ \t]{1,4}'(?P<name>[\w$]{1,100})' is not defined"
        r"[ \t]{1,4}no-undef$",
        example="/app/src/App.jsx\n  12:7  error  'useEfect' is not defined  no-undef",
        advice=("ESLint knows no variable or global named `{name}` where it is used.",
                "If it is a global of a runtime or test framework (describe, it, process, window), declare that "
                "environment in the ESLint config (env, or languageOptions.globals); otherwise fix the spelling or "
                "import it.")),
    sig(Rule.COMPILED_UNDEFINED, "undefined_name",
        "cannot find symbol|error[e04|not declared|undefined|unknown type name",
        r"cannot find symbol|error\[E04(?:25|23|33)\]|was not declared in this scope|"
        r"undefined reference to [`'](?P<name>[^'\n]{1,100})'|^[^\n]{0,300}: undefined: (?P<name2>\w{1,100})$|"
        r"has no member named|NoMethodError|undefined method|\berror: unknown type name [`'‘]",
        example='src/Main.java:7: error: cannot find symbol\n        Strin name = "x";\n        ^'),
    sig(Rule.PYTEST_FIXTURE, "undefined_name", "fixture '", r"fixture '(?P<name>\w{1,100})' not found",
        example="E       fixture 'tmp_dir' not found\n>       available fixtures: cache, capfd, tmp_path, tmpdir"),
    sig(Rule.PYTEST_NO_NAME, "undefined_name", "not found:|no name '",
        r"ERROR: not found: (?P<path>\S{1,500})|no name '(?P<name>\w{1,200})' in any of",
        example=("ERROR: not found: /testbed/tests/test_api.py::test_lgoin\n(no name '/testbed/tests/test_ap"
                 "i.py::test_lgoin' in any of [<Module test_api.py>])")),
    # A repository with no commits yet has no HEAD: that is its state, not a misspelt name.
    sig(Rule.GIT_NO_COMMITS, "precondition_failed", "argument 'head|does not have any commits",
        r"ambiguous argument 'HEAD(?:~\d{1,4}|\^{1,4})?': unknown revision|"
        r"your current branch '[^'\n]{1,200}' does not have any commits yet", priority=81,
        example="fatal: ambiguous argument 'HEAD': unknown revision or path not in the working tree.",
        advice=("The repository has no commits yet, so HEAD does not exist; for HEAD~N or HEAD^, it has fewer "
                "commits than asked for, most often a shallow clone (CI checks out one commit).",
                "In a new repository make the first commit (git add, git commit); in a shallow clone fetch more "
                "history (git fetch --deepen=N, or fetch-depth: 0 in CI); then run the command again.")),
    sig(Rule.GIT_UNKNOWN_REV, "undefined_name", "unknown revision|bad revision|couldn't find remote ref",
        r"unknown revision or path not in the working tree|fatal: bad revision|couldn't find remote ref \S",
        example="fatal: ambiguous argument 'mian': unknown revision or path not in the working tree."),
)

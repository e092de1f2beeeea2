"""The cue table's second part: the words every ecosystem uses for what the agent wrote or needs (names,
syntax, packages, programs, paths). They are tried after the environment's (cue_words.py) and before those
of how a call went (cue_words_calls.py), in this order.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors import locales
from supervisor_mcp.heuristics.errors.cue_words import Cue, cue

CODE_TABLE: tuple[Cue, ...] = (
    cue("undefined", "undefined_name",
         r"\bundefined (?:variable|method|function|name|symbol|constant|local|index)|\bundefined: \w|"
         r"\w undefined \(type|\bCannot query field \\?\"|"
         r"(?<!'NoneType' object )has no (?:field|member|method|attribute|property|exported member)|"
         r"(?<!\" )(?<!' )is not defined\b|"
         r"(?:function|variable|method|name|symbol|macro) [\"'`‘][^\"'`’\n]{1,80}[\"'`’] not defined|"
         r"unresolved reference|could not find method \w{1,80}\(\)|no signature of method|"
         r"could not get unknown property|\bname '[^'\n]{1,80}' is not defined\b|"
         # Emacs Lisp and Common Lisp (SBCL)
         r"\bSymbol's (?:function definition|value as variable) is void: |"
         r"\bThe (?:function|variable) [\w:*+.-]{1,80} is (?:undefined|unbound)\b|"
         r"['‘]\w{1,80}['’] undeclared|has not been declared|"
         r"no (?:method|field|function|variable|function or associated item|variant or associated item) named|"
         r"(?:class|interface|trait|function|constant) [\"'][^\"'\n]{1,100}[\"'] not found|"
         r"(?:does not|doesn't) exist on type|\bno field [`'][^`'\n]{1,80}[`'] on type\b|"
         r"no such (?:table|column|function)|(?:column|relation|table|function|type) \"[^\"\n]{1,80}\" does not exist|"
         r"\btype [\w.]{1,80} does not exist|\bno \w{1,20} exists with the name\b|\binvalid reference: |"
         r"refers to undefined (?:network|volume|config|secret|service)\b|"
         r"no template \"[^\"\n]{1,100}\" associated with template|invalid object name '[^'\n]{1,100}'|"
         r"table '[^'\n]{1,80}' doesn't exist|base table or view not found|"
         r"(?:was )?not declared in (?:this|the current) scope|cannot find symbol|use of undeclared|no member named|"
         r"is not a member of(?! package [\w.]{1,100}$)|doe\s?s not exist in the current context|"
         r"cannot find (?:name|value|function|macro|type|trait|struct) |cannot find '[^'\n]{1,80}' in scope|"
         r"does not provide an export named|"
         r"unresolved import [`'](?:\w{1,60}::){1,8}\w|unsupported attribute|is not a known attribute|"
         r"exported attribute named|attribute \"[^\"\n]{1,80}\" not found in module|"
         r"implicit declaration of function|does not name a type\b|did you forget to ['‘]#include\b|"
         rf"{locales.PG_NO_RELATION}|"
         r"reference to undeclared|has not been\s+declared|"
         # other languages' words for a name not in scope: Perl, R, Haskell, Scala, OCaml, Nim, Nix, Dart,
         # Elixir, Lua (calling a global that is nil), Erlang's undef
         r"\bGlobal symbol \"[$@%]\w{1,80}\" requires explicit package name|\bUndefined subroutine &|"
         r"could not find function \"|^Error(?: in [^\n]{1,200})? ?: object '[^'\n]{1,80}' not found\b|"
         r"\b(?:Variable|Data constructor|Type constructor or class) not in scope:|\bNot in scope: |"
         r"\bnot found: (?:value|type|object) \w|\bUnbound (?:value|type constructor|constructor|record field) \w|"
         r"\bundeclared identifier\b|\battribute '[^'\n]{1,80}' missing\b|"
         r"\bisn't defined for the (?:type|class)\b|\bis undefined or private\b|"
         r"attempt to call a nil value \((?:global|field|method) '|\{undef,\[\{|"
         r"attempt to call (?:global|field|method) ['\"][^'\"\n]{1,80}['\"] \(a nil value\)|"
         # Clojure, CloudFormation, Octave, F#, Fortran, Erlang
         r"\bUnable to resolve symbol: |\bUnrecognized named-value\b|\bUnresolved resource dependencies\b|"
         r"\bUnknown function: ['\"]|"
         r"^error: '[^'\n]{1,80}' undefined\b|\bNonexistent (?:function|method|property) '[^'\n]{1,80}' in base\b|"
         r"\bUnrecognized function or variable '|"
         r"isn't declared in the current scope\b|"
         r"^! object '[^'\n]{1,80}' not found\b|\[(?:TABLE_OR_VIEW|COLUMN|ROUTINE|SCHEMA)_NOT_FOUND\]|"
         r"\bat position \d{1,6}\s{1,4}invalid identifier '|\": invalid identifier\b|"
         r"\bReferenced column \"[^\"\n]{1,80}\" not found\b|"
         r"': identifier not found\b|"
         # the EDG front end's (nvcc, Intel's and NVIDIA's HPC compilers)
         r"\bidentifier \"[^\"\n]{1,80}\" is undefined\b|"
         # a devicetree's node label, a template engine's tag (Liquid, Jinja): names the file uses but nothing defines
         r"\bundefined node label\b|\bUnknown tag '(?!end)[^'\n]{1,80}'(?![^\n]{0,40}\bignoring\b)|"
         # TeX's for a macro no loaded package defines
         r"^! Undefined control sequence\.|"
         # data stores and pipelines: Spark's unresolved column, ClickHouse's and DuckDB's tables, dbt's nodes,
         # Airflow's connections, Snowflake's objects
         r"\b(?:column|function|field|table|variable)[^\n]{0,60}\bcannot be resolved\b|"
         r"\b(?:table|view|column|function|database|schema) (?:with name )?[\w.`]{1,100} does not exist\b|"
         r"\(UNKNOWN_(?:TABLE|IDENTIFIER|FUNCTION|DATABASE|COLUMN)\)|named '[^'\n]{1,80}' which was not found\b|"
         r"[`'\"][^`'\"\n]{1,80}[`'\"] isn't defined\b|\bcannot resolve ['`][^\n]{1,80} given input columns\b|"
         r"\bObject '[^'\n]{1,200}' does not exist or not authorized\b|"
         r"\bThe (?:value|type|namespace|field|record label)(?:,? (?:or )?(?:constructor|module|namespace|type)){0,4} "
         r"'[^'\n]{1,80}' "
         r"is not defined\b|\bhas no IMPLICIT type\b|\bfunction \w{1,80}/\d{1,2} undefined\b",
         "The code uses a name that does not exist where it is used: {line}",
         "Look up the real name (the type's fields and methods, the module's exports, the spelling) and use "
         "it, or declare or import the name before its use."),
    cue("parse", "syntax_error",
         r"syntax error|parse error|\bdirective is not allowed here\b|\berror in your \w{1,10} syntax\b|"
         r"\bcould not be parsed\b|bad substitution|"
         r"(?<!flags )parsing error|\berror during parsing\b|"
         r"(?:failed|unable|could not|cannot) (?:to )?parse|"
         r"invalid syntax|unexpected token|unterminated|unexpected character|did not find expected|"
         r"mapping values are not allowed|error converting (?:YAML|JSON)|malformed (?:json|yaml|xml|toml)|"
         r"not well-formed|\byaml: (?:line \d|invalid)|\bbad config (?:line|file)\b|illegal character|"
         r"invalid (?:yaml|json|toml|xml)\b|unknown directive|"
         r"\[emerg\] unexpected|invalid interpolation format|\bexpected [\w ]{1,30}, found\b|"
         # rustc's parser (its type errors print "expected `u32`, found `&str`" under a coded error line instead)
         r"^error: expected [`'][^`'\n]{1,30}[`'], found\b|"
         r"\berror(?: \w{0,8}\d{1,5})?: ['‘]?[;:,(){}\[\]]['’]? expected|(?<!but )expected one of\b|"
         r"while (?:scanning|parsing) a\b|"
         r"\bexpected ['‘`][^'’`\n]{1,20}['’`] (?:before|after|at end)|missing separator|(?:malformed|corrupt) patch\b|"
         # a character pasted into source (curly quotes, a non-breaking space): gcc and clang
         r"\berror: stray [‘']\\\d{3}[’'] in program|non-ASCII characters are not allowed outside of literals|"
         # HCL (Terraform) and other configuration parsers
         r"argument or block definition (?:is )?required|invalid (?:expression|block definition)\b|"
         r"unclosed configuration block|missing newline after argument|expected the start of an expression|"
         r"argument names must not be quoted|\binvalid argument name\b|single quotes are not valid|"
         r"\b(?:unclosed|unexpected closing|mismatched closing) delimiter\b|"
         # other languages' and formats' parsers: esbuild, Kotlin, Lua, R, Elixir, PowerShell, js-yaml, XML,
         # SQL Server, awk
         r"\[ERROR\] Expected \"[^\"\n]{1,30}\" but found \"|\bExpecting [\"'‘][^\"'’\n]{1,20}[\"'’]|"
         r"unexpected (?:closing|end) tag\b|['‘]\w{1,20}['’] expected \(to close\b|"
         r"\bunexpected (?:symbol|string constant|numeric constant|input|'[^'\n]{1,10}') in \"|\bSyntaxError\b|"
         r"\bParserError\b|\bMissing closing ['‘][^'’\n]{1,5}['’]|\bYAMLException\b|bad indentation of\b|"
         r"must be terminated by the matching end-tag|incorrect syntax near\b|unexpected newline or end of string|"
         r"errors in crontab file|: event not found$|"
         rf"{locales.PG_SYNTAX}|"
         r"class, interface,? (?:enum,? )?or \w+ expected|"
         # Lua's and Julia's parsers
         r":\d{1,6}:\d{1,4}: unexpected (?:symbol|string constant|numeric constant|input|end of input|'[^'\n]{1,10}')$|"
         r"['‘][^'’\n]{1,20}['’] expected near\b|\bunexpected symbol near\b|^ERROR: (?:LoadError: )?syntax: |"
         r"\bUnexpected symbol '[^'\n]{1,10}' in\b|\b(?:x_content_|json_)?parsing_exception\b|\bparse_exception\b|"
         # Lisp readers: an unclosed form reaches the end of the file (Emacs, SBCL)
         r"\bEnd of file during parsing\b|\bREAD error during COMPILE-FILE\b|"
         r"\berror parsing (?:query|statement|expression)\b|"
         # JSON.parse past the first character: the text is JSON, malformed (at position 0 it was none at all)
         r"\bin JSON at position [1-9]\d{0,9}\b|"
         # the EDG front end's parser (nvcc, Intel's compilers): `kernel.cu(38): error: expected a type specifier`
         r"\): error: expected an? (?:type specifier|expression|declaration|identifier|statement|\"[^\"\n]{1,3}\")",
         "The input does not parse: {line}",
         "Open the file at the line it names and fix the structure (indentation, a missing key, quote or "
         "bracket, a template left unrendered); validate it before running again."),
    # a package manager's index has no package by that name: mostly a misspelt name, sometimes a stale index
    cue("no_such_package", "invalid_arguments",
         r"\bNo available formula (?:or cask )?with the name\b|\bNo formulae or casks found for\b|"
         r"\bUnable to find a match: |^No match for argument: |\bNo package \S{1,100} available\.|"
         r"\berror: target not found: |^\s{0,8}(?!so:)\S{1,100} \(no such package\):|"
         r"\bNo provider of '[^'\n]{1,100}' found\b|"
         r"\berror: snap \"[^\"\n]{1,100}\" not found\b|\bNo remote refs found (?:similar to|for) '|"
         r"\bNo package found matching input criteria\b|\bThe package was not found with the source\(s\) listed\b|"
         r"\bNo package matching '[^'\n]{1,100}' is available\b|"
         r"\bchart \"[^\"\n]{1,100}\" not found in [\w.-]{1,60} index\b|"
         r"\bPackagesNotFoundError: The following packages are not available from current channels\b|"
         # a CI action or a toolchain version that does not exist (GitHub Actions, setup-* actions)
         r"\bUnable to resolve action\b|\bversion '[^'\n]{1,40}'[^\n]{0,60} was not found\b",
         "The package manager has no package by the name asked for: {line}",
         "Check the exact name with the manager's search (brew search, dnf search, pacman -Ss, apk search, snap "
         "find, flatpak search, winget search, choco search, conda search, helm search repo), refresh its index if "
         "it may be stale (dnf makecache, pacman -Sy, apk update, helm repo update), then install that name."),
    cue("missing_program", "missing_dependency",
         r"command not found|executable file not found|not recognized as an internal or external command|"
         rf"{locales.COMMAND_NOT_FOUND}|"
         r"exec: \\?\"?/?(?:usr/)?(?:local/)?bin/(?:ba|z|da|k|c|)sh\\?\"?: |"
         r"no module named|cannot find module|could not find module|\bcould not find header file\b|"
         # ImageMagick built without the library for a format (libheif, librsvg, ghostscript)
         r"\bno decode delegate for this image format\b|"
         r"module not found(?![^\n]{0,60}can't resolve '\.)(?! \"file:)|"
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
         r"\bif `[\w.-]{1,40}` is installed\b|in locally installed gems|"
         r"the \"[\w.-]{1,60}\" command could not be found|"
         r"missing in charts/ directory|ensure CRDs are installed first|"
         r"failed to resolve import [\"'][@\w]|import [\"'][\w.]{1,100}[\"'] could not be resolved|"
         r"unable to locate the javac compiler|not a JRE\b|could not resolve [\"'][@\w]|"
         r"library not found for -l|could not find a declaration file for module|"
         r"could not find a valid gem|executable doesn't exist at|download new browsers|"
         # Racket's missing collection, a TeX package not installed, a peer dependency never installed
         r"\bstandard-module-name-resolver: collection not found\b|"
         # GNU which finding no such program on PATH; a launcher (mpirun) that cannot find the program it starts
         r"\bwhich: no [\w.+-]{1,60} in \(|\bunable to find the specified executable\b|"
         # Environment Modules / Lmod: a module this site does not provide
         r"\bThe following module\(s\) are unknown:|\bUnable to locate a modulefile for\b|"
         r"\bLaTeX Error: File [`'‘][^'’\n]{1,100}\.(?:sty|cls)['’] not found|\bmissing peer \S|"
         r"could not select device driver|no nvidia driver|required library|you must install or update|"
         r"try pulling it first|can't find header files|metrics api not available|no possible driver was detected|"
         r"could not find native static library|JAVA_HOME is (?:set to an invalid directory|not set)|"
         r"gyp ERR! find (?:VS|Python)\b|invalid active developer path|"
         r"\bexecutable not found\b|"
         r"installation (?:was )?not found|could not find (?:a |an |any )?(?:\w+ )?installation|"
         r"package '[^'\n]{1,80}'(?!: BUILD file)[^\n]{0,60} not found|"
         # other languages' loaders and build tools: Perl, R, Lua, Dart, Swift, Scala, OCaml (dune), PowerShell,
         # Ansible, Bazel
         r"\bCan't locate [\w/]{1,200}\.pm in @INC|\bthere is no package called\b|\bmodule '[^'\n]{1,100}' not found:|"
         r"\bCouldn't resolve the package '|\bno such module '|"
         r"\bobject \w{1,80} is not a member of package [\w.]{1,100}$|"
         r"\bUnbound module \w|\bLibrary \"[^\"\n]{1,80}\" not found\b|no valid module file was found\b|"
         r"couldn't resolve module/action '(?!ansible\.builtin\.)|\bRepository '@[\w.-]{1,80}' is not defined\b|"
         r"\bCould not locate [\w/.-]{1,200}__init\.class\b|\bunresolved dependency: |"
         r"\b(?:not found|no [^\n]{1,80} found) [^\n]{0,60}(?:on|in) (?:your |the )?(?-i:\$?PATH)\b|"
         # a program named bare, in quotes, that the path does not hold (Mix's `"nmake" not found in the path`)
         r"[\"'`][\w+-]{1,40}[\"'`] not found in (?:the |your )?path\b|"
         r"\bso:[\w.+-]{1,80} \(no such package\)|\.nim\(\d{1,6}, \d{1,4}\) Error: cannot open file: [\w/]{1,100}$|"
         # Windows's NTSTATUS for a DLL the program needs and cannot find (0xC0000135)
         r"(?:code|status):? -1073741515\b|\b0xC0000135\b|\bCould not load module [‘'`][\w.]{1,100}[’'`]|"
         r"\bthe dependency is not available\b|\bCould not find class ::?\w|"
         r"\bUnable to locate executable file\b|"
         r"\bDo you have [^\n]{1,80} on your PATH\b|"
         r"\bRun [\"`'][\w .-]{1,40}[\"`'] to install (?:package )?dependencies\b|"
         r"\bnothing provides [^\n]{1,100} needed by\b",
         "Something the command needs is not installed: {line}",
         "Install the missing program, module or package with the project's package manager (or use an "
         "image or environment that has it), then run the command again."),
    cue("missing_path", "file_not_found",
         r"no such file or directory|\bENOENT\b|file not found|no matching files found|can't resolve '\.{1,2}/|"
         rf"{locales.ENOENT}|{locales.WIN_NOT_FOUND}|"
         r"could not find file|failed to resolve import [\"']\.{1,2}/|"
         r"unable to locate (?:the )?config(?:uration)? file|"
         r"No inputs were found in config file|neither [^\n]{1,80} nor [^\n]{1,80} found|"
         r"\bno such file - |no files were found\b|\(\d{1,3}: Is a directory\)|"
         r"(?:^|[\s:'\"])/[\w.-]{1,100}(?:/[\w.-]{1,100}){0,20} does not exist\b|"
         r"\bPathDoesNotExist\b|\bNo \w{1,40} file found\.?$|"
         r"\bno files? found matching [`'‘\"]|\bno file named\b|\bdoes not appear to have a file named\b|"
         # (a file's name: with an extension, a path, or a manifest's (Podfile); not "No 'TODO' found")
         r"\bNo [`'‘\"](?:[\w./-]{0,100}\.\w{1,8}|[\w.-]{0,100}/[\w./-]{1,100}|[A-Z]\w{0,30}file)['’\"`] "
         r"(?:file )?found\b|"
         r"could not resolve to an? \w{1,40} with\b|"
         r"could not import module \"[^\"\n]{1,100}\"|could not locate the included file\b|"
         r"could not copy the file [^\n]{1,300} because it was not found|couldn't find resource\b|"
         r"\bno matches found: |non-existent remote object\b|: directory not found$|can't find '__main__' module in\b|"
         r"\bEISDIR\b|"  # a directory where a file was wanted, as Python's IsADirectoryError
         r"\bno such (?:container|image|volume|network|object)\b|\bpath does not exist\b|cannot find or open\b|"
         r"(?:cannot|could not|can't|unable to) find an? \w{1,30} with the (?:tag|name|id)\b|"
         r"[\"']status[\"']:\s?[\"']?404\b|[\"']message[\"']:\s?[\"']Not Found[\"']|"
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
         r"(?:cannot|can't|unable to) open|not a directory|\bspecial device \S{1,200} does not exist\b|"
         # Deno's local module; Apple's Foundation (NSCocoaErrorDomain 260)
         r"\bmodule not found \"file:|\bunable to find (?:the )?file\b|\bcan't find file '|\bFileNotFound\b|"
         r"\bBUILD file not found\b|\bin a directory with an? [\w.]{1,40} file\b|"
         r"\(or any (?:of the )?parent directories\)|"
         r"\bmissing [\w./-]{1,80}\.(?:ya?ml|json|toml|lock|cfg|ini|xml) file\b|"
         r"\bThe (?:file|folder) [“\"][^”\"\n]{1,200}[”\"] (?:doesn’t|doesn't|does not) exist",
         "A path the command uses does not exist: {line}",
         "Check the path and the working directory (ls the parent directory, find . -name NAME), then use "
         "the right path or create the file first."),
)

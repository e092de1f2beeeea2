"""The cue table's last part: the words every ecosystem uses for how a call went (arguments the tool
refused, tests that failed, state that forbids the action, a crash). Tried after cue_words_code.py's, in
this order.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors import locales
from supervisor_mcp.heuristics.errors.cue_words import Cue, cue
from supervisor_mcp.heuristics.errors.testruns import GO_TEST_LINE

CALL_TABLE: tuple[Cue, ...] = (
    cue("bad_arguments", "invalid_arguments",
         # (HCL's "Invalid argument name" heads a parse error: a quoted or malformed name)
         r"invalid (?:function )?(?:argument(?! name)|option|flag|value|parameter|reference format|choice)|"
         r"unknown (?:option|flag|argument|shorthand flag|parameter)|does not have a provider named\b|"
         # a command given too few or too many positional arguments (Cobra's and rclone's words)
         r"\bneeds? \d{1,3} arguments? (?:minimum|maximum)\b|\baccepts \d{1,3} arg\(s\), received \d{1,3}\b|"
         r"\brequires (?:at least|at most|exactly) \d{1,3} arg\(s\), only received \d{1,3}\b|"
         r"unrecognized (?:command[- ]line )?(?:option|arguments?)|flag provided but not defined|"
         r"unrecognized command or argument|\bbad option\b|is not in the '[\w -]{1,60}' command group|"
         r"unbekannte Kommandozeilenoption|option de la ligne de commande [^\n]{1,60} non reconnue|"
         r"no such tool(?: available)?\b|\bunknown tool\b|does not provide any executables|"
         r"could not determine executable to run\b|\bcould not find the following tasks? in project\b|"
         r"\bInvalid `\w{1,40}`: |"
         r"(?<![\w-])-{1,2}[\w-]{2,60} is not allowed\b|invalid version: unknown revision|"
         r"unmatched (?:single|double) quote|\binvalid key: |required flag\(s\) [^\n]{1,100} not set|"
         r"invalid package name\b|not in gzip format|"
         # JSON Schema validators (ajv and kin) on a config file, OpenSSH on its config's option names
         r"\b(?:should|must) NOT have additional propert(?:y|ies)\b|\bBad configuration option: |"
         # a directive given too few arguments (HAProxy's "'server' expects <name> and <addr> as arguments")
         r"\bexpects [^\n]{1,80} as arguments?\b|"
         r"\boption does not exist\b|invalid (?:integer|boolean|numeric) value\b|"
         r"does(?: not|n't) have (?:the )?feature\b|task '[^'\n]{1,100}' not found in (?:root )?project|"
         r"don't meet the specifications of the schema|"
         r"\binvalid [\w -]{1,40}: -{1,2}\w|"
         r"invalid requirement|unknown switch|unknown field \"|cannot be applied to given types|"
         r"argument lists differ|no overload for method|"
         r"is not a valid (?:model|id|identifier|name|option|value|choice)\b|"
         r"unknown (?:lifecycle phase|goal|task)\b|missing script:|^error Command \"[^\"\n]{1,60}\" not found\.|"
         r"\bunknown compiler option\b|\byou must (?:supply|specify|provide) an? (?:command|argument|value)\b|"
         r"^[\w.-]{1,40}: unknown variable '|\boption [`'‘\"]?-{1,2}[\w-]{1,60}[`'’\"]? is unknown\b|"
         r"\bis an invalid command\b|\bERR_INVALID_ARG_VALUE\b|\bERR_OUT_OF_RANGE\b(?![^\n]{0,40}\"offset\")|"
         # options that contradict each other (git, and argument parsers' mutual exclusion)
         r"with -{1,2}[\w-]{1,40} does not make sense|\boptions? '[^'\n]{1,60}' and '[^'\n]{1,60}' cannot be used "
         r"together|\bnot allowed with argument\b|"
         r"no function matches the given name and argument types|"
         r"function [\w.]{1,80}\([^)\n]{0,200}\) does not exist|unknown (?:sub)?command|"
         r"is not a [\w-]{1,20} command|no such (?:sub)?command|"
         r"wasn't expected|isn't valid in this context|unexpected argument|invalid (?:tag name|mode|url)|"
         r"missing -{1,2}\w{1,20} option|bad/illegal format|malformed url|"
         r"unexpected (?:argument|option|keyword argument)|"
         r"missing (?:a required |required )?(?:argument|option|parameter)|"
         r"requires an argument|too (?:many|few) (?:input |output )?arguments|illegal (?:option|argument)|"
         r"was not found in the package registry|\binvalid [\w -]{1,30} specification\b|invalid date\b|"
         r"requires at least \d+ arg(?:ument)?s?\b|accepts \d+ arg\(s\)|requires a value\b|missing [\w ]{0,30}operand|"
         r"option [-\w]{1,40}: is unknown|cowardly refusing|unrecognized request url|"
         r"InvalidParameter(?:Value|Combination)?\b|"
         r"parameter \w{1,60} is invalid|"
         r"unsupported block type|are not expected here|inappropriate value for|incorrect attribute value type|"
         r"unknown predicate|expected (?:one|at least one) argument|"
         r"command [\"'][^\"'\n]{1,60}[\"'] is not defined|"
         r"don't know how to build task|no matching function for call to|candidate expects \d+ arguments?|"
         r"flag needs an argument|no value for required|no (?:bin|example|test|bench) target named\b|"
         # coreutils' usage errors end on this line; BSD sed wants a suffix after -i
         r"^Try '[\w.-]{1,40} --help' for more information|extra characters at the end of \w command|"
         r"invalid number of \w{1,20}|invalid (?:user|group): |"
         r"additional propert(?:y|ies) [^\n]{1,80} (?:is|are) not allowed|is not a main package\b|"
         r"no tests matching pattern\b|"
         r"does not contain this feature\b|"
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
         r"no argument given that corresponds|too few arguments to function|ArgumentCountError|"
         # web frameworks' validation replies (pydantic's "Field required", a method the route lacks)
         r"[\"']msg[\"']\s{0,3}:\s{0,3}[\"']Field required[\"']|\bmethod not allowed\b|"
         # a value of the wrong type passed or bound, in statically typed languages' words (Haskell, Kotlin,
         # Scala, Swift, Dart, OCaml) and PowerShell's parameter binding
         r"\bCouldn't match (?:expected )?type\b|\bType mismatch: inferred type is\b|"
         r"^(?:\[error\] )?[^\n]{0,300}: type mismatch;$|"
         r"\bcannot convert value of type '[^'\n]{1,100}' to expected argument type\b|"
         r"\bThe argument type '[^'\n]{1,100}' can't be assigned to the parameter type\b|"
         r"\bThis expression has type [^\n]{1,100} but an expression was expected of type\b|"
         r"\btype mismatch: got <|\b(?:Rank|Type) mismatch (?:in|between) (?:actual )?argument|"
         r"\bmissing entrypoints?\b|\bfunction does not take \d{1,2} arguments?\b|"
         r"\bA parameter cannot be found that matches parameter name\b|\bThis expression was expected to have type\b|"
         # zod's validation message; Clojure's arity; a build tool's target that the project does not define
         r"(?-i:\bExpected [a-z]\w{0,20}, received [a-z]\w{0,20}\b)|\bwrong number of args\b|"
         r"\bdoes not contain an? (?:scheme|target|configuration|module|task) named\b|"
         r"\bunable to find a specification for\b|\bThe task \"[^\"\n]{1,80}\" could not be found\b|"
         r"couldn't resolve module/action 'ansible\.builtin\.|"
         r"\binput required and not supplied\b|\bcontains unknown keys?\b|"
         r"\bis misspelled or not recognized\b|"
         r"\bmissing required config(?:uration)? (?:variable|value|key|setting)\b|"
         r"^-{1,2}[\w-]{2,40} is required\b|"
         r"\b(?:no |could not find (?:a )?)(?:stack|profile|context|environment|workspace|project) named "
         r"['\"][^'\"\n]{1,80}['\"]|\bunknown modifier: |\bWRONGTYPE Operation against a key\b|"
         r"\binvalid schema for (?:function|tool|parameter)\b|"
         r"\b(?:did not|does not|doesn't) match (?:the )?(?:\w{1,20} )?schema\b",
         "The command was called with arguments it does not accept: {line}",
         "Read the command's usage (--help) and correct the argument it names: its spelling, its value, "
         "or a missing required one."),
    # a coverage gate: the suite ran, and the run fails on how much of the code it exercised
    cue("coverage_gate", "test_failure",
         r"coverage[^\n]{0,80}does not meet (?:the )?(?:global )?threshold|"
         r"coverage threshold for \w{1,20} \([\d.]{1,6}%\) not met|"
         r"[Rr]equired test coverage of [\d.]{1,6}% not reached|"
         r"coverage [^\n]{0,40}(?:is )?(?:below|under) (?:the )?(?:minimum|threshold|fail-under)",
         "The tests ran, and the run fails because they exercise less code than the threshold asks: {line}",
         "Add tests for the code your change left uncovered (the coverage report lists its lines), then run "
         "the suite with coverage again; lowering the threshold is the project's call, not a fix."),
    cue("failed_test", "test_failure",
         r"^[ \t]{0,6}\d{1,5}\) Failure:|\bFailure/Error:|\bassertion failed\b|\bAssertionError\b|"
         r"^ASSERT:|^error: Assert \w|"
         # Jenkins marks a build whose test report has failures UNSTABLE
         r"\bchanged build result to UNSTABLE\b|^Finished: UNSTABLE$|"
         r"test did not panic as expected|^--- FAIL\b|^# FAIL: +[1-9]|there (?:are|were) test failures|"
         r"\bExpected: [^\n]{1,200}\n\s{0,8}(?:Actual|Received|but was): |"
         # a tally ("3 failed"), not a timestamp's seconds ("12:00:30 Failed get ..."), a version ("9.5 failed")
         # or a port ("port 5432 failed: FATAL ...")
         r"(?<![:\d.])(?<!port )(?<!succeeded; )[1-9]\d{0,5} (?:tests? |snapshots? )?failed\b|\*\*\*Failed\b|"
         r"the following tests FAILED|"
         r"\d{1,6} (?:runs|tests), \d{1,7} assertions, [1-9]\d{0,5} failures|\btest [\w:]{1,200} \.\.\. FAILED\b|"
         r"\bRunning \S{1,200}\.{3} ?FAILURE\b|"
         rf"{GO_TEST_LINE}|"
         r"Exceeded timeout of \d{1,7} ?ms for a (?:test|hook)|"
         # Dart's and Flutter's runner; Bazel's summary
         r"^\d{1,3}:\d{2} \+\d{1,6}(?: ~\d{1,6})? -[1-9]\d{0,5}: Some tests failed\.|\b[1-9]\d{0,5} fails? locally\b|"
         r"^\s{0,8}Failed: [1-9]\d{0,5}\.\s{1,4}Skipped: \d{1,6}\.\s{1,4}Passed: \d{1,6}\.|"
         r"\bTestsFailedException: Tests unsuccessful\b|^\[(?:err|FAIL)\]: \S|^Failure in test \w|"
         r"\bconfigured to fail if\b|\bTest Failed at \S{1,300}:\d{1,6}\b|"
         r"\bexpected: [^\n]{1,200}\n\s{0,20}got: ",
         "A test or assertion says the result is wrong: {line}",
         "Read the first failing assertion (expected against actual), fix the code it exercises, and run "
         "that one test again before the whole suite."),
    cue("state", "precondition_failed",
         r"already exists|already in use|already running|not (?:yet )?(?:initiali[sz]ed|configured)|"
         r"\bwould be clobbered\b|"
         r"\bis locked\b|not available from|(?:is |are )?not available\b|no longer available|"
         r"doesn't have a resource type|not supported|unsupported|incompatible|version mismatch|"
         r"not a git repository|uncommitted changes|merge conflict|\bCONFLICT \(|conflicting|"
         r"could not find compatible versions|still in use|\balready managed by\b|"
         r"already activated|\brequires [\w.-]{1,30} >= ?[\d.]{1,20}|cannot uninstall\b|was interrupted, you must|"
         r"other objects depend on|inconsistent migration history|is applied before its dependency|"
         r"insufficient (?:funds|balance)\b|"
         r"not currently on a branch|can only (?:install|run)\b|"
         r"lock file does not contain a compatible|role \"[^\"\n]{1,80}\" does not exist|"
         r"or (?:higher|newer|later) is required|does not satisfy|compiled by a more recent version|"
         r"migrations? (?:are )?pending|found failed migrations|unknown revision|cannot find main module|"
         r"database \"[^\"\n]{1,80}\" does not exist|"
         r"version solving failed|unsatisfiable|SSL certificate problem|certificate verify failed|"
         r"self[- ]signed certificate|is not up to date with|lock ?file[^\n]{0,60}(?:outdated|out of date)|"
         r"\(conflict: |database is not up to date|plan is stale|unmet dependencies|held broken packages|"
         r"but your [\w.]{1,30} (?:specified|requires)|"
         r"updates to [\w.]{1,40} needed|untolerated taint|"
         r"didn't match (?:Pod's )?node (?:affinity|selector)|exhaustively searched|"
         r"outdated[_ ]lockfile|inconsistent vendoring|out of sync with|"
         r"not compatible with|package downgrade|no available releases match the given constraints|"
         r"not possible to fast-forward|exec format error|integrity checksum failed|\bEINTEGRITY\b|"
         r"in the middle of (?:another |a )?(?:rebase|merge|cherry-pick|revert|am session)|"
         r"unbound (?:immediate )?PersistentVolumeClaims|use of unstable (?:library )?feature\b|"
         r"may not be used on the (?:stable|beta) release channel|"
         r"[Vv]ersion:? [\w.-]{1,30} is not in the allowed range|"
         r"you have not concluded your merge|target is busy|device or resource busy|\bEBUSY\b|"
         r"no devices/emulators found|licen[cs]es? (?:have|has) not been accepted|\bis already checked out at\b|"
         r"\bin deployment mode after changing\b|\bis out of support\b|\bthere was a version conflict\b|"
         r"\bduplicate key (?:value|error)\b|"
         r"(?-i:\bMISCONF\b|\bPRECONDITION_FAILED\b)|\bhas \"[^\"\n]{1,60}\" change in progress\b|"
         r"\blockfile had changes, but lockfile is frozen\b|"
         r"\b\d{1,4} files found with path '[^'\n]{1,200}' from inputs\b|\bdon't have any active runners\b|"
         r"\bdoes not support (?:tools|tool[ _]?(?:use|calling|calls)|function[ _]?calling|images?|vision|audio)\b|"
         r"being used by another process|the file is locked by|\bis masked\b|\bNo such process\b|\bESRCH\b",
         "The action is valid but the current state does not allow it: {line}",
         # (never "remove what exists": what exists may hold data, a populated column or a volume)
         "Change the state first (reuse what already exists or make the step skip it, pick an available "
         "version, initialise or configure what it needs), then repeat the action."),
    cue("crash", "runtime_error",
         r"\bdeadlock\b|segmentation fault|core dumped|\bpanicked at\b|uncaught exception|unhandled exception|"
         rf"{locales.SEGFAULT}|"
         r"\bcore::panicking::panic\w{0,20}|\bcore::(?:result|option)::(?:unwrap|expect)_failed\b|"
         r"unhandled ?promise ?rejection|concurrent map (?:writes|read and map write)|"
         r"terminate called after throwing|(?:cannot|can't) \w{1,20} (?:over|of|on) (?:null|undefined|nil|None)\b|"
         r"back-off restarting failed|CrashLoopBackOff|found nil while unwrapping|AddressSanitizer|"
         r"heap-buffer-overflow|double free|use-after-free|"
         r"stack smashing detected|non-nullable field|\bkilled by signal 11\b|\bSIGSEGV\b|"
         r"declared as a non null type|"
         # Perl's undefined invocant, Lua's nil and wrong-typed values, Haskell's and Swift's runtime traps,
         # OCaml's uncaught exception, Zig's panic
         r"\bCan't call method \"[^\"\n]{1,80}\" on (?:an undefined value|unblessed reference)\b|"
         r"\battempt to (?:index|perform arithmetic on|concatenate|compare) (?:a |two )?\w{1,20} values?\b|"
         r"\battempt to (?:index|perform arithmetic on|concatenate) (?:field|local|global|upvalue) ['\"][^'\"\n]{1,80}"
         r"['\"] \(a \w{1,20} value\)|"
         r"^CallStack \(from HasCallStack\):|^Fatal error: (?:exception \w|Index out of range|Unexpectedly found nil)|"
         r"^thread \d{1,9} panic: |\bcannot be cast to\b|^Fortran runtime error: |\bnull instance\b|"
         # Python's TypeError for a None (or other non-text) given to re, open() or a str method
         r"\bexpected (?:string or bytes-like object|str, bytes or os\.PathLike object)\b",
         "The program crashed while running: {line}",
         "Read the first frame of the crash that is in your own code, fix the state or input that leads "
         "there, and run it again."),
)

"""Line signatures of a call made with the wrong arguments: argument parsers' usage errors, a command's
rejected option, a function called with the wrong parameters, an unknown tool, a directory without -r.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

ARGUMENT_SIGNATURES: tuple[Signature, ...] = (
    sig(Rule.CLI_UNRECOGNIZED, "invalid_arguments", "error: un",
        r"error: (?:unrecognized arguments?|unknown (?:option|argument)|"
        r"unexpected argument)[: ]{1,4}(?P<arg>[^\n]{1,200})",
        example="usage: manage.py test [-h] [--noinput]\nmanage.py test: error: unrecognized arguments: --fast"),
    sig(Rule.CLI_REQUIRED, "invalid_arguments", "error: ",
        r"error: (?:the following arguments are required|argument (?P<arg>[^:\n]{1,80}): (?:invalid|expected|"
        r"ambiguous)[^\n]{0,200})",
        example=("usage: convert.py [-h] --input INPUT\nconvert.py: error: the following arguments are requi"
                 "red: --input")),
    sig(Rule.CLI_OPTION, "invalid_arguments", "option|operand|argument",
        r"(?:unrecognized|invalid|illegal|unknown) option[^\n]{0,5}?[`'‘\"]?(?P<arg>-{1,2}[\w-]{0,60})?|"
        r"option requires an argument|missing (?:file )?operand|requires an argument|"
        r"No such option: (?P<arg2>\S{1,60})|Got unexpected extra argument|Error: Missing (?:argument|option)|"
        r"too many arguments|invalid argument [`'‘][^\n]{1,80} for", flags=IGNORECASE,
        example="ls: invalid option -- 'j'\nTry 'ls --help' for more information."),
    # An option a newer version of the tool dropped, with the replacement it names ("--latex-engine has been
    # removed.  Use --pdf-engine instead.").
    sig(Rule.OPTION_REMOVED, "invalid_arguments", "removed",
        r"(?:^|[\s'\"`])(?P<arg>--?[A-Za-z][\w-]{0,60})['\"`]?(?: option| flag)? (?:has been|was|is) removed\b"
        r"(?:[^\n]{0,20}?[Uu]se (?P<new>--?[A-Za-z][\w-]{0,60}))?",
        example="--latex-engine has been removed.  Use --pdf-engine instead.",
        advice=("The option {arg} was removed from this version of the tool.",
                "Use the option that replaced it{new_named}; the tool's --help lists the current ones. Pin the "
                "older version only if the script cannot change.")),
    # rm, cp and scp given a directory without -r: the flag is missing, the path is fine (GNU, then BSD/macOS).
    sig(Rule.DIRECTORY_NEEDS_RECURSE, "invalid_arguments", "is a directory|-r not specified|not a regular file",
        r"^(?P<cmd>rm): cannot remove [`'‘\"][^\n]{1,300}[`'’\"]: Is a directory$|"
        r"^(?P<cmd2>cp): -r not specified; omitting directory\b|^(?P<cmd3>rm): [^\n]{1,300}: is a directory$|"
        r"^(?P<cmd4>cp): [^\n]{1,300} is a directory \(not copied\)\.$|"
        r"^(?P<cmd5>scp): [^\n]{1,300}: not a regular file$",
        example="rm: cannot remove 'build': Is a directory",
        advice=("`{cmd}{cmd2}{cmd3}{cmd4}{cmd5}` was given a directory without the recursive flag, so it left it "
                "alone.",
                "Add -r (rm -r, cp -r) if the whole directory is meant; otherwise name the files inside it.")),
    sig(Rule.CLI_USAGE, "invalid_arguments", "usage: ",
        r"^(?:usage|Usage): \S{1,100}[^\n]{0,300}$", priority=58, confidence=0.75,
        example="usage: git [--version] [--help] [-C <path>] <command> [<args>]"),
    # An agent's edit tool given text that is not in the file, or is there more than once (the str_replace
    # editors, Claude Code's Edit, aider's SEARCH/REPLACE blocks): the commonest failed edit.
    sig(Rule.EDIT_NO_MATCH, "invalid_arguments",
        "no replacement was performed|did not appear verbatim|string to replace|search section must exactly match",
        r"\bNo replacement was performed\b|\bdid not appear verbatim in\b|\bString to replace not found in file\b|"
        r"\bmatches of the string to replace, but replace_all is false\b|\bSEARCH section must exactly match\b",
        priority=80,
        example="No replacement was performed, old_str `def foo(x):` did not appear verbatim in /repo/app.py.",
        advice=("The edit's old text is not in the file exactly as given, or it is there more than once.",
                "View the lines you mean to change and copy them exactly (indentation, quotes, trailing spaces), "
                "adding surrounding lines until the text occurs once; then retry the edit. Do not retry it "
                "unchanged.")),
    sig(Rule.UNKNOWN_TOOL, "invalid_arguments", "unknown|tool|function",
        r"^(?:Error: )?Unknown (?:action|tool|function)[: ]{1,4}(?P<name>[\w.-]{1,100})|"
        r"^(?:Error: )?(?:[Tt]ool|[Ff]unction) [`'\"]?(?P<name2>[\w.-]{1,100})[`'\"]? (?:not found|does not exist|"
        r"is not available)",
        example="Error: Unknown tool: search_flights_v2"),
    sig(Rule.PY_CALL_ARGS, "invalid_arguments", "() ",
        r"(?<![\w.])(?P<func>[\w.]{1,100})\(\) (?:got an unexpected keyword argument '(?P<kwarg>\w{1,100})'|"
        r"missing (?P<count>\d{1,3}) required (?:positional |keyword-only )?arguments?: (?P<missing>[^\n]{1,200})|"
        r"takes (?:from )?(?P<takes>\d{1,3})[^\n]{0,40} positional arguments? "
        r"but (?P<given>\d{1,3})[^\n]{0,60}? (?:was|were) given|"
        r"got multiple values for argument '(?P<dup>\w{1,100})')",
        example="fit() got an unexpected keyword argument 'epochs'"),
    sig(Rule.SCHEMA_VALIDATION, "invalid_arguments",
        "validation error|field required|input should|extra input|required prop|additional prop|missing requ|invalid",
        r"\b\d{1,4} validation errors? for (?P<model>\w{1,100})|"
        r"^[ \t]{0,20}(?:Field required|Input should be [^\n]{1,200}|Extra inputs are not permitted)|"
        r"is a required property|Additional properties are not allowed|"
        r"missing required (?:argument|parameter|field|property)|"
        r"Invalid (?:arguments|parameters|input(?! syntax for)|JSON arguments)",
        flags=IGNORECASE,
        example=("1 validation error for BookReservation\npassengers\n  Field required [type=missing, input_"
                 "value={}, input_type=dict]")),
    sig(Rule.INVALID_VALUE, "invalid_arguments", "invalid|not a valid|must be",
        r"^(?:Error: )?(?:invalid (?:characters in expression|reason|value|format|choice|type|id|date)\b|"
        r"[^\n]{0,80} is not a valid (?:\w{1,30} ){0,2}(?:value|choice|option|format|date|id))|"
        r"must be (?:one of|of type|an? (?:string|integer|number|list|array|dict|object|boolean))",
        confidence=0.85, flags=IGNORECASE,
        example="Error: invalid value for cabin: 'first_class'"),
    sig(Rule.MISSING_KEY, "invalid_arguments", "error: '",
        r"^Error: '(?P<key>\w{1,60})'$", confidence=0.7,
        example="Error: 'payment_id'"),
)

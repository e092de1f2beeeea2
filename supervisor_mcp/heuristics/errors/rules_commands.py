"""Line signatures of a command the shell could not run: not installed, not on PATH, a script's missing
program under dash or busybox, PowerShell's CommandNotFoundException (and a parameter it read as a command)."""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import Signature, sig

COMMAND_SIGNATURES: tuple[Signature, ...] = (
    sig(Rule.COMMAND_NOT_FOUND, "missing_dependency", "command not found",
        r"^(?:[^\n:]{0,60}: )?(?:line \d{1,7}: )?(?P<cmd>[^\s:'\"]{1,100}): command not found$|"
        r"^zsh: command not found: (?P<cmd2>\S{1,100})$",
        example="bash: line 1: rg: command not found"),
    # A tool naming a program it runs that is not on PATH ("git must be available and on the PATH").
    sig(Rule.NOT_ON_PATH, "missing_dependency", "on the path|in the path|on your path|in your path",
        # (a program's name, not a directory's last part: "/home/u/.local/bin needs to be in your PATH")
        r"(?<![/\\\w.+-])(?P<cmd>[\w.+-]{1,40}) (?:must|needs to) be (?:installed and )?(?:available )?(?:and )?"
        r"(?:on|in) (?:the |your )?\$?PATH\b|"
        r"(?<![/\\\w.+-])(?P<cmd2>[\w.+-]{1,40}) is not installed or not (?:on|in) (?:the |your )?\$?PATH\b",
        priority=59,  # a requirement stated in a note yields to the error the call got
        example=("Error downloading modules: error downloading 'https://example.org/mod.git': git must be available "
                 "and on the PATH")),
    sig(Rule.SH_NOT_FOUND, "missing_dependency", "not found",
        # (a script's own name leads when dash or busybox ash runs it: "./install.sh: line 11: install: not found")
        # (and "script: 66: script: jq: not found", the name twice around the line, whatever the script is called)
        # (also after a logger's prefix: "... - ERROR - /bin/sh: 1: alembic: not found")
        r"^(?:[^\n]{0,200}?\s)?(?:(?:/bin/)?(?:ba|da|z)?sh|(?P<script>[\w./-]{1,200}): \d{1,7}: (?P=script)|"
        r"[\w./-]{1,200}\.sh(?=: (?:line )?\d{1,7}: )): (?:\d{1,7}: )?"
        r"(?:line \d{1,7}: )?(?P<cmd>[^\s:'\"]{1,100}): not found$",
        example="/bin/sh: 1: tree: not found"),
    # PowerShell's CommandNotFoundException, whose message the console often wraps mid-sentence; a term that is
    # a parameter (-Name) was an option the host did not take, read as a command.
    sig(Rule.PS_FLAG_AS_COMMAND, "invalid_arguments", "is not recognized as",
        r"The term '(?P<arg>-[^'\n]{1,200})'\s{1,4}is\s{1,4}not\s{1,4}recognized\s{1,4}as\s{1,4}(?:the|a)\s{1,4}name\b",
        priority=96,
        example=("-Foo : The term '-Foo' is not recognized as the name of a cmdlet, function, script file, or "
                 "operable program."),
        advice=("PowerShell read the parameter `{arg}` as a command name: the program it was given to does not "
                "take it, or it came before the script or command it belongs to.",
                "Check the parameters the program accepts (pwsh -?, Get-Help NAME) and pass `{arg}` after the "
                "command it belongs to, or drop it.")),
    sig(Rule.PS_NOT_RECOGNIZED, "missing_dependency", "is not recognized as",
        r"The term '(?P<cmd>[^'\n]{1,200})'\s{1,4}is\s{1,4}not\s{1,4}recognized\s{1,4}as\s{1,4}(?:the|a)\s{1,4}name\b",
        example=("terraform : The term 'terraform' is not recognized as the name of a cmdlet, function, script "
                 "file, or operable program.")),
)

"""Advice for a missing file or directory: the path the output names, and where to look for it.

A path is read from the deciding line's groups, else from the message (Python's `No such file or directory:
'x'`, the Hugging Face Hub's "a file named x"); the advice searches for its last component and lists its parent.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.observation.shell import shell_quote


def path_named(finding: Finding) -> str:
    """The path a missing-file finding names: its own group, else the quoted path in its message."""
    g = finding.groups
    if g.get("path"):
        return g["path"]
    # (the Hugging Face Hub's "does not appear to have a file named config.json. Checkout 'URL'" names the
    # file first; the quoted URL is where to look)
    match = re.search(r"No such file or directory: '([^'\n]{1,500})'|\ba file named ([\w.-]{1,200}?)\.?(?=\s|$)|"
                      r"'([^'\n]{1,500})'", finding.message)
    return next((x for x in match.groups() if x), "") if match else ""


def explain_missing_path(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    """(root_cause, fix) for a path that does not exist: where to look for it, from the path the output names."""
    path = path_named(finding)
    if finding.rule == Rule.NOT_GIT_REPO:
        return ("The command ran outside a git repository.",
                "cd into the repository first (find . -maxdepth 3 -name .git) or use git -C REPO_DIR ...")
    if finding.rule == Rule.HTTP_404:
        return ("The URL does not exist (HTTP 404).",
                "Check the URL's path and spelling; list the parent resource first.")
    if finding.rule in (Rule.SH_NOT_FOUND, Rule.COMMAND_NOT_FOUND) and path:
        # the shell's "./x.sh: not found": the file may be there with a #! interpreter that is not
        quoted = shell_quote(path)
        return (f"`{path}` could not be run: it is not there, or it is there but the interpreter its #! line names "
                "is not (#!/bin/bash on Alpine), or it has Windows line endings.",
                f"Check which: ls -l {quoted}; head -1 {quoted} | od -c | head -2 (a \\r before \\n is CRLF: "
                "dos2unix it); install the #! interpreter or point the line at one that exists.")
    if not path:
        return ("A path the command needs does not exist.", "Check the working directory (pwd) and list it (ls) before "
                "using relative paths; find the file with find . -name 'NAME'.")
    parts = [p for p in path.rstrip("/").split("/") if p]
    base = parts[-1] if parts else path
    if len(parts) > 1 and re.fullmatch(r"__init__\.py|index\.\w+|main\.\w+|setup\.\w+|conftest\.py", base):
        base = parts[-2] + "*"  # a generic file name finds nothing useful; its package may be a module file
        parts = parts[:-1]
    parent = "/".join(parts[:-1]) or ("/" if path.startswith("/") else ".")
    parent = "/" + parent if path.startswith("/") and not parent.startswith("/") else parent
    if finding.groups.get("op") == "remove":
        return (f"`{path}` does not exist, so there was nothing to remove; the other operands were handled.",
                "Nothing to undo; use rm -f to ignore missing files.")
    return (f"`{path}` does not exist (wrong path, wrong working directory, or never created).",
            f"Find the right path: find . -name {shell_quote(base)} -not -path '*/.git/*' | head; "
            f"ls {shell_quote(parent)}; "
            "if you meant to create it, create it first; prefer absolute paths, each command may start in a new shell.")

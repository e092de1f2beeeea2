"""The failing tool's own suggestion of a remedy ("hint: use 'git pull' before pushing again", "Did you mean
--makefile?", "Make sure you also have the development packages of openssl installed"), relayed with the fix.

A tool that knows its failure often says what to do next; the advice built from the mechanism is general, the
tool's line is specific. Only lines in the words of a remedy are relayed (a hint's imperative, "Please ...",
"You may need to ...", "Did you mean"), never one that escalates or destroys (sudo, elevated privileges, --force,
chmod 777, reset, --hard, drop, rm -r) or only asks for more output or a bug report.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.code_paths import installed_package

_REMEDY_VERB = (r"(?:install|use|run|set|add|specify|pass|rename|increase|upgrade|update|enable|rebuild|reinstall|"
                r"define|import|export|declare|register|grant|share|move|change|replace|commit|stash|pull|fetch|"
                r"provide|configure|wrap|annotate|call|check that|make sure|ensure)\b")
_REMEDY = re.compile(
    r"^[ \t>|*=-]{0,8}(?:\[?(?:hint|help|suggestion|tip|solution|resolution|possible fix)\]?\s{0,3}:\s{0,3}"
    rf"(?:please |you (?:may|might|can|could|should|must|will) (?:need to |want to |have to )?|try |consider )?"
    rf"{_REMEDY_VERB}[^\n]{{6,300}}"
    rf"|(?:Please |You (?:may|might|will|should|must) (?:need to |have to |want to )?|Try (?:to )?|Consider )"
    rf"(?:{_REMEDY_VERB}|(?:running|using|adding|installing|setting|upgrading|updating|increasing|changing)\b)"
    r"[^\n]{4,300}|(?:Make sure|Did you mean|Perhaps you meant|Maybe you meant)\b[^\n]{0,300})$",
    re.MULTILINE | re.IGNORECASE)
# Never relayed: what escalates or destroys, and lines that only ask for more output, a report or a header.
_NOT_RELAYED = re.compile(
    r"\bsudo\b|\bas (?:root|an? admin\w{0,9}|admin\w{0,9})\b|elevated|privilege|--privileged\b|"
    r"--force\b|\bforce[- ]push|\bchmod\b[^\n]{0,20}\b7[67]7\b|\brm -\w{0,3}[rf]|\breset\b|--hard\b|\bdrop\b|"
    r"\bdelete\b|\bdata will be lost\b|--no-verify\b|--unsafe-perm\b|--break-system-packages\b|"
    r"--legacy-peer-deps\b|--skip-ssl|--insecure\b|\bdisable (?:ssl|tls|security)\b|"
    r"for more (?:information|details)|--stacktrace|--info\b|--debug\b|--scan\b|-v to see|-vv\b|to see the full|"
    r"re-?run (?:it |this )?with\b|report (?:this|it|the issue|a bug)|file an issue|bug report|"
    r"try again(?: later)?\.?$|contact your|:$|correct access rights",
    re.IGNORECASE)
_ENDS_SENTENCE = re.compile(r"[.!)`'\"]$")
_PATH = re.compile(r"[^\s\"'`()\[\]<>]*[\\/][^\s\"'`()\[\]<>:]+")


def tool_remedy(body: str) -> str | None:
    """The first line in the output where the tool suggests a remedy, joined to its continuation ("Did you mean
    this?" and the indented name under it), or None; not one that follows a location in installed code."""
    scope = body[-20000:]
    for match in _REMEDY.finditer(scope):
        line = match.group(0).strip(" \t>|*=-")
        if _NOT_RELAYED.search(line):
            continue
        # A compiler's suggestion for a dependency's installed source is an edit nobody should make there.
        if any(installed_package(p) for p in _PATH.findall(scope[max(0, match.start() - 1500):match.start()])):
            continue
        after = scope[match.end() + 1:].split("\n", 1)[0]
        if not _ENDS_SENTENCE.search(line) and (after[:1].isspace() or after[:1].islower()) and after.strip():
            line = f"{line} {after.strip()}"
        return clip(line, 220, ellipsis=True)
    return None

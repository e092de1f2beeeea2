"""Spot errors that contradict what the agent itself just did, and say what to check.

When the recent steps show the agent created the file that is now "No such file", installed the
module that now fails to import, defined the name that is now undefined, or read the id that is now
"not found", guessing a fix is worse than checking the fact: the environment (working directory,
interpreter, imported copy, account) is not what the agent believes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.missing_path import path_named
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.packages import pip_name
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.shell import shell_quote
from supervisor_mcp.models import Step

_LOOKBACK = 12
_FILE_EDIT = re.compile(
    r"<<-?[ \t]*['\"]?\w|\bsed -i|>[ \t]{0,4}[\w./-]{1,200}\.py\b|\bstr_replace|\bwrite_file|\bcreate\b|\.write\("
)
_UNDEFINED = re.compile(r"attribute '(\w{1,100})'|cannot import name '(\w{1,100})'|name '(\w{1,100})' is not defined")
_WRITE_OPS = r"(?:>>?|\btee\b|\btouch\b|\bmkdir\b|\bcp\b|\bmv\b|\bcreate\b|\bwrite\w*|open\(|path\"?:)"


@dataclass(frozen=True)
class Check:
    task: str
    evidence: str


def _recent(steps: list[Step]) -> list[tuple[int, Step]]:
    start = max(0, len(steps) - _LOOKBACK)
    return list(reversed(list(enumerate(steps))[start:]))


def _created(steps: list[Step], name: str) -> tuple[int, Step] | None:
    if not name:
        return None
    created = re.compile(_WRITE_OPS + r"[^\n]{0,120}?" + re.escape(name) + r"(?![\w.])")
    removed = re.compile(r"\brm\b[^\n]{0,200}?" + re.escape(name) + r"(?![\w.])")
    for index, step in _recent(steps):
        if removed.search(step.args):
            return None  # the agent deleted it afterwards; "not found" is then expected
        if created.search(step.args) and not step.error:
            return index, step
    return None


def _file_check(finding: Finding, steps: list[Step]) -> Check | None:
    path = path_named(finding)
    if not path or finding.groups.get("op") == "remove":
        return None
    base = path.rstrip("/").rsplit("/", 1)[-1]
    hit = _created(steps, base)
    if hit is None:
        return None
    index, step = hit
    return Check(
        task=f"You created `{base}` at step {index} (`{clip(step.args, 100, ellipsis=True)}`), yet `{path}` is not "
             "found. Check "
             f"where it really is before going on: pwd; ls -la; find / -name '{base}' -not -path '/proc/*' 2>/dev/null "
             "| head. Then use its absolute path (the working directory or the path differs from what you assumed).",
        evidence=f"step {index} created {base}",
    )


def _module_check(finding: Finding, steps: list[Step]) -> Check | None:
    module = finding.groups.get("module") or finding.groups.get("cmd") or ""
    if not module and finding.exception:
        match = re.search(r"No module named '?([\w.]{1,100})", finding.exception.message)
        module = match.group(1) if match else ""
    if not module:
        return None
    top = module.split(".", 1)[0]
    dist = pip_name(top).lower()
    install = re.compile(r"\b(?:pip3?|conda|uv pip|apt-get|apt|poetry add)\b[^\n]{0,80}\binstall\b[^\n]{0,200}?(?:"
                         + re.escape(dist) + "|" + re.escape(top.lower()) + r")\b")
    for index, step in _recent(steps):
        if install.search(step.args.lower()) and not step.error:
            return Check(
                task=f"You installed `{dist}` at step {index}, yet `{module}` is still missing. Check that the same "
                     "interpreter runs the code: which -a python python3 pip; python -c 'import sys; "
                     f"print(sys.executable)'; python -m pip show {dist}. Install with that interpreter (python -m pip "
                     f"install {dist}).",
                evidence=f"step {index} installed {dist}",
            )
    hit = _created(steps, top)
    if hit is not None:
        index, step = hit
        return Check(
            task=f"You created `{top}` at step {index}, yet it cannot be imported. Check it is importable from where "
                 f"Python runs: pwd; ls -la {shell_quote(top)}; ls {shell_quote(top + '/__init__.py')}; "
                 "python -c 'import sys; print(sys.path[:3])'.",
            evidence=f"step {index} created {top}",
        )
    return None


def _definition_pattern(name: str) -> str:
    return "def " + name + "\\|class " + name + "\\|" + name + " ="


def _name_check(finding: Finding, steps: list[Step]) -> Check | None:
    message = finding.exception.message if finding.exception else ""
    match = _UNDEFINED.search(message)
    if not match:
        return None
    name = next(x for x in match.groups() if x)
    if len(name) < 3:
        return None  # one-letter names are reused everywhere; a match would be a coincidence
    name_re = re.escape(name)
    if match.group(1):  # an attribute is defined as a method, a class, or assigned on an object
        defined = re.compile(rf"(?:def|class)[ \t]{{1,8}}{name_re}\b|\.\b{name_re}[ \t]{{0,4}}=[^=]")
    else:
        defined = re.compile(
            rf"(?:def|class)[ \t]{{1,8}}{name_re}\b|^[ \t]{{0,40}}{name_re}[ \t]{{0,4}}=[^=]", re.MULTILINE
        )
    for index, step in _recent(steps):
        # Only definitions written into files persist; a `python -c` one-off does not.
        if defined.search(step.args) and _FILE_EDIT.search(step.args) and not step.error:
            return Check(
                task=f"You defined `{name}` at step {index}, yet it does not exist at runtime. Check the edit reached "
                     f"the file that is actually imported: grep -rn {shell_quote(_definition_pattern(name))} . "
                     "--include=*.py; python -c 'import MODULE; print(MODULE.__file__)' (an installed copy or a stale "
                     "file may shadow it).",
                evidence=f"step {index} defined {name}",
            )
    return None


def _id_check(finding: Finding, ctx: ErrorContext, steps: list[Step]) -> Check | None:
    ids = [(k, v) for k, v in ctx.obs.call.params.items() if isinstance(v, str) and len(v) >= 4]
    for index, step in _recent(steps):
        if step.error:
            continue
        for key, value in ids:
            if value in step.result:
                return Check(
                    task=f"`{key}`={value!r} appeared in the result of step {index} ({step.tool or 'a lookup'}), yet "
                         "the tool says it does not exist. Look it up again with the read tool, compare it character "
                         "by character, and check it belongs to this user before retrying.",
                    evidence=f"step {index} returned {value}",
                )
    return None


def contradiction(finding: Finding, ctx: ErrorContext, steps: list[Step]) -> Check | None:
    """A check to run first when the error contradicts the agent's own recent steps, else None."""
    if not steps:
        return None
    if finding.category == "file_not_found":
        return _file_check(finding, steps)
    if finding.category == "missing_dependency":
        return _module_check(finding, steps)
    if finding.category == "undefined_name":
        return _name_check(finding, steps)
    if finding.category == "precondition_failed" and finding.rule == Rule.DOMAIN_NOT_FOUND:
        return _id_check(finding, ctx, steps)
    return None

"""Load and strictly render the prompt files in `prompts/`.

A prompt file holds a system part and a user part, each introduced by a marker line
(`=== system ===`, `=== user ===`); text before the first marker is a note for maintainers and is
never sent. Placeholders use `string.Template` syntax (`$name`, `${name}`, `$$` for a dollar), so
JSON braces in a prompt need no escaping. Rendering is strict in both directions: a placeholder
without a value and a value without a placeholder both raise, because either one means the prompt
and the code that fills it have drifted apart.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

_MARKER = re.compile(r"^=== (system|user) ===[ \t]*$", re.MULTILINE)
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


@dataclass(frozen=True)
class RenderedPrompt:
    system: str
    user: str


def prompts_dir() -> Traversable:
    """The installed copy (wheel: supervisor_mcp/_prompts) if present, else the repository's."""
    packaged = resources.files("supervisor_mcp") / "_prompts"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[1] / "prompts"


def _checked_name(name: str, kind: str) -> str:
    if not _NAME.match(name):
        raise ValueError(f"invalid {kind} name {name!r}: use lowercase letters, digits, '_' or '-'")
    return name


@cache
def _load(name: str) -> tuple[Template, Template]:
    entry = prompts_dir() / f"{_checked_name(name, 'prompt')}.md"
    if not entry.is_file():
        raise ValueError(f"no prompt named {name!r} (looked for {entry})")
    parts = _MARKER.split(entry.read_text(encoding="utf-8"))
    # split() yields [preamble, label, body, label, body, ...]
    sections = dict(zip(parts[1::2], parts[2::2], strict=True))
    if set(sections) != {"system", "user"} or len(parts) != 5:
        raise ValueError(f"prompt {name!r} needs exactly one '=== system ===' and one '=== user ===' section")
    return Template(sections["system"].strip("\n")), Template(sections["user"].strip("\n"))


def placeholders(name: str) -> set[str]:
    """Every variable the prompt `name` expects."""
    system, user = _load(name)
    for template in (system, user):
        if not template.is_valid():
            raise ValueError(f"prompt {name!r} has a stray '$' (write '$$' for a literal dollar)")
    return set(system.get_identifiers()) | set(user.get_identifiers())


def render(name: str, variables: Mapping[str, str]) -> RenderedPrompt:
    """Fill prompt `name`; raises KeyError for a missing variable, ValueError for an unknown one."""
    expected = placeholders(name)
    missing = sorted(expected - set(variables))
    if missing:
        raise KeyError(f"prompt {name!r} is missing variable(s): {', '.join(missing)}")
    unknown = sorted(set(variables) - expected)
    if unknown:
        raise ValueError(f"prompt {name!r} has no placeholder for variable(s): {', '.join(unknown)}")
    not_text = sorted(key for key, value in variables.items() if not isinstance(value, str))
    if not_text:
        raise ValueError(f"prompt {name!r}: variable(s) must be str: {', '.join(not_text)}")
    system, user = _load(name)
    return RenderedPrompt(system=system.substitute(variables), user=user.substitute(variables))


def host_names() -> list[str]:
    host_dir = prompts_dir() / "host"
    if not host_dir.is_dir():
        return []
    return sorted(entry.name[:-3] for entry in host_dir.iterdir() if entry.name.endswith(".md"))


def load_host_patch(host: str) -> str:
    """The system-prompt patch for `host` (prompts/host/<host>.md)."""
    valid = host_names()
    if host not in valid:
        listed = ", ".join(valid) or "(none installed)"
        raise ValueError(f"unknown host {host!r}; valid hosts: {listed}")
    return (prompts_dir() / "host" / f"{host}.md").read_text(encoding="utf-8")

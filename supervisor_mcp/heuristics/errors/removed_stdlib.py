"""A module the agent's code imports that Python's standard library no longer ships: which release removed
it, or which installed package still imports it, or a Linux distribution's split package for an older
Python that should have it."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext
from supervisor_mcp.heuristics.errors.library_frames import installed_in
from supervisor_mcp.heuristics.errors.packages import REMOVED_STDLIB

# The interpreter of the failing run: its own frames' lib/python3.N, else the action's python3.N.
_FRAME_VERSION = re.compile(r"[\\/]python(3)\.(\d{1,2})[\\/]|[\\/]Python(3)(\d{1,2})[\\/]", re.IGNORECASE)
_ACTION_VERSION = re.compile(r"\bpython(3)\.(\d{1,2})\b")


def _python_version(ctx: ErrorContext) -> tuple[int, int] | None:
    found = (next((m for frame in reversed(ctx.frames) if (m := _FRAME_VERSION.search(frame.path))), None)
             or _ACTION_VERSION.search(ctx.action))
    if found is None:
        return None
    major, minor = (int(g) for g in found.groups() if g is not None)
    return major, minor


def removed_from_stdlib(module: str, ctx: ErrorContext) -> tuple[str, str] | None:
    """(root_cause, fix) for a missing module Python removed from its standard library, else None."""
    top = module.split(".", 1)[0]
    removed = REMOVED_STDLIB.get(top)
    if removed is None:
        return None
    version, replacement = removed
    # (the innermost frame is the one that imports it)
    importer = installed_in(ctx.frames[-1].path, str(ctx.frames[-1].line)) if ctx.frames else None
    # (a Debian or Ubuntu system package, in dist-packages, that lacks it wants the distribution's python3-distutils)
    if top == "distutils" and module != top and importer is not None and "dist-packages" not in importer.path:
        return (f"The installed `{importer.package}` imports `{module}`, a part of distutils that setuptools' "
                "copy no longer has (setuptools 74 dropped it).",
                f"Upgrade {importer.package}, or pin setuptools<74 in this environment; do not edit the installed "
                "copy.")
    running = _python_version(ctx)
    if running is not None and running < tuple(int(p) for p in version.split(".")):
        return (f"`{module}` belongs to this Python's standard library, but this installation lacks it (Debian and "
                "Ubuntu ship some of it as separate packages).",
                f"Install the distribution's package (apt-get install python3-{top}) or use a complete Python "
                "build (pyenv, uv python install); a registry package of that name is not the same thing.")
    if importer is not None:
        return (f"The installed package `{importer.package}` imports `{module}`, which Python {version} removed from "
                "its standard library.",
                f"Upgrade {importer.package} to a release that no longer needs it (or replace it), or run with a "
                f"Python older than {version}; do not edit the installed copy.")
    return (f"`{module}` was part of Python's standard library until Python {version} removed it; this Python is "
            "newer than the code expects.",
            f"{replacement}, or run the code with a Python older than {version}; a registry package of that name "
            "is not the same thing.")

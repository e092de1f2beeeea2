"""Whether a failure was raised inside an installed package rather than in the agent's own code.

When every frame of a trace is inside installed code (node_modules, site-packages, a gem, a crate in
cargo's registry, a Go module cache, a vendored package, an installed tool under /usr/share), "fix
the code at that line" would send the agent to patch a library. The useful moves are elsewhere: what
the agent's own call passed in, and whether the installed version is the one the project expects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from supervisor_mcp.heuristics.errors.finding import Finding
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.code_paths import installed_package, is_runtime_path
from supervisor_mcp.heuristics.observation.frames import frame_of

# Frames frame_of does not know: PHP's `#0 x.php(86): f()`, Ruby's `from x.rb:12:in 'f'` and Node's ES-module
# frames (`at f (file:///srv/app/x.mjs:3:5)`), relative or absolute.
_PHP_FRAME = re.compile(r"^#\d{1,4} ([^\s(#][^(\n]{0,400}\.php)\((\d{1,7})\): ")
_RUBY_FRAME = re.compile(r"^\s{0,12}(?:from )?([^\s:][^:\n]{0,400}\.rb):(\d{1,7}):in ")
# Any other node frame (`at async f (C:\\app\\x.js:3:5)`, `at new Foo (/app/x.js:3:5)`): its location is the
# path in its parentheses; `(<anonymous>)` and `(node:...)` frames carry none and are the runtime's.
_JS_ANY_FRAME = re.compile(r"^\s+at [^\n]{0,300}\((?!file://)([^()\n]{1,400}):(\d{1,7}):\d{1,5}\)\s*$")
_URL_FRAME = re.compile(r"^\s+at (?:[^(\n]{1,200} \()?file://([^\s():]{1,400}|/[A-Za-z]:[^\s():]{1,400}):(\d{1,7}):\d{1,5}\)?\s*$")


@dataclass(frozen=True)
class LibraryOrigin:
    package: str
    path: str
    line: str
    scheme: str  # the group of _INSTALLED that matched: npm, py, gem, crate, go, vendor, share, julia, terraform


def trace_frames(text: str) -> list[tuple[str, str]]:
    """(path, line) of every stack frame of any runtime in `text`, in the order printed."""
    frames = []
    for line in text.splitlines()[:400]:
        found = frame_of(line)
        if found:
            frames.append((found[0], found[1]))
            continue
        m = (_PHP_FRAME.match(line) or _RUBY_FRAME.match(line) or _URL_FRAME.match(line)
             or _JS_ANY_FRAME.match(line))
        if m:
            frames.append((m.group(1), m.group(2)))
    return frames


def installed_in(path: str, line: str) -> LibraryOrigin | None:
    """The package an installed file belongs to, with the file's line, for advice that names both."""
    found = installed_package(path)
    return LibraryOrigin(found[1], path, line, found[0]) if found else None


def raised_in_library(text: str) -> LibraryOrigin | None:
    """The installed package the innermost frame is in, when no frame of the trace is the agent's own."""
    frames = trace_frames(text)
    # Python prints the innermost frame last; every other runtime prints it first.
    if 'File "' in text:
        frames.reverse()
    origin = None
    for path, line in frames:
        if is_runtime_path(path):
            continue
        here = installed_in(path, line)
        if here is None:
            return None  # a frame in the agent's own code: the ordinary advice applies
        origin = origin or here
    return origin


def in_library(finding: Finding, origin: LibraryOrigin) -> tuple[str, str]:
    """Root cause and fix for a failure raised inside an installed package."""
    name = f"{finding.exception.name}: " if finding.exception else ""
    return (f"{name}{clip(finding.message, 160, ellipsis=True)}, raised inside the installed package "
            f"`{origin.package}` ({origin.path}:{origin.line}); no frame of the trace is in your own code.",
            f"Do not patch the installed copy of {origin.package}. Check what your code handed it (arguments, "
            "config, the data it reads), then compare its installed version with the one the project expects "
            "(lockfile, requirements) and look up this message in its changelog or issues; upgrade or pin it if "
            "they differ.")

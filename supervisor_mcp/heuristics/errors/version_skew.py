"""Names, exports and compile errors that mean two versions disagree, not that the agent misspelled.

A released library that lacks a name the code uses, a JVM class linked against another build, an
export a package no longer has, or a compile error inside a package's installed source: in each the
code and the installed version were written for different releases. "Check the spelling" sends the
agent to edit correct code; the fix is to compare versions and pin or migrate.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.library_frames import LibraryOrigin, installed_in, trace_frames
from supervisor_mcp.heuristics.errors.packages import is_known_distribution, is_stdlib
from supervisor_mcp.heuristics.observation.code_paths import installed_package, is_runtime_path
from supervisor_mcp.heuristics.observation.frames import last_python_frame
from supervisor_mcp.heuristics.observation.shell import shell_quote

# Python's "has no attribute": on an object, a module, a class or a mock (fixes.py reads every form)
ATTRIBUTE = re.compile(
    r"(?:'(?P<type>[\w.]{1,100})' object|module '(?P<module>[\w.]{1,100})'|type object '(?P<cls>[\w.]{1,100})'"
    r"|(?P<mock>Mock) object) has no attribute '(?P<attr>\w{1,100})'"
)
IMPORT_NAME = re.compile(
    r"cannot import name '(?P<name>\w{1,100})' from '(?P<module>[\w.]{1,100})'"
    r"(?: \((?!consider renaming)(?P<path>[^)\n]{1,300})\))?"
)
# The JVM's errors for a class compiled against one version of a library and run with another.
_LINKAGE = frozenset({"NoSuchMethodError", "NoSuchFieldError", "AbstractMethodError", "IncompatibleClassChangeError"})
# A package (a bare specifier, not ./file) that lacks the export the code imports: ESM, webpack, rollup, tsc.
_MISSING_EXPORT = re.compile(
    r"requested module '(?P<esm>[^'\n./][^'\n]{0,120})' does not provide an export named '(?P<n1>[^'\n]{1,100})'"
    r"|export '(?P<n2>[^'\n]{1,100})'(?: \(imported as '[^'\n]{1,100}'\))? was not found in '(?P<wp>[^'\n./]"
    r"[^'\n]{0,120})'"
    r"|'(?P<n3>[^'\n]{1,100})' is not exported by (?P<rollup>(?:node_modules/)[^\s,\n]{1,160})"
    r"|Module '\"(?P<ts>[^\"\n./][^\"\n]{0,120})\"' has no exported member '(?P<n4>[^'\n]{1,100})'"
)
# Where a compiler or parser puts the error: rustc's `-->`, gcc/javac's `path:line:col: error`, tsc's
# `path(line,col): error` (node's header and Python's File "..." are read apart: they sit above the error).
_LOCATION = re.compile(
    r"^\s{0,12}--> (?P<rust>[^\s:][^\n]{0,400}?):(?P<l1>\d{1,7}):\d{1,5}\s*$"
    # (lake repeats its compiler's line behind its own "error: ")
    r"|^(?:error: )?(?P<cc>[^\s:(][^\n:(]{0,400}):(?P<l2>\d{1,7}):(?:\d{1,5}:)? (?:fatal )?error\b"
    r"|^(?P<tsc>[^\s:(][^\n(]{0,400})\((?P<l3>\d{1,7}),\d{1,5}\): error TS\d{1,5}"
    # Terraform's `on PATH line N`, Ruby's `path.rb:N: syntax error`, Julia's `while loading PATH, in expression
    # starting on line N`, gc's `path.go:L:C: message` (it prints no "error") inside the module cache
    r"|^[│ \t]{0,8}on (?P<tf>[^\s,]{1,400}) line (?P<l6>\d{1,7})"
    r"|^(?P<rb>[^\s:]{1,400}\.rb):(?P<l7>\d{1,7}): syntax error"
    r"|while loading (?P<jl>[^\s,]{1,400}\.jl), in expression starting on line (?P<l8>\d{1,7})"
    r"|^(?P<gomod>[^\s:]{0,400}[\\/]pkg[\\/]mod[\\/][^\s:]{1,400}\.go):(?P<l9>\d{1,7}):\d{1,5}: ",
    re.MULTILINE,
)
# Node's `path:line` over the source line it could not parse, printed above the SyntaxError.
_NODE_HEADER = re.compile(r"^(/[^\n:]{1,400}\.[cm]?[jt]sx?|[A-Za-z]:\\[^\n:]{1,400}\.[cm]?[jt]sx?):(\d{1,7})\s*$",
                          re.MULTILINE)
# The next diagnostic of a compiler's list: the window ends there (a later error's location is not this one's).
_NEXT_DIAGNOSTIC = re.compile(
    r"^(?:[^\s(:][^\n(:]{0,300}(?:\(\d{1,7},\d{1,5}\)|:\d{1,7}:\d{1,5}):? (?:fatal )?error\b|error(?:\[E\d{1,5}\])?: |"
    r"[│ \t]{0,8}Error: )", re.MULTILINE)
# A block a tool prints as a warning (Terraform's `│ Warning:`): its location is not the failure's.
_WARNING_BLOCK = re.compile(r"^[│ \t]{0,8}Warning:", re.MULTILINE)
# An npm package name (a scope and a name, lowercase): not a path alias such as `@/lib`, `~/x` or `#lib/db`.
_NPM_NAME = re.compile(r"(?:@[a-z0-9][\w.-]{0,80}/)?[a-z0-9][\w.-]{0,120}(?:/[\w.-]{1,80}){0,4}")
# Standard-library submodules that their package does not import: `logging.handlers` needs its own import.
_SUBMODULES = frozenset({
    "logging.handlers", "logging.config", "importlib.util", "importlib.metadata", "importlib.resources",
    "importlib.machinery", "xml.etree", "xml.dom", "xml.sax", "concurrent.futures", "email.mime", "email.utils",
    "urllib.request", "urllib.parse", "urllib.error", "http.client", "http.server", "http.cookies",
    "multiprocessing.pool", "unittest.mock", "ctypes.util", "os.path", "json.decoder", "dbm.gnu", "curses.ascii",
    "tkinter.messagebox", "tkinter.ttk", "tkinter.filedialog", "tkinter.simpledialog", "tkinter.font",
    # and released packages' submodules that `import package` does not load
    "PIL.Image", "PIL.ImageDraw", "PIL.ImageFont", "matplotlib.pyplot", "scipy.stats", "scipy.optimize",
    "scipy.signal", "scipy.io", "scipy.sparse", "sklearn.metrics", "sklearn.model_selection",
})
# First folders of the project's own import paths (a baseUrl or resolve.modules), not npm packages.
_PROJECT_FOLDERS = frozenset({"src", "app", "components", "lib", "utils", "pages", "hooks", "services", "store",
                              "styles", "types", "config", "api", "features", "shared", "common", "assets"})
_PARSE_ERRORS = frozenset({"SyntaxError", "IndentationError", "TabError"})
_TOOLCHAIN = {"npm": "node --version, and tsc -v for a type error", "py": "python --version", "gem": "ruby --version",
              "crate": "rustc --version", "go": "go version", "julia": "julia --version",
              "terraform": "terraform version", "lake": "the lean-toolchain file and lean --version",
              "swiftpm": "swift --version", "dart": "dart --version",
              "nuget": "dotnet --version"}


def version_skew(finding: Finding, ctx: ErrorContext) -> tuple[str, str] | None:
    """Root cause and fix when the error shows code and an installed version that disagree, else None."""
    body = ctx.envelope.body
    window, before = _finding_window(body, finding)
    where = _compile_location(window, before, finding)
    if where is not None:
        return _in_installed_source(where)
    if finding.category != "undefined_name":
        return None
    msg = finding.message
    if "consider renaming" in msg:
        return None  # Python 3.13 names the local file that shadows the module: the ordinary advice reads it
    attr = ATTRIBUTE.search(msg)
    if attr and attr.group("module") and "partially initialized" not in msg:
        return _python_name(attr.group("module"), attr.group("attr"), None, trace_frames(body))
    imp = IMPORT_NAME.search(msg)
    if imp:
        return _python_name(imp.group("module"), imp.group("name"), imp.group("path"), trace_frames(body))
    if finding.exception is not None and finding.exception.name in _LINKAGE:
        return (f"{finding.exception.name}: {finding.message}. The class was compiled against another version "
                "of a library (or of the platform) than the one on the classpath at run time.",
                "Do not rename anything in the code. Find which jars provide that class (mvn dependency:tree, "
                "gradle dependencies), align them on one version, and rebuild; for a plugin, install the build "
                "made for this server or platform version.")
    export = _MISSING_EXPORT.search(window)
    if export:
        package = next(v for k, v in export.groupdict().items() if v and not k.startswith("n"))
        name = next(v for k, v in export.groupdict().items() if v and k.startswith("n"))
        package = package.removeprefix("node_modules/")
        if (not _NPM_NAME.fullmatch(package) or package.split("/")[0] in _PROJECT_FOLDERS
                or "Did you mean to use 'import" in window):
            return None  # a path alias of the project's own, or a default export imported by name
        # (npm ls takes the package, not a subpath: date-fns/locale is date-fns)
        package = "/".join(package.split("/")[: 2 if package.startswith("@") else 1])
        return (f"The installed `{package}` has no export `{name}`: the code was written for another release of "
                "it (the export was renamed, removed, or not added yet).",
                f"Check the installed version (npm ls {shell_quote(package)}) against the one the code was written "
                "for; then use the export that release has (its changelog or type definitions name it) or install "
                "the release the code expects.")
    return None


def _python_name(module: str, name: str, path: str | None, frames: list[tuple[str, str]]) -> tuple[str, str] | None:
    top = module.split(".", 1)[0]
    # A checkout of the package itself (a repository the agent works on, /testbed/django/..., or pytest's
    # relative astropy/units/...) is the agent's code, whatever the package's name: the path or the frames say.
    installed = path is not None and installed_package(path) is not None
    in_stdlib = path is not None and not installed and is_runtime_path(path)
    if path is not None and not (installed or in_stdlib):
        return None
    if path is None and any(f"/{top}/" in "/" + where.replace("\\", "/") and installed_package(where) is None
                            for where, _ in frames):
        return None
    if f"{module}.{name}" in _SUBMODULES:
        return (f"`{module}.{name}` is a submodule that `import {module}` does not load.",
                f"Import it: import {module}.{name} (or from {module} import {name}), then use it as before.")
    if is_stdlib(module) and not installed:
        return (f"The standard library's `{module}` has no `{name}` in this Python: it was moved or removed "
                "between Python versions, or it exists only on another platform (os.getuid and os.fork are "
                "POSIX-only).",
                f"Check python --version and the platform against what the code was written for; use the current "
                f"location of `{name}` (its documentation says where it moved), a platform check, or that Python.")
    if path is None and not is_known_distribution(module):
        return None
    version = shell_quote(f"import importlib.metadata as m; print(m.version({top!r}))")
    return (f"The installed `{module}` has no `{name}`: the code was written for another release of it (the "
            "name was renamed, removed, or not added yet).",
            f"Check the installed version (python -c {version}) against the one the code was written for; then "
            f"use the name that release has (its changelog says what replaced `{name}`), or pin the release the "
            "code expects.")


def _finding_window(body: str, finding: Finding) -> tuple[str, str]:
    """The output from the finding's own line to the next diagnostic (a location or export printed there or
    just after it), a warning block cut off, and the few lines above it (where node puts its location)."""
    line = finding.evidence[0].strip() if finding.evidence else ""
    start = body.find(line[:80]) if line else -1
    if start < 0:
        return body, ""
    begin = body.rfind("\n", 0, start) + 1
    window = body[begin:][:3000]
    first_end = window.find("\n") + 1 or len(window)
    ends = [m.start() for m in (_WARNING_BLOCK.search(window, first_end), _NEXT_DIAGNOSTIC.search(window, first_end))
            if m is not None]
    return window[: min(ends)] if ends else window, body[max(0, begin - 600): begin]


def _compile_location(body: str, before: str, finding: Finding) -> LibraryOrigin | None:
    if finding.exception is not None and finding.exception.name in _PARSE_ERRORS:
        # Python names the file it could not parse in the last frame; earlier frames are the importers.
        frame = last_python_frame(body)
        if frame is not None:
            return installed_in(frame.group(1), frame.group(2))
    if finding.category == "syntax_error" and "SyntaxError" in (finding.evidence[0] if finding.evidence else ""):
        # (node's `path:line` header heads every uncaught error; only over a SyntaxError is it a file that does
        # not parse: a ReferenceError there is the code running, which the frames judge)
        header = list(_NODE_HEADER.finditer(before))
        if header:
            return installed_in(header[-1].group(1), header[-1].group(2))
    match = _LOCATION.search(body)
    if match is None:
        # (a finding read from a block's last line, Terraform's "An argument named ...": its location is
        # above it, within the same error block)
        header = list(re.finditer(r"^[│ \t]{0,8}Error: ", before, re.MULTILINE))
        match = _LOCATION.search(before, header[-1].start()) if header else None
    if match is None:
        return None
    path = next(v for k, v in match.groupdict().items() if v and not k.startswith("l"))
    line = next(v for k, v in match.groupdict().items() if v and k.startswith("l"))
    return installed_in(path, line)


def _in_installed_source(where: LibraryOrigin) -> tuple[str, str]:
    return (f"The error is in the installed source of `{where.package}` ({where.path}:{where.line}), not in your "
            f"code: this release of {where.package} does not build with the toolchain or the other dependency "
            "versions here.",
            f"Do not edit the installed copy. Compare the toolchain's version "
            f"({_TOOLCHAIN.get(where.scheme, 'the compiler or interpreter with --version')}) and the versions of "
            f"what {where.package} depends on with what it requires (its changelog, minimum supported version, "
            f"engines); then pin a release of {where.package} that supports them, or upgrade the toolchain.")

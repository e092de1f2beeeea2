"""Stack traces: exception lines and frames, in the shapes runtimes print them.

Python (`File "x.py", line 3, in f`, pytest's `x.py:3: in f`), JavaScript (`    at f (x.js:3:5)`),
Java (`\tat pkg.Cls.m(Cls.java:3)`), Go (`\t/path/x.go:3 +0x1d`) and Rust (`   at src/main.rs:3:5`).
Exception lines are `pkg.SomeError: message`, also behind pytest's `E   ` or `INTERNALERROR> `, the JVM's
`Exception in thread "main" ` and `Caused by: `, and .NET's `Unhandled exception. ` and ` ---> `.
All patterns are line-anchored with bounded quantifiers so a 4 MB output is scanned in linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from supervisor_mcp.heuristics.observation.code_paths import installed_package, is_runtime_path

# The type must end in a conventional suffix so prose like "Error: x" is left out.
_EXC_LINE = re.compile(
    # prefixes: pytest's E, Python's exception-group bar, the JVM's, .NET's and PHP's uncaught lines, and a
    # wrapper's words for "error" in another script ("代码执行出错：NameError: ..."; not "问：" in a FAQ)
    r"^[ \t]{0,8}(?:E[ \t]{1,12}|INTERNALERROR>[ \t]{0,12}|\|[ \t]{1,4}|"
    r"[^\x00-\x7f\n]{0,30}(?:错误|出错|异常|失败|錯誤|異常|失敗|エラー|例外|오류|에러)"
    r"[^\x00-\x7f\n]{0,10}[：:][ \t]{0,2}|"
    r"Exception in thread \"[^\"\n]{1,100}\" |Caused by: |"
    r"Unhandled [Ee]xception[.:] |---> |(?:PHP )?Fatal error:[ \t]{1,4}Uncaught |"
    # Julia's REPL and scripts: `ERROR: LoadError: UndefVarError: ...`
    r"ERROR:[ \t](?:LoadError:[ \t]){0,3}(?!LoadError:))?"
    # (a JVM inner class is printed Outer$Inner)
    r"((?:[A-Za-z_][A-Za-z0-9_$]{0,60}(?:\.|::)){0,8}[A-Z][A-Za-z0-9_$]{0,60}?"
    r"(?:Error|Exception|Warning|Exit|Interrupt|Failure|Configured|DoesNotExist|Timeout|NotFound|"
    r"Expired|Denied|Refused|Invalid|Iteration)|"
    # any class of a package's exceptions module (django...exceptions.InconsistentMigrationHistory)
    r"(?:[A-Za-z_][A-Za-z0-9_]{0,60}\.){1,8}(?:exceptions|errors|exc)\.[A-Z][A-Za-z0-9_]{0,60})"
    r"(?:(?::[ \t]?)([^\n]{0,2000})[^\n]*)?$",
    re.MULTILINE,
)
# Ruby's uncaught exception: `app.rb:44:in 'average': divided by 0 (ZeroDivisionError)`.
_RUBY_EXC = re.compile(
    r"^[^\s:][^\n:]{0,300}:\d{1,7}:in [`'][^'\n]{0,200}': ([^\n]{0,2000}?) "
    r"\(([A-Z]\w{0,60}(?:::[A-Z]\w{0,60}){0,5})\)$",
    re.MULTILINE,
)
# Elixir's uncaught exception: `** (UndefinedFunctionError) function Foo.bar/0 is undefined`.
# (`** (Mix) ...` is a task's message, not an exception: only Error and Exception types are read)
_ELIXIR_EXC = re.compile(r"^[ \t]{0,8}\*\* \(([A-Z][\w.]{0,120}(?:Error|Exception))\) ([^\n]{0,2000})$", re.MULTILINE)
_DETAIL_MESSAGE = re.compile(r"(?:[ \t]{1,8}\w{1,20}=[^\n]{0,200}\n){0,3}[ \t]{1,8}Message=([^\n]{1,2000})")
_TRACEBACK = re.compile(r"^Traceback \(most recent call last\):[ \t]*$", re.MULTILINE)
_BARE_EXC = re.compile(
    r"((?:[A-Za-z_][A-Za-z0-9_]{0,60}\.){0,8}[A-Za-z_][A-Za-z0-9_]{0,60})"
    r"(?::[ \t]?([^\n]{0,2000}))?[^\n]*$",
    re.MULTILINE,
)
_PY_FRAMES = re.compile(
    r'^(?:INTERNALERROR>)?[ \t]{0,8}File "([^"\n]{1,500})", line (\d{1,7})(?:, in ([^\n]{1,200}))?$', re.MULTILINE
)
_PYTEST_LOCS = re.compile(r"^([\w./-]{1,300}\.py):(\d{1,7}):(?: (\w{1,80}))?[ \t]*$", re.MULTILINE)
# Beyond what code_paths classifies: importlib's machinery and any system-wide /usr/lib install.
_SYSTEM_PATH = re.compile(r"\bimportlib\b|/usr/lib/")
# One line opening a frame, for walking a trace line by line.
_PY_FRAME = re.compile(r'^(\s*)File "([^"]+)", line (\d+)(?:, in (\S+))?')
_JS_FRAME = re.compile(r"^\s+at (?:(\S+) \()?([^():]+):(\d+)(?::\d+)?\)?\s*$")
_JAVA_FRAME = re.compile(r"^\s+at ([\w$.<>]+)\(([\w$.-]+):(\d+)\)\s*$")
_GO_FRAME = re.compile(r"^\t(/[^\s:]+\.go):(\d+)(?: \+0x[0-9a-f]+)?\s*$")
_RUST_FRAME = re.compile(r"^\s+at (\S+\.rs):(\d+):\d+\s*$")
_PYTEST_FRAME = re.compile(r"^(\S+\.py):(\d+): in (\S+)\s*$")
# A frame-like line anywhere (the loose test purification uses to rank log lines).
_FRAMEISH = re.compile(r'^\s*(?:File "[^"]+", line \d+|at \S+ \(\S+:\d+|\S+\.py:\d+: in )')
# Indented: reStructuredText underlines (`^^^^` at column 0) are structure, not decoration.
_CARETS = re.compile(r"^\s{2,}[\^~]*\^[\^~]*\s*$")


@dataclass(frozen=True)
class ExceptionLine:
    type: str  # as printed, possibly dotted (django.db.utils.OperationalError)
    message: str
    line: str  # the verbatim line
    start: int  # offset in the scanned text, for ordering

    @property
    def name(self) -> str:
        name = self.type.rsplit(".", 1)[-1]
        # Ruby's `Bundler::GemNotFound` and the JVM's `Pool$ClosedException` are read by their class;
        # `Errno::ENOENT` names the errno it wraps.
        return name if name.startswith("Errno::") else name.rsplit("::", 1)[-1].rsplit("$", 1)[-1]


@dataclass(frozen=True)
class Frame:
    path: str
    line: int
    func: str
    code: str
    start: int

    @property
    def own(self) -> bool:
        """True for the agent's own code (its scripts, the repository it works in), not libraries."""
        path = self.path
        return not (installed_package(path) or is_runtime_path(path) or _SYSTEM_PATH.search(path))


def find_exceptions(text: str) -> list[ExceptionLine]:
    found = []
    for match in _EXC_LINE.finditer(text):
        line = match.group(0).strip()
        message = (match.group(2) or "").strip()
        if not message:
            # Visual Studio's exception details print the message on its own `Message=` line below the type
            detail = _DETAIL_MESSAGE.match(text, match.end() + 1)
            message = detail.group(1).strip() if detail else ""
        found.append(ExceptionLine(match.group(1), message, line, match.start()))
    known = {e.start for e in found}
    for match in _RUBY_EXC.finditer(text):
        if match.start() not in known:
            found.append(ExceptionLine(match.group(2), match.group(1).strip(), match.group(0).strip(), match.start()))
    for match in _ELIXIR_EXC.finditer(text):
        if match.group(1).endswith(".Error"):
            continue  # a library's catch-all (Postgrex.Error): its message's words say more than the name
        found.append(ExceptionLine(match.group(1), match.group(2).strip(), match.group(0).strip(), match.start()))
    known = {e.start for e in found}
    starts = [header.end() for header in _TRACEBACK.finditer(text)]
    headerless = not starts and _PY_FRAMES.match(text.lstrip("\n")) is not None
    if headerless:
        starts = [0]  # a traceback pasted without its header line: the frames come first
    for start in starts:
        # Exception types without a conventional suffix (EmptyResultSet, AppRegistryNotReady) are
        # recognised by position: the first unindented line after the traceback's frames.
        end = _traceback_end(text, start)
        if end is None or end in known:
            continue
        bare = _BARE_EXC.match(text, end)
        # (without the header, only a `Name:` line is an exception: print_stack's frames may precede plain output)
        if bare and (bare.group(1)[:1].isupper() or "." in bare.group(1)) and (
                not headerless or bare.group(2) is not None):
            found.append(ExceptionLine(bare.group(1), (bare.group(2) or "").strip(), bare.group(0).strip(), end))
    found.sort(key=lambda e: e.start)
    return found


def _traceback_end(text: str, pos: int) -> int | None:
    for _ in range(400):
        nxt = text.find("\n", pos)
        if nxt == -1:
            return None
        pos = nxt + 1
        if pos < len(text) and text[pos] not in " \t\n":
            return pos
    return None


def find_frames(text: str) -> list[Frame]:
    """Python and pytest frames of a whole text, each with the source line printed under it."""
    frames = []
    for match in _PY_FRAMES.finditer(text):
        end = match.end()
        nxt = text.find("\n", end + 1)
        code = text[end + 1 : nxt if nxt != -1 else len(text)].strip()
        if code.startswith(("File ", "Traceback", "During handling", "The above")):
            code = ""
        func = (match.group(3) or "").strip()
        frames.append(Frame(match.group(1), int(match.group(2)), func, code[:200], match.start()))
    for match in _PYTEST_LOCS.finditer(text):
        frames.append(Frame(match.group(1), int(match.group(2)), match.group(3) or "", "", match.start()))
    frames.sort(key=lambda f: f.start)
    return frames


def last_python_frame(text: str) -> re.Match[str] | None:
    """The last `File "...", line N` line of `text` (where a SyntaxError points)."""
    match = None
    for match in _PY_FRAMES.finditer(text):  # noqa: B007 - the last one is wanted
        pass
    return match


def innermost_own_frame(frames: list[Frame], before: int | None = None) -> Frame | None:
    """The deepest frame in the agent's own code, optionally only frames above offset `before`."""
    for frame in reversed(frames):
        if before is not None and frame.start > before:
            continue
        if frame.own and not frame.path.startswith("<"):
            return frame
    return None


def frame_of(line: str) -> tuple[str, str, str] | None:
    """(file, line, function) when `line` opens a stack frame of any runtime."""
    m = _PY_FRAME.match(line)
    if m:
        return m.group(2), m.group(3), m.group(4) or ""
    m = _JS_FRAME.match(line)
    if m:
        return m.group(2), m.group(3), m.group(1) or ""
    m = _PYTEST_FRAME.match(line)
    if m:
        return m.group(1), m.group(2), m.group(3)
    m = _JAVA_FRAME.match(line)
    if m:
        return m.group(2), m.group(3), m.group(1)
    m = _GO_FRAME.match(line) or _RUST_FRAME.match(line)
    if m:
        return m.group(1), m.group(2), ""
    return None


def is_pytest_frame(line: str) -> bool:
    """pytest's `x.py:3: in f` frame: its source listing follows unindented, up to the next frame."""
    return bool(_PYTEST_FRAME.match(line))


def looks_like_frame(line: str) -> bool:
    return bool(_FRAMEISH.match(line))


def may_hold_frames(lines: list[str]) -> bool:
    """A cheap pre-check: no line of `lines` can open a frame (the common case)."""
    return any(('File "' in line or " at " in line or ": in " in line or ".go:" in line or "\tat " in line)
               for line in lines)


def is_caret_line(line: str) -> bool:
    """Python 3.11's `^^^^` underline of the line above: decoration."""
    return bool(_CARETS.match(line))

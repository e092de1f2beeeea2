"""Read the structure out of raw error text: exit code, output body, Python exceptions and frames.

Hosts wrap command output differently (mini-swe-agent's `<returncode>`/`<output>` tags, "Exit code: 1"
lines, plain stderr); everything downstream works on the unwrapped body. All patterns are
line-anchored with bounded quantifiers so a 4 MB observation is scanned in linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Past this size only the head and the tail are read: the decisive lines of an error (the command's
# first complaint, the final exception, the test summary) sit at the ends of a long output.
_SCAN_HEAD = 64_000
_SCAN_TAIL = 192_000

_RETURNCODE = re.compile(
    r"<returncode>\s*(-?\d{1,4})\s*</returncode>"
    r"|^[ \t\[(]{0,4}(?:exit(?:ed)?(?: with)?[ _](?:code|status)|return ?code|exit_code)\b"
    r"[ \t]{0,3}[:=]?[ \t]{0,3}(-?\d{1,4})",
    re.IGNORECASE | re.MULTILINE,
)
_TAG = re.compile(r"</?(?:returncode|output|output_head|output_tail|elided_chars|warning|stderr|stdout)>")
_TRUNCATION = re.compile(
    r"output of your last command was too long|output (?:was |has been )?truncated|"
    r"<elided_chars>|\[\.\.\. ?\d+ (?:characters|chars|lines) (?:omitted|truncated|elided)",
    re.IGNORECASE,
)
_ANSI = re.compile(r"\x1b\[[0-9;]{0,20}[A-Za-z]")
_WARNING_BLOCK = re.compile(r"<warning>.{0,2000}?</warning>", re.DOTALL)

# A Python exception line: `pkg.mod.SomeError: message`, optionally behind pytest's `E   ` or
# `INTERNALERROR> `. The type must end in a conventional suffix so prose like "Error: x" is left out.
_EXC_LINE = re.compile(
    r"^[ \t]{0,8}(?:E[ \t]{1,12}|INTERNALERROR>[ \t]{0,12})?"
    r"((?:[A-Za-z_][A-Za-z0-9_]{0,60}\.){0,8}[A-Z][A-Za-z0-9_]{0,60}?"
    r"(?:Error|Exception|Warning|Exit|Interrupt|Failure|Configured|DoesNotExist|Timeout|NotFound|"
    r"Expired|Denied|Refused|Invalid|Iteration))"
    r"(?:(?::[ \t]?)([^\n]{0,2000})[^\n]*)?$",
    re.MULTILINE,
)
_TRACEBACK = re.compile(r"^Traceback \(most recent call last\):[ \t]*$", re.MULTILINE)
_BARE_EXC = re.compile(
    r"((?:[A-Za-z_][A-Za-z0-9_]{0,60}\.){0,8}[A-Za-z_][A-Za-z0-9_]{0,60})"
    r"(?::[ \t]?([^\n]{0,2000}))?[^\n]*$",
    re.MULTILINE,
)
_FRAME = re.compile(
    r'^(?:INTERNALERROR>)?[ \t]{0,8}File "([^"\n]{1,500})", line (\d{1,7})(?:, in ([^\n]{1,200}))?$', re.MULTILINE
)
_PYTEST_LOC = re.compile(r"^([\w./-]{1,300}\.py):(\d{1,7}):(?: (\w{1,80}))?[ \t]*$", re.MULTILINE)
_LIBRARY_PATH = re.compile(r"site-packages|dist-packages|/lib/python\d|<frozen |\bimportlib\b|/usr/lib/")


@dataclass(frozen=True)
class Envelope:
    """The error text with the host's wrapping taken off."""

    body: str
    returncode: int | None
    truncated: bool  # the host warned that the output was too long, or cut it
    code_text: str = ""  # the exit code as written in the error, e.g. "<returncode>1</returncode>"
    cut_text: str = ""  # the host's words about cutting the output, verbatim


@dataclass(frozen=True)
class ExceptionLine:
    type: str  # as printed, possibly dotted (django.db.utils.OperationalError)
    message: str
    line: str  # the verbatim line
    start: int  # offset in the scanned text, for ordering

    @property
    def name(self) -> str:
        return self.type.rsplit(".", 1)[-1]


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
        return not _LIBRARY_PATH.search(self.path)


def scan_window(text: str) -> str:
    if len(text) <= _SCAN_HEAD + _SCAN_TAIL:
        return text
    return text[:_SCAN_HEAD] + "\n" + text[-_SCAN_TAIL:]


def parse_envelope(error: str) -> Envelope:
    text = scan_window(error)
    code = None
    match = _RETURNCODE.search(text[:400]) or _RETURNCODE.search(text[-400:])
    if match:
        code = int(match.group(1) or match.group(2))
    cut = _TRUNCATION.search(text[:3000]) or _TRUNCATION.search(text[-3000:])
    body = text.replace(match.group(0), "", 1) if match and match.group(1) else text
    body = _WARNING_BLOCK.sub("", body) if "<warning>" in body else body
    body = _TAG.sub("", body)
    if "\x1b[" in body:
        body = _ANSI.sub("", body)
    code_text = clip(match.group(0)) if match else ""
    cut_text = ""
    if cut is not None:
        cut_text = clip(line_at(cut.string, cut.start()))
    return Envelope(body.strip("\n"), code, cut is not None, code_text, cut_text)


def find_exceptions(text: str) -> list[ExceptionLine]:
    found = []
    for match in _EXC_LINE.finditer(text):
        line = match.group(0).strip()
        found.append(ExceptionLine(match.group(1), (match.group(2) or "").strip(), line, match.start()))
    known = {e.start for e in found}
    for header in _TRACEBACK.finditer(text):
        # Exception types without a conventional suffix (EmptyResultSet, AppRegistryNotReady) are
        # recognised by position: the first unindented line after the traceback's frames.
        end = _traceback_end(text, header.end())
        if end is None or end in known:
            continue
        bare = _BARE_EXC.match(text, end)
        if bare and (bare.group(1)[:1].isupper() or "." in bare.group(1)):
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
    frames = []
    for match in _FRAME.finditer(text):
        end = match.end()
        nxt = text.find("\n", end + 1)
        code = text[end + 1 : nxt if nxt != -1 else len(text)].strip()
        if code.startswith(("File ", "Traceback", "During handling", "The above")):
            code = ""
        func = (match.group(3) or "").strip()
        frames.append(Frame(match.group(1), int(match.group(2)), func, code[:200], match.start()))
    for match in _PYTEST_LOC.finditer(text):
        frames.append(Frame(match.group(1), int(match.group(2)), match.group(3) or "", "", match.start()))
    frames.sort(key=lambda f: f.start)
    return frames


def innermost_own_frame(frames: list[Frame], before: int | None = None) -> Frame | None:
    """The deepest frame in the agent's own code, optionally only frames above offset `before`."""
    for frame in reversed(frames):
        if before is not None and frame.start > before:
            continue
        if frame.own and not frame.path.startswith("<"):
            return frame
    return None


def short(line: str, limit: int = 220) -> str:
    line = line.strip()
    return line if len(line) <= limit else line[: limit - 3] + "..."


def clip(line: str, limit: int = 240) -> str:
    """A line cut to a length without adding anything, so it stays a verbatim piece of the input."""
    return line.strip()[:limit].rstrip()


def line_at(text: str, offset: int) -> str:
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return text[start : end if end != -1 else len(text)]


def condense(envelope: Envelope, exceptions: list[ExceptionLine], frames: list[Frame], key_lines: list[str],
             original_chars: int, before: int | None = None) -> str:
    """A short replacement for a long error output: what failed, where in the agent's code, and why."""
    parts = [f"[Supervisor: condensed from {original_chars} chars of error output]"]
    if envelope.returncode is not None:
        parts.append(f"exit code: {envelope.returncode}")
    seen: set[str] = set()

    def add(text: str) -> None:
        text = short(text, 300)
        if text and text not in seen:
            seen.add(text)
            parts.append(text)

    if before is not None:
        frames = [f for f in frames if f.start < before]
    own = [f for f in frames if f.own and not f.path.startswith("<")][-3:]
    if own:
        parts.append("innermost frames in your code:")
        for frame in own:
            add(f"  {frame.path}:{frame.line} in {frame.func}" + (f": {frame.code}" if frame.code else ""))
    if frames and frames[-1] not in own:
        last = frames[-1]
        add(f"raised at {last.path}:{last.line} in {last.func}" + (f": {last.code}" if last.code else ""))
    real = [e for e in exceptions if not e.name.endswith("Warning")] or exceptions
    for exc in real[-3:]:
        add(exc.line)
    for line in key_lines[:8]:
        add(line)
    if envelope.truncated:
        parts.append("(the host already cut this output for length)")
    return "\n".join(parts)

"""Host markup around a command's output: the only module that knows how hosts wrap results.

mini-swe-agent writes `<returncode>N</returncode>`, then `<output>...</output>`, or for long outputs
a `<warning>` ("The output of your last command was too long...") and `<output_head>`,
`<elided_chars>N characters elided</elided_chars>`, `<output_tail>`. Other hosts write "Exit code: 1"
lines, `[... N lines truncated]` notes, "<response clipped>" (SWE-agent), or ANSI colours. SWE-agent's
file viewer opens with `[File: path (N lines total)]`. Everything downstream reads the unwrapped
body and these facts, never the markup. Patterns are bounded, so 4 MB is read in linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from supervisor_mcp.heuristics.observation.clip import clip, head_tail

# Past this size only the head and the tail are read: the decisive lines of an error (the command's
# first complaint, the final exception, the test summary) sit at the ends of a long output.
SCAN_HEAD = 64_000
SCAN_TAIL = 192_000

_RETURNCODE = re.compile(
    r"<returncode>\s*(-?\d{1,4})\s*</returncode>"
    r"|^[ \t\[(]{0,4}(?:command terminated with )?(?:exit(?:ed)?(?: with)?[ _](?:code|status)|return ?code|exit_code)\b"
    r"[ \t]{0,3}[:=]?[ \t]{0,3}(-?\d{1,4})",
    re.IGNORECASE | re.MULTILINE,
)
# The tags hosts wrap a command's result in (mini-swe-agent's, SWE-agent's): one list for every reader below.
_BLOCK_TAGS = "output|output_head|output_tail|elided_chars|warning"
_HOST_TAGS = f"returncode|{_BLOCK_TAGS}|stderr|stdout"
_TAG = re.compile(rf"</?(?:{_HOST_TAGS})>")
# The same tags with the return code's value: what a loop detector masks before comparing outputs.
_MARKUP = re.compile(rf"<returncode>\s*-?\d+\s*</returncode>|</?(?:{_BLOCK_TAGS})>")
# A line that is nothing but markup (plus what follows it on the line): kept verbatim by purification.
_MARKUP_LINE = re.compile(rf"^\s*(?:</?(?:{_HOST_TAGS}|exit_code|error|exception)\b[^>]*>\s*)+.*$")
_OUTPUT_OPEN = re.compile(r"<(?:output|output_head|stdout)>\s*$")
_TRUNCATION = re.compile(
    # (not a tool's own words for what it cut: gcc's "directive output truncated" warning, pytest's
    # "...Full output truncated (N lines hidden), use '-vv' to show" in an assertion's diff)
    r"output of your last command was too long|(?<!directive )(?<!Full )output (?:was |has been )?truncated|"
    r"<elided_chars>|\[\.\.\. ?\d+ (?:characters|chars|lines) (?:omitted|truncated|elided)",
    re.IGNORECASE,
)
# Looser: any host's words for "this output was cut or too big" (SWE-agent, OpenHands, web tools).
_OVERFLOW_MARKS = (
    "output of your last command was too long", "response clipped", "observation truncated",
    "output truncated", "elided_chars", "output is too long", "output was too long", "too many results",
    "narrow your search", "truncated due to length", "exceeds the maximum", "exceed the maximum",
)
_ANSI = re.compile(r"\x1b\[[0-9;]{0,20}[A-Za-z]")
# What CI runners and log collectors put before every line: a timestamp (ISO, or a clock time) or
# BuildKit's step number and seconds. Tools' own words start after it.
_LOG_PREFIX = re.compile(
    r"^(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?|\[?\d\d:\d\d:\d\d(?:[.,]\d{1,6})?\]?|"
    r"(?:#\d{1,4} )?\d{1,5}\.\d{3}|#\d{1,4}(?= \[)|"
    # docker compose's service column: `web-1  | ...`
    r"[\w.-]{1,60}[ \t]{0,40}\|(?= |$))(?:[ \t]+|$)",
    re.MULTILINE,
)
_WARNING_BLOCK = re.compile(r"<warning>.{0,2000}?</warning>", re.DOTALL)
_SWE_FILE = re.compile(r"^\[File: ([^\n\]]{1,500}?) \((\d{1,9}) lines total\)\]$", re.MULTILINE)


@dataclass(frozen=True)
class Envelope:
    """A result with the host's wrapping taken off."""

    body: str
    returncode: int | None
    truncated: bool  # the host warned that the output was too long, or cut it
    code_text: str = ""  # the exit code as written, e.g. "<returncode>1</returncode>"
    cut_text: str = ""  # the host's words about cutting the output, verbatim
    file: str = ""  # the file a viewer shows (SWE-agent's `[File: path (N lines total)]`)


def scan_window(text: str) -> str:
    return head_tail(text, SCAN_HEAD, SCAN_TAIL)


def line_at(text: str, offset: int) -> str:
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return text[start : end if end != -1 else len(text)]


def unwrap(text: str) -> Envelope:
    """Return code, truncation and the body of a (possibly huge) result."""
    text = scan_window(text)
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
    body = _without_log_prefixes(body)
    code_text = clip(match.group(0), 240) if match else ""
    cut_text = clip(line_at(cut.string, cut.start()), 240) if cut is not None else ""
    viewer = _SWE_FILE.search(body[:2000])
    return Envelope(body.strip("\n"), code, cut is not None, code_text, cut_text, viewer.group(1) if viewer else "")


def _without_log_prefixes(body: str) -> str:
    """The body without a log prefix that (nearly) every line carries; a few such lines are kept as written."""
    lines = [ln for ln in body[:6000].splitlines()[:40] if ln.strip()]
    if len(lines) < 2 or sum(1 for ln in lines if _LOG_PREFIX.match(ln)) < 0.8 * len(lines):
        return body
    return _LOG_PREFIX.sub("", body)


_TAGGED_CODE = re.compile(r"<returncode>\s*(-?\d+)\s*</returncode>")
# A line that is one bare tag of any name: a wrapper around output, not output itself.
_WRAPPER_LINE = re.compile(r"^\s*(?:</?[\w-]+>|<returncode>-?\d+</returncode>)\s*$")
_WARNING_ANYWHERE = re.compile(r"<warning>.*?</warning>", re.S)


def tagged_returncode(text: str) -> str | None:
    """The digits of an explicit `<returncode>` tag, when the result carries one."""
    match = _TAGGED_CODE.search(text)
    return match.group(1) if match else None


def is_wrapper_line(line: str) -> bool:
    return bool(_WRAPPER_LINE.match(line))


def drop_warnings(text: str) -> str:
    """The text without the host's `<warning>` blocks, however long."""
    return _WARNING_ANYWHERE.sub("", text)


def strip_markup(text: str) -> str:
    """The text without mini-swe-agent's tags (their content kept)."""
    return _MARKUP.sub("", text)


def is_markup_line(line: str) -> bool:
    return bool(_MARKUP_LINE.match(line))


def opens_output(line: str) -> bool:
    """The line opens the output proper (`<output>`, `<output_head>`): file lines start after it."""
    return bool(_OUTPUT_OPEN.search(line))


def closes_output(line: str) -> bool:
    """The line ends the part of a file view whose line numbers are known (the output closed or cut)."""
    return line.lstrip().startswith(("</output", "<elided_chars>", "<output_tail>"))


def is_elision_note(line: str) -> bool:
    return "characters elided" in line


def mentions_overflow(text: str) -> bool:
    """Any host's note that the output was cut or too big, where hosts put it (head and tail)."""
    lowered = (text[:600] + "\n" + text[-300:]).lower()
    return any(mark in lowered for mark in _OVERFLOW_MARKS)


def warning_lines(lines: list[str]) -> set[int]:
    """Markup lines, elision notes and the first line of a host warning ("The output of your last
    command was too long."): what a purified text must keep. The rest of a warning is standing
    advice the agent has read before."""
    keep: set[int] = set()
    warning_line = -1
    for i, line in enumerate(lines):
        if "<warning>" in line:
            warning_line = 0
        elif warning_line >= 0:
            warning_line += 1
        if warning_line in (0, 1) or is_markup_line(line) or is_elision_note(line):
            keep.add(i)
        if "</warning>" in line:
            warning_line = -1
    return keep

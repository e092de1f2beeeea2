"""What a result IS, read from its content: a file view, a listing, a log, a test report...

The kind decides how a result is purified, so it must not hang on how the host phrased `source`:
the same `cat foo.py` output is a file view whether `source` says `cat foo.py`, `bash: cat foo.py`,
a JSON tool call, `read_file` or nothing. The content decides; the producing program is consulted
only where the content cannot tell (a plain-text file printed with `cat` reads like a log).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Literal

Kind = Literal[
    "empty", "file_view", "listing", "log", "traceback", "test_report", "html", "json", "prose", "diff",
]

_DOCTYPE = re.compile(r"^\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>])", re.I | re.S)
_HTML_TAG = re.compile(
    r"</?(?:div|p|span|a|li|ul|table|tr|td|section|article|nav|header|footer|body|head|meta|script|br|h[1-6])\b[^>]*>",
    re.I,
)
CODE_SIGNAL = re.compile(
    r"^\s*(?:\d+\s+)?(?:def |class |import |from \S+ import|return\b|if .*:$|for .*:$|elif |else:|try:|except\b|"
    r"[{}();]\s*$|//|#|@\w+|\w+\s*=\s*\S|function\b|const |let |var |public |private )"
)
_SYMBOLS = re.compile(r"[{}\[\]();=<>_/\\|]")
# Listings: paths one per line, `ls -R` section headers, `grep -rn` matches.
PATHLIKE = re.compile(r"^\.{0,2}/?[\w.@+~-]+(?:/[\w.@+~-]+)*/?$")
SECTION = re.compile(r"^(\.{0,2}/?[\w.@+~-]*(?:/[\w.@+~ -]+)*):$")
GREP_LINE = re.compile(r"^(\.{0,2}/?[\w.@+~-]+(?:/[\w.@+~-]+)*)[:-](?:\d+[:-])?(.*)$")
_NUMBERED = re.compile(r"^\s{0,8}(\d{1,7})(?:\t|  )")
_TEST_REPORT = re.compile(
    r"^={3,} test session starts ={3,}$|^={3,} .{0,80}\b\d+ (?:passed|failed)\b.{0,80}={3,}$|^Ran \d+ tests? in "
    r"|^=* ?tests finished: |^(?:FAILED|PASSED|ERROR) \S+::|^--- (?:FAIL|PASS): |^test result: |^Tests: +\d+ ",
    re.M,
)
_TRACEBACK = re.compile(r"^Traceback \(most recent call last\):", re.M)
_DIFF_START = re.compile(r"^(?:diff --git |--- \S.*\n\+\+\+ |@@ -\d)", re.M)
# Source code the way editors lay it out: indented in steps of four (or tabs), with definitions.
_INDENTED = re.compile(r"^(?:    |\t)+\S")
_DEFINES = re.compile(
    r"^\s*(?:(?:async )?def |class |function |func |fn |(?:public|private|protected) |import |from \S+ import )", re.M
)
# Programs whose output is a file's text even when it is HTML (an agent working on markup).
_SHELL_READERS = frozenset({"grep", "egrep", "rg", "awk", "git", "sed", "head", "tail"})
_LISTERS = frozenset({"ls", "dir", "tree", "find", "grep", "rg", "echo", "printf", "git-log", "git-show", "git-diff",
                      "git-status", "git-branch"})
_VIEWERS = frozenset({"cat", "nl", "head", "tail", "less", "more", "bat", "open", "goto", "view", "read",
                      "read_file", "view_file", "open_file", "str_replace_editor", "sed"})


def looks_like_html(text: str) -> bool:
    """A document (doctype/<html>) or a fragment dense in common tags, not prose quoting a tag."""
    if _DOCTYPE.match(text[:2048]):
        return True
    sample = text[:20000]
    tags = _HTML_TAG.findall(sample)
    return len(tags) >= 10 and sum(map(len, tags)) > 0.15 * len(sample)


def looks_like_code(lines: Sequence[str]) -> bool:
    body = [ln for ln in lines if ln.strip()]
    if len(body) < 5:
        return False
    return sum(1 for ln in body if CODE_SIGNAL.match(ln)) >= 0.3 * len(body)


def is_prose(text: str) -> bool:
    """Mostly sentences: lines of eight words or more with few code symbols."""
    body = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not body:
        return False
    wordy = sum(1 for ln in body if len(ln.split()) >= 8 and not CODE_SIGNAL.match(ln)
                and len(_SYMBOLS.findall(ln)) < 0.04 * len(ln))
    return wordy >= 0.4 * len(body)


def _is_grep_line(line: str) -> bool:
    m = GREP_LINE.match(line)
    return bool((m and "/" in m.group(1)) or (m and "." in m.group(1) and ":" in line))


def is_listing(lines: Sequence[str]) -> bool:
    body = [ln.strip() for ln in lines if ln.strip()]
    if len(body) < 20:
        return False
    hits = sum(1 for ln in body if PATHLIKE.match(ln) or SECTION.match(ln) or _is_grep_line(ln))
    return hits >= 0.8 * len(body)


def numbered(lines: Sequence[str]) -> bool:
    """Lines of one file with their numbers (`nl -ba`, `cat -n`, an editor's view): mostly numbered,
    the numbers rising."""
    numbers = [int(m.group(1)) for ln in lines if (m := _NUMBERED.match(ln))]
    body = sum(1 for ln in lines if ln.strip())
    if len(numbers) < 5 or len(numbers) < 0.6 * body:
        return False
    rising = sum(1 for a, b in pairwise(numbers) if b > a)
    return rising >= 0.8 * (len(numbers) - 1)


def looks_like_source(lines: Sequence[str]) -> bool:
    """Code as laid out in a file: mostly indented in steps of four or code-shaped, with definitions."""
    if looks_like_code(lines):
        return True
    body = [ln for ln in lines if ln.strip()]
    if len(body) < 10 or not any(_DEFINES.match(ln) for ln in body):
        return False
    shaped = sum(1 for ln in body if _INDENTED.match(ln) or CODE_SIGNAL.match(ln))
    return shaped >= 0.7 * len(body)


def viewer(program: str) -> bool:
    """A program or tool that shows a file as it is."""
    return program.lower() in _VIEWERS


def shows_data(program: str) -> bool:
    """A program whose output is data (a file's text, names, matching lines, commits), not a report on how it
    went."""
    return viewer(program) or program in _LISTERS


def infer(body: str, *, program: str = "", url: bool = False, file: bool = False) -> Kind:
    """The kind of an unwrapped result. `program` is the first real program (or the tool) that
    produced it and `url` says it was fetched from the web: hints for what content cannot tell."""
    if not body.strip():
        return "empty"
    sample = body[:60_000]
    if looks_like_html(sample):
        # An HTML file printed by a viewer is markup the agent works on, not a page to read.
        return "file_view" if (viewer(program) or program in _SHELL_READERS) and not url else "html"
    lines = sample.splitlines()
    if _DIFF_START.match(sample.lstrip("\n")[:2000]):
        return "diff"
    if _TEST_REPORT.search(sample) or _TEST_REPORT.search(body[-20_000:]):
        return "test_report"
    if file or numbered(lines):
        return "file_view"
    if _TRACEBACK.search(sample) and not looks_like_source(lines):
        return "traceback"
    if is_listing(lines):
        return "listing"
    if looks_like_source(lines) or (viewer(program) and not url):
        return "file_view"
    stripped = sample.lstrip()
    if stripped[:1] in "{[" and body.rstrip()[-1:] in "}]":
        return "json"
    return "prose" if is_prose(sample) else "log"

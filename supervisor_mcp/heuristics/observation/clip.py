"""The one place text is cut to a length: a line for evidence, a command for guidance, a huge line
or a huge output to its head and tail.

Evidence must stay a verbatim piece of the input (a caller checks it with `in`), so the default adds
nothing; text meant for the agent to read says it was cut (`ellipsis`).
"""

from __future__ import annotations


def clip(text: str, limit: int = 240, *, ellipsis: bool | str = False, flat: bool = False,
         at_word: bool = False) -> str:
    """`text` stripped (or with all whitespace runs folded to one space, `flat`) and cut to `limit`
    characters, `ellipsis` included (True: "..."); `at_word` cuts at the last space before the limit."""
    ellipsis = "..." if ellipsis is True else ellipsis or ""
    text = " ".join(text.split()) if flat else text.strip()
    if len(text) <= limit:
        return text
    if at_word:
        return text[:limit].rsplit(" ", 1)[0] + ellipsis
    if not ellipsis:
        return text[:limit].rstrip()
    return text[: limit - len(ellipsis)] + ellipsis


def head_tail(text: str, head: int, tail: int, marker: str = "\n") -> str:
    """The first `head` and last `tail` characters joined by `marker` (the decisive lines of a long
    output sit at its ends); `text` itself when it is short enough. `{omitted}` in the marker is
    replaced by the count of characters left out."""
    if len(text) <= head + tail:
        return text
    omitted = len(text) - head - tail
    return text[:head] + marker.replace("{omitted}", f"{omitted:,}") + text[len(text) - tail:]

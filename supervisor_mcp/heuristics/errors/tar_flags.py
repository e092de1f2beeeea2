"""The compression flag an archive's name calls for, when tar was told to gunzip something that is not gzip."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.observation.shell import commands, shell_quote

_ARCHIVE = re.compile(r"\.(?:tar(?:\.\w{1,4})?|t[gbx]z2?|tzst)$")
_FLAG_FOR = (
    (re.compile(r"\.(?:tar\.xz|txz)$"), "it is xz: use J (tar xJf {name})"),
    (re.compile(r"\.(?:tar\.bz2|tbz2?)$"), "it is bzip2: use j (tar xjf {name})"),
    (re.compile(r"\.tar\.zst$|\.tzst$"), "it is zstd: use --zstd (tar --zstd -xf {name})"),
    (re.compile(r"\.tar$"), "it is not compressed: drop the z (tar xf {name})"),
)


def wrong_gzip_flag(action: str) -> str:
    """The fix when a tar command in `action` asked for gzip (z, --gzip) on an archive whose name says another
    compression or none, else ""."""
    for command in commands(action):
        if command.name != "tar":
            continue
        args = command.argv[1:]
        clusters = [a for n, a in enumerate(args) if (a.startswith("-") and not a.startswith("--")) or n == 0]
        if "--gzip" not in args and not any("z" in a and re.fullmatch(r"-?[A-Za-z]{1,8}", a) for a in clusters):
            continue
        name = next((a for a in args if _ARCHIVE.search(a)), "")
        if not name or name.endswith((".tar.gz", ".tgz")):
            continue
        flag = next((f for pattern, f in _FLAG_FOR if pattern.search(name)), "its name says another compression")
        return (f"z (--gzip) asked tar to gunzip {name}, but {flag.format(name=shell_quote(name))}; tar xaf picks "
                "the compression from the name.")
    return ""

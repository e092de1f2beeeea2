"""Where a file of a stack trace lives: an installed package (and which), the language's own runtime, or
neither, which is the agent's own code. One classifier for every reader of frames."""

from __future__ import annotations

import re

# One group per packaging scheme; the group holds the package's name as its folder spells it.
_INSTALLED = re.compile(
    r"node_modules[\\/](?P<npm>(?:@[\w.-]{1,80}[\\/])?[\w.-]{1,80})(?=[\\/])"
    r"|(?:site|dist)-packages[\\/](?P<py>[A-Za-z_][\w.-]{0,80}?)(?:\.py)?(?=[\\/]|$)"
    r"|[\\/]gems[\\/](?P<gem>[\w.-]{1,80}?)-\d[\w.]{0,30}(?=[\\/])"
    r"|[\\/]\.cargo[\\/]registry[\\/]src[\\/][^\\/]{1,100}[\\/](?P<crate>[\w-]{1,80}?)-\d[\w.+-]{0,40}(?=[\\/])"
    r"|[\\/]pkg[\\/]mod[\\/](?P<go>[^@\s]{1,200})@"
    r"|(?:^|[\\/])vendor[\\/](?P<vendor>[\w.-]{1,80}(?:[\\/][\w.-]{1,80})?)(?=[\\/])"
    r"|^/usr/share/(?P<share>[\w.+-]{1,80})(?=[\\/])"
    r"|[\\/]\.julia[\\/](?:packages|v[\d.]{1,6})[\\/](?P<julia>[\w.]{1,80})(?=[\\/])"
    r"|\.terraform[\\/]modules[\\/](?P<terraform>[\w.-]{1,80})(?=[\\/])"
    # Lean's lake, SwiftPM, Carthage, NuGet's global folder, Dart's pub cache, Bower
    r"|\.lake[\\/]packages[\\/](?P<lake>[\w.-]{1,80})(?=[\\/])"
    r"|\.build[\\/]checkouts[\\/](?P<swiftpm>[\w.-]{1,80})(?=[\\/])"
    r"|Carthage[\\/]Checkouts[\\/](?P<carthage>[\w.-]{1,80})(?=[\\/])"
    r"|[\\/]\.nuget[\\/]packages[\\/](?P<nuget>[\w.-]{1,80})(?=[\\/])"
    r"|[\\/]\.pub-cache[\\/]hosted[\\/][^\\/]{1,100}[\\/](?P<dart>[\w-]{1,80}?)-\d[\w.+-]{0,40}(?=[\\/])"
    r"|(?:^|[\\/])bower_components[\\/](?P<bower>[\w.-]{1,80})(?=[\\/])"
)
# The runtime's own code (node internals, Python's standard library on Unix and Windows, Go's GOROOT, Rust's
# std, a frozen module) is neither the agent's nor a dependency's: a trace through it says nothing either way.
# (Python's `<stdin>` and `<string>` are the agent's snippet, so they are not here; nor is a GOPATH checkout,
# /go/src/app: only GOROOT's own layout or a standard package's folder under go/src is the runtime.)
_RUNTIME = re.compile(
    r"^(?:node:|internal[\\/]|<frozen |<anonymous>|native$|/rustc/)"
    r"|[\\/]lib(?:64)?[\\/]python\d[\d.]{0,5}[\\/](?!site-packages|dist-packages)"
    r"|[\\/](?:Python\d{2,3}|[Mm]iniconda3?|[Aa]naconda3?|[Mm]iniforge3?|cpython-[\w.+-]{1,60}|"
    r"versions[\\/]\d[\d.]{0,10}|envs[\\/][^\\/]{1,80})[\\/][Ll]ib[\\/](?!site-packages)"
    r"|(?:^|[\\/])(?:usr[\\/](?:local[\\/])?(?:lib[\\/])?go(?:-[\d.]{1,6})?|goroot|go\d[\d.]{0,6})[\\/]src[\\/]"
    r"|[\\/]go[\\/]src[\\/](?:runtime|internal|net|os|sync|syscall|reflect|fmt|encoding|io|strings|strconv|sort|"
    r"time|context|crypto|testing|math|bufio|bytes|errors|log|path|regexp|unicode)[\\/]"
)


def installed_package(path: str) -> tuple[str, str] | None:
    """(scheme, package) of an installed file, by the folder its packaging puts it in, else None."""
    # (the last match is the innermost folder: vendor/bundle/ruby/3.1.0/gems/rake-13.0/ is rake)
    matches = list(_INSTALLED.finditer(path))
    if not matches:
        return None
    scheme, package = next((k, v) for k, v in matches[-1].groupdict().items() if v)
    return scheme, package.replace("\\", "/")


def is_runtime_path(path: str) -> bool:
    """A file of the language's own runtime or standard library (not the agent's, not a dependency's)."""
    return _RUNTIME.search(path) is not None

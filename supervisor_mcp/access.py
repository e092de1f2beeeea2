"""Who may reach the HTTP transports, and under which identity: bind rules, Host/Origin lists, tokens.

Pure policy; `server/access.py` hands it to the SDK's auth and transport-security hooks.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from urllib.parse import urlsplit

from supervisor_mcp.exceptions import ConfigError
from supervisor_mcp.settings import Settings

_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
_WILDCARD_BINDS = ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    if host.strip("[]") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(settings: Settings, host: str) -> None:
    """Refuse a bind that would expose the supervisor unauthenticated, or that no Host could reach."""
    if is_loopback(host):
        return
    if not settings.tokens:
        raise ConfigError(
            f"refusing to serve on {host} without authentication: anyone who can reach the port could "
            "call the tools and read stored sessions. Set SUPERVISOR_AUTH_TOKEN to a long random secret "
            "(e.g. `export SUPERVISOR_AUTH_TOKEN=$(python3 -c 'import secrets; print(secrets.token_urlsafe(32))')`) "
            "and send it as `Authorization: Bearer <token>`, or bind 127.0.0.1."
        )
    if host in _WILDCARD_BINDS and not settings.extra_hosts and not settings.public_url:
        raise ConfigError(
            f"binding {host} accepts any Host header unless told which names clients use: set "
            "SUPERVISOR_ALLOWED_HOSTS (e.g. `mcp.internal:*,10.0.0.5:*`) or SUPERVISOR_PUBLIC_URL."
        )


def allowed_hosts(settings: Settings, host: str, port: int) -> list[str]:
    """Host header values to accept: loopback names, the bind address, the public URL, the extras."""
    hosts = [f"{name}:*" for name in _LOOPBACK_NAMES]
    if host not in _WILDCARD_BINDS and not is_loopback(host):
        hosts += [f"{_bracketed(host)}:{port}", _bracketed(host)]
    if settings.public_url:
        netloc = urlsplit(settings.public_url).netloc
        hosts += [netloc] if ":" in netloc.rsplit("]", 1)[-1] else [netloc, f"{netloc}:*"]
    return hosts + settings.extra_hosts


def allowed_origins(settings: Settings) -> list[str]:
    origins = [f"http://{name}:*" for name in _LOOPBACK_NAMES]
    if settings.public_url:
        parts = urlsplit(settings.public_url)
        origins.append(f"{parts.scheme}://{parts.netloc}")
    return origins + settings.extra_origins


def caller_of(presented: str, tokens: list[str]) -> str | None:
    """The caller id a presented bearer token stands for, or None; compared in constant time."""
    found = None
    for token in tokens:
        # Every configured token is compared, so the time taken does not say which one matched.
        if hmac.compare_digest(presented.encode(), token.encode()):
            found = token
    return None if found is None else token_id(found)


def token_id(token: str) -> str:
    """A stable, non-secret name for a token: it scopes sessions and appears in logs."""
    return "t" + hashlib.sha256(token.encode()).hexdigest()[:16]


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host

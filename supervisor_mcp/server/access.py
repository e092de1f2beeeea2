"""The SDK's hooks for who may connect: a bearer-token verifier and the Host/Origin checks."""

from __future__ import annotations

from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import AccessToken, TokenVerifier
from mcp.server.auth.settings import AuthSettings
from mcp.server.transport_security import TransportSecuritySettings

from supervisor_mcp.access import allowed_hosts, allowed_origins, caller_of
from supervisor_mcp.settings import Settings


class StaticTokens(TokenVerifier):
    """Accepts the tokens in SUPERVISOR_AUTH_TOKEN; the caller id is a hash of the token used."""

    def __init__(self, tokens: list[str]) -> None:
        self._tokens = tokens

    async def verify_token(self, token: str) -> AccessToken | None:
        caller = caller_of(token, self._tokens)
        return None if caller is None else AccessToken(token=token, client_id=caller, scopes=[])


def auth_hooks(settings: Settings, url: str) -> dict[str, object]:
    """MCPServer keyword arguments that require a bearer token on HTTP and SSE (none without tokens)."""
    if not settings.tokens:
        return {}
    base = (settings.public_url or url).rstrip("/")
    # No authorization server exists: tokens are issued out of band. The issuer is named only because
    # the SDK's RFC 9728 metadata needs one; clients are expected to be configured with the header.
    auth = AuthSettings(issuer_url=base, resource_server_url=f"{base}/mcp",
                        validate_token_resource=False)
    return {"token_verifier": StaticTokens(settings.tokens), "auth": auth}


def transport_security(settings: Settings, host: str, port: int) -> TransportSecuritySettings:
    """Host and Origin checks on for every bind (the SDK turns them off for non-loopback binds)."""
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=allowed_hosts(settings, host, port),
        allowed_origins=allowed_origins(settings),
    )


def current_caller() -> str:
    """The authenticated caller of the request being served, or "" without authentication."""
    token = get_access_token()
    return token.client_id if token is not None else ""

"""The access policy: which binds need a token, which Host and Origin values pass, token matching."""

import pytest

from supervisor_mcp.access import allowed_hosts, allowed_origins, caller_of, check_bind, token_id
from supervisor_mcp.exceptions import ConfigError
from supervisor_mcp.settings import Settings


def settings(**values: str) -> Settings:
    return Settings(db=":memory:", **values)  # type: ignore[arg-type]


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_loopback_binds_need_no_token(host):
    check_bind(settings(), host)


@pytest.mark.parametrize("host", ["0.0.0.0", "10.0.0.5", "::"])
def test_a_public_bind_without_a_token_is_refused_with_how_to_set_one(host):
    with pytest.raises(ConfigError, match="SUPERVISOR_AUTH_TOKEN"):
        check_bind(settings(), host)


def test_a_wildcard_bind_needs_the_names_clients_use():
    with pytest.raises(ConfigError, match="SUPERVISOR_ALLOWED_HOSTS"):
        check_bind(settings(auth_token="s3cret"), "0.0.0.0")
    check_bind(settings(auth_token="s3cret", allowed_hosts="mcp.internal:*"), "0.0.0.0")


def test_the_public_url_is_an_allowed_host_and_origin():
    s = settings(public_url="https://mcp.example.com")
    assert "mcp.example.com" in allowed_hosts(s, "127.0.0.1", 8765)
    assert "https://mcp.example.com" in allowed_origins(s)


def test_a_specific_bind_address_is_an_allowed_host():
    assert "10.0.0.5:8765" in allowed_hosts(settings(auth_token="t"), "10.0.0.5", 8765)


def test_a_configured_token_maps_to_its_own_caller_id():
    assert caller_of("b-token", ["a-token", "b-token"]) == token_id("b-token") != token_id("a-token")


def test_an_unknown_token_has_no_caller():
    assert caller_of("a-token-", ["a-token"]) is None

"""Configuration, read from `SUPERVISOR_*` environment variables and, optionally, one env file.

The env file is never taken from the working directory: IDE hosts start MCP servers inside whatever
project is open, and a `.env` in an untrusted repository could point `SUPERVISOR_API_BASE` at its
own endpoint and receive the user's API key and task text. Only `SUPERVISOR_ENV_FILE` or the
user's own config directory is read.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Literal

from platformdirs import user_config_dir, user_state_dir
from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, DotEnvSettingsSource, PydanticBaseSettingsSource, SettingsConfigDict

# The MCP SDK caps HTTP request bodies at 4 MiB; inputs beyond that are refused on every transport
# so that behaviour does not depend on how the host connected.
SDK_BODY_LIMIT = 4 * 1024 * 1024
_UNEXPANDED = re.compile(r"^\$\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\}$")


def default_db_path() -> str:
    return str(Path(user_state_dir("supervisor-mcp")) / "sessions.sqlite3")


def env_file_path() -> Path | None:
    """`SUPERVISOR_ENV_FILE` if set (it must exist), else `<user config dir>/supervisor.env` if present."""
    explicit = os.environ.get("SUPERVISOR_ENV_FILE", "").strip()
    if explicit:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise ValueError(f"SUPERVISOR_ENV_FILE={explicit} is not a readable file: fix the path or unset it")
        return path
    path = Path(user_config_dir("supervisor-mcp")) / "supervisor.env"
    return path if path.is_file() else None


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SUPERVISOR_", extra="ignore")

    model: str = Field("", description="litellm model string; empty = heuristic engine only.")
    api_base: str = Field("", description="Base URL of an OpenAI-compatible or self-hosted endpoint.")
    api_key: str = Field("", description="API key for the model; empty = the provider's own variable.")
    fallback_models: str = Field("", description="Comma-separated models tried in order after MODEL.")
    llm_timeout_s: float = Field(60.0, gt=0, le=90, description="Timeout of one model call, seconds.")
    model_context_tokens: int = Field(
        0, ge=0, description="The model's context window in tokens (e.g. 8192 for a small local model); "
        "0 = as litellm knows it. Prompts are cut to fit.",
    )
    llm_gate: Literal["smart", "always"] = Field(
        "smart", description="smart: the heuristic filter decides when to call the model; always: every call."
    )
    sampling: Literal["auto", "always", "off"] = Field(
        "auto", description="auto: with no MODEL, ask the host's model through MCP sampling on connections "
        "where a refusal or a late reply can be survived (handshake-era protocol); always: also on "
        "2026-07-28 connections, where the client owns refusals and timing; off: never."
    )
    obs_threshold_chars: int = Field(3000, ge=1, description="Results shorter than this are approved untouched.")
    loop_window: int = Field(5, ge=2, description="Steps a loop must span before it is flagged.")
    guidance_min_confidence: float = Field(
        0.65, ge=0, le=1, description="Loop patterns get guidance only when their measured confidence (the "
        "chance a run showing them is failing) reaches this; weaker ones are approved with the pattern as evidence.",
    )
    step_check_interval: int = Field(8, ge=1, description="Steps between periodic model reviews.")
    max_guidance_per_subtask: int = Field(2, ge=0, description="Guidance notes per sub-task before escalating.")
    db: str = Field(default_factory=default_db_path, description="SQLite file for sessions, or :memory:.")
    session_ttl_hours: float = Field(72.0, gt=0, description="Sessions idle longer than this are deleted.")
    max_db_mb: float = Field(256.0, gt=0, description="Stored originals beyond this size are pruned, oldest first.")
    max_input_chars: int = Field(SDK_BODY_LIMIT, ge=1024, description="Largest argument accepted, in characters.")
    max_session_mb: float = Field(
        32.0, gt=0, description="Storage quota of one session's stored originals; beyond it the session's "
        "oldest originals are dropped (its trace is bounded separately, by step count and size).",
    )
    auth_token: str = Field(
        "", description="Bearer token(s) HTTP and SSE clients must send, comma-separated; required to bind "
        "a non-loopback address. Each token sees only the sessions it created.",
    )
    allowed_hosts: str = Field(
        "", description="Extra Host header values accepted over HTTP/SSE, comma-separated (e.g. "
        "`mcp.internal:*`); loopback names are always accepted.",
    )
    allowed_origins: str = Field(
        "", description="Extra browser Origin values accepted over HTTP/SSE, comma-separated (e.g. "
        "`https://app.example.com`).",
    )
    public_url: str = Field(
        "", description="The URL clients reach this server at behind a TLS proxy (e.g. "
        "`https://mcp.example.com`); named in 401 replies and accepted as a Host.",
    )
    log_level: str = Field("INFO", description="DEBUG, INFO, WARNING or ERROR.")
    log_json: bool = Field(False, description="Log JSON lines instead of console text (still on stderr).")

    @model_validator(mode="before")
    @classmethod
    def _drop_unexpanded(cls, data: Any) -> Any:
        # Hosts such as AWorld pass an unset ${VAR} through as literal text: treat it as unset.
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if not (isinstance(v, str) and _UNEXPANDED.match(v))}
        return data

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        level = value.upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ValueError("SUPERVISOR_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR")
        return level

    @classmethod
    def settings_customise_sources(
        cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource, dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # The env file is chosen when settings are read, not when the class is defined (see above).
        env_file = DotEnvSettingsSource(settings_cls, env_file=env_file_path())
        return init_settings, env_settings, env_file, file_secret_settings

    @property
    def fallbacks(self) -> list[str]:
        return _split(self.fallback_models)

    @property
    def tokens(self) -> list[str]:
        return _split(self.auth_token)

    @property
    def extra_hosts(self) -> list[str]:
        return _split(self.allowed_hosts)

    @property
    def extra_origins(self) -> list[str]:
        return _split(self.allowed_origins)


def _split(value: str) -> list[str]:
    return [item.strip() for item in value.split(",") if item.strip()]

"""Configuration, read from `SUPERVISOR_*` environment variables (and a `.env` file)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from platformdirs import user_state_dir
from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# The MCP SDK caps HTTP request bodies at 4 MiB; inputs beyond that are refused on every transport
# so that behaviour does not depend on how the host connected.
SDK_BODY_LIMIT = 4 * 1024 * 1024
_UNEXPANDED = re.compile(r"^\$\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\}$")


def default_db_path() -> str:
    return str(Path(user_state_dir("supervisor-mcp")) / "sessions.sqlite3")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SUPERVISOR_", env_file=".env", extra="ignore")

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
    step_check_interval: int = Field(8, ge=1, description="Steps between periodic model reviews.")
    max_guidance_per_subtask: int = Field(2, ge=0, description="Guidance notes per sub-task before escalating.")
    db: str = Field(default_factory=default_db_path, description="SQLite file for sessions, or :memory:.")
    session_ttl_hours: float = Field(72.0, gt=0, description="Sessions idle longer than this are deleted.")
    max_db_mb: float = Field(256.0, gt=0, description="Stored originals beyond this size are pruned, oldest first.")
    max_input_chars: int = Field(SDK_BODY_LIMIT, ge=1024, description="Largest argument accepted, in characters.")
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

    @property
    def fallbacks(self) -> list[str]:
        return [m.strip() for m in self.fallback_models.split(",") if m.strip()]

"""Every exception the supervisor raises, and where each one ends up.

    SupervisorError
     ├── InputError          the caller sent something unusable; the server turns it into the SDK's
     │                       ToolError, so the message (which says what to send) reaches the agent
     ├── ConfigError         a setting cannot work; the CLI prints it and exits 2
     └── ModelUnavailable    no valid decision from a model (timeout, HTTP error, open breaker,
          │                  refused sampling); never reaches the caller: the heuristic answer is
          │                  returned with `degraded: true` and this message as `degraded_reason`
          └── InvalidReply   the reply held no valid decision; `detail` is what a repair retry
                             tells the model to fix
"""

from __future__ import annotations

from supervisor_mcp.models import Usage


class SupervisorError(Exception):
    """Base class for the supervisor's own errors."""


class InputError(SupervisorError):
    """The caller sent something unusable; the message says what to send instead."""


class ConfigError(SupervisorError):
    """A setting cannot work as given; the message says how to fix it."""


class ModelUnavailable(SupervisorError):
    """The model could not give a valid decision. `spent` is what the failed attempts cost."""

    def __init__(self, reason: str, spent: Usage | None = None) -> None:
        super().__init__(reason)
        self.spent = spent or Usage()


class InvalidReply(ModelUnavailable):
    """The reply held no valid decision; `detail` is what the model should be told to fix."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(reason)
        self.detail = detail

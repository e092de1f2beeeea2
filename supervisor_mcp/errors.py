"""Exceptions the core raises; server.py turns InputError into the SDK's ToolError."""


class SupervisorError(Exception):
    """Base class for the supervisor's own errors."""


class InputError(SupervisorError):
    """The caller sent something unusable; the message says what to send instead."""


class ModelUnavailable(SupervisorError):
    """The model could not give a valid decision (timeout, HTTP error, garbage, open breaker).

    Never reaches the caller: the heuristic answer is returned with `degraded: true`.
    """

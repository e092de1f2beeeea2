"""Memoisation bounded in bytes, not entries.

The heuristics re-read the same step arguments and results on every call of a session, so they
memoise. `functools.lru_cache` counts entries: 8,192 entries of 1 MB arguments is 8 GB that is
never freed. Here each cache holds at most `max_bytes` of keys (values are derived from their key
and counted with it), an argument too large to be worth keeping is computed and not stored, and
the least recently used entries go first.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
MB = 1024 * 1024
_ENTRY_OVERHEAD = 256  # bytes: the entry's tuple, node and value object beyond its text


def _cost(args: tuple[Any, ...]) -> int:
    # A value usually holds (part of) its key's text, so the text counts twice.
    return _ENTRY_OVERHEAD + 2 * sum(len(a) for a in args if isinstance(a, str))


class BoundedCache(Generic[P, R]):
    def __init__(self, fn: Callable[P, R], max_bytes: int, max_entry_bytes: int) -> None:
        self._fn = fn
        self._max_bytes = max_bytes
        self._max_entry = max_entry_bytes
        self._entries: OrderedDict[tuple[Any, ...], tuple[R, int]] = OrderedDict()
        self._lock = threading.Lock()  # plans run on worker threads
        self.bytes = 0
        functools.update_wrapper(self, fn)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        cost = _cost(args)
        if kwargs or cost > self._max_entry:
            return self._fn(*args, **kwargs)
        with self._lock:
            hit = self._entries.get(args)
            if hit is not None:
                self._entries.move_to_end(args)
                return hit[0]
        value = self._fn(*args, **kwargs)
        with self._lock:
            if args not in self._entries:
                self._entries[args] = (value, cost)
                self.bytes += cost
                while self.bytes > self._max_bytes:
                    _, (_, dropped) = self._entries.popitem(last=False)
                    self.bytes -= dropped
        return value

    def cache_clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.bytes = 0


def bounded_cache(max_bytes: int, max_entry_bytes: int = 256 * 1024) -> Callable[[Callable[P, R]], BoundedCache[P, R]]:
    """Memoise a function of strings (and other hashables) within `max_bytes`."""

    def wrap(fn: Callable[P, R]) -> BoundedCache[P, R]:
        return BoundedCache(fn, max_bytes, max_entry_bytes)

    return wrap

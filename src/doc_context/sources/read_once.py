"""Each key's value made once per run, even when threads ask for it at the same time; a failure is kept too."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from doc_context.errors import SourceError

K = TypeVar("K")
V = TypeVar("V")


class Once(Generic[K, V]):
    """A page, a space, read once: the second asker waits for the first read and gets its page (or its error)."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[K, threading.Lock] = {}
        self._done: dict[K, tuple[V | None, SourceError | None]] = {}

    def get(self, key: K, make: Callable[[], V]) -> V:
        with self._guard:
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:
            if key not in self._done:
                try:
                    self._done[key] = (make(), None)
                except SourceError as e:
                    self._done[key] = (None, e)
            value, error = self._done[key]
        if error is not None:
            raise error
        assert value is not None
        return value

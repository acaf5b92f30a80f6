"""The run's time budget: a pipeline step must never hang. A part the run cannot do without is an error past
the deadline; a part the comment can do without becomes a notice."""

from __future__ import annotations

import time
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TypeVar

from doc_context.errors import SourceError
from doc_context.models import Clock, Notice

T = TypeVar("T")


class Deadline:
    """The run's time budget: a pipeline step must never hang."""

    def __init__(self, seconds: float, clock: Clock = time) -> None:
        self.seconds = seconds
        self._clock = clock
        self._end = clock.monotonic() + seconds
        self.missed = False  # something was left out for lateness: the comment is partial

    def remaining(self) -> float:
        return max(0.0, self._end - self._clock.monotonic())

    def passed(self) -> bool:
        return self.remaining() <= 0

    def result(self, future: Future[T], what: str) -> T:
        """A part the run cannot do without: past the deadline it is an error."""
        try:
            return future.result(timeout=self.remaining())
        except FutureTimeout:
            self.missed = True
            raise SourceError(f"could not read {what} within {self.seconds:g} s (DOC_CONTEXT_DEADLINE)") from None

    def optional(self, future: Future[T], what: str, notices: list[Notice], default: T) -> T:
        """A part the comment can do without: its failure or lateness is a notice."""
        try:
            return future.result(timeout=self.remaining())
        except FutureTimeout:
            self.missed = True
            notices.append(Notice(what, f"not read within {self.seconds:g} s (DOC_CONTEXT_DEADLINE); left out"))
        except SourceError as e:
            notices.append(Notice(what, f"{e}; left out"))
        return default

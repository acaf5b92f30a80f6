"""deadline.Deadline on a fake clock: late parts are decided at once, nothing waits for wall time."""

from __future__ import annotations

from concurrent.futures import Future

import pytest

from doc_context.deadline import Deadline
from doc_context.errors import SourceError
from doc_context.models import Notice

from .clock import FakeClock


def done(value: object) -> Future[object]:
    future: Future[object] = Future()
    future.set_result(value)
    return future


def test_the_time_left_follows_the_clock() -> None:
    clock = FakeClock()
    deadline = Deadline(30, clock)
    clock.advance(12.5)
    assert deadline.remaining() == 17.5 and not deadline.passed()
    clock.advance(20)
    assert deadline.remaining() == 0.0 and deadline.passed()


def test_a_part_that_is_ready_is_taken_even_past_the_deadline() -> None:
    clock = FakeClock()
    deadline = Deadline(5, clock)
    clock.advance(60)
    assert deadline.result(done(["ids"]), "the work items") == ["ids"]
    assert not deadline.missed


def test_a_required_part_still_running_past_the_deadline_is_an_error() -> None:
    clock = FakeClock()
    deadline = Deadline(5, clock)
    clock.advance(5)
    with pytest.raises(SourceError, match=r"could not read the work items within 5 s \(DOC_CONTEXT_DEADLINE\)"):
        deadline.result(Future(), "the work items")
    assert deadline.missed and clock.sleeps == []


def test_an_optional_part_still_running_past_the_deadline_is_a_notice() -> None:
    clock = FakeClock()
    deadline = Deadline(5, clock)
    clock.advance(7)
    notices: list[Notice] = []
    assert deadline.optional(Future(), "changed files", notices, default=[]) == []
    assert notices == [Notice("changed files", "not read within 5 s (DOC_CONTEXT_DEADLINE); left out")]
    assert deadline.missed


def test_an_optional_part_that_failed_is_a_notice_and_no_lateness() -> None:
    failed: Future[object] = Future()
    failed.set_exception(SourceError("HTTP 500"))
    notices: list[Notice] = []
    deadline = Deadline(5, FakeClock())
    assert deadline.optional(failed, "the diff", notices, default="") == ""
    assert notices == [Notice("the diff", "HTTP 500; left out")] and not deadline.missed

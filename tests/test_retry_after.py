"""Retry-After as both sources read it: delta-seconds or an HTTP date, from a given wall-clock time."""

from __future__ import annotations

from email.utils import formatdate

import pytest

from doc_context.sources import retry_after

NOW = 1_700_000_000.0


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("7", 7.0),
        (" 120 ", 120.0),
        ("0", 0.0),
        (formatdate(NOW + 40, usegmt=True), 40.0),
        (formatdate(NOW - 40, usegmt=True), 0.0),  # a date already past: no wait
        (formatdate(NOW + 40), 40.0),  # "-0000": taken as UTC
        (None, None),
        ("", None),
        ("1.5", None),  # delta-seconds are whole digits
        ("-3", None),
        ("soon", None),
    ],
)
def test_retry_after(value: str | None, expected: float | None) -> None:
    assert retry_after.seconds(value, now=NOW) == expected

"""Retry-After, read the same way for Azure DevOps and Confluence: delta-seconds or an HTTP date."""

from __future__ import annotations

from datetime import timezone
from email.utils import parsedate_to_datetime


def seconds(value: str | None, *, now: float) -> float | None:
    """How long Retry-After asks to wait, from `now` (wall-clock seconds); None when absent or unreadable."""
    text = (value or "").strip()
    if text.isdecimal():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:  # "-0000": UTC, of unknown origin
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, when.timestamp() - now)

"""Page identities in short, for the tables: P(id), B(id) a blog post, T(space, title[, day]), S(space)."""

from __future__ import annotations

from doc_context.models import PageRef


def P(pid: int) -> PageRef:
    return PageRef(kind="page", page_id=pid)


def B(pid: int) -> PageRef:
    return PageRef(kind="blogpost", page_id=pid)


def T(key: str, title: str, day: str | None = None) -> PageRef:
    return PageRef(kind="blogpost" if day else "page", space_key=key, title=title, posting_day=day)


def S(key: str) -> PageRef:
    return PageRef(kind="space_home", space_key=key)

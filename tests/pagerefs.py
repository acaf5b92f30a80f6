"""Page identities in short, for the tables: P(id), B(id) a blog post, T(space, title[, day]), S(space)."""

from __future__ import annotations

from typing import Any

from doc_context.models import Page, PageRef, Ref


def P(pid: int) -> PageRef:
    return PageRef(kind="page", page_id=pid)


def B(pid: int) -> PageRef:
    return PageRef(kind="blogpost", page_id=pid)


def T(key: str, title: str, day: str | None = None) -> PageRef:
    return PageRef(kind="blogpost" if day else "page", space_key=key, title=title, posting_day=day)


def S(key: str) -> PageRef:
    return PageRef(kind="space_home", space_key=key)


def confluence_page(
    ref: Ref, page_id: int, title: str, space: str, version: int, url: str, text: str, **more: Any
) -> Page:
    """A Confluence page as sources/confluence/client.py reads it: its source, scope and section said (restrictions not
    asked unless `restriction` is given)."""
    said: dict[str, Any] = {
        "source": "confluence",
        "scope": "",
        "section": "Confluence pages",
        "restriction": "unchecked",
    }
    return Page(ref, page_id, title, space, version, url, text, **(said | more))

"""Pure: which Confluence pages the work items cite, found in the fields that describe each item."""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.models import PageRef, WorkItem
from doc_context.summary.worktypes import work_type
from doc_context.text.links import Site, find_urls, page_refs

_CONFLUENCE_HINTS = (
    "/wiki/spaces/",
    "/wiki/x/",
    "/wiki/display/",
    "viewpage.action",
    "/display/",
    ".atlassian.net/wiki",
)


def item_urls(item: WorkItem) -> list[str]:
    """URLs in the item's describing fields and its Hyperlink relations, first seen first."""
    urls: list[str] = []
    for field in work_type(item.type).fields:
        value = item.fields.get(field.name)
        if value:
            urls += find_urls(value, markdown=field.name in item.markdown_fields)
    urls += [r.url for r in item.relations if r.rel == "Hyperlink" and r.url]
    return list(dict.fromkeys(urls))


def cited_pages(items: Sequence[WorkItem], site: Site) -> list[tuple[PageRef, tuple[int, ...]]]:
    """Each page cited on the configured site, once, with the ids of the items citing it.

    Ordered round-robin: every item's first page, then every item's second, ... so a page cap keeps
    each item's leading links, and one item linking hundreds of pages cannot crowd out the rest.
    """
    first_seen: dict[tuple[object, ...], tuple[int, int]] = {}  # page key -> (rank in an item, item order)
    refs: dict[tuple[object, ...], PageRef] = {}
    citing: dict[tuple[object, ...], set[int]] = {}
    for order, item in enumerate(items):
        for rank, ref in enumerate(page_refs(item_urls(item), site)):
            key = ref.key
            refs.setdefault(key, ref)
            citing.setdefault(key, set()).add(item.id)
            first_seen[key] = min(first_seen.get(key, (rank, order)), (rank, order))
    return [(refs[key], tuple(sorted(citing[key]))) for key in sorted(refs, key=first_seen.__getitem__)]


def confluence_like(items: Sequence[WorkItem]) -> list[str]:
    """URLs that look like Confluence pages, for when no Confluence site is configured."""
    return [url for item in items for url in item_urls(item) if any(h in url for h in _CONFLUENCE_HINTS)]

"""Pure: which Confluence pages the work items cite, found in the fields that describe each item."""
from __future__ import annotations

from collections.abc import Sequence

from .links import Site, find_urls, resolve
from .models import PageRef, WorkItem
from .summarize import source_fields

_CONFLUENCE_HINTS = ("/wiki/spaces/", "/wiki/x/", "/wiki/display/", "viewpage.action", "/display/", ".atlassian.net/wiki")


def item_urls(item: WorkItem) -> list[str]:
    """URLs in the item's describing fields and its Hyperlink relations, first seen first."""
    urls: list[str] = []
    for name in source_fields(item):
        value = item.fields.get(name)
        if value:
            urls += find_urls(value, markdown=name in item.markdown_fields)
    urls += [r.url for r in item.relations if r.rel == "Hyperlink" and r.url]
    return list(dict.fromkeys(urls))


def cited_pages(items: Sequence[WorkItem], site: Site) -> list[tuple[PageRef, tuple[int, ...]]]:
    """Each page cited on the configured site, once, with the ids of the items citing it."""
    cited: dict[tuple[object, ...], tuple[PageRef, list[int]]] = {}
    for item in items:
        for url in item_urls(item):
            ref = resolve(url, site)
            if ref is None:
                continue
            _, ids = cited.setdefault(ref.key, (ref, []))
            if item.id not in ids:
                ids.append(item.id)
    return [(ref, tuple(sorted(ids))) for ref, ids in cited.values()]


def confluence_like(items: Sequence[WorkItem]) -> list[str]:
    """URLs that look like Confluence pages, for when no Confluence site is configured."""
    return [url for item in items for url in item_urls(item) if any(h in url for h in _CONFLUENCE_HINTS)]

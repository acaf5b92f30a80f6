"""Pure: which Confluence pages the work items cite, found in the fields that describe each item."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Sequence

from doc_context.models import PageRef, WorkItem
from doc_context.summary.worktypes import work_type
from doc_context.text.links import Site, elsewhere_on_site, find_urls, on_site, page_refs, resolve, tiny_to_page_id

REFERENCE_WORDS = 8  # a line with at most this many words besides its links is a reference, no prose
_PAGE_ID = re.compile(
    r"/pages/(\d{1,19})(?:[/?#]|$)|[?&]pageId=(\d{1,19})(?:&|#|$)|/x/([A-Za-z0-9_-]{1,11})(?:[/?#]|$)"
)
_LINKS = re.compile(r"\[[^\]\n]*\]\([^)\s]*\)|https?://\S+")
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


@dataclasses.dataclass(frozen=True)
class Uncited:
    """Links in the work items that name no page we read, so that none is dropped silently."""

    elsewhere: dict[str, list[str]] = dataclasses.field(default_factory=dict)  # a site URL that covers them: links
    not_pages: list[str] = dataclasses.field(default_factory=list)  # on the site, but not a page or blog post link
    other_sites: list[str] = dataclasses.field(default_factory=list)  # look like Confluence pages on another host

    def log_lines(self, limit: int = 20) -> list[str]:
        lines = [
            f"link not read (CONFLUENCE_URL does not cover it; {base} would): {u}"
            for base, urls in self.elsewhere.items()
            for u in urls
        ]
        lines += [f"link not read (not a page or blog post): {u}" for u in self.not_pages]
        lines += [f"link not read (not on CONFLUENCE_URL's site): {u}" for u in self.other_sites]
        shown = [line if len(line) < 300 else line[:297] + "..." for line in lines[:limit]]
        return shown + ([f"... and {len(lines) - limit} more links not read"] if len(lines) > limit else [])


def uncited_links(items: Sequence[WorkItem], site: Site) -> Uncited:
    """The links that cited_pages leaves out, sorted by why."""
    found = Uncited()
    for url in dict.fromkeys(url for item in items for url in item_urls(item)):
        if resolve(url, site) is not None:
            continue
        base = elsewhere_on_site(url, site)
        if base is not None:
            found.elsewhere.setdefault(base, []).append(url)
        elif on_site(url, site):
            found.not_pages.append(url)
        elif any(h in url for h in _CONFLUENCE_HINTS):
            found.other_sites.append(url)
    return found


def is_reference(text: str) -> bool:
    """Whether a line of work item text is a pointer: links, and little else said ("Provider docs: [API](…)")."""
    return bool(find_urls(text, markdown=True)) and len(_LINKS.sub("", text).split()) <= REFERENCE_WORDS


def cites_only(text: str, page_ids: Collection[int]) -> bool:
    """Whether a line of work item text only points at pages the comment shows anyway: a reference whose
    links all name one of `page_ids` (by /pages/ID, pageId=ID or a tiny link)."""
    return is_reference(text) and all(_page_id(url) in page_ids for url in find_urls(text, markdown=True))


def _page_id(url: str) -> int | None:
    match = _PAGE_ID.search(url)
    if match is None:
        return None
    if match.group(3):
        return tiny_to_page_id(match.group(3))
    return int(match.group(1) or match.group(2))

"""Pure: which pages the pull request and its work items cite, and which of their lines only point at pages shown.

A citer is the pull request's description (the author's own citations) or a work item (the fields that
describe it, its Hyperlink relations and its artifact links). Each document source reads the citers'
links with its one link family (models.LinkFamily), and the same family tells summarize which lines only
cite a page the comment shows anyway: one parser per link family, for finding and for fetching alike.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence

from doc_context.models import PULL_REQUEST, LinkFamily, Notice, Page, PullRequest, Ref, Withheld, WorkItem
from doc_context.summary.worktypes import work_type
from doc_context.text.urls import find_urls

REFERENCE_WORDS = 8  # a line with at most this many words besides its links is a reference, no prose
LOG_LINES = 20  # links not read, listed one a line in the log, at most
CITING_RELATIONS = ("Hyperlink", "ArtifactLink")  # a URL, or an Azure DevOps artifact (vstfs:///Wiki/WikiPage/...)
_LINKS = re.compile(r"\[[^\]\n]*\]\([^)\s]*\)|https?://\S+")


@dataclasses.dataclass(frozen=True)
class Citer:
    """Who cites: a work item (its id) or the pull request (PULL_REQUEST), and the links it gives."""

    id: int
    urls: tuple[str, ...]
    texts: tuple[str, ...] = ()  # the pull request's own words (title, source branch, description): a source
    # that is cited by name as well as by link (a Jira issue key) reads them; a work item gives its links only


def item_urls(item: WorkItem) -> list[str]:
    """URLs in the item's describing fields, its Hyperlink relations and artifact links, first seen first."""
    urls: list[str] = []
    for field in work_type(item.type).fields:
        value = item.fields.get(field.name)
        if value:
            urls += find_urls(value, markdown=field.name in item.markdown_fields)
    urls += [r.url for r in item.relations if r.rel in CITING_RELATIONS and r.url]
    return list(dict.fromkeys(urls))


def citers(pull_request: PullRequest | None, items: Sequence[WorkItem]) -> list[Citer]:
    """The pull request's description first (its author chose those links), then each work item."""
    found: list[Citer] = []
    if pull_request:
        texts = (pull_request.title, pull_request.source_branch, pull_request.description)
        found.append(Citer(PULL_REQUEST, tuple(find_urls(pull_request.description, markdown=True)), texts))
    return found + [Citer(item.id, tuple(item_urls(item))) for item in items]


def cited(who: Sequence[Citer], links: LinkFamily) -> list[tuple[Ref, tuple[int, ...]]]:
    """Each page the family resolves, once, with the ids of those citing it (PULL_REQUEST for the PR).

    Ordered round-robin: every citer's first page, then every citer's second, ... so a page cap keeps
    each one's leading links, and one item linking hundreds of pages cannot crowd out the rest.
    """
    first_seen: dict[tuple[object, ...], tuple[int, int]] = {}  # page key -> (rank in a citer, citer order)
    refs: dict[tuple[object, ...], Ref] = {}
    citing: dict[tuple[object, ...], set[int]] = {}
    for order, citer in enumerate(who):
        mine: dict[tuple[object, ...], Ref] = {}
        for url in citer.urls:
            ref = links.resolve(url)
            if ref is not None:
                mine.setdefault(ref.key, ref)
        for rank, (key, ref) in enumerate(mine.items()):
            refs.setdefault(key, ref)
            citing.setdefault(key, set()).add(citer.id)
            first_seen[key] = min(first_seen.get(key, (rank, order)), (rank, order))
    return [(refs[key], tuple(sorted(citing[key]))) for key in sorted(refs, key=first_seen.__getitem__)]


@dataclasses.dataclass(frozen=True)
class ShownPages:
    """The pages the comment shows, as each link family names them: a line citing only these is said once."""

    links: tuple[LinkFamily, ...] = ()
    keys: frozenset[tuple[str, tuple[object, ...]]] = frozenset()  # (family name, ref key)

    @classmethod
    def of(cls, links: Sequence[LinkFamily], pages: Iterable[Page]) -> ShownPages:
        keys = {(page.source, key) for page in pages for key in (page.cited_as or {page.ref.key})}
        return cls(tuple(links), frozenset(keys))

    def names(self, url: str) -> bool:
        """Whether the URL is a link to a page shown (the first family that resolves it decides)."""
        for family in self.links:
            ref = family.resolve(url)
            if ref is not None:
                return (family.name, ref.key) in self.keys
        return False


def is_reference(text: str) -> bool:
    """Whether a line of work item text is a pointer: links, and little else said ("Provider docs: [API](…)")."""
    return bool(find_urls(text, markdown=True)) and len(_LINKS.sub("", text).split()) <= REFERENCE_WORDS


def cites_only(text: str, shown: ShownPages) -> bool:
    """Whether a line of work item text only points at pages the comment shows anyway: a reference whose
    links all name one of them, as the fetching resolved them (any link form of the family)."""
    return is_reference(text) and all(shown.names(url) for url in find_urls(text, markdown=True))


def capped(lines: Sequence[str], limit: int = LOG_LINES) -> list[str]:
    """Log lines of links not read: each at most 300 characters, at most `limit`, and how many more."""
    shown = [line if len(line) < 300 else line[:297] + "..." for line in lines[:limit]]
    return shown + ([f"... and {len(lines) - limit} more links not read"] if len(lines) > limit else [])


def cited_urls(who: Sequence[WorkItem] | Sequence[Citer]) -> list[str]:
    """Every URL the citers (or work items) give, in order."""
    return [url for c in who for url in (c.urls if isinstance(c, Citer) else item_urls(c))]


@dataclasses.dataclass(frozen=True)
class Found:
    """What a document source makes of the citers' links: the pages to read, and what it says of the rest."""

    refs: tuple[tuple[Ref, tuple[int, ...]], ...] = ()  # each page once, with who cites it, in reading order
    notices: tuple[Notice, ...] = ()  # links found that will not be read, and why (not configured, elsewhere)
    skipped: tuple[str, ...] = ()  # one log line per link it saw and does not read
    seen: frozenset[str] = frozenset()  # every URL it resolved or listed


@dataclasses.dataclass(frozen=True)
class Read:
    """One page as a document source's fetch returned it (its first read), and why gather withheld it."""

    ref: Ref
    page: Page
    withheld: Withheld | None = None


def to_read(found: Found, max_pages: int) -> tuple[tuple[tuple[Ref, tuple[int, ...]], ...], str]:
    """The page cap (DOC_CONTEXT_MAX_PAGES), applied here and nowhere else: the first `max_pages` of a source's
    cited pages in reading order (round-robin, `cited`), which gather passes to the source to read and `check`
    to try; and what is said, once, of the rest ("" when none is left out)."""
    kept, rest = found.refs[:max_pages], found.refs[max_pages:]
    if not rest:
        return kept, ""
    named = ", ".join(ref.describe() for ref, _ in rest[:5])
    return kept, f"{len(rest)} more pages were not read (DOC_CONTEXT_MAX_PAGES={max_pages}): {named}"

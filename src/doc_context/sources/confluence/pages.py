"""Confluence as a document source (gather.DocumentSource): its link family (links.py, the configured
site), its credential check, its pages (client.py), its audience rule (audience.py) and what its reads tell the
log and `doc-context check`.

Configured or not, it is there: links that look like Confluence pages without Confluence configured, or
under another path than CONFLUENCE_URL, are warnings; a scoped token's missing scopes are `check` rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from doc_context.errors import DocContextError
from doc_context.models import Check, Notice, Page, PageRef, Ref, SignedIn, Withheld, WorkItem
from doc_context.sources.confluence.audience import UNKNOWN_RESTRICTION, ConfluenceAudience
from doc_context.sources.confluence.client import NAME
from doc_context.sources.confluence.links import Site, elsewhere_on_site, looks_like_page, on_site
from doc_context.summary.cited_pages import LOG_LINES, Citer, Found, Read, capped, cited, cited_urls

if TYPE_CHECKING:
    from doc_context.sources.confluence.auth import Scope

RESTRICTED_TITLES = ConfluenceAudience()  # a restricted page, or one not asked about: by title only
CONCURRENCY = 32  # pages read at once (DOC_CONTEXT_CONFLUENCE_CONCURRENCY)
UNCHECKED = (
    "{count} shown by title only because their view restrictions could not be read ({ids}): {reason}. "
    "A scoped API token needs search:confluence or read:content-details:confluence for them; "
    "DOC_CONTEXT_RESTRICTED_PAGES=summary quotes pages without asking"
)
CONFLUENCE_FIX = (
    "Set CONFLUENCE_URL with CONFLUENCE_EMAIL + CONFLUENCE_API_TOKEN (Cloud, or a Data Center username + "
    "password) or CONFLUENCE_PAT (Data Center), mapped from secret variables."
)
NOT_CONFIGURED = "Confluence links were found, but {missing}, so no page was read. " + CONFLUENCE_FIX
ELSEWHERE = (
    "{count} cited links are under {base}, which CONFLUENCE_URL ({site}) does not cover, so they are not read: "
    "set CONFLUENCE_URL={base}. First: {first}"
)


class Client(Protocol):
    """The Confluence client (client.Confluence) as the source uses it."""

    def check_credentials(self) -> SignedIn: ...
    def scopes(self) -> list[tuple[Scope, bool | None]]: ...
    def fetch(self, ref: PageRef) -> Page: ...
    def close(self) -> None: ...


class ConfluencePages:
    """Confluence pages cited on the configured site; client None: not configured (`missing` says why)."""

    name = NAME

    def __init__(
        self,
        client: Client | None,
        site: Site | None,
        *,
        missing: str = "no Confluence credentials are configured",
        concurrency: int = CONCURRENCY,
        audience: ConfluenceAudience = RESTRICTED_TITLES,
    ) -> None:
        self.client, self.site, self.missing, self.concurrency = client, site, missing, concurrency
        self.audience = audience

    @property
    def links(self) -> Site | None:
        return self.site

    @property
    def ready(self) -> bool:
        return self.client is not None

    def find(self, who: Sequence[Citer]) -> Found:
        site = self.site
        refs = cited(who, site) if site else []
        uncited = uncited_links(who, site) if site else Uncited()
        notices = []
        if self.client is None:
            if refs or uncited.elsewhere or (site is None and confluence_like(who)):
                notices.append(Notice(NAME, NOT_CONFIGURED.format(missing=self.missing)))
            refs = []
        for base, urls in uncited.elsewhere.items() if self.client else ():
            first = ", ".join(urls[:3])
            configured = site.base_url if site else ""
            notices.append(Notice(NAME, ELSEWHERE.format(count=len(urls), base=base, site=configured, first=first)))
        resolved = {url for c in who for url in c.urls if site and site.resolve(url)}
        return Found(tuple(refs), tuple(notices), tuple(uncited.lines()), frozenset(resolved | uncited.urls()))

    def check_access(self) -> SignedIn:
        assert self.client is not None
        return self.client.check_credentials()

    def fetch(self, ref: Ref, reading: Sequence[Ref]) -> Page:  # one page is one read: `reading` matters not
        assert self.client is not None and isinstance(ref, PageRef)
        page = self.client.fetch(ref)
        return replace(page, cited_as=frozenset({ref.key, PageRef(page_id=int(page.id)).key}))

    def title_only(self, page: Page) -> Withheld | None:
        """Its audience rule (audience.py): view restrictions, title-only spaces."""
        return self.audience.page(page)

    def settled(self, reads: Sequence[Read]) -> list[Notice]:
        """A page read leniently; the pages shown by title only because their restrictions were not learned."""
        notices = [
            Notice(r.ref.describe(), "its storage format was malformed; read it leniently")
            for r in reads
            if r.page.degraded
        ]
        unchecked: dict[str, list[int]] = {}  # pages whose restrictions could not be read, by why
        for r in reads:
            if r.withheld and r.withheld.why == UNKNOWN_RESTRICTION:
                unchecked.setdefault(r.page.restriction_error or "no answer said", []).append(int(r.page.id))
        for reason, page_ids in unchecked.items():  # one notice per reason: a missing scope affects every page
            count = f"{len(page_ids)} page{'s' if len(page_ids) != 1 else ''}"
            text = UNCHECKED.format(count=count, ids=_ids(page_ids), reason=reason.rstrip("."))
            notices.append(Notice(NAME, text))
        return notices

    def check(self, who: Sequence[Citer], reading: Sequence[Ref]) -> list[Check]:
        """Sign-in, the token's scopes and the cited links; a page that will not be read is a warning."""
        site = self.site
        count = len(cited(who, site)) if site else len(confluence_like(who))
        checks = self._sign_in(count)
        return [*checks, _links(site, who, count)] if site else checks

    def close(self) -> None:
        if self.client is not None:
            self.client.close()

    def _sign_in(self, cited: int) -> list[Check]:
        name = "sign in to Confluence"
        if self.client is None:
            if not cited:
                return [Check(name, True, "not configured, and no work item cites a Confluence page")]
            detail = (
                f"the work items cite {cited} Confluence pages, but {self.missing}: none will be read. {CONFLUENCE_FIX}"
            )
            return [Check(name, True, detail, warn=True)]
        try:
            signed = self.client.check_credentials()
        except DocContextError as e:
            return [Check(name, False, str(e))]
        deployment = {True: "Cloud", False: "Data Center", None: "Confluence"}[signed.cloud]
        checks = [Check(name, True, signed.warning or f"as {signed.who} ({deployment})", warn=bool(signed.warning))]
        if signed.cloud is False:
            return [
                *checks,
                Check("Confluence token scopes", True, "none on Data Center: the account reads what it may"),
            ]
        return [*checks, _scopes(self.client.scopes())]


def _scopes(found: list[tuple[Scope, bool | None]]) -> Check:
    def state(granted: bool | None) -> str:
        return "granted" if granted else "MISSING" if granted is False else "not settled"

    detail = "; ".join(f"{s.name}: {state(g)} ({s.needed_for})" for s, g in found)
    missing = {s.need for s, g in found if g is False}
    if "all" in missing:  # no page can be read
        return Check("Confluence token scopes", False, f"{detail}. Add the missing scopes to the token")
    return Check("Confluence token scopes", True, detail, warn="some" in missing)


def _links(site: Site, who: Sequence[Citer], count: int) -> Check:
    uncited = uncited_links(who, site)
    problems = [
        ELSEWHERE.format(count=len(urls), base=base, site=site.base_url, first=", ".join(urls[:3]))
        for base, urls in uncited.elsewhere.items()
    ]
    if problems:
        return Check("find the cited Confluence pages", True, "; ".join(problems), warn=True)
    other = len(uncited.not_pages) + len(uncited.other_sites)
    detail = f"{count} pages cited on {site.base_url}"
    detail += f"; {other} other Confluence links are not pages there (a run's log lists them)" if other else ""
    return Check("find the cited Confluence pages", True, detail)


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(map(str, ids[:5])) + (", ..." if len(ids) > 5 else "")


def confluence_like(who: Sequence[WorkItem] | Sequence[Citer]) -> list[str]:
    """URLs that look like Confluence pages, for when no Confluence site is configured."""
    return [url for url in cited_urls(who) if looks_like_page(url)]


@dataclass(frozen=True)
class Uncited:
    """Links in the work items that name no page we read, so that none is dropped silently."""

    elsewhere: dict[str, list[str]] = field(default_factory=dict)  # a site URL that covers them: links
    not_pages: list[str] = field(default_factory=list)  # on the site, but not a page or blog post link
    other_sites: list[str] = field(default_factory=list)  # look like Confluence pages on another host

    def lines(self) -> list[str]:
        found = [
            f"link not read (CONFLUENCE_URL does not cover it; {base} would): {u}"
            for base, urls in self.elsewhere.items()
            for u in urls
        ]
        found += [f"link not read (not a page or blog post): {u}" for u in self.not_pages]
        return found + [f"link not read (not on CONFLUENCE_URL's site): {u}" for u in self.other_sites]

    def log_lines(self, limit: int = LOG_LINES) -> list[str]:
        return capped(self.lines(), limit)

    def urls(self) -> set[str]:
        return {u for urls in self.elsewhere.values() for u in urls} | {*self.not_pages, *self.other_sites}


def uncited_links(who: Sequence[WorkItem] | Sequence[Citer], site: Site) -> Uncited:
    """The Confluence links that cited leaves out, sorted by why."""
    found = Uncited()
    for url in dict.fromkeys(cited_urls(who)):
        if site.resolve(url) is not None:
            continue
        base = elsewhere_on_site(url, site)
        if base is not None:
            found.elsewhere.setdefault(base, []).append(url)
        elif on_site(url, site):
            found.not_pages.append(url)
        elif looks_like_page(url):
            found.other_sites.append(url)
    return found

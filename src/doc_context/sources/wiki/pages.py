"""The Azure DevOps wiki as a document source (gather.DocumentSource): the wiki pages the pull request and its
work items cite on the run's own organization (links.py), read through the SDK's wiki client
(azure.devops.v7_1.wiki) with the Azure DevOps credential, at the collection's own host.

    by id    GET {project}/_apis/wiki/wikis/{wiki}/pages/{id}?includeContent=true       get_page_by_id
    by path  GET {project}/_apis/wiki/wikis/{wiki}/pages?path=/A/B&includeContent=true  get_page, with the
             code wiki's version (versionDescriptor.version and .versionType) when the link names one

A page is read once: two links to one id are one read, and a path link first waits for the pages cited by
id that this run reads (gather's choice, under its page cap: the source knows no cap), read beside it, so a
page cited both by its id and by its path (by the names in a page's address or the ids in a work item's
artifact link alike) is one read too; a path that none of them has is read then, one round trip later. Its
markdown is someone else's (text/wikimd.py). There are no per-page permissions in a wiki (learn.microsoft.com,
"Manage wiki permissions": "permissions to access the wiki are made for all pages and not individual pages"),
so a page is shown unless it is another project's (summary/audience.py). A page the build identity may not
read is a warning naming the permission.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol
from urllib.parse import quote, unquote

from doc_context.defaults import CONCURRENCY
from doc_context.errors import SourceError, first_line
from doc_context.models import Check, Clock, Notice, Page, PageKey, Ref, SignedIn, Withheld
from doc_context.sources.read_once import Once
from doc_context.sources.wiki.links import WikiLinks, WikiRef
from doc_context.summary.cited_pages import Citer, Found, Read, cited
from doc_context.text.orgurl import Collection
from doc_context.text.wikimd import MAX_CHARS, wiki_to_markdown

NAME = "wiki"
SECTION = "Wiki pages"  # the comment's heading over its pages
NOT_READABLE = (
    "it does not exist, or the build identity may not read it ({detail}). Grant 'Read' on the wiki to "
    "'<Project> Build Service (<org>)': the wiki > More (...) > Wiki security (a code wiki: its repository's "
    "Security); a wiki in another project also needs the job authorization scope to reach that project, "
    "and a personal access token the Wiki (Read) scope"
)
ELSEWHERE = (
    "{count} cited wiki links are in {base}, not this run's organization ({ours}), so they are not read: "
    "its Azure DevOps credential is for its own. First: {first}"
)
MISSING = (  # the service's answers for a wiki page it does not show this identity
    "WikiPageNotFoundException",
    "WikiNotFoundException",
    "GitRepositoryNotFoundException",  # TF401019: the wiki's repository, missing or not readable
    "ProjectDoesNotExist",
    "UnauthorizedAccessException",
)
_API = re.compile(r"/([^/]+)/_apis/wiki/wikis/([^/?]+)/pages", re.I)  # a page's REST url: its project and wiki ids
_VERSION_TYPES = {"GB": "branch", "GT": "tag", "GC": "commit"}


class WikiPage(Protocol):  # azure.devops.v7_1.wiki.models.WikiPage, as far as it is read
    id: int | None
    path: str | None
    content: str | None
    url: str | None


class PageResponse(Protocol):  # WikiPageResponse: the page, and the ETag header (its last commit)
    page: WikiPage | None
    eTag: Any


class WikiClient(Protocol):
    def get_page_by_id(
        self,
        project: str,
        wiki_identifier: str,
        id: int,
        recursion_level: str | None = None,
        include_content: bool | None = None,
    ) -> PageResponse: ...

    def get_page(
        self,
        project: str,
        wiki_identifier: str,
        path: str | None = None,
        recursion_level: str | None = None,
        version_descriptor: object | None = None,
        include_content: bool | None = None,
    ) -> PageResponse: ...


class WikiPages:
    """Wiki pages on the run's organization; `client`: the SDK's wiki client, made when first needed."""

    name = NAME
    ready = True  # the Azure DevOps credential that read the pull request reads the wiki

    def __init__(
        self,
        client: Callable[[], WikiClient],
        org_url: str,
        *,
        concurrency: int = CONCURRENCY,
    ) -> None:
        self._make = client
        self._client: WikiClient | None = None
        self._guard = threading.Lock()
        self.web = org_url.rstrip("/")
        self.links = WikiLinks(Collection.from_url(self.web))
        self.concurrency = concurrency
        self._reads: Once[tuple[object, ...], Page] = Once()

    def find(self, who: Sequence[Citer]) -> Found:
        refs = cited(who, self.links)
        resolved: set[str] = set()
        not_pages: list[str] = []
        elsewhere: dict[str, list[str]] = {}  # another organization's base: its links
        for url in dict.fromkeys(url for c in who for url in c.urls):
            if self.links.resolve(url) is not None:
                resolved.add(url)
            elif base := self.links.elsewhere(url):
                elsewhere.setdefault(base, []).append(url)
            elif self.links.is_wiki_link(url):
                not_pages.append(url)
        notices = [
            Notice(NAME, ELSEWHERE.format(count=len(urls), base=base, ours=self.web, first=", ".join(urls[:3])))
            for base, urls in elsewhere.items()
        ]
        lines = [f"link not read (another organization's wiki, {b}): {u}" for b, us in elsewhere.items() for u in us]
        lines += [f"link not read (not a wiki page): {u}" for u in not_pages]
        seen = resolved | set(not_pages) | {u for urls in elsewhere.values() for u in urls}
        return Found(tuple(refs), tuple(notices), tuple(lines), frozenset(seen))

    def check_access(self) -> SignedIn:
        return SignedIn("the Azure DevOps credential", None)  # no request: it read the pull request already

    def fetch(self, ref: Ref, reading: Sequence[Ref]) -> Page:
        """One page; `reading`: all the pages this run reads (gather's choice): a path link may name one by id."""
        assert isinstance(ref, WikiRef)
        if ref.page_id is not None:
            return self._reads.get(ref.key, lambda: self._by_id(ref))
        by_id = [r for r in reading if isinstance(r, WikiRef) and r.page_id is not None]
        return self._reads.get(ref.key, lambda: self._by_path(ref, by_id))

    def title_only(self, page: Page) -> Withheld | None:
        """Its audience rule: none of its own. A wiki has no per-page permissions; another project's page is
        withheld by the general rule (summary/audience.py), as a work item is."""
        return None

    def settled(self, reads: Sequence[Read]) -> list[Notice]:
        return [
            Notice(r.ref.describe(), f"it is longer than {MAX_CHARS:,} characters: only its start was read")
            for r in reads
            if r.page.degraded
        ]

    def check(self, who: Sequence[Citer], reading: Sequence[Ref]) -> list[Check]:
        """Whether each page a run would read (`reading`) can be read (read now, as a run would), and links
        elsewhere."""
        found = self.find(who)
        if not found.refs and not found.notices:
            return [Check("read the cited wiki pages", True, "no wiki page of this organization is cited")]
        read: set[PageKey] = set()
        failed: list[str] = []
        for ref in reading:
            try:
                read.add(self.fetch(ref, reading).key)  # two links to one page: one page
            except SourceError as e:
                failed.append(f"{ref.describe()}: {e}")
        detail = f"{len(read)} of {len(read) + len(failed)} cited wiki pages can be read"
        problems = failed + [n.message for n in found.notices]
        return [Check("read the cited wiki pages", True, "; ".join([detail, *problems]), warn=bool(problems))]

    def close(self) -> None:
        return None

    # -- reading
    def _wiki_client(self) -> WikiClient:
        with self._guard:
            if self._client is None:
                self._client = self._make()
            return self._client

    def _by_id(self, ref: WikiRef) -> Page:
        assert ref.page_id is not None
        page_id = ref.page_id
        got = _read(
            ref, lambda: self._wiki_client().get_page_by_id(ref.project, ref.wiki, page_id, include_content=True)
        )
        return self._page(ref, got)

    def _by_path(self, ref: WikiRef, reading: Sequence[WikiRef]) -> Page:
        for by_id in sorted(set(reading), key=lambda r: r.key):  # read beside it (or now): one may be this page
            try:
                page = self.fetch(by_id, reading)
            except SourceError:
                continue
            if ref.key in page.cited_as:  # its path, under the names the link used or the ids the answer gave
                return page
        descriptor = _version(ref.version)
        got = _read(
            ref,
            lambda: self._wiki_client().get_page(
                ref.project, ref.wiki, path=ref.path, version_descriptor=descriptor, include_content=True
            ),
        )
        return self._page(ref, got)

    def _page(self, ref: WikiRef, got: PageResponse) -> Page:
        page = got.page
        if page is None or not isinstance(page.id, int) or page.id <= 0:
            raise SourceError(f"could not read {ref.describe()}: Azure DevOps answered without a page id")
        path = page.path or ref.path or "/"
        title = path.rstrip("/").rsplit("/", 1)[-1] or ref.wiki
        converted = wiki_to_markdown(page.content or "")
        ids = _API.search(page.url or "")  # the project's and the wiki's ids: the same page, by any name
        names = {(ref.project, ref.wiki)} | ({(unquote(ids.group(1)), unquote(ids.group(2)))} if ids else set())
        keys = {ref.key} | {WikiRef(p, w, page_id=page.id).key for p, w in names}
        keys |= {WikiRef(p, w, path=path, version=ref.version).key for p, w in names}
        etag = (got.eTag[0] if isinstance(got.eTag, list) and got.eTag else str(got.eTag or "")).strip('W/" ')
        slug = quote(title.replace(" ", "-"), safe="")
        return Page(
            ref,
            page.id,
            title,
            "",
            etag[:7],
            f"{self.web}/{quote(ref.project, safe='')}/_wiki/wikis/{quote(ref.wiki, safe='')}/{page.id}/{slug}",
            converted.text,
            degraded=converted.cut,
            restriction="none",
            source=NAME,
            section=SECTION,
            noun="wiki page",
            scope=(unquote(ids.group(2)) if ids else ref.wiki).casefold(),
            place=f"wiki {ref.wiki}",
            project=ref.project,
            cited_as=frozenset(keys),
        )


def _version(version: str | None) -> object | None:
    """A code wiki's version from a link's wikiVersion (GBmain: the branch main), as the SDK takes it."""
    if not version or version[:2] not in _VERSION_TYPES:
        return None
    from azure.devops.v7_1.wiki.models import GitVersionDescriptor

    descriptor: object = GitVersionDescriptor(version=version[2:], version_type=_VERSION_TYPES[version[:2]])
    return descriptor


def _read(ref: WikiRef, call: Callable[[], PageResponse]) -> PageResponse:
    """A read through the SDK; a page that is missing or out of reach is one warning naming the permission."""
    from azure.devops.exceptions import AzureDevOpsAuthenticationError, AzureDevOpsServiceError

    from doc_context.sources.ado_transport import read

    try:
        return read(f"read {ref.describe()}", call)
    except SourceError as e:
        cause = e.__cause__
        if isinstance(cause, AzureDevOpsAuthenticationError):
            raise SourceError(NOT_READABLE.format(detail="HTTP 401")) from cause
        message = first_line(str(getattr(cause, "message", None) or cause or ""), 200).rstrip(".")
        missing = isinstance(cause, AzureDevOpsServiceError) and str(cause.type_key or "").startswith(MISSING)
        if missing or "TF401019" in message or re.search(r"returned a 40[134] status", message):
            raise SourceError(NOT_READABLE.format(detail=message or "no answer")) from cause
        raise


def connect_client(connection: Any, *, timeout: float, clock: Clock = time) -> WikiClient:
    """The SDK's wiki client on the gateway's connection (its location discovered once, with the others),
    with the same bounded retries (waiting on `clock`) and timeout as the Azure DevOps reads."""
    from doc_context.sources.ado_transport import read, use_retries

    client: Any = read("connect to the Azure DevOps wiki", lambda: connection.clients_v7_1.get_wiki_client())
    use_retries(client, timeout=timeout, clock=clock)
    wiki: WikiClient = client
    return wiki

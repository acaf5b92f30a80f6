"""Jira as a document source (gather.DocumentSource): the issues the pull request names, by a bare key of
JIRA_PROJECTS in its title, source branch or description, or by a {JIRA_URL}/browse/KEY link there or in a work
item (its description, its hyperlinks); its credential check; each issue read once in the pages' wave (client.py);
its audience rule (an issue security level: title and link only); what `doc-context check` says.

Configured or not, it is there: keys or /browse/ links found without Jira configured are one standard warning and
no request; a /browse/ link on another host is never requested, the log lists it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from doc_context.errors import DocContextError
from doc_context.models import PULL_REQUEST, Check, Notice, Page, Ref, SignedIn, Withheld
from doc_context.sources.jira.client import Issue
from doc_context.sources.jira.issue import issue_page, secured
from doc_context.sources.jira.links import NAME, IssueRef, JiraSite, bare_keys, looks_like_issue
from doc_context.summary.cited_pages import Citer, Found, Read, cited, cited_urls

CONCURRENCY = 8  # issues read at once
JIRA_FIX = (
    "Set JIRA_URL with JIRA_EMAIL + JIRA_API_TOKEN (Cloud), JIRA_USERNAME + JIRA_PASSWORD or JIRA_PAT (Data Center), "
    "mapped from secret variables, and JIRA_PROJECTS for keys written without a link."
)
NOT_CONFIGURED = "Jira issues are cited ({first}), but {missing}, so none was read. " + JIRA_FIX
ELSEWHERE = "link not read (a Jira issue on another host than JIRA_URL): {}"


class Client(Protocol):
    """The Jira client (client.JiraClient) as the source uses it."""

    def check_credentials(self) -> SignedIn: ...
    def fetch(self, key: str) -> Issue: ...
    def close(self) -> None: ...


class JiraIssues:
    """Jira issues cited on JIRA_URL; client None: not configured (`missing` says why)."""

    name = NAME

    def __init__(
        self,
        client: Client | None,
        site: JiraSite | None,
        *,
        missing: str = "no Jira credentials are configured",
        acceptance_field: str = "",
        projects: Sequence[str] = (),
        concurrency: int = CONCURRENCY,
    ) -> None:
        self.client, self.site, self.missing, self.concurrency = client, site, missing, concurrency
        self.acceptance_field, self.projects = acceptance_field, tuple(projects)

    @property
    def links(self) -> JiraSite | None:
        return self.site

    @property
    def ready(self) -> bool:
        return self.client is not None and self.site is not None

    def find(self, who: Sequence[Citer]) -> Found:
        """Each cited issue once, round-robin by citer: the pull request's keys and links first."""
        site = self.site
        refs = cited(_with_keys(who, site), site) if site else []
        others = [u for u in dict.fromkeys(cited_urls(who)) if looks_like_issue(u) and not (site and site.resolve(u))]
        notices: list[Notice] = []
        if self.client is None or site is None:
            named = [ref.describe() for ref, _ in refs] or self._unlinked(who) or others
            if named:
                first = ", ".join(named[:3]) + (", ..." if len(named) > 3 else "")
                notices.append(Notice(NAME, NOT_CONFIGURED.format(first=first, missing=self.missing)))
            refs = []
        resolved = {u for c in who for u in c.urls if site and site.resolve(u)}
        skipped = [ELSEWHERE.format(u) for u in others] if self.client is not None and site is not None else []
        return Found(tuple(refs), tuple(notices), tuple(skipped), frozenset(resolved | set(others)))

    def check_access(self) -> SignedIn:
        assert self.client is not None
        return self.client.check_credentials()

    def fetch(self, ref: Ref, reading: Sequence[Ref]) -> Page:  # one issue is one read (and its remote links)
        assert self.client is not None and self.site is not None and isinstance(ref, IssueRef)
        return issue_page(self.client.fetch(ref.issue), ref, self.site, self.acceptance_field)

    def title_only(self, page: Page) -> Withheld | None:
        return secured(page)

    def settled(self, reads: Sequence[Read]) -> list[Notice]:
        return []

    def check(self, who: Sequence[Citer], reading: Sequence[Ref]) -> list[Check]:
        """Sign-in, then one cited issue read (the first), as a run would read it."""
        name = "sign in to Jira"
        found = self.find(who)
        if self.client is None or self.site is None:
            if not found.notices:
                return [Check(name, True, "not configured, and nothing cites a Jira issue")]
            return [Check(name, True, found.notices[0].message, warn=True)]
        try:
            signed = self.client.check_credentials()
        except DocContextError as e:
            return [Check(name, False, str(e))]
        deployment = {True: "Cloud, REST v3", False: "Data Center, REST v2", None: "Jira"}[signed.cloud]
        checks = [Check(name, True, f"as {signed.who} ({deployment})")]
        issues = [r for r in reading if isinstance(r, IssueRef)]
        if not issues:
            detail = f"none cited; bare keys count for JIRA_PROJECTS: {', '.join(self.projects) or '(none set)'}"
            return [*checks, Check("read a cited Jira issue", True, detail)]
        try:
            page = self.fetch(issues[0], issues)
        except DocContextError as e:
            return [*checks, Check("read a cited Jira issue", True, str(e), warn=True)]
        shown = "title and link only (issue security level)" if secured(page) else page.status or "read"
        detail = f"{page.id} ({shown}); {len(found.refs)} cited in all"
        return [*checks, Check("read a cited Jira issue", True, detail)]

    def close(self) -> None:
        if self.client is not None:
            self.client.close()

    def _unlinked(self, who: Sequence[Citer]) -> list[str]:
        """Keys of JIRA_PROJECTS in the pull request's words, when no site is configured to read them."""
        return [f"jira issue {k}" for c in who for t in _texts(c) for k in bare_keys(t, self.projects)]


def _with_keys(who: Sequence[Citer], site: JiraSite) -> list[Citer]:
    """The pull request with its bare keys as /browse/ links ahead of its own links, so one parser resolves both;
    a work item cites by its links only."""
    return [replace(c, urls=(*(site.browse(k) for k in site.keys(_texts(c))), *c.urls)) for c in who]


def _texts(citer: Citer) -> tuple[str, ...]:
    return citer.texts if citer.id == PULL_REQUEST else ()

"""A page's view restrictions, its own or an ancestor's, read from Confluence's REST v1 JSON.

Confluence lists only a content item's OWN restrictions (restrictions.read.restrictions.user/group, and
/restriction/byOperation/read); view restrictions inherit from every ancestor, so the ancestors are asked
too, in the same request: expand=ancestors.restrictions.read.restrictions.user,...group. A page is
restricted when it or any ancestor names a user or a group that may view it. Anything else than the
documented shape is "unknown", and an unknown page counts as restricted (summary/audience.py).

The functions are pure; `Restrictions` makes the requests on Cloud (Data Center reads them with the body),
beside the body read so that no round trip is added (client.py says which, and when).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from doc_context.errors import ConfluenceError
from doc_context.models import Page, Restriction
from doc_context.sources.confluence.auth import Getter, describe

OWN = ("restrictions.read.restrictions.user", "restrictions.read.restrictions.group")
EXPAND = (*OWN, *(f"ancestors.{e}" for e in OWN))
V1_RESTRICTIONS = {"expand": ",".join(EXPAND)}
UNREADABLE = "Confluence's answer did not list the restrictions as documented"
Learned = tuple[Restriction, str]  # the restriction, and why it is "unknown"
Pending = Future[Learned] | Future[dict[int, Restriction]]


def own_restriction(content: Any) -> Restriction:
    """'own' when the item's read restrictions name anyone, 'none' when both lists are empty."""
    block = content.get("restrictions") if isinstance(content, dict) else None
    read = block.get("read") if isinstance(block, dict) else None
    return restriction_object(read)


def restriction_object(read: Any) -> Restriction:
    """A ContentRestriction ({"operation": "read", "restrictions": {"user": {...}, "group": {...}}})."""
    lists = read.get("restrictions") if isinstance(read, dict) else None
    if not isinstance(lists, dict):
        return "unknown"
    for kind in ("user", "group"):
        part = lists.get(kind)
        results = part.get("results") if isinstance(part, dict) else None
        if not isinstance(results, list):
            return "unknown"  # not expanded (left in _expandable), or not the documented shape
        size = part.get("size") if isinstance(part, dict) else None
        if results or (isinstance(size, int) and size > 0):
            return "own"
    return "none"


def page_restriction(content: Any) -> Restriction:
    """The page's restriction from one v1 content item expanded with EXPAND."""
    own = own_restriction(content)
    if own == "own":
        return "own"
    ancestors = content.get("ancestors") if isinstance(content, dict) else None
    if ancestors is None and isinstance(content, dict) and content.get("type") == "blogpost":
        ancestors = []  # a blog post has no ancestors
    if not isinstance(ancestors, list):
        return "unknown"
    return combine(own, (own_restriction(a) for a in ancestors))


def combine(own: Restriction, ancestors: Iterable[Restriction]) -> Restriction:
    """The page's own state and its ancestors': a restricted ancestor restricts the page."""
    if own == "own":
        return "own"
    states = set(ancestors)
    if "own" in states:
        return "inherited"
    return "unknown" if own == "unknown" or "unknown" in states else "none"


class Restrictions:
    """Cloud's reads of view restrictions, each beside the body read it belongs to."""

    def __init__(self, get: Getter, *, cloud: Callable[[], bool], gateway: bool, workers: int, enabled: bool) -> None:
        self._get, self._cloud, self.enabled = get, cloud, enabled
        self._v1_gone = gateway  # the gateway answers 410 to the deprecated v1 content/{id}: search instead
        self._side = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="restrictions")
        self._fan = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ancestors")  # its tasks never wait

    def close(self) -> None:
        for pool in (self._side, self._fan):
            pool.shutdown(wait=False, cancel_futures=True)

    def beside(self, page_id: int) -> Pending | None:
        """Start reading the page's restrictions, in the same wave as the request this thread makes next."""
        return self._side.submit(self.of, page_id) if self.enabled else None

    def beside_search(self, cql: str) -> Pending | None:
        """Start a CQL search whose results carry their restrictions (a title link's, before its id is known)."""
        return self._side.submit(self.where, cql) if self.enabled else None

    def apply(self, page: Page, pending: Pending | None) -> Page:
        """The page with what the side read learned; a search that missed it asks by its id."""
        if pending is None:
            return page
        try:
            got = pending.result()
        except ConfluenceError as e:
            return replace(page, restriction="unknown", restriction_error=str(e))
        if isinstance(got, dict):
            known = got.get(int(page.id), "unknown")  # a Confluence page's id is a number
            got = (known, "") if known != "unknown" else self.of(int(page.id))
        return replace(page, restriction=got[0], restriction_error=got[1])

    def of(self, page_id: int) -> Learned:
        """One request; the robust way when it cannot say; a failure is "unknown" with its reason."""
        try:
            if not self._v1_gone:
                answer = self._get(f"/rest/api/content/{page_id:d}", V1_RESTRICTIONS)
                got = page_restriction(answer.body) if answer.status == 200 else "unknown"
                if got != "unknown":
                    return got, ""
                self._v1_gone = self._v1_gone or answer.status == 410  # deprecated, gone: search from now on
                if answer.status != 410:
                    return self._robust(page_id)
            found = self.where(f"id={page_id:d}").get(page_id, "unknown")
            return (found, "") if found != "unknown" else self._robust(page_id)
        except ConfluenceError as e:
            return "unknown", str(e)

    def where(self, cql: str) -> dict[int, Restriction]:
        """Each page a CQL search finds, by id, with its restriction (an empty dict when it cannot answer)."""
        answer = self._get("/rest/api/content/search", {"cql": cql, "limit": "25", **V1_RESTRICTIONS})
        results = answer.body.get("results") if answer.status == 200 and isinstance(answer.body, dict) else None
        found = [r for r in results or [] if isinstance(r, dict) and str(r.get("id", "")).isdecimal()]
        return {int(r["id"]): page_restriction(r) for r in found}

    def _robust(self, page_id: int) -> Learned:
        """The page's ancestors, then each one's own restriction and the page's, at once (two more waves)."""
        if self._cloud():
            listing = self._get(f"/api/v2/pages/{page_id:d}/ancestors", {"limit": "250"})
            key = "results"
        else:
            listing = self._get(f"/rest/api/content/{page_id:d}", {"expand": "ancestors"})
            key = "ancestors"
        items = listing.body.get(key) if listing.status == 200 and isinstance(listing.body, dict) else None
        if not isinstance(items, list):
            return "unknown", f"its ancestors could not be read ({describe(listing)})"
        ids = [page_id, *(int(a["id"]) for a in items if isinstance(a, dict) and str(a.get("id", "")).isdecimal())]
        answers = list(self._fan.map(self._own, ids))
        got = combine(answers[0], answers[1:])
        return got, "the restrictions of the page or of an ancestor could not be read" if got == "unknown" else ""

    def _own(self, content_id: int) -> Restriction:
        answer = self._get(f"/rest/api/content/{content_id:d}/restriction/byOperation/read", None)
        return restriction_object(answer.body) if answer.status == 200 else "unknown"

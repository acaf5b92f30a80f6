"""View restrictions in the fake Confluence, answered as Atlassian documents them.

    wiki.add_group("incident-response", "ci-bot@fabrikam.example")
    wiki.restrict_view(page_id, groups=["incident-response"])     # the page and everything below it

A page's own restriction lists the users and groups that may view it; a viewer must pass the lists of
the page and of every ancestor (view restrictions inherit, edit ones do not). The REST answers:
  v1 content ?expand=restrictions.read.restrictions.user|group    the page's OWN lists only
             ?expand=ancestors[.restrictions.read.restrictions.user|group]   the ancestors, root first
  v1 content/{id}/restriction/byOperation/read                    the page's own lists (ContentRestriction)
  v2 pages/{id}/ancestors                                          ids and types only, root first
Cloud's bug CONFCLOUD-77618: when an ancestor is not current (trashed, a draft), expanding the
ancestors' restrictions answers 404 "Cannot find content" for the whole request.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .confluence_content import Page, User

if TYPE_CHECKING:
    from .confluence import FakeConfluence

READ_USER = "restrictions.read.restrictions.user"
READ_GROUP = "restrictions.read.restrictions.group"
STALE_ANCESTOR = "Cannot find content. Outdated version/old_draft/trashed? Please provide valid ContentId."


@dataclass
class ViewRestriction:
    users: list[str] = field(default_factory=list)  # user names (Cloud: the email; Data Center: the username)
    groups: list[str] = field(default_factory=list)


class Access:
    """Groups and view restrictions of one fake site."""

    def __init__(self, wiki: FakeConfluence) -> None:
        self.wiki = wiki
        self.members: dict[str, set[str]] = {}  # group -> user names
        self.view: dict[int, ViewRestriction] = {}  # page id -> its own view restriction

    def ancestors(self, page: Page) -> list[Page]:
        """Root first, as Confluence lists them; a cycle or a missing parent ends the chain."""
        chain: list[Page] = []
        seen = {page.id}
        current = page.parent_id
        while current is not None and current not in seen:
            parent = self.wiki.find_page(current)
            if parent is None:
                break
            seen.add(current)
            chain.append(parent)
            current = parent.parent_id
        return chain[::-1]

    def may_view(self, page: Page, user: User | None) -> bool:
        """The user passes the page's own list and every ancestor's."""
        return all(self._passes(p, user) for p in (*self.ancestors(page), page))

    def _passes(self, page: Page, user: User | None) -> bool:
        rule = self.view.get(page.id)
        if rule is None or not (rule.users or rule.groups):
            return True
        if user is None:
            return False
        return user.name in rule.users or any(user.name in self.members.get(g, set()) for g in rule.groups)

    def stale_ancestor(self, page: Page, expand: set[str]) -> bool:
        """Cloud answers 404 when an ancestor is not current and the ancestors' restrictions are expanded."""
        asks = any(e.startswith("ancestors.restrictions") for e in expand)
        return self.wiki.cloud and asks and any(a.status != "current" for a in self.ancestors(page))

    def expand(self, out: dict[str, Any], page: Page, expand: set[str]) -> dict[str, Any]:
        """Add the restrictions and ancestors a v1 content item was asked to expand."""
        wanted = {e.removeprefix("restrictions.read.restrictions.") for e in expand if e.startswith("restrictions.")}
        if wanted or "restrictions" in expand or "restrictions.read" in expand:
            out["restrictions"] = self._restrictions(page, wanted)
        else:
            out.setdefault("_expandable", {})["restrictions"] = ""
        inner = {e.removeprefix("ancestors.") for e in expand if e.startswith("ancestors.")}
        if "ancestors" in expand or inner:
            out["ancestors"] = [
                self.expand(self.wiki.render.content_v1(a, expand=set(), space=self.wiki.space_of(a)), a, inner)
                for a in self.ancestors(page)
            ]
            out.get("_expandable", {}).pop("ancestors", None)
        return out

    def by_operation_read(self, page: Page) -> dict[str, Any]:
        """GET content/{id}/restriction/byOperation/read: both lists, as the documented example shows."""
        return self._read(page, {"user", "group"})

    def ancestors_v2(self, page: Page) -> dict[str, Any]:
        return {"results": [{"id": str(a.id), "type": a.type} for a in self.ancestors(page)], "_links": {}}

    def _restrictions(self, page: Page, wanted: set[str]) -> dict[str, Any]:
        api = self.wiki.api_base
        return {
            "read": self._read(page, wanted),
            "_links": {"self": f"{api}/rest/api/content/{page.id}/restriction/byOperation"},
            "_expandable": {"update": ""},
        }

    def _read(self, page: Page, wanted: set[str]) -> dict[str, Any]:
        rule = self.view.get(page.id) or ViewRestriction()
        api = self.wiki.api_base
        lists: dict[str, Any] = {}
        if "user" in wanted:
            users = [self._user(name) for name in rule.users]
            lists["user"] = {"results": users, "start": 0, "limit": 200, "size": len(users)}
        if "group" in wanted:
            groups = [self._group(name) for name in rule.groups]
            lists["group"] = {"results": groups, "start": 0, "limit": 200, "size": len(groups)}
        unexpanded = {kind: "" for kind in ("user", "group") if kind not in wanted}
        if unexpanded:
            lists["_expandable"] = unexpanded
        return {
            "operation": "read",
            "restrictions": lists,
            "_links": {"self": f"{api}/rest/api/content/{page.id}/restriction/byOperation/read"},
            "_expandable": {"content": f"/rest/api/content/{page.id}"},
        }

    def _user(self, name: str) -> dict[str, Any]:
        user = self.wiki.user(name)
        shown = user.display_name if user else name
        if self.wiki.cloud:
            account = user.account_id if user else name
            return {"type": "known", "accountId": account, "accountType": "atlassian", "displayName": shown,
                    "publicName": shown}  # fmt: skip
        key = user.user_key if user else name
        return {"type": "known", "username": name, "userKey": key, "displayName": shown}

    def _group(self, name: str) -> dict[str, Any]:
        group: dict[str, Any] = {"type": "group", "name": name}
        if self.wiki.cloud:
            group["id"] = str(uuid.uuid5(uuid.NAMESPACE_URL, f"confluence-group:{name}"))
        return group

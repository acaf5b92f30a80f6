"""Confluence spaces and pages, and the JSON the REST APIs (v1 both modes, v2 Cloud) render them to."""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote_plus

ANONYMOUS = None  # the caller, when Data Center lets a request through as nobody


def tiny_code(page_id: int) -> str:
    """The /x/CODE of a page: 8-byte little-endian id, base64, '=' and trailing 'A' dropped, / -> -, + -> _."""
    encoded = base64.b64encode(page_id.to_bytes(8, "little")).decode().rstrip("=").rstrip("A")
    return encoded.replace("/", "-").replace("+", "_")


@dataclass
class Space:
    key: str
    id: int
    name: str
    homepage_id: int | None = None


@dataclass
class User:
    name: str  # Cloud: the email of the email:api_token pair; Data Center: the username
    secret: str  # Cloud API token, or Data Center PAT (Bearer) / password (Basic)
    display_name: str
    account_id: str = ""
    user_key: str = ""
    scopes: frozenset[str] | None = None  # a scoped Cloud API token's scopes; None: a classic token


@dataclass
class Page:
    id: int
    title: str
    space_key: str
    body: str  # storage format
    type: str = "page"  # page | blogpost
    version: int = 1
    status: str = "current"  # current | trashed | draft
    created: str = "2025-09-15T08:00:00.000Z"
    updated: str = "2025-10-28T16:42:10.315Z"
    author_id: str = "557058:5f2b8c0e-7d1a-4a52-9b0e-2f7a3c9d1e44"
    parent_id: int | None = None
    labels: list[str] = field(default_factory=list)

    @property
    def posting_day(self) -> str:
        return self.created[:10]


class Renderer:
    """Renders content for one site: `api_base` is origin + context path; `cloud` picks URL shapes."""

    def __init__(self, api_base: str, context_path: str, cloud: bool) -> None:
        self.api_base, self.context_path, self.cloud = api_base, context_path, cloud

    def webui(self, page: Page) -> str:
        slug = quote_plus(page.title)
        if self.cloud:  # Cloud's slug is lossy: punctuation and non-ASCII letters are dropped
            words = (re.sub(r"[^A-Za-z0-9._~-]", "", word) for word in page.title.split())
            slug = "+".join(word for word in words if word)
            if page.type == "blogpost":
                return f"/spaces/{page.space_key}/blog/{page.created[:10].replace('-', '/')}/{page.id}/{slug}"
            return f"/spaces/{page.space_key}/pages/{page.id}/{slug}"
        if page.type == "blogpost":
            return f"/display/{page.space_key}/{page.created[:10].replace('-', '/')}/{slug}"
        return f"/display/{page.space_key}/{slug}"

    def space_v1(self, space: Space, *, expand: set[str], home: Page | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": space.id,
            "key": space.key,
            "name": space.name,
            "type": "global",
            "status": "current",
            "_links": {
                "webui": f"/spaces/{space.key}" if self.cloud else f"/display/{space.key}",
                "self": f"{self.api_base}/rest/api/space/{space.key}",
            },
            "_expandable": {"metadata": "", "icon": "", "description": "", "retentionPolicy": ""},
        }
        if "homepage" in expand and home is not None:
            out["homepage"] = self.content_v1(home, expand=set(), space=space)
        else:
            out["_expandable"]["homepage"] = f"/rest/api/content/{space.homepage_id}" if space.homepage_id else ""
        return out

    def content_v1(self, page: Page, *, expand: set[str], space: Space, listed: bool = False) -> dict[str, Any]:
        """One content item; `listed` in a search result, where _links.base and .context are the listing's."""
        out: dict[str, Any] = {"id": str(page.id), "type": page.type, "status": page.status, "title": page.title}
        expandable: dict[str, str] = {}
        if "space" in expand:
            out["space"] = {"id": space.id, "key": space.key, "name": space.name, "type": "global", "status": "current"}
        else:
            expandable["space"] = f"/rest/api/space/{space.key}"
        if "version" in expand:
            out["version"] = {
                "by": {"type": "known", "displayName": "Priya Raman"},
                "when": self._date(page.updated),
                "number": page.version,
                "message": "",
                "minorEdit": False,
            }
        else:
            expandable["version"] = ""
        if "body.storage" in expand:
            out["body"] = {
                "storage": {"value": page.body, "representation": "storage", "embeddedContent": []},
                "_expandable": {"view": "", "export_view": "", "styled_view": "", "editor": ""},
            }
        else:
            expandable["body"] = ""
        out["extensions"] = {"position": 0}
        out["_links"] = {
            "webui": self.webui(page),
            "edit": f"/pages/resumedraft.action?draftId={page.id}",
            "tinyui": f"/x/{tiny_code(page.id)}",
            "self": f"{self.api_base}/rest/api/content/{page.id}",
        }
        if not listed:
            out["_links"].update(base=self.api_base, context=self.context_path)
        out["_expandable"] = {**expandable, "children": "", "history": "", "ancestors": "", "container": ""}
        return out

    def content_v2(self, page: Page, *, body_format: str | None, space: Space, listed: bool = False) -> dict[str, Any]:
        """One page or blog post; `listed` in a listing, where _links.base is the listing's."""
        out: dict[str, Any] = {
            "id": str(page.id),
            "status": page.status,
            "title": page.title,
            "spaceId": str(space.id),
            "authorId": page.author_id,
            "createdAt": page.created,
            "version": {
                "createdAt": page.updated,
                "message": "",
                "number": page.version,
                "minorEdit": False,
                "authorId": page.author_id,
            },
        }
        if page.type == "page":
            out.update(
                {
                    "parentId": str(page.parent_id) if page.parent_id else None,
                    "parentType": "page" if page.parent_id else None,
                    "position": 0,
                    "ownerId": page.author_id,
                    "lastOwnerId": None,
                }
            )
        out["body"] = {"storage": {"representation": "storage", "value": page.body}} if body_format else {}
        kind = "pages" if page.type == "page" else "blogposts"
        out["_links"] = {
            "editui": f"/pages/resumedraft.action?draftId={page.id}",
            "webui": self.webui(page),
            "edituiv2": f"/spaces/{space.key}/{kind}/edit-v2/{page.id}",
            "tinyui": f"/x/{tiny_code(page.id)}",
        }
        if not listed:
            out["_links"]["base"] = self.api_base
        return out

    def space_v2(self, space: Space) -> dict[str, Any]:
        return {
            "id": str(space.id),
            "key": space.key,
            "name": space.name,
            "type": "global",
            "status": "current",
            "authorId": "557058:5f2b8c0e-7d1a-4a52-9b0e-2f7a3c9d1e44",
            "createdAt": "2023-02-01T09:00:00.000Z",
            "homepageId": str(space.homepage_id) if space.homepage_id else None,
            "description": None,
            "icon": None,
            "_links": {"webui": f"/spaces/{space.key}"},
        }

    def user_current(self, user: User | None) -> dict[str, Any]:
        if user is None:
            return {
                "type": "anonymous",
                "profilePicture": {
                    "path": "/images/icons/profilepics/anonymous.svg",
                    "width": 48,
                    "height": 48,
                    "isDefault": True,
                },
                "displayName": "Anonymous",
                "operations": None,
                "isExternalCollaborator": False,
                "_links": {"base": self.api_base, "context": self.context_path},
            }
        if self.cloud:
            return {
                "type": "known",
                "accountId": user.account_id,
                "accountType": "atlassian",
                "email": user.name,
                "publicName": user.display_name,
                "displayName": user.display_name,
                "isExternalCollaborator": False,
                "_links": {
                    "self": f"{self.api_base}/rest/api/user?accountId={user.account_id}",
                    "base": self.api_base,
                    "context": self.context_path,
                },
            }
        return {
            "type": "known",
            "username": user.name,
            "userKey": user.user_key,
            "displayName": user.display_name,
            "_links": {
                "self": f"{self.api_base}/rest/api/user?key={user.user_key}",
                "base": self.api_base,
                "context": self.context_path,
            },
        }

    def _date(self, iso_z: str) -> str:
        return iso_z if self.cloud else iso_z.replace("Z", "+01:00")

"""The Confluence REST routes: v1 (Cloud and Data Center) and v2 (Cloud), each a small handler.

A handler takes (wiki, request, user, route params); user None means anonymous. Each route lists the
scopes that admit a scoped Cloud token (any one of them), as Atlassian's REST reference gives them.
Title filters match the exact case (v1, documented); v2's is undocumented and follows
wiki.v2_titles_case_sensitive.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .confluence_access import STALE_ANCESTOR
from .confluence_content import ANONYMOUS, Page, Space, User
from .confluence_cql import CqlError, parse
from .server import Reply, Request

if TYPE_CHECKING:
    from .confluence import FakeConfluence

V2_NOT_FOUND = {"errors": [{"status": 404, "code": "NOT_FOUND", "title": "Not Found", "detail": None}]}


def _expand(request: Request) -> set[str]:
    return {e.strip() for e in request.query.get("expand", "").split(",") if e.strip()}


def _v1_not_found(message: str) -> Reply:
    return Reply.json(
        {
            "statusCode": 404,
            "data": {"authorized": False, "valid": True, "errors": [], "successful": False},
            "message": message,
            "reason": "Not Found",
        },
        404,
    )


def _statuses(request: Request, default: str = "current") -> set[str]:
    """v1 and v2 blog posts list `current` by default, v2 pages `current,archived`."""
    wanted = {s.strip() for s in request.query.get("status", default).split(",") if s.strip()}
    return {"current", "trashed", "draft", "archived"} if "any" in wanted else wanted


# -- v1 (both modes)
def user_current(wiki: FakeConfluence, request: Request, user: User | None, _: dict[str, str]) -> Reply:
    return Reply.json(wiki.render.user_current(user))


def content_by_id(wiki: FakeConfluence, request: Request, user: User | None, p: dict[str, str]) -> Reply:
    page = wiki.visible(wiki.find_page(int(p["id"])), user)
    if page is None or page.status not in _statuses(request):
        return _v1_not_found(f"No content found with id: ContentId{{id={p['id']}}}")
    if wiki.access.stale_ancestor(page, _expand(request)):
        return _v1_not_found(STALE_ANCESTOR)
    out = wiki.render.content_v1(page, expand=_expand(request), space=wiki.space_of(page))
    return Reply.json(wiki.access.expand(out, page, _expand(request)))


def restriction_read(wiki: FakeConfluence, request: Request, user: User | None, p: dict[str, str]) -> Reply:
    page = wiki.visible(wiki.find_page(int(p["id"])), user)
    if page is None:
        return _v1_not_found(f"No content found with id: ContentId{{id={p['id']}}}")
    return Reply.json(wiki.access.by_operation_read(page))


def content_search(wiki: FakeConfluence, request: Request, user: User | None, _: dict[str, str]) -> Reply:
    q = request.query
    kind, title, key, day = q.get("type", "page"), q.get("title"), q.get("spaceKey"), q.get("postingDay")
    found = [
        pg
        for pg in wiki.pages()
        if wiki.visible(pg, user)
        and pg.type == kind
        and pg.status in _statuses(request)
        and (key is None or pg.space_key.upper() == key.upper())
        and (title is None or pg.title == title)
        and (day is None or pg.posting_day == day)
    ]
    return _listing(wiki, request, found, "/rest/api/content")


def content_cql(wiki: FakeConfluence, request: Request, user: User | None, _: dict[str, str]) -> Reply:
    try:
        match = parse(request.query.get("cql", ""))
    except CqlError as e:
        return Reply.json({"statusCode": 400, "message": str(e), "reason": "Bad Request"}, 400)
    found = [pg for pg in wiki.pages() if wiki.visible(pg, user) and pg.status == "current" and match(pg)]
    limit = int(request.query["limit"]) if request.query.get("limit", "").isdigit() else 25
    return _listing(wiki, request, found[:limit], "/rest/api/content/search")


def _listing(wiki: FakeConfluence, request: Request, found: list[Page], path: str) -> Reply:
    expand = _expand(request)
    if any(wiki.access.stale_ancestor(pg, expand) for pg in found):
        return _v1_not_found(STALE_ANCESTOR)
    results = [
        wiki.access.expand(wiki.render.content_v1(pg, expand=expand, space=wiki.space_of(pg), listed=True), pg, expand)
        for pg in found
    ]
    return Reply.json(
        {
            "results": results,
            "start": 0,
            "limit": 25,
            "size": len(results),
            "_links": {
                "base": wiki.api_base,
                "context": wiki.context_path,
                "self": f"{wiki.api_base}{path}",
            },
        }
    )


def space_by_key(wiki: FakeConfluence, request: Request, user: User | None, p: dict[str, str]) -> Reply:
    space = wiki.space(p["key"])
    if space is None or user is ANONYMOUS:
        return _v1_not_found(f"No space found with key : {p['key']}")
    return Reply.json(_space_v1(wiki, space, request, user))


def space_list(wiki: FakeConfluence, request: Request, user: User | None, _: dict[str, str]) -> Reply:
    keys = {k.strip().upper() for k in request.query.get("spaceKey", "").split(",") if k.strip()}
    spaces = [] if user is ANONYMOUS else [s for s in wiki.spaces() if not keys or s.key.upper() in keys]
    results = [_space_v1(wiki, s, request, user) for s in spaces]
    return Reply.json(
        {
            "results": results,
            "start": 0,
            "limit": 25,
            "size": len(results),
            "_links": {"base": wiki.api_base, "context": wiki.context_path},
        }
    )


def _space_v1(wiki: FakeConfluence, space: Space, request: Request, user: User | None) -> dict[str, Any]:
    home = wiki.visible(wiki.find_page(space.homepage_id or 0), user)
    return wiki.render.space_v1(space, expand=_expand(request), home=home)


# -- v2 (Cloud)
def page_v2(wiki: FakeConfluence, request: Request, user: User | None, p: dict[str, str], kind: str = "page") -> Reply:
    page = wiki.visible(wiki.find_page(int(p["id"])), user)
    if page is None or page.type != kind:
        return Reply.json(V2_NOT_FOUND, 404)
    fmt = _body_format(request)
    if isinstance(fmt, Reply):
        return fmt
    return Reply.json(wiki.render.content_v2(page, body_format=fmt, space=wiki.space_of(page)))


def ancestors_v2(wiki: FakeConfluence, request: Request, user: User | None, p: dict[str, str]) -> Reply:
    page = wiki.visible(wiki.find_page(int(p["id"])), user)
    if page is None or page.type != "page":
        return Reply.json(V2_NOT_FOUND, 404)
    return Reply.json(wiki.access.ancestors_v2(page))


def blogpost_v2(wiki: FakeConfluence, request: Request, user: User | None, p: dict[str, str]) -> Reply:
    return page_v2(wiki, request, user, p, kind="blogpost")


def pages_v2(wiki: FakeConfluence, request: Request, user: User | None, p: dict[str, str], kind: str = "page") -> Reply:
    q = request.query
    space_ids = {s.strip() for s in q.get("space-id", "").split(",") if s.strip()}
    title = q.get("title")
    fmt = _body_format(request)
    if isinstance(fmt, Reply):
        return fmt
    fold = (lambda t: t) if wiki.v2_titles_case_sensitive else str.casefold
    found = [
        pg
        for pg in wiki.pages()
        if wiki.visible(pg, user)
        and pg.type == kind
        and pg.status in _statuses(request, "current,archived" if kind == "page" else "current")
        and (not space_ids or str(wiki.space_of(pg).id) in space_ids)
        and (title is None or fold(pg.title) == fold(title))
    ]
    limit = int(q["limit"]) if q.get("limit", "").isdigit() else 25
    return Reply.json(
        {
            "results": [
                wiki.render.content_v2(pg, body_format=fmt, space=wiki.space_of(pg), listed=True)
                for pg in found[:limit]
            ],
            "_links": {"base": wiki.api_base},
        }
    )


def blogposts_v2(wiki: FakeConfluence, request: Request, user: User | None, p: dict[str, str]) -> Reply:
    return pages_v2(wiki, request, user, p, kind="blogpost")


def spaces_v2(wiki: FakeConfluence, request: Request, user: User | None, _: dict[str, str]) -> Reply:
    keys = {k.strip().upper() for k in request.query.get("keys", "").split(",") if k.strip()}
    ids = {i.strip() for i in request.query.get("ids", "").split(",") if i.strip()}
    found = [s for s in wiki.spaces() if (not keys or s.key.upper() in keys) and (not ids or str(s.id) in ids)]
    return Reply.json({"results": [wiki.render.space_v2(s) for s in found], "_links": {"base": wiki.api_base}})


def space_v2(wiki: FakeConfluence, request: Request, user: User | None, p: dict[str, str]) -> Reply:
    found = next((s for s in wiki.spaces() if str(s.id) == p["id"]), None)
    return Reply.json(wiki.render.space_v2(found)) if found else Reply.json(V2_NOT_FOUND, 404)


def _body_format(request: Request) -> str | Reply | None:
    fmt = request.query.get("body-format")
    if fmt in (None, "storage"):
        return fmt
    if fmt in ("atlas_doc_format", "view", "export_view", "anonymous_export_view", "styled_view", "editor"):
        return Reply.json(
            {
                "errors": [
                    {
                        "status": 501,
                        "code": "NOT_IMPLEMENTED",
                        "title": "Not Implemented",
                        "detail": f"the sandbox serves body-format=storage only, not {fmt}",
                    }
                ]
            },
            501,
        )
    return Reply.json(
        {
            "errors": [
                {
                    "status": 400,
                    "code": "INVALID_REQUEST_PARAMETER",
                    "title": "Bad Request",
                    "detail": f"Invalid body-format: {fmt}",
                }
            ]
        },
        400,
    )


Handler = Callable[..., Reply]
# Scopes: classic first, then granular (v1); v2 takes granular scopes only.
USER = frozenset({"read:confluence-user", "read:content-details:confluence"})
CONTENT_V1 = frozenset({"read:confluence-content.summary", "read:content-details:confluence"})
SEARCH = frozenset({"search:confluence", "read:content-details:confluence"})
SPACE_V1 = frozenset({"read:confluence-space.summary", "read:space-details:confluence"})
PAGE = frozenset({"read:page:confluence"})
SPACE = frozenset({"read:space:confluence"})
METADATA = frozenset({"read:content.metadata:confluence"})
RESTRICTION = frozenset({"read:confluence-content.all", "read:content-details:confluence"})
Route = tuple[str, Handler, frozenset[str]]
V1_ROUTES: tuple[Route, ...] = (
    (r"/rest/api/user/current", user_current, USER),
    (r"/rest/api/content/(?P<id>\d{1,19})", content_by_id, CONTENT_V1),
    (r"/rest/api/content/(?P<id>\d{1,19})/restriction/byOperation/read", restriction_read, RESTRICTION),
    (r"/rest/api/content/search/?", content_cql, SEARCH),
    (r"/rest/api/content/?", content_search, CONTENT_V1),
    (r"/rest/api/space/(?P<key>[^/]+)", space_by_key, SPACE_V1),
    (r"/rest/api/space/?", space_list, SPACE_V1),
)
V2_ROUTES: tuple[Route, ...] = (
    (r"/api/v2/pages/(?P<id>\d{1,19})", page_v2, PAGE),
    (r"/api/v2/pages/(?P<id>\d{1,19})/ancestors", ancestors_v2, METADATA),
    (r"/api/v2/blogposts/(?P<id>\d{1,19})", blogpost_v2, PAGE),
    (r"/api/v2/pages/?", pages_v2, PAGE),
    (r"/api/v2/blogposts/?", blogposts_v2, PAGE),
    (r"/api/v2/spaces/?", spaces_v2, SPACE),
    (r"/api/v2/spaces/(?P<id>\d+)", space_v2, SPACE),
)

"""The story around the linked work items, through the azure-devops SDK: the state categories of a project's
work item types, and a work item's discussion (Comments - Get Comments, paged by continuationToken).

Work Item Types - List (7.1-preview.2) gives every type's states with their category in one request; its
published example carries no `states`, so a type without them is asked for on its own (Work Item Type States -
List, 7.1-preview.1), all at once. Comments are read newest first, 200 a page (the page size's documented
maximum is not published), deleted ones never asked for and skipped should one come (azure-devops.md §10).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from doc_context.models import Remark, StateCategories
from doc_context.sources import ado_sdk as sdk
from doc_context.sources.ado_transport import read
from doc_context.text.htmltext import html_to_markdown
from doc_context.text.mentions import html_mentions, markdown_mentions

CHILD_FIELDS = (  # a child is a title line: no description is read
    "System.Id",
    "System.WorkItemType",
    "System.Title",
    "System.State",
    "System.TeamProject",
    "System.AreaPath",
    "System.Tags",
)
COMMENTS_PAGE = 200  # $top of each Get Comments request
MAX_COMMENT_PAGES = 10  # 2,000 comments of one work item at most
STATES_AT_ONCE = 8
_COMMENT_ID = re.compile(r"/comments/(\d+)(?:[/?]|$)", re.I)


def state_categories(wit: sdk.WorkItemClient, project: str) -> StateCategories:
    """Every type's states in `project` by category; a SourceError when the types cannot be read."""
    types = read(f"read the work item types of project {project}", lambda: wit.get_work_item_types(project)) or []
    found: StateCategories = {}
    bare = [str(t.name) for t in types if t.name and not t.states]
    for t in types:
        for state in t.states or []:
            if t.name and state.name:
                found[(str(t.name).casefold(), str(state.name).casefold())] = str(state.category or "")
    if bare:
        with ThreadPoolExecutor(max_workers=min(STATES_AT_ONCE, len(bare)), thread_name_prefix="states") as pool:
            answers = list(pool.map(partial(_type_states, wit, project), bare))
        for name, states in zip(bare, answers, strict=True):
            found.update({(name.casefold(), s.name.casefold()): str(s.category or "") for s in states if s.name})
    return found


def _type_states(wit: sdk.WorkItemClient, project: str, name: str) -> list[sdk.StateColor]:
    action = f"read the states of work item type {name} in project {project}"
    got: Sequence[sdk.StateColor] | None = read(action, lambda: wit.get_work_item_type_states(project, name))
    return list(got or [])


def comments(wit: sdk.WorkItemClient, project: str, item: int, web_url: str) -> list[Remark]:
    """A work item's comments, newest first, following continuationToken (never nextPage, whose address and
    api-version are the service's own); a SourceError when they cannot be read."""
    token: str | None = None
    got: list[sdk.WorkItemComment] = []
    for _ in range(MAX_COMMENT_PAGES):
        page = read(
            f"read the comments of work item {item}",
            partial(wit.get_comments, project, item, top=COMMENTS_PAGE, continuation_token=token, order="desc"),
        )
        got += [c for c in page.comments or [] if not c.is_deleted]
        token = page.continuation_token
        if not token:
            break
    names = {str(who.id).casefold(): str(who.display_name) for c in got if (who := c.created_by) and _named(who)}
    return [_remark(c, item, web_url, names) for c in got]


def _named(who: sdk.IdentityRef | None) -> bool:
    return who is not None and bool(who.id) and bool(who.display_name)


def _remark(c: sdk.WorkItemComment, item: int, web_url: str, names: dict[str, str]) -> Remark:
    raw = c.text or ""
    if str(c.format or "").casefold() in ("markdown", "1"):
        text = markdown_mentions(raw, names)
    else:  # html, the classic editor's and the default when absent (unverified)
        text = markdown_mentions(html_to_markdown(html_mentions(raw)), names)
    number = c.id if c.id is not None else _id_from(c.url or "")
    date = c.created_date.isoformat() if hasattr(c.created_date, "isoformat") else str(c.created_date or "")
    author = (c.created_by.display_name if c.created_by else None) or "someone"
    return Remark(work_item=item, id=int(number), author=str(author), date=date, text=text.strip(), url=web_url)


def _id_from(url: str) -> int:
    """The published examples name the id `commentId`, which the SDK's model does not read: take it from the url."""
    found = _COMMENT_ID.search(url)
    return int(found.group(1)) if found else 0

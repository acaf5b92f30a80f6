"""Pure: a work item's parent chain (Hierarchy-Reverse) -> one line of context.

    Part of [Feature 3907: Gift card payments at checkout](…) — Let shoppers use gift cards for any part
    of an order. (in Epic 3001: Payments 2026)

gather.py fetches the parents (`parent_ids` says which, one batch a level); summaries get them by id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from doc_context.models import WorkItem
from doc_context.relevance.words import line_sentences
from doc_context.summary.tokens import clip
from doc_context.summary.worktypes import DESCRIPTION, field_markdown, shown
from doc_context.text.mdblocks import parse_blocks
from doc_context.text.neutralize import neutralize_inline, safe_link

PARENT = "System.LinkTypes.Hierarchy-Reverse"
MAX_DEPTH = 5
GOAL_CHARS = 160
_TYPE_PREFIX = re.compile(r"^[\[(]?\s*([^\]):|]{1,40}?)\s*(?:[\]):|]|\s[-\u2013\u2014])\s*")
_ID_IN_URL = re.compile(r"/workitems/(\d+)/?$", re.IGNORECASE)

Parent = tuple[str, str, str]  # heading ("Feature 3907: Gift card payments"), goal sentence, web url


def parent_id(item: WorkItem) -> int | None:
    """The id of the item's parent, from its Hierarchy-Reverse relation."""
    for relation in item.relations:
        if relation.rel == PARENT and (match := _ID_IN_URL.search(relation.url)):
            return int(match.group(1))
    return None


def parent_ids(items: Iterable[WorkItem]) -> list[int]:
    """The parents to fetch for these items (one batch), without the items already at hand."""
    have = {item.id for item in items}
    found = (parent_id(item) for item in items)
    return sorted({i for i in found if i is not None and i not in have})


def parent_chain(item: WorkItem, parents: Mapping[int, WorkItem], depth: int = MAX_DEPTH) -> tuple[Parent, ...]:
    """The item's ancestors that were fetched, nearest first, up to depth levels; a cycle ends the chain."""
    chain: list[Parent] = []
    seen = {item.id}
    current = parent_id(item)
    while current is not None and current not in seen and current in parents and len(chain) < depth:
        parent = parents[current]
        seen.add(current)
        chain.append((heading(parent), goal(parent), parent.web_url))
        current = parent_id(parent)
    return tuple(chain)


def heading(item: WorkItem) -> str:
    """ "Spike 4230: banker's rounding": the type, the id and the title, the type said once (a title that
    starts with its type, "Spike: banker's rounding" or "[Spike] …", drops that word)."""
    title = item.title.strip()
    kind = item.type.strip()
    if kind and (match := _TYPE_PREFIX.match(title)) and match.group(1).casefold() == kind.casefold():
        title = title[match.end() :].strip() or title
    return f"{kind} {item.id}: {title}".strip()


def goal(item: WorkItem) -> str:
    """The first sentence of the item's description: what the Feature or Epic is for.

    A type that hides its description (a Bug, worktypes.py) shows none, not even as a parent."""
    if not shown(item, DESCRIPTION.name):
        return ""
    for block in parse_blocks(field_markdown(item, DESCRIPTION.name)):
        if block.kind in ("para", "quote", "list"):
            first = block.items[0] if block.kind == "list" else block.lines[0]
            sentences = line_sentences(first.strip())
            return clip(sentences[0], GOAL_CHARS) if sentences else ""
    return ""


def parent_line(chain: tuple[Parent, ...]) -> str:
    """ONE line of markdown for a chain: the nearest parent with its goal, the others by title."""
    if not chain:
        return ""
    heading, purpose, url = chain[0]
    line = "Part of " + safe_link(heading, url)
    if purpose:
        line += " — " + neutralize_inline(purpose)
    further = [safe_link(h, u) for h, _, u in chain[1:]]
    return line + (f" (in {', in '.join(further)})" if further else "")

"""Pure: summaries -> the markdown of the one PR comment, within its size budget.

The layout: a title, a short overview (overview.py, or an LLM's paragraph), a section per work item
(a link to it, its state and extra fields, its parent line, its summary, the changed files it speaks
to, and where the text came from: field names and revision), then the Confluence pages (a link, the
summary, the citing work items, space and version).

Every text that came from a work item, a page or the pull request goes through `neutralize`.
When the comment is too long, the least relevant parts go first: page summaries, then the tails
of work item texts, then page entries, then work item texts, then their details (parent line,
files, origin), then work items; a last line says so.
Texts are shortened at block and line boundaries (excerpt.shorten): a table is never cut in half.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from doc_context.comment.overview import count, llm_paragraph, overview
from doc_context.models import PullRequest, Summary
from doc_context.summary.excerpt import shorten
from doc_context.summary.parents import parent_line
from doc_context.summary.tokens import clip
from doc_context.summary.worktypes import label
from doc_context.text.mdblocks import separate_blocks
from doc_context.text.neutralize import neutralize, neutralize_inline, safe_link, strip_invisible

__all__ = ["HARD_CAP", "TITLE", "neutralize", "render_comment"]

TITLE = "## Business context for this pull request"
PAGES_TITLE = "### Confluence pages"
HARD_CAP = 150_000
MAX_TOUCHES = 10
SHORTER = (400, 150)  # work item texts are cut to these lengths, in turn
Trimmed = dict[tuple[str, str], set[int]]  # (what, how) -> indexes of the parts trimmed so


@dataclass
class _Part:
    """One work item or page section; trimming shortens its body, then drops its context and tail."""

    head: str
    raw: str
    tail: str
    relevance: int
    index: int
    context: str = ""  # the parent line
    body: str = field(init=False)

    def __post_init__(self) -> None:
        self.body = neutralize(self.raw)

    def blocks(self) -> list[str]:
        return [b for b in (self.head, self.context, self.body, self.tail) if b]

    def render(self) -> str:
        return "\n\n".join(self.blocks())

    def size(self) -> int:
        blocks = self.blocks()
        return sum(map(len, blocks)) + 2 * (len(blocks) - 1)


def render_comment(
    pr: PullRequest | None,
    items: Sequence[Summary],
    pages: Sequence[Summary],
    *,
    changed_count: int = 0,
    budget: int = 12_000,
    llm_overview: str | None = None,
) -> str:
    """The whole comment: a title, an overview, a section per work item, then the pages.

    `llm_overview`, when given, replaces the extractive overview paragraph and nothing else.
    """
    limit = max(0, min(budget, HARD_CAP))
    opening = (
        llm_paragraph(llm_overview)
        if llm_overview and llm_overview.strip()
        else overview(pr, items, pages, changed_count)
    )
    intro = [TITLE, opening]
    item_parts = [_item_part(s, i) for i, s in enumerate(items)]
    page_parts = [_page_part(s, i) for i, s in enumerate(pages)]
    trimmed: Trimmed = {}
    steps = _trims(item_parts, page_parts)
    while _size(intro, item_parts, page_parts, _note(trimmed, limit)) > limit:
        step = next(steps, None)
        if step is None:
            break
        what, how, index = step
        trimmed.setdefault((what, how), set()).add(index)
    text = _join(intro, item_parts, page_parts, _note(trimmed, limit))
    return text if len(text) <= limit else _cut(text, limit)


def _item_part(summary: Summary, index: int) -> _Part:
    head = f"### {safe_link(clip(summary.heading, 300), summary.url)}"
    facts = [("State", summary.meta)] if summary.meta.strip() else []
    facts += list(summary.extra)
    if facts:
        head += "\n" + " · ".join(f"**{neutralize_inline(k)}:** {neutralize_inline(clip(v, 120))}" for k, v in facts)
    tail = "\n\n".join(t for t in (_touches(summary.related_files), _origin(summary)) if t)
    return _Part(head, separate_blocks(summary.text), tail, summary.relevance, index, parent_line(summary.parents))


def _origin(summary: Summary) -> str:
    """Where the text came from: the work item, its fields and revision."""
    number = summary.source_id.removeprefix("work item ").strip()
    facts = [f"From work item {neutralize_inline(number)}" if number.isdigit() else ""]
    if summary.fields_used:
        facts[0] += ": " + ", ".join(neutralize_inline(label(f)) for f in summary.fields_used)
    facts += [f"revision {neutralize_inline(summary.version)}"] if summary.version.strip() else []
    facts = [f for f in facts if f]
    return "_" + " · ".join(facts) + "_" if facts else ""


def _page_part(summary: Summary, index: int) -> _Part:
    facts = ["Cited by " + ", ".join(f"#{i}" for i in summary.cited_by)] if summary.cited_by else []
    facts += [neutralize_inline(clip(summary.meta, 100))] if summary.meta.strip() else []
    facts += [f"version {neutralize_inline(summary.version)}"] if summary.version.strip() else []
    head = f"#### {safe_link(clip(summary.heading, 300), summary.url)}"
    tail = [_touches(summary.related_files), "_" + " · ".join(facts) + "_" if facts else ""]
    return _Part(head, separate_blocks(summary.text), "\n\n".join(t for t in tail if t), summary.relevance, index)


def _touches(paths: Sequence[str]) -> str:
    if not paths:
        return ""
    shown = [_code(p) for p in paths[:MAX_TOUCHES]]
    more = f" and {len(paths) - MAX_TOUCHES} more" if len(paths) > MAX_TOUCHES else ""
    return "**Touches:** " + ", ".join(shown) + more


def _code(path: str) -> str:
    text = re.sub(r"\s+", " ", strip_invisible(clip(path, 200))).replace("`", "'")
    return "`" + text.replace("<", "&lt;").replace(">", "&gt;") + "`"


def _trims(items: list[_Part], pages: list[_Part]) -> Iterator[tuple[str, str, int]]:
    """Each step shortens or drops one part, least relevant first, and says which (what, how, index).

    The caller records the steps and stops when the comment fits.
    """
    for page in _least_relevant(pages):
        if page.body:
            page.body = ""
            yield ("page summary", "dropped", page.index)
    for limit in SHORTER:
        for item in _least_relevant(items):
            if len(item.body) > limit:
                item.body = neutralize(shorten(item.raw, limit))
                yield ("work item text", "shortened", item.index)
    for page in _least_relevant(pages):
        pages.remove(page)
        yield ("page", "left out", page.index)
    for item in _least_relevant(items):
        if item.body:
            item.body = ""
            yield ("work item text", "left out", item.index)
    for item in _least_relevant(items):
        if item.context or item.tail:
            item.context = item.tail = ""
            yield ("work item detail", "left out", item.index)
    for item in _least_relevant(items):
        items.remove(item)
        yield ("work item", "left out", item.index)


def _least_relevant(parts: list[_Part]) -> list[_Part]:
    return sorted(parts, key=lambda p: (p.relevance, -p.index))


def _note(trimmed: Trimmed, limit: int) -> str:
    if not trimmed:
        return ""
    what = ", ".join(f"{count(len(ids), noun)} {verb}" for (noun, verb), ids in trimmed.items())
    return f"_Trimmed to fit the {limit:,}-character limit: {what}._"


def _blocks(intro: list[str], items: list[_Part], pages: list[_Part], note: str) -> list[str]:
    blocks = [*intro, *(p.render() for p in items)]
    blocks += [PAGES_TITLE, *(p.render() for p in pages)] if pages else []
    return [b for b in (*blocks, note) if b]


def _size(intro: list[str], items: list[_Part], pages: list[_Part], note: str) -> int:
    sizes = [len(b) for b in (*intro, note) if b] + [p.size() for p in items + pages]
    sizes += [len(PAGES_TITLE)] if pages else []
    return sum(sizes) + 2 * (len(sizes) - 1)


def _join(intro: list[str], items: list[_Part], pages: list[_Part], note: str) -> str:
    return "\n\n".join(_blocks(intro, items, pages, note))


def _cut(text: str, limit: int) -> str:
    """The last resort when even the headings do not fit: whole lines up to the limit."""
    head = text[:limit]
    return head[: head.rfind("\n")].rstrip() if "\n" in head else ""

"""Pure: summaries -> the markdown of the one PR comment, within its size budget.

Every text that came from a work item, a page or the pull request goes through `neutralize`.
When the comment is too long, the least relevant parts go first: page summaries, then the tails
of work item texts, then page entries, then work item texts, then work items; a last line says so.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .models import PullRequest, Summary
from .neutralize import neutralize, neutralize_inline
from .tokens import clip

__all__ = ["HARD_CAP", "TITLE", "neutralize", "render_comment"]

TITLE = "## Business context for this pull request"
PAGES_TITLE = "### Confluence pages"
HARD_CAP = 150_000
MAX_TOUCHES = 10
SHORTER = (400, 150)  # work item texts are cut to these lengths, in turn
_DONE = object()
Trimmed = dict[tuple[str, str], set[int]]  # (what, how) -> indexes of the parts trimmed so
_SAFE_URL = re.compile(r"(?i)^https?://[^\s<>\"'`]+$")


@dataclass
class _Part:
    """One work item or page section; its body is the only part trimming shortens."""

    head: str
    raw: str
    tail: str
    relevance: int
    index: int
    body: str = field(init=False)

    def __post_init__(self) -> None:
        self.body = neutralize(self.raw)

    def render(self) -> str:
        return "\n\n".join(b for b in (self.head, self.body, self.tail) if b)

    def size(self) -> int:
        blocks = [b for b in (self.head, self.body, self.tail) if b]
        return sum(map(len, blocks)) + 2 * (len(blocks) - 1)


def render_comment(
    pr: PullRequest | None,
    items: Sequence[Summary],
    pages: Sequence[Summary],
    *,
    changed_count: int = 0,
    budget: int = 12_000,
    footer: str = "",
) -> str:
    """The whole comment: a title, an overview, a section per work item, then the pages."""
    limit = max(0, min(budget, HARD_CAP))
    intro = [TITLE, _overview(pr, items, pages, changed_count)]
    item_parts = [_item_part(s, i) for i, s in enumerate(items)]
    page_parts = [_page_part(s, i) for i, s in enumerate(pages)]
    trimmed: Trimmed = {}
    steps = _trims(item_parts, page_parts, trimmed)
    while _size(intro, item_parts, page_parts, _note(trimmed, limit), footer) > limit:
        if next(steps, _DONE) is _DONE:
            break
    text = _join(intro, item_parts, page_parts, _note(trimmed, limit), footer)
    return text if len(text) <= limit else _cut(text, limit)


def _overview(pr: PullRequest | None, items: Sequence[Summary], pages: Sequence[Summary], changed: int) -> str:
    title = neutralize_inline(clip(pr.title, 200)) if pr and pr.title.strip() else ""
    subject = f"This pull request (“{title}”)" if title else "This pull request"
    if not items:
        return f"{subject} has no linked work items; link one to see its business context here."
    extras = [_count(len(pages), "Confluence page") + " referenced"] if pages else []
    extras += [_count(changed, "file") + " changed"] if changed else []
    return f"{subject} is linked to {_kinds(items)}" + "".join(f"; {e}" for e in extras) + "."


def _kinds(items: Sequence[Summary]) -> str:
    counts: dict[str, int] = {}
    for item in items:
        kind = neutralize_inline(item.kind).lower() or "work item"
        counts[kind] = counts.get(kind, 0) + 1
    phrases = [_count(n, kind) for kind, n in counts.items()]
    return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " and " + phrases[-1]


def _count(n: int, noun: str) -> str:
    if n == 1:
        return f"1 {noun}"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return f"{n} {noun[:-1]}ies"
    return f"{n} {noun}{'es' if noun.endswith(('s', 'x', 'ch', 'sh')) else 's'}"


def _link(text: str, url: str) -> str:
    label = neutralize_inline(clip(text, 300))
    url = url.strip()
    if not _SAFE_URL.match(url):
        return label
    return f"[{label}]({url.replace('(', '%28').replace(')', '%29')})"


def _item_part(summary: Summary, index: int) -> _Part:
    head = f"### {_link(summary.heading, summary.url)}"
    if summary.meta.strip():
        head += f"\n**State:** {neutralize_inline(clip(summary.meta, 100))}"
    return _Part(head, summary.text, _touches(summary.related_files), summary.relevance, index)


def _page_part(summary: Summary, index: int) -> _Part:
    facts = ["Cited by " + ", ".join(f"#{i}" for i in summary.cited_by)] if summary.cited_by else []
    facts += [neutralize_inline(clip(summary.meta, 100))] if summary.meta.strip() else []
    facts += [f"version {neutralize_inline(summary.version)}"] if summary.version.strip() else []
    head = f"#### {_link(summary.heading, summary.url)}"
    return _Part(head, summary.text, "_" + " · ".join(facts) + "_" if facts else "", summary.relevance, index)


def _touches(paths: Sequence[str]) -> str:
    if not paths:
        return ""
    shown = [_code(p) for p in paths[:MAX_TOUCHES]]
    more = f" and {len(paths) - MAX_TOUCHES} more" if len(paths) > MAX_TOUCHES else ""
    return "**Touches:** " + ", ".join(shown) + more


def _code(path: str) -> str:
    text = re.sub(r"\s+", " ", clip(path, 200)).replace("`", "'")
    return "`" + text.replace("<", "&lt;").replace(">", "&gt;").replace("@", "@\u200b") + "`"


def _trims(items: list[_Part], pages: list[_Part], trimmed: Trimmed) -> Iterator[None]:
    """Each step shortens or drops one part, least relevant first; the caller stops when it fits."""
    for page in _least_relevant(pages):
        if page.body:
            page.body = ""
            yield trimmed.setdefault(("page summary", "dropped"), set()).add(page.index)
    for limit in SHORTER:
        for item in _least_relevant(items):
            if len(item.body) > limit:
                item.body = neutralize(clip(item.raw, limit))
                yield trimmed.setdefault(("work item text", "shortened"), set()).add(item.index)
    for page in _least_relevant(pages):
        pages.remove(page)
        yield trimmed.setdefault(("page", "left out"), set()).add(page.index)
    for item in _least_relevant(items):
        if item.body:
            item.body = ""
            yield trimmed.setdefault(("work item text", "left out"), set()).add(item.index)
    for item in _least_relevant(items):
        items.remove(item)
        yield trimmed.setdefault(("work item", "left out"), set()).add(item.index)


def _least_relevant(parts: list[_Part]) -> list[_Part]:
    return sorted(parts, key=lambda p: (p.relevance, -p.index))


def _note(trimmed: Trimmed, limit: int) -> str:
    if not trimmed:
        return ""
    what = ", ".join(f"{_count(len(ids), noun)} {verb}" for (noun, verb), ids in trimmed.items())
    return f"_Trimmed to fit the {limit:,}-character limit: {what}._"


def _blocks(intro: list[str], items: list[_Part], pages: list[_Part], note: str, footer: str) -> list[str]:
    blocks = [*intro, *(p.render() for p in items)]
    blocks += [PAGES_TITLE, *(p.render() for p in pages)] if pages else []
    return [b for b in (*blocks, note, footer) if b]


def _size(intro: list[str], items: list[_Part], pages: list[_Part], note: str, footer: str) -> int:
    sizes = [len(b) for b in (*intro, note, footer) if b] + [p.size() for p in items + pages]
    sizes += [len(PAGES_TITLE)] if pages else []
    return sum(sizes) + 2 * (len(sizes) - 1)


def _join(intro: list[str], items: list[_Part], pages: list[_Part], note: str, footer: str) -> str:
    return "\n\n".join(_blocks(intro, items, pages, note, footer))


def _cut(text: str, limit: int) -> str:
    """The last resort when even the headings do not fit: whole lines up to the limit."""
    head = text[:limit]
    return head[: head.rfind("\n")].rstrip() if "\n" in head else ""

"""Pure: summaries -> the markdown of the one PR comment, within its ceiling, and of the build summary.

The layout: a title, a short overview (overview.py, or an LLM's paragraph), the work items (grouped
under the parents they share, sections.py), then the pages under their source's heading, and a link to the build
summary when the run uploads one. The build summary (`full=True`) has the same layout with the
fuller excerpts and where each text came from.

Every text that came from a work item, a page or the pull request goes through `neutralize`.
The budget is a ceiling, not a target: every source's text comes whole (what matches the change, every
criterion) and only when the comment is longer than the ceiling do its parts yield, in the order
yields.py writes down (page middles first; system info, criteria and each page's lead last); a last
line says what yielded. Texts shorten at whole parts, blocks and lines: a table is never cut in half.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from doc_context.comment import yields
from doc_context.comment.criteria_list import NAMES_ONLY
from doc_context.comment.overview import count, llm_paragraph, overview
from doc_context.comment.sections import Part, item_parts, page_parts
from doc_context.models import PullRequest, Summary
from doc_context.summary.prlinks import links_ref
from doc_context.text.codespans import fence_open_at_end
from doc_context.text.neutralize import neutralize, safe_link
from doc_context.text.visible import visible_size

__all__ = ["COUNTED", "DEFAULT_BUDGET", "HARD_CAP", "TITLE", "neutralize", "render_comment"]

TITLE = "## Business context"
PAGES_TITLE = "### Pages"  # over a page summary made without its source's section (every source says its own)
HARD_CAP = 150_000  # Azure DevOps: "Comments can be up to 150,000 characters" (REST 7.1, Comment.content)
DEFAULT_BUDGET = 3_000  # visible characters (about 500 words), a ceiling, not a target; DOC_CONTEXT_COMMENT_BUDGET
COUNTED = "visible characters"  # how the ceiling counts: the README, admin.md and the task input say the same
Trimmed = dict[tuple[str, str], set[int]]  # (what, how) -> indexes of the parts trimmed so


def render_comment(
    pr: PullRequest | None,
    items: Sequence[Summary],
    pages: Sequence[Summary],
    *,
    changed_count: int = 0,
    budget: int = DEFAULT_BUDGET,
    llm_overview: str | None = None,
    summary_url: str = "",
    full: bool = False,
    by_name: str = "",
) -> str:
    """The whole comment: a title, an overview, the work items, then the pages.

    `llm_overview`, when given, replaces the extractive overview paragraph and nothing else.
    `summary_url`: the build summary that holds the fuller text, linked from the comment's end.
    `full`: the build summary itself (fuller texts, where each came from; no link to itself).
    `by_name`: which changed files were read by name only (criteria.by_name_line), said once under the criteria.
    """
    limit = max(0, min(budget, HARD_CAP))  # visible characters; the raw markdown's own cap is HARD_CAP
    opening = (
        llm_paragraph(llm_overview)
        if llm_overview and llm_overview.strip()
        else overview(pr, items, pages, changed_count)
    )
    files_view = links_ref(pr) if pr else None
    parts = item_parts(items, full=full, pr=files_view)
    layout = Layout([TITLE, opening], parts, page_parts(pages, full=full, pr=files_view))
    layout.link = "" if full or not summary_url else _summary_link(summary_url)
    layout.by_name = by_name
    trimmed: Trimmed = {}
    steps = yields.steps(layout.items, layout.pages)
    while layout.visible(note := _note(trimmed, limit, layout.pages)) > limit or layout.size(note) > HARD_CAP:
        step = next(steps, None)
        if step is None:
            break
        what, how, index = step
        trimmed.setdefault((what, how), set()).add(index)
    text = layout.text(_note(trimmed, limit, layout.pages))
    return text if visible_size(text) <= limit and len(text) <= HARD_CAP else _cut(text, limit)


@dataclass
class Layout:
    """The comment's blocks in their order: the one place that lays it out, for its size and its text."""

    intro: list[str]
    items: list[Part]
    pages: list[Part]
    link: str = ""
    by_name: str = ""  # which changed files were read by name only, said once under the criteria

    def pieces(self, note: str = "") -> list[str | Part]:
        """The blocks in their order, each part as itself (blocks renders it, size only measures it)."""
        pieces: list[str | Part] = [*self.intro]
        group = ""
        for part in self.items:
            if part.group != group:
                group = part.group
                pieces.append(group)
            pieces.append(part)
        if any(p.names_only and p.body for p in self.items):  # said once, under the criteria it is about
            pieces.append(f"_{NAMES_ONLY}_")
        elif self.by_name and any(p.evidence and p.body for p in self.items):
            pieces.append(f"_{self.by_name}_")
        for title in dict.fromkeys(p.group or PAGES_TITLE for p in self.pages):  # each source's pages, its title
            pieces += [title, *(p for p in self.pages if (p.group or PAGES_TITLE) == title)]
        return [*pieces, self.link, note]  # the note last: what yielded, how many pages are title only

    def blocks(self, note: str = "") -> list[str]:
        rendered = (p if isinstance(p, str) else p.render() for p in self.pieces(note))
        return [b for b in rendered if b]

    def size(self, note: str = "") -> int:
        """len(self.text(note)), measured without joining it: the comment yields a step at a time."""
        sizes = [len(p) if isinstance(p, str) else p.size() for p in self.pieces(note)]
        shown = [n for n in sizes if n]
        return sum(shown) + 2 * (len(shown) - 1)

    def visible(self, note: str = "") -> int:
        """visible_size(self.text(note)), measured a block at a time (blocks apart read as one space)."""
        sizes = [visible_size(p) if isinstance(p, str) else p.visible() for p in self.pieces(note) if p]
        shown = [n for n in sizes if n]
        return sum(shown) + len(shown) - 1 if shown else 0

    def text(self, note: str = "") -> str:
        return "\n\n".join(self.blocks(note))


def _summary_link(url: str) -> str:
    return f"_In full: {safe_link('build summary', url)}_"


def _note(trimmed: Trimmed, limit: int, pages: Sequence[Part] = ()) -> str:
    """What yielded, each part counted once, by the last that happened to it (a text shortened, then left out,
    is counted as left out; a page's excerpt left out, as a page "title only"), and the pages the comment
    shows by title only, counted by why (title_only)."""
    only = title_only(pages, trimmed.get(("page excerpt", "left out"), set()))
    if not trimmed:
        return f"_{only[:1].upper()}{only[1:]}._" if only else ""
    gone = {(noun, i) for (noun, verb), ids in trimmed.items() if verb == "left out" for i in ids}
    room = {("page excerpt", p.index) for p in pages if not p.withheld and not p.body}  # said as "for room"
    counts = {
        (noun, verb): [i for i in ids if (verb == "left out" or (noun, i) not in gone) and (noun, i) not in room]
        for (noun, verb), ids in trimmed.items()
    }
    what = ", ".join(f"{count(len(ids), noun)} {verb}" for (noun, verb), ids in counts.items() if ids)
    return f"_Trimmed to fit {limit:,} {COUNTED}: {what}{'; ' + only if only else ''}._"


def title_only(pages: Sequence[Part], yielded: set[int] = frozenset()) -> str:  # type: ignore[assignment]
    """The pages shown by title only, each reason counted apart, in its own words: "title only" (for room: their
    excerpt yielded), "withheld for access" (restricted, or their audience), "whose text the work items already
    show", "with nothing to quote"."""
    room = sum(1 for p in pages if not p.withheld and not p.body and p.index in yielded)
    withheld = sum(1 for p in pages if p.withheld)
    told = sum(1 for p in pages if not p.withheld and not p.body and p.index not in yielded and p.told)
    empty = sum(1 for p in pages if not p.withheld and not p.body and p.index not in yielded and not p.told)
    said = [
        f"{count(room, 'page')} title only" if room else "",  # for room: the excerpt yielded to the ceiling
        f"{count(withheld, 'page')} withheld for access" if withheld else "",
        f"{count(told, 'page')} whose text the work items already show" if told else "",
        f"{count(empty, 'page')} with nothing to quote" if empty else "",
    ]
    return "; ".join(s for s in said if s)


def _cut(text: str, limit: int) -> str:
    """The last resort when even the headings do not fit: whole lines up to the limit (visible characters,
    and HARD_CAP raw), and no fence left open (the cut goes back to before it)."""
    lines = text.split("\n")
    low, high = 0, len(lines) - 1  # the most lines that fit: a line more never reads shorter
    while low < high:
        mid = (low + high + 1) // 2
        head = "\n".join(lines[:mid])
        low, high = (mid, high) if visible_size(head) <= limit and len(head) <= HARD_CAP else (low, mid - 1)
    head = "\n".join(lines[:low]).rstrip()
    opener = fence_open_at_end(head)
    return head if opener is None else head[:opener].rstrip()

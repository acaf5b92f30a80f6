"""Pure: work items and Confluence pages -> extractive summaries, ranked against the PR's changes.

Which fields a work item is summarized from, and how each is shown, is its type's row in
worktypes.py (a Bug: its repro steps and system info, never its description). Extra fields per
type (extrafields.py) and the parent chain (parents.py) come as short lines of context.

The comment gets a compact text of each source (its lead, its references, what matches the change,
within a budget its sources share) and the build summary a fuller one (`more`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from doc_context.models import ChangedFile, Gathered, Page, Summary, Withheld, WorkItem
from doc_context.summary.citations import cites_only, is_reference
from doc_context.summary.criteria import parse_criteria
from doc_context.summary.excerpt import LEAD_CHARS, Keep, excerpt
from doc_context.summary.extrafields import ExtraFields, extra_values
from doc_context.summary.parents import heading, parent_chain
from doc_context.summary.related import touches
from doc_context.summary.repro import environment_text, repro_text
from doc_context.summary.tokens import focus_tokens, relevance, terms, values
from doc_context.summary.worktypes import How, field_markdown, label, work_type

LEAD = 200  # the comment keeps a lead paragraph's first sentence and its most relevant ones up to this much
ITEMS_BUDGET = 600  # the comment: what the work items' descriptions may take, shared by the items
DESCRIPTION_BUDGET = (200, 600)  # the least and the most one description gets of it
DESCRIPTION_MORE_BUDGET = 1_500  # the build summary
PAGES_BUDGET = 450  # the comment: each page's lead paragraph and what matches the change, shared by the pages
PAGE_BUDGET = (150, 800)  # the least and the most one page gets of it
TOP_PAGE_BUDGET = 520  # the most relevant page gets at least this: its best rule and row beside its lead
MIN_SOURCES_APART = 3  # a file named under each of this many sources or more is named under none
PAGE_MORE_BUDGET = 1_800  # the build summary: the lead, the most relevant parts, then the rest in order


def work_item_summary(
    item: WorkItem,
    changed: Sequence[ChangedFile],
    diff: str = "",
    *,
    extra: ExtraFields | None = None,
    budget: int = DESCRIPTION_BUDGET[1],
    pages: frozenset[int] = frozenset(),
) -> Summary:
    """The summary of one work item, its type's fields ranked against the changed files and diff: `text`
    for the comment (a description within `budget`, without the lines that only link to `pages`, the ids
    of pages the comment shows anyway), `more` fuller, for the build summary."""
    focus = focus_tokens(changed, diff)
    if item.withheld:
        return replace(
            _title_only(item.withheld, item.title, focus),
            source_id=f"work item {item.id}",
            heading=heading(item),
            kind=item.type,
            url=item.web_url,
        )
    fields = work_type(item.type).fields
    texts = {f.name: field_markdown(item, f.name) for f in fields}
    criteria = tuple(c for f in fields if f.how == "criteria" for c in parse_criteria(texts[f.name]))
    nothing = "" if criteria else "_No " + " or ".join(_lower(label(f.name)) for f in fields) + "._"
    compact, full = (
        "\n\n".join(p for p in (_shown(f.how, texts[f.name], focus, size, pages) for f in fields) if p) or nothing
        for size in (budget, 0)
    )
    whole = "\n".join([item.title, *texts.values()])
    return Summary(
        source_id=f"work item {item.id}",
        heading=heading(item),
        text=compact,
        more=full if full != compact else "",
        related_files=touches(changed, whole),
        kind=item.type,
        meta=item.state,
        url=item.web_url,
        version=str(item.rev) if item.rev else "",
        relevance=relevance(whole, focus),
        extra=extra_values(item, extra or {}),
        fields_used=tuple(name for name, text in texts.items() if text),
        criteria=criteria,
    )


def _shown(how: How, text: str, focus: frozenset[str], budget: int, pages: frozenset[int]) -> str:
    """A field as the comment shows it within `budget` (visible characters), or in full for the build
    summary (budget 0): there, a bug's context too."""
    if how == "criteria":
        return ""  # Summary.criteria: every criterion, shown by comment/criteria.py
    if how == "steps":
        return repro_text(text, context=not budget)
    if how == "environment":
        return environment_text(text)  # one line: the browser, the build, the device a reviewer must know
    if not budget:
        return excerpt(text, focus, DESCRIPTION_MORE_BUDGET, Keep(lead=LEAD_CHARS, first=1))
    keep = Keep(lead=LEAD, matches_only=True, never=partial(cites_only, page_ids=pages), always=is_reference)
    return excerpt(text, focus, budget, keep)


def _lower(words: str) -> str:
    return words if words[:2].isupper() else words[:1].lower() + words[1:]


def page_summary(
    page: Page,
    changed: Sequence[ChangedFile],
    cited_by: Sequence[int],
    diff: str = "",
    bugs: frozenset[str] = frozenset(),
    budget: int = PAGE_BUDGET[1],
) -> Summary:
    """The summary of one Confluence page: its lead paragraph, then its parts that match the change (the
    diff's words, identifiers and values, and `bugs`: what the PR's bugs say, see bug_terms), under their
    headings. `more` holds a fuller excerpt for the build summary."""
    focus = focus_tokens(changed, diff) | bugs
    if page.withheld:
        summary = _title_only(page.withheld, page.title, focus)
        return replace(summary, source_id=f"page {page.id}", cited_by=tuple(sorted(set(cited_by))), url=page.web_url)
    whole = f"{page.title}\n{page.text}"
    text = excerpt(page.text, focus, budget, Keep(lead=LEAD, matches_only=True, boost=bugs, title=page.title))
    more = excerpt(page.text, focus, PAGE_MORE_BUDGET, Keep(lead=LEAD_CHARS, boost=bugs, title=page.title))
    return Summary(
        source_id=f"page {page.id}",
        heading=page.title,
        text=text,
        more=more if more != text else "",
        related_files=touches(changed, whole),
        cited_by=tuple(sorted(set(cited_by))),
        kind="page",
        meta=f"space {page.space_key}" if page.space_key else "",
        url=page.web_url,
        version=str(page.version),
        relevance=relevance(whole, focus),
    )


def _title_only(why: Withheld, title: str, focus: frozenset[str]) -> Summary:
    """A withheld source: its title and link, and why; ranked by its title alone."""
    return Summary(
        source_id="",
        heading=title,
        text=f"_Title only: {why.why}._",
        kind="page",
        relevance=relevance(title, focus),
        withheld=why.why,
    )


def bug_terms(items: Sequence[WorkItem]) -> frozenset[str]:
    """What the PR's bugs say, for ranking page parts: the words of their titles and every value (number)
    of their titles and shown fields: a policy's table row holding the bug's own case matches. A withheld
    bug (title only) lends nothing."""
    found: set[str] = set()
    for item in items:
        if work_type(item.type).verb == "fixes" and not item.withheld:
            found.update(terms(item.title))
            found.update(v for f in work_type(item.type).fields for v in values(field_markdown(item, f.name)))
    return frozenset(found)


def summarize_all(gathered: Gathered, *, extra: ExtraFields | None = None) -> tuple[list[Summary], list[Summary]]:
    """(work item summaries, page summaries), most relevant first, ranked against gathered.diff."""
    changed, diff = gathered.changed_files, gathered.diff
    parents = {p.id: p for p in gathered.parents}
    size = _share(ITEMS_BUDGET, DESCRIPTION_BUDGET, len(gathered.work_items))
    shown = frozenset(page.id for page, _ in gathered.pages)
    items = [
        replace(
            work_item_summary(item, changed, diff, extra=extra, budget=size, pages=shown),
            parents=parent_chain(item, parents),
        )
        for item in gathered.work_items
    ]
    bugs = bug_terms(gathered.work_items)
    share = _share(PAGES_BUDGET, PAGE_BUDGET, len(gathered.pages))
    focus = focus_tokens(changed, diff) | bugs
    ranks = [relevance(f"{page.title}\n{page.text}", focus) for page, _ in gathered.pages]
    top = ranks.index(max(ranks)) if ranks else -1
    pages = [
        page_summary(page, changed, ids, diff, bugs, max(share, TOP_PAGE_BUDGET) if n == top else share)
        for n, (page, ids) in enumerate(gathered.pages)
    ]
    return _ranked(_telling(items)), _ranked(_telling(pages))


def _telling(summaries: list[Summary]) -> list[Summary]:
    """Touches that set a source apart: a file every one of three or more sources names tells nothing."""
    lists = [s.related_files for s in summaries]
    everywhere = set.intersection(*map(set, lists)) if len(lists) >= MIN_SOURCES_APART else set()
    return [replace(s, related_files=tuple(p for p in s.related_files if p not in everywhere)) for s in summaries]


def _share(total: int, bounds: tuple[int, int], sources: int) -> int:
    """What one source's text in the comment may take: the total shared by the sources, within bounds."""
    low, high = bounds
    return max(low, min(high, total // max(sources, 1)))


def _ranked(summaries: list[Summary]) -> list[Summary]:
    """Most relevant first; equal relevance keeps the order the sources came in."""
    return [s for _, s in sorted(enumerate(summaries), key=lambda p: (-p[1].relevance, p[0]))]

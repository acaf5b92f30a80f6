"""Pure: work items and Confluence pages -> extractive summaries, ranked against the PR's changes.

Which fields a work item is summarized from, and how each is shown, is its type's row in
worktypes.py (a Bug: its repro steps and system info, never its description). Extra fields per
type (extrafields.py) and the parent chain (parents.py) come as short lines of context.

"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from doc_context.models import ChangedFile, Gathered, Page, Summary, Withheld, WorkItem
from doc_context.summary.excerpt import excerpt
from doc_context.summary.extrafields import ExtraFields, extra_values
from doc_context.summary.parents import parent_chain
from doc_context.summary.related import related_files
from doc_context.summary.repro import environment_text, repro_text
from doc_context.summary.tokens import clip, focus_tokens, pick, relevance
from doc_context.summary.worktypes import How, field_markdown, label, work_type
from doc_context.text.mdblocks import LIST_MARKER

DESCRIPTION_BUDGET = 600
CRITERIA_BUDGET = 700
CRITERION_CHARS = 240
MAX_WITHDRAWN = 5
PAGE_BUDGET = 700

_CRITERIA_HEADER = re.compile(r"(?i)^\W*acceptance criteria\W*$")
_STRUCK = re.compile(r"~~.*?~~")


def work_item_summary(
    item: WorkItem, changed: Sequence[ChangedFile], diff: str = "", *, extra: ExtraFields | None = None
) -> Summary:
    """The summary of one work item, its type's fields ranked against the changed files and diff."""
    focus = focus_tokens(changed, diff)
    if item.withheld:
        return replace(
            _title_only(item.withheld, item.title, focus),
            source_id=f"work item {item.id}",
            heading=f"{item.type} {item.id}: {item.title}",
            kind=item.type,
            url=item.web_url,
        )
    fields = work_type(item.type).fields
    texts = {f.name: field_markdown(item, f.name) for f in fields}
    parts = (_shown(f.how, texts[f.name], focus) for f in fields)
    nothing = " or ".join(_lower(label(f.name)) for f in fields)
    whole = "\n".join([item.title, *texts.values()])
    return Summary(
        source_id=f"work item {item.id}",
        heading=f"{item.type} {item.id}: {item.title}",
        text="\n\n".join(p for p in parts if p) or f"_No {nothing}._",
        related_files=related_files(changed, whole),
        kind=item.type,
        meta=item.state,
        url=item.web_url,
        version=str(item.rev) if item.rev else "",
        relevance=relevance(whole, focus),
        extra=extra_values(item, extra or {}),
        fields_used=tuple(name for name, text in texts.items() if text),
    )


def _shown(how: How, text: str, focus: frozenset[str]) -> str:
    if how == "criteria":
        return _criteria_text(text, focus)
    if how == "steps":
        return repro_text(text)
    if how == "environment":
        return environment_text(text)
    return excerpt(text, focus, DESCRIPTION_BUDGET)


def _lower(words: str) -> str:
    return words if words[:2].isupper() else words[:1].lower() + words[1:]


def page_summary(page: Page, changed: Sequence[ChangedFile], cited_by: Sequence[int], diff: str = "") -> Summary:
    """The summary of one Confluence page: its most relevant parts, under their headings."""
    focus = focus_tokens(changed, diff)
    if page.withheld:
        summary = _title_only(page.withheld, page.title, focus)
        return replace(summary, source_id=f"page {page.id}", cited_by=tuple(sorted(set(cited_by))), url=page.web_url)
    whole = f"{page.title}\n{page.text}"
    return Summary(
        source_id=f"page {page.id}",
        heading=page.title,
        text=excerpt(page.text, focus, PAGE_BUDGET, lead=0, skip_heading=page.title),
        related_files=related_files(changed, whole),
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


def _criteria_text(criteria: str, focus: frozenset[str]) -> str:
    parts = []
    live, withdrawn = split_criteria(criteria)
    if live:
        chosen = pick(live, focus, CRITERIA_BUDGET, lead=0)
        lines = [f"- {clip(live[i], CRITERION_CHARS)}" for i in chosen]
        if len(chosen) < len(live):
            lines.append(f"- …and {len(live) - len(chosen)} more")
        parts.append("**Acceptance criteria**\n" + "\n".join(lines))
    if withdrawn:
        lines = [f"- ~~{clip(w, CRITERION_CHARS)}~~" for w in withdrawn[:MAX_WITHDRAWN]]
        parts.append("**Withdrawn criteria** (struck through)\n" + "\n".join(lines))
    return "\n\n".join(parts)


def split_criteria(markdown: str) -> tuple[list[str], list[str]]:
    """Acceptance criteria, one a line: (live, withdrawn); a wholly struck-through one is withdrawn."""
    live: list[str] = []
    withdrawn: list[str] = []
    for line in markdown.splitlines():
        text = LIST_MARKER.sub("", line.strip()).strip()
        if not text or _CRITERIA_HEADER.match(text):
            continue
        if "~~" in text and not re.search(r"\w", _STRUCK.sub("", text)):
            withdrawn.append(text.replace("~~", "").strip(" *_"))
        else:
            live.append(text)
    return live, withdrawn


def summarize_all(gathered: Gathered, *, extra: ExtraFields | None = None) -> tuple[list[Summary], list[Summary]]:
    """(work item summaries, page summaries), most relevant first, ranked against gathered.diff."""
    changed, diff = gathered.changed_files, gathered.diff
    parents = {p.id: p for p in gathered.parents}
    items = [
        replace(work_item_summary(item, changed, diff, extra=extra), parents=parent_chain(item, parents))
        for item in gathered.work_items
    ]
    pages = [page_summary(page, changed, ids, diff) for page, ids in gathered.pages]
    return _ranked(items), _ranked(pages)


def _ranked(summaries: list[Summary]) -> list[Summary]:
    """Most relevant first; equal relevance keeps the order the sources came in."""
    return [s for _, s in sorted(enumerate(summaries), key=lambda p: (-p[1].relevance, p[0]))]

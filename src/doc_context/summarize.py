"""Pure: work items and Confluence pages -> extractive summaries, ranked against the PR's changes.

Which fields a work item is summarized from depends on its type (see `source_fields`):
a Bug from its repro steps and system info only, never its description; every other type,
unknown custom types included, from System.Description, plus the acceptance criteria for
requirement-like types.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from .htmltext import html_to_markdown
from .models import ChangedFile, Page, Summary, WorkItem
from .repro import bug_text
from .tokens import clip, focus_tokens, line_sentences, pick, related_files, relevance

DESCRIPTION = "System.Description"
REPRO_STEPS = "Microsoft.VSTS.TCM.ReproSteps"
SYSTEM_INFO = "Microsoft.VSTS.TCM.SystemInfo"
ACCEPTANCE_CRITERIA = "Microsoft.VSTS.Common.AcceptanceCriteria"
WITH_CRITERIA = frozenset({"user story", "product backlog item", "feature", "requirement"})

DESCRIPTION_BUDGET = 600
CRITERIA_BUDGET = 700
CRITERION_CHARS = 240
MAX_WITHDRAWN = 5
PAGE_BUDGET = 700

_LIST_MARKER = re.compile(r"^(?:[-*+]|\d{1,3}[.)])\s+")
_CRITERIA_HEADER = re.compile(r"(?i)^\W*acceptance criteria\W*$")
_STRUCK = re.compile(r"~~.*?~~")
_HEADING = re.compile(r"^#{1,6}\s+(.*)$")
_FENCE = re.compile(r"^(```|~~~)")
_TABLE_RULE = re.compile(r"^\|?[\s:|-]*-{3,}[\s:|-]*$")

Unit = tuple[str, int, str]  # heading, line number, sentence


def is_bug(item: WorkItem) -> bool:
    return item.type.strip().casefold() == "bug"


def source_fields(item: WorkItem) -> tuple[str, ...]:
    """The fields a work item is summarized from: the type branching contract."""
    if is_bug(item):
        return (REPRO_STEPS, SYSTEM_INFO)
    if item.type.strip().casefold() in WITH_CRITERIA:
        return (DESCRIPTION, ACCEPTANCE_CRITERIA)
    return (DESCRIPTION,)


def field_markdown(item: WorkItem, name: str) -> str:
    """A field as markdown: HTML converted, a field stored as markdown taken as it is."""
    raw = item.fields.get(name) or ""
    return raw.strip() if name in item.markdown_fields else html_to_markdown(raw)


def work_item_summary(item: WorkItem, changed: Sequence[ChangedFile], diff: str = "") -> Summary:
    """The summary of one work item, its text ranked against the changed files and diff."""
    focus = focus_tokens(changed, diff)
    texts = {name: field_markdown(item, name) for name in source_fields(item)}
    if is_bug(item):
        body = bug_text(texts[REPRO_STEPS], texts[SYSTEM_INFO])
    else:
        body = _story_text(texts[DESCRIPTION], texts.get(ACCEPTANCE_CRITERIA, ""), focus)
    whole = "\n".join([item.title, *texts.values()])
    return Summary(
        source_id=f"work item {item.id}",
        heading=f"{item.type} {item.id}: {item.title}",
        text=body,
        related_files=related_files(changed, whole),
        kind=item.type,
        meta=item.state,
        url=item.web_url,
        relevance=relevance(whole, focus),
    )


def page_summary(
    page: Page, changed: Sequence[ChangedFile], cited_by: Sequence[int], diff: str = ""
) -> Summary:
    """The summary of one Confluence page: its most relevant lines, under their headings."""
    focus = focus_tokens(changed, diff)
    units = _page_units(page.text, page.title)
    chosen = _pick_units(units, focus, PAGE_BUDGET)
    whole = f"{page.title}\n{page.text}"
    return Summary(
        source_id=f"page {page.id}",
        heading=page.title,
        text=clip(_assemble([units[i] for i in chosen]), PAGE_BUDGET + 100),
        related_files=related_files(changed, whole),
        cited_by=tuple(sorted(set(cited_by))),
        kind="page",
        meta=f"space {page.space_key}" if page.space_key else "",
        url=page.web_url,
        version=str(page.version),
        relevance=relevance(whole, focus),
    )


def _story_text(description: str, criteria: str, focus: frozenset[str]) -> str:
    parts = [excerpt(description, focus, DESCRIPTION_BUDGET)]
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
    return "\n\n".join(p for p in parts if p) or "_No description._"


def split_criteria(markdown: str) -> tuple[list[str], list[str]]:
    """Acceptance criteria, one a line: (live, withdrawn); a wholly struck-through one is withdrawn."""
    live: list[str] = []
    withdrawn: list[str] = []
    for line in markdown.splitlines():
        text = _LIST_MARKER.sub("", line.strip()).strip()
        if not text or _CRITERIA_HEADER.match(text):
            continue
        if "~~" in text and not re.search(r"\w", _STRUCK.sub("", text)):
            withdrawn.append(text.replace("~~", "").strip(" *_"))
        else:
            live.append(text)
    return live, withdrawn


def excerpt(markdown: str, focus: frozenset[str], budget: int) -> str:
    """The most relevant sentences of a text, in their order, within the budget."""
    units = [("", n, s) for n, line in enumerate(markdown.splitlines()) for s in line_sentences(line.strip())]
    chosen = pick([s for _, _, s in units], focus, budget)
    return clip(_assemble([units[i] for i in chosen]), budget)


def _page_units(text: str, title: str) -> list[Unit]:
    """Sentences outside code blocks, each with the heading above it (the page title is no heading)."""
    units: list[Unit] = []
    heading = ""
    in_code = False
    for n, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if _FENCE.match(stripped):
            in_code = not in_code
        elif match := _HEADING.match(stripped):
            heading = match.group(1).strip(" #")
            heading = "" if heading.casefold() == title.strip().casefold() else heading
        elif not (in_code or _TABLE_RULE.match(stripped)):
            units.extend((heading, n, s) for s in line_sentences(stripped))
    return units


def _pick_units(units: list[Unit], focus: frozenset[str], budget: int) -> list[int]:
    """Like tokens.pick, with a heading's words counting half and its line costing once."""
    scores = [2 * relevance(s, focus) + relevance(h, focus) for h, _, s in units]
    chosen: list[int] = []
    headings: set[str] = set()
    used = 0
    for i in sorted(range(len(units)), key=lambda i: (-scores[i], i)):
        heading, _, sentence = units[i]
        cost = len(sentence) + 1 + (len(heading) + 6 if heading and heading not in headings else 0)
        if used + cost <= budget or not chosen:
            chosen.append(i)
            headings.add(heading)
            used += cost
    return sorted(chosen)


def _assemble(units: list[Unit]) -> str:
    """Sentences back into lines: same line joined, gaps in a line marked, headings in bold."""
    out: list[str] = []
    previous: tuple[str, int] | None = None
    for heading, n, sentence in units:
        if heading and (previous is None or previous[0] != heading):
            out.append(f"\n\n**{heading}**\n")
        elif previous is not None and previous[1] == n:
            out.append(" ")
        elif previous is not None:
            out.append("\n\n" if n > previous[1] + 1 else "\n")
        out.append(sentence)
        previous = (heading, n)
    return re.sub(r"\n{3,}", "\n\n", "".join(out)).strip()

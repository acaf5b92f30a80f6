"""Pure: one section of the comment per work item or page, and the parents that group work items.

A work item section: a link to it, its state and extra fields, its parent line (unless its parent
heads a group), its text, and the changed files it speaks to. A page section: a link, the work items
that cite it, its excerpt, the changed files it speaks to. In the build summary (`full`), every
section also says where its text came from (the fields and revision; the space and the version)
and uses the fuller text.

A parent shared by two or more of the work items is said once, as the heading of a group that
holds them; a parent of one item stays a line in that item's section.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from doc_context.comment.criteria_list import FEW_FILES, criteria_markdown, names_only
from doc_context.comment.disagreement_lines import disagreement_lines
from doc_context.models import PULL_REQUEST, PullRequestRef, Summary, Yields
from doc_context.summary.mdcut import shorten
from doc_context.summary.parents import Parent, parent_line
from doc_context.summary.tokens import clip
from doc_context.summary.worktypes import label
from doc_context.text.mdwrite import separate_blocks
from doc_context.text.neutralize import neutralize, neutralize_inline, plain_inline, safe_link, strip_invisible
from doc_context.text.visible import visible_size

MAX_TOUCHES = 10
SHORTER = (400, 150)  # a text without rungs of its own is cut to these lengths, in turn
OTHERS = "Other work items"


@dataclass
class Part:
    """One work item or page section; as the comment yields (yields.py), its body takes its shorter forms in
    turn, then its context and tail go, then its body, then the part itself."""

    head: str
    raw: str
    tail: str
    relevance: int
    index: int
    context: str = ""  # the parent line
    group: str = ""  # the heading of the group it is in ("" when the comment has no groups)
    names_only: bool = False  # its criteria's evidence is by file name only (the change could not be read)
    evidence: bool = False  # its criteria have evidence looked for (the comment says once which files had no lines)
    withheld: bool = False  # a source shown by title only (its audience, its restrictions), whatever fits
    told: bool = False  # a page whose every passage the work items already show (counted apart)
    notes: str = ""  # its disagreements, a line each (disagreement_lines.py): they yield after every text
    shorter: list[tuple[Yields, str]] = field(default_factory=list)  # (tier, what raw becomes once it yields)
    children: str = ""  # a work item's children line, under its parent line (safe markdown, not neutralized again)
    children_fewer: list[str] = field(default_factory=list)  # what the children line becomes, in turn, as it yields
    discussion: str = ""  # the comments quoted, after its text (safe markdown)
    discussion_newest: str = ""  # what the discussion becomes first as it yields ("": it goes at once)
    head_bare: str = ""  # a page's head without its Touches line: shown once its text has yielded ("": the head)
    body: str = field(init=False)
    _measured: tuple[tuple[str, ...], int] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.body = neutralize(self.raw)

    def blocks(self) -> list[str]:
        return [b for b in self._all() if b]

    def _all(self) -> tuple[str, ...]:
        head = self.head_bare if self.head_bare and not self.body else self.head  # no quote, no file it touches
        return (head, self.context, self.children, self.body, self.discussion, self.notes, self.tail)

    def render(self) -> str:
        return "\n\n".join(self.blocks())

    def visible(self) -> int:
        """visible_size(self.render()): its blocks apart read as one space. Remembered until a block changes: the
        comment measures every part at each step of yielding, and visible_size remembers short texts only."""
        blocks = self._all()
        if self._measured is None or self._measured[0] != blocks:
            shown = [n for n in (visible_size(b) for b in blocks if b) if n]
            self._measured = (blocks, sum(shown) + len(shown) - 1 if shown else 0)
        return self._measured[1]

    def size(self) -> int:
        """len(self.render())."""
        sizes = [len(b) for b in self._all() if b]
        return sum(sizes) + 2 * (len(sizes) - 1) if sizes else 0


def shared_parents(items: Sequence[Summary]) -> set[tuple[str, str, str]]:
    """The nearest parents that two or more of the items share."""
    counts = Counter(s.parents[0] for s in items if s.parents)
    return {parent for parent, n in counts.items() if n > 1}


def item_parts(items: Sequence[Summary], *, full: bool = False, pr: PullRequestRef | None = None) -> list[Part]:
    """A part per work item; grouped under their shared parents when there are any. `pr`: the pull request
    whose Files view the criteria's evidence links into."""
    shared = shared_parents(items)
    level = "####" if shared else "###"
    parts = []
    for i, summary in enumerate(items):
        parent = summary.parents[0] if summary.parents else None
        grouped = parent is not None and parent in shared
        group = group_heading(summary.parents) if grouped else (f"### {OTHERS}" if shared else "")
        context = "" if grouped else parent_line(summary.parents)
        criteria = criteria_markdown(summary.criteria, full=full, pr=pr)
        fewer = "" if full else criteria_markdown(summary.criteria, pr=pr, files=FEW_FILES)
        bare = "" if full else criteria_markdown(summary.criteria, pr=pr, files=FEW_FILES, terms=False)
        raw, shorter = _texts(summary, full, Yields.DESCRIPTION, criteria, (fewer, bare))
        parts.append(Part(_item_head(summary, level, full), raw, origin(summary) if full else "", summary.relevance, i))
        parts[-1].context, parts[-1].group, parts[-1].shorter = context, group, shorter
        parts[-1].children = summary.children_more if full else summary.children
        parts[-1].discussion = summary.discussion_more if full else summary.discussion
        parts[-1].discussion_newest = "" if full else summary.discussion_newest
        parts[-1].children_fewer = [] if full else list(summary.children_fewer)
        parts[-1].names_only = names_only(summary.criteria)
        parts[-1].evidence = any(c.evidence is not None for c in summary.criteria)
        parts[-1].notes = neutralize(disagreement_lines(summary.disagreements))
    first: dict[str, int] = {}
    for part in parts:
        first.setdefault(part.group, part.index)
    return sorted(parts, key=lambda p: (first[p.group], p.index))  # a group where its most relevant item was


def group_heading(chain: tuple[Parent, ...]) -> str:
    """The heading of the items that share the chain's nearest parent, with its goal and its own parents."""
    heading, goal, url = chain[0]
    line = f"### {safe_link(clip(heading, 300), url)}"  # its work items, below it, are part of it
    further = [safe_link(h, u) for h, _, u in chain[1:]]
    below = neutralize_inline(goal) + (f" (in {', in '.join(further)})" if further else "")
    return line + ("\n" + below.strip() if below.strip() else "")


def _item_head(summary: Summary, level: str, full: bool) -> str:
    head = f"{level} {safe_link(clip(summary.heading, 300), summary.url)}"
    shown = [plain_inline(clip(summary.meta, 60))] if summary.meta.strip() else []  # the state: "Active"
    shown += [f"**{plain_inline(k)}:** {neutralize_inline(v)}" for k, v in summary.extra]  # v: clipped markdown
    shown += [touches(summary.related_files, full=full)] if summary.related_files else []
    return head + ("\n" + " · ".join(shown) if shown else "")


def origin(summary: Summary) -> str:
    """Where the text came from: the work item, its fields and revision."""
    number = summary.source_id.removeprefix("work item ").strip()
    facts = [f"From work item {plain_inline(number)}" if number.isdigit() else ""]
    if summary.fields_used:
        facts[0] += ": " + ", ".join(plain_inline(label(f)) for f in summary.fields_used)
    facts += [f"revision {plain_inline(summary.version)}"] if summary.version.strip() else []
    facts = [f for f in facts if f]
    return "_" + " · ".join(facts) + "_" if facts else ""


def page_parts(pages: Sequence[Summary], *, full: bool = False, pr: PullRequestRef | None = None) -> list[Part]:
    return [_page_part(s, i, full, pr) for i, s in enumerate(pages)]


def _page_part(summary: Summary, index: int, full: bool, pr: PullRequestRef | None = None) -> Part:
    """A page's section; a page with more than text (a Jira issue) also shows, as a work item does, its state, its
    criteria with their evidence and its children line."""
    cited = ", ".join("the pull request" if i == PULL_REQUEST else f"#{i}" for i in summary.cited_by)
    facts = [plain_inline(clip(summary.state, 100))] if summary.state.strip() else []  # "Story · In Progress"
    facts += [f"**Cited by:** {cited}"] if cited and full else []  # the comment mentions no work item by #id
    facts += ["**Cited by** the pull request"] if PULL_REQUEST in summary.cited_by and not full else []
    said = [touches(summary.related_files, full=full)] if summary.related_files else []
    facts += said
    facts += [plain_inline(clip(summary.meta, 100))] if summary.meta.strip() and full else []
    facts += [f"version {plain_inline(summary.version)}"] if summary.version.strip() and full else []
    title = f"#### {safe_link(clip(summary.heading, 300), summary.url)}"
    head = title + ("\n" + " · ".join(facts) if facts else "")
    others = [f for f in facts if f not in said]
    head_bare = title + ("\n" + " · ".join(others) if others else "") if said else ""
    criteria = criteria_markdown(summary.criteria, full=full, pr=pr) if summary.criteria else ""
    fewer = "" if full or not criteria else criteria_markdown(summary.criteria, pr=pr, files=FEW_FILES)
    bare = "" if full or not criteria else criteria_markdown(summary.criteria, pr=pr, files=FEW_FILES, terms=False)
    raw, shorter = _texts(summary, full, Yields.PAGE_MIDDLE, criteria, (fewer, bare))
    if criteria and not full:  # its criteria go with its best passage: pages yield before work items (yields.py)
        shorter = [(t, text) for t, text in shorter if t < Yields.PAGE_BEST] + [(Yields.PAGE_BEST, "")]
    part = Part(head, raw, "", summary.relevance, index)
    part.shorter, part.withheld, part.told = shorter, bool(summary.withheld), summary.told
    part.head_bare = head_bare
    part.notes = neutralize(disagreement_lines(summary.disagreements, here=summary.heading))
    part.group = f"### {plain_inline(summary.section)}" if summary.section.strip() else ""  # "": render's PAGES_TITLE
    part.children = summary.children_more if full else summary.children
    part.names_only = names_only(summary.criteria)
    part.evidence = any(c.evidence is not None for c in summary.criteria)
    return part


def _texts(
    summary: Summary, full: bool, tier: Yields, after: str = "", fewer: tuple[str, str] = ("", "")
) -> tuple[str, list[tuple[Yields, str]]]:
    """A section's text (and `after` it: the criteria) and what it becomes as the comment yields: the summary's
    own rungs, or for a text without them, the text cut at a block or line to SHORTER, then less, at `tier`;
    and at Yields.EVIDENCE and Yields.TERMS, with `fewer` after it (the criteria naming fewer evidence files,
    then without their terms) when that differs."""
    text = (summary.more or summary.text) if full else summary.text
    if full:
        rungs: tuple[tuple[Yields, str], ...] = ()
    elif summary.shorter is not None:
        rungs = summary.shorter
    else:
        rungs = tuple((tier, cut) for cut in dict.fromkeys(shorten(text, n) for n in SHORTER) if cut != text)
    shown = [(Yields.DESCRIPTION, after), (Yields.EVIDENCE, fewer[0] or after), (Yields.TERMS, fewer[1] or after)]
    for (_, was), (at, now) in itertools.pairwise(shown):
        if now != was:
            before = [(t, rung) for t, rung in rungs if t < at]
            later = [(t, rung) for t, rung in rungs if t > at]
            rungs = (*before, (at, before[-1][1] if before else text), *later)
    return _with(text, after), [(t, _with(rung, _shown_at(t, shown))) for t, rung in rungs]


def _shown_at(tier: Yields, shown: Sequence[tuple[Yields, str]]) -> str:
    """The criteria as shown once `tier` has yielded."""
    return next(text for at, text in reversed(shown) if tier >= at or at == shown[0][0])


def _with(text: str, after: str) -> str:
    return separate_blocks("\n\n".join(t for t in (text, after) if t))


def touches(paths: Sequence[str], *, full: bool = False) -> str:
    """The changed files a text speaks to, by name (their paths when two share a name, or in `full`)."""
    names = [p.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] for p in paths]
    short = not full and len(set(names)) == len(names)
    shown = [_code(name if short else path) for name, path in zip(names, paths, strict=True)][:MAX_TOUCHES]
    more = f" and {len(paths) - MAX_TOUCHES} more" if len(paths) > MAX_TOUCHES else ""
    return "**Touches:** " + ", ".join(shown) + more


def _code(path: str) -> str:
    """A path as inline code on one line, as written (in code `<` is no tag); no backtick in it, so the span is
    certain, and `@<` (a mention's form) broken by an entity."""
    text = re.sub(r"\s+", " ", strip_invisible(clip(path, 200))).replace("`", "'")
    return "`" + text.replace("@<", "@&lt;") + "`"

"""What a run makes of what it read, as frozen data: the summaries (and the order their parts yield in), what
was gathered, the checks of `doc-context check`, and the Outcome the edge prints."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Literal

from doc_context.change.model import Diff, Evidence
from doc_context.models.sources import (
    ChangedFile,
    LinkFamily,
    Notice,
    Page,
    PageKey,
    PullRequest,
    Remark,
    StateCategories,
    Thread,
    WorkItem,
)


class Yields(IntEnum):
    """The order in which the comment's parts yield when it is longer than its ceiling, the lowest first
    (comment/yields.py follows it, the README lists it). After LAST, whole sources go: pages, then work items."""

    PAGE_MIDDLE = 1  # a page's quotes beyond its best, the weakest first; an unmatched page's lead sentence
    LINKS = 2  # a work item's lines that only carry a link
    DESCRIPTION = 3  # a description beyond its lead; repro steps beyond the first three
    PARENTS = 4  # the parent line; a shared parent's goal
    EVIDENCE = 5  # each criterion's evidence files beyond its first (the build summary has them all)
    PAGE_BEST = 6  # a page's best-matching passage, the page with the weakest match first (its title stays)
    TERMS = 7  # the term named after a criterion's evidence file, once the pages' text has gone
    LAST = 8  # whole texts: each work item's (its lead, system info, criteria, a Bug's outcome)


@dataclass(frozen=True)
class Criterion:
    """One acceptance criterion of a work item, as its field states it (markdown, one line); a wholly
    struck-through one (`<s>`, `<strike>`, `<del>`) is withdrawn and stays apart, struck through.

    A Bug's outcome comes as two, labelled: its Expected outcome, a criterion for the fix (with evidence),
    and its Actual one (no evidence is looked for: `evidence` None)."""

    text: str
    struck: bool = False
    evidence: Evidence | None = None  # where the diff shows its terms (summary/evidence.py); None: not looked for
    label: str = ""  # "Expected" or "Actual" for a Bug's outcome; "" for an acceptance criterion
    word: str = ""  # the language model's word ("addressed", "partly", "not visible"), kept on a checked citation


@dataclass(frozen=True)
class Stated:
    """One source's word in a disagreement: what it is, its value, the sentence or line, where to read it."""

    source: str  # "page", "criterion", "diff", "comment"
    name: str  # as the comment names it: "Refund policy", "criterion 3", "`SUPERVISOR_AFTER_DAYS = 14`"
    value: str  # "30 days", "MidpointRounding.ToEven"; for a negation or a modal, the sentence
    quote: str  # the sentence or line as written
    link: str = ""  # the page, the work item, or the changed file in the pull request's Files view


@dataclass(frozen=True)
class Disagreement:
    """Sources that state different values for one thing (relevance/disagreements.py); never which is right."""

    kinds: tuple[str, ...]  # "number", "unit", "negation", "modal", "named value"
    stated: tuple[Stated, ...]  # each source, those that say the same value side by side
    groups: tuple[tuple[int, ...], ...] = ()  # indexes into `stated` of the sources that say the same


@dataclass(frozen=True)
class Summary:
    """What the comment says about one source (a work item or a page)."""

    source_id: str  # "work item 101", "page 123"
    heading: str
    text: str  # markdown lines
    related_files: tuple[str, ...] = ()
    cited_by: tuple[int, ...] = ()  # work item ids, PULL_REQUEST for its description (pages only)
    kind: str = ""  # the work item type ("Bug", "User Story", any custom type) or "page"
    meta: str = ""  # a short status: the work item state, the page's space
    state: str = ""  # a page's own state, beside its title in the comment too (a Jira issue's type and status)
    url: str = ""  # the work item's or the page's web address, for a link
    version: str = ""  # the page version, or the work item revision, the summary was made from
    relevance: int = 0  # words shared with the changed files and diff: the least relevant is trimmed first
    parents: tuple[tuple[str, str, str], ...] = ()  # (heading, goal, url) of each ancestor, nearest first
    extra: tuple[tuple[str, str], ...] = ()  # (label, value) of the extra fields configured for the type
    fields_used: tuple[str, ...] = ()  # reference names of the work item fields the text came from
    withheld: str = ""  # why only the title and link are shown (Withheld.why); never sent to the LLM
    more: str = ""  # a fuller text for the build summary; "" when `text` is all there is
    criteria: tuple[Criterion, ...] = ()  # every acceptance criterion, in the item's order (comment/criteria_list.py)
    shorter: tuple[tuple[Yields, str], ...] | None = None  # what `text` becomes as each tier yields, in order
    # (None: the text has no rungs of its own, and the comment shortens it at block and line boundaries)
    section: str = ""  # a page's: the heading its source's pages go under
    page: PageKey | None = None  # a page's key (Page.key), which joins it to its page; None for a work item
    children: str = ""  # a work item's children line (summary/children.py), safe markdown; "" : none read
    children_fewer: tuple[str, ...] = ()  # what the line becomes as it yields: fewer open children by title
    children_more: str = ""  # the same naming every child, for the build summary
    discussion: str = ""  # the comments that bear on the change, quoted (summary/discussion.py), safe markdown
    discussion_newest: str = ""  # the same with its newest comment only, as it yields ("": no shorter form)
    discussion_more: str = ""  # every comment, for the build summary
    disagreements: tuple[Disagreement, ...] = ()  # said under this source (a page, else a work item), each once
    told: bool = False  # a page whose every passage the work items already show (counted apart, never quoted)


@dataclass(frozen=True)
class Check:
    """One row of `doc-context check`: ok, a warning (it works, but not for everything cited), or FAILED."""

    name: str
    ok: bool
    detail: str  # what was found, or what to do
    warn: bool = False  # it works, but not for everything the work items need

    @property
    def result(self) -> str:
        return "FAILED" if not self.ok else "warning" if self.warn else "ok"


@dataclass(frozen=True)
class Gathered:
    """Everything read for one PR, before it is summarized. Its change, three ways: changed_files, the paths and
    change types of its iterations (names only); diff_text, its unified diff's first 2 MB, which the summaries
    rank against; diff_lines, the same diff read whole into files and changed lines, for criteria's evidence."""

    pull_request: PullRequest | None
    work_items: tuple[WorkItem, ...]
    changed_files: tuple[ChangedFile, ...]
    pages: tuple[tuple[Page, tuple[int, ...]], ...]  # page, ids of work items citing it
    threads: tuple[Thread, ...]
    notices: tuple[Notice, ...]
    parents: tuple[WorkItem, ...] = ()  # up the Hierarchy-Reverse links, for one line of context each
    complete: bool = True  # False when the run's deadline cut the gathering short
    diff_text: str = ""  # the unified diff (change/read.py: merge commit^1..merge commit), its first 2 MB
    skipped_links: tuple[str, ...] = ()  # cited links not read as pages, one log line each
    links: tuple[LinkFamily, ...] = ()  # each document source's link parser, to tell which lines cite pages shown
    diff_lines: Diff | None = None  # the diff read whole into files and changed lines; None: the change unread
    children: tuple[WorkItem, ...] = ()  # the linked items' children (Hierarchy-Forward): title, type, state
    state_categories: StateCategories | None = None  # the PR's project's states by category; None: not read
    discussion: tuple[Remark, ...] = ()  # the linked items' comments, newest first


@dataclass(frozen=True)
class Reading:
    """What a run read and made of it: the material of the context document (context/document.py)."""

    gathered: Gathered
    items: tuple[Summary, ...]  # summarize_all's work item summaries, most relevant first
    pages: tuple[Summary, ...]


@dataclass(frozen=True)
class Outcome:
    markdown: str
    action: Literal["created", "updated", "unchanged", "dry-run", "failed"]
    thread_id: int | None
    notices: tuple[Notice, ...]
    work_items: int = 0
    pages: int = 0
    sources: tuple[str, ...] = ()  # one line per work item, parent and page read, for the log
    failure: str = ""  # action "failed": why the comment could not be posted (the markdown is still kept)
    title_only: tuple[str, ...] = ()  # one line per source shown by title only, and why, for the log
    summary: str = ""  # the build summary's markdown: the fuller text the comment links to
    reading: Reading | None = None  # what was read and summarized, for the context document

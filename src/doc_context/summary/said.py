"""Pure: what each source of a run says, sentence by sentence, and the disagreements among them and the diff.

The cited pages' passages (never a withheld page's), each readable work item's live acceptance criteria
("criterion 3"), their discussions' comments (not chit-chat), and the diff's settings go to
relevance/disagreements.find; each disagreement lands on the summary it is said under (the first page among its
sources, else the first work item)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import replace

from doc_context.models import Disagreement, Gathered, PageKey, Summary
from doc_context.relevance.change import Change
from doc_context.relevance.diff_values import settings_of
from doc_context.relevance.disagreements import Sentence, find
from doc_context.relevance.statements import statement
from doc_context.relevance.words import line_sentences, parts
from doc_context.summary.discussion import chit_chat
from doc_context.summary.passage_kinds import without_addresses
from doc_context.summary.passages import Passage, passages
from doc_context.summary.prlinks import files_view_url, links_ref
from doc_context.summary.tokens import clip

MAX_SENTENCES = 4_000  # a page's sentences compared, at most: every pair of sources is compared
MAX_COMMENTS = 10  # a work item's newest comments compared, at most
TOPIC = 0.1  # a word in this share of a long page's sentences is its topic: no subject of one of them
MIN_SENTENCES = 20  # a page with fewer has no topic words
MIN_TOPIC = 3  # nor has a word in fewer of its sentences
_CODE = re.compile(r"`([^`]+)`")
_EXAMPLE = re.compile(r"\W*(?:for example|for instance|e\.g\.|example\b)", re.IGNORECASE)


def criteria_labels(summary: Summary, *, struck: bool = False) -> list[tuple[str, str]]:
    """(label, text) of each live acceptance criterion, numbered as the work item lists them: "criterion 3";
    with `struck`, the withdrawn ones too, unlabelled (the comment shows them struck through)."""
    live = [c for c in summary.criteria if not c.label and not c.struck]
    out = [(f"criterion {n}", c.text) for n, c in enumerate(live, start=1)]
    return out + [("", c.text) for c in summary.criteria if struck and c.struck and not c.label]


def whose(items: Sequence[Summary]) -> str:
    """Whose criteria the comment names: "the story's", "the bug's" (one work item type), else "a work item's"."""
    kinds = {s.kind.casefold() for s in items if s.criteria}
    if len(kinds) != 1:
        return "a work item's"
    kind = next(iter(kinds))
    return f"the {'story' if kind == 'user story' else kind}'s"


def sentences(
    gathered: Gathered,
    items: Sequence[Summary],
    split: Sequence[Sequence[Passage]] | None = None,
    spoken: Collection[PageKey] | None = None,
) -> list[Sentence]:
    """Every sentence of the cited pages (not withheld) and of the work items' live criteria; `split`: each
    page's passages as the quotes weighed them (else split here); `spoken`: the keys of the pages the change speaks
    to (speaks.py; None: every page), the others' sentences are background."""
    out: list[Sentence] = []
    split = split if split is not None else [passages(page.text, page.title) for page, _ in gathered.pages]
    for (page, _), found in zip(gathered.pages, split, strict=True):
        if page.withheld is not None:
            continue
        owner = f"page {page.key}"
        title, background = about(page.title), spoken is not None and page.key not in spoken  # not spoken to
        page_said: list[Sentence] = []
        for p in found:
            if p.aside:
                continue  # examples, rationale, alternatives, history: no rule of the page's
            text = " ".join(c.strip() for c in p.plain.strip("| ").split(" | ")) if p.kind == "row" else p.plain
            text = without_addresses(text)  # a link's address states nothing: `[#13306](https://…)` is no value
            for s in line_sentences(text)[:MAX_SENTENCES]:
                if not _states_no_rule(s):
                    said = statement(s)
                    page_said.append(Sentence("page", page.title, page.web_url, owner, owner, said, title, background))
        out += distinctive(page_said)
    several = sum(1 for s in items if criteria_labels(s) and not s.withheld) > 1
    for item in items:
        if item.withheld:
            continue
        for label, text in criteria_labels(item):
            name = f"{label} of “{clip(item.heading, 40)}”" if several else label
            said = statement(text)
            out.append(Sentence("criterion", name, item.url, item.source_id, item.source_id, said, about(item.heading)))
    return out[:MAX_SENTENCES] + _comments(gathered, items)


def _states_no_rule(sentence: str) -> bool:
    """A question ("Will enabling the feature require downtime?") or an example ("For example, if the
    probability is 100%, ...") states no rule."""
    return sentence.rstrip(" *_)").endswith("?") or _EXAMPLE.match(sentence) is not None


def distinctive(said: list[Sentence]) -> list[Sentence]:
    """A long page's sentences without its topic's words (in TOPIC of its sentences or more, MIN_TOPIC at least;
    pages of MIN_SENTENCES or more): "sampling" in a sampling specification tells none of its numbers apart.
    What a sentence names as code stays (`LoggerProvider` is not `LogRecordExporter`), and a named value's
    family."""
    if len(said) < MIN_SENTENCES:
        return said
    counts = Counter(w for s in said for w in s.statement.subject)
    topic = frozenset(w for w, n in counts.items() if n >= max(MIN_TOPIC, TOPIC * len(said)))
    out = []
    for s in said:
        named = {w for n in s.statement.named for w in n.family} | set(parts(" ".join(_CODE.findall(s.statement.text))))
        out.append(replace(s, statement=replace(s.statement, subject=s.statement.subject - (topic - named))))
    return out


def _comments(gathered: Gathered, items: Sequence[Summary]) -> list[Sentence]:
    """The sentences of each readable work item's discussion (issue 34) that state a value, newest first, of its
    MAX_COMMENTS newest comments but chit-chat: a comment that states a value different from a criterion's or the
    diff's is a disagreement, said under its work item. Every pair of sources is compared: the bounds keep a long
    discussion from costing more than its pages."""
    shown = {s.source_id: s for s in items if not s.withheld}
    out: list[Sentence] = []
    taken: dict[int, int] = {}
    for said in sorted(gathered.discussion, key=lambda r: (r.date, r.id), reverse=True):
        item = shown.get(f"work item {said.work_item}")
        if item is None or chit_chat(said.text) or taken.get(said.work_item, 0) >= MAX_COMMENTS:
            continue
        taken[said.work_item] = taken.get(said.work_item, 0) + 1
        name = f"{said.author}'s comment of {said.date[:10]}" if said.date else f"{said.author}'s comment"
        title = about(item.heading)
        for text in line_sentences(" ".join(said.text.split())):
            if (st := statement(text)).values or st.named:  # a comment's sentence that states a value
                out.append(Sentence("comment", name, said.url, item.source_id, f"comment {said.id}", st, title))
    return out[:MAX_SENTENCES]


def about(title: str) -> frozenset[str]:
    """A title's words, for a setting named by its unit alone: `MaxAttempts` in api/ratelimit.go meets "Public API
    limits"."""
    return frozenset(parts(title))


def with_disagreements(
    gathered: Gathered,
    items: list[Summary],
    pages: list[Summary],
    change: Change | None = None,
    split: Sequence[Sequence[Passage]] | None = None,
) -> tuple[list[Summary], list[Summary]]:
    """The summaries, each holding the disagreements said under it; `change`: the run's one reading of the diff
    (relevance/change.py), whose settings are read once from the whole parsed diff; `split`: each page's
    passages, as the quotes weighed them."""
    pr = links_ref(gathered.pull_request) if gathered.pull_request is not None else None
    diff = gathered.diff_lines
    spoken = {p.page for p in pages if p.page is not None and p.relevance > 0}  # quotes what the change matches
    found = find(
        sentences(gathered, items, split, spoken),
        change.settings if change is not None else settings_of(diff) if diff is not None else [],
        (lambda path: files_view_url(pr, path)) if pr is not None else (lambda _: ""),
    )
    owned: dict[str, list[Disagreement]] = {}
    for owner, disagreement in found:
        owned.setdefault(owner, []).append(disagreement)
    pages = [replace(p, disagreements=tuple(owned.get(f"page {p.page}", ()))) for p in pages]
    items = [replace(s, disagreements=tuple(owned.get(s.source_id, ()))) for s in items]
    return items, pages

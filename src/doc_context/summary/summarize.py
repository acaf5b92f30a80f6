"""Pure: work items and pages (Confluence, a wiki) -> extractive summaries, ranked against the PR's changes.

Which fields a work item is summarized from, and how each is shown, is its type's row in
worktypes.py (a Bug: its repro steps and system info, never its description). Extra fields per
type (extrafields.py) and the parent chain (parents.py) come as short lines of context.

The comment gets a compact text of each source (its lead, its references, every part that matches the
change) and what that text becomes as the comment yields (shorter.py); the build summary gets a fuller
one (`more`). Length is the comment's to decide (its ceiling and the order of yielding, comment/yields.py),
not a budget per source: the bounds below only stop a pathological text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from doc_context.change.unified import parse_diff
from doc_context.models import ChangedFile, Gathered, Page, Summary, Withheld, WorkItem
from doc_context.relevance.carried import carried
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.terms import ChangeTerms
from doc_context.summary.acceptance_criteria import outcome_criteria, parse_criteria, with_evidence
from doc_context.summary.children import children_line, fewer
from doc_context.summary.cited_pages import ShownPages, cites_only
from doc_context.summary.discussion import discussion, weighed
from doc_context.summary.evidence import EvidenceFinder
from doc_context.summary.excerpt import LEAD_CHARS, Keep, excerpt, picked
from doc_context.summary.extrafields import ExtraFields, extra_values
from doc_context.summary.ownwords import own_words
from doc_context.summary.page_facts import with_facts
from doc_context.summary.parents import heading, parent_chain
from doc_context.summary.passages import passages, said_sentences
from doc_context.summary.quotes import Quoted, weigh_pages
from doc_context.summary.related import page_touches, touches
from doc_context.summary.repro import repro_text
from doc_context.summary.said import criteria_labels, whose, with_disagreements
from doc_context.summary.shorter import Shown, description_shown, field_shown, joined
from doc_context.summary.tokens import focus_tokens, relevance, terms, values
from doc_context.summary.worktypes import How, field_markdown, label, work_type
from doc_context.text.images import shows_attachment

LEAD = 200  # the comment keeps a lead paragraph's first sentence and its most relevant ones up to this much
DESCRIPTION_CHARS = 600  # the comment: a description's lead and the sentences that match the change, at most
DESCRIPTION_MORE_BUDGET = 1_500  # the build summary

PAGE_MORE_BUDGET = 2 * DESCRIPTION_MORE_BUDGET  # the build summary: the lead, the most relevant parts, then the rest
NO_PAGES = ShownPages()  # no page shown: no line is taken for one that cites a page shown
MIN_SOURCES_APART = 3  # a file named under each of this many sources or more is named under none


def work_item_summary(
    item: WorkItem,
    changed: Sequence[ChangedFile],
    diff: str = "",
    *,
    extra: ExtraFields | None = None,
    budget: int = DESCRIPTION_CHARS,
    pages: ShownPages = NO_PAGES,
    finder: EvidenceFinder | None = None,
    elsewhere: Sequence[str] = (),
) -> Summary:
    """The summary of one work item, its type's fields ranked against the changed files and diff: `text`
    for the comment (a description within `budget`, without the lines that only link to `pages` the comment
    shows anyway), `more` fuller, for the build summary. With the run's `finder`, each acceptance criterion
    (and a Bug's Expected outcome) carries its evidence from the diff (`elsewhere`: what the pull request's
    other work items say, see with_evidence)."""
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
    criteria += tuple(c for f in fields if f.how == "steps" for c in outcome_criteria(texts[f.name]))
    own = [item.title, *(texts[f.name] for f in fields if f.how != "criteria")]
    criteria = with_evidence(criteria, finder, own, elsewhere, item.title)
    nothing = "" if criteria else "_No " + " or ".join(_lower(label(f.name)) for f in fields) + "._"
    compact, shorter = joined([_shown(f.how, texts[f.name], focus, budget, pages) for f in fields])
    compact = compact or nothing
    full = "\n\n".join(p for p in (_fuller(f.how, texts[f.name], focus) for f in fields) if p) or nothing
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
        shorter=shorter,
    )


def _shown(how: How, text: str, focus: frozenset[str], budget: int, pages: ShownPages) -> Shown:
    """A field as the comment shows it, and its rungs: a description's lead and the sentences that match the
    change within `budget` (visible characters), then its link-only lines (ownwords.py) but those that only
    cite `pages`, which the comment shows anyway."""
    if how != "text":
        return field_shown(how, text)
    words = own_words(text, partial(cites_only, shown=pages))
    keep = Keep(lead=LEAD, matches_only=True, always=shows_attachment)  # a screenshot is the item's own
    return description_shown(picked(words.own, focus, budget, keep), words)


def _fuller(how: How, text: str, focus: frozenset[str]) -> str:
    """A field as the build summary shows it: a bug's context too, a longer description."""
    if how == "text":
        return excerpt(text, focus, DESCRIPTION_MORE_BUDGET, Keep(lead=LEAD_CHARS, first=1))
    if how == "steps":
        return repro_text(text)
    return field_shown(how, text)[0]


def _lower(words: str) -> str:
    return words if words[:2].isupper() else words[:1].lower() + words[1:]


def page_summary(
    page: Page,
    changed: Sequence[ChangedFile],
    cited_by: Sequence[int],
    diff: str = "",
    bugs: frozenset[str] = frozenset(),
    quotes: Quoted | None = None,
) -> Summary:
    """The summary of one page (Confluence, a wiki): the comment quotes its passages that the change speaks
    to (`quotes`, weighed among every cited page's by summarize_all; without them, among its own against the
    diff), or its lead sentence when none does. `more` holds a fuller excerpt for the build summary (`bugs`:
    what the PR's bugs say, see bug_terms)."""
    focus = focus_tokens(changed, diff) | bugs
    source_id = f"{page.noun} {page.id}" + (f" in {page.place or page.scope}" if page.scope else "")  # unique, as key
    cited, section = tuple(sorted(set(cited_by))), page.section
    if page.withheld:
        summary = _title_only(page.withheld, page.title, focus)
        return replace(summary, source_id=source_id, cited_by=cited, url=page.web_url, section=section, page=page.key)
    whole = f"{page.title}\n{page.text}"
    if quotes is None:
        alone = Change(parse_diff(diff))
        weighing = change_terms(alone, within=[page.text])
        weighing.carried = carried(alone, weighing)
        quotes = weigh_pages([(page.text, page.title)], weighing)[0]
    more = excerpt(page.text, focus, PAGE_MORE_BUDGET, Keep(lead=LEAD_CHARS, boost=bugs, title=page.title))
    return Summary(
        source_id=source_id,
        heading=page.title,
        text=quotes.text,
        more=more if more != quotes.text else "",
        related_files=page_touches(changed, whole, f"{page.title}\n{quotes.text}" if quotes.score else ""),
        cited_by=cited,
        kind="page",
        meta=page.place or (f"space {page.space_key}" if page.space_key else ""),
        url=page.web_url,
        version=str(page.version),
        relevance=round(quotes.score * 100),
        shorter=quotes.rungs,
        section=section,
        page=page.key,
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
    """(work item summaries, page summaries), most relevant first, ranked against gathered.diff_text; each
    criterion with its evidence from gathered.diff_lines (the changed files' names alone when the change could not
    be read)."""
    changed, diff = gathered.changed_files, gathered.diff_text
    parents = {p.id: p for p in gathered.parents}
    shown = ShownPages.of(gathered.links, (page for page, _ in gathered.pages))
    ref = gathered.pull_request.ref if gathered.pull_request is not None else None
    names = (ref.repository, ref.project) if ref is not None else ()  # the change's own names tell nothing apart
    change = Change(gathered.diff_lines, names)  # the diff read once, for every criterion and every page
    finder = EvidenceFinder(gathered.diff_lines, changed, change=change)
    said = {item.id: _said(item) for item in gathered.work_items}
    kids = {w.id: w for w in (*gathered.children, *gathered.work_items)}
    line = partial(children_line, known=kids, categories=gathered.state_categories, linked=frozenset(said))
    items = [
        replace(
            work_item_summary(
                item,
                changed,
                diff,
                extra=extra,
                pages=shown,
                finder=finder,
                elsewhere=[text for other, text in said.items() if other != item.id],
            ),
            parents=parent_chain(item, parents),
            children=line(item),
            children_fewer=fewer(partial(line, item)),
            children_more=line(item, full=True),
        )
        for item in gathered.work_items
    ]
    bugs = bug_terms(gathered.work_items)
    readable = [item for item in gathered.work_items if not item.withheld]
    asked = [text for item in readable for text in _asked(item)]
    texts = [("", "") if page.withheld else (page.text, page.title) for page, _ in gathered.pages]
    terms = change_terms(change, asked, within=[t for text in texts for t in text]) if texts else ChangeTerms()
    terms.carried = carried(change, terms)  # names the change's edits carry: no page, no passage is about them
    told = [t for item in readable for t in _shows(item)]
    criteria = [labelled for s in items if not s.withheld for labelled in criteria_labels(s, struck=True)]
    split = [passages(text, title) for text, title in texts]  # each page split once: its quotes, what it says
    quotes = weigh_pages(texts, terms, said_sentences(told, criteria), whose(items), split)
    pages = [  # a page with more than text (a Jira issue) shows its state, criteria and children as an item does
        with_facts(
            replace(page_summary(page, changed, ids, diff, bugs, quotes=q), told=q.told),
            page,
            finder,
            list(said.values()),
        )
        for (page, ids), q in zip(gathered.pages, quotes, strict=True)
    ]
    talk = gathered.discussion
    heard = change_terms(change, asked, within=[r.text for r in talk]) if talk else ChangeTerms()
    heard_quotes = weighed(talk, heard)  # once for all the items' comments, not once an item
    said_by = [discussion(item.id, talk, heard_quotes, heard) for item in gathered.work_items]
    items = [
        replace(s, discussion=d, discussion_newest=newest, discussion_more=more)
        for s, (d, newest, more) in zip(items, said_by, strict=True)
    ]
    items, pages = with_disagreements(gathered, items, pages, change, split)
    return _ranked(_telling(items)), _ranked(_telling(pages))


def _asked(item: WorkItem) -> list[str]:
    """What a work item asks of the change: its criteria and repro steps, and a Bug's title."""
    fields = work_type(item.type).fields
    asked = [field_markdown(item, f.name) for f in fields if f.how in ("criteria", "steps")]
    return [item.title, *asked] if work_type(item.type).verb == "fixes" else asked


def _shows(item: WorkItem) -> list[str]:
    """What a work item shows beside its criteria (its title and other fields), for the pages' repeats."""
    fields = work_type(item.type).fields
    return [item.title, *(field_markdown(item, f.name) for f in fields if f.how != "criteria")]


def _said(item: WorkItem) -> str:
    """What a work item says (its title and shown fields), for the others' evidence: nothing when withheld."""
    if item.withheld:
        return ""
    return "\n".join([item.title, *(field_markdown(item, f.name) for f in work_type(item.type).fields)])


def _telling(summaries: list[Summary]) -> list[Summary]:
    """Touches that set a source apart: a file every one of three or more sources names tells nothing."""
    lists = [s.related_files for s in summaries]
    everywhere = set.intersection(*map(set, lists)) if len(lists) >= MIN_SOURCES_APART else set()
    return [replace(s, related_files=tuple(p for p in s.related_files if p not in everywhere)) for s in summaries]


def _ranked(summaries: list[Summary]) -> list[Summary]:
    """Most relevant first; equal relevance keeps the order the sources came in."""
    return [s for _, s in sorted(enumerate(summaries), key=lambda p: (-p[1].relevance, p[0]))]

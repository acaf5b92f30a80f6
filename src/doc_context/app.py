"""run(sources, publisher, pr, options) -> Outcome: gather, summarize, render, publish. No env, no print.

The golden tests make their comments with `summarize_all` and `compose`, as a run does."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import Literal

from doc_context.comment.criteria_list import by_name_line
from doc_context.comment.publish import Plan, Threads, apply, content_hash, plan_publish
from doc_context.comment.render import DEFAULT_BUDGET, HARD_CAP, render_comment
from doc_context.deadline import Deadline
from doc_context.defaults import DEADLINE
from doc_context.errors import PublishError
from doc_context.gather import Sources, gather
from doc_context.models import (
    PULL_REQUEST,
    Gathered,
    Notice,
    Outcome,
    Page,
    PullRequestRef,
    Reading,
    Summary,
    WorkItem,
)
from doc_context.sources.llm import ChatClient, ask
from doc_context.summary.extrafields import ExtraFields
from doc_context.summary.model_words import with_words
from doc_context.summary.summarize import summarize_all

ThreadStatus = Literal["active", "closed", "fixed", "wontFix", "byDesign", "pending"]
THREAD_STATUS: ThreadStatus = "closed"  # never blocks "Check for comment resolution"


@dataclass(frozen=True)
class Options:
    marker_key: str
    thread_status: str = THREAD_STATUS
    budget: int = DEFAULT_BUDGET
    dry_run: bool = False
    deadline: float = DEADLINE
    extra: ExtraFields = field(default_factory=dict)
    summary_url: str = ""  # the build summary the comment links to ("" when the run uploads none)


def compose(
    gathered: Gathered,
    items: list[Summary],
    pages: list[Summary],
    options: Options,
    overview: str | None = None,
    *,
    full: bool = False,
    link: bool = True,
) -> str:
    """The comment for what was gathered, pure and deterministic; `overview`, a language model's paragraph.

    items, pages: summarize_all(gathered, extra=options.extra), as a run makes them. full: the build
    summary instead (every source's fuller text and where it came from); link: the comment links to
    options.summary_url (off for the content hash: which build holds the summary is no content).
    """
    return render_comment(
        gathered.pull_request,
        items,
        pages,
        changed_count=len(gathered.changed_files),
        budget=HARD_CAP if full else options.budget,
        llm_overview=overview,
        summary_url=options.summary_url if link and not full else "",
        full=full,
        by_name=by_name_line(len(changes.by_name), changes.by_name_why) if (changes := gathered.diff_lines) else "",
    )


def run(
    sources: Sources, publisher: Threads | None, pr: PullRequestRef, options: Options, chat: ChatClient | None = None
) -> Outcome:
    gathered = gather(sources, pr, deadline=Deadline(options.deadline))
    items, pages = summarize_all(gathered, extra=options.extra)
    extractive = compose(gathered, items, pages, options, link=False)
    digest = content_hash(extractive)  # what the sources say: an unchanged digest never calls the LLM again
    notices = list(gathered.notices)
    outcome = partial(
        Outcome,
        work_items=len(gathered.work_items),
        pages=len(gathered.pages),
        sources=read_list(gathered),
        title_only=title_only(gathered),
        summary=compose(gathered, items, pages, options, full=True),
        reading=Reading(gathered, tuple(items), tuple(pages)),
    )
    plan = plan_publish(gathered.threads, extractive, marker_key=options.marker_key, digest=digest)
    if plan.action == "unchanged" and plan.thread:  # no LLM call
        healed = _heal(publisher, pr, plan, extractive, options, digest)
        return outcome(plan.thread.first_comment, "unchanged", plan.thread.id, tuple(notices) + healed)
    if plan.action == "update" and plan.thread and not gathered.complete:
        notices.append(
            Notice(
                f"thread {plan.thread.id}",
                "left as it was: the deadline cut this run short, and a partial comment would replace a complete one",
            )
        )
        return outcome(plan.thread.first_comment, "unchanged", plan.thread.id, tuple(notices))
    answer = ask(chat, gathered.pull_request, items, pages, gathered.diff_lines)
    notices += [answer.notice] if answer.notice else []
    if answer.judgements:  # a word stays only on a line the diff really has
        items, dropped = with_words(items, answer.judgements, gathered.diff_lines)
        notices += dropped
    overview = answer.overview
    body = compose(gathered, items, pages, options, overview)
    if overview:
        outcome = partial(outcome, summary=compose(gathered, items, pages, options, overview, full=True))
    if options.dry_run or publisher is None:
        return outcome(body, "dry-run", None, tuple(notices))
    try:
        published = apply(
            publisher, pr, plan, body, marker_key=options.marker_key, status=options.thread_status, digest=digest
        )
    except PublishError as e:  # nothing is lost: the edge still writes the markdown and the warnings
        return outcome(body, "failed", None, tuple(notices), failure=str(e))
    return outcome(body, published.action, published.thread_id, tuple(notices) + published.notices)


def _heal(
    publisher: Threads | None, pr: PullRequestRef, plan: Plan, body: str, options: Options, digest: str
) -> tuple[Notice, ...]:
    """An unchanged comment still retires a racing run's duplicate thread."""
    if not plan.duplicates or publisher is None or options.dry_run:
        return ()
    return apply(
        publisher, pr, plan, body, marker_key=options.marker_key, status=options.thread_status, digest=digest
    ).notices


def read_list(gathered: Gathered) -> tuple[str, ...]:
    """What was read, one line each, for the collapsible group in the pipeline log."""
    lines = [f"{w.type} {w.id} (revision {w.rev}): {w.title}{_marked(w)}" for w in gathered.work_items]
    lines += [f"parent {w.type} {w.id}: {w.title}{_marked(w)}" for w in gathered.parents]
    lines += [f"child {w.type} {w.id} ({w.state}): {w.title}{_marked(w)}" for w in gathered.children]
    lines += [f"comment {c.id} on work item {c.work_item}, {c.author} {c.date[:10]}" for c in gathered.discussion]
    lines += [
        f"{p.noun} {p.id} (version {p.version}): {p.title}, cited by {_citing(ids)}{_marked(p)}"
        for p, ids in gathered.pages
    ]
    return tuple([*lines, *gathered.skipped_links, f"changed files: {len(gathered.changed_files)}"])


def preview_title_only(sources: Sources, pr: PullRequestRef, deadline: float) -> tuple[str, ...]:
    """What a run would show by title only, and why (`doc-context check`): gathered as a dry run would, without
    the threads or the diff, nothing summarized or written."""
    gathered = gather(replace(sources, read_threads=False, change=None), pr, deadline=Deadline(deadline))
    return title_only(gathered)


def title_only(gathered: Gathered) -> tuple[str, ...]:
    """Each source shown by title only, and why (no text of it), for the log and `doc-context check`."""
    lines = [f"{w.type} {w.id}: {w.title}: {w.withheld.detail}" for w in gathered.work_items if w.withheld]
    lines += [f"parent {w.type} {w.id}: {w.title}: {w.withheld.detail}" for w in gathered.parents if w.withheld]
    lines += [f"{p.noun} {p.id}: {p.title}: {p.withheld.detail}" for p, _ in gathered.pages if p.withheld]
    return tuple(lines)


def _citing(ids: tuple[int, ...]) -> str:
    return ", ".join("the pull request" if i == PULL_REQUEST else str(i) for i in ids)


def _marked(source: WorkItem | Page) -> str:
    return " (title only)" if source.withheld else ""

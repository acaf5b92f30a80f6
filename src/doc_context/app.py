"""run(sources, publisher, pr, options) -> Outcome: gather, summarize, render, publish. No env, no print."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import PublishError
from .gather import Deadline, Sources, gather
from .extrafields import ExtraFields
from .models import Gathered, Notice, Outcome, PullRequestRef, WorkItem
from .publish import Threads, apply, plan_publish
from .render import render_comment
from .summarize import Cache, summarize_all


@dataclass(frozen=True)
class Options:
    marker_key: str
    thread_status: str = "closed"
    budget: int = 12_000
    dry_run: bool = False
    deadline: float = 300.0


def compose(
    gathered: Gathered,
    budget: int,
    diff: str = "",
    parents: Mapping[int, WorkItem] | None = None,
    *,
    extra: ExtraFields | None = None,
    cache: Cache | None = None,
    llm_overview: str | None = None,
) -> str:
    """The comment for what was gathered: pure and deterministic (`cache`, when given, is read and filled).

    diff: `git diff HEAD^1 HEAD` (diffsource.read_diff); parents: the work items' ancestors by id;
    extra: parse_extra_fields(settings.extra_fields); llm_overview: llm.write_overview's text, if any.
    """
    items, pages = summarize_all(gathered, diff, parents, extra=extra, cache=cache)
    return render_comment(gathered.pull_request, items, pages, changed_count=len(gathered.changed_files),
                          budget=budget, llm_overview=llm_overview)


def run(sources: Sources, publisher: Threads | None, pr: PullRequestRef, options: Options) -> Outcome:
    gathered = gather(sources, pr, deadline=Deadline(options.deadline))
    body = compose(gathered, options.budget)
    counts = {"work_items": len(gathered.work_items), "pages": len(gathered.pages)}
    if options.dry_run or publisher is None:
        return Outcome(body, "dry-run", None, gathered.notices, **counts)
    plan = plan_publish(gathered.threads, body, marker_key=options.marker_key)
    if plan.action == "update" and plan.thread and not gathered.complete:
        kept = Notice(f"thread {plan.thread.id}", "left as it was: the deadline cut this run short, and a partial "
                      "comment would replace a complete one")
        return Outcome(body, "unchanged", plan.thread.id, gathered.notices + (kept,), **counts)
    try:
        published = apply(publisher, pr, plan, body, marker_key=options.marker_key, status=options.thread_status)
    except PublishError as e:
        e.markdown = body  # nothing is lost: the edge still writes it to a file and the build summary
        raise
    return Outcome(body, published.action, published.thread_id, gathered.notices + published.notices, **counts)

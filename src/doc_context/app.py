"""run(sources, publisher, pr, options) -> Outcome: gather, summarize, render, publish. No env, no print."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import PublishError
from .gather import Sources, gather
from .models import Gathered, Outcome, PullRequestRef
from .publish import Threads, apply, plan_publish
from .render import render_comment
from .summarize import page_summary, work_item_summary


@dataclass(frozen=True)
class Options:
    marker_key: str
    thread_status: str = "closed"
    budget: int = 12_000
    dry_run: bool = False


def compose(gathered: Gathered, budget: int) -> str:
    """The comment for what was gathered: pure and deterministic."""
    changed = gathered.changed_files
    items = [work_item_summary(item, changed) for item in gathered.work_items]
    pages = [page_summary(page, changed, ids) for page, ids in gathered.pages]
    return render_comment(gathered.pull_request, items, pages, changed_count=len(changed), budget=budget)


def run(sources: Sources, publisher: Threads | None, pr: PullRequestRef, options: Options) -> Outcome:
    gathered = gather(sources, pr)
    body = compose(gathered, options.budget)
    counts = {"work_items": len(gathered.work_items), "pages": len(gathered.pages)}
    if options.dry_run or publisher is None:
        return Outcome(body, "dry-run", None, gathered.notices, **counts)
    plan = plan_publish(gathered.threads, body, marker_key=options.marker_key)
    try:
        published = apply(publisher, pr, plan, body, marker_key=options.marker_key, status=options.thread_status)
    except PublishError as e:
        e.markdown = body  # nothing is lost: the edge still writes it to a file and the build summary
        raise
    return Outcome(body, published.action, published.thread_id, gathered.notices + published.notices, **counts)

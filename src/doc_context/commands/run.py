"""`doc-context run`: gather, summarize and post the comment (pipeline mode); the read list, the files for the
build (the summary, the context document) and the step's result in the log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from doc_context import pipeline_log
from doc_context.commands import pull_request_id
from doc_context.commands.console import Console
from doc_context.errors import ConfigError, PublishError
from doc_context.models import Notice, Outcome

if TYPE_CHECKING:
    from doc_context.commands import Subparsers
    from doc_context.events import PullRequestEvent
    from doc_context.settings import Settings


def add(sub: Subparsers) -> None:
    run = sub.add_parser("run", help="gather, summarize and post the comment (pipeline mode)")
    run.add_argument("--org-url", help="organization URL (default: SYSTEM_TEAMFOUNDATIONCOLLECTIONURI)")
    run.add_argument("--project", help="project id or name (default: SYSTEM_TEAMPROJECTID)")
    run.add_argument("--repository", help="repository id or name (default: BUILD_REPOSITORY_ID)")
    run.add_argument(
        "--pull-request", type=pull_request_id, help="pull request id (default: SYSTEM_PULLREQUEST_PULLREQUESTID)"
    )
    run.add_argument("--dry-run", action="store_true", default=None, help="print the comment, post nothing")
    run.add_argument("--output", type=Path, help="also write the comment's markdown to this file")
    run.add_argument(
        "--event",
        metavar="FILE",
        help="a git.pullrequest.created/updated service-hook payload (- for stdin): run for its pull request "
        "(it names the project, repository and pull request: not with those flags)",
    )
    run.set_defaults(main=main)


def main(args: argparse.Namespace, console: Console) -> int:
    from doc_context.gateways import run_with
    from doc_context.pr_context import for_the_pipeline

    settings = _settings(args)
    console.keep_secret(settings)
    summary_path = settings.summary_path()
    outcome = run_with(settings, summary_url=settings.build_summary_url() if summary_path else "", clock=console.clock)
    context_lines, unwritten = for_the_pipeline(outcome, settings)  # the JSON document for a later step
    notices = outcome.notices + ((unwritten,) if unwritten else ())
    for line in context_lines:
        console.emit(line)
    if args.output:
        _save(outcome.markdown, str(args.output), console)
    if summary_path and _save(outcome.summary or outcome.markdown, summary_path, console) and settings.tf_build:
        console.emit(pipeline_log.upload_summary(str(Path(summary_path).resolve())))
    if outcome.action == "failed":
        for notice in notices:
            console.emit(pipeline_log.warning(notice))
        raise PublishError(outcome.failure)
    _report(outcome, len(notices), console)
    console.warnings_and_result(notices, settings.fail_on_warning)
    return 0


def _settings(args: argparse.Namespace) -> Settings:
    """The flags over the environment; with --event, the event's pull request (and its organization when no
    setting names one)."""
    from doc_context.settings import load_settings

    flags: dict[str, object] = dict(
        org_url=args.org_url,
        project=args.project,
        repository=args.repository,
        pull_request_id=args.pull_request,
        dry_run=args.dry_run,
    )
    if not args.event:
        return load_settings(**flags)
    given = [f for f, v in (("--project", args.project), ("--repository", args.repository)) if v]
    given += ["--pull-request"] if args.pull_request is not None else []
    if given:
        raise ConfigError(f"--event names the pull request, and so does {' and '.join(given)}: give one or the other")
    event = _read_event(args.event)
    flags.update(project=event.project, repository=event.repository, pull_request_id=event.pull_request_id)
    settings = load_settings(**flags)
    if settings.org_url is None and event.org_url:  # no setting (nor its alias) names the organization
        return load_settings(**{**flags, "org_url": event.org_url})
    return settings


def _read_event(source: str) -> PullRequestEvent:
    from doc_context.events import MAX_EVENT_BYTES, parse_event

    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAX_EVENT_BYTES + 1)
        else:
            with open(source, "rb") as f:
                data = f.read(MAX_EVENT_BYTES + 1)  # a larger file is refused without reading all of it
    except OSError as e:
        raise ConfigError(f"cannot read the event file {source}: {e.strerror}") from None
    return parse_event(data)


def _save(markdown: str, path: str, console: Console) -> bool:
    """Write markdown where asked (the comment to --output, the build summary to its file); False if not."""
    if not markdown:
        return False
    try:
        Path(path).write_text(markdown, encoding="utf-8")
    except OSError as e:
        console.emit(pipeline_log.warning(Notice("summary file", f"cannot write {path}: {e.strerror}")))
        return False
    return True


def _report(outcome: Outcome, warnings: int, console: Console) -> None:
    for line in pipeline_log.group(
        f"doc-context: {outcome.work_items} work items, {outcome.pages} pages, {warnings} warnings", outcome.sources
    ):
        console.emit(line)
    if outcome.title_only:
        title = (
            f"doc-context: {len(outcome.title_only)} shown by title and link only (their text stays out of the "
            "comment, the build summary and the LLM), and why"
        )
        for line in pipeline_log.group(title, outcome.title_only):
            console.emit(line)
    if outcome.action == "dry-run":
        console.plain(outcome.markdown)
    else:
        console.emit(f"doc-context: comment thread {outcome.thread_id} {outcome.action}")

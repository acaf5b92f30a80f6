"""`doc-context check`: the preflight. Can the credentials read the pull request and its work items, write
threads, reach the document sources? And what would a run show by title and link only? It writes nothing."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from doc_context import pipeline_log
from doc_context.commands import StepFailed, pull_request_id
from doc_context.commands.console import Console
from doc_context.errors import DocContextError

if TYPE_CHECKING:
    from doc_context.commands import Subparsers
    from doc_context.gather import Sources
    from doc_context.settings import Settings


def add(sub: Subparsers) -> None:
    check = sub.add_parser(
        "check",
        help="preflight: can it read the PR and work items, write threads, read the cited pages? (writes nothing)",
    )
    for flag in ("--org-url", "--project", "--repository"):
        check.add_argument(flag)
    check.add_argument("--pull-request", type=pull_request_id)
    check.set_defaults(main=main)


def main(args: argparse.Namespace, console: Console) -> int:
    from doc_context.gateways import wire
    from doc_context.preflight import preflight, table
    from doc_context.settings import load_settings

    settings = load_settings(
        org_url=args.org_url, project=args.project, repository=args.repository, pull_request_id=args.pull_request
    )
    console.secrets += settings.secrets()
    with wire(settings, clock=console.clock) as wired:
        sources = wired.sources
        checks = preflight(
            wired.publisher,
            sources.documents,
            settings.pull_request(),
            sources.change,
            max_pages=sources.max_pages,
            story=sources.story,
        )
        listed = _title_only(wired.sources, settings) if checks[0].ok else []
    for line in [*table(checks), *listed]:
        console.emit(line)
    failed = [c.name for c in checks if not c.ok]
    if failed:
        raise StepFailed(f"check failed: {', '.join(failed)}; the table above says what to fix")
    warned = [c.name for c in checks if c.warn]
    if warned:  # works, but not for everything: never an all-clear
        console.emit(f"doc-context check: warnings on {', '.join(warned)}; see the details above")
        console.emit(pipeline_log.complete("SucceededWithIssues", "doc-context check found warnings"))
    return 0


def _title_only(sources: Sources, settings: Settings) -> list[str]:
    """What a run would show by title and link only, and why: gathered as a dry run would, nothing written."""
    from doc_context.app import preview_title_only

    try:
        lines = preview_title_only(sources, settings.pull_request(), settings.deadline)
    except DocContextError as e:
        return ["", f"Could not list what a run would show by title only: {e}"]
    head = f"Shown by title and link only in a run ({len(lines)})" + (":" if lines else ": none")
    return ["", head, *(f"- {pipeline_log.defuse(line)}" for line in lines)]

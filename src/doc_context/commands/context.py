"""`doc-context context`: gather as run does, post nothing, print the context for AI reviewers on stdout (the
comment's markdown or the JSON document); the read list and the warnings go to stderr."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from doc_context import pipeline_log
from doc_context.commands.console import Console

if TYPE_CHECKING:
    from doc_context.commands import Subparsers


def add(sub: Subparsers) -> None:
    context = sub.add_parser(
        "context",
        help="gather as run does, post nothing, print the context for AI reviewers (warnings on stderr)",
    )
    context.add_argument(
        "--pr", metavar="URL", help="the pull request's web address (default: the pipeline variables of a PR build)"
    )
    context.add_argument(
        "--format",
        choices=("markdown", "json"),
        default="markdown",
        help="the comment's markdown, or the JSON document",
    )
    context.set_defaults(main=main)


def main(args: argparse.Namespace, console: Console) -> int:
    from doc_context.pr_context import context_settings, gather_context

    settings = context_settings(args.pr)
    console.keep_secret(settings)
    context = gather_context(settings, args.format, console.clock)
    console.output(context.text.removesuffix("\n"))
    outcome = context.outcome
    read = f"{outcome.work_items} work items, {outcome.pages} pages, {len(outcome.notices)} warnings"
    lines = pipeline_log.group(f"doc-context: {read}", outcome.sources)
    if outcome.title_only:
        lines += pipeline_log.group(
            f"doc-context: {len(outcome.title_only)} shown by title and link only", outcome.title_only
        )
    for line in lines:
        console.emit(line)
    console.warnings_and_result(outcome.notices, settings.fail_on_warning)
    return 0

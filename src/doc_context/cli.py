"""argv -> Settings -> real gateways -> app.run -> print. The only place that prints or picks exit codes.

A run that fails prints its error once: outside a pipeline as `doc-context: <error>`; in one (TF_BUILD) as an
error issue, then `##vso[task.complete result=Failed;]<its first line>` as the last line before the exit, so the
step's result says why, not only "exit code 2". Run by the DocContext task, the names of the settings in what
it prints are the task's inputs the admin typed (confluenceUrl, not CONFLUENCE_URL): the task passes them.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from doc_context import __version__, vso
from doc_context.errors import ConfigError, DocContextError, PublishError, first_line
from doc_context.models import Notice, Outcome

if TYPE_CHECKING:
    from doc_context.gather import Sources
    from doc_context.settings import Settings

Printer = Callable[[str], None]
TASK_INPUTS = "DOC_CONTEXT_TASK_INPUTS"  # set by the DocContext task: {"CONFLUENCE_URL": "confluenceUrl", ...}


class StepFailed(DocContextError):
    """The run did its work, and the step fails on purpose (failed checks, warnings with failOnWarning)."""


class _Parser(argparse.ArgumentParser):
    """A usage error is one line that says where to look, exit 2 (argparse prints the whole usage first)."""

    def error(self, message: str) -> NoReturn:
        raise ConfigError(f"{message} (see {self.prog} --help)")


def _pull_request_id(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number <= 0:
        raise argparse.ArgumentTypeError(f"{value!r} is not a pull request id (a whole number, 1 or more)")
    return number


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="doc-context",
        description=(
            "Give an Azure DevOps pull request its business context: its work items and the pages (Confluence, wiki) "
            "they and the PR cite, summarized in one PR comment."
        ),
    )
    parser.add_argument("--version", action="version", version=f"doc-context {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="gather, summarize and post the comment (pipeline mode)")
    run.add_argument("--org-url", help="organization URL (default: SYSTEM_TEAMFOUNDATIONCOLLECTIONURI)")
    run.add_argument("--project", help="project id or name (default: SYSTEM_TEAMPROJECTID)")
    run.add_argument("--repository", help="repository id or name (default: BUILD_REPOSITORY_ID)")
    run.add_argument(
        "--pull-request", type=_pull_request_id, help="pull request id (default: SYSTEM_PULLREQUEST_PULLREQUESTID)"
    )
    run.add_argument("--dry-run", action="store_true", default=None, help="print the comment, post nothing")
    run.add_argument("--output", type=Path, help="also write the comment's markdown to this file")
    run.add_argument(
        "--event",
        metavar="FILE",
        help="a git.pullrequest.created/updated service-hook payload (- for stdin): run for its pull request "
        "(it names the project, repository and pull request: not with those flags)",
    )
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
    sub.add_parser("mcp", help="serve the pull_request_context tool over stdio (Model Context Protocol; the mcp extra)")
    sub.add_parser("demo", help="run against the built-in sandbox servers and show what was posted")
    check = sub.add_parser(
        "check", help="preflight: can it read the PR and work items, write threads, reach Confluence? (writes nothing)"
    )
    for flag in ("--org-url", "--project", "--repository"):
        check.add_argument(flag)
    check.add_argument("--pull-request", type=_pull_request_id)
    return parser


def main(argv: Sequence[str] | None = None, out: Printer = print, err: Printer | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    secrets: list[str] = []
    in_pipeline = os.environ.get("TF_BUILD", "").strip().lower() == "true"
    # `context` prints the context on stdout and `mcp` speaks the protocol there: what they log goes to stderr
    log = (err or _stderr) if next((a for a in argv if not a.startswith("-")), "") in ("context", "mcp") else out
    plain = _redacting(log if in_pipeline else _terminal(log), secrets)  # for text that is not ours (the comment)
    emit = _in_admins_words(plain, os.environ.get(TASK_INPUTS, ""))
    logging.getLogger("azure.identity").setLevel(logging.ERROR)  # its get_token warnings: our error says it once
    try:
        args = _parser().parse_args(argv)
        if args.command == "context":
            return _context(args, emit, secrets, _redacting(out, secrets), log)
        if args.command == "mcp":
            from doc_context.mcp_server import serve

            return serve()
        if args.command == "demo":
            from doc_context.demo import demo

            return demo(emit)
        if args.command == "check":
            return _check(args, emit, secrets)
        return _run(args, emit, secrets, out, plain)
    except DocContextError as e:
        return _failed(emit, in_pipeline, str(e), e.exit_code)
    except KeyboardInterrupt:
        return _failed(emit, in_pipeline, "interrupted", 130)
    except Exception:
        emit(traceback.format_exc())
        return _failed(emit, in_pipeline, "failed unexpectedly (the traceback is above): please report it", 3)


def _failed(emit: Printer, in_pipeline: bool, message: str, code: int) -> int:
    """The error, once; in a pipeline as an error issue, then the step's result with its first line, last."""
    if in_pipeline:
        emit(vso.error(message))
        emit(vso.complete("Failed", first_line(message, limit=len(message)) or "doc-context failed"))
    else:
        emit(f"doc-context: {message}")
    return code


def _run(args: argparse.Namespace, emit: Printer, secrets: list[str], out: Printer, plain: Printer) -> int:
    from doc_context.app import Options, run
    from doc_context.gateways import wire
    from doc_context.pr_context import for_the_pipeline
    from doc_context.settings import load_settings

    flags = dict(
        org_url=args.org_url,
        project=args.project,
        repository=args.repository,
        pull_request_id=args.pull_request,
        dry_run=args.dry_run,
    )
    if args.event:
        given = [f for f, v in (("--project", args.project), ("--repository", args.repository)) if v]
        given += ["--pull-request"] if args.pull_request is not None else []
        if given:
            raise ConfigError(
                f"--event names the pull request, and so does {' and '.join(given)}: give one or the other"
            )
        flags.update(_event_flags(args.event, args.org_url))
    settings = load_settings(**flags)
    secrets += settings.secrets()
    if settings.tf_build:
        for secret in settings.secrets():
            out(vso.set_secret(secret))
    pr = settings.pull_request()
    summary_path = settings.summary_path()
    with wire(settings) as wired:
        options = Options(
            marker_key=settings.marker_key,
            thread_status=settings.thread_status,
            budget=settings.comment_budget,
            dry_run=settings.dry_run,
            deadline=settings.deadline,
            extra=wired.extra,
            summary_url=settings.build_summary_url() if summary_path else "",
        )
        outcome = run(wired.sources, wired.publisher, pr, options, wired.chat)
        outcome = replace(outcome, notices=wired.setup_notices + outcome.notices)
    context_lines, unwritten = for_the_pipeline(outcome, settings)  # the JSON document for a later step
    outcome = replace(outcome, notices=outcome.notices + ((unwritten,) if unwritten else ()))
    for line in context_lines:
        emit(line)
    if args.output:
        _save(outcome.markdown, str(args.output), emit)
    if summary_path and _save(outcome.summary or outcome.markdown, summary_path, emit) and settings.tf_build:
        emit(vso.upload_summary(str(Path(summary_path).resolve())))
    if outcome.action == "failed":
        for notice in outcome.notices:
            emit(vso.warning(notice))
        raise PublishError(outcome.failure)
    _report(outcome, emit, plain)
    lines = vso.warnings_and_result(outcome.notices)
    failing = settings.fail_on_warning and outcome.notices
    for line in lines[:-1] if failing else lines:  # failing: its own result instead of SucceededWithIssues
        emit(line)
    if failing:
        raise StepFailed(f"failing the step on {len(outcome.notices)} warnings (DOC_CONTEXT_FAIL_ON_WARNING is on)")
    return 0


def _context(args: argparse.Namespace, emit: Printer, secrets: list[str], out: Printer, log: Printer) -> int:
    """`doc-context context`: the context on stdout (out), the rest (read list, warnings) on stderr (emit; log
    unmasked, for the agent's own masking command)."""
    from doc_context.pr_context import context_settings, gather_context

    settings = context_settings(args.pr)
    secrets += settings.secrets()
    if settings.tf_build:
        for secret in settings.secrets():
            log(vso.set_secret(secret))
    context = gather_context(settings, args.format)
    out(context.text.removesuffix("\n"))
    outcome = context.outcome
    read = f"{outcome.work_items} work items, {outcome.pages} Confluence pages, {len(outcome.notices)} warnings"
    lines = vso.group(f"doc-context: {read}", outcome.sources)
    if outcome.title_only:
        lines += vso.group(f"doc-context: {len(outcome.title_only)} shown by title and link only", outcome.title_only)
    results = vso.warnings_and_result(outcome.notices)
    failing = settings.fail_on_warning and outcome.notices
    for line in lines + (results[:-1] if failing else results):  # failing: its own result, as `run`
        emit(line)
    if failing:
        raise StepFailed(f"failing the step on {len(outcome.notices)} warnings (DOC_CONTEXT_FAIL_ON_WARNING is on)")
    return 0


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


def _save(markdown: str, path: str, emit: Printer) -> bool:
    """Write markdown where asked (the comment to --output, the build summary to its file); False if not."""
    if not markdown:
        return False
    try:
        Path(path).write_text(markdown, encoding="utf-8")
    except OSError as e:
        emit(vso.warning(Notice("summary file", f"cannot write {path}: {e.strerror}")))
        return False
    return True


def _check(args: argparse.Namespace, emit: Printer, secrets: list[str]) -> int:
    from doc_context.gateways import wire
    from doc_context.preflight import preflight, table
    from doc_context.settings import load_settings

    settings = load_settings(
        org_url=args.org_url, project=args.project, repository=args.repository, pull_request_id=args.pull_request
    )
    secrets += settings.secrets()
    with wire(settings) as wired:
        checks = preflight(wired.publisher, wired.sources.documents, settings.pull_request())
        listed = _title_only(wired.sources, settings) if checks[0].ok else []
    for line in [*table(checks), *listed]:
        emit(line)
    failed = [c.name for c in checks if not c.ok]
    if failed:
        raise StepFailed(f"check failed: {', '.join(failed)}; the table above says what to fix")
    warned = [c.name for c in checks if c.warn]
    if warned:  # works, but not for everything: never an all-clear
        emit(f"doc-context check: warnings on {', '.join(warned)}; see the details above")
        emit(vso.complete("SucceededWithIssues", "doc-context check found warnings"))
    return 0


def _title_only(sources: Sources, settings: Settings) -> list[str]:
    """What a run would show by title and link only, and why: gathered as a dry run would, nothing written."""
    from doc_context.app import title_only
    from doc_context.deadline import Deadline
    from doc_context.gather import gather

    try:
        gathered = gather(
            replace(sources, read_threads=False, diff=None),
            settings.pull_request(),
            deadline=Deadline(settings.deadline),
        )
    except DocContextError as e:
        return ["", f"Could not list what a run would show by title only: {e}"]
    lines = title_only(gathered)
    head = f"Shown by title and link only in a run ({len(lines)})" + (":" if lines else ": none")
    return ["", head, *(f"- {vso.defuse(line)}" for line in lines)]


def _event_flags(source: str, org_url: str | None) -> dict[str, object]:
    from doc_context.events import MAX_EVENT_BYTES, parse_event

    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAX_EVENT_BYTES + 1)
        else:
            with open(source, "rb") as f:
                data = f.read(MAX_EVENT_BYTES + 1)  # a larger file is refused without reading all of it
    except OSError as e:
        raise ConfigError(f"cannot read the event file {source}: {e.strerror}") from None
    event = parse_event(data)
    flags: dict[str, object] = {
        "project": event.project,
        "repository": event.repository,
        "pull_request_id": event.pull_request_id,
    }
    if org_url is None and not os.environ.get("SYSTEM_TEAMFOUNDATIONCOLLECTIONURI") and event.org_url:
        flags["org_url"] = event.org_url
    return flags


def _report(outcome: Outcome, emit: Printer, plain: Printer) -> None:
    for line in vso.group(
        f"doc-context: {outcome.work_items} work items, {outcome.pages} pages, {len(outcome.notices)} warnings",
        outcome.sources,
    ):
        emit(line)
    if outcome.title_only:
        title = (
            f"doc-context: {len(outcome.title_only)} shown by title and link only (their text stays out of the "
            "comment, the build summary and the LLM), and why"
        )
        for line in vso.group(title, outcome.title_only):
            emit(line)
    if outcome.action == "dry-run":
        plain(outcome.markdown)
    else:
        emit(f"doc-context: comment thread {outcome.thread_id} {outcome.action}")


def _terminal(out: Printer) -> Printer:
    """Outside a pipeline, logging commands become plain lines (or nothing)."""

    def emit(line: str) -> None:
        shown = vso.for_terminal(line)
        if shown is not None:
            out(shown)

    return emit


def _in_admins_words(out: Printer, task_inputs: str) -> Printer:
    """Run by the DocContext task: each setting's environment name becomes the input the admin typed."""
    try:
        names = json.loads(task_inputs) if task_inputs else {}
    except ValueError:
        names = {}
    if not isinstance(names, dict) or not names:
        return out
    pattern = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(re.escape(str(n)) for n in names) + r")(?![A-Za-z0-9_])")

    def emit(line: str) -> None:
        out(pattern.sub(lambda m: str(names[m.group(1)]), line))

    return emit


def _redacting(out: Printer, secrets: list[str]) -> Printer:
    """Every line passes here: a secret value that slipped into a message is masked."""

    def emit(line: str) -> None:
        for secret in secrets:
            if len(secret) >= 4:
                line = line.replace(secret, "***")
        out(line)

    return emit


def entry() -> None:
    """The console script: run, flush, and leave at once, even with a request past the deadline in flight
    (a pipeline step must never hang; a plain exit would wait for that worker thread)."""
    for stream in (sys.stdout, sys.stderr):  # bytes that were not UTF-8 (a path, a URL) print escaped, never crash
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    entry()

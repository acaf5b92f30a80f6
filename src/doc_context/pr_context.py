"""`doc-context context` and the MCP tool: gather exactly as `run` does, post nothing, and give the context as
markdown (the comment's body) or as the JSON document (context/document.py). No print: the caller prints.

The pull request comes from the pipeline variables, or from its web address (prurl.py). Outside a pipeline
the credential is AZURE_DEVOPS_PAT, or an Entra sign-in (`az login`, gateways.ado_credentials).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from doc_context import __version__, pipeline_log
from doc_context.context.document import ARTIFACT, FILE_NAME, OUTPUT_VARIABLE, context_document, dumps
from doc_context.errors import ConfigError
from doc_context.gateways import run_with
from doc_context.models import Clock, Notice, Outcome
from doc_context.prurl import EXPECTED, parse_pull_request_url
from doc_context.settings import Settings, load_settings
from doc_context.text.masking import mask

Format = Literal["markdown", "json"]
FORMATS: tuple[Format, ...] = ("markdown", "json")


@dataclass(frozen=True)
class Context:
    text: str  # what `doc-context context` prints on stdout: the markdown, or the JSON document
    outcome: Outcome  # its notices (warnings, the setup's first), read list and title-only list, for stderr


def context_settings(pr_url: str | None = None) -> Settings:
    """The settings of a context run: the environment's, a dry run, and the PR of `pr_url` when given.

    A PR named by its address is not the pipeline's own build, so the checkout's diff is not its diff."""
    flags: dict[str, object] = {"dry_run": True}
    if pr_url is not None:
        ref = parse_pull_request_url(pr_url)
        flags.update(org_url=ref.org_url, project=ref.project, repository=ref.repository)
        flags["pull_request_id"] = ref.pull_request_id
    settings = load_settings(**flags)
    if pr_url is not None:
        return settings.model_copy(update={"source_dir": None})
    try:
        settings.pull_request()
    except ConfigError as e:
        raise ConfigError(f"no pull request: pass --pr with its web address ({EXPECTED}); {e}") from None
    return settings


def gather_context(settings: Settings, output: Format = "markdown", clock: Clock = time) -> Context:
    """Gather and summarize as a run does (the language model's overview too, when configured), post nothing;
    the waits between tries go by `clock`."""
    if output not in FORMATS:
        raise ConfigError(f"unknown format {output!r}: use {' or '.join(FORMATS)}")
    outcome = run_with(settings.model_copy(update={"dry_run": True}), clock=clock)
    if output == "json":
        return Context(dumps(context_document(outcome, version=__version__, secrets=settings.secrets())), outcome)
    return Context(mask(outcome.markdown, settings.secrets()), outcome)


def for_the_pipeline(outcome: Outcome, settings: Settings) -> tuple[list[str], Notice | None]:
    """A pipeline run's context document: written to the agent's temp folder, its path the output variable
    contextFile (read in a later step as $(stepName.contextFile)), uploaded as the build artifact doc-context when
    DOC_CONTEXT_PUBLISH_CONTEXT asks. The logging commands to print, or a warning when it cannot be written."""
    if not (settings.tf_build and settings.agent_temp_directory) or outcome.reading is None:
        return [], None
    path = (Path(settings.agent_temp_directory) / FILE_NAME).resolve()
    document = dumps(context_document(outcome, version=__version__, secrets=settings.secrets()))
    try:
        path.write_text(document, encoding="utf-8")
    except OSError as e:
        return [], Notice("context document", f"cannot write {path}: {e.strerror}")
    lines = [pipeline_log.set_output(OUTPUT_VARIABLE, str(path))]
    return lines + ([pipeline_log.upload_artifact(ARTIFACT, str(path))] if settings.publish_context else []), None

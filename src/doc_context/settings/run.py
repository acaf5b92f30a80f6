"""Settings: limits and behaviour of a run, and what the agent tells it about the build."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from doc_context.defaults import CONCURRENCY, DEADLINE, MAX_PAGES
from doc_context.settings.fields import env

EXTENSIONS_TAB = "ms.vss-build-web.run-extensions-tab"  # the build results tab that shows uploaded summaries


class RunSettings(BaseModel):
    timeout: float = Field(
        30.0,
        gt=0,
        le=300,
        validation_alias=env("DOC_CONTEXT_TIMEOUT"),
        description="Seconds one HTTP request may take.",
    )
    concurrency: int = Field(
        CONCURRENCY,
        ge=1,
        le=32,
        validation_alias=env("DOC_CONTEXT_CONCURRENCY"),
        description="Requests in flight at once.",
    )
    max_pages: int = Field(
        MAX_PAGES,
        ge=0,
        le=200,
        validation_alias=env("DOC_CONTEXT_MAX_PAGES"),
        description="Most pages fetched in one run from each document source (Confluence, the wiki).",
    )
    deadline: float = Field(
        DEADLINE,
        gt=0,
        le=3600,
        validation_alias=env("DOC_CONTEXT_DEADLINE"),
        description="Seconds the whole run may take; what is not gathered by then is a warning.",
    )
    dry_run: bool = Field(
        False, validation_alias=env("DOC_CONTEXT_DRY_RUN"), description="Print the comment; post nothing."
    )
    fail_on_warning: bool = Field(
        False,
        validation_alias=env("DOC_CONTEXT_FAIL_ON_WARNING"),
        description="Fail the step when there were warnings (the comment is still posted).",
    )
    summary_file: str | None = Field(
        None,
        validation_alias=env("DOC_CONTEXT_SUMMARY_FILE"),
        description="Where to write the markdown for the build summary (default: in "
        "AGENT_TEMPDIRECTORY when in a pipeline).",
    )
    publish_context: bool = Field(
        False,
        validation_alias=env("DOC_CONTEXT_PUBLISH_CONTEXT"),
        description="Also upload the context document for AI reviewers (doc-context.json, written to the agent's "
        "temp folder in every pipeline run, its path in the output variable contextFile) as the build artifact "
        "doc-context.",
    )

    # Set by the agent
    tf_build: bool = Field(False, validation_alias=env("TF_BUILD"), description="True inside Azure Pipelines.")
    source_branch: str | None = Field(
        None,
        validation_alias=env("BUILD_SOURCEBRANCH"),
        description="The build's branch: refs/pull/{id}/merge in a PR build.",
    )
    source_dir: str | None = Field(
        None,
        validation_alias=env("BUILD_SOURCESDIRECTORY"),
        description=(
            "The checkout; when its HEAD is the pull request's merge commit, the change is read from it (HEAD^1 and "
            "HEAD), else through Azure DevOps."
        ),
    )
    agent_temp_directory: str | None = Field(
        None,
        validation_alias=env("AGENT_TEMPDIRECTORY"),
        description="The agent's temp folder (set by the agent).",
    )
    team_project: str | None = Field(
        None,
        validation_alias=env("SYSTEM_TEAMPROJECT"),
        description="The project's name (set by the agent), for web links (shorter than its id).",
    )
    build_id: str | None = Field(
        None,
        pattern=r"^[0-9]{1,12}$",
        validation_alias=env("BUILD_BUILDID"),
        description="The run's build id (set by the agent): the comment links to its summary.",
    )

    def summary_path(self) -> str | None:
        """Where the markdown goes for the build summary: the setting, else the agent's temp folder in a pipeline."""
        if self.summary_file:
            return self.summary_file
        if self.tf_build and self.agent_temp_directory:
            return str(Path(self.agent_temp_directory) / "doc-context-summary.md")
        return None

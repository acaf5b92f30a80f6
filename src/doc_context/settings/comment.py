"""Settings: the comment thread, what each work item shows, and what is shown by title and link only."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from doc_context.app import THREAD_STATUS, ThreadStatus
from doc_context.comment.render import COUNTED, DEFAULT_BUDGET, HARD_CAP
from doc_context.defaults import PARENT_DEPTH
from doc_context.settings.fields import ExtraFieldsSpec, Names, env
from doc_context.summary.audience import Audience


class CommentSettings(BaseModel):
    marker_key: str = Field(
        "DocContext.Thread",
        min_length=1,
        max_length=100,
        pattern=r"^[A-Za-z0-9_.\-]+$",
        validation_alias=env("DOC_CONTEXT_MARKER_KEY"),
        description="Thread property that marks our thread; give each pipeline its own to keep separate threads.",
    )
    thread_status: ThreadStatus = Field(
        THREAD_STATUS,
        validation_alias=env("DOC_CONTEXT_THREAD_STATUS"),
        description="Status of the thread; 'closed' never blocks 'Check for comment resolution'.",
    )
    comment_budget: int = Field(
        DEFAULT_BUDGET,
        ge=1_000,
        le=HARD_CAP,
        validation_alias=env("DOC_CONTEXT_COMMENT_BUDGET"),
        description=f"Most {COUNTED} in the comment, counted as Azure DevOps renders it (link text counts; link "
        f"addresses, emphasis, code, heading, list and table marks do not); a ceiling, not a target. The raw "
        f"markdown's hard cap is {HARD_CAP} characters.",
    )
    parent_depth: int = Field(
        PARENT_DEPTH,
        ge=0,
        le=5,
        validation_alias=env("DOC_CONTEXT_PARENT_DEPTH"),
        description="Levels of parents (Feature, Epic) shown as context; 0 for none.",
    )
    extra_fields: ExtraFieldsSpec = Field(
        default_factory=dict,
        validation_alias=env("DOC_CONTEXT_EXTRA_FIELDS"),
        description="Extra fields per type, e.g. 'Bug=Microsoft.VSTS.Common.Severity;"
        "User Story=Microsoft.VSTS.Common.BusinessValue'.",
    )
    page_content: Literal["summary", "titles"] = Field(
        "summary",
        validation_alias=env("DOC_CONTEXT_PAGE_CONTENT"),
        description="What the comment shows of a page (Confluence, the wiki): 'summary', or 'titles' (title and "
        "link only) for every page.",
    )
    other_projects: Names = Field(
        (),
        validation_alias=env("DOC_CONTEXT_OTHER_PROJECTS"),
        description="Other projects whose work items are summarized like the PR's own, separated by ';' "
        "('*' for all). Items from any other project are shown by title and link only.",
    )
    sensitive_areas: Names = Field(
        (),
        validation_alias=env("DOC_CONTEXT_SENSITIVE_AREAS"),
        description="Area paths whose work items (and everything below them) are shown by title and link only, "
        "separated by ';', e.g. 'Fabrikam\\Security'.",
    )
    sensitive_tags: Names = Field(
        (),
        validation_alias=env("DOC_CONTEXT_SENSITIVE_TAGS"),
        description="Work item tags that mark an item to show by title and link only, separated by ';', "
        "e.g. 'confidential'.",
    )

    def audience(self) -> Audience:
        """Which sources the comment shows by title only."""
        return Audience(self.other_projects, self.sensitive_areas, self.sensitive_tags, self.page_content)

"""summary/audience.py and Confluence's own rule (sources/confluence/audience.py): which sources are withheld, and
why (pure, table-driven)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from doc_context.models import Page, PageRef, Relation, Restriction, WorkItem
from doc_context.settings import load_settings
from doc_context.sources.confluence.audience import (
    INHERITED_RESTRICTION,
    OWN_RESTRICTION,
    TITLE_ONLY_SPACE,
    UNKNOWN_RESTRICTION,
    ConfluenceAudience,
)
from doc_context.sources.confluence.settings import audience as confluence_audience
from doc_context.summary.audience import (
    OTHER_PROJECT,
    SENSITIVE_AREA,
    SENSITIVE_TAG,
    TITLES_ONLY,
    UNKNOWN_PROJECT,
    Audience,
    split_list,
    withhold_item,
)

from .pagerefs import confluence_page

PR_PROJECTS = ("Fabrikam Fiber", "0b5e6c8e-guid")


def item(project: str = "Fabrikam Fiber", area: str = "Fabrikam Fiber", tags: tuple[str, ...] = ()) -> WorkItem:
    return WorkItem(1, 1, "Bug", "t", "Active", {"Microsoft.VSTS.TCM.ReproSteps": "x"}, project=project,
                    area_path=area, tags=tags)  # fmt: skip


@pytest.mark.parametrize(
    ("audience", "source", "why"),
    [
        (Audience(), item(), None),
        (Audience(), item(project="fabrikam fiber"), None),  # names compare as the service does: any case
        (Audience(), item(project="Contoso"), OTHER_PROJECT),
        (Audience(), item(project=""), UNKNOWN_PROJECT),
        (Audience(other_projects=("contoso",)), item(project="Contoso"), None),
        (Audience(other_projects=("Tailspin",)), item(project="Contoso"), OTHER_PROJECT),
        (Audience(other_projects=("*",)), item(project="Contoso"), None),
        (Audience(other_projects=("*",)), item(project=""), None),
        (Audience(sensitive_areas=("Fabrikam Fiber\\Security",)), item(area="Fabrikam Fiber\\Security"),
         SENSITIVE_AREA),
        (Audience(sensitive_areas=("Fabrikam Fiber\\Security",)), item(area="fabrikam fiber\\security\\triage"),
         SENSITIVE_AREA),
        (Audience(sensitive_areas=("Fabrikam Fiber\\Security",)), item(area="Fabrikam Fiber\\SecurityTools"), None),
        (Audience(sensitive_areas=("Fabrikam Fiber/Security/",)), item(area="Fabrikam Fiber\\Security"),
         SENSITIVE_AREA),
        (Audience(sensitive_areas=("Fabrikam Fiber",)), item(area="Fabrikam Fiber\\Web"), SENSITIVE_AREA),
        (Audience(sensitive_tags=("confidential",)), item(tags=("Payments", "Confidential")), SENSITIVE_TAG),
        (Audience(sensitive_tags=("confidential",)), item(tags=("not confidential",)), None),
        # another project wins: it is named first, and the setting that widens it is a different one
        (Audience(sensitive_tags=("x",)), item(project="Contoso", tags=("x",)), OTHER_PROJECT),
    ],
)  # fmt: skip
def test_work_items(audience: Audience, source: WorkItem, why: str | None) -> None:
    got = audience.item(source, PR_PROJECTS)
    assert (got.why if got else None) == why


def page(space: str = "PAY", restriction: Restriction = "none", error: str = "") -> Page:
    return confluence_page(
        PageRef(page_id=1),
        1,
        "Design",
        space,
        3,
        "https://x/wiki/p/1",
        "text",
        restriction=restriction,
        restriction_error=error,
    )


@pytest.mark.parametrize(
    ("audience", "source", "why"),
    [
        (ConfluenceAudience(), page(), None),
        (ConfluenceAudience(), page(restriction="own"), OWN_RESTRICTION),
        (ConfluenceAudience(), page(restriction="inherited"), INHERITED_RESTRICTION),
        (ConfluenceAudience(), page(restriction="unknown"), UNKNOWN_RESTRICTION),
        (ConfluenceAudience(), page(restriction="unchecked"), UNKNOWN_RESTRICTION),  # a client that did not ask
        (ConfluenceAudience(restricted_pages="summary"), page(restriction="own"), None),
        (ConfluenceAudience(restricted_pages="summary"), page(restriction="unchecked"), None),
        (
            confluence_audience(load_settings(title_only_spaces="PAY", restricted_pages="summary")),
            page(),
            TITLE_ONLY_SPACE,
        ),
        (confluence_audience(load_settings(title_only_spaces="hr, LEGAL;pay")), page("PAY"), TITLE_ONLY_SPACE),
        (confluence_audience(load_settings(title_only_spaces="HR")), page("PAY"), None),
    ],
)
def test_confluence_pages(audience: ConfluenceAudience, source: Page, why: str | None) -> None:
    got = audience.page(source)
    assert (got.why if got else None) == why


@pytest.mark.parametrize(
    ("audience", "source", "why"),
    [
        (Audience(), page(restriction="own"), None),  # a source's own rule decides that, not the general one
        (Audience(page_content="titles"), page(), TITLES_ONLY),
        (Audience(), replace(page(), project="Contoso"), OTHER_PROJECT),
        (Audience(other_projects=("contoso",)), replace(page(), project="Contoso"), None),
    ],
)
def test_every_sources_pages(audience: Audience, source: Page, why: str | None) -> None:
    got = audience.page(source, PR_PROJECTS)
    assert (got.why if got else None) == why


def test_an_unknown_restriction_says_why_in_the_log() -> None:
    why = ConfluenceAudience().page(page(restriction="unknown", error="the token lacks the scope X (HTTP 401)."))
    assert why is not None and "(the token lacks the scope X (HTTP 401))" in why.detail


def test_a_withheld_item_keeps_its_title_line_only() -> None:
    source = WorkItem(
        7, 2, "Bug", "Title", "Active", {"Microsoft.VSTS.TCM.ReproSteps": "secret"},
        (Relation("Hyperlink", "https://wiki/x"),), frozenset({"Microsoft.VSTS.TCM.ReproSteps"}), "https://w/7",
        project="Contoso", tags=("a",),
    )  # fmt: skip
    why = Audience().item(source, PR_PROJECTS)
    assert why is not None
    kept = withhold_item(source, why)
    assert (kept.id, kept.type, kept.title, kept.web_url) == (7, "Bug", "Title", "https://w/7")
    assert kept.fields == {} and kept.relations == () and kept.markdown_fields == frozenset()
    assert kept.withheld == why and "Contoso" in why.detail


def test_lists_split_on_semicolons_and_lines() -> None:
    assert split_list(" a; b\nc;; a ") == ("a", "b", "c")
    assert split_list("") == ()

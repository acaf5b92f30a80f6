"""Pure: which sources the PR's readers may see only by title and link, and why.

doc-context reads with identities (the build service, a Confluence account) that often see more than
the people who read the pull request. A source whose readers may be fewer is *withheld*: gather strips
its text (and a work item's relations) before anything else sees it, so it cannot reach a summary, the
ranking of other sources, the LLM, the build summary or a cited page. Only its title and link remain.

    work item   from another project than the PR's (unless DOC_CONTEXT_OTHER_PROJECTS names it, or is *; by
                its name or, once the run learned it, its id: a wiki link names its project by id),
                under a sensitive area path (DOC_CONTEXT_SENSITIVE_AREAS, a path and everything below it),
                or with a sensitive tag (DOC_CONTEXT_SENSITIVE_TAGS); parents alike
    page        with a view restriction of its own or on an ancestor, or whose restrictions could not be
                learned (unless DOC_CONTEXT_RESTRICTED_PAGES=summary); in a title-only space
                (DOC_CONTEXT_TITLE_ONLY_SPACES); a wiki page of another project, as a work item is;
                every page with DOC_CONTEXT_PAGE_CONTENT=titles
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from doc_context.models import Page, Withheld, WorkItem

ALL = "*"
_SEPARATORS = re.compile(r"[;\n]")

OTHER_PROJECT = "it belongs to another project"
UNKNOWN_PROJECT = "its project could not be learned"
SENSITIVE_AREA = "its area path is marked sensitive"
SENSITIVE_TAG = "it carries a tag marked sensitive"
OWN_RESTRICTION = "the page has view restrictions"
INHERITED_RESTRICTION = "the page inherits view restrictions from a parent page"
UNKNOWN_RESTRICTION = "its view restrictions could not be checked"
TITLE_ONLY_SPACE = "its space is shown by title only"
TITLES_ONLY = "pages are shown by title only"


def split_list(text: str) -> tuple[str, ...]:
    """'a; b\\nc' -> ('a', 'b', 'c'): the separator of System.Tags, and one a line in YAML."""
    return tuple(dict.fromkeys(part.strip() for part in _SEPARATORS.split(text or "") if part.strip()))


def area_key(path: str) -> str:
    """An area path compared as the service does: case-insensitively, '\\' between nodes."""
    return "\\".join(node.strip() for node in path.replace("/", "\\").strip("\\ ").split("\\")).casefold()


@dataclass(frozen=True)
class Audience:
    """What the comment may show beyond the PR's own readers: the settings, parsed."""

    other_projects: tuple[str, ...] = ()  # summarized in full; ("*",) for every project
    sensitive_areas: tuple[str, ...] = ()
    sensitive_tags: tuple[str, ...] = ()
    restricted_pages: Literal["titles", "summary"] = "titles"
    title_only_spaces: tuple[str, ...] = ()
    page_content: Literal["summary", "titles"] = "summary"
    other_project_ids: tuple[str, ...] = ()  # the ids of the projects other_projects names (learned by the run)

    @property
    def named_projects(self) -> tuple[str, ...]:
        """The projects other_projects names, whose ids a link may use instead (none for '*')."""
        return () if ALL in self.other_projects else self.other_projects

    def knowing(self, ids: Sequence[str]) -> Audience:
        """The same rules, with the ids of the named projects: a project is one project by its name or its id."""
        return replace(self, other_project_ids=tuple(ids))

    @property
    def checks_restrictions(self) -> bool:
        """Whether a page's restrictions matter at all (else they are not even read)."""
        return self.page_content == "summary" and self.restricted_pages == "titles"

    def item(self, item: WorkItem, pr_projects: Iterable[str]) -> Withheld | None:
        """Why this work item (or parent) is withheld; None when the PR's readers may read it."""
        if not item.project.strip():
            if ALL not in {p.casefold() for p in self.other_projects}:
                return Withheld(UNKNOWN_PROJECT, "no System.TeamProject in the answer")
        elif not self._shared(item.project, pr_projects):
            return Withheld(OTHER_PROJECT, f"project {item.project} (DOC_CONTEXT_OTHER_PROJECTS)")
        area = area_key(item.area_path)
        for marked in self.sensitive_areas:
            key = area_key(marked)
            if key and (area == key or area.startswith(key + "\\")):
                return Withheld(SENSITIVE_AREA, f"area path {item.area_path} (DOC_CONTEXT_SENSITIVE_AREAS: {marked})")
        tags = {t.casefold(): t for t in item.tags}
        for marked in self.sensitive_tags:
            if marked.casefold() in tags:
                return Withheld(SENSITIVE_TAG, f"tag {tags[marked.casefold()]} (DOC_CONTEXT_SENSITIVE_TAGS)")
        return None

    def page(self, page: Page, pr_projects: Iterable[str] = ()) -> Withheld | None:
        """Why this page is withheld; None when the PR's readers may read it. A page that belongs to an Azure
        DevOps project (a wiki page) is weighed like a work item: another project's is shown by title only."""
        if self.page_content == "titles":
            return Withheld(TITLES_ONLY, "DOC_CONTEXT_PAGE_CONTENT=titles")
        if page.project and not self._shared(page.project, pr_projects):
            return Withheld(OTHER_PROJECT, f"project {page.project} (DOC_CONTEXT_OTHER_PROJECTS)")
        if page.space_key.casefold() in {s.casefold() for s in self.title_only_spaces}:
            return Withheld(TITLE_ONLY_SPACE, f"space {page.space_key} (DOC_CONTEXT_TITLE_ONLY_SPACES)")
        if self.restricted_pages == "summary" or page.restriction == "none":
            return None
        if page.restriction == "own":
            return Withheld(OWN_RESTRICTION, "a view restriction on the page")
        if page.restriction == "inherited":
            return Withheld(INHERITED_RESTRICTION, "a view restriction on an ancestor page")
        why = f" ({page.restriction_error.rstrip('.')})" if page.restriction_error else ""
        return Withheld(
            UNKNOWN_RESTRICTION, f"its view restrictions could not be read{why}, so it counts as restricted"
        )

    def _shared(self, project: str, pr_projects: Iterable[str]) -> bool:
        """The PR's own project (by name or id), or one DOC_CONTEXT_OTHER_PROJECTS names (or '*')."""
        projects = {p.casefold() for p in pr_projects if p}
        shared = {p.casefold() for p in (*self.other_projects, *self.other_project_ids)}
        return project.casefold() in projects or bool({ALL, project.casefold()} & shared)


def withhold_item(item: WorkItem, why: Withheld) -> WorkItem:
    """Only what the title line needs: no field text, no relations (no links followed, no parent read)."""
    return replace(item, fields={}, relations=(), markdown_fields=frozenset(), withheld=why)


def withhold_page(page: Page, why: Withheld) -> Page:
    return replace(page, text="", withheld=why)

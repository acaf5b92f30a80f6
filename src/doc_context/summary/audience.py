"""Pure: which sources the PR's readers may see only by title and link, and why.

doc-context reads with identities (the build service, a Confluence account) that often see more than
the people who read the pull request. A source whose readers may be fewer is *withheld*: gather strips
its text (and a work item's relations) before anything else sees it, so it cannot reach a summary, the
ranking of other sources, the LLM, the build summary or a cited page. Only its title and link remain.

    work item   from another project than the PR's (unless DOC_CONTEXT_OTHER_PROJECTS names it, or is *; by
                its name or, once the run learned it, its id: a wiki link names its project by id),
                under a sensitive area path (DOC_CONTEXT_SENSITIVE_AREAS, a path and everything below it),
                or with a sensitive tag (DOC_CONTEXT_SENSITIVE_TAGS); parents alike
    page        every page with DOC_CONTEXT_PAGE_CONTENT=titles; a page that belongs to another project (a
                wiki page), as a work item does; then what its own source's audience rule says
                (DocumentSource.title_only: Confluence's view restrictions and title-only spaces)
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
    page_content: Literal["summary", "titles"] = "summary"
    other_project_ids: tuple[str, ...] = ()  # the ids of the projects other_projects names (learned by the run)

    @property
    def named_projects(self) -> tuple[str, ...]:
        """The projects other_projects names, whose ids a link may use instead (none for '*')."""
        return () if ALL in self.other_projects else self.other_projects

    def knowing(self, ids: Sequence[str]) -> Audience:
        """The same rules, with the ids of the named projects: a project is one project by its name or its id."""
        return replace(self, other_project_ids=tuple(ids))

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
        """Why this page is withheld by the rules every source's pages follow (its own source's rule comes after:
        DocumentSource.title_only); None when they let the PR's readers read it. A page that belongs to an
        Azure DevOps project (a wiki page) is weighed like a work item: another project's is shown by title only."""
        if self.page_content == "titles":
            return Withheld(TITLES_ONLY, "DOC_CONTEXT_PAGE_CONTENT=titles")
        if page.project and not self._shared(page.project, pr_projects):
            return Withheld(OTHER_PROJECT, f"project {page.project} (DOC_CONTEXT_OTHER_PROJECTS)")
        return None

    def _shared(self, project: str, pr_projects: Iterable[str]) -> bool:
        """The PR's own project (by name or id), or one DOC_CONTEXT_OTHER_PROJECTS names (or '*')."""
        projects = {p.casefold() for p in pr_projects if p}
        shared = {p.casefold() for p in (*self.other_projects, *self.other_project_ids)}
        return project.casefold() in projects or bool({ALL, project.casefold()} & shared)


def withhold_item(item: WorkItem, why: Withheld) -> WorkItem:
    """Only what the title line needs: no field text, no relations (no links followed, no parent read)."""
    return replace(item, fields={}, relations=(), markdown_fields=frozenset(), withheld=why)


def withhold_page(page: Page, why: Withheld) -> Page:
    return replace(page, text="", criteria="", children=(), cites=(), withheld=why)

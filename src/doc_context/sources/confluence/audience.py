"""Confluence's audience rule: which of its pages the comment shows by title and link only, and why. The general
rules (summary/audience.py: every page's with DOC_CONTEXT_PAGE_CONTENT=titles) come first; then a page

    with a view restriction of its own or on an ancestor, or whose restrictions could not be learned
    (unless DOC_CONTEXT_RESTRICTED_PAGES=summary), or in a title-only space (DOC_CONTEXT_TITLE_ONLY_SPACES)

is withheld: its readers may be fewer than the pull request's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from doc_context.models import Page, Withheld

OWN_RESTRICTION = "the page has view restrictions"
INHERITED_RESTRICTION = "the page inherits view restrictions from a parent page"
UNKNOWN_RESTRICTION = "its view restrictions could not be checked"
TITLE_ONLY_SPACE = "its space is shown by title only"


@dataclass(frozen=True)
class ConfluenceAudience:
    restricted_pages: Literal["titles", "summary"] = "titles"
    title_only_spaces: tuple[str, ...] = ()

    def page(self, page: Page) -> Withheld | None:
        """Why this Confluence page is withheld; None when the pull request's readers may read it."""
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

"""Pure: what a page with more than text shows (a Jira issue: Page.status, Page.criteria, Page.children), as a work
item shows the same: its state beside its title, each acceptance criterion with its evidence from the diff (the
run's one EvidenceFinder), and one line of its children, done and open.

    Sub-tasks: 1 of 2 done; open: [PAY-483: Ledger export](…) (In Progress)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from doc_context.models import Child, Page, Summary
from doc_context.summary.acceptance_criteria import parse_criteria, with_evidence
from doc_context.summary.evidence import EvidenceFinder
from doc_context.summary.tokens import clip
from doc_context.text.neutralize import plain_inline, safe_link

MAX_OPEN = 10  # open children named in the comment; the rest counted (the build summary names all)


def with_facts(summary: Summary, page: Page, finder: EvidenceFinder | None, elsewhere: Sequence[str] = ()) -> Summary:
    """The page's summary with its state, its criteria (each with its evidence) and its children line; a withheld
    page has none of them (gather took them with its text)."""
    if page.withheld or not (page.status or page.criteria or page.children):
        return replace(summary, state=page.status if not page.withheld else "")
    criteria = with_evidence(parse_criteria(page.criteria), finder, [page.title, page.text], elsewhere, page.title)
    return replace(
        summary,
        state=page.status,
        criteria=criteria,
        children=children_line(page.children),
        children_more=children_line(page.children, full=True),
    )


def children_line(children: Sequence[Child], *, full: bool = False) -> str:
    """One line: how many are done, the open ones by title (all of them, and the done ones, in `full`)."""
    if not children:
        return ""
    done = [c for c in children if c.done]
    still = [c for c in children if not c.done]
    named = still if full else still[:MAX_OPEN]
    line = f"**{_noun(children)}:** {len(done)} of {len(children)} done"
    if still:
        line += "; open: " + ", ".join(map(_child, named))
        line += f" and {len(still) - len(named)} more" if len(still) > len(named) else ""
    if full and done:
        line += "; done: " + ", ".join(map(_child, done))
    return line


def _child(child: Child) -> str:
    return f"{safe_link(clip(child.title, 120), child.url)} ({plain_inline(clip(child.state, 40))})"


def _noun(children: Sequence[Child]) -> str:
    kinds = {c.kind.strip() for c in children}
    kind = plain_inline(next(iter(kinds))) if len(kinds) == 1 else ""
    if not kind:
        return "Children"
    return kind[:-1] + "ies" if kind.endswith("y") and not kind.endswith(("ay", "ey", "oy")) else kind + "s"

"""Pure: the order in which the comment's parts yield when it is longer than its ceiling, step by step.

    1. page middles: a page's quotes beyond its best, the weakest first; the lead sentence of a page that
       matches nothing;
    2. a work item's lines that only carry a link;
    3. descriptions beyond their lead; repro steps beyond the first three;
    4. parents: the parent line, a shared parent's goal;
    5. each criterion's evidence files beyond its first (the build summary has them all);
    6. each page's best-matching passage, the page with the weakest match first (the page stays, title only),
       first those of the weak matches; then the story: each work item's discussion, then its children line
       (a strong match's passage, the criteria and their first evidence file stay longer);
    7. last: the term named after each evidence file, then each work item's text (its lead, system info,
       criteria, a bug's outcome);
    8. then each disagreement line (where a page, a criterion and the diff state different values), the least
       relevant source's first; then whole pages, then whole work items.

Each step takes the least relevant source first. models.Yields names the tiers, summary/shorter.py makes
each text's rungs (what it becomes once a tier has yielded); render.py takes the steps until the comment
fits, and its note counts them."""

from __future__ import annotations

from collections.abc import Iterator

from doc_context.comment.sections import Part
from doc_context.models import Yields
from doc_context.text.neutralize import neutralize

Step = tuple[str, str, int]  # (what, how, index): "page excerpt", "shortened", 2
WEAK_MATCH = 200  # a page whose best passage weighs less than twice a match (Summary.relevance: score x 100)


def steps(items: list[Part], pages: list[Part]) -> Iterator[Step]:
    """Each step shortens or drops one part, in the order above; the caller stops when the comment fits."""
    for tier in (Yields.PAGE_MIDDLE, Yields.LINKS, Yields.DESCRIPTION):
        yield from _rungs(tier, items, pages)
    yield from _parents(items)
    yield from _rungs(Yields.EVIDENCE, items, pages)
    yield from _rungs(Yields.PAGE_BEST, [], [p for p in pages if p.relevance < WEAK_MATCH])
    yield from _story(items, pages)
    yield from _rungs(Yields.PAGE_BEST, [], pages)
    yield from _left_out("page excerpt", pages)
    yield from _rungs(Yields.TERMS, items, [])
    yield from _rungs(Yields.LAST, items, [])
    yield from _left_out("work item text", items)
    for part in least_relevant([*pages, *items]):
        if part.notes:
            part.notes = ""
            yield ("disagreement line", "left out", part.index if any(part is p for p in pages) else -1 - part.index)
    for what, parts in (("page", pages), ("work item", items)):
        for part in least_relevant(parts):
            parts.remove(part)
            yield (what, "left out", part.index)


def _left_out(what: str, parts: list[Part]) -> Iterator[Step]:
    """Each part's text left out, the least relevant first (its title and link stay)."""
    for part in least_relevant(parts):
        if part.body:
            part.body = ""
            yield (what, "left out", part.index)


def least_relevant(parts: list[Part]) -> list[Part]:
    return sorted(parts, key=lambda p: (p.relevance, -p.index))


def _rungs(tier: Yields, items: list[Part], pages: list[Part]) -> Iterator[Step]:
    """Every rung up to `tier` of each part (the least relevant first), one rung a step."""
    for what, parts in (("page excerpt", pages), ("work item text", items)):
        for part in least_relevant(parts):
            while part.shorter and part.shorter[0][0] <= tier:
                part.body = neutralize(part.shorter.pop(0)[1])
                yield (what, "shortened" if part.body else "left out", part.index)


def _story(items: list[Part], pages: list[Part]) -> Iterator[Step]:
    """Each work item's discussion down to its newest comment, then each one's discussion, then each page's
    children line (a Jira issue's subtasks), then each work item's children line down to fewer open children by
    title, then to none, then each one's line, the least relevant first."""
    for part in least_relevant(items):
        if part.discussion_newest:
            part.discussion, part.discussion_newest = part.discussion_newest, ""
            yield ("discussion", "shortened", part.index)
    for part in least_relevant(items):
        if part.discussion:
            part.discussion = ""
            yield ("discussion", "left out", part.index)
    for part in least_relevant(pages):
        if part.children:
            part.children = ""
            yield ("children line", "left out", part.index)
    while any(p.children_fewer for p in items):
        for part in least_relevant(items):
            if part.children_fewer:
                part.children = part.children_fewer.pop(0)
                yield ("children line", "shortened", part.index)
    for part in least_relevant(items):
        if part.children:
            part.children = ""
            yield ("children line", "left out", part.index)


def _parents(items: list[Part]) -> Iterator[Step]:
    """The parent lines (and the origin a build summary shows), then each shared parent's goal under its heading."""
    for part in least_relevant(items):
        if part.context or part.tail:
            part.context = part.tail = ""
            yield ("parent line", "left out", part.index)
    groups: dict[str, list[Part]] = {}
    for part in items:
        groups.setdefault(part.group, []).append(part)
    by_relevance = sorted(groups.values(), key=lambda g: (max(p.relevance for p in g), -g[0].index))
    for group in by_relevance:
        heading, _, goal = group[0].group.partition("\n")
        if goal:
            for part in group:
                part.group = heading
            yield ("parent line", "left out", group[0].index)

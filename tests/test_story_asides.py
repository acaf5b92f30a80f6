"""The story lifts what is built, never an aside (issue 36, session 17): on a long specification the story's
sentences lift the passages the change speaks to that say them, but a Rationale saying the story's words ("Shops
asked to let go of a payment on a silent gateway...") is why the rule is so, not the rule. Lifted, it ranked above
the rules naming the same names, and on a long page the rules it holds every name of were no longer novel (PEP 705's
Rationale above its "type checkers should error if a TypedDict with a read-only item is updated"). The same page in
markdown, reStructuredText and Confluence storage; the change in Python, Go and TypeScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.passages import said_sentences
from doc_context.summary.quotes import weigh_pages

from .diffs import added
from .spec_page import IDS, RELEASING, readers

TITLE = "Gift card holds"
LEAD = "This page says how a shop holds part of a gift card's balance until the order is paid."
CRITERION = "A payment waiting on a silent gateway is let go after half a minute."
RELEASES = "A shop releases a hold early with `release_hold`, naming its `hold_id`."
LONGEST = "The `hold_window` MUST NOT be longer than one day."
OPENING = "The rules below apply to every gift card the shop sells, online and at its desks."
RULES = [OPENING, RELEASES, LONGEST, "The balance of a gift card counts every hold the shop has not released."]
WHY = (
    "Shops asked to let go of a payment waiting on a silent gateway after half a minute, so `release_hold` takes "
    "the `hold_id` alone."
)
EXAMPLE = "For example, a payment waiting on a silent gateway is let go after half a minute: `release_hold(hold_id)`."
CARDS = [f"A gift card sold at desk {n} carries the code printed on its back and the shop's logo." for n in range(40)]
ASIDE = readers(TITLE, LEAD, RULES, pep=9995, more=[("Rationale", [WHY]), ("Cards", CARDS)])
EXAMPLES = readers(TITLE, LEAD, RULES, pep=9994, more=[("Examples", [EXAMPLE]), ("Cards", CARDS)])
SPECIFIED = readers(TITLE, LEAD, [*RULES, WHY], pep=9993, more=[("Cards", CARDS)])


def quoted(page: str, path: str) -> list[str]:
    terms = change_terms(Change(parse_diff(added(path, *RELEASING[path]))), [CRITERION], within=[page])
    said = said_sentences([], [("criterion 1", CRITERION)])
    return [p.plain.replace("``", "`") for p in weigh_pages([(page, TITLE)], terms, said)[0].matched]


@pytest.mark.parametrize("read", ASIDE, ids=IDS)
@pytest.mark.parametrize("path", sorted(RELEASING))
def test_a_rationale_saying_the_story_is_not_lifted_above_the_rules(read: Callable[[], str], path: str) -> None:
    assert quoted(read(), path)[0] == RELEASES  # failing before: the Rationale first, the rule it names not novel


@pytest.mark.parametrize("read", EXAMPLES, ids=IDS)
@pytest.mark.parametrize("path", sorted(RELEASING))
def test_an_example_saying_the_story_comes_after_the_rules(read: Callable[[], str], path: str) -> None:
    assert quoted(read(), path)[0] == RELEASES  # failing before: the Example first, the rule it names not novel


@pytest.mark.parametrize("read", SPECIFIED, ids=IDS)
@pytest.mark.parametrize("path", sorted(RELEASING))
def test_a_rule_saying_the_story_is_still_lifted_first(read: Callable[[], str], path: str) -> None:
    assert quoted(read(), path)[0] == WHY  # the same words in the Specification: what is built, the story's lift

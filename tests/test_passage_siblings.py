"""A rule beside a page's quote, in its section, naming the page's feature as the quote does (issue 36, session 16): a
feature named in many passages weighs by its rarity, so a rule naming it and little else stays under MATCH (PEP 643's
rules on ``Dynamic``, PEP 685's "they MUST write out extra names in their normalized form"), though its section is
the one the change matches. Such a sibling is quoted after the page's matches while there is room. The same page in
markdown, reStructuredText and Confluence storage; the change in Python, Go and TypeScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.passage_siblings import SIBLING, siblings, spread_out
from doc_context.summary.passage_weights import MATCH
from doc_context.summary.passages import Passage
from doc_context.summary.quotes import weigh_pages

from .diffs import added
from .spec_page import IDS, RELEASING, readers

TITLE = "Gift card holds"
LEAD = "This page says how a shop holds part of a gift card's balance until the order is paid."
RELEASES = "A shop releases a hold early with `release_hold`, naming its `hold_id`: it ends before its `hold_window`."
LONGEST = "The `hold_window` MUST NOT be longer than one day."
RULES = [RELEASES, LONGEST, "The balance of a gift card counts every hold the shop has not released."]
PRINTS = "A receipt MAY print the `hold_window` of each hold."  # the feature again, in a section the change matches not
CARDS = [f"A gift card sold at desk {n} carries the code printed on its back and the shop's logo." for n in range(16)]
DESIGNS = [
    f"Card design {n} was retired after the spring campaign, and its stock sent back to the printer." for n in range(16)
]
MORE = [("Receipts", [PRINTS]), ("Cards", CARDS), ("Designs", DESIGNS)]
READERS = readers(TITLE, LEAD, RULES, pep=9996, more=MORE)


def quoted(page: str, path: str) -> list[str]:
    terms = change_terms(Change(parse_diff(added(path, *RELEASING[path]))), within=[page])
    return [p.plain.replace("``", "`") for p in weigh_pages([(page, TITLE)], terms)[0].matched]


@pytest.mark.parametrize("read", READERS, ids=IDS)
@pytest.mark.parametrize("path", sorted(RELEASING))
def test_a_rule_beside_the_quote_naming_its_feature_is_quoted_after_it(read: Callable[[], str], path: str) -> None:
    shown = quoted(read(), path)
    assert shown == [RELEASES, LONGEST]  # failing before: the rule on `hold_window` alone stays under MATCH
    assert PRINTS not in shown  # the feature in a section the change matches nothing of: no sibling


def passage(index: int, head: int, text: str, *, argues: bool = False) -> Passage:
    return Passage("Specification", "para", text, text, index, index, head=head, argues=argues)


def shows(_: Passage, score: float) -> bool:
    return score >= MATCH


def test_what_is_no_sibling() -> None:
    quote, rule = (
        passage(1, 0, "A hold ends with `release_hold`."),
        passage(2, 0, "The `hold_window` MUST NOT exceed a day."),
    )
    rejected = passage(3, 0, "A `hold_window` per shop was considered.", argues=True)
    link = passage(4, 0, "[gh-214: remove the `hold_window` default](https://example.test/pull/214)")
    elsewhere, faint = (
        passage(5, 9, "A receipt prints the `hold_window`."),
        passage(6, 0, "Holds show the `hold_window`."),
    )
    scored = [(quote, 2.0), (rule, 0.7), (rejected, 0.7), (link, 0.7), (elsewhere, 0.7), (faint, SIBLING - 0.01)]
    assert siblings(scored, shows, {2, 3, 4, 5, 6}) == [(rule, 0.7)]
    assert siblings(scored, shows, {1}) == []  # a rule holding no term many passages hold: prose under MATCH stays out
    assert siblings([(rule, 0.7)], shows, {2}) == []  # a section with no quote


def test_a_term_many_passages_hold_is_spread_out() -> None:
    feature, name = ("ident", ("hold", "window")), ("ident", ("release", "hold"))
    held = [{feature, name}, {feature}, {feature}, set(), {name}, {feature}]
    where = [(0, "")] * 5 + [(1, "")]  # the last passage on another page, where the feature is rare
    assert spread_out(held, where) == [True, True, True, False, False, False]

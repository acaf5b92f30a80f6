"""A passage aside from the specification (rationale, history, rejected ideas) weighs ASIDE of its match: it ranks so,
and it shows only when that weight reaches MATCH (issue 36, session 12). A rejected idea naming one name of the change
("Special handling of ``Requires-Python``", beside a change listing every metadata field) says why the rule is not so,
not what the change builds; one naming as much as the rule does is shown below the rule. A page whose only match is
such an aside shows its lead, as a page matching nothing does. The same page in markdown, reStructuredText (a PEP's
shape) and Confluence storage."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.quotes import weigh_pages
from doc_context.text.storage import storage_to_markdown
from doc_context.text.wikimd import wiki_to_markdown

TITLE = "Refund receipts"
LEAD = "This page says what a shop sends when it refunds an order."
RULE = "A refund sends the `refund_receipt` to the `billing_email`, with the `refund_id` in its subject."
PLAIN = "Receipts are plain text."
ONE_NAME = "Sending each receipt from a `refund_worker` queue was considered; a refund then waits on the queue."
MANY_NAMES = "An earlier draft had `refund_worker` send a `refund_receipt` to the `billing_email` after `retry_after`."
CHANGE = (
    "diff --git a/shop/refunds.py b/shop/refunds.py\n--- a/shop/refunds.py\n+++ b/shop/refunds.py\n"
    "@@ -1,0 +1,5 @@\n"
    "+def send_refund_receipt(billing_email, refund_id):\n"
    "+    refund_receipt = render(refund_id)\n"
    "+    mail(billing_email, subject=refund_id, body=refund_receipt)\n"
    "+refund_worker = Queue()\n"
    "+retry_after = 30\n"
)
SECTIONS = [("Abstract", [LEAD]), ("Specification", [RULE, PLAIN]), ("Rejected ideas", [ONE_NAME]), ("History", [])]


def markdown(sections: list[tuple[str, list[str]]]) -> str:
    return f"# {TITLE}\n\n" + "".join(f"## {h}\n\n" + "".join(f"{t}\n\n" for t in texts) for h, texts in sections)


def rst(sections: list[tuple[str, list[str]]]) -> str:
    body = "".join(f"{h}\n{'=' * len(h)}\n\n" + "".join(f"{t}\n\n" for t in texts) for h, texts in sections)
    return f"PEP: 9999\nTitle: {TITLE}\nStatus: Draft\n\n" + body.replace("`", "``")


def storage(sections: list[tuple[str, list[str]]]) -> str:
    def html(text: str) -> str:
        parts = text.split("`")
        return "<p>" + "".join(f"<code>{p}</code>" if n % 2 else p for n, p in enumerate(parts)) + "</p>"

    return f"<h1>{TITLE}</h1>" + "".join(f"<h2>{h}</h2>" + "".join(map(html, texts)) for h, texts in sections)


READERS: list[Callable[[list[tuple[str, list[str]]]], str]] = [
    lambda sections: wiki_to_markdown(markdown(sections)).text,
    lambda sections: wiki_to_markdown(rst(sections)).text,
    lambda sections: storage_to_markdown(storage(sections)).text,
]
IDS = ["markdown", "restructuredtext-pep", "storage"]


def quoted(page: str) -> tuple[list[str], str]:
    terms = change_terms(Change(parse_diff(CHANGE)), within=[page])
    found = weigh_pages([(page, TITLE)], terms)[0]
    return [p.plain.replace("``", "`") for p in found.matched], found.text


@pytest.mark.parametrize("read", READERS, ids=IDS)
def test_a_rejected_idea_naming_one_name_of_the_change_is_not_quoted(read: Callable[..., str]) -> None:
    shown, _ = quoted(read(SECTIONS))
    assert shown == [RULE]  # failing before: the rejected idea quoted below the rule


@pytest.mark.parametrize("read", READERS, ids=IDS)
def test_an_aside_naming_as_much_as_the_rule_is_quoted_below_it(read: Callable[..., str]) -> None:
    shown, _ = quoted(read([*SECTIONS[:2], ("History", [MANY_NAMES])]))
    assert shown == [RULE, MANY_NAMES]


@pytest.mark.parametrize("read", READERS, ids=IDS)
def test_a_page_matching_only_in_an_aside_by_one_name_shows_its_lead(read: Callable[..., str]) -> None:
    shown, text = quoted(read([SECTIONS[0], ("Specification", [PLAIN]), SECTIONS[2]]))
    assert shown == []  # failing before: the rejected idea quoted
    assert LEAD in text


@pytest.mark.parametrize("read", READERS, ids=IDS)
@pytest.mark.parametrize("heading", ["Examples", "FAQ", "Background"])
def test_an_example_naming_one_name_ranks_below_the_rule_and_is_shown(read: Callable[..., str], heading: str) -> None:
    """An Example, a FAQ, a Background shows the rule at work, it does not argue against it: it ranks below the rule
    and is quoted on its match (review 12 F4; failing before: hidden as a rejected idea is)."""
    shown, _ = quoted(read([*SECTIONS[:2], (heading, [ONE_NAME.replace(" was considered", " is used")])]))
    assert shown == [RULE, ONE_NAME.replace(" was considered", " is used")]


DEFINES = (
    "Refund receipt: the `refund_receipt` a `refund_worker` mails to the `billing_email` with the `refund_id`, "
    "again after `retry_after` seconds."
)


@pytest.mark.parametrize("read", READERS, ids=IDS)
@pytest.mark.parametrize("heading", ["Terminology", "Definitions", "Glossary", "Notational conventions"])
def test_a_definition_of_the_pages_words_ranks_below_the_rule(read: Callable[..., str], heading: str) -> None:
    """A section saying what the page's words mean (Terminology, Definitions, Glossary, Conventions: the whole
    heading) says what they are, not what is built: it ranks as an aside, below the rule, and shows on its match
    (failing before: the definition, naming more of the change's names, came first)."""
    shown, _ = quoted(read([SECTIONS[0], (heading, [DEFINES]), ("Specification", [PLAIN, RULE])]))
    assert shown == [RULE, DEFINES]

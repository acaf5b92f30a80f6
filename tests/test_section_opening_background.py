"""A specifying section's opening is quoted beside its detail for what it says of the change (issue 36, session 10):
lifted to a share of its detail's match (passage_openings), an opening holding none of the change's own terms is
the section's background ("Shops have always mailed a paper receipt...", a real specification's "npm already signs
each published version", "Tasks can be queued using the enqueue method"), not what the change builds. It is not
quoted, and its place among the page's quotes stays empty: the passage ranked below it matched less than the opening
was lifted to, and is no better for the opening's going (MAX_QUOTES is a ceiling, never a target). An opening saying
the change's own words is quoted as before. The same page in markdown, reStructuredText (a PEP's shape) and
Confluence storage."""

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
BACKGROUND = "Shops have always mailed a paper receipt once an order was paid in full."
SAYS = "A refund sends its receipt to the billing email of the order."
DETAILS = [
    "A refund sends the `refund_receipt` to the `billing_email`, with the `refund_id` in its subject.",
    "The `refund_receipt` lists each `refund_line` with its `refund_amount`.",
    "A failed send tries the `refund_receipt` again after `retry_after` seconds.",
]
ELSEWHERE = "Nightly exports read the `export_day` of each shop."
CHANGE = (
    "diff --git a/shop/refunds.py b/shop/refunds.py\n--- a/shop/refunds.py\n+++ b/shop/refunds.py\n"
    "@@ -1,0 +1,5 @@\n"
    "+def send_refund_receipt(billing_email, refund_id, refund_lines):\n"
    "+    refund_receipt = [(refund_line.name, refund_line.refund_amount) for refund_line in refund_lines]\n"
    "+    mail(billing_email, subject=refund_id, body=refund_receipt)\n"
    "+retry_after = 30\n"
    "+export_day = nightly_export_day()\n"
)


def _rst(title: str, mark: str) -> str:
    return f"{title}\n{mark * len(title)}\n"


def markdown(opening: str) -> str:
    body = "\n\n".join([opening, *DETAILS])
    return (
        f"# {TITLE}\n\n## Abstract\n\nThis page says what a shop sends when it refunds an order.\n\n"
        f"## Specification\n\n### Receipts\n\n{body}\n\n### Exports\n\n{ELSEWHERE}\n\n"
        "## Rationale\n\nCustomers ask for proof of a refund.\n"
    )


def rst(opening: str) -> str:
    body = "\n\n".join([opening, *DETAILS]).replace("`", "``")
    return (
        f"PEP: 9999\nTitle: {TITLE}\nStatus: Draft\n\n{_rst('Abstract', '=')}\n"
        "This page says what a shop sends when it refunds an order.\n\n"
        f"{_rst('Specification', '=')}\n{_rst('Receipts', '-')}\n{body}\n\n{_rst('Exports', '-')}\n"
        f"{ELSEWHERE.replace('`', '``')}\n\n{_rst('Rationale', '=')}\nCustomers ask for proof of a refund.\n"
    )


def storage(opening: str) -> str:
    def html(text: str) -> str:
        parts = text.split("`")
        return "<p>" + "".join(f"<code>{p}</code>" if n % 2 else p for n, p in enumerate(parts)) + "</p>"

    return (
        f"<h1>{TITLE}</h1><h2>Abstract</h2><p>This page says what a shop sends when it refunds an order.</p>"
        f"<h2>Specification</h2><h3>Receipts</h3>{''.join(html(t) for t in [opening, *DETAILS])}"
        f"<h3>Exports</h3>{html(ELSEWHERE)}<h2>Rationale</h2><p>Customers ask for proof of a refund.</p>"
    )


def shown(page: str) -> list[str]:
    terms = change_terms(Change(parse_diff(CHANGE)), within=[page])
    return [p.plain.replace("``", "`") for p in weigh_pages([(page, TITLE)], terms)[0].matched]


READERS: list[Callable[[str], str]] = [
    lambda opening: wiki_to_markdown(markdown(opening)).text,
    lambda opening: wiki_to_markdown(rst(opening)).text,
    lambda opening: storage_to_markdown(storage(opening)).text,
]
IDS = ["markdown", "restructuredtext-pep", "storage"]


@pytest.mark.parametrize("read", READERS, ids=IDS)
def test_an_opening_holding_nothing_of_the_change_is_not_quoted_nor_replaced(read: Callable[[str], str]) -> None:
    quoted = shown(read(BACKGROUND))
    assert BACKGROUND not in quoted  # failing before: quoted second, below the first detail
    assert quoted == [*DETAILS[:2], ELSEWHERE]  # the retry passage, ranked fifth, does not take its place


@pytest.mark.parametrize("read", READERS, ids=IDS)
def test_an_opening_saying_the_changes_words_is_quoted_below_its_detail(read: Callable[[str], str]) -> None:
    quoted = shown(read(SAYS))
    assert quoted[:2] == [DETAILS[0], SAYS]


RULES = [
    "Every refund MUST send a receipt to the customer who paid.",
    "A receipt shall be sent for every refund, to the address the customer paid from.",
    "Each refund should send a receipt to whoever paid for the order.",
]


@pytest.mark.parametrize("read", READERS, ids=IDS)
@pytest.mark.parametrize("rule", RULES)
def test_an_opening_stating_a_requirement_is_the_sections_rule_not_background(
    read: Callable[[str], str], rule: str
) -> None:
    quoted = shown(read(rule))  # review 10, finding 3: a MUST opening in the story's other words was dropped
    assert rule.replace("`", "") in [q.replace("`", "") for q in quoted]

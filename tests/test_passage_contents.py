"""A table of contents whose links are gone is no passage (issue 36, session 17): a specification pasted into
Confluence keeps an in-page link's text only, so its table of contents reads as a nested list of its headings
("- MeterProvider", "  - MeterProvider Creation"), one passage naming every feature of the page, which the change
matched and the comment quoted (the Metrics SDK's, as `real_documents_storage.py` reads it). The same page as
Confluence storage and as markdown written without links; the change in Python, Go and TypeScript."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.passage_kinds import contents, page_heading
from doc_context.summary.passages import passages
from doc_context.summary.quotes import weigh_pages
from doc_context.text.storage import storage_to_markdown

from .diffs import added
from .spec_page import RELEASING

TITLE = "Gift card holds"
LEAD = "This page says how a shop holds part of a gift card's balance until the order is paid."
RELEASES = "A shop releases a hold early with `release_hold`, naming its `hold_id`."
LONGEST = "The `hold_window` MUST NOT be longer than one day."
SECTIONS = [
    ("Holds", 2, ["A hold keeps part of a gift card's balance for one order until it is paid or released."]),
    ("Releasing a hold with `release_hold`", 3, [RELEASES]),
    ("The `hold_window`", 3, [LONGEST]),
    ("Balances", 2, ["The balance of a gift card counts every hold the shop has not released."]),
    ("Receipts", 2, ["A receipt prints the amount of each hold and the card's last four digits."]),
]
TOC = [(0, "Holds"), (1, "Releasing a hold with `release_hold`"), (1, "The `hold_window`"), (0, "Balances"),
       (0, "Receipts")]  # fmt: skip
FILLER = [f"A gift card sold at desk {n} carries the code printed on its back and the shop's logo." for n in range(12)]


def _code(text: str) -> str:
    parts = text.split("`")
    return "".join(f"<code>{p}</code>" if n % 2 else p for n, p in enumerate(parts))


def storage() -> str:
    """The page as Confluence stores a pasted specification: its table of contents a nested list of in-page links."""
    items, depth = "", 0
    for level, text in TOC:
        while depth < level:
            items, depth = items[: -len("</li>")] + "<ul>", depth + 1
        while depth > level:
            items, depth = items + "</ul></li>", depth - 1
        items += f'<li><a href="#{page_heading(text).replace(" ", "-")}">{_code(text)}</a></li>'
    items += "</ul></li>" * depth
    body = "".join(f"<h{level}>{_code(h)}</h{level}>" + "".join(f"<p>{_code(t)}</p>" for t in texts)
                   for h, level, texts in SECTIONS)  # fmt: skip
    cards = "".join(f"<p>{t}</p>" for t in FILLER)
    return storage_to_markdown(f"<h1>{TITLE}</h1><p>{LEAD}</p><p>Table of Contents</p><ul>{items}</ul>{body}"
                               f"<h2>Cards</h2>{cards}").text  # fmt: skip


def markdown() -> str:
    """The page as markdown written with a table of contents of plain names (no links)."""
    toc = "".join(f"{'  ' * level}- {text}\n" for level, text in TOC)
    body = "".join(f"{'#' * level} {h}\n\n" + "".join(f"{t}\n\n" for t in texts) for h, level, texts in SECTIONS)
    return f"# {TITLE}\n\n{LEAD}\n\nContents:\n\n{toc}\n{body}## Cards\n\n" + "".join(f"{t}\n\n" for t in FILLER)


READERS = {"storage": storage, "markdown": markdown}


def listed(texts: list[str]) -> list[str]:
    """The passages that are items of the table of contents ("Holds — Releasing a hold with...", "Balances")."""
    return [text for text in texts if text.split(" — ")[0] in ("Holds", "Balances", "Receipts")]


@pytest.mark.parametrize("read", sorted(READERS))
def test_a_table_of_contents_without_its_links_is_no_passage(read: str) -> None:
    found = [p.plain for p in passages(READERS[read](), TITLE)]
    assert not listed(found)  # failing before: "Holds — Releasing a hold with `release_hold`; ...", "Balances"
    assert RELEASES in found and LONGEST in found


@pytest.mark.parametrize("read", sorted(READERS))
@pytest.mark.parametrize("path", sorted(RELEASING))
def test_the_rules_are_quoted_not_the_contents_naming_them(read: str, path: str) -> None:
    page = READERS[read]()
    terms = change_terms(Change(parse_diff(added(path, *RELEASING[path]))), within=[page])
    shown = [p.plain for p in weigh_pages([(page, TITLE)], terms)[0].matched]
    assert RELEASES in shown
    assert not listed(shown)  # failing before: the contents' "Holds — Releasing a hold...", first


def test_a_list_naming_headings_among_other_words_is_said() -> None:
    titles = {page_heading(h) for h, _, _ in SECTIONS}
    assert contents(["- Holds", "  - Releasing a hold with `release_hold`", "- Balances"], titles)
    assert not contents(["- Holds", "- Balances", "- issued by the bank"], titles)  # a word of its own: said
    assert not contents(["- Holds", "- Balances"], titles)  # two headings: too few to tell contents
    assert not contents(["- Holds", "  that the shop keeps", "- Balances", "- Receipts"], titles)  # an item goes on
    page = "# Refunds\n\n## Rules\n\n- Holds\n- Balances\n- Receipts\n\n## Limits\n\nA refund is capped."
    assert [p.plain for p in passages(page, "Refunds")] == ["Holds", "Balances", "Receipts", "A refund is capped."]

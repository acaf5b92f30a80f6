"""A work item's own words come before the lines that only carry a link; a sentence that carries a link is a
sentence; screenshots are the item's own; never an elision mark between two link lines."""

from __future__ import annotations

import pytest

from doc_context.comment.render import render_comment
from doc_context.models import ChangedFile, Page, PageRef, WorkItem, Yields
from doc_context.sources.confluence.links import Site
from doc_context.summary.cited_pages import ShownPages
from doc_context.summary.ownwords import MAX_LINKS, link_only, own_words
from doc_context.summary.summarize import work_item_summary

from .pagerefs import confluence_page

WIKI = "https://fabrikam.atlassian.net/wiki"
POLICY = f"{WIKI}/spaces/PAY/pages/2883616774/Checkout+rounding+policy"
SHOT = "https://dev.azure.com/fabrikam/_apis/wit/attachments/0f2b9a3e-7d4c-4b1a-9e8f-2c6d5a4b3e1f?fileName=totals.png"


@pytest.mark.parametrize(
    ("line", "only"),
    [
        ("Provider docs: [redemption API v3](https://docs.example/api/v3)", True),
        (f"Rounding rules we must follow: {WIKI}/pages/viewpage.action?pageId=42&spaceKey=PAY", True),
        (f"**Design:** [Split payments]({WIKI}/spaces/PAY/pages/42/Split) (short link: {WIKI}/x/Kg)", True),
        (f"Support FAQ (draft): [Gift card FAQ]({WIKI}/spaces/PAY/pages/99/FAQ)", True),
        ("- [Design doc](https://x.example/d), [API](https://x.example/a) and [FAQ](https://x.example/f)", True),
        ("https://x.example/only-an-address", True),
        (f"Apply loyalty discounts the way the [rounding policy]({POLICY}) says", False),
        (f"See [the policy]({POLICY}) as every total is rounded once per order.", False),
        ("More in [the FAQ](https://x.example/f).", False),
        (f"The total after the discount: (image: [totals.png]({SHOT}))", False),
        ("No link at all: just words.", False),
    ],
)
def test_a_line_that_only_carries_links(line: str, only: bool) -> None:
    assert link_only(line) is only


def policy_page() -> Page:
    return confluence_page(
        PageRef(page_id=2883616774), 2883616774, "Checkout rounding policy", "PAY", 6, POLICY, "Round once."
    )


def story(description: str) -> WorkItem:
    return WorkItem(4300, 2, "User Story", "Loyalty discounts", "Active", fields={"System.Description": description})


def test_the_storys_own_sentence_stays_before_its_links() -> None:
    """Issue 18: "Apply loyalty discounts the way the rounding policy says" gave way to "…" and a provider link."""
    html = (
        f'<div>Apply loyalty discounts the way the <a href="{POLICY}">rounding policy</a> says</div>'
        '<div>Provider docs: <a href="https://docs.provider.example/loyalty">loyalty API</a></div>'
    )
    shown = ShownPages.of((Site.from_url(POLICY.split("/spaces/")[0]),), [policy_page()])  # the policy is shown
    summary = work_item_summary(story(html), (), pages=shown)
    assert summary.text == (
        f"Apply loyalty discounts the way the [rounding policy]({POLICY}) says\n\n"
        "Provider docs: [loyalty API](https://docs.provider.example/loyalty)"
    )
    assert summary.shorter == ((Yields.LINKS, f"Apply loyalty discounts the way the [rounding policy]({POLICY}) says"),)


def test_links_come_together_after_the_sentences_never_an_elision_between_them() -> None:
    html = (
        "<div>As a shopper I want to pay the rest by card.</div>"
        '<div>Design: <a href="https://x.example/design">split payments</a></div>'
        "<div>The office coffee machine is broken again. Nobody knows why.</div>"
        '<div>FAQ: <a href="https://x.example/faq">gift cards</a></div>'
        "<div>The card pays the rest of the order.</div>"
    )
    out = work_item_summary(story(html), (ChangedFile("/src/payments/card_rest.py", "add"),)).text
    assert out == (
        "As a shopper I want to pay the rest by card.\n\n…\n\nThe card pays the rest of the order.\n\n"
        "Design: [split payments](https://x.example/design)\n\nFAQ: [gift cards](https://x.example/faq)"
    )
    lines = out.split("\n\n")
    for before, mark, after in zip(lines, lines[1:], lines[2:], strict=False):
        assert not (mark == "…" and link_only(before) and link_only(after))


def test_a_line_citing_a_shown_page_is_said_once_by_that_page() -> None:
    words = own_words(f"Intro sentence here.\n\nRounding rules: {POLICY}\n\nDocs: https://x.example/d", lambda _: False)
    assert words.links == (f"Rounding rules: {POLICY}", "Docs: https://x.example/d")
    shown = own_words(f"Intro sentence here.\n\nRounding rules: {POLICY}", lambda line: "2883616774" in line)
    assert shown.own.strip() == "Intro sentence here." and shown.links == ()


def test_many_links_the_rest_in_the_build_summary() -> None:
    text = "Intro sentence of the story.\n\n" + "\n\n".join(f"Doc {n}: https://x.example/{n}" for n in range(12))
    words = own_words(text, lambda _: False)
    assert len(words.links) == MAX_LINKS and words.more_links == 12 - MAX_LINKS


def test_a_screenshot_in_a_description_is_kept_as_a_link_with_its_file_name() -> None:
    html = (
        "<div>As a shopper I want to see the discount before I pay.</div>"
        f'<div><img src="{SHOT}" alt="Image"></div>'
        "<div>Marketing asked for a banner as well; that is tracked elsewhere.</div>"
    )
    summary = work_item_summary(story(html), ())
    assert f"(image: [totals.png]({SHOT}))" in summary.text
    out = render_comment(None, [summary], [])
    assert f"[totals.png]({SHOT})" in out and "![" not in out

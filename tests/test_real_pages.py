"""What long, real specifications ask of the quotes (issue 36): a related page the change does not speak to shows
its lead only and names no file; a rule comes before the rationale saying the same; a definition list's term
stays with its text; a page's metadata, table of contents and link addresses are no match; a term in many
passages weighs less; Touches never names licence, marker, vendored or generated files."""

from __future__ import annotations

import pytest

from doc_context.app import Options, compose
from doc_context.change.unified import parse_diff
from doc_context.models import ChangedFile, Gathered, PageRef, PullRequest, PullRequestRef, WorkItem
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.terms import text_terms
from doc_context.summary.passage_kinds import boilerplate
from doc_context.summary.passage_weights import weigh
from doc_context.summary.passages import passages
from doc_context.summary.quotes import weigh_pages
from doc_context.summary.related import never_touched, touches
from doc_context.summary.speaks import names, telling
from doc_context.summary.summarize import summarize_all
from doc_context.text.storage import storage_to_markdown
from doc_context.text.visible import visible_size

from .pagerefs import confluence_page

ORG = "https://dev.azure.com/fabrikam"
DIFF = """\
diff --git a/src/refunds/refund.py b/src/refunds/refund.py
--- a/src/refunds/refund.py
+++ b/src/refunds/refund.py
@@ -1,0 +1,3 @@
+class RefundTooLarge(Exception):
+    \"\"\"A refund above what is left of the captured amount.\"\"\"
+REFUND_WINDOW_DAYS = 14
diff --git a/LICENSE.txt b/LICENSE.txt
--- a/LICENSE.txt
+++ b/LICENSE.txt
@@ -1,0 +1,1 @@
+Copyright 2026 Fabrikam; refunds module included.
diff --git a/vendor/moneylib/refund_math.py b/vendor/moneylib/refund_math.py
--- a/vendor/moneylib/refund_math.py
+++ b/vendor/moneylib/refund_math.py
@@ -1,0 +1,1 @@
+def refund_round(amount): ...
"""
CHANGED = tuple(
    ChangedFile(p, "edit") for p in ("/src/refunds/refund.py", "/LICENSE.txt", "/vendor/moneylib/refund_math.py")
)
POLICY = """Refunds follow this policy for every order paid by card.

## Rules

1. A refund, added to what was refunded before, never exceeds the captured amount: a larger one raises `RefundTooLarge`.
2. Refunds are possible for 14 days after capture.
"""
REPORTING = """- Owner: Finance
- Implementation: [shop#412](https://dev.azure.com/fabrikam/Shop/_git/shop?path=/src/refunds/refund.py&RefundTooLarge)

## Contents

- [Report](#report)
- [Columns](#columns)

## Report

The monthly refund report lists every refund finance booked, by shop and by month.

## Columns

The refund column sums the refunds of the month; see [the refund code](https://git.example/src/refunds/refund.py#RefundTooLarge).

Refund reports are kept for ten years under the licence terms of the archive, beside vendored reports.
"""


def refund_comment(budget: int = 6_000) -> str:
    story = WorkItem(
        5120,
        1,
        "User Story",
        "Partial refunds follow the refund policy",
        "Active",
        {"Microsoft.VSTS.Common.AcceptanceCriteria": "<ul><li>A refund never exceeds the captured amount.</li></ul>"},
        web_url=f"{ORG}/Shop/_workitems/edit/5120",
    )
    policy = confluence_page(PageRef(page_id=51), 51, "Refund policy", "PAY", 3, f"{ORG}/wiki/51", POLICY)
    report = confluence_page(PageRef(page_id=52), 52, "Refund reporting", "FIN", 2, f"{ORG}/wiki/52", REPORTING)
    found = Gathered(
        PullRequest(PullRequestRef(ORG, "Shop", "shop", 9), "Refund limits", ""),
        (story,),
        CHANGED,
        ((policy, (5120,)), (report, (5120,))),
        (),
        (),
        diff_text=DIFF,
    )
    return compose(found, *summarize_all(found), Options("test", budget=budget))


def test_a_related_page_the_change_does_not_speak_to_shows_its_lead_only_and_names_no_file() -> None:
    """Its metadata and its links' addresses name the change's code, and every passage says "refund": no match."""
    out = refund_comment()
    related = out[out.index("[Refund reporting](") :]
    related = related[: related.index("\n####")] if "\n####" in related else related
    assert "> _Excerpt, Report:_ The monthly refund report lists every refund finance booked" in related
    assert "refund column" not in related and "ten years" not in related and "Implementation" not in related
    assert "Touches" not in related
    policy = out[out.index("[Refund policy](") : out.index("[Refund reporting](")]
    assert "`RefundTooLarge`" in policy and "**Touches:** `refund.py`" in policy  # the page the change implements


def test_a_rule_comes_before_the_rationale_saying_the_same() -> None:
    page = """Refund limits.

## Rationale

We cap refunds at the captured amount, within 14 days, so that `RefundTooLarge` is raised before money leaves.

## Specification

Within 14 days of capture a refund never exceeds the captured amount; a larger one raises `RefundTooLarge`.
"""
    quoted = weigh_pages([(page, "Refund limits")], change_terms(Change(parse_diff(DIFF))))[0]
    assert quoted.matched[0].section == "Specification"
    alone = weigh_pages([(page.split("## Specification")[0], "Refund limits")], change_terms(Change(parse_diff(DIFF))))[
        0
    ]
    assert [p.section for p in alone.matched] == ["Rationale"]  # the control: it says the same, and matches
    # (by two names: a rationale naming one name of the change is no quote, quotes._shows)


def test_a_definition_lists_term_stays_with_its_text() -> None:
    storage = (
        "<h2>Terms</h2><dl><dt>Refund window</dt><dd>The 14 days after capture during which a refund is possible.</dd>"
        "<dt>Captured amount</dt><dd>What the card was charged.</dd></dl>"
    )
    markdown = storage_to_markdown(storage).text
    assert [p.plain for p in passages(markdown)] == [
        "**Refund window**: The 14 days after capture during which a refund is possible.",
        "**Captured amount**: What the card was charged.",
    ]
    quoted = weigh_pages([(markdown, "Refund terms")], change_terms(Change(parse_diff(DIFF))))[0]
    assert "**Refund window**: The 14 days after capture" in quoted.text


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        ("- Feature Name: refunds\n- RFC PR: [#3](https://x/3)\n\n# Summary\n\nRefunds.", ["Refunds."]),
        ("# Refunds\n\n- Status: **Accepted**\n- Author: Ann\n\n## Rules\n\nNo refund.", ["No refund."]),
        ("## Rules\n\n- Status: open\n- Owner: Ann", ["Status: open", "Owner: Ann"]),  # in a section: said
        ("Table of Contents\n\n- [Rules](#rules) — [Limits](#limits)\n\n## Rules\n\nNo refund.", ["No refund."]),
        ("[summary]: #summary\n\nRefunds are capped.", ["Refunds are capped."]),
    ],
    ids=["rfc-metadata", "proposal-metadata", "a-list-in-a-section", "contents", "link-definition"],
)
def test_metadata_contents_and_link_definitions_are_no_passages(markdown: str, expected: list[str]) -> None:
    assert [p.plain for p in passages(markdown, "Refunds")] == expected


def test_a_links_address_is_no_match_its_text_is() -> None:
    change = change_terms(Change(parse_diff(DIFF)))
    page = "See [the code](https://git.example/src/refunds/refund.py#RefundTooLarge).\n\nIt raises `RefundTooLarge`."
    quoted = weigh_pages([(page, "Refunds")], change)[0]
    assert [p.plain for p in quoted.matched] == ["It raises `RefundTooLarge`."]


def test_a_term_in_many_passages_weighs_less_however_long_the_pages() -> None:
    change = change_terms(Change(parse_diff(DIFF)))
    plain = [text_terms(f"Case {n}: plain words.") for n in range(400)]
    alone = weigh([text_terms("It raises `RefundTooLarge` above the captured amount."), *plain], change)[0]
    spread = [text_terms(f"Case {n} raises `RefundTooLarge` above the captured amount.") for n in range(8)]
    many = weigh(spread + plain, change)[0]
    assert alone >= 1.0 > many  # in 8 of 408 passages (2%): half its weight, no longer a match alone


@pytest.mark.parametrize(
    ("path", "never"),
    [
        ("/LICENSE.txt", True),
        ("/LICENSE", True),
        ("/LICENSE-APACHE", True),
        ("/NOTICE.md", True),
        ("/src/pkg/py.typed", True),
        ("/src/pkg/__main__.py", True),
        ("/vendor/moneylib/refund_math.py", True),
        ("/third_party/zlib/inflate.c", True),
        ("/pkg/config/v1alpha1/zz_generated.deepcopy.go", True),
        ("/api/refunds_pb2.py", True),
        ("/go.sum", True),
        ("/src/refunds/license_check.py", False),
        ("/src/pkg/__init__.py", False),
        ("/src/refunds/refund.py", False),
        ("/backend/vendor/symfony/console/Application.php", True),
        ("/node_modules/left-pad/index.js", True),
        ("/src/Procurement/Vendor/VendorOnboarding.cs", False),  # a domain's folder: change terms read it too
        ("/app/models/vendor/payout_schedule.rb", False),
        ("/CHANGES.txt", True),  # a changelog: every change edits it, no page is about it
        ("/CHANGELOG.md", True),
        ("/docs/HISTORY.rst", True),
        ("/NEWS", True),
        ("/RELEASE_NOTES.md", True),
        ("/src/refunds/changes.py", False),
        ("/src/news/feed.py", False),
    ],
)
def test_files_no_text_is_about(path: str, never: bool) -> None:
    assert never_touched(path) is never


def test_touches_leaves_licence_and_vendored_files_out() -> None:
    text = "Refunds: the refund code, its licence (see LICENSE.txt) and the vendored refund_math.py."
    assert touches(CHANGED, text) == ("/src/refunds/refund.py",)


def test_touches_leaves_the_changelog_out() -> None:
    """A page saying what changes ("Refund changes", "the news") does not speak to the changelog every change edits."""
    changed = (*CHANGED, ChangedFile("/CHANGES.md", "edit"), ChangedFile("/NEWS.rst", "edit"))
    text = "Refund changes: the refund code changes what a refund may be; the news says so."
    assert touches(changed, text) == ("/src/refunds/refund.py",)


def test_what_two_cited_pages_say_word_for_word_is_their_template() -> None:
    pages = [
        ["Will enabling the feature require downtime of the control plane?", "No.", "The flag asks first."],
        ["Will enabling the feature require downtime of the control plane?", "No.", "Prune deletes objects."],
    ]
    assert boilerplate(pages) == {"will enabling the feature require downtime of the control plane?"}
    assert boilerplate(pages[:1]) == set()  # one page has no template to share


def test_a_pages_touches_line_goes_with_its_quote_when_the_comment_yields() -> None:
    """Under a ceiling where the policy's quote has yielded (the page stays, title only), its Touches line goes too."""
    wide = refund_comment()
    assert "**Touches:** `refund.py`" in wide[wide.index("[Refund policy](") :]
    narrow = next(
        out
        for budget in range(visible_size(wide), 0, -10)
        if "RefundTooLarge" not in (out := refund_comment(budget))[out.index("[Refund policy](") :]
    )
    assert "Touches" not in narrow[narrow.index("[Refund policy](") :]


LONG_PAGE = 45  # sections of a long specification, each on the domain's words (over speaks.LONG passages)


def long_page(extra: str) -> str:
    """A long specification on refunds whose every section says the domain's words, and `extra` in one more."""
    body = "".join(
        f"## Part {n}\n\nRefund case {n} is handled by the finance team under the refund policy, rule {n}.\n\n"
        for n in range(LONG_PAGE)
    )
    return f"Refunds are handled as this page says, in detail.\n\n{body}## Special\n\n{extra}\n"


GROUP_DIFF = """\
diff --git a/src/refunds/refund.py b/src/refunds/refund.py
--- a/src/refunds/groups.py
+++ b/src/refunds/groups.py
@@ -1,0 +1,3 @@
+from refunds.ledger import LedgerGroup
+def refund_group_resource(order): ...
+REFUND_CAP_SECONDS = 90
"""


@pytest.mark.parametrize(
    ("extra", "quoted"),
    [
        ("Each refund group resource is booked apart.", False),  # the identifier's words, in prose
        ("Each refund is booked by `refund_group_resource()`.", True),  # the page names it as code
        ("A refund is capped after 90 seconds.", True),  # a value with its unit
        ("Refunds are booked in `refunds.ledger` by `LedgerGroup`.", False),  # a module the change only imports
    ],
    ids=["prose", "named", "value", "import"],
)
def test_a_long_page_is_spoken_to_only_by_what_it_names_as_the_change_does(extra: str, quoted: bool) -> None:
    change = change_terms(Change(parse_diff(GROUP_DIFF)))
    found = weigh_pages([(long_page(extra), "Refunds"), (POLICY, "Refund policy")], change)[0]
    assert bool(found.matched) is quoted
    assert found.text.startswith("> _Excerpt") and ("Refunds are handled as this page says" in found.text) is not quoted


def test_a_long_related_page_naming_under_a_third_of_what_the_specification_names_shows_its_lead() -> None:
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda".split()
    names = [f"refund_rule_{word}" for word in words]
    notes = [f"refund_note_{word}" for word in words[:4]]  # named by the related page only
    diff = "--- a/r.py\n+++ b/r.py\n@@ -1,0 +1,15 @@\n" + "".join(f"+{n} = 1\n" for n in names + notes)
    change = change_terms(Change(parse_diff(diff)))
    spec = long_page(" ".join(f"`{n}` applies." for n in names))
    for named, spoken in ((1, False), (3, False), (4, True)):  # of the 11 the specification names: under a third
        related = long_page(" ".join(f"The related process reads `{n}`." for n in notes[:named]))
        quoted = weigh_pages([(spec, "Refund rules"), (related, "Refund process")], change)
        assert quoted[0].matched and bool(quoted[1].matched) is spoken, named
    alone = weigh_pages([(long_page(f"It reads `{notes[0]}`."), "Refund process")], change)[0]
    assert alone.matched  # the control: cited alone, it names what the change names


def test_a_link_definition_is_no_lead() -> None:
    links = "[site]: https://example.com/\n[docs]: https://example.com/docs\n[faq]: https://example.com/faq\n\n"
    page = links + "## Summary\n\nRefunds are capped at the captured amount, always.\n"
    assert [p.plain for p in passages(page, "Refunds") if p.lead] == [
        "Refunds are capped at the captured amount, always."
    ]


@pytest.mark.parametrize(
    ("key", "text", "telling_"),
    [
        (("ident", ("group", "resourc")), "A group of resources.", False),
        (("ident", ("group", "resourc")), "The `GroupResource` type.", True),
        (("ident", ("credential", "process")), "Set `registry.credential-process`.", True),  # a run of its words
        (("string", ("cargo login --generate-keypair",)), "Run `cargo login --generate-keypair`.", True),
        (("string", ("removes stored registry credentials",)), "It removes stored registry credentials.", True),
        (("string", ("key-subject",)), "The key subject.", False),
        (("value", ("30", "s")), "30 seconds.", True),
        (("value", ("30", "")), "30 of them.", False),
        (("phrase", ("group", "resourc")), "The `group resource` type.", False),
        (("run", ("order", "plac", "later", "ship")), "Orders placed later ship.", True),
    ],
)
def test_what_tells_a_page_is_spoken_to(key: tuple[str, tuple[str, ...]], text: str, telling_: bool) -> None:
    assert telling(key, names(text)) is telling_

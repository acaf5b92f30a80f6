"""Where the cited pages, the story's criteria and the diff disagree: found, said once side by side, kept longest.

The issue's own example (issue 33): a refund policy page, a story written from it, and a change that says 14 days
where the page says 30. Golden files: tests/golden/refund-disagreement.md (the comment), .summary.md (the build
summary) and .json (the context document's `disagreements`); UPDATE_GOLDEN=1 regenerates them.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from doc_context.app import Options, compose
from doc_context.change.unified import parse_diff
from doc_context.context.document import context_document, dumps
from doc_context.models import (
    ChangedFile,
    Gathered,
    Outcome,
    PageRef,
    PullRequest,
    PullRequestRef,
    Reading,
    Remark,
    Withheld,
    WorkItem,
)
from doc_context.relevance.diff_values import settings
from doc_context.relevance.disagreements import Sentence, find
from doc_context.relevance.statements import statement
from doc_context.sources.confluence.audience import OWN_RESTRICTION
from doc_context.summary.summarize import summarize_all

from .contextschema import valid
from .golden import assert_golden
from .pagerefs import confluence_page

ORG = "https://dev.azure.com/fabrikam"
WIKI = "https://fabrikam.atlassian.net/wiki/spaces/SUP/pages"
POLICY = """Refunds return money to the original payment method.

## Rules

1. A refund never exceeds the captured amount.
2. Refunds older than 30 days need a supervisor's approval.
3. Store credit is issued within 2 business days.
4. Exchanges are accepted for 60 days after delivery.
"""
DIFF = """--- /dev/null
+++ b/src/refunds/policy.py
@@ -0,0 +1,8 @@
+SUPERVISOR_AFTER_DAYS = 14
+
+
+def check(refund, order):
+    if refund.amount > order.captured_amount:
+        raise RefundTooLarge(refund.amount, order.captured_amount)
+    if refund.age_days > SUPERVISOR_AFTER_DAYS and not refund.approved_by:
+        raise NeedsSupervisor(refund.id)
"""
STORY = WorkItem(
    4630,
    5,
    "User Story",
    "Block refunds above the captured amount",
    "Active",
    {
        "System.Description": "<div>Support issued refunds larger than the card was charged. Support tells customers "
        "that refunds are paid back within 5 business days.</div>",
        "Microsoft.VSTS.Common.AcceptanceCriteria": "<ul><li>A refund never exceeds the captured amount.</li>"
        "<li>Each refund is written to the audit log.</li>"
        "<li>Refunds older than 14 days need a supervisor's approval.</li></ul>",
    },
    web_url=f"{ORG}/Shop/_workitems/edit/4630",
)


def page(n: int, title: str, text: str, **more: object):  # type: ignore[no-untyped-def]
    return confluence_page(PageRef(page_id=n), n, title, "SUP", 3, f"{WIKI}/{n}", text, **more)


def gathered() -> Gathered:
    restricted = Withheld(OWN_RESTRICTION, "own")
    pages = (
        page(701, "Refund policy", POLICY),
        page(702, "Refund FAQ", "Refunds are paid back within 5 business days."),
        page(703, "Refund fraud playbook", "", withheld=restricted),
        page(704, "Chargeback contacts", "", withheld=restricted),
    )
    ref = PullRequestRef(ORG, "Shop", "shop", 77)
    pr = PullRequest(
        ref, "Block refunds above the captured amount", "AB#4630", web_url=f"{ORG}/Shop/_git/shop/pullrequest/77"
    )
    return Gathered(
        pr,
        (STORY,),
        (ChangedFile("/src/refunds/policy.py", "add"),),
        tuple((p, (4630,)) for p in pages),
        (),
        (),
        diff_text=DIFF,
        diff_lines=parse_diff(DIFF.encode()),
    )


def comment(budget: int = 3_000, *, full: bool = False) -> str:
    got = gathered()
    return compose(got, *summarize_all(got), Options("k", budget=budget), full=full) + "\n"


LINE = "_This page says 30 days; criterion 3 and `SUPERVISOR_AFTER_DAYS`, 14._"


def test_the_golden_comment_says_the_disagreement_once_under_the_page() -> None:
    out = comment()
    assert_golden("refund-disagreement.md", out)
    assert out.count(LINE) == 1
    assert out.index("#### [Refund policy](") < out.index("2\\. Refunds older than 30 days") < out.index(LINE)
    assert "Rule 1 is the story's criterion 1." in out  # the rule the story repeats, said in a line
    assert "Refunds return money" not in out  # never the unrelated lead while a passage matches
    assert "Store credit" not in out and "Exchanges" not in out  # the rules on other subjects


def test_the_build_summary_lists_every_disagreement() -> None:
    out = comment(full=True)
    assert_golden("refund-disagreement.summary.md", out)
    assert LINE in out


def test_the_context_document_has_each_source_its_value_quote_and_link() -> None:
    got = gathered()
    items, pages = summarize_all(got)
    outcome = Outcome("", "dry-run", None, (), reading=Reading(got, tuple(items), tuple(pages)))
    doc = valid(context_document(outcome, version="9.9.9"))
    assert_golden("refund-disagreement.json", dumps({"disagreements": doc["disagreements"]}))
    (found,) = doc["disagreements"]
    assert found["kinds"] == ["number"]
    assert [(s["source"], s["value"], s["sameAs"]) for s in found["statements"]] == [
        ("page", "30 days", [0]),
        ("criterion", "14 days", [1, 2]),
        ("diff", "14 days", [1, 2]),
    ]
    assert found["statements"][2]["link"] == f"{ORG}/Shop/_git/shop/pullrequest/77?_a=files&path=/src/refunds/policy.py"
    assert found["statements"][2]["quote"] == "src/refunds/policy.py:1: SUPERVISOR_AFTER_DAYS = 14"


def test_the_counts_say_why_a_page_is_title_only() -> None:
    out = comment()
    assert out.rstrip().endswith("_2 pages withheld for access; 1 page whose text the work items already show._")
    tight = next(c for b in range(2_000, 300, -20) if "2\\. Refunds older" not in (c := comment(b)))
    last = tight.rstrip().rsplit("\n\n", 1)[1]
    assert "; 1 page title only; 2 pages withheld for access; 1 page whose text" in last, last
    assert "page excerpt left out" not in last  # said once, as the page's title only


def test_a_disagreement_line_stays_longer_than_any_page_excerpt_or_work_item_text() -> None:
    sizes = range(1_500, 200, -10)
    gone = next(b for b in sizes if "2\\. Refunds older" not in comment(b))
    assert LINE in comment(gone)  # the page's quote has yielded: its disagreement stays
    texts_gone = next(b for b in sizes if "Support issued refunds" not in comment(b))
    assert LINE in comment(texts_gone)  # and the work item's text yielded before it
    line_gone = next(b for b in sizes if LINE not in comment(b))
    assert line_gone < texts_gone and "disagreement line left out" in comment(line_gone)


def sentence(source: str, name: str, text: str, doc: str) -> Sentence:
    return Sentence(source, name, "", doc, doc, statement(text))


def test_criterion_and_diff_alone_are_said_under_the_work_item() -> None:
    found = find(
        [sentence("criterion", "criterion 2", "Idempotency keys are remembered for 24 hours.", "work item 1")],
        settings("--- /dev/null\n+++ b/internal/keys.go\n@@ -0,0 +1 @@\n+const IdempotencyKeyTTL = 48 * time.Hour\n"),
    )
    ((owner, d),) = found
    assert owner == "work item 1" and d.kinds == ("number",)
    assert [(s.name, s.value) for s in d.stated] == [
        ("criterion 2", "24 hours"),
        ("`IdempotencyKeyTTL = 48 * time.Hour`", "48 hours"),
    ]


def test_a_page_meets_the_setting_by_its_unit_and_a_rule_on_another_subject_does_not() -> None:
    """A page's "5 attempts" meets `MaxAttempts = 3`; its other numbers, on other subjects, meet nothing."""
    page_ = [
        sentence("page", "Sign-in security", "An account locks after 5 failed sign-in attempts.", "page 1"),
        sentence("page", "Sign-in security", "Password reset links expire after 60 minutes.", "page 1"),
    ]
    diff = "--- /dev/null\n+++ b/src/Identity/LockoutPolicy.cs\n@@ -0,0 +1,2 @@\n"
    diff += "+    public const int MaxAttempts = 3;\n"
    diff += "+    public static readonly TimeSpan LockoutDuration = TimeSpan.FromMinutes(15);\n"
    ((owner, d),) = find(page_, settings(diff))
    assert owner == "page 1"
    assert [(s.name, s.value) for s in d.stated] == [
        ("Sign-in security", "5 attempts"),
        ("`MaxAttempts = 3`", "3 attempts"),
    ]


def test_a_negation_is_shown_by_each_sentence() -> None:
    ((_, d),) = find(
        [
            sentence("page", "Coupons", "Coupons can be combined with sale prices.", "page 1"),
            sentence("criterion", "criterion 1", "Coupons are never combined with sale prices.", "work item 1"),
        ],
        [],
    )
    assert d.kinds == ("negation",)
    assert [s.value for s in d.stated] == [
        "“Coupons can be combined with sale prices.”",
        "“Coupons are never combined with sale prices.”",
    ]


def test_sources_that_agree_are_no_disagreement() -> None:
    agreeing = [
        sentence("page", "Shipping", "Orders over €50 ship free.", "page 1"),
        sentence("criterion", "criterion 1", "Orders over €50 ship free.", "work item 1"),
    ]
    diff = "+++ b/shop/rates.py\n@@ -0,0 +1 @@\n+FREE_SHIPPING_THRESHOLD_EUR = 50\n"
    assert find(agreeing, settings(diff)) == []


def test_a_withheld_page_takes_no_part() -> None:
    got = gathered()
    (policy, ids), *rest = got.pages
    hidden = replace(got, pages=((replace(policy, withheld=Withheld(OWN_RESTRICTION, "own")), ids), *rest))
    items, pages = summarize_all(hidden)
    found = [(s.name, s.value) for x in (*items, *pages) for d in x.disagreements for s in d.stated]
    assert "Refund policy" not in json.dumps(found)


def test_a_comment_of_the_discussion_takes_part_by_its_authors_name_and_chit_chat_never() -> None:
    said = "Agreed with support: refunds older than 21 days need a supervisor's approval, not 14."
    remarks = (
        Remark(4630, 9, "Priya Raman", "2025-10-16T09:00:00Z", said, STORY.web_url),
        Remark(4630, 10, "Jamal Hartnett", "2025-10-17T09:00:00Z", "Thanks!", STORY.web_url),
    )
    got = replace(gathered(), discussion=remarks)
    items, pages = summarize_all(got)
    (found,) = [d for s in (*items, *pages) for d in s.disagreements]
    assert [(s.source, s.name, s.value) for s in found.stated] == [
        ("page", "Refund policy", "30 days"),
        ("criterion", "criterion 3", "14 days"),
        ("comment", "Priya Raman's comment of 2025-10-16", "21 days"),
        ("diff", "`SUPERVISOR_AFTER_DAYS = 14`", "14 days"),
    ]


def test_a_setting_named_by_its_unit_alone_meets_no_rule_when_its_page_has_two_of_that_kind() -> None:
    """`MaxAttempts = 3` in a file whose words no sentence shares: with two rules in attempts on the page, neither
    is taken for its subject."""
    page_ = [
        sentence("page", "Integrations", "Webhooks are retried 5 times.", "page 1"),
        sentence("page", "Integrations", "Exports are attempted 2 times a night.", "page 1"),
    ]
    diff = "+++ b/src/Identity/Policy.cs\n@@ -0,0 +1 @@\n+    public const int MaxAttempts = 3;\n"
    assert find(page_, settings(diff)) == []


def test_a_links_address_states_no_value() -> None:
    """A page's link target is no unit of the number before it: `[#13306](https://…)` and `[#10903](https://…)` in
    two sentences alike read as "This page says 13306\\](https; this page, 10903\\](https" on real specifications
    (benchmarks/real_documents.py), a disagreement of a page with itself."""
    got = gathered()
    (policy, ids), (faq, faq_ids), *rest = got.pages
    linked = POLICY + "\nPartial refunds over 14 days follow [#13306](https://example.com/pull/13306).\n"
    other = "Partial refunds over 14 days follow [#10903](https://example.com/pull/10903)."
    with_link = replace(got, pages=((replace(policy, text=linked), ids), (replace(faq, text=other), faq_ids), *rest))
    items, pages = summarize_all(with_link)
    said = [s.value for x in (*items, *pages) for d in x.disagreements for s in d.stated]
    assert not any("https" in v or "](" in v for v in said), said


def test_the_diffs_settings_come_from_the_whole_parsed_diff_not_its_first_2_mb_of_text() -> None:
    """diff_text is the diff's first 2 MB; the settings are read once from diff_lines, the whole diff (here the
    text is cut before the setting: the line still names it)."""
    got = replace(gathered(), diff_text=DIFF[: DIFF.index("+SUPERVISOR")])
    assert LINE in compose(got, *summarize_all(got), Options("k"))


SAMPLING = [  # a long page on one topic: "sampled" and "spans" are in most of its sentences
    f"Spans of service {n} are sampled by the {kind} sampler in every process." for n in range(12)
    for kind in ("parent", "root")
]  # fmt: skip

# (the page's text, a criterion, the diff's added lines): each states no rule the other contradicts
NO_RULE = [
    ("For example, if the sampling probability is 100%, every span is kept.", "The sampling probability is 10%.", ""),
    ("Will the sampling probability be 50% by default?", "The sampling probability is 10% by default.", ""),
    ("## Examples\n\nThe sampling probability is 100% here.", "The sampling probability is 10%.", ""),
    ("\n\n".join([*SAMPLING, "A span sampled at 1% has a trace state of `ot=th:fd70a4`."]),
     "Root spans are sampled at 10%.", ""),  # only the page's topic words in common
    ("`CARGO_RESOLVER_PRECEDENCE` picks the resolver.", "`PIP_UPLOADED_PRIOR_TO` picks the resolver.", ""),
    ("It converts `DROP` decisions into `RECORD_ONLY` decisions.", "It returns `RECORD_AND_SAMPLE`.", ""),
    ("A new `Package.Dependency` type configures traits.", "", "    platform = PackageModel.Platform"),
    ("A new `Package.Dependency.Trait` type configures traits.", "", "    platform = PackageModel.Platform"),
    ("Samplers return `Decision.RECORD_ONLY` for spans.", "",
     "        return Decision.DROP\n+        return Decision.RECORD_ONLY"),  # a branch for each value
    ("Disabling `default-features` in one package touches all packages.",
     "In Edition 2024, a package can disable `default-features`.", ""),
    ("The subject holds the sha512 digest of the tarball.", "The subject holds the SHA-256 digest of the tarball.", ""),
    ("Pass `-warnings-as-errors` to the compiler.", "Pass `-no-warnings-as-errors` to the compiler.", ""),
]  # fmt: skip


@pytest.mark.parametrize(("text", "criterion", "added"), NO_RULE)
def test_what_states_no_rule_makes_no_disagreement(text: str, criterion: str, added: str) -> None:
    """Examples, questions, a long page's topic words, two settings' names, listed or branched named values, a
    number in a name or out of its unit's clause, a flag's `no`: no disagreement line (real specifications made
    each: benchmarks/real_disagreements.py)."""
    story = replace(STORY, fields={"Microsoft.VSTS.Common.AcceptanceCriteria": f"<ul><li>{criterion}</li></ul>"})
    diff = f"--- a/src/x.py\n+++ b/src/x.py\n@@ -1,0 +1,{added.count(chr(10)) + 1} @@\n+{added}\n" if added else ""
    got = replace(gathered(), work_items=(story,), pages=((page(701, "Spec", text), (4630,)),), diff_text=diff)
    got = replace(got, diff_lines=parse_diff(diff.encode()))
    items, pages = summarize_all(got)
    assert [d for s in (*items, *pages) for d in s.disagreements] == []


def test_the_same_rule_outside_an_example_still_disagrees() -> None:
    story = replace(
        STORY, fields={"Microsoft.VSTS.Common.AcceptanceCriteria": "<ul><li>The sampling probability is 10%.</li></ul>"}
    )
    got = replace(
        gathered(),
        work_items=(story,),
        pages=((page(701, "Spec", "## Rules\n\nThe sampling probability is 100%."), (4630,)),),
    )
    _, pages = summarize_all(got)
    assert [s.value for s in pages[0].disagreements[0].stated] == ["100%", "10%"]


def test_a_word_two_sentences_of_a_long_page_share_is_no_topic_yet() -> None:
    """A page of 20 sentences or more has topic words, in a tenth of its sentences but three at least: "audit" and
    "log" in two of them still tell its retention rule apart."""
    fillers = [f"The {w} module stays stable." for w in ("alpha beta gamma delta epsilon zeta eta theta iota kappa "
               "lambda omicron sigma tau upsilon phi chi psi").split()]  # fmt: skip
    text = "\n\n".join([*fillers, "Audit logs are kept for 30 days.", "Audit logs are written by the ledger."])
    story = replace(
        STORY, fields={"Microsoft.VSTS.Common.AcceptanceCriteria": "<ul><li>Audit logs are kept for 14 days.</li></ul>"}
    )
    got = replace(gathered(), work_items=(story,), pages=((page(701, "Ledger", text), (4630,)),))
    _, pages = summarize_all(got)
    assert [s.value for s in pages[0].disagreements[0].stated] == ["30 days", "14 days"]


ROUNDED = "Invoice totals are rounded with `{}`."
TWO_FILES = (
    "--- a/src/billing/rounding.py\n+++ b/src/billing/rounding.py\n@@ -1,0 +1 @@\n+ROUNDING = HALF_EVEN\n"
    "--- a/src/http/client.py\n+++ b/src/http/client.py\n@@ -1,0 +1 @@\n+LOG_LEVEL = LOG_DEBUG\n"
)

# (the page's sentence, the criterion's or None, the diff or ""): named values of one kind that differ
NAMED_DISAGREE = [
    (ROUNDED.format("ROUND_HALF_EVEN"), ROUNDED.format("RoundingMode.HALF_UP"), ""),  # families sharing a word
    (ROUNDED.format("ROUND_HALF_EVEN"), None,
     "--- a/src/billing/Invoice.java\n+++ b/src/billing/Invoice.java\n@@ -1,0 +1 @@\n"
     "+        return total.setScale(2, RoundingMode.HALF_UP);\n"),
    (ROUNDED.format("ROUND_HALF_UP"), None, TWO_FILES),  # an unrelated file's constant silences nothing
    ("Invoice totals are rounded with `RoundingMode.HALF_EVEN`, configured in `BILLING_CONFIG`.",
     ROUNDED.format("RoundingMode.HALF_UP"), ""),  # a setting's name is no value listed with the mode
]  # fmt: skip


@pytest.mark.parametrize(("text", "criterion", "diff"), NAMED_DISAGREE)
def test_named_values_of_one_kind_disagree(text: str, criterion: str | None, diff: str) -> None:
    sentences = [sentence("page", "Billing", text, "page 1")]
    sentences += [sentence("criterion", "criterion 1", criterion, "work item 1")] if criterion else []
    found = find(sentences, settings(diff))
    assert len(found) == 1
    assert found[0][1].kinds == ("named value",)

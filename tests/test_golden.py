"""Golden files: the whole comment for realistic pull requests, byte for byte.

Compared through tests/golden.py (UPDATE_GOLDEN=1 regenerates them).
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import subprocess
import unicodedata
from collections.abc import Callable
from dataclasses import replace

import pytest

from doc_context.app import Options, compose
from doc_context.change.unified import parse_diff
from doc_context.models import (
    PULL_REQUEST,
    ChangedFile,
    Gathered,
    Page,
    PageRef,
    PullRequest,
    PullRequestRef,
    Relation,
    Remark,
    WorkItem,
)
from doc_context.sandbox.checkout import make_checkout
from doc_context.sandbox.seed_story import DECIDING
from doc_context.sources.confluence.links import Site, page_url
from doc_context.sources.jira.client import Issue
from doc_context.sources.jira.issue import issue_page
from doc_context.sources.jira.links import IssueRef, JiraSite
from doc_context.sources.wiki.links import WikiRef
from doc_context.summary.children import CHILD
from doc_context.summary.extrafields import parse_extra_fields
from doc_context.summary.ownwords import link_only
from doc_context.summary.summarize import summarize_all
from doc_context.text.visible import visible_size
from doc_context.text.wikimd import wiki_to_markdown

from .golden import GOLDEN, assert_golden
from .pagerefs import confluence_page
from .rendering import tokens

INPUTS = GOLDEN / "inputs"
ORG = "https://dev.azure.com/fabrikam"
WIKI = "https://fabrikam.atlassian.net/wiki"
REF = PullRequestRef(ORG, "Fabrikam Fiber", "storefront", 1842)
EXTRA = parse_extra_fields(
    "Bug=Microsoft.VSTS.Common.Severity,Microsoft.VSTS.Common.Priority;User Story=Microsoft.VSTS.Common.BusinessValue"
)
BUDGET = 12_000
OPTIONS = Options("golden", budget=BUDGET, extra=EXTRA)


def read(name: str) -> str:
    return (INPUTS / name).read_text(encoding="utf-8").strip()


def item(
    id_: int,
    type_: str,
    title: str,
    *,
    parent: int | None = None,
    state: str = "Active",
    rev: int = 3,
    markdown: tuple[str, ...] = (),
    **fields: str,
) -> WorkItem:
    relations = (
        (Relation("System.LinkTypes.Hierarchy-Reverse", f"{ORG}/_apis/wit/workItems/{parent}"),) if parent else ()
    )
    return WorkItem(
        id_,
        rev,
        type_,
        title,
        state,
        fields={k.replace("__", "."): v for k, v in fields.items()},
        relations=relations,
        markdown_fields=frozenset(m.replace("__", ".") for m in markdown),
        web_url=f"{ORG}/Fabrikam%20Fiber/_workitems/edit/{id_}",
    )


def page(id_: int, title: str, space: str, version: int, name: str) -> Page:
    url = page_url(f"{WIKI}/spaces/{space}/pages/{id_}/{title.replace(' ', '+')}")  # as the Confluence client gives it
    return confluence_page(PageRef(page_id=id_), id_, title, space, version, url, read(name))


def changed(*paths: str) -> tuple[ChangedFile, ...]:
    return tuple(
        ChangedFile(p.lstrip("+-"), "add" if p[0] == "+" else "delete" if p[0] == "-" else "edit") for p in paths
    )


FEATURE = item(
    3907,
    "Feature",
    "Gift card payments at checkout",
    rev=9,
    parent=3001,
    markdown=("System__Description",),
    System__Description="Let shoppers use **gift cards** for any part of an order.\n\n- split tender",
)
EPIC = item(
    3001,
    "Epic",
    "Payments that reconcile to the cent",
    rev=2,
    System__Description="<div>Every amount we show matches the ledger. Owned by payments-core.</div>",
)
POLICY = page(2883616774, "Checkout rounding policy", "PAY", 6, "page-rounding-policy.md")
DESIGN = page(4521988092, "Gift card split payments - design", "PAY", 23, "page-giftcard-design.md")
RUNBOOK = page(3019735041, "Runbook: gift card ledger reconciliation", "OPS", 9, "page-ledger-runbook.md")


def bugfix() -> tuple[Gathered, str]:
    bug = item(
        4211,
        "Bug",
        "Checkout total is off by one cent when a percentage discount applies",
        rev=7,
        parent=3907,
        Microsoft__VSTS__TCM__ReproSteps=read("bug-repro-steps.html"),
        Microsoft__VSTS__TCM__SystemInfo="<div>Web checkout, release 2025.10.3 (storefront@4f2a9c1)<br>"
        "Chrome 129 on Windows 11</div>",
        System__Description="<div>LEGACY-DESCRIPTION-SHOULD-NOT-APPEAR</div>",
        Microsoft__VSTS__Common__Severity="2 - High",
        Microsoft__VSTS__Common__Priority="1",
    )
    pr = PullRequest(REF, "Round checkout totals once, with banker's rounding", "Fixes AB#4211")
    files = changed(
        "/src/checkout/totals.py",
        "+/src/checkout/rounding.py",
        "-/src/checkout/legacy_round.py",
        "/tests/checkout/test_totals.py",
    )
    return Gathered(pr, (bug,), files, ((POLICY, (4211,)),), (), (), parents=(FEATURE, EPIC)), read("bugfix.diff")


def feature() -> tuple[Gathered, str]:
    story = item(
        4198,
        "User Story",
        "Split a payment between a gift card and a card",
        rev=12,
        parent=3907,
        System__Description=read("story-description.html"),
        Microsoft__VSTS__Common__AcceptanceCriteria=read("story-acceptance-criteria.html"),
        Microsoft__VSTS__Common__BusinessValue="40",
    )
    spike = item(
        4230,
        "Spike",
        "Spike: banker's rounding in the ledger export",
        state="Closed",
        rev=4,
        System__Description="<div>Timebox: 2 days.</div><div>Can the ledger export switch to banker's "
        "rounding (ROUND_HALF_EVEN) without breaking the monthly reconciliation?</div>",
    )
    pr = PullRequest(REF, "Split tender: gift card first, card or PayPal for the rest", "AB#4198 AB#4230")
    files = changed(
        "+/src/payments/split_tender.py",
        "/src/payments/giftcard.py",
        "+/tests/payments/test_split_tender.py",
        "/docs/payments/gift-cards.md",
    )
    pages = ((DESIGN, (4198,)), (POLICY, (4198,)), (RUNBOOK, (4198, 4230)))
    tasks = (
        item(4251, "Task", "E-mail the receipt for both payments"),
        item(4252, "Task", "Ledger export", state="Closed"),
    )
    story = replace(
        story, relations=story.relations + tuple(Relation(CHILD, f"{ORG}/_apis/wit/workItems/{t.id}") for t in tasks)
    )
    talk = (  # the demo's discussion (sandbox/seed_story.py): chit-chat and a mention beside the comment that decides
        Remark(4198, 100, "Priya Raman", "2025-10-14T08:10:00Z", "Thanks!", story.web_url),
        Remark(
            4198, 102, "Priya Raman", "2025-10-16T14:05:00Z", f"Agreed with finance: {DECIDING}, not 30.", story.web_url
        ),
        Remark(4198, 104, "Ana Costa", "2025-10-18T16:45:00Z", "+1", story.web_url),
    )
    gathered = Gathered(
        pr, (story, spike), files, pages, (), (), parents=(FEATURE, EPIC), children=tasks, discussion=talk
    )
    return gathered, read("feature.diff")


LEDGER = Page(  # the demo's runbook, a page of the project's wiki, as sources/wiki/pages.py reads it
    WikiRef("Fabrikam Fiber", "Fabrikam-Fiber.wiki", page_id=7),
    7,
    "Ledger reconciliation",
    "",
    "e1f4013",
    f"{ORG}/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/7/Ledger-reconciliation",
    wiki_to_markdown(read("wiki-ledger-reconciliation.md")).text,
    restriction="none",
    source="wiki",
    section="Wiki pages",
    noun="wiki page",
    scope="fabrikam-fiber.wiki",
    place="wiki Fabrikam-Fiber.wiki",
    project="Fabrikam Fiber",
)


def bugfix_wiki() -> tuple[Gathered, str]:
    """The bug fix whose description also cites the ledger runbook on the project's wiki: a Confluence page and a
    wiki page, each under its source's heading, beside the criteria's evidence."""
    gathered, diff = bugfix()
    pr = replace(gathered.pull_request, description=f"Fixes AB#4211\n\nRunbook: {LEDGER.web_url}")
    return replace(gathered, pull_request=pr, pages=(*gathered.pages, (LEDGER, (PULL_REQUEST,)))), diff


def jira_issue() -> Page:
    """PAY-481 as Jira Cloud answers Get issue (REST v3, expand=renderedFields: inputs/jira-issue-pay-481.json, shaped
    as the published schemas and the recorded answers say), read by the Jira source's own converter."""
    body = json.loads((INPUTS / "jira-issue-pay-481.json").read_text(encoding="utf-8"))
    site = JiraSite.from_url("https://fabrikam.atlassian.net", ("PAY",))
    return issue_page(Issue(body, [], cloud=True), IssueRef("PAY-481"), site, "customfield_10035")


def bugfix_jira() -> tuple[Gathered, str]:
    """The bug fix whose title also names its Jira story: the issue under its own heading, its type and status,
    its acceptance criteria with their evidence, its subtasks done and open."""
    gathered, diff = bugfix()
    pr = replace(gathered.pull_request, title=f"PAY-481: {gathered.pull_request.title}")
    return replace(gathered, pull_request=pr, pages=(*gathered.pages, (jira_issue(), (PULL_REQUEST,)))), diff


TOPICS = ("Code review", "Branches", "Feature flags", "Incidents", "On-call", "Ledger exports", "Dependencies")


def handbook() -> str:
    """A 200 KB handbook: its opening, then hundreds of sections; the one about money sits deep inside."""
    sections = [
        "This handbook is how payments engineering writes, reviews and ships code. Read this opening first: "
        "every team in payments follows it, and a change that breaks a rule needs the owner's sign-off."
    ]
    for n in range(1, 361):
        topic = TOPICS[n % len(TOPICS)]
        if n == 214:
            sections.append(
                "## 214. Money in code\n\nEvery amount is an integer number of cents until it is shown.\n\n"
                "1. Amounts cross module borders as cents, never as floats.\n"
                "2. Convert with `to_cents()` from `checkout/money.py`; never write `int(x * 100)` again.\n"
                "3. Round once, on the order total (see the checkout rounding policy)."
            )
            continue
        body = " ".join(
            f"{topic} rule {n}.{k}: keep it short, write it down and ask the owning team." for k in range(8)
        )
        sections.append(f"## {n}. {topic}\n\n{body}")
    return "\n\n".join(sections)


HANDBOOK = confluence_page(
    PageRef(page_id=5551234), 5551234, "Payments engineering handbook", "ENG", 58, f"{WIKI}/x/handbook", ""
)


MONEY_MOVE = (  # the refactor's changed files, with and without its work item
    "+/src/checkout/money.py",
    "/src/checkout/totals.py",
    "/src/payments/giftcard.py",
    "/tests/checkout/test_money.py",
    "/README.md",
)


def refactor() -> tuple[Gathered, str]:
    task = item(
        4307,
        "Task",
        "Task: one home for the money helpers",
        System__Description="<div>Move <code>to_cents</code> and <code>from_cents</code> into "
        '<code>checkout/money.py</code>, as the <a href="' + HANDBOOK.web_url + '">handbook</a> asks, so '
        "totals and gift cards convert the same way.</div><div>No behaviour change.</div>",
    )
    pr = PullRequest(REF, "Refactor: move money helpers into checkout/money.py", "AB#4307")
    files = changed(*MONEY_MOVE)
    diff = (
        "--- a/src/checkout/totals.py\n+++ b/src/checkout/totals.py\n@@ -1,2 +1,1 @@\n-def to_cents(x):\n"
        "-    return int(x * 100)\n+from .money import to_cents\n"
        "--- /dev/null\n+++ b/src/checkout/money.py\n@@ -0,0 +1,3 @@\n+def to_cents(amount: Decimal) -> int:\n"
        '+    """An amount as integer cents: what crosses a module border, never a float."""\n'
        "+    return int(amount.scaleb(2).to_integral_value(ROUND_HALF_EVEN))\n"
    )
    pages = ((replace(HANDBOOK, text=handbook()), (4307,)), (RUNBOOK, (4307,)))
    return Gathered(pr, (task,), files, pages, (), ()), diff


def no_work_items() -> tuple[Gathered, str]:
    pr = PullRequest(REF, "Refactor: move money helpers into checkout/money.py", "No behaviour change.")
    files = changed(*MONEY_MOVE)
    diff = (
        "--- a/src/checkout/totals.py\n+++ b/src/checkout/totals.py\n-def to_cents(x):\n+from .money import to_cents\n"
    )
    return Gathered(pr, (), files, (), (), ()), diff


def fifty() -> tuple[Gathered, str]:
    kinds = ("Bug", "User Story", "Task", "Product Backlog Item", "Issue")
    items = []
    for n in range(50):
        kind = kinds[n % len(kinds)]
        text = " ".join(
            f"Sentence {i} of item {n} about the checkout totals and ledger export number {i}." for i in range(12)
        )
        field = "Microsoft__VSTS__TCM__ReproSteps" if kind == "Bug" else "System__Description"
        fields = {field: f"<ol><li>{text}</li><li>Open the basket.</li></ol>" if kind == "Bug" else f"<p>{text}</p>"}
        items.append(
            item(
                5000 + n, kind, f"Checkout change number {n}", rev=n + 1, parent=3907 if n % 3 == 0 else None, **fields
            )
        )
    pr = PullRequest(REF, "Quarterly checkout clean-up", "")
    files = changed(*(f"/src/checkout/module_{n}.py" for n in range(30)), "/src/checkout/totals.py")
    pages = tuple((p, (5000, 5001)) for p in (DESIGN, POLICY, RUNBOOK))
    return Gathered(pr, tuple(items), files, pages, (), (), parents=(FEATURE, EPIC)), "+total = ledger_export(total)\n"


CASES: dict[str, Callable[[], tuple[Gathered, str]]] = {
    "bugfix": bugfix,
    "bugfix-wiki": bugfix_wiki,
    "bugfix-jira": bugfix_jira,
    "feature": feature,
    "refactor": refactor,
    "no-work-items": no_work_items,
    "fifty-work-items": fifty,
}


def compose_case(name: str, *, full: bool = False) -> str:
    """The case's comment, or with `full` its build summary, composed afresh."""
    gathered, diff = CASES[name]()
    # as a run with a checkout reads the diff, and as gather hands on Confluence's links
    gathered = replace(gathered, diff_text=diff, diff_lines=parse_diff(diff), links=(Site.from_url(WIKI),))
    return compose(gathered, *summarize_all(gathered, extra=EXTRA), OPTIONS, full=full) + "\n"


@functools.cache
def render(name: str, *, full: bool = False) -> str:
    """compose_case, once a session: the tests below only read the text (test_deterministic composes again)."""
    return compose_case(name, full=full)


@pytest.mark.parametrize(("name", "full"), [(n, f) for n in sorted(CASES) for f in (False, True)])
def test_golden(name: str, full: bool) -> None:
    assert_golden(f"{name}.summary.md" if full else f"{name}.md", render(name, full=full))


@pytest.mark.parametrize("name", sorted(CASES))
def test_deterministic(name: str) -> None:
    assert compose_case(name).encode() == render(name).encode()


def test_fifty_work_items_fit_the_budget() -> None:
    out = render("fifty-work-items")
    assert visible_size(out) <= BUDGET
    assert "_Trimmed to fit 12,000 visible characters" in out


def test_the_bug_fix_shows_its_context() -> None:
    out, full = render("bugfix"), render("bugfix", full=True)
    assert "LEGACY-DESCRIPTION" not in out + full
    assert "\n1. Add 3 ×" in out and "Found while reconciling" in full  # the background: one click away
    assert "**Severity:** 2 - High · **Priority:** 1" in out
    assert "Part of [Feature 3907: Gift card payments at checkout]" in out


def test_code_reads_as_written() -> None:
    """The repro steps' <pre> (`<>`, `&`) is code in the rendered comment, shown as typed."""
    for full in (False, True):
        code = [t.content for t in tokens(render("bugfix", full=full)) if t.type == "code_inline"]
        assert "to_cents(total) <> ledger_cents # 1002 & 1000" in code


def test_the_excerpts_are_faithful() -> None:
    """Each quote is a passage of its page as written: a rule with its number, table rows under their header, a
    paragraph; marked as an excerpt, under the page's title and link, with the heading it stands under."""
    bugfix, feature, refactor = render("bugfix"), render("feature"), render("refactor")
    assert "> _Excerpt, Rules:_ 4\\. Percentage discounts are applied to the unrounded subtotal" in bugfix
    assert "> _Excerpt, Rules:_ 2\\. Round **once**, on the order total" in bugfix
    header = "> | Lines | Discount | Wrong (round per line) | Right (round once) |\n> | --- | --- | --- | --- |\n"
    assert header + "> | 3 × 3.335 | none | 10.02 | 10.00 |\n> | 19.99 + 5.01 | 15 % | 21.26 | 21.25 |" in bugfix
    assert "> | Second tender authorisation | held | Release the hold within 30 s" in feature
    assert "> _Excerpt, 214. Money in code:_ 2\\. Convert with `to_cents()`" in refactor
    for out in (bugfix, feature, refactor):
        for block in out.split("\n\n"):
            if block.startswith("> _Excerpt"):
                assert visible_size(block) <= 330, block  # about 300 visible characters, its label included


@pytest.mark.parametrize(("name", "full"), [(n, f) for n in sorted(CASES) for f in (False, True)])
def test_no_invisible_characters(name: str, full: bool) -> None:
    """What a reviewer copies from the comment is what it shows: no zero-width or other format characters."""
    out = render(name, full=full)
    assert [c for c in out if unicodedata.category(c) == "Cf"] == []


def test_plain_at_names_read_as_written() -> None:
    for full in (False, True):
        assert "release 2025.10.3 (storefront@4f2a9c1)" in render("bugfix", full=full)


def test_a_bug_shows_its_system_info_as_one_line() -> None:
    """The browser and the build a bug was found on, one line under the Bug (it was in the build summary only)."""
    bug = render("bugfix").split("### Confluence pages")[0]
    line = "\n\n**System info:** Web checkout, release 2025.10.3 (storefront@4f2a9c1); Chrome 129 on Windows 11\n\n"
    assert line in bug + "\n\n"


def test_a_pull_request_without_work_items_is_one_paragraph() -> None:
    assert render("no-work-items").count("\n\n") == 1


SHOT = "https://dev.azure.com/fabrikam/6ce954b1-ce1f-45d1-b94d-e6bf2464ba2c/_apis/wit/attachments/"


def test_what_the_comment_never_drops() -> None:
    """Issue 18: system info, screenshots, every rule that matches the change, the item's own words."""
    bugfix, feature, refactor = render("bugfix"), render("feature"), render("refactor")
    # the bug's system info, one line under it
    assert (
        "\n\n**System info:** Web checkout, release 2025.10.3 (storefront@4f2a9c1); Chrome 129 on Windows 11\n\n"
        in bugfix
    )
    # the rules and rows the change speaks to, each a quote: not only the best one
    for rule in ("2\\. Round **once**", "4\\. Percentage discounts"):
        assert f"> _Excerpt, Rules:_ {rule}" in bugfix
    assert "> | 3 × 3.335 | none | 10.02 | 10.00 |\n> | 19.99 + 5.01 | 15 % | 21.26 | 21.25 |" in bugfix
    assert "Convert with `to_cents()`" in refactor
    # the story's own sentence, one that carries a link to a page the comment shows, before the link-only lines
    own = "\n\nSplit the order total the way the [rounding policy]("
    assert own in feature and feature.index(own) < feature.index("Support FAQ (draft):")
    # screenshots: work item attachments as links with their file names, never embedded
    assert (
        f"(image: [checkout-total.png]({SHOT}3f9c2b1e-8a4d-4e7f-9b6a-1c2d3e4f5a6b?fileName=checkout-total.png))"
        in bugfix
    )
    assert f"(image: [split-payment-mockup.png]({SHOT}" in feature
    assert "![" not in bugfix + feature


@pytest.mark.parametrize("name", sorted(CASES))
def test_one_elision_mark_per_gap_never_one_between_two_links(name: str) -> None:
    lines = [b for b in render(name).split("\n\n") if b.strip()]
    for before, block, after in zip(lines, lines[1:], lines[2:], strict=False):
        assert not (block == "…" and (before.endswith(" …") or after.startswith(("… ", "> … ")))), (before, after)
        assert not (block == "…" and link_only(before) and link_only(after)), (before, after)
    for first, second in itertools.pairwise(lines):
        assert not (first == "…" and second == "…")


def test_the_golden_diffs_are_what_git_writes_for_the_demos_checkout(tmp_path) -> None:
    """The bug fix's and the feature's diff: `git diff HEAD^1 HEAD` of the demo's checkout, each for its files."""
    repo = make_checkout(tmp_path / "checkout")
    env = {"GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "PATH": os.environ.get("PATH", "")}
    for name, paths in (
        ("bugfix.diff", ("src/checkout", "tests/checkout")),
        ("feature.diff", ("src/payments", "tests/payments", "docs")),
    ):
        written = subprocess.run(
            ["git", "diff", "--no-color", "--no-ext-diff", "HEAD^1", "HEAD", "--", *paths],
            cwd=repo,
            env=env,
            capture_output=True,
            check=True,
            text=True,
        ).stdout
        assert written == (INPUTS / name).read_text(encoding="utf-8"), name

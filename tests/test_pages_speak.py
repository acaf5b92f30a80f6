"""Which pages and sections speak (issue 36, sixth session): generic reproductions, each in two languages or two
document styles (markdown and reStructuredText), of what made a page or a section speak though the change does not
implement it."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.terms import Key
from doc_context.relevance.words import ident_parts
from doc_context.summary.passages import said_sentences
from doc_context.summary.quotes import weigh_pages
from doc_context.summary.speaks import story_pages

from .diffs import changed, patch

# A name joining an alphabetical list re-flows every line after it: the lines are added again, with the names the
# deleted lines listed. Only the name the change adds is the change's; the opener (`from x import (`, `export {`)
# is an unchanged line above the hunk, so the lines read as the change's code.
REWRAPPED = {
    "python": (
        "pkg/__init__.py",
        ["    invert, is_busday, isclose, isfinite, isfortran,", "    isinf, isnan, left_shift, less, less_equal,"],
        ["    invert, is_busday, isclose, is_dtype, isfinite,", "    isfortran, isinf, isnan, left_shift, less,",
         "    less_equal,"],
    ),
    "typescript": (
        "src/index.ts",
        ["  invert, isBusday, isClose, isFinite, isFortran,", "  isInf, isNan, leftShift, less, lessEqual,"],
        ["  invert, isBusday, isClose, isDtype, isFinite,", "  isFortran, isInf, isNan, leftShift, less,",
         "  lessEqual,"],
    ),
    "rust": (
        "src/lib.rs",
        ["    invert, is_busday, isclose, isfinite, isfortran,", "    isinf, isnan, left_shift, less, less_equal,"],
        ["    invert, is_busday, isclose, is_dtype, isfinite,", "    isfortran, isinf, isnan, left_shift, less,",
         "    less_equal,"],
    ),
}  # fmt: skip


def ident(name: str) -> Key:
    return ("ident", tuple(ident_parts(name)[0]))


def rewrapped(language: str) -> Change:
    path, old, new = REWRAPPED[language]
    lines = [" def helpers():", *(f"-{line}" for line in old), *(f"+{line}" for line in new)]
    return Change(parse_diff(patch(path, *lines, start=140)))


@pytest.mark.parametrize("language", sorted(REWRAPPED))
def test_a_rewrapped_list_gives_only_the_names_it_adds(language: str) -> None:
    found = change_terms(rewrapped(language), within=["`left_shift`, `is_busday` and `is_dtype`"])
    assert ident("is_dtype") in found.weights  # the name the change adds
    assert ident("left_shift") not in found.weights  # listed before, re-wrapped
    assert ident("is_busday") not in found.weights


def test_a_list_the_change_writes_anew_keeps_its_names() -> None:
    """The control: no deleted line lists them, so the names are the change's (its own code: no opener seen)."""
    path, _, new = REWRAPPED["python"]
    found = change_terms(Change(parse_diff(patch(path, *(f"+{line}" for line in new)))), within=["`left_shift`"])
    assert ident("left_shift") in found.weights


MD_SPEC = """# Array API support

## Bit-wise functions

The ``left_shift`` function is renamed; the old name stays an alias of the new one.

## Introspection

A new function ``is_dtype`` tells whether a dtype is of a given kind.
"""
RST_SPEC = """=================
Array API support
=================

Abstract
--------

The array API standard asks for a few new functions and renames.

Specification
-------------

A new function ``is_dtype`` tells whether a dtype is of a given kind.

Rejected Ideas
--------------

Renaming ``left_shift`` was turned down; the old name stays an alias of the new one.
"""


@pytest.mark.parametrize(("spec", "rewrapped_section"), [(MD_SPEC, "Bit-wise functions"), (RST_SPEC, "Rejected Ideas")])
@pytest.mark.parametrize("language", sorted(REWRAPPED))
def test_a_section_naming_a_rewrapped_name_is_not_quoted(spec: str, rewrapped_section: str, language: str) -> None:
    found = weigh_pages([(spec, "Array API support")], change_terms(rewrapped(language), within=[spec]))[0]
    sections = [p.section for p in found.matched]
    assert "Introspection" in sections or "Specification" in sections
    assert rewrapped_section not in sections


# Two long specifications of one domain (45 sections each in its words, a PEP's Abstract, Motivation, Specification
# and Rejected Ideas), each naming what the other specifies: the change's names are both pages' (`retry_policy`,
# `token_bucket`) but one, `max_backoff_seconds`, which it only touches in passing and the related page specifies.
# The story paraphrases the page the change implements (NEP 35 and NEP 18, PEP 728 and PEP 705 alike).
def long_spec(
    rst: bool, title: str, lead: str, special: tuple[str, str], aside: tuple[str, str], shared: int = 45
) -> str:
    def heading(text: str) -> str:
        return f"{text}\n{'-' * len(text)}\n\n" if rst else f"## {text}\n\n"

    parts = [
        f"{'=' * len(title)}\n{title}\n{'=' * len(title)}\n\n" if rst else f"# {title}\n\n",
        heading("Abstract"),
        f"{lead}\n\n",
    ]
    parts += [heading("Motivation"), "Each team configured its own timeouts until now.\n\n"]
    parts += [
        f"{heading(f'Part {n}')}Clients read the `retry_policy` from the service config, case {n}.\n\n"
        for n in range(shared)
    ]
    parts += [heading(special[0]), f"{special[1]}\n\n", heading(aside[0]), f"{aside[1]}\n\n"]
    return "".join(parts).replace("`", "``") if rst else "".join(parts)  # reStructuredText's inline literals


BUDGET = (
    "Retry budgets",
    "A client can cap its retries with a budget, as this page specifies.",
    (
        "Specification",
        "Each client keeps a `token_bucket`: it spends one token a retry and earns a tenth of a token "
        "a success, so a failing service sees few retries.",
    ),
    ("Rejected Ideas", "A fixed number of retries a request was rejected: it multiplies under load."),
)
BACKOFF = (
    "Retry backoff",
    "A client waits longer between its retries, as this page says.",
    (
        "Specification",
        "The `max_backoff_seconds` setting caps the wait between two attempts, doubling from one second.",
    ),
    ("Rejected Ideas", "A retry budget's `token_bucket` was left to another proposal."),
)
STORY_SAID = (
    "Clients retry with a budget: a failing service sees few retries.",
    "Each retry spends one token and each success earns a tenth of a token.",
)
RETRIES = (
    "retry_policy = config.retries",
    "bucket = token_bucket(retry_policy)",
    "max_backoff_seconds = retry_policy.cap",
    "if bucket.spend():",
    "    delay = min(delay * 2, max_backoff_seconds)",
)


@pytest.mark.parametrize("rst", [False, True])
def test_a_long_page_the_story_does_not_say_shows_its_lead_only(rst: bool) -> None:
    pages = [(long_spec(rst, *page), page[0]) for page in (BUDGET, BACKOFF)]
    diff = changed("client/retries.py", *RETRIES)
    terms = change_terms(Change(parse_diff(diff)), within=[text for text, _ in pages])
    said = said_sentences([], [(f"criterion {n}", s) for n, s in enumerate(STORY_SAID, start=1)])
    budget, backoff = weigh_pages(pages, terms, said)
    assert [p.section for p in budget.matched][:1] == ["Specification"]  # the page the story says
    assert not backoff.matched and "as this page says" in backoff.text  # its lead only
    # the control: without the story, the page naming the change's passing name speaks instead
    budget, backoff = weigh_pages(pages, terms)
    assert backoff.matched and not budget.matched


def short_spec(rst: bool, title: str, lead: str, special: tuple[str, str]) -> str:
    """A page of a few sections (under speaks.LONG passages): a team's page, or a short proposal."""
    return long_spec(rst, title, lead, special, ("Rejected Ideas", "None."), shared=3)


@pytest.mark.parametrize("rst", [False, True])
def test_a_short_page_the_story_does_not_say_beside_a_long_one_it_says_shows_its_lead_only(rst: bool) -> None:
    budget = (long_spec(rst, *BUDGET), BUDGET[0])
    backoff = (short_spec(rst, *BACKOFF[:3]), BACKOFF[0])
    diff = changed("client/retries.py", *RETRIES)
    said = said_sentences([], [(f"criterion {n}", s) for n, s in enumerate(STORY_SAID, start=1)])
    terms = change_terms(Change(parse_diff(diff)), within=[budget[0], backoff[0]])
    found = weigh_pages([budget, backoff], terms, said)
    assert found[0].matched and not found[1].matched and "as this page says" in found[1].text
    # the control: beside a short page the story says, a short page speaks when a passage of it matches (a team's
    # pages say the story in their own words, not a specification's)
    budget = (short_spec(rst, *BUDGET[:3]), BUDGET[0])
    terms = change_terms(Change(parse_diff(diff)), within=[budget[0], backoff[0]])
    found = weigh_pages([budget, backoff], terms, said)
    assert found[1].matched


W = frozenset


@pytest.mark.parametrize(
    ("passages", "story", "expected"),
    [
        # each sentence goes to the page one of whose passages says most of it: page 0 says both, page 1 neither
        ([W("token spend retry".split()), W("backoff cap wait".split()), W("token earn success".split())],
         [W("each retry spends a token".split()), W("a success earns a token".split())], {0}),
        # a sentence each: both pages say the story
        ([W("token spend retry".split()), W("backoff cap wait".split()), W("token earn success".split())],
         [W("each retry spends a token".split()), W("the wait has a cap for backoff".split())], {0, 1}),
        # a sentence no page says (fewer than two of its words): no page is told apart
        ([W(["token"]), W(["backoff"]), W(["retry"])], [W("a success earns a token".split())], None),
        ([W("token spend retry".split())], [W("each retry spends a token".split())], None),  # one page
        # a sentence said ten times (a pasted log, a copied line) is said once: page 1 does not outweigh page 0
        ([W("token spend retry".split()), W("backoff cap wait".split()), W("token earn success".split())],
         [W("each retry spends a token".split()), W("a success earns a token".split()),
          *[W("the wait has a cap for backoff".split())] * 10], {0, 1}),
    ],
)  # fmt: skip
def test_each_story_sentence_belongs_to_the_page_saying_most_of_it(
    passages: list[frozenset[str]], story: list[frozenset[str]], expected: set[int] | None
) -> None:
    where = [(0, "Spec"), (1, "Spec"), (0, "Rules")][: len(passages)] if len(passages) > 1 else [(0, "Spec")]
    assert story_pages(passages, where, story) == expected


# Review 6 (0821a6e): the story says which long pages speak, but never silences the page the change implements.
BUDGET_RATE = (*BUDGET[:2], ("Specification", "The `earn_rate` sets what a success earns. " + BUDGET[2][1]), BUDGET[3])
BACKOFF_ALONE = (*BACKOFF[:3], ("Rejected Ideas", "Jitter was left to another proposal."))  # names no budget
EARNS = ("bucket = token_bucket(retry_policy, earn_rate=0.1)", "if bucket.spend():", "    send(request)")


Spec = tuple[str, str, tuple[str, str], tuple[str, str]]


def weighed(rst: bool, pages: tuple[Spec, ...], lines: tuple[str, ...], story: list[str]) -> list[list[str]]:
    texts = [(long_spec(rst, *page), page[0]) for page in pages]
    terms = change_terms(Change(parse_diff(changed("client/retries.py", *lines))), within=[t for t, _ in texts])
    said = said_sentences([], [(f"criterion {n}", s) for n, s in enumerate(story, start=1)])
    return [[p.section for p in q.matched] for q in weigh_pages(texts, terms, said)]


@pytest.mark.parametrize(
    "story",
    [
        "A failing service sees every retry: clients wait longer between attempts but never stop.",
        "Clients should stop doubling the wait between attempts",  # a lone title
    ],
)
@pytest.mark.parametrize("rst", [False, True])
def test_a_one_sentence_story_in_a_related_pages_words_leaves_the_names_to_decide(rst: bool, story: str) -> None:
    """A bug's symptom or a short title told in the related page's words: the story says the page the change does
    not speak to, so no page would speak; the change's names decide instead (failing before: neither page)."""
    budget, backoff = weighed(rst, (BUDGET_RATE, BACKOFF_ALONE), EARNS, [story])
    assert budget[:1] == ["Specification"] and not backoff


@pytest.mark.parametrize("rst", [False, True])
def test_a_one_sentence_story_says_its_page(rst: bool) -> None:
    budget, backoff = weighed(rst, (BUDGET, BACKOFF), RETRIES, [STORY_SAID[1]])
    assert budget[:1] == ["Specification"] and not backoff


LOGGING = ("Retry logging", "A client logs what its retries did, as this page says.")


@pytest.mark.parametrize("rst", [False, True])
@pytest.mark.parametrize(
    ("special", "spoken"),
    [
        ("Each client logs its failed attempts once a day.", False),  # the change's name said in prose
        ("Each client logs `failed_attempts` once a day.", True),  # named as code, as the change writes it
    ],
)
def test_a_short_page_beside_a_long_one_the_change_speaks_to_must_name_its_code_too(
    rst: bool, special: str, spoken: bool
) -> None:
    """A short proposal cited beside the long specification the change speaks to (PEP 379 beside PEP 572) must name
    something the change writes, as a long page must: its passage matching the change's name said in prose is the
    domain's words (failing before: a short page spoke whenever a passage of it matched)."""
    lines = (*RETRIES, "failed_attempts += 1")
    diff = changed("client/retries.py", *lines)
    budget = (long_spec(rst, *BUDGET), BUDGET[0])
    logging = (short_spec(rst, *LOGGING, ("Specification", special)), LOGGING[0])
    terms = change_terms(Change(parse_diff(diff)), within=[budget[0], logging[0]])
    found = weigh_pages([budget, logging], terms)
    assert found[0].matched and bool(found[1].matched) is spoken
    # the control: beside a short page, a short page speaks when a passage of it matches (a team's own pages)
    budget = (short_spec(rst, *BUDGET[:3]), BUDGET[0])
    terms = change_terms(Change(parse_diff(diff)), within=[budget[0], logging[0]])
    assert weigh_pages([budget, logging], terms)[1].matched


PAYMENTS = (
    "Payments API",
    "The payments API takes captures and refunds, as this page specifies.",
    ("Specification", "A refund request carries `refund_amount` and the `capture_id` it refunds."),
    ("Rejected Ideas", "Refunding without a capture was rejected."),
)
REFUND_RULES = (
    "Refund rules",
    "How the finance team wants refunds handled.",
    ("Rules", "A refund amount never exceeds the captured amount; a larger one is refused."),
)


@pytest.mark.parametrize("rst", [False, True])
@pytest.mark.parametrize("long", [True, False])
def test_a_teams_short_page_of_rules_speaks_on_its_prose_beside_a_long_specification(rst: bool, long: bool) -> None:
    """A team's short page of rules, written in prose, is no specification of what is built (it holds no
    `Specification`/`Proposal`/`Design` section): it speaks when a passage of it matches, beside a long page the
    change speaks to as beside a short one; what the other page is does not decide (review 9, finding 2: failing
    before beside the long page)."""
    diff = changed(
        "payments/refunds.py",
        "def refund(capture_id, refund_amount):",
        "    if refund_amount > captured_amount(capture_id):",
        "        raise RefundRefused(refund_amount)",
    )
    api = (long_spec(rst, *PAYMENTS) if long else short_spec(rst, *PAYMENTS[:3]), PAYMENTS[0])
    rules = (short_spec(rst, *REFUND_RULES), REFUND_RULES[0])
    terms = change_terms(Change(parse_diff(diff)), within=[api[0], rules[0]])
    found = weigh_pages([api, rules], terms)
    assert [p.section for p in found[0].matched][:1] == ["Specification"]
    assert [p.plain for p in found[1].matched] == [REFUND_RULES[2][1]]

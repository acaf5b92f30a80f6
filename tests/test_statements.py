"""relevance/statements.py: what a sentence states, and how two sentences about one thing differ (table-driven)."""

from __future__ import annotations

import pytest

from doc_context.relevance.stated_values import prose_values, shown
from doc_context.relevance.statements import compare, differences, same_subject, statement
from doc_context.summary.passages import repeats, said_sentences

CRITERION = "Refunds older than 14 days need a supervisor's approval."

# (page's sentence, criterion's sentence, the kinds they differ in): one row per kind, and rows that agree
DIFFERENCES = [
    ("Refunds older than 30 days need a supervisor's approval.", CRITERION, ("number",)),
    ("Refunds older than 14 hours need a supervisor's approval.", CRITERION, ("unit",)),
    ("Refunds older than 14 days need no supervisor's approval.", CRITERION, ("negation",)),
    ("A refund may exceed the captured amount.", "A refund never exceeds the captured amount.", ("negation",)),
    ("Clients should send an idempotency key.", "Clients must send an idempotency key.", ("modal",)),
    ("Guests may export reports.", "Guests must export reports.", ("modal",)),
    (
        "Line totals are rounded half up (`MidpointRounding.AwayFromZero`).",
        "Line totals are rounded to even (`MidpointRounding.ToEven`).",
        ("named value",),
    ),
    (
        "Invoice totals use `RoundingMode.HALF_UP`.",
        "Invoice totals are rounded with `ROUND_HALF_EVEN`.",
        ("named value",),
    ),
    ("Each client may send 100 requests per minute.", "Each client may send 100 requests per second.", ("unit",)),
    ("An account locks after three failed sign-in attempts.", "An account locks after 5 failed attempts.", ("number",)),
    # the same thing said otherwise: no difference
    ("Refunds older than two weeks need a supervisor's approval.", CRITERION, ()),
    ("Idempotency keys are remembered for 24 hours.", "Idempotency keys are remembered for 1 day.", ()),
    ("A refund must not exceed the captured amount.", "A refund never exceeds the captured amount.", ()),
    ("Guests may not export reports.", "Guests must not export reports.", ()),
    ("Sessions expire after 20 minutes.", "Sessions must expire after 20 minutes.", ()),
    ("Totals use `MidpointRounding.ToEven`.", "Totals are rounded half to even (`HALF_EVEN`).", ()),
    ("Uploads up to 25 MB are accepted.", "Uploads up to 25 MB are accepted.", ()),
    ("Refunds are paid no later than 30 days after the return.", "Refunds are paid within 30 days after the return.",
     ()),  # "no later than" bounds the value: no negation
    ("The hold is released within 60 seconds, not 30.", "The hold is released within 30 seconds.", ("number",)),
    # a word in code or in quotes is named, not said: markdown's `None`, reStructuredText's ``None``, a quoted 'None'
    ("If the item is `None`, no memory area is reserved.", "If the item is ``None``, no memory area is reserved.", ()),
    ("If the item is 'None', no memory area is reserved.", "If the item is ``None``, no memory area is reserved.", ()),
    ('If the item is "None", no memory area is reserved.', "If the item is `None`, no memory area is reserved.", ()),
]  # fmt: skip


@pytest.mark.parametrize(("page", "criterion", "kinds"), DIFFERENCES)
def test_what_two_sentences_about_one_thing_differ_in(page: str, criterion: str, kinds: tuple[str, ...]) -> None:
    a, b = statement(page), statement(criterion)
    assert same_subject(a, b)
    assert differences(a, b) == kinds
    assert differences(b, a) == kinds


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Exchanges are accepted for 60 days after delivery.", CRITERION),
        ("Guest users see the dashboard in read-only mode.", "Guest users cannot export reports."),
        ("Store credit is issued within 2 business days.", CRITERION),
    ],
)
def test_sentences_about_other_things_are_not_compared(a: str, b: str) -> None:
    assert not same_subject(statement(a), statement(b))


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Refunds older than 30 days", ["30 days"]),
        ("after 5 failed sign-in attempts in a row", ["5 attempts"]),
        ("100 requests per minute", ["100 requests per minute"]),
        ("Orders over €50 ship free", ["€50"]),
        ("at most 2 MB", ["2 MB"]),
        ("charged twice", []),  # a frequency, no count of anything said
        ("split over 3 payment methods", ["3 payment"]),
        ("Exports hold at most 10,000 rows", ["10,000 rows"]),
        ("one of the rules", []),
        ("a 15 % promo price", ["15%"]),
        ("In Edition 2024, a package can set it", ["2,024"]),  # a unit is said in the number's clause: none here
        ("the sha512 digest, SHA-512, UTF-8 and subject[0]", []),  # a number in a name is no amount
        ("Lock the account after [5 failed attempts](https://wiki/x).", ["5 attempts"]),  # a link's text: no index
        ("Refunds are accepted within thirty (30) days.", ["30 days"]),  # the number's own brackets end no clause
        ("Lock it after five (5) failed attempts.", ["5 attempts"]),
        ("PEP 342's generator support and the 1990\u2019s style", []),  # a name's or a decade's 's: no seconds
        ("Wait 30 s, then 2 more seconds", ["30 seconds", "2 seconds"]),
    ],
)
def test_values_and_their_units(text: str, values: list[str]) -> None:
    assert [shown(v) for v in prose_values(text)] == values


def test_a_nearly_identical_passage_with_another_value_is_no_repeat() -> None:
    """passages.repeats: the words alone would call these repeats of the criterion; what they state does not."""
    said = said_sentences(
        [], [("criterion 3", CRITERION), ("criterion 1", "A refund never exceeds the captured amount.")]
    )
    assert repeats("Refunds older than 14 days need a supervisor's approval.", said)  # the true repeat, said once
    assert repeats("A refund never exceeds the captured amount.", said)
    for other in (
        "Refunds older than 30 days need a supervisor's approval.",  # a number
        "Refunds older than 14 hours need a supervisor's approval.",  # a unit
        "Refunds older than 14 days need no supervisor's approval.",  # a negation
        "A refund may exceed the captured amount.",  # a negation and a modal
    ):
        assert not repeats(other, said), other


def test_a_named_value_that_differs_is_no_repeat() -> None:
    said = said_sentences([], [("criterion 1", "Invoice totals are rounded with `ROUND_HALF_EVEN` once.")])
    assert repeats("Invoice totals are rounded with `ROUND_HALF_EVEN` once.", said)
    assert not repeats("Invoice totals are rounded with `ROUND_HALF_UP` once.", said)


def test_a_modal_that_differs_is_no_repeat() -> None:
    said = said_sentences([], [("criterion 2", "Clients must send an idempotency key with each payment request.")])
    assert repeats("Clients must send an idempotency key with each payment request.", said)
    assert not repeats("Clients should send an idempotency key with each payment request.", said)


@pytest.mark.parametrize(
    ("a", "b", "found"),
    [
        ("Release the gift card hold within 60 seconds, not 30.", "The gift card hold is released within 30 seconds.",
         ("number",)),
        ("The gift card hold is released within 30 seconds.", "The gift card hold is released within 30 seconds.", ()),
        ("Thanks, looks good to me.", "The gift card hold is released within 30 seconds.", None),
    ],
)  # fmt: skip
def test_compare_two_sentences(a: str, b: str, found: tuple[str, ...] | None) -> None:
    """The one call for a discussion's comment against a criterion: None, (), or how they differ."""
    assert compare(a, b) == found


@pytest.mark.parametrize(
    "text",
    [
        "Pass `-no-warnings-as-errors` to the compiler.",
        "The call is a no-op on the second run.",
        "The default value is ``None``.",  # reStructuredText's code
        "The default value is “None”.",  # a word in quotes names itself
        "The default value is 'None'.",
        'Answer "no" to skip the prompt.',
    ],
)
def test_a_negation_in_code_or_a_hyphenated_name_negates_nothing(text: str) -> None:
    assert not statement(text).negated

"""summary/model_words: the model's word stands only when the line it cites is a changed line of that criterion's
evidence; a made-up line, file or word is dropped, with a warning for the log."""

from __future__ import annotations

from dataclasses import replace

import pytest

from doc_context.change.unified import parse_diff
from doc_context.models import Criterion, Summary
from doc_context.summary.evidence import Evidence, FileEvidence
from doc_context.summary.model_words import (
    Citation,
    Judgement,
    check_words,
    criteria_data,
    numbered,
    parse_answer,
    parse_citation,
    with_words,
)
from tests.diffs import added, deleted, patch

DIFF = parse_diff(
    added("src/loyalty.py", "RATE = 0.05", "def apply_loyalty_discount(subtotal):", "    return subtotal * RATE")
    + patch("src/pricing.py", " a", "+b", " c", start=20)
    + deleted("src/legacy.py", "OLD = 1", "def legacy():")
)
EVIDENCE = [
    Evidence((FileEvidence("/src/loyalty.py", (2,)),)),  # 0: the loyalty discount
    Evidence(()),  # 1: nothing in the diff
    Evidence((FileEvidence("/src/legacy.py", (), (2,)),)),  # 2: a removal
]


def judged(index: int, word: str, *cited: str) -> Judgement:
    return Judgement(index, word, tuple(c for c in map(parse_citation, cited) if c is not None))


CASES = [
    ("a cited evidence line", judged(0, "addressed", "src/loyalty.py:2"), "addressed"),
    ("any added line of an evidence file", judged(0, "partly", "/src/loyalty.py#L3"), "partly"),
    ("the word in another case", judged(0, " Addressed. ", "src/loyalty.py line 1"), "addressed"),
    ("a made-up line", judged(0, "addressed", "src/loyalty.py:99"), None),
    ("a made-up file", judged(0, "addressed", "src/invented.py:2"), None),
    (
        "a changed line of a file that is not the criterion's evidence",
        judged(0, "addressed", "src/pricing.py:21"),
        None,
    ),
    ("an unchanged context line", judged(0, "addressed", "src/pricing.py:20"), None),
    ("one good citation and one made up", judged(0, "addressed", "src/loyalty.py:2", "src/loyalty.py:40"), None),
    ("no citation", judged(0, "addressed"), None),
    ("a word not among the three", judged(0, "done", "src/loyalty.py:2"), None),
    ("a criterion it was not given", judged(7, "addressed", "src/loyalty.py:2"), None),
    ("not visible, where the diff shows nothing either", judged(1, "not visible"), "not visible"),
    ("not visible, where the diff shows evidence", judged(0, "not visible"), None),
    ("a deleted line, for a criterion about removing", judged(2, "addressed", "src/legacy.py:2"), "addressed"),
]


@pytest.mark.parametrize(("judgement", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_word_stands_only_on_a_real_line(judgement: Judgement, expected: str | None) -> None:
    words, notices = check_words([judgement], EVIDENCE, DIFF, about="work item 101")
    assert words.get(judgement.criterion) == expected
    assert len(notices) == (0 if expected else 1)
    if notices:
        assert notices[0].source == "llm"
        assert notices[0].message.startswith(f"work item 101, criterion {judgement.criterion + 1}: ")
        assert notices[0].message.endswith("the word was dropped")


def test_the_warning_names_the_made_up_line() -> None:
    _, (notice,) = check_words([judged(0, "addressed", "src/loyalty.py:99")], EVIDENCE, DIFF, about="work item 7")
    assert "src/loyalty.py:99" in notice.message and "not a changed line" in notice.message


def test_without_a_diff_no_word_stands() -> None:
    words, notices = check_words([judged(0, "addressed", "src/loyalty.py:2")], EVIDENCE, None, about="work item 7")
    assert words == {} and len(notices) == 1 and "no checkout" in notices[0].message
    assert check_words([], EVIDENCE, None, about="work item 7") == ({}, ())


def test_the_first_word_for_a_criterion_counts() -> None:
    words, _ = check_words(
        [judged(0, "partly", "src/loyalty.py:2"), judged(0, "addressed", "src/loyalty.py:2")], EVIDENCE, DIFF, about="x"
    )
    assert words == {0: "partly"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("src/a.py:42", Citation("src/a.py", 42)),
        ("`/src/a.py:42`", Citation("/src/a.py", 42)),
        ("src/a.py#L7", Citation("src/a.py", 7)),
        ("src/a.py line 9", Citation("src/a.py", 9)),
        ("src/a.py, line 9", Citation("src/a.py", 9)),
        ("src/a.py", None),
        ("line 9", None),
        ("", None),
    ],
)
def test_parse_citation(text: str, expected: Citation | None) -> None:
    assert parse_citation(text) == expected


# ---- the model's answer, on the run's criteria ------------------------------------------------------------


def test_the_answer_is_a_paragraph_and_word_lines() -> None:
    answer = (
        "This pull request rounds once.\n"
        "C1: addressed src/loyalty.py:2, src/loyalty.py:3\n"
        "- **C2** — partly `src/pricing.py:21`\n"
        "C3: not visible\n"
        "C4: done src/loyalty.py:2"
    )
    paragraph, judgements = parse_answer(answer)
    assert paragraph == "This pull request rounds once."
    assert judgements == (
        Judgement(0, "addressed", (Citation("src/loyalty.py", 2), Citation("src/loyalty.py", 3))),
        Judgement(1, "partly", (Citation("src/pricing.py", 21),)),
        Judgement(2, "not visible"),
        Judgement(3, "done", (Citation("src/loyalty.py", 2),)),
    )


def summary(source_id: str, *criteria: Criterion) -> Summary:
    return Summary(source_id, source_id, "", criteria=criteria)


def test_words_land_on_their_criteria_across_work_items_and_a_made_up_line_is_dropped() -> None:
    story = summary(
        "work item 1",
        Criterion("Loyalty discount", evidence=EVIDENCE[0]),
        Criterion("Withdrawn", struck=True),
        Criterion("Invisible", evidence=EVIDENCE[1]),
    )
    bug = summary("work item 2", Criterion("Legacy removed", evidence=EVIDENCE[2], label="Expected"))
    assert [(s.source_id, n) for s, n in numbered([story, bug])] == [
        ("work item 1", 0),
        ("work item 1", 2),
        ("work item 2", 0),
    ]
    _, judged = parse_answer(
        "P.\nC1: addressed src/loyalty.py:2\nC2: not visible\nC3: addressed src/legacy.py:40\nC9: partly a.py:1"
    )
    (story, bug), notices = with_words([story, bug], judged, DIFF)
    assert [c.word for c in story.criteria] == ["addressed", "", "not visible"]
    assert bug.criteria[0].word == ""  # src/legacy.py:40 is no line of the diff
    messages = [n.message for n in notices]
    assert any(m.startswith("work item 2, criterion 1: ") and "src/legacy.py:40" in m for m in messages)
    assert any("1 of the model's words were for criteria it was not given" in m for m in messages)


def test_what_the_model_is_given_for_each_criterion() -> None:
    story = summary(
        "work item 1", Criterion("Loyalty discount", evidence=EVIDENCE[0]), Criterion("Nothing", evidence=EVIDENCE[1])
    )
    data = criteria_data([story], DIFF)
    assert data == [
        {
            "id": "C1",
            "work_item": "work item 1",
            "text": "Loyalty discount",
            "changed_lines": ["src/loyalty.py:2: def apply_loyalty_discount(subtotal):"],
        },
        {"id": "C2", "work_item": "work item 1", "text": "Nothing", "changed_lines": "none found"},
    ]
    withheld = replace(story, withheld="it belongs to another project")
    assert criteria_data([withheld], DIFF) == []

"""relevance/subject_index.py: only the pairs of statements that could speak of one thing and differ are compared;
statements that claim the same are one claim."""

from __future__ import annotations

import pytest

from doc_context.relevance.statements import statement
from doc_context.relevance.subject_index import candidate_pairs, claims

# (two sentences, whether they are a candidate pair)
PAIRS = [
    ("Refunds older than 30 days need a supervisor's approval.", "Refunds older than 14 days need a supervisor.", True),
    ("A refund never exceeds the captured amount.", "A refund exceeds the captured amount.", True),  # a negation
    ("Refunds must be approved by a supervisor.", "Refunds may be approved by a supervisor.", True),  # two modals
    ("Refunds are approved by a supervisor.", "Refunds are approved by a supervisor quickly.", False),  # no claim
    ("Refunds older than 30 days need approval.", "Exchanges are accepted for 60 days.", False),  # other words
    ("Refunds older than 30 days need approval.", "Refund approval takes 30 minutes at most.", True),  # both time
    ("Refunds older than 30 days need approval.", "Refunds older than €30 need approval.", False),  # other kinds
]  # fmt: skip


@pytest.mark.parametrize(("a", "b", "candidate"), PAIRS)
def test_a_pair_is_compared_when_it_could_differ_and_shares_words(a: str, b: str, candidate: bool) -> None:
    assert candidate_pairs([statement(a), statement(b)], ["page 1", "work item 2"]) == ([(0, 1)] if candidate else [])


def test_sentences_of_one_document_are_never_a_pair() -> None:
    said = [statement("Refunds older than 30 days need approval."), statement("Refunds older than 14 days need it.")]
    assert candidate_pairs(said, ["page 1", "page 1"]) == []


def test_what_many_pages_repeat_is_one_claim_compared_once() -> None:
    """40 pages repeating a rule (the case of benchmarks/roundtrips.py, whose summaries took seconds when every
    pair was compared) are one claim; a criterion stating another value is a second."""
    rule = "Refunds older than 30 days need a supervisor's approval."
    said = [statement(rule) for _ in range(40)] + [statement(rule.replace("30", "14"))]
    of, members, together = claims(said, [f"page {n}" for n in range(40)] + ["work item 1"])
    assert of == [0] * 40 + [1] and [len(m) for m in members] == [40, 1]
    assert together[1] == "work item 1" and together[0] != together[1]  # claim 0: its pages, never one document
    assert candidate_pairs([said[0], said[40]], together) == [(0, 1)]

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


def _corpus() -> tuple[list[str], list[str]]:
    """Every sentence of the disagreements benchmark's cases (their pages' lines and their stories' criteria), each
    with its document: sentences written to disagree, and many that only share words."""
    import json
    import re
    from pathlib import Path

    sentences: list[str] = []
    documents: list[str] = []
    for case in sorted((Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "disagreements").glob("*.json")):
        data = json.loads(case.read_text(encoding="utf-8"))
        for line in data["page"]["text"].splitlines():
            for sentence in re.split(r"(?<=[.!?])\s+", line.strip("-*# ")):
                if sentence:
                    sentences.append(sentence)
                    documents.append(f"{case.stem} page")
        for n, criterion in enumerate(data["story"]["criteria"]):
            sentences.append(criterion)
            documents.append(f"{case.stem} criterion {n}")
    return sentences, documents


def test_the_index_misses_no_pair_that_every_pair_compared_would_find() -> None:
    """The index is an economy, never a filter: over some hundred and thirty sentences, every pair of two
    documents that speaks of one thing and could differ (what comparing every pair finds) is a candidate."""
    from doc_context.relevance.statements import same_subject
    from doc_context.relevance.subject_index import _could_differ, dimensions

    sentences, documents = _corpus()
    said = [statement(s) for s in sentences]
    every = {
        (i, j)
        for i in range(len(said))
        for j in range(i + 1, len(said))
        if documents[i] != documents[j]
        and same_subject(said[i], said[j])
        and _could_differ(said[i], said[j], dimensions(said[i]), dimensions(said[j]))
    }
    found = set(candidate_pairs(said, documents))
    assert len(said) > 100 and len(every) > 20  # the corpus holds pairs to find
    assert every <= found
    assert len(found) < len(said) * (len(said) - 1) // 4  # and the index still leaves most pairs aside

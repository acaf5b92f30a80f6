"""The disagreement benchmark's labelled set (benchmarks/data/disagreements/) keeps its shape: enough pull
requests in enough languages, every kind of difference and every pair of sources, a held-out quarter, and labels
that are the page's own words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "disagreements"
CASES = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(DATA.glob("*.json"))}
KINDS = {"number", "unit", "negation", "modal", "named value"}
SOURCES = {"page", "criterion", "diff"}


def test_enough_pull_requests_in_enough_languages_a_quarter_held_out() -> None:
    assert len(CASES) >= 12
    assert len({c["language"] for c in CASES.values()}) >= 4
    held = [n for n, c in CASES.items() if c.get("held_out")]
    assert len(held) == len(CASES) // 4


def test_every_kind_and_every_pair_of_sources_and_agreeing_cases() -> None:
    labels = [d for c in CASES.values() for d in c["disagreements"]]
    assert {d["kind"] for d in labels} == KINDS
    pairs = {frozenset(p) for d in labels for p in ((a, b) for a in d["between"] for b in d["between"] if a != b)}
    assert pairs == {frozenset(p) for p in (("page", "criterion"), ("page", "diff"), ("criterion", "diff"))}
    assert any(not c["disagreements"] for c in CASES.values())  # pull requests where everything agrees
    assert sum(len(c["decoys"]) for c in CASES.values()) >= len(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_case(name: str) -> None:
    case = CASES[name]
    assert set(case) >= {"language", "story", "page", "diff", "disagreements", "agreeing", "decoys"}
    assert case["story"]["criteria"] and case["page"]["title"] and case["diff"]
    text = " ".join(case["page"]["text"].split())
    for label in case["disagreements"]:
        assert label["kind"] in KINDS and set(label["between"]) <= SOURCES and len(label["between"]) >= 2
        assert len(label["values"]) >= 2
    for passage in (*(a["text"] for a in case["agreeing"]), *case["decoys"]):
        assert " ".join(passage.split()) in text, passage  # the page's own words

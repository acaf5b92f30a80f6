"""A term in most sections of a page is the page's topic and tells none of them apart (issue 36), save in the section
that introduces it: the first section holding it, neither an aside (motivation, rejected ideas) nor the page retold
(its abstract), defines it ("The lock file is named `pylock.toml`..."); the sections after it only use it. The same
page in markdown and as a reStructuredText proposal (a PEP's shape)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.terms import ChangeTerms, text_terms
from doc_context.relevance.words import parts
from doc_context.summary.passage_kinds import page_topic
from doc_context.summary.passage_weights import held_terms, weigh
from doc_context.summary.passages import passages
from doc_context.text.wikimd import wiki_to_markdown

SECTIONS = [
    ("Abstract", "This proposal specifies `pylock.toml`, a file recording what to install."),
    ("Motivation", "Tools write `pylock.toml` files of their own shapes today."),
    ("Specification", "The lock file is named `pylock.toml` and sits beside the project's configuration."),
    ("Locking", "Lockers write `pylock.toml` once a resolve succeeds."),
    ("Installing", "Installers read `pylock.toml` from top to bottom."),
    ("Hashes", "Each package `pylock.toml` lists keeps the hashes of its files."),
    ("Security", "An installer trusts no `pylock.toml` from an unknown source."),
    ("Backwards Compatibility", "No installer reads `pylock.toml` before this proposal."),
    ("How to Teach This", "Users learn that `pylock.toml` replaces hand-written requirements."),
    ("Rejected Ideas", "Naming the file `pylock.toml` was chosen over a bare name."),
]
DIFF = "diff --git a/lock.py b/lock.py\n--- a/lock.py\n+++ b/lock.py\n@@ -1,0 +1,1 @@\n+NAME = 'pylock.toml'\n"
FILLER = ["apples", "birch", "cobalt", "dunes", "embers", "fjords", "granite", "harbors"]


def _page(restructured: bool) -> str:
    out = []
    for n, (title, text) in enumerate(SECTIONS):
        fill = [f"The {word} of part {n} are described in chapter {word} {n}." for word in FILLER]
        body = "\n\n".join([text, *fill])
        if restructured:
            out.append(f"{title}\n{'=' * len(title)}\n\n{body.replace('`', '``')}\n")
        else:
            out.append(f"## {title}\n\n{body}\n")
    return "\n".join(out)


@pytest.mark.parametrize("restructured", [False, True], ids=["markdown", "restructuredtext-pep"])
def test_a_topic_term_weighs_only_in_the_section_introducing_it(restructured: bool) -> None:
    text = wiki_to_markdown(_page(restructured)).text
    change = change_terms(Change(parse_diff(DIFF)), within=[text])
    found = passages(text)
    terms = [text_terms(p.plain) for p in found]
    where = [(0, p.section) for p in found]
    introduces = [not (p.aside or p.retells) for p in found]
    scores = weigh(terms, change, where, held_terms(terms, change), introduces)
    weighing = [p.section for p, s in zip(found, scores, strict=True) if s > 0]
    assert weighing == ["Specification"]  # failing before: [] (the page's topic everywhere)
    assert not any(weigh(terms, change, where, held_terms(terms, change)))  # no passage may introduce: topic


def test_a_page_of_few_sections_has_no_topic() -> None:
    text = "## Specification\n\nThe file is named `pylock.toml`.\n\n## Installing\n\nInstallers read `pylock.toml`."
    change = change_terms(Change(parse_diff(DIFF)), within=[text])
    found = passages(text)
    terms = [text_terms(p.plain) for p in found]
    scores = weigh(terms, change, [(0, p.section) for p in found], None, [True, True])
    assert scores[0] == scores[1] > 0


@pytest.mark.parametrize("restructured", [False, True], ids=["markdown", "restructuredtext-pep"])
def test_a_criterions_topic_words_count_only_in_the_section_introducing_them(restructured: bool) -> None:
    text = wiki_to_markdown(_page(restructured)).text
    found = passages(text)
    terms = [text_terms(p.plain) for p in found]
    where = [(0, p.section) for p in found]
    introduces = [not (p.aside or p.retells) for p in found]
    asked = ChangeTerms(asked=[frozenset(parts("Every pylock.toml file is checked."))])  # no term: its words alone
    scores = weigh(terms, asked, where, None, introduces)
    assert [p.section for p, s in zip(found, scores, strict=True) if s > 0] == ["Specification"]  # before: []


@pytest.mark.parametrize(
    ("held", "introduces", "expected"),
    [
        ([{"t"}] * 8, [True] * 8, [set()] + [{"t"}] * 7),  # the first section introduces it
        ([{"t"}] * 8, [False, True, *[True] * 6], [{"t"}, set(), *[{"t"}] * 6]),  # an aside or an abstract does not
        ([{"t"}] * 8, [], [{"t"}] * 8),  # nothing may introduce: the page's topic everywhere
        ([{"t"}] * 3 + [set()] * 5, [True] * 8, [set()] * 8),  # in 3 of 8 sections: no topic
    ],
    ids=["first", "after-an-aside", "none-may", "no-topic"],
)
def test_which_passages_hold_a_term_as_their_pages_topic(
    held: list[set[str]], introduces: list[bool], expected: list[set[str]]
) -> None:
    where = [(0, f"Section {n}") for n in range(8)]
    topic = page_topic(held, where, introduces)
    assert [topic[i] for i in range(8)] == expected


# Specifications repeat a subsection's name under different parents (Format, Syntax, Example): the section
# introducing the term is the first by its place on the page, not every section bearing its heading.
NESTED = [
    (2, "Abstract", "This proposal specifies `pylock.toml`, a file recording what to install."),
    (2, "Lockers", "What a locker does."),
    (3, "Format", "The lock file is named `pylock.toml` and sits beside the project's configuration."),
    (3, "Resolving", "Lockers write `pylock.toml` once a resolve succeeds."),
    (2, "Installers", "What an installer does."),
    (3, "Reading", "Installers read `pylock.toml` from top to bottom."),
    (3, "Format", "An installer shows `pylock.toml` entries it skips in its log."),
    (3, "Hashes", "Each package `pylock.toml` lists keeps the hashes of its files."),
    (2, "Security", "An installer trusts no `pylock.toml` from an unknown source."),
    (2, "Backwards Compatibility", "No installer reads `pylock.toml` before this proposal."),
]


@pytest.mark.parametrize("restructured", [False, True], ids=["markdown", "restructuredtext-pep"])
def test_a_later_section_of_the_same_name_only_uses_the_term(restructured: bool) -> None:
    out = []
    for n, (level, title, text) in enumerate(NESTED):
        body = "\n\n".join([text, *(f"The {word} of part {n} are described in chapter {word} {n}." for word in FILLER)])
        if restructured:
            out.append(f"{title}\n{'=-'[level - 2] * len(title)}\n\n{body.replace('`', '``')}\n")
        else:
            out.append(f"{'#' * level} {title}\n\n{body}\n")
    text = wiki_to_markdown("\n".join(out)).text
    change = change_terms(Change(parse_diff(DIFF)), within=[text])
    found = passages(text)
    terms = [text_terms(p.plain) for p in found]
    introduces = [not (p.aside or p.retells) for p in found]
    scores = weigh(terms, change, [(0, p.section) for p in found], held_terms(terms, change), introduces)
    weighing = [p.plain.replace("``", "`") for p, s in zip(found, scores, strict=True) if s > 0]
    assert weighing == [NESTED[2][2]]  # failing before: the installers' Format too (keyed by its heading's text)

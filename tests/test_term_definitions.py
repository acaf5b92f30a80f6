"""A term in most sections of a page is the page's topic and tells none of them apart (issue 36), save in the section
that introduces it: the first section holding it, neither an aside (motivation, rejected ideas) nor the page retold
(its abstract), defines it ("The lock file is named `pylock.toml`..."); the sections after it only use it. The same
page in markdown and as a reStructuredText proposal (a PEP's shape)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms, text_terms
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

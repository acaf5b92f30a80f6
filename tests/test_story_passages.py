"""The story's own sentences as a second query on long specifications (issue 36): a passage the change speaks to
and one of the story's sentences says is what the change implements; the story alone matches nothing, and a short
page ranks by the change alone."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.words import parts
from doc_context.summary.passage_weights import story_match
from doc_context.summary.passages import said_sentences
from doc_context.summary.quotes import weigh_pages, with_story

FILLER = [
    f"Topic {word} is described in its own chapter of the handbook."
    for word in (
        "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec "
        "romeo sierra tango uniform victor whiskey xray yankee zulu amber coral denim ember flint garnet hazel ivory "
        "jade khaki lilac mauve navy olive pearl"
    ).split()
]
AUDIT = "Every call of `release_hold` is written to the audit trail for the nightly report."
RULE = "A `release_hold` frees the payment when the gateway sends no reply within thirty seconds."
CRITERION = "A payment waiting on a silent gateway is let go after half a minute."
CHANGE = "diff --git a/hold.py b/hold.py\n--- a/hold.py\n+++ b/hold.py\n@@ -1,0 +1,1 @@\n+def release_hold(): ...\n"


def words(*texts: str) -> list[frozenset[str]]:
    return [frozenset(parts(text)) for text in texts]


@pytest.mark.parametrize(
    ("texts", "sentence", "expected"),
    [
        (["gateway reply seconds", "gateway audit", "audit report"], "gateway reply seconds", [1.0, 0.0, 0.0]),
        (["gateway reply", "gateway audit", "audit report"], "gateway reply thirty", "first"),  # thirty: nowhere
        (["gateway", "audit"], "gateway reply", [0.0, 0.0]),  # one word is no sentence
    ],
    ids=["whole-sentence", "most-of-it", "one-word"],
)
def test_story_match_is_the_share_of_a_sentence_a_passage_says(
    texts: list[str], sentence: str, expected: list[float] | str
) -> None:
    found = story_match(words(*texts), [(0, "")] * len(texts), words(sentence))
    if expected == "first":
        assert 0.0 < found[0] < 1.0
        assert found[1:] == [0.0, 0.0]
    else:
        assert found == pytest.approx(expected)


def best(page: list[str], criterion: str) -> str:
    """The page's best passage: the quote that stays when the comment yields."""
    texts = [("\n\n".join(page), "Payment holds")]
    terms = change_terms(Change(parse_diff(CHANGE)), [criterion], within=[texts[0][0]])
    quoted = weigh_pages(texts, terms, said_sentences([], [("criterion 1", criterion)]))[0]
    assert quoted.matched  # on a long page the other, naming only `release_hold` again, is not quoted (speaks.novel)
    return quoted.matched[0].plain


@pytest.mark.parametrize(
    ("page", "first"),
    [
        ([AUDIT, RULE, *FILLER], RULE),  # long page: the passage the story says, wherever it stands
        ([RULE, AUDIT, *FILLER], RULE),
        ([AUDIT, RULE, *FILLER[:10]], AUDIT),  # a short page: the change alone, the page's order
    ],
    ids=["long-story-second", "long-story-first", "short-page"],
)
def test_the_passage_the_story_says_comes_first_on_a_long_page(page: list[str], first: str) -> None:
    assert best(page, CRITERION) == first


@pytest.mark.parametrize(
    ("weighed", "lifts", "expected"),
    [
        ([0.5, 0.0], [True, True], [1.5, 0.0]),  # the change speaks to the first: it gains all the sentence says
        ([0.0, 0.0], [True, True], [0.0, 0.0]),  # the story alone matches nothing
        ([0.5, 0.0], [False, False], [0.5, 0.0]),  # a short page's passage stating nothing built: the change alone
    ],
    ids=["both", "story-alone", "short-page"],
)
def test_a_passage_gains_the_story_only_where_the_change_speaks_to_it(
    weighed: list[float], lifts: list[bool], expected: list[float]
) -> None:
    plain = ["gateway reply seconds", "gateway reply seconds"]
    said = said_sentences([], [("criterion 1", "gateway reply seconds")])
    assert with_story(weighed, plain, [(0, ""), (0, "")], said, lifts) == pytest.approx(expected)

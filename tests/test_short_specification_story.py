"""The story lifts a short specification's rules too (issue 36). A story paraphrases the specification its change
implements, so on a long page a passage the change speaks to gains what it says of one of the story's sentences
(quotes.with_story). A short specification (under speaks.LONG passages: a Go proposal of 33, PEP 643 of 38) got
nothing: its rule, said in prose the change writes a few words of ("report", "declared version"), matched under a
match and the page showed its lead. A passage of a section stating what is built (passage_kinds.specifies) gains
the story's share on a page of any length; a short page's Backwards Compatibility or Rationale does not (its words
are the rule's, said about something else).
"""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.passages import said_sentences
from doc_context.summary.quotes import weigh_pages
from doc_context.text.storage import storage_to_markdown

from .diffs import changed
from .test_one_word_features import STYLES, spec

CHECKS = (
    "Version checks",
    "A checker warns about code that needs a newer release than its module declares, as this page proposes.",
    (
        (
            "Specification",
            "We propose a new analysis to report each call to a library function newer than the declared version.",
        ),
        ("Configuration", "The `go_version` line of the module file is the version each call is checked against."),
        (
            "Backwards Compatibility",
            "A module with no declared version is checked against the newest release:"
            " each call newer than it is reported.",
        ),
    ),
)
RETRIES = (
    "Request retries",
    "A client sends a failed request again after a pause, as this page proposes.",
    (("Specification", "A client MUST wait before it sends a failed request again, longer each time."),),
)
LINES = (
    "def check_call(call, go_version):",
    "    # report a call newer than the declared version",
    "    if call.added_in > go_version:",
    '        report(call, f"needs {call.added_in} or later")',
)
SAID = "The checker reports a call to a library function newer than the declared version."


def page(style: str, title: str, lead: str, sections: tuple[tuple[str, str], ...]) -> tuple[str, str]:
    """A short specification: its lead, ten sections in the domain's words, then its own."""
    text = spec(style, title, lead, sections, shared=10)
    return (storage_to_markdown(text).text if style == "storage" else text), title


@pytest.mark.parametrize("style", STYLES)
def test_the_story_lifts_a_short_specifications_rule(style: str) -> None:
    """The rule the change implements is quoted, its Backwards Compatibility not, and the related page shows its lead
    (failing before: the rule matched under a match, and the page showed its lead)."""
    pages = [page(style, *CHECKS), page(style, *RETRIES)]
    terms = change_terms(Change(parse_diff(changed("checks/versions.py", *LINES))), within=[t for t, _ in pages])
    implemented, related = weigh_pages(pages, terms, said_sentences([], [("criterion 1", SAID)]))
    assert [p.section for p in implemented.matched] == ["Specification", "Configuration"]
    assert not related.matched

"""A specifying section's opening weighs strictly below the section's best match (review 5, findings 2 and 8 of
5d66e2c): one name the change writes finds one rule, so a section matched by one identifier lifts no opening (it
once tied at MATCH and came first, in page order); and a paragraph introducing a list ("The following rules
apply to every request:") is the list's lead-in, which lifts nothing, as a list's first item does. The same page in
markdown, reStructuredText (a PEP's shape) and Confluence storage."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.quotes import weigh_pages
from doc_context.text.storage import storage_to_markdown
from doc_context.text.wikimd import wiki_to_markdown

TITLE = "Request bodies"
ABSTRACT = "This page says how the client sends request bodies to the server."
OPENING = "The client compresses large request bodies before it sends them to the server."
DETAIL = "A body over one kilobyte is compressed with `gzip_body` before it is sent."
INTRO = "The following rules apply to every request:"
RULES = [
    "Requests without a body are sent as they are.",
    "A body over `GZIP_MIN_BYTES` is compressed with `gzip_body` before it is sent.",
    "Responses are never compressed.",
]
WHY = "Bodies are large on slow links."


def _rst(title: str, mark: str) -> str:
    return f"{title}\n{mark * len(title)}\n"


def markdown(section: list[str], items: list[str]) -> str:
    listed = "\n".join(f"- {item}" for item in items)
    body = "\n\n".join([*section, listed] if items else section)
    return f"# {TITLE}\n\n## Abstract\n\n{ABSTRACT}\n\n## Specification\n\n{body}\n\n## Rationale\n\n{WHY}\n"


def rst(section: list[str], items: list[str]) -> str:
    listed = "\n".join(f"* {item}" for item in items)
    body = "\n\n".join([*section, listed] if items else section).replace("`", "``")
    return (
        f"PEP: 9999\nTitle: {TITLE}\nStatus: Draft\n\n{_rst('Abstract', '=')}\n{ABSTRACT}\n\n"
        f"{_rst('Specification', '=')}\n{body}\n\n{_rst('Rationale', '=')}\n{WHY}\n"
    )


def storage(section: list[str], items: list[str]) -> str:
    def html(text: str) -> str:
        parts = text.split("`")
        return "".join(f"<code>{p}</code>" if n % 2 else p for n, p in enumerate(parts))

    listed = f"<ul>{''.join(f'<li>{html(item)}</li>' for item in items)}</ul>" if items else ""
    body = "".join(f"<p>{html(s)}</p>" for s in section) + listed
    return (
        f"<h1>{TITLE}</h1><h2>Abstract</h2><p>{ABSTRACT}</p><h2>Specification</h2>{body}<h2>Rationale</h2><p>{WHY}</p>"
    )


def shown(page: str, change: str) -> list[str]:
    terms = change_terms(Change(parse_diff(change)), within=[page])
    return [" ".join(p.plain.replace("``", "`").split()) for p in weigh_pages([(page, TITLE)], terms)[0].matched]


def diff(*lines: str) -> str:
    head = "diff --git a/src/client.py b/src/client.py\n--- a/src/client.py\n+++ b/src/client.py\n"
    return head + f"@@ -1,0 +1,{len(lines)} @@\n" + "".join(f"+{line}\n" for line in lines)


STYLES = {
    "markdown": lambda section, items: wiki_to_markdown(markdown(section, items)).text,
    "restructuredtext": lambda section, items: wiki_to_markdown(rst(section, items)).text,
    "storage": lambda section, items: storage_to_markdown(storage(section, items)).text,
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_section_one_name_matches_lifts_no_opening(style: str) -> None:
    page = STYLES[style]([OPENING, DETAIL], [])
    assert shown(page, diff("def gzip_body(body):", "    return gzip.compress(body)")) == [DETAIL]


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_lists_lead_in_lifts_nothing(style: str) -> None:
    page = STYLES[style]([INTRO], RULES)
    change = diff("GZIP_MIN_BYTES = 1024", "def gzip_body(body):", "    return gzip.compress(body)")
    assert shown(page, change) == [RULES[1]]  # the rule naming both; neither the lead-in nor the first rule

"""A hyphenated compound in prose is a word, not a name (issue 36): "read-only", "non-empty", "opt-in" are English
adjectives every specification of a domain may write, so a related page saying its exports are "read-only" is not
spoken to because the change writes `read_only` (summary/speaks.py). A page names such words as code when it writes
them as code somewhere (a code span, `readOnly`, `read_only`, `export.read-only`): then its prose says the name too.

Two long specifications of one domain (45 sections in its words each), written as markdown, as reStructuredText and
as Confluence stores them; the change in Python and in TypeScript.
"""

from __future__ import annotations

import itertools
import string

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.quotes import weigh_pages
from doc_context.summary.speaks import page_names

from .diffs import changed
from .test_one_word_features import STYLES, page

RETENTION = (
    "Archive retention",
    "An archive keeps its records for a set time, as this page specifies.",
    (
        ("Specification", "Each archive keeps a record for `retention_days` days after it is written, then drops it."),
        ("Rejected Ideas", "Keeping every record forever was rejected: archives grow without bound."),
    ),
)
EXPORTS = (
    "Archive exports",
    "An archive can be copied out for auditors, as this page says.",
    (
        ("Specification", "A published export is read-only: no record of it changes once auditors have it."),
        ("Rejected Ideas", "Exports that auditors may edit were rejected: nobody could trust them."),
    ),
)
CODE = {
    "python": (
        "archive/expiry.py",
        (
            "def expire(archive, retention_days, read_only=False):",
            "    if read_only:",
            "        raise ArchiveLocked(archive.name)",
            "    return archive.older_than(retention_days)",
        ),
    ),
    "typescript": (
        "src/archive/expiry.ts",
        (
            "export function expire(archive: Archive, retentionDays: number, readOnly = false): Archive {",
            "  if (readOnly) throw new ArchiveLocked(archive.name);",
            "  return archive.olderThan(retentionDays);",
            "}",
        ),
    ),
}


@pytest.mark.parametrize("language", list(CODE))
@pytest.mark.parametrize("style", STYLES)
def test_a_related_page_saying_a_compound_in_prose_shows_its_lead_only(style: str, language: str) -> None:
    """The retention page speaks; the exports page, whose "read-only" the change writes as `read_only`, shows its
    lead (failing before: one name each, written on one line and two, both pages spoke)."""
    pages = [page(style, *RETENTION), page(style, *EXPORTS)]
    path, lines = CODE[language]
    terms = change_terms(Change(parse_diff(changed(path, *lines))), within=[text for text, _ in pages])
    retention, exports = weigh_pages(pages, terms)
    assert [p.section for p in retention.matched][:1] == ["Specification"]
    assert not exports.matched and "as this page says" in exports.text


@pytest.mark.parametrize("style", STYLES)
def test_a_page_writing_the_compound_as_code_names_it_in_prose_too(style: str) -> None:
    """The control: the exports page writes the flag as code in a section of its own, so its prose names it."""
    flag = ("Format", "Each export carries a `read_only` flag set to true.")
    exports = (EXPORTS[0], EXPORTS[1], (*EXPORTS[2], flag))
    pages = [page(style, *RETENTION), page(style, *exports)]
    path, lines = CODE["python"]
    terms = change_terms(Change(parse_diff(changed(path, *lines))), within=[text for text, _ in pages])
    retention, exported = weigh_pages(pages, terms)
    assert retention.matched and exported.matched


@pytest.mark.parametrize(
    ("texts", "named"),
    [
        (["The export is read-only."], [False]),
        (["The export is Read-only for auditors."], [False]),
        (["The export is `read-only`."], [True]),
        (["Set `read_only`.", "The export is read-only."], [True, True]),
        (["Set `readOnly`.", "The export is read-only."], [True, True]),
        (["Set `export.read-only`.", "The export is read-only."], [False, True]),  # the first names the longer key
        (["Set `--read-only`.", "The export is read-only."], [True, True]),
        (["The export is read-only.", "Set readOnly on it."], [True, True]),
        (["The export is read-only, not read-write.", "Set `read_write`."], [False, False]),
    ],
    ids=["prose", "capitalised", "code-span", "snake", "camel", "dotted", "flag", "identifier", "another-compound"],
)
def test_a_prose_compound_is_a_name_when_its_page_writes_it_as_code(texts: list[str], named: list[bool]) -> None:
    where = [(0, "Specification")] * len(texts)
    assert [("read", "only") in found for found in page_names(texts, where)] == named


def test_a_compound_written_as_code_by_another_page_is_not_this_pages_name() -> None:
    found = page_names(["The export is read-only.", "Set `read_only`."], [(0, "Specification"), (1, "Format")])
    assert [("read", "only") in names for names in found] == [False, True]


def test_a_reference_page_of_thousands_of_sections_reads_each_sections_names() -> None:
    """Each prose compound is one lookup among the runs of the page's code names, not a scan of all of them: on a page
    of 4,000 sections, each writing an option as code and its mode in prose, the option and a run of it are names, its
    mode none (its cost, 1,000 -> 4,000 sections, is benchmarks/page_names_scale.py's: 8.8 -> 88.6 s when every
    compound was compared with every name)."""
    words = ["".join(p) for p in itertools.product(string.ascii_lowercase, repeat=3)][:4_000]
    texts = [f"Set `opt_{w}_value` when the {w}-mode applies, not the {w}-value." for w in words]
    found = page_names(texts, [(0, "Options reference")] * len(texts))
    assert len(found[0]) == 2  # its option and "aaa-value", a run of it; "aaa-mode" is no name

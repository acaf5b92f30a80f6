"""A specification the change cites by its number (issue 36): a document series names each specification by an
acronym and a number its title starts with ("PEP 691: ...", "RFC 3923: ...", "KEP-3104: ..."), and code implementing
one cites it so, in a comment, a docstring, a name or a link. Of the cited pages named so, the one the change cites
is what it implements; one it does not cite is background, however many of its names the change passes along
(relevance/citations.py, summary/speaks.py).

The implemented page names `keep_unknown_keys`, which the change defines; the related page names `default_factory`,
which the change passes along on one line: before, both spoke, each naming a name of the change. Each page is long
(45 sections in the domain's words), in markdown and in reStructuredText; the change in Python, Go and TypeScript.
"""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.citations import identifier
from doc_context.summary.passages import said_sentences
from doc_context.summary.quotes import weigh_pages

from .diffs import changed

Section = tuple[str, str]


def spec(rst: bool, title: str, lead: str, sections: tuple[Section, ...]) -> tuple[str, str]:
    """A long specification: its lead, the domain's sections (every page of it says `record_schema`), its own."""
    body = [("Abstract", lead), ("Motivation", "Each library marked these cases its own way until now.")]
    body += [(f"Part {n}", f"Readers load the `record_schema` of a message, case {n}.") for n in range(45)]
    body += list(sections)
    if rst:
        head = f"{'=' * len(title)}\n{title}\n{'=' * len(title)}\n\n"
        return head + "".join(f"{h}\n{'-' * len(h)}\n\n{t.replace('`', '``')}\n\n" for h, t in body), title
    return f"# {title}\n\n" + "".join(f"## {h}\n\n{t}\n\n" for h, t in body), title


def implemented(title: str, rst: bool) -> tuple[str, str]:
    return spec(
        rst,
        title,
        "A record keeps the keys a reader does not know, as this page specifies.",
        (
            ("Specification", "A reader calls `keep_unknown_keys` to keep unknown keys in order and write them back."),
            ("Rejected Ideas", "Dropping unknown keys was rejected: a round trip would lose data."),
        ),
    )


def related(title: str, rst: bool) -> tuple[str, str]:
    return spec(
        rst,
        title,
        "A field can compute its default when a record is built, as this page says.",
        (
            ("Specification", "The `default_factory` of a field is called once for each record that leaves it out."),
            ("Rejected Ideas", "A shared mutable default was rejected: every record would share it."),
        ),
    )


# The change's code keeps unknown keys and passes a field's default along; it cites what it implements.
CODE = {
    "python": (
        "records/fields.py",
        ["def keep_unknown_keys(record, known):", "    unknown = {k: v for k, v in record.items() if k not in known}",
         "    return Field(default_factory=factory, extra=unknown)"],
    ),
    "go": (
        "records/fields.go",
        ["func keepUnknownKeys(record Record, known Keys) Record {", "\tunknown := record.Without(known)",
         "\treturn NewField(Field{DefaultFactory: factory, Extra: unknown})", "}"],
    ),
    "typescript": (
        "src/records/fields.ts",
        ["export function keepUnknownKeys(record: Rec, known: Keys): Rec {",
         "  const unknown = record.without(known);", "  return new Field({ defaultFactory: factory, extra: unknown });",
         "}"],
    ),
}  # fmt: skip
COMMENT = {"python": "# {}", "go": "// {}", "typescript": "// {}"}


def shown(language: str, cite: str | None, rst: bool = False, titles: tuple[str, str] = ("", "")) -> tuple[str, ...]:
    """What each page quotes (its quotes' sections, or its text when none) for the change citing `cite`."""
    first, second = titles[0] or "RFC 9412: Unknown record keys", titles[1] or "RFC 9307: Field defaults"
    pages = [implemented(first, rst), related(second, rst)]
    path, lines = CODE[language]
    cited = [COMMENT[language].format(cite)] if cite else []
    terms = change_terms(Change(parse_diff(changed(path, *cited, *lines))), within=[t for page in pages for t in page])
    return tuple(",".join(p.section for p in q.matched) or q.text for q in weigh_pages(pages, terms))


@pytest.mark.parametrize("rst", [False, True])
@pytest.mark.parametrize("language", sorted(CODE))
@pytest.mark.parametrize(
    "cite",
    [
        "Unknown keys are kept as RFC 9412 says.",
        "See rfc-9412 section 3.",
        "https://example.org/rfc9412.txt",
        "Unknown keys are kept as :rfc:`9412` says.",  # reStructuredText's role
    ],
)
def test_the_page_the_change_cites_by_its_number_speaks_and_the_other_does_not(
    language: str, rst: bool, cite: str
) -> None:
    """Failing before: the related page spoke on `default_factory` beside the implemented one."""
    before = shown(language, None, rst)
    assert before[0].startswith("Specification") and before[1].startswith("Specification")  # what the citation changes
    implemented_quotes, related_quotes = shown(language, cite, rst)
    assert implemented_quotes.startswith("Specification")
    assert "as this page says" in related_quotes and "default_factory" not in related_quotes


@pytest.mark.parametrize(
    "cite",
    [
        "Unknown keys are kept as PEP 9412 says.",  # another series' number
        "Unknown keys are kept, see section 9412.",  # a number alone
        "Unknown keys are kept as RFC 94120 says.",  # another number that starts the same
    ],
)
def test_another_series_a_bare_number_or_a_longer_one_cites_no_page(cite: str) -> None:
    implemented_quotes, related_quotes = shown("python", cite)
    assert implemented_quotes.startswith("Specification") and related_quotes.startswith("Specification")


def test_the_page_cited_is_the_one_kept_whichever_it_is() -> None:
    """The change cites the related page's number: that one speaks, the other is background."""
    implemented_quotes, related_quotes = shown("python", "Defaults are called as RFC 9307 says.")
    assert "as this page specifies" in implemented_quotes and related_quotes.startswith("Specification")


# Code names a standard it USES by the standard's number glued into a name: that cites nothing (review 12, F3)
USES = {
    "go": ("records/stamp.go", "\tstamp := time.Now().UTC().Format(time.RFC3339)"),
    "python": ("records/stamp.py", "    digest = hashlib.sha256(payload).hexdigest()  # RFC3339 stamps beside it"),
    "typescript": ("src/records/stamp.ts", "  const stamp = new Date().toISOString(); // RFC3339, UTC"),
}


@pytest.mark.parametrize("language", sorted(USES))
def test_a_standard_used_by_a_name_glued_of_its_number_cites_nothing(language: str) -> None:
    """Failing before: `time.RFC3339` cited "RFC 3339: ...", and the page the change implements was dropped."""
    pages = [implemented("RFC 9412: Unknown record keys", False), related("RFC 3339: Date and Time", False)]
    path, lines = CODE[language]
    use_path, use = USES[language]
    diff = changed(path, *lines) + changed(use_path, use)
    terms = change_terms(Change(parse_diff(diff)), within=[t for page in pages for t in page])
    assert not terms.cites
    assert weigh_pages(pages, terms)[0].matched[0].section == "Specification"


GLOSSED = {  # a comment naming the standard its file uses by a qualified name (review 12 F3's residual)
    "go": ("records/stamp.go", "\tstamp := time.Now().UTC().Format(time.RFC3339) // RFC 3339, UTC"),
    "python": ("records/stamp.py", "    stamp = moment.strftime(formats.RFC3339)  # RFC 3339, in UTC"),
    "java": ("src/main/java/records/Stamp.java", "        // RFC 1123 dates, as HTTP writes them"
             "\n        String stamp = DateTimeFormatter.RFC_1123_DATE_TIME.format(now);"),
}  # fmt: skip


@pytest.mark.parametrize("language", sorted(GLOSSED))
def test_a_comment_on_a_standard_its_file_uses_by_name_cites_nothing(language: str) -> None:
    """Failing before: the comment cited "RFC 3339: ...", and with no story the page implemented was dropped."""
    use_path, use = GLOSSED[language]
    number = "1123" if language == "java" else "3339"
    pages = [implemented("RFC 9412: Unknown record keys", False), related(f"RFC {number}: Date and Time", False)]
    path, lines = CODE["python"]
    diff = changed(path, *lines) + changed(use_path, *use.split("\n"))
    terms = change_terms(Change(parse_diff(diff)), within=[t for page in pages for t in page])
    assert not terms.cites
    assert weigh_pages(pages, terms)[0].matched[0].section == "Specification"


def test_a_comment_citing_what_its_file_defines_still_cites() -> None:
    """A name glued of the number that the change defines (`ParseRFC3339`) is the standard implemented, no use."""
    pages = [implemented("RFC 9412: Unknown record keys", False), related("RFC 3339: Date and Time", False)]
    lines = ["// ParseRFC3339 reads a timestamp as RFC 3339 says.", "func ParseRFC3339(text string) (Time, error) {"]
    terms = change_terms(Change(parse_diff(changed("stamp/parse.go", *lines))), within=[t for p in pages for t in p])
    assert terms.cites == {("rfc", "3339")}


def test_a_related_page_cited_in_passing_leaves_the_page_the_story_says() -> None:
    """The change implements what the story says (keeping unknown keys) and its comment cites the related page in
    passing: the story and the names decide, as when nothing is cited (failing before: the implemented page,
    uncited, showed its lead alone). Without a story, the citation decides."""
    pages = [implemented("RFC 9412: Unknown record keys", False), related("RFC 9307: Field defaults", False)]
    path, lines = CODE["python"]
    diff = changed(path, "# The default_factory stays as RFC 9307 says.", *lines)
    terms = change_terms(Change(parse_diff(diff)), within=[t for page in pages for t in page])
    assert terms.cites == {("rfc", "9307")}
    story = said_sentences([], [("criterion 1", "A reader keeps the unknown keys of a record in order.")])
    assert weigh_pages(pages, terms, story)[0].matched[0].section == "Specification"
    assert "as this page specifies" in weigh_pages(pages, terms)[0].text


def test_a_citation_only_a_test_writes_or_the_change_carries_says_nothing() -> None:
    pages = [implemented("RFC 9412: Unknown record keys", False), related("RFC 9307: Field defaults", False)]
    path, lines = CODE["python"]
    within = [t for page in pages for t in page]
    in_test = changed("tests/test_fields.py", "# RFC 9412") + changed(path, *lines)
    carried = changed(path, "# RFC 9412: keep them", *lines, deleted=("# RFC 9412: drop them",))
    for diff in (in_test, carried):
        assert not change_terms(Change(parse_diff(diff)), within=within).cites


def test_a_page_with_no_number_in_its_title_is_never_background_for_a_citation() -> None:
    """A team's page (no series' number in its title) beside a cited specification still speaks on its names."""
    _, related_quotes = shown("python", "RFC 9412", titles=("RFC 9412: Unknown record keys", "Field defaults"))
    assert related_quotes.startswith("Specification")


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("PEP 691: JSON-based Simple API", ("pep", "691")),
        ("KEP-3104: Introduce kuberc", ("kep", "3104")),
        ("RFC 3923: cargo min publish age", ("rfc", "3923")),
        ("NEP 56 — Array API standard support", ("nep", "56")),
        ("ADR-0012 Use one queue", ("adr", "12")),  # a zero-padded number is a document's
        ("Field defaults", None),
        ("SHA-256 digests of every file", None),
        ("SHA-256 Checksums", None),  # title case, as Confluence titles often are: an algorithm, no series
        ("UTF-8 Everywhere", None),
        ("EC2 Instances", None),
        ("AES 256 Encryption at Rest", None),
        ("HTTP/2 push", None),
        ("Q3 2025 roadmap", None),
        ("OAuth 2 for the registry", None),
        ("HTTP2", None),  # a protocol's or a product's version glued to its name (review 12 F3's residual)
        ("OAUTH2: tokens", None),
        ("RFC9412: Unknown record keys", ("rfc", "9412")),  # a document's number of three digits or more, glued
    ],
)
def test_a_title_names_its_specification_by_an_acronym_and_a_number(title: str, expected: tuple[str, str]) -> None:
    assert identifier(title) == expected

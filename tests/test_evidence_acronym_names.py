"""Issue 32's "read each language's names", a type led by an acronym (session 18, data18's seventh batch: commons-csv's
"CSVPrinter now uses an internal lock instead of synchronized methods", written bare): `CSVPrinter`, `JSONParser`,
`XMLHttpRequest` are one name, as `CsvPrinter` is, not the phrase "csv printer" (relevance/token_terms.code_like). A
plural acronym (`APIs`) or a product's one-word name (`SQLite`, `OAuth`) stays prose."""

from __future__ import annotations

import pytest

from doc_context.relevance.token_terms import code_like
from tests.diffs import changed
from tests.evidence_paths import evidence


def everywhere(path: str) -> list[str]:
    """Other changed files beside the name's, in its folder: the repository's acronym (commons-csv's "csv") is in every
    path, so the name's words alone say nothing."""
    folder, ext = path.rsplit("/", 1)[0], path.rsplit(".", 1)[1]
    return [changed(f"{folder}/Part{n}.{ext}", f"    int count{n} = {n};") for n in range(6)]


NAMES = [  # (language, the name written bare, its file, the changed line using it)
    ("Java", "CSVPrinter", "src/main/java/org/acme/csv/CSVPrinter.java", "        flushQuietly(out);"),
    ("C#", "CSVReader", "src/Acme.Csv/CSVReader.cs", "        FlushQuietly(writer);"),
    ("TypeScript", "CSVParser", "src/csv/CSVParser.ts", "    this.flushQuietly(out);"),
    ("Go", "CSVWriter", "csv/csv_writer.go", "\tw.flushQuietly()"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "name", "path", "line"), NAMES, ids=[n[0] for n in NAMES])
def test_a_type_led_by_an_acronym_is_one_name(language, name, path, line) -> None:
    criterion = f"{name} now uses an internal lock instead of synchronized methods."
    assert evidence(criterion, changed(path, line), *everywhere(path)) == [f"/{path}"], language


@pytest.mark.parametrize("word", ["APIs", "URLs", "SQLite", "OAuth", "PDFium"])
def test_a_plural_acronym_or_a_products_name_stays_prose(word) -> None:
    assert code_like(word) is None


def test_the_name_keeps_its_words() -> None:
    term = code_like("CSVPrinter")
    assert term is not None and term.named and term.parts == ("csv", "printer")

"""Issue 32's recall, seventh session: an exception type a changelog names as the bug it fixes ("`NullPointerException`
when skipping empty lines") is the symptom, not code the fix writes: a term where the diff writes it, never code the
evidence must show (relevance/language.symptom)."""

from __future__ import annotations

import pytest

from doc_context.relevance.language import symptom
from tests.diffs import changed as diff
from tests.evidence_paths import evidence

SYMPTOMS = [  # (language, the exception, path, the fix's line: the criterion's other terms, not the exception)
    (
        "Java",
        "ArrayIndexOutOfBoundsException",
        "src/main/java/org/acme/csv/CsvReader.java",
        "        if (skipEmptyLines && row.isBlank()) { continue; }",
    ),
    ("Python", "IndexError", "src/acme/csv/reader.py", "        if self.skip_empty_lines and not row.strip():"),
    (
        "C#",
        "IndexOutOfRangeException",
        "src/Acme.Csv/CsvReader.cs",
        "            if (SkipEmptyLines && string.IsNullOrWhiteSpace(row)) continue;",
    ),
    (
        "TypeScript",
        "RangeError",
        "packages/csv/src/reader.ts",
        "    if (options.skipEmptyLines && row.trim() === '') continue;",
    ),
    ("Ruby", "NoMethodError", "lib/acme/csv/reader.rb", "      next if skip_empty_lines && row.strip.empty?"),
]


@pytest.mark.parametrize(("language", "exception", "path", "line"), SYMPTOMS, ids=[s[0] for s in SYMPTOMS])
def test_an_exception_named_as_the_bug_is_no_code_the_evidence_must_show(language, exception, path, line) -> None:
    criterion = f"Fixed `{exception}` when skipping empty lines."
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


def test_an_exception_alone_makes_no_evidence() -> None:
    """The symptom is still a term: a file must carry what sets the criterion apart."""
    found = diff("src/main/java/org/acme/csv/CsvReader.java", "        this.delimiter = delimiter;")
    assert evidence("Fixed `ArrayIndexOutOfBoundsException` when skipping empty lines.", found) == []


def test_a_file_writing_the_exception_still_shows_it() -> None:
    thrower = diff(
        "src/main/java/org/acme/Archiver.java", '        throw new ArchiveException("Truncated archive entry");'
    )
    assert evidence("Throw `ArchiveException` for a truncated archive entry.", thrower) == [
        "/src/main/java/org/acme/Archiver.java"
    ]


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("NullPointerException", True),
        ("ValueError", True),
        ("System.InvalidOperationException", True),
        ("ErrorHandler", False),
        ("Exception", False),  # a language's base type, no symptom of its own
        ("handleError", False),
        ("ERROR", False),
    ],
)
def test_symptom(label, expected) -> None:
    assert symptom(label) is expected

"""Issue 32's recall, ninth session: a hyphenated compound of prose with a stop word in it, each of its words of three
letters or more ("write-only", "opt-out"), is one name, however the code joins it: `writeOnly`, `IsOptOut`,
`write_only`, `WRITE_ONLY`, "write-only". Apart, its words are one at most (only and out are stop words), so it was no
term at all; "dry-run", whose words both count, already was one; "read-only" is C#'s and TypeScript's `readonly`, a
language word."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.criterion_terms import criterion_terms
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")


def evidence(criterion: str, *files: str) -> list[str]:
    found = EvidenceFinder(parse_diff("".join(files))).find(criterion, siblings=SIBLINGS, work_item=SIBLINGS)
    return [f.path for f in found.files]


JOINED = [  # (language, criterion, file, the one added line, writing the compound as code does)
    ("TypeScript", "Mark write-only fields in the docs.", "src/docs.ts", "  if (field.writeOnly) {"),
    ("Go", "Add support for write-only attributes.", "schema.go", '\tWriteOnly bool `json:"wo"`'),
    ("C#", "Respect the opt-out header of requests.", "src/Tracking.cs", "        if (request.IsOptOut) return;"),
    ("Java", "Honour write-only properties.", "src/main/java/org/acme/Props.java", "        if (p.isWriteOnly()) {"),
    ("Python", "Skip write-only fields in dumps.", "acme/dump.py", "    if field.write_only:"),
    ("Python", "Sessions may opt-out of tracking.", "acme/tracking.py", "TRACKING_OPT_OUT = 'x'"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), JOINED, ids=[f"{j[0]}: {j[1]}" for j in JOINED])
def test_a_hyphenated_compound_meets_the_code_joining_it(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


@pytest.mark.parametrize(
    ("criterion", "path", "line"),
    [
        ("Add write-only arguments.", "src/args.ts", "  rewriteOnly(args);"),  # inside another piece: no
        ("Add write-only arguments.", "src/args.ts", "  write(onlyArgs);"),  # across identifiers: no
        ("Make logging opt-in.", "acme/log.py", "    opt_in = True"),  # opt-in, a piece of two letters: prose
    ],
)
def test_a_compound_is_read_whole(criterion: str, path: str, line: str) -> None:
    assert evidence(criterion, diff(path, line)) == []


def test_a_compound_of_long_words_stays_an_identifier() -> None:
    (term,) = [t for t in criterion_terms("Add a dry-run option.").terms if t.kind == "ident"]
    assert term.parts == ("dry", "run")

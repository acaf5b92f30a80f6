"""A syntax the change's code writes in its strings (issue 36, session 15): a specification writes its syntax as code
made of symbols alone (a block's marker ``#>>``, an operator ``~=``), and a change implementing it holds that syntax
in a string: its parser's pattern (`re.compile(r"^#>> (\\w+)$")`), its token table. Words never meet such a span, so
of two rules the change matches alike, the one writing the syntax the change's strings hold comes first. The same
page in markdown, reStructuredText and Confluence storage; the change in Python, Go and TypeScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.syntax import spans
from doc_context.summary.quotes import weigh_pages

from .diffs import added
from .spec_page import IDS, readers

TITLE = "Receipt notes"
OPENS = "A receipt's `note_block` lists each `note_kind` the shop adds, whatever the till prints."
MARKS = "A `note_block` MUST start with a line `#>>` and a `note_kind`, and end with a line `#>>` alone."
RULES = [
    OPENS,
    MARKS,
    "A shop MAY print a receipt without any note, when the customer asks for none.",
    "The total of a receipt counts every line the till printed, notes aside.",
]
LEAD = "This page says how a shop adds notes to the receipts its tills print."


READERS = readers(TITLE, LEAD, RULES, pep=9996)
PARSERS = {
    "shop/notes.py": ["NOTE_BLOCK = re.compile(r'^#>> (?P<note_kind>\\w+)$(?P<body>.*?)^#>>$', re.M | re.S)",
                      "def note_block(text):", "    return NOTE_BLOCK.search(text)"],
    "notes/parse.go": ["var noteBlock = regexp.MustCompile(`(?ms)^#>> (\\w+)$(.*?)^#>>$`)",
                       "func NoteBlock(text string) []string { return noteBlock.FindStringSubmatch(text) }"],
    "src/notes.ts": ['const NOTE_BLOCK = new RegExp("^#>> (\\\\w+)$([\\\\s\\\\S]*?)^#>>$", "m");',
                     "export function noteBlock(text: string, noteKind: string) { return NOTE_BLOCK.exec(text); }"],
}  # fmt: skip
QUIET = ["def note_block(text, note_kind):", "    return text.split(note_kind)  # the #>> marker's line"]


def first_quoted(page: str, path: str, lines: list[str]) -> str:
    terms = change_terms(Change(parse_diff(added(path, *lines))), within=[page])
    return weigh_pages([(page, TITLE)], terms)[0].matched[0].plain.replace("``", "`")


@pytest.mark.parametrize("read", READERS, ids=IDS)
@pytest.mark.parametrize("path", sorted(PARSERS))
def test_the_rule_writing_the_syntax_the_changes_strings_hold_comes_first(read: Callable[[], str], path: str) -> None:
    assert first_quoted(read(), path, PARSERS[path]) == MARKS  # failing before: the first rule on the page


@pytest.mark.parametrize("read", READERS, ids=IDS)
def test_a_change_writing_the_syntax_in_no_string_reads_the_page_in_order(read: Callable[[], str]) -> None:
    assert first_quoted(read(), "shop/notes.py", QUIET) == OPENS  # a comment's marker is no string


@pytest.mark.parametrize(
    ("text", "syntax"),
    [
        ("Blocks start with ``# /// TYPE`` and end with ``# ///``.", {"# ///"}),  # a placeholder's letters: no syntax
        ("The compatible release operator ``~=`` and the exclusion ``!=``.", {"~=", "!="}),
        ("A `#>>` line opens it.", {"#>>"}),
        # a run of one symbol is a dunder's, a path's, a glob's, an equality's as much
        ("Separated by a ``__``, a ``..`` or ``**``; compared with ``==``.", set()),
        ("The ``closed`` parameter and ``NAME = Sentinel()``.", set()),  # words
    ],
)
def test_the_syntax_a_page_writes_as_code(text: str, syntax: set[str]) -> None:
    assert spans(text) == syntax


PAGE = (
    "# Scripts\n\n## Abstract\n\nThis page says how a script declares the packages it needs and the versions of "
    "Python it runs on, in a block of comments at its top.\n\n## Specification\n\n"
    "A block opens with ``# /// script`` and closes with ``# ///``; a version clause uses ``~=``.\n"
)


@pytest.mark.parametrize(
    ("path", "line", "held"),
    [
        ("src/meta.py", "BLOCK = re.compile(r'(?m)^# /// (?P<type>[a-z]+)$')", {"# ///"}),  # a prefixed string
        ("src/meta.py", 'OPERATORS = {"~=": compatible, "==": equal}', {"~="}),
        ("meta/parse.go", "var block = regexp.MustCompile(`^# /// (\\w+)$`)", {"# ///"}),  # Go's raw string
        ("src/meta.ts", 'const CLOSE = "# ///";', {"# ///"}),
        ("src/meta.py", "version = spec.split()  # split at ~= first", set()),  # a comment's
        ("tests/test_meta.py", "SCRIPT = '# /// script'", set()),  # a test's
        ("docs/meta.md", 'Write `"# ///"` to close the block.', set()),  # a document's
        ("pyproject.toml", 'marker = "# ///"', set()),  # a setting's
        ("src/meta.py", "if a ~= b: pass", set()),  # code using an operator holds it in no string
    ],
)
def test_the_syntax_the_changes_strings_hold(path: str, line: str, held: set[str]) -> None:
    terms = change_terms(Change(parse_diff(added(path, line))), within=[PAGE])
    assert terms.syntax == held


def test_an_operator_the_change_names_as_a_token_weighs_once() -> None:
    page = "# Walrus\n\n## Abstract\n\nThis page adds the ``:=`` operator, an assignment expression.\n"
    line = 'OPERATORS = {":=": "COLONEQUAL", "->": "RARROW"}'
    terms = change_terms(Change(parse_diff(added("grammar/tokens.py", line))), within=[page])
    assert terms.tokens and not terms.syntax  # relevance/code_tokens.py's token already

"""Issue 32's known false positive of a wrapped expression: a line a formatter starts with an operator (`+`, `?`, `:`,
`??`, `?:`, `|>`, `and`, `or`, as `.`, `&&` and `||`) continues the line above, in every language that wraps so. Read
as its own line, it was a block under the line it continues, claimed by the neighbour whose code that line writes
(summary/evidence_claims.logical)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doc_context.change.index import FileWords
from doc_context.change.unified import parse_diff
from doc_context.summary.evidence_claims import logical
from tests.diffs import changed
from tests.evidence_paths import evidence

PASS = "Pass `{name}` through to the cookie jar."
WRITE = "Add `{name}` to write a cookie's header."
NAMES = {  # (this criterion's name, the neighbour's call), as each language's files write them
    ".cs": ("Partitioned", "SetCookieHeader"),
    ".ex": ("partitioned", "set_cookie_header"),
    ".pm": ("partitioned", "set_cookie_header"),
}
WRAPPED = [  # (language, path, the expression as a formatter wraps it, its lines)
    ("TypeScript ??", "src/cookies.ts", ("  const h = setCookieHeader(n, v)", "    ?? defaultHeader(partitioned);")),
    ("TypeScript ternary", "src/cookies.ts", ("const h = setCookieHeader(n, v)", "  ? flag(partitioned)", "  : null;")),
    ("Java +", "src/acme/Cookies.java", ("    String h = setCookieHeader(n, v)", "      + flag(partitioned);")),
    (
        "C# ternary",
        "src/Cookies/Writer.cs",
        ("var h = SetCookieHeader(n, v) is null", "  ? null", "  : Flag(Partitioned);"),
    ),
    ("Kotlin ?:", "src/acme/Cookies.kt", ("    val h = setCookieHeader(n, v)", "      ?: flag(partitioned)")),
    ("Elixir |>", "lib/acme/cookies.ex", ("    h = set_cookie_header(n, v)", "      |> with_flag(partitioned)")),
    ("Perl or", "lib/Acme/Cookies.pm", ("    my $h = set_cookie_header($n, $v)", "      or flag($partitioned);")),
]
READINGS = [  # (how the change is read, whose evidence is asked, the lines as the diff writes them)
    ("on one line", "this", lambda lines: [" ".join(line.strip() for line in lines)]),
    ("wrapped", "this", list),
    ("wrapped, the neighbour's", "neighbour", list),
]


@pytest.mark.parametrize(("reading", "whose", "written"), READINGS, ids=[r[0] for r in READINGS])
@pytest.mark.parametrize(("language", "path", "lines"), WRAPPED, ids=[c[0] for c in WRAPPED])
def test_a_line_starting_with_an_operator_continues_the_line_above(
    reading: str, whose: str, written: Callable[[tuple[str, ...]], list[str]], language: str, path: str, lines: tuple
) -> None:
    """The wrapped expression keeps the evidence it keeps on one line: this criterion's name is written beside the
    neighbour's call, in the same expression, not in a block under it; the neighbour keeps its own evidence."""
    mine, theirs = NAMES.get(path[path.rindex(".") :], ("partitioned", "setCookieHeader"))
    criterion, sibling = PASS.format(name=mine), WRITE.format(name=theirs)
    asked, beside = (criterion, sibling) if whose == "this" else (sibling, criterion)
    assert evidence(asked, changed(path, *written(lines)), siblings=[beside]) == [f"/{path}"], f"{language}, {reading}"


@pytest.mark.parametrize(
    ("lines", "heads"),
    [
        (["total = subtotal", "  + shipping", "  + tax"], [0, 0, 0]),
        (["Widget::Widget(int size)", "    : size_(size)"], [0, 0]),  # C++'s member initializers
        (["value = cached", "  ?? load()"], [0, 0]),
        (["- first item", "- second item"], [0, 1]),  # a list's items
        (["* first item", "* second item"], [0, 1]),
        (["before_save :normalize", ":partitioned"], [0, 1]),  # a symbol, no operator
        (["count = 1", "order = build()", "android = True"], [0, 1, 2]),  # words beginning with and, or
    ],
)
def test_logical_lines(lines, heads) -> None:
    """Each line's logical line: an operator starting it continues the line above; a list's item, a symbol, or a
    word beginning with `and` or `or` starts a line of its own."""
    added = parse_diff(changed("src/a.txt", *lines)).files[0].added
    assert logical(FileWords(added)) == heads

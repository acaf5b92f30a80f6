"""Issue 32's known false positive: `//` opens a comment only in languages whose comments open with it. In those whose
comments open with `#` it is an operator (Python's floor division `total // size`, Perl's defined-or `$x // "..."`):
what follows it is code, never a comment's prose (relevance/listings.py, relevance/line_terms.py)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.listings import slashes_comment, without_addresses
from tests.diffs import changed

ADDRESS = "https://storage.example.com/v1/objects"
# (language, path, a line writing `//` before a string literal holding an address)
OPERATORS = [
    ("Python", "src/storage/buckets.py", f'    return BUCKETS[tenant_id // SHARD_SIZE] + "{ADDRESS}"'),
    ("Python stub", "src/storage/buckets.pyi", f'BASE: str = ROOTS[shard_id // 64] or "{ADDRESS}"'),
    ("Perl", "lib/Storage/Buckets.pm", f'my $base = $ENV{{STORAGE_URL}} // "{ADDRESS}";'),
]
# (language, path, a line whose `//` opens a comment holding an address)
COMMENTS = [
    ("TypeScript", "src/storage/buckets.ts", f"  return BUCKETS[shard]; // see {ADDRESS}"),
    ("Go", "storage/buckets.go", f"\treturn buckets[shard] // see {ADDRESS}"),
    ("C#", "src/Storage/Buckets.cs", f"        return Buckets[shard]; // see {ADDRESS}"),
    ("Java", "src/main/java/acme/Buckets.java", f"        return buckets[shard]; // see {ADDRESS}"),
]


@pytest.mark.parametrize(("language", "path", "line"), OPERATORS, ids=[o[0] for o in OPERATORS])
def test_an_operator_is_no_comment_marker(language, path, line) -> None:
    """The string literal after `//` keeps its address: the code's subject, as anywhere else in code."""
    assert not slashes_comment(path), language
    assert ADDRESS in without_addresses(line, slashes=slashes_comment(path)), language
    terms = change_terms(Change(parse_diff(changed(path, line))))
    assert ("string", (ADDRESS,)) in terms.weights, language


@pytest.mark.parametrize(("language", "path", "line"), COMMENTS, ids=[c[0] for c in COMMENTS])
def test_a_comment_marker_still_opens_a_comment(language, path, line) -> None:
    """Where `//` opens comments, the comment's address is where the line points: no term."""
    assert slashes_comment(path), language
    assert ADDRESS not in without_addresses(line, slashes=slashes_comment(path)), language


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("src/pages.py", "    pages_needed = total_items // page_size + header_rows"),
        ("lib/Pages.pm", "my $pages_needed = $total_items // $page_size + $header_rows;"),
    ],
)
def test_the_code_after_an_operator_is_no_comments_prose(path, line) -> None:
    """`page_size + header_rows` is code: no phrase runs from one name into the next ("size header")."""
    terms = change_terms(Change(parse_diff(changed(path, line))))
    assert ("phrase", ("siz", "header")) not in terms.weights
    assert ("ident", ("header", "row")) in terms.weights  # the name, whole

"""Two shapes of a changed line that change_terms reads by their place (relevance/listings.py): a line listing
names inside an export or import list (one of a module's many names: weighs as prose, borrowed) and not inside an
enum's or a call's brackets (the change's own code); an address in a comment (no term) and in a string literal
(the code's subject: its path is a page's term)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.terms import DIFF, LISTED
from doc_context.relevance.words import ident_parts

from .diffs import changed


@pytest.mark.parametrize(
    ("path", "lines", "name", "listed"),
    [
        # export and import lists, the opener added with them
        (
            "numpy/__init__.py",
            ("__all__ = [", "    isnan, isnat, isscalar, left_shift, less,", "]"),
            "left_shift",
            True,
        ),
        (
            "numpy/core/numerictypes.py",
            ("__all__ = [", "    'datetime_as_string', 'busday_offset', 'busday_count',", "]"),
            "busday_count",
            True,
        ),
        (
            "src/lib.rs",
            ("pub use ops::{", "    credential_process, credential_provider, left_shift,", "};"),
            "left_shift",
            True,
        ),
        ("src/index.ts", ("export {", "  isNan, isScalar, leftShift,", "} from './ops';"), "leftShift", True),
        ("src/index.ts", ("import type {", "  IsNan, IsScalar, LeftShift,", "} from './ops';"), "LeftShift", True),
        ("pkg/__init__.py", ("from .ops import (", "    isnan, isscalar, left_shift,", ")"), "left_shift", True),
        # an import line itself: borrowed, in full
        ("numpy/__init__.py", ("from numpy import (isnan, left_shift, less)",), "left_shift", False),
        # enum members: the change's own code
        (
            "src/main/java/org/example/SameSite.java",
            ("public enum SameSite {", "    STRICT, LAX, NONE_REQUIRES_SECURE;", "}"),
            "NONE_REQUIRES_SECURE",
            False,
        ),
        (
            "src/Http/SameSite.cs",
            ("public enum SameSite", "{", "    Strict, Lax, NoneRequiresSecure,", "}"),
            "NoneRequiresSecure",
            False,
        ),
        ("src/Http/SameSite.cs", ("    Strict, Lax, NoneRequiresSecure,",), "NoneRequiresSecure", False),
        # a formatted call's argument line
        (
            "aiohttp/web_response.py",
            ("        self._set_cookie(", "            response, cookie_jar, partitioned_cookie", "        )"),
            "partitioned_cookie",
            False,
        ),
        # a list of names below an export list that closed: not in it
        ("src/index.ts", ("export { isNan } from './ops';", "  isNan, isScalar, leftShift,"), "leftShift", False),
        # another run of added lines, under no opener
        (
            "pkg/__init__.py",
            ("__all__ = [", "    isnan,", "]", "@@ def f(", "    isnan, isscalar, left_shift,"),
            "left_shift",
            False,
        ),
        # the unchanged line a hunk sits under (git's funcname) is no opener: its unchanged lines are not kept, so
        # whether the brackets closed before the added lines cannot be told (git names an import that closed)
        (
            "aiohttp/web_response.py",
            ("@@ from .helpers import (", "_set_cookie(", "    response, cookie_jar, partitioned_cookie", ")"),
            "partitioned_cookie",
            False,
        ),
        (
            "aiohttp/web_response.py",
            ("@@ from .helpers import (", "    a, cookie_jar, partitioned_cookie"),
            "partitioned_cookie",
            False,
        ),
        (
            "pkg/ops.py",
            ("@@ __all__ = [", "    'isnan',", "@@ def f(", "    return g(", "        isnan, isscalar, left_shift,"),
            "left_shift",
            False,
        ),
        ("pkg/__init__.py", ("@@ __all__ = [", "    isnan, isscalar, left_shift,"), "left_shift", False),
        # lines that are no list of three names
        ("numpy/__init__.py", ("__all__ = [", "    left_shift(a, b), less(a, b), isnan(a)", "]"), "left_shift", False),
        ("numpy/__init__.py", ("__all__ = [", "    left_shift, less", "]"), "left_shift", False),
        ("numpy/__init__.py", ("__all__ = [", "left_shift, less, isnan = ops"), "left_shift", False),
    ],
)
def test_a_line_listing_names_is_one_of_a_modules_many_only_in_an_export_or_import_list(
    path: str, lines: tuple[str, ...], name: str, listed: bool
) -> None:
    found = change_terms(Change(parse_diff(_hunks(path, lines))), within=[f"the `{name}` function"])
    key = next(k for k in found.weights if k[0] == "ident" and "".join(k[1]) == _stems(name))
    assert (found.weights[key] == LISTED and key in found.borrowed) is listed
    assert (found.weights[key] == DIFF and key not in found.borrowed) is not listed


@pytest.mark.parametrize(
    ("path", "line", "kept"),
    [
        # a string literal's address: the code's subject, its path a term
        (
            "src/OtlpExporterOptions.cs",
            'internal const string DefaultHttpEndpoint = "http://localhost:4318/v1/traces";',
            True,
        ),
        ("opentelemetry/exporter.py", "DEFAULT_ENDPOINT = 'http://localhost:4318/v1/traces'  # the collector's", True),
        ("exporter/otlp.go", "const defaultEndpoint = `http://localhost:4318/v1/traces`", True),
        ("src/exporter.ts", "const url = fetch(`https://${host}:4318/v1/traces`);", True),
        # an address a comment, a doc comment or a docstring's prose points to: no term
        ("src/OtlpExporterOptions.cs", "/// Defaults to <https://localhost:4318/v1/traces>.", False),
        ("opentelemetry/exporter.py", "    # see https://opentelemetry.io/v1/traces for the signal", False),
        ("opentelemetry/exporter.py", "    Sends spans to https://localhost:4318/v1/traces by default.", False),
        ("src/exporter.ts", "send(spans); // https://localhost:4318/v1/traces", False),
        (
            "opentelemetry/exporter.py",
            '    """Sends spans to "https://localhost:4318/v1/traces"."""',
            False,
        ),  # a docstring
        (
            "docs/exporter.md",
            "Spans go to `http://localhost:4318/v1/traces` unless set.",
            False,
        ),  # a page's, as a page's
        ("src/Exporter.java", ' * {@link "https://localhost:4318/v1/traces"}', False),  # a comment line, quoted or not
        # an apostrophe in a trailing comment opens no string: the comment's address is no term
        (
            "opentelemetry/exporter.py",
            "    self._retries = 3  # don't send to http://localhost:4318/v1/traces (it's slow)",
            False,
        ),
        ("src/Exporter.cs", "    _retries = 3; // Don't send to http://localhost:4318/v1/traces, it's slow", False),
        ("src/exporter.ts", "  retries = 3; /* don't send to http://localhost:4318/v1/traces, it's slow */", False),
        ("opentelemetry/exporter.py", "    url = 'http://localhost:4318/v1/traces'  # don't, it's slow", True),
        (
            "opentelemetry/exporter.py",
            '    url = "http://localhost:4318/#/v1/traces"  # a quoted # is no comment',
            True,
        ),
    ],
)
def test_an_address_is_a_term_in_a_string_literal_only(path: str, line: str, kept: bool) -> None:
    page = "The exporter appends the signal path `v1/traces` to the base endpoint."
    found = change_terms(Change(parse_diff(changed(path, line))), within=[page])
    assert (("ident", ("v", "trac")) in found.weights) is kept


def _hunks(path: str, lines: tuple[str, ...]) -> str:
    """One file's diff: its lines added, a line "@@ text" starting a hunk at line 100 under git's funcname text."""
    head = f"diff --git a/{path} b/{path}\nindex 1111111..2222222 100644\n--- a/{path}\n+++ b/{path}\n"
    hunks: list[list[str]] = [[]]
    titles = [""]
    for line in lines:
        if line.startswith("@@ "):
            hunks.append([])
            titles.append(line[3:])
        else:
            hunks[-1].append(line)
    out = []
    for i, (title, hunk) in enumerate(zip(titles, hunks, strict=True)):
        if hunk:
            start = 1 if i == 0 else 100 * i
            out.append(f"@@ -{start},0 +{start},{len(hunk)} @@ {title}".rstrip())
            out += [f"+{line}" for line in hunk]
    return head + "\n".join(out) + "\n"


def _stems(name: str) -> str:
    return "".join(next(iter(ident_parts(f"`{name}`"))))

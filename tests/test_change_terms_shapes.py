"""Shapes of a changed line that change_terms reads by their place (relevance/listings.py): an address in a
comment (no term) and in a string literal (the code's subject: its path is a page's term)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms

from .diffs import changed


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
    ],
)
def test_an_address_is_a_term_in_a_string_literal_only(path: str, line: str, kept: bool) -> None:
    page = "The exporter appends the signal path `v1/traces` to the base endpoint."
    found = change_terms(Change(parse_diff(changed(path, line))), within=[page])
    assert (("ident", ("v", "trac")) in found.weights) is kept

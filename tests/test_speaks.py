"""Which cited pages the change speaks to, and which of their passages (issue 36): of two long specifications sharing
a domain's vocabulary, the one the change implements shows its passages and the related one its lead only; a name the
change only lists (an export list's line) or an address is no term that speaks for a page; a long page's passage
that matches only on what a better quote of it holds is not quoted."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.terms import LISTED, ChangeTerms, Key
from doc_context.summary.quotes import weigh_pages
from doc_context.summary.speaks import novel

from .diffs import changed


def spec(lead: str, special: str) -> str:
    """A long registry specification: its lead, 45 sections in the domain's words (both pages say them), and the
    section naming its own option."""
    shared = "".join(
        f"## Part {n}\n\nCargo reads the registry settings from `.cargo/config.toml`, case {n}.\n\n" for n in range(45)
    )
    return f"{lead}\n\n{shared}## Its option\n\n{special}\n"


AGE = spec(
    "Cargo can wait before it uses a newly published version, as this page says.",
    "The `registry.global-min-publish-age` option sets how old a version must be before the resolver picks it.",
)
PROVIDER = spec(
    "Cargo can ask a credential provider for a registry's token, as this page specifies.",
    "The `registry.credential-provider` option names the provider that gives cargo the token; the older "
    "`credential-process` runs a command instead.\n\nA package `git@github.com:mona/LinkedList.git` is resolved from "
    "its manifest, `Package.swift`, for the `swift-version` the client asks.",
)
RESOLVER = (
    'let age = gctx.get::<Option<String>>("registry.global-min-publish-age")?;',
    'let settings = read_config(".cargo/config.toml")?;',
)


def quotes_for(*lib: str) -> tuple[str, str]:
    diff = changed("src/cargo/core/resolver.rs", *RESOLVER) + changed("src/cargo/lib.rs", *lib)
    age, provider = weigh_pages([(AGE, "Minimum publish age"), (PROVIDER, "Credential providers")], terms(diff))
    return ("matched" if age.matched else age.text), ("matched" if provider.matched else provider.text)


def terms(diff: str) -> ChangeTerms:
    return change_terms(Change(parse_diff(diff)), within=[AGE, PROVIDER])


@pytest.mark.parametrize(
    ("lib", "provider_speaks"),
    [
        # the change's export list names the related page's option among others: the page shows its lead only
        (("pub use ops::{", "    credential_process, credential_provider, global_min_publish_age,", "};"), False),
        # an example response's links in a comment: addresses, no terms (as on a page)
        (
            (
                '/// Link: <https://github.com/mona/LinkedList>; rel="canonical",',
                '///   <https://packages.example.com/mona/LinkedList/Package.swift?swift-version=4>; rel="alternate"',
            ),
            False,
        ),
        # the control: the change's own code calls them, and the related page is spoken to
        (("let token = credential_provider(gctx).or_else(|_| credential_process(gctx))?;",), True),
    ],
)
def test_a_related_page_sharing_the_vocabulary_shows_its_lead_only(lib: tuple[str, ...], provider_speaks: bool) -> None:
    age, provider = quotes_for(*lib)
    assert age == "matched"  # the page the change implements
    if provider_speaks:
        assert provider == "matched"
    else:
        assert "as this page specifies" in provider and "credential-provider" not in provider  # its lead only


@pytest.mark.parametrize(
    ("line", "name", "listed"),
    [
        ("    isnan, isnat, isscalar, left_shift, less,", ("left", "shift"), True),
        ("    'datetime_as_string', 'busday_offset', 'busday_count',", ("busday", "count"), True),
        ("from numpy import (isnan, left_shift, less)", ("left", "shift"), False),  # an import: borrowed, in full
        ("    left_shift(a, b), less(a, b), isnan(a)", ("left", "shift"), False),  # calls, not a list of names
        ("left_shift, less, isnan = ops", ("left", "shift"), False),
        ("    left_shift, less", ("left", "shift"), False),  # two names: too few to be a module's list
    ],
)
def test_a_line_listing_three_names_or_more_gives_them_as_prose(line: str, name: tuple[str, ...], listed: bool) -> None:
    diff = changed("numpy/__init__.py", "__all__ = [", line)  # in an export list (tests/test_change_terms_shapes.py)
    found = change_terms(Change(parse_diff(diff)), within=["the `bitwise_left_shift` and `busday_count` functions"])
    key = ("ident", name)
    assert key in found.weights
    assert (found.weights[key] == LISTED and key in found.borrowed) is listed


A, B, C = ("ident", ("min", "age")), ("string", ("registry.global-min-publish-age",)), ("value", ("14", "d"))


@pytest.mark.parametrize(
    ("ranked", "size", "expected"),
    [
        ([{A, B}, {A}, {A, C}, set()], 40, [True, False, True, False]),  # a long page: each quote adds a term
        ([{A, B}, {A}, {B}], 200, [True, False, False]),
        ([{A}, {A}, {A}], 39, [True, True, True]),  # a short page: every matching passage is a rule of its own
        ([set(), {A}], 40, [True, True]),  # the best passage always
        ([], 40, []),
    ],
)
def test_a_long_pages_quote_adds_a_term_no_better_quote_holds(
    ranked: list[set[Key]], size: int, expected: list[bool]
) -> None:
    assert novel(ranked, size) == expected


def test_a_long_page_quotes_a_passage_repeating_a_better_ones_names_no_more() -> None:
    diff = changed("src/cargo/core/resolver.rs", *RESOLVER)
    again = "Key rotation keeps the `global-min-publish-age` a registry had when its old key is retired."
    page = AGE.replace("## Its option\n", f"## Key rotation\n\n{again}\n\n## Its option\n")
    found = weigh_pages([(page, "Minimum publish age")], terms(diff))[0]
    assert [p.section for p in found.matched] == ["Its option"]  # the rotation says part of the option's name again
    option = AGE.rsplit("\n\n", 1)[-1]
    short = weigh_pages([(f"## Rotation\n\n{again}\n\n## Option\n\n{option}", "Age")], terms(diff))[0]
    assert [p.section for p in short.matched] == ["Option", "Rotation"]  # the control: a short page's rules, each

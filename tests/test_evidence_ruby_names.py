"""Issue 32, session 16 (data15's class "Ruby's names in prose"): Ruby writes an instance method bare as `#name`
(ViewComponent's "Add `#content?` method") and a constant's path as `A::B` (ruby-jwt's "Fix JWT::EncodedToken behavior
with empty string as token", outside a code span). Both are named code, as `Type#name` and a backticked `A::B` already
were: `#content?` was the common word "content", weak; the unbackticked path read as the words "JWT encod token"
(relevance/token_terms.py). A predicate's mark is its name's (`content?` is not `content`); a C# or C preprocessor
directive (`#region`, `#if`), a comment and an issue number are no method."""

from __future__ import annotations

import pytest

from doc_context.relevance.names import spelled
from doc_context.relevance.token_terms import code_like, code_term
from tests.diffs import changed as diff
from tests.diffs import patch
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")
BASE = "lib/view_component/base.rb"
PREDICATE = patch(  # ViewComponent's change: the predicate beside the method it asks about
    BASE,
    "     def content",
    "       @__vc_content_evaluated = true",
    "     end",
    " ",
    "+    # Whether `content` has been passed to the component.",
    "+    #",
    "+    # @return [Boolean]",
    "+    def content?",
    "+      __vc_render_in_block_provided? || __vc_content_set_by_with_content_defined?",
    "+    end",
    "+",
    start=250,
)
ENCODED = patch(  # ruby-jwt's change: the fix inside the class's file, its name written nowhere
    "lib/jwt/encoded_token.rb",
    "     def parse_and_decode(segment)",
    "-      parse(::JWT::Base64.url_decode(segment))",
    "+      parse(::JWT::Base64.url_decode(segment || ''))",
    "     end",
    start=126,
)


@pytest.mark.parametrize(
    ("language", "criterion", "change", "path"),
    [
        ("Ruby", "Add `#content?` method that indicates if content has been passed to component.", PREDICATE, BASE),
        ("Ruby", "Fix JWT::EncodedToken behavior with empty string as token", ENCODED, "lib/jwt/encoded_token.rb"),
        (
            "Ruby",
            "`#call` returns the rendered template.",
            diff("app/components/card_component.rb", "  def call", "    view_context.safe_join(parts)", "  end"),
            "app/components/card_component.rb",
        ),
        (
            "Rust",
            "tokio::process now reaps orphans on drop.",
            diff(
                "tokio/src/process.rs",
                "        if let Some(child) = self.inner.take() {",
                "            queue.push(child);",
            ),
            "tokio/src/process.rs",
        ),
    ],
)
def test_a_ruby_name_in_prose_is_named_code(language: str, criterion: str, change: str, path: str) -> None:
    assert evidence(criterion, change, siblings=SIBLINGS) == [f"/{path}"], language


def test_a_predicate_is_written_with_its_mark() -> None:
    """`content` beside the predicate's name is another method; the predicate called (`if content?`) is it."""
    plain = diff("lib/view_component/slot.rb", "    def to_s", "      content = render_in(view_context)", "    end")
    assert evidence("Add `#content?` method.", plain, siblings=SIBLINGS) == []
    called = diff("app/components/content_predicate_component.rb", "    if content?", "      content")
    assert spelled("    if content?", "#content?")
    assert not spelled("      content = render_in(view_context)", "#content?")
    assert not spelled("    @content? ", "#content?")  # an instance variable's
    assert evidence("Add `#content?` method.", plain, called, siblings=SIBLINGS) != []


@pytest.mark.parametrize(
    ("language", "criterion", "change"),
    [
        (  # C#: a preprocessor directive names no method; `region` the variable is another thing
            "C#",
            "Remove the `#region` blocks from generated code.",
            diff("src/Acme/Geo/Locator.cs", "        var region = GetRegion(address);", "        return region;"),
        ),
        (  # Ruby: a comment writing the predicate is no code of it
            "Ruby",
            "Add `#content?` method.",
            diff(
                "lib/view_component/slot.rb",
                "    # content? tells whether a block was given",
                "    # @return [Boolean]",
            ),
        ),
        (  # TypeScript: an issue number is no method
            "TypeScript",
            "Fix regression from `#1234` in the parser.",
            diff("src/parser.ts", "export const n1234 = parse(source);"),
        ),
    ],
)
def test_a_lookalike_is_no_method(language: str, criterion: str, change: str) -> None:
    assert evidence(criterion, change, siblings=SIBLINGS) == [], language


def test_gitmoji_shortcodes_leave_the_criterion_its_evidence() -> None:
    """Review 16 F5: `:sparkles::rocket:` read as the path `sparkles::rocket`, named code the diff never writes, and the
    criterion lost the evidence its words have."""
    change = diff(
        "lib/ledger/export.rb", "    def faster_ledger_export(rows)", "      rows.each_slice(500).map { |s| export(s) }"
    )
    assert evidence(":sparkles: Faster ledger export", change, siblings=SIBLINGS) != []
    assert evidence(":sparkles::rocket: Faster ledger export", change, siblings=SIBLINGS) != []


@pytest.mark.parametrize(
    ("code", "kind", "named"),
    [
        ("#content?", "ident", True),
        ("#call", "ident", True),
        ("#deep_merge", "ident", True),
        ("#region", "quoted", False),
        ("#if", "quoted", False),
        ("#123", "quoted", False),
    ],
)
def test_a_bare_hash_name_read_alone(code: str, kind: str, named: bool) -> None:
    term = code_term(code)
    assert term is not None and (term.kind, term.named) == (kind, named), code


@pytest.mark.parametrize(
    ("token", "label"),
    [
        ("JWT::EncodedToken", "JWT::EncodedToken"),
        ("Rack::MediaType#params", "Rack::MediaType#params"),
        ("(ActiveSupport::Cache::Store)", "ActiveSupport::Cache::Store"),
        ("std::vector,", "std::vector"),
    ],
)
def test_a_namespaced_name_in_prose(token: str, label: str) -> None:
    term = code_like(token)
    assert term is not None and (term.kind, term.label, term.named) == ("ident", label, True), token


@pytest.mark.parametrize(
    "token", ["::1", "Foo::", "a::b", "12::30", "Note:", ":sparkles::rocket:", ":bug::lock:", ":Bug::Lock:."]
)  # gitmoji shortcodes side by side are no path (review 16 F5)
def test_no_namespaced_name(token: str) -> None:
    term = code_like(token)
    assert term is None or not term.named, token


@pytest.mark.parametrize(
    ("language", "path", "line"),
    [
        ("Ruby", "lib/acme/hooks.rb", "      handlers.each { |h| h.call(event) }"),
        ("Python", "acme/hooks.py", "        handler.call(event)"),
        ("TypeScript", "src/hooks.ts", "  handlers.forEach((h) => h.call(this, event));"),
    ],
)
def test_a_hook_every_object_has_meets_only_its_definition(language: str, path: str, line: str) -> None:
    """Review 16 F9: a bare `#call` (`#each`, `#initialize`) names every Ruby object's hook: any receiver's `.call(`
    met it alone; its definition, `def call`, is the method the criterion names."""
    criterion = "`#call` no longer raises when the ledger is empty"
    assert evidence(criterion, diff(path, line), siblings=SIBLINGS) == [], language
    own = diff("lib/acme/ledger_service.rb", "    def call", "      return [] if ledger.empty?")
    assert evidence(criterion, own, siblings=SIBLINGS) == ["/lib/acme/ledger_service.rb"], language

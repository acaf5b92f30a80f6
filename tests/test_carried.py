"""What a change carries rather than writes (relevance/carried.py, issue 36, seventh session): generic reproductions
in three languages and two document styles. A change adding a feature rewrites the lines around it (a constructor
gains an argument, every call passing the others is rewritten; a function moves): the names those lines held
before are not what it writes, and a page or a section naming only them is not one it speaks to."""

from __future__ import annotations

import re

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.carried import carried
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.terms import ChangeTerms, Key
from doc_context.relevance.words import ident_parts
from doc_context.summary.quotes import weigh_pages

from .diffs import changed
from .test_pages_speak import BACKOFF, BUDGET_RATE, long_spec


def ident(name: str) -> Key:
    return ("ident", tuple(ident_parts(name)[0]))


def terms_of(diff: str, pages: list[str]) -> tuple[Change, ChangeTerms]:
    change = Change(parse_diff(diff))
    return change, change_terms(change, within=pages)


# A dictionary type gains a `closed` flag: the constructor gains an argument, so each call passing the old ones is
# rewritten (the deleted line and the added one both hold `readonly_keys`), and new lines use `is_closed`.
GAINS_AN_ARGUMENT = {
    "python": (
        "checker/types.py",
        ["    typ = DictType(items, required_keys, readonly_keys, fallback)"],
        ["    typ = DictType(items, required_keys, readonly_keys, fallback, is_closed)",
         "    if typ.is_closed and key not in items:", "        report_extra_key(key)"],
    ),
    "typescript": (
        "src/checker/types.ts",
        ["  const typ = new DictType(items, requiredKeys, readonlyKeys, fallback);"],
        ["  const typ = new DictType(items, requiredKeys, readonlyKeys, fallback, isClosed);",
         "  if (typ.isClosed && !items.has(key)) {", "    reportExtraKey(key);", "  }"],
    ),
    "go": (
        "checker/types.go",
        ["\ttyp := NewDictType(items, requiredKeys, readonlyKeys, fallback)"],
        ["\ttyp := NewDictType(items, requiredKeys, readonlyKeys, fallback, isClosed)",
         "\tif typ.IsClosed && !items.Has(key) {", "\t\treportExtraKey(key)", "\t}"],
    ),
}  # fmt: skip
PAGE = (
    "The `required_keys` and `readonly_keys` of a dictionary type; a closed one (`is_closed`) reports each extra "
    "key (`report_extra_key`)."
)


@pytest.mark.parametrize("language", sorted(GAINS_AN_ARGUMENT))
def test_names_a_rewritten_line_held_before_are_carried(language: str) -> None:
    path, old, new = GAINS_AN_ARGUMENT[language]
    change, terms = terms_of(changed(path, *new, deleted=tuple(old)), [PAGE])
    found = carried(change, terms)
    assert ident("readonly_keys") in found and ident("required_keys") in found
    assert ident("is_closed") not in found and ident("report_extra_key") not in found


# A body the change rewrites: the same error is raised again, by new lines that do not keep the old ones (an
# error handler's call instead of a raise), and a name the change writes on more lines than before.
REWRITES_A_BODY = {
    "python": (
        "pkg/cursors.py",
        ["        raise NotSupportedError('backward scrolling')"],
        ["        self.errorhandler(self, NotSupportedError, 'backward scrolling')", "        self.skip_rows(value)"],
    ),
    "typescript": (
        "src/cursors.ts",
        ["    throw new NotSupportedError('backward scrolling');"],
        ["    this.errorHandler(this, NotSupportedError, 'backward scrolling');", "    this.skipRows(value);"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("language", sorted(REWRITES_A_BODY))
def test_a_name_a_rewritten_body_writes_again_is_not_carried(language: str) -> None:
    path, old, new = REWRITES_A_BODY[language]
    page = "A cursor that cannot scroll backward raises `NotSupportedError`; `skip_rows` skips ahead."
    change, terms = terms_of(changed(path, *new, deleted=tuple(old)), [page])
    assert ident("NotSupportedError") in terms.weights and ident("NotSupportedError") not in carried(change, terms)


def test_a_name_written_on_more_lines_than_before_is_not_carried() -> None:
    more = changed("pkg/run.py", "retry_policy = load(retry_limit)", "bucket = token_bucket(retry_policy)",
                   "wait = backoff(retry_policy)", deleted=("retry_policy = load()",))  # fmt: skip
    change, terms = terms_of(more, ["`retry_limit`, `retry_policy` and `token_bucket`"])
    assert ident("retry_policy") not in carried(change, terms)
    # the control: the one line keeping the deleted line whole carries it
    one = changed("pkg/run.py", "retry_policy = load(retry_limit)", "bucket = token_bucket(limit)",
                  deleted=("retry_policy = load()",))  # fmt: skip
    change, terms = terms_of(one, ["`retry_limit`, `retry_policy` and `token_bucket`"])
    assert ident("retry_policy") in carried(change, terms)
    # a deleted line copied twice (a `try` block doubled for a second parser) is kept by one copy: the other is new
    twice = changed("pkg/parse.py", "        except SyntaxError:", "        return parse_new(src)",
                    "        except SyntaxError:", deleted=("    except SyntaxError:",))  # fmt: skip
    change, terms = terms_of(twice, ["`SyntaxError` and `parse_new`"])
    assert ident("parse_new") in terms.weights and ident("SyntaxError") not in carried(change, terms)


# A sentence the change extends (a docstring's, a comment's, a documentation page's) restates the rule it quotes.
EXTENDS_A_SENTENCE = {
    "python docstring": ("pkg/checks.py", "    keyword argument or a default parameter value.",
                         "    keyword argument or a default parameter value, except with an annotation."),
    "typescript comment": ("src/checks.ts", "  // keyword argument or a default parameter value",
                           "  // keyword argument or a default parameter value, except with an annotation"),
    "markdown": ("docs/checks.md", "Use no spaces around a keyword argument or a default parameter value.",
                 "Use no spaces around a keyword argument or a default parameter value, unless annotated."),
}  # fmt: skip


@pytest.mark.parametrize("where", sorted(EXTENDS_A_SENTENCE))
def test_a_sentence_the_change_extends_is_not_carried(where: str) -> None:
    path, old, new = EXTENDS_A_SENTENCE[where]
    page = "Don't use spaces around the = sign to indicate a keyword argument or a default parameter value."
    diff = changed(path, new, deleted=(old,)) + changed("pkg/other.py", "check_annotated_default(line)")
    change, terms = terms_of(diff, [page + " `check_annotated_default`"])
    found = carried(change, terms)
    assert terms.weights and not {k for k in found if k[0] in ("phrase", "run")}


# A definition the change rewrites (its signature gains a parameter) is what it changes, in every language's way
# of defining; a call passing the same arguments again is not.
EDITS_A_DEFINITION = {
    "python": ("pkg/totals.py", "def cart_total(items):", "def cart_total(items, shipping_country):",
               "    rate = tax_rate_for(shipping_country)"),
    "typescript": ("src/totals.ts", "export function cartTotal(items: Item[]) {",
                   "export function cartTotal(items: Item[], shippingCountry: string) {",
                   "  const rate = taxRateFor(shippingCountry);"),
    "go": ("totals/totals.go", "func CartTotal(items []Item) Money {",
           "func CartTotal(items []Item, shippingCountry string) Money {", "\trate := TaxRateFor(shippingCountry)"),
    "csharp": ("src/Totals.cs", "    public decimal CartTotal(IList<Item> items)",
               "    public decimal CartTotal(IList<Item> items, string shippingCountry)",
               "        var rate = TaxRateFor(shippingCountry);"),
    # no keyword and no access modifier: a class method, a bound arrow function, Java's package-private method,
    # C#'s method private by default
    "typescript method": ("src/totals.ts", "  cartTotal(items: Item[]): number {",
                          "  cartTotal(items: Item[], shippingCountry: string): number {",
                          "    const rate = this.taxRateFor(shippingCountry);"),
    "typescript arrow": ("src/totals.ts", "export const cartTotal = (items: Item[]) =>",
                         "export const cartTotal = (items: Item[], shippingCountry: string) =>",
                         "  sum(items) * taxRateFor(shippingCountry);"),
    "java package-private": ("src/main/java/shop/Totals.java", "    BigDecimal cartTotal(List<Item> items) {",
                             "    BigDecimal cartTotal(List<Item> items, String shippingCountry) {",
                             "        var rate = taxRateFor(shippingCountry);"),
    "csharp no modifier": ("src/Totals.cs", "    decimal CartTotal(IList<Item> items)",
                           "    decimal CartTotal(IList<Item> items, string shippingCountry)",
                           "        => Sum(items) * TaxRateFor(shippingCountry);"),
}  # fmt: skip


_NAME = re.compile(r"cart_?total", re.IGNORECASE)


@pytest.mark.parametrize("language", sorted(EDITS_A_DEFINITION))
def test_a_definition_the_change_rewrites_is_not_carried(language: str) -> None:
    path, old, new, body = EDITS_A_DEFINITION[language]
    page = "The `cart_total` includes the `tax_rate_for` the `shipping_country`."
    change, terms = terms_of(changed(path, new, body, deleted=(old,)), [page])
    assert ident("cart_total") in terms.weights and ident("cart_total") not in carried(change, terms)
    # the control: a call passing the same arguments again carries the name it calls
    call = (_NAME.findall(old)[0], _NAME.findall(new)[0])
    change, terms = terms_of(
        changed(path, f"  total = {call[1]}(items)", body, deleted=(f"  total = {call[0]}(items)",)), [page]
    )
    assert ident("cart_total") in carried(change, terms)


def test_a_change_writing_nothing_new_carries_nothing() -> None:
    """A fix editing a line in place carries every name it has; those are still all it speaks of."""
    change, terms = terms_of(changed("pkg/run.py", "retry_limit = 5", deleted=("retry_limit = 3",)), ["`retry_limit`"])
    assert ident("retry_limit") in terms.weights and not carried(change, terms)


MD_PAGE = """# Typed dictionaries

## Closed dictionaries

A dictionary type declared closed (`is_closed`) accepts no other keys: the checker reports each extra key
with `report_extra_key`.

## Read-only keys

The `readonly_keys` of a dictionary type cannot be assigned or deleted.
"""
RST_PAGE = """Typed dictionaries
==================

Specification
-------------

A dictionary type declared closed (``is_closed``) accepts no other keys: the checker reports each extra key
with ``report_extra_key``.

Read-only keys
--------------

The ``readonly_keys`` of a dictionary type cannot be assigned or deleted.
"""


@pytest.mark.parametrize(("page", "written"), [(MD_PAGE, "Closed dictionaries"), (RST_PAGE, "Specification")])
@pytest.mark.parametrize("language", sorted(GAINS_AN_ARGUMENT))
def test_a_section_naming_only_carried_names_is_not_quoted(page: str, written: str, language: str) -> None:
    path, old, new = GAINS_AN_ARGUMENT[language]
    change, terms = terms_of(changed(path, *new, deleted=tuple(old)), [page])
    terms.carried = carried(change, terms)
    sections = [p.section for p in weigh_pages([(page, "Typed dictionaries")], terms)[0].matched]
    assert written in sections and "Read-only keys" not in sections
    # the control: written anew (no deleted line holds it), the read-only section is the change's too
    change, terms = terms_of(changed(path, *new), [page])
    terms.carried = carried(change, terms)
    assert "Read-only keys" in [p.section for p in weigh_pages([(page, "Typed dictionaries")], terms)[0].matched]


# Two long specifications of one domain (test_pages_speak.py's): the change writes the budget page's `earn_rate`
# and rewrites a line that held the backoff page's `max_backoff_seconds` (it gains a `floor`).
EARNS_AND_REWRITES = ("bucket = token_bucket(retry_policy, earn_rate=0.1)", "if bucket.spend():",
                      "    delay = min(delay * 2, max_backoff_seconds, floor)")  # fmt: skip
REWRITTEN = ("    delay = min(delay * 2, max_backoff_seconds)",)


@pytest.mark.parametrize("rst", [False, True])
def test_a_long_page_naming_only_what_the_change_carries_shows_its_lead_only(rst: bool) -> None:
    pages = [(long_spec(rst, *page), page[0]) for page in (BUDGET_RATE, BACKOFF)]
    diff = changed("client/retries.py", *EARNS_AND_REWRITES, deleted=REWRITTEN)
    change, terms = terms_of(diff, [text for text, _ in pages])
    terms.carried = carried(change, terms)
    budget, backoff = weigh_pages(pages, terms)
    assert [p.section for p in budget.matched][:1] == ["Specification"]
    assert not backoff.matched and "as this page says" in backoff.text  # its lead only
    # the control: the same line written anew, the backoff page's name is the change's and its page speaks
    change, terms = terms_of(changed("client/retries.py", *EARNS_AND_REWRITES), [text for text, _ in pages])
    terms.carried = carried(change, terms)
    assert weigh_pages(pages, terms)[1].matched

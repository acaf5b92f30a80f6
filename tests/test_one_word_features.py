"""One-word features (issue 36): a specification names its feature in one token written as code (`Sentinel`,
`closed=`, `:=`, `except*`), which no identifier of the change meets (a single word is never a term), so the page
it specifies was not spoken to, and a related page sharing the domain's words spoke instead. A token a cited page
writes alone as code and the change writes anew in its code is a term of its own (relevance/code_tokens.py).

Each page is a long specification (45 sections in the domain's words, a PEP's or a design document's shape), written
as markdown, as reStructuredText and as Confluence stores it; the story paraphrases the page the change implements.
"""

from __future__ import annotations

import re

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.code_tokens import key, page_tokens, written
from doc_context.relevance.language import comment_text
from doc_context.relevance.terms import ChangeTerms
from doc_context.summary.passages import said_sentences
from doc_context.summary.quotes import weigh_pages
from doc_context.text.storage import storage_to_markdown

from .diffs import added, changed, patch

STYLES = ("markdown", "rst", "storage")
Section = tuple[str, str]


def spec(style: str, title: str, lead: str, sections: tuple[Section, ...], shared: int = 45) -> str:
    """A long specification: its lead, the domain's sections (every page of the domain says `record_schema`), then
    its own sections; as written in `style`."""
    body = [("Abstract", lead), ("Motivation", "Each library marked these cases its own way until now.")]
    body += [(f"Part {n}", f"Readers load the `record_schema` of a message, case {n}.") for n in range(shared)]
    body += list(sections)
    if style == "storage":

        def code(text: str) -> str:
            return re.sub(r"`([^`]+)`", lambda m: f"<code>{m.group(1).replace('<', '&lt;')}</code>", text)

        return f"<h1>{title}</h1>" + "".join(f"<h2>{h}</h2><p>{code(t)}</p>" for h, t in body)
    if style == "rst":
        head = f"{'=' * len(title)}\n{title}\n{'=' * len(title)}\n\n"
        return head + "".join(f"{h}\n{'-' * len(h)}\n\n{t.replace('`', '``')}\n\n" for h, t in body)
    return f"# {title}\n\n" + "".join(f"## {h}\n\n{t}\n\n" for h, t in body)


def page(style: str, title: str, lead: str, sections: tuple[Section, ...]) -> tuple[str, str]:
    text = spec(style, title, lead, sections)
    return (storage_to_markdown(text).text if style == "storage" else text), title


# The related page: the same domain, its own feature (a compound name, `default_factory`) that the change only
# passes along on one of its lines.
DEFAULTS = (
    "Field defaults",
    "A field can compute its default when a record is built, as this page says.",
    (
        ("Specification", "The `default_factory` of a field is called once for each record that leaves it out."),
        ("Rejected Ideas", "A shared mutable default was rejected: every record would share it."),
    ),
)

# The page each change implements: its feature is one token written as code, and the story paraphrases the page.
FEATURES = {
    "Sentinel": (
        (
            "Missing-value markers",
            "A `Sentinel` tells a value left out from every value a caller may pass, as this page specifies.",
            (
                ("Specification", "A new `Sentinel` class is added: each instance is unique and equal to itself only."),
                ("Rejected Ideas", "Using a plain object was rejected: its representation says nothing."),
            ),
        ),
        (
            "class Sentinel:",
            "    def __init__(self, name):",
            "        self._name = name",
            'MISSING = Sentinel("MISSING")',
            "field = Field(default_factory=factory, default=MISSING)",
        ),
        "Libraries mark a value left out with a unique marker equal to itself only.",
    ),
    "closed=": (
        (
            "Closed records",
            "A record type can refuse keys it does not declare, as this page specifies.",
            (
                (
                    "Specification: the `closed=` argument",
                    "A record type declared with `closed=True` rejects the keys it does not declare.",
                ),
                ("Rejected Ideas", "A separate base class was rejected: it doubles every record type."),
            ),
        ),
        (
            'closed = options.pop("closed", False)',
            "if closed and undeclared:",
            "    raise KeyError(undeclared)",
            "field = Field(default_factory=factory)",
        ),
        "A record type can refuse the keys it does not declare.",
    ),
    ":=": (
        (
            "Assignment expressions",
            "The `:=` operator binds a name inside an expression, as this page specifies.",
            (
                ("Specification", "The `:=` operator binds a name to the value of an expression and yields the value."),
                ("Rejected Ideas", "Reusing the equals sign was rejected: it hides typos in conditions."),
            ),
        ),
        (
            'OPERATORS[":="] = "COLON_EQUAL"',
            "if leaf.type == COLON_EQUAL:",
            "    return wrap_in_parentheses(leaf)",
            "field = Field(default_factory=factory)",
        ),
        "A name can be bound to the value of an expression, inside the expression.",
    ),
    "except*": (
        (
            "Exception groups",
            "A handler can match the exceptions of a group one type at a time, as this page specifies.",
            (
                (
                    "Specification: `except*`",
                    "An `except*` clause matches the exceptions of a group whose type it names.",
                ),
                ("Rejected Ideas", "A plain except clause was rejected: it catches the whole group."),
            ),
        ),
        ('if keyword == "except*":', "    clause = star_clause(leaf)", "field = Field(default_factory=factory)"),
        "A handler matches the exceptions of a group one type at a time.",
    ),
}


def quotes(style: str, feature: str, lines: tuple[str, ...] | None = None, story: bool = True) -> tuple[str, str]:
    (implemented, written, said) = FEATURES[feature]
    pages = [page(style, *implemented), page(style, *DEFAULTS)]
    diff = changed("records/fields.py", *(written if lines is None else lines))
    terms = change_terms(Change(parse_diff(diff)), within=[text for text, _ in pages])
    told = said_sentences([], [("criterion 1", said)]) if story else ()
    found = weigh_pages(pages, terms, told)
    return tuple(",".join(p.section for p in q.matched) or q.text for q in found)  # type: ignore[return-value]


@pytest.mark.parametrize("feature", list(FEATURES))
@pytest.mark.parametrize("style", STYLES)
def test_a_one_word_feature_speaks_for_its_page(style: str, feature: str) -> None:
    """The page the change implements quotes its Specification; the related page shows its lead only (failing
    before: the feature gave its page no term, so the related page spoke on the change's passing name)."""
    implemented, related = quotes(style, feature)
    assert implemented.startswith("Specification")
    assert "as this page says" in related and "default_factory" not in related


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize(
    ("feature", "lines"),
    [
        # the project's own code using the operator (not naming it: no string holds it) writes no feature
        (":=", ("if (n := len(items)) > 10:", "    field = Field(default_factory=factory)")),
        # a word only a comment says
        ("Sentinel", ("# a Sentinel would do here", "field = Field(default_factory=factory)")),
        # a word the change writes as often as it deletes: it was there before (carried, not written)
        ("Sentinel", ("value = Sentinel.lookup(name)", "field = Field(default_factory=factory)")),
    ],
)
def test_a_token_the_change_does_not_write_anew_is_no_term(style: str, feature: str, lines: tuple[str, ...]) -> None:
    implemented = FEATURES[feature][0]
    pages = [page(style, *implemented), page(style, *DEFAULTS)]
    deleted = ("value = Sentinel.get(name)",) if "Sentinel.lookup" in lines[0] else ()
    diff = changed("records/fields.py", *lines, deleted=deleted)
    terms = change_terms(Change(parse_diff(diff)), within=[text for text, _ in pages])
    assert not terms.tokens


def test_a_token_only_tests_write_weighs_but_never_speaks() -> None:
    """A test's example (`except* ValueError:` in test data) weighs as the change's tests do: borrowed."""
    implemented, _, _ = FEATURES["except*"]
    pages = [page("markdown", *implemented), page("markdown", *DEFAULTS)]
    diff = patch("tests/data/groups.py", "+try:", "+    run()", "+except* ValueError:", "+    pass", status="added")
    terms = change_terms(Change(parse_diff(diff)), within=[text for text, _ in pages])
    assert terms.tokens and terms.tokens <= terms.borrowed


@pytest.mark.parametrize("document", ["README.md", "docs/guide.rst", "CHANGELOG.md", "docs/markers.adoc"])
def test_a_token_only_the_changes_documentation_writes_is_documented(document: str) -> None:
    """The change's code gives terms of its own, never `Sentinel`; only its documentation writes it (a test names it):
    the token is documented, not implemented, and weighs as what the docs give (review 8, finding 14; failing before:
    documented only beside another token its code writes)."""
    implemented, _, _ = FEATURES["Sentinel"]
    pages = [page("markdown", *implemented), page("markdown", *DEFAULTS)]
    diff = (
        changed("records/fields.py", "field = Field(default_factory=factory, default=MISSING)")
        + changed(document, "Mark a value left out with a `Sentinel` instance.")
        + changed("tests/test_markers.py", "class Sentinel:", "    pass")
    )
    terms = change_terms(Change(parse_diff(diff)), within=[text for text, _ in pages])
    assert terms.tokens == {key("Sentinel")} and terms.tokens <= terms.documented


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A new `Sentinel` class; `closed=`, `like=` arguments; `solve()`.", {"Sentinel", "closed", "like", "solve"}),
        ("The ``:=`` operator and the ``except*`` clause; ``->``.", {":=", "except*", "->"}),
        ("`__override__` is set.", {"__override__"}),
        # a page defines what its title, its headings and its lead write: not a word its body writes in passing
        (
            "# The `Sentinel` class\n\nLead of twenty words " + "w " * 20 + "\n\n## Rules\n\nIt is never `None`.",
            {"Sentinel"},
        ),
        ("Title\n=====\n\nLead, ``like=`` " + "w " * 20 + "\n\nRules\n-----\n\nIt is never ``None``.", {"like"}),
        # compound names are terms already; a span of several tokens, a letter or two, a lone symbol: none
        ("`get_type_hints`, `TypedDict`, `x = 1`, `T`, `*`, `@`.", set()),
    ],
)
def test_the_tokens_a_page_writes_alone_as_code(text: str, expected: set[str]) -> None:
    assert page_tokens([text]) == expected


LEAD = "Lead: this page specifies one feature of the record format, and the readers and writers that use it now. "


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a line opening with a code span of three backticks is a paragraph, no fence (CommonMark): its headings count
        (
            "# Walrus\n\n```x := f()``` binds a name.\n\n## The `:=` operator\n\nText.\n\n## `match` clauses\n\nMore.",
            {":=", "match"},
        ),
        # a title's `~~~~` underline (reStructuredText; markdown read back from it) opens no fence
        (
            f"Title\n=====\n\n{LEAD}\n\nHistory\n~~~~~~~\n\nOlder.\n\nThe ``closed`` flag\n-------------------\n\nIt.",
            {"closed"},
        ),
        (f"# Title\n\n{LEAD}\n\nHistory\n~~~~~~~\n\nOlder.\n\n## The `closed` flag\n\nText.", {"closed"}),
        # a fence of either kind still holds code: a heading inside it names nothing
        (f"# Title\n\n{LEAD}\n\n~~~\n# `closed`\n~~~\n\n````\n# `extra`\n````\n\n## The `like` flag", {"like"}),
    ],
)
def test_a_page_reads_its_fences_and_underlines_as_markdown_does(text: str, expected: set[str]) -> None:
    """One fence reading (text/mdlines, text/mdtitles) for the headings a page names its feature in (review 12's F5:
    code_tokens read its own `^```|~~~` and hid every heading after such a line)."""
    assert page_tokens([text]) == expected


def test_without_the_story_both_pages_speak() -> None:
    """The control: with no story to say which page it implements, the related page naming the change's passing
    name speaks beside the one-word feature's page (the names decide)."""
    implemented, related = quotes("markdown", "Sentinel", story=False)
    assert implemented.startswith("Specification") and related.startswith("Specification")


def test_terms_carry_tokens_apart() -> None:
    assert ChangeTerms().tokens == frozenset()


# A page's lead writing a language's literal or type in code (`null`, `None`, `true`, `nil`, `String`), and a change
# merely using it in new code (review 8, finding 1): the change names no such word, so it is no term, and the
# unrelated page (or a comment saying it) is not spoken to.
NOTIFICATIONS = (
    "# Notification preferences\n\nThe service mails a customer unless `muted` is `true`; an unset preference reads"
    " as `{literal}` and is skipped.\n\n## Channels\n\nEach customer chooses the channels the service mails them on.\n"
)
USES = {
    "typescript": (
        "src/orders/lookup.ts",
        (
            "export function findOrder(orders: Order[], orderId: string): Order | null {",
            "  const found = orders.find((o) => o.orderId === orderId);",
            "  return found ?? null;",
            "}",
            "export const strictLookup = true;",
        ),
    ),
    "python": (
        "orders/lookup.py",
        (
            "def find_order(orders, order_id):",
            "    for order in orders:",
            "        if order.order_id == order_id:",
            "            return order",
            "    return None",
        ),
    ),
    "go": (
        "orders/lookup.go",
        (
            "func FindOrder(orders []Order, id string) (*Order, error) {",
            "\tfor i := range orders {",
            "\t\tif orders[i].ID == id {",
            "\t\t\treturn &orders[i], nil",
            "\t\t}",
            "\t}",
            "\treturn nil, ErrNotFound",
            "}",
        ),
    ),
    "java": (
        "src/main/java/orders/Lookup.java",
        (
            "public String describe(Order order) {",
            "    String label = order.id();",
            '    return label == null ? "none" : label;',
            "}",
        ),
    ),
    "csharp": (
        "src/Orders/Lookup.cs",
        ("public string Describe(Order order)", "{", "    string label = order.Id;", "    return label ?? null;", "}"),
    ),
}


@pytest.mark.parametrize(
    ("language", "literal"),
    [
        ("typescript", "null"),
        ("typescript", "true"),
        ("typescript", "string"),
        ("python", "None"),
        ("go", "nil"),
        ("go", "error"),
        ("java", "String"),
        ("java", "null"),
        ("csharp", "string"),
        ("csharp", "null"),
    ],
)
def test_a_literal_the_change_only_uses_is_no_term(language: str, literal: str) -> None:
    path, lines = USES[language]
    terms = change_terms(Change(parse_diff(added(path, *lines))), within=[NOTIFICATIONS.format(literal=literal)])
    assert not terms.tokens


def test_a_comment_writing_a_literal_is_not_heard() -> None:
    """A work item's comment writing `null` (summarize's Discussion reads the comments as change_terms' `within`)."""
    comment = "Can we meet on Thursday about the invoices? Mine still shows `null` in the export."
    path, lines = USES["typescript"]
    assert not change_terms(Change(parse_diff(added(path, *lines))), within=[comment]).tokens


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("src/records/options.ts", "  closed?: boolean;"),  # a member of an options type
        ("src/Records/Options.cs", "public Record Build(string name, bool closed = false)"),  # a keyword parameter
        ("src/main/java/records/Options.java", 'boolean closed = options.containsKey("closed");'),
        ("records/options.go", "\to.closed = closed"),  # bound
        ("records/options.py", "def build(name, *, closed=False):"),
    ],
)
def test_a_word_the_change_names_is_a_term(path: str, line: str) -> None:
    """The control: the change binds the word (a parameter, a member, a variable), so it names the page's feature."""
    text = "# Closed records\n\nA record type declared with `closed` refuses keys it does not declare.\n"
    terms = change_terms(Change(parse_diff(added(path, line))), within=[text])
    assert terms.tokens == {("token", ("`closed`",))}


def test_a_page_with_no_second_heading_defines_its_lead_only() -> None:
    """A title then paragraphs (a wiki or Confluence page, common): the lead ends at the first paragraph break after
    LEAD_WORDS words, not at a heading that never comes (review 8, finding 2)."""
    lead = (
        "# Ledger export\n\nThe `ledger_export` job writes the day's entries for the finance team every night, one"
        " file a day, in the order they were booked.\n\n"
    )
    body = "".join(f"Column {n} is written as `col{n}x`, the `amount` beside it.\n\n" for n in range(50))
    assert page_tokens([lead + body]) == set()
    assert page_tokens([lead.replace("`ledger_export`", "`ledger`") + body]) == {"ledger"}


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("records/fields.py", "# falls back to a <Sentinel> marker"),
        ("src/Records/Fields.cs", "/// <summary>Falls back to the Sentinel marker.</summary>"),
        ("src/fields.rs", "/// Falls back to a [Sentinel] marker."),
        ("src/lib.rs", "//! Falls back to a [Sentinel] marker."),
        ("src/main/java/records/Fields.java", "/** Falls back to a {@link Sentinel} marker. */"),
        ("src/records/fields.ts", "/** Falls back to a {@link Sentinel} marker. */"),
        ("src/records/fields.ts", " * @returns the {@link Sentinel} marker"),
        ("records/fields.go", "// Falls back to a Sentinel{} marker."),
    ],
)
def test_a_doc_comment_writes_no_token(path: str, line: str) -> None:
    """A doc comment (`///`, `/**`, `//!`) is a comment, its `<>`, `{}` and `[]` included (review 8, finding 5)."""
    assert written([(path, [line, "class Sentinel:"], [])], {"Sentinel"}) == {"Sentinel": ("code", 1)}
    assert written([(path, [line], [])], {"Sentinel"}) == {}


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("# falls back", "falls back"),
        ("/// <summary>Falls back.</summary>", "<summary>Falls back.</summary>"),
        ("//! Crate docs.", "Crate docs."),
        ("/** Falls back to {@link X}. */", "Falls back to {@link X}."),
        ("   * @returns the marker", "@returns the marker"),
        ("-- the ledger's rows", "the ledger's rows"),
        ("x = 1  # trailing", None),  # a line of code with a comment after it
        ("#[test]", None),  # Rust's attribute
        ('puts "#{name}"', None),
        ("total = a // b", None),
    ],
)
def test_comment_text(line: str, expected: str | None) -> None:
    assert comment_text(line) == expected

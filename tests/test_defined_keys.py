"""A key a specification defines in a list (issue 36): "Each file has the following keys: - ``hashes``: A dictionary
mapping a hash name to a digest". A one-word key is never a term of the change, and a long specification defines its
keys in its body, not its title, headings or lead, where code_tokens reads a page's one-word features: so the page
held nothing the change writes (`hashes: Mapping[str, str]`), and showed its lead only. A list's term defines a key,
an argument, an operator (relevance/code_tokens.named); a list of a setting's values ("`type` must be one of the
following: - `token`: ...") defines none: a value is what the setting holds, not the feature.

The page is a long specification (tests/test_one_word_features.py's shape) as markdown, reStructuredText and as
Confluence stores it; the change in Python, TypeScript and Go.

A key list is mostly the commonest names code gives its parameters and fields (`email`, `timeout`, `host`), so a
key only a list defines says which passage of a page the change speaks to, never alone which page: the page must
hold another name of the change, or the change cite it by its number (`# PEP 691`, `// ADR-0042`), as code
implementing a specification does (review 13 F2: a change adding `send_invoice(email, timeout)` quoted a cited
settings page's key list).
"""

from __future__ import annotations

import re

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.code_tokens import key, page_tokens
from doc_context.summary.passages import said_sentences
from doc_context.summary.quotes import weigh_pages
from doc_context.text.storage import storage_to_markdown

from .diffs import changed
from .test_one_word_features import DEFAULTS, STYLES, spec
from .test_one_word_features import page as plain_page

KEYS = (
    "ADR-0042 Record digests",  # a numbered specification (a team's decision record), cited by the change's code
    "An index answers each record with what a client needs to check it, as this page specifies.",
    (
        ("Specification", "Each record the index returns is a dictionary, as this section lists."),
        (
            "Record keys",
            "Each record has the following keys:\n\n- `name`: The normalized name of the record.\n"
            "- `digests`: A dictionary mapping an algorithm to the digest of the record's bytes.",
        ),
        ("Rejected Ideas", "A single digest in the address was rejected: a client could check one algorithm only."),
    ),
)
VALUES = (
    "Record digests",
    "An index answers each record with what a client needs to check it, as this page specifies.",
    (
        ("Specification", "Each record the index returns is a dictionary, as this section lists."),
        (
            "Record checks",
            "`check` must be one of the following values:\n\n- `strict`: The normalized name of the record.\n"
            "- `digests`: A dictionary mapping an algorithm to the digest of the record's bytes.",
        ),
        ("Rejected Ideas", "A single digest in the address was rejected: a client could check one algorithm only."),
    ),
)
CHANGES = {  # the change binds the key (a keyword parameter, a member, a variable) and passes a related page's name
    "python": (
        "records/link.py",
        "def __init__(self, url, *, digests: Mapping[str, str] | None = None):",
        "    self._digests = digests",
        "    field = Field(default_factory=factory)",
    ),
    "typescript": (
        "src/records/link.ts",
        "export interface Link {",
        "  digests?: Record<string, string>;",
        "}",
        "const field = new Field({ default_factory: factory });",
    ),
    "go": (
        "records/link.go",
        "func NewLink(url string, digests map[string]string) *Link {",
        "\tl := &Link{URL: url}",
        "\tl.digests = digests",
        "\tfield := Field{default_factory: factory}",
    ),
}
SAID = "A link keeps every digest the index gives for a record, each by its algorithm."
CITES = {  # the change's code cites the page it implements by its number, as code implementing a specification does
    "python": "# Each digest the index gives, as ADR-0042 lists them.",
    "typescript": "// Each digest the index gives, as ADR-0042 lists them.",
    "go": "// Each digest the index gives, as ADR-0042 lists them.",
}


def page(style: str, title: str, lead: str, sections: tuple[tuple[str, str], ...], shared: int = 45) -> tuple[str, str]:
    """The page as tests/test_one_word_features.py writes it (`shared`: its sections in the domain's words; none: a
    team's short page), a list a list in Confluence's storage too."""
    if style != "storage":
        text = spec(style, title, lead, sections, shared)
        return text, title
    text = spec(style, title, lead, sections, shared)
    text = re.sub(
        r"\n\n- (.*?)</p>",
        lambda m: "</p><ul><li>" + m.group(1).replace("\n- ", "</li><li>") + "</li></ul>",
        text,
        flags=re.S,
    )
    return storage_to_markdown(text).text, title


def quotes(
    style: str,
    language: str,
    implemented: tuple[str, str, tuple[tuple[str, str], ...]] = KEYS,
    *,
    cites: bool = True,
) -> list[str]:
    pages = [page(style, *implemented), plain_page(style, *DEFAULTS)]
    path, *lines = CHANGES[language]
    diff = changed(path, *lines, *([CITES[language]] if cites else []))
    terms = change_terms(Change(parse_diff(diff)), within=[t for text in pages for t in text])
    found = weigh_pages(pages, terms, said_sentences([], [("criterion 1", SAID)]))
    return [",".join(p.section for p in q.matched) or q.text for q in found]


@pytest.mark.parametrize("language", list(CHANGES))
@pytest.mark.parametrize("style", STYLES)
def test_a_key_a_list_defines_speaks_for_its_page(style: str, language: str) -> None:
    """The page the change implements, and cites by its number, quotes its list of keys; the related page shows its
    lead only (failing before: the key, defined in the body, was no term, and the page showed its lead)."""
    implemented, related = quotes(style, language)
    assert implemented.startswith("Record keys")
    assert "as this page says" in related and "default_factory" not in related


@pytest.mark.parametrize("style", STYLES)
def test_a_list_of_values_defines_no_key(style: str) -> None:
    """The control: the same items listed as a setting's values ("must be one of the following values") define no
    token: the page speaks on no term of the change, and shows its lead only."""
    implemented, _ = quotes(style, "python", VALUES)
    assert "as this page specifies" in implemented and "Record checks" not in implemented


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Each file has the following keys:\n\n- ``hashes``: A dictionary mapping a hash name.", {"hashes"}),
        # an operator's list defines none: a passage holds an operator inside any expression (``>= 2.2, == 2.*``)
        ("The operator sets the clause:\n\n* ``~=``: Compatible release clause", set()),
        ("The decorator takes two arguments:\n\n* ``category``: A warning class.", {"category"}),
        ("The keys:\n\n1. `retries`: how often a request is sent again.", {"retries"}),
        # a setting's values, a list item that only starts with code, a term in a sentence: none
        ("Values include:\n\n* `allow`: treat them alike\n* `deny`: ignore them", set()),
        ("`type` must be one of the following:\n\n* `basic`: username and password", set()),
        ("The keys:\n\n- `hashes` are kept as given.", set()),
        ("The `hashes`: a dictionary.", set()),
        # a key every record has, as common a word as a criterion's (review 13 F2): no feature of the page
        ("The keys:\n\n- `name`: its name.\n- `url`: its home.\n- `digests`: a map.", {"digests"}),
        ("The metadata keys:\n\n* ``version``: the release.\n* ``description``: a summary.", set()),
    ],
)
def test_the_keys_a_page_defines_in_a_list(text: str, expected: set[str]) -> None:
    """In the body (after the title and a lead of twenty words), a list's term is a token its list defines."""
    lead = "# Index records\n\n" + "The index answers with records. " * 5 + "\n\n## Records\n\n"
    assert page_tokens([lead + text]) == expected


PINNED = (
    "Record pinning",
    "An index tells which of a record's fields a later build may still change, as this page specifies.",
    (
        ("Specification", "A new field, `Pinned`, will be added to each record's header, one field name a line."),
        *(
            (f"Rule {n}", f"A reader MUST keep field {n} as given when it is listed as `Pinned` there.")
            for n in range(9)
        ),
        ("Rejected Ideas", "Marking every field as final was rejected: most are computed when a build runs."),
    ),
)


@pytest.mark.parametrize("style", STYLES)
def test_a_new_field_weighs_in_full_where_it_is_introduced(style: str) -> None:
    """A specification introduces its feature once ("A new field, ``Pinned``, will be added") and names it in every
    rule after: the token is in many of its passages, so it weighs little in each (passage_weights.rarity), and
    none matched (failing before: the page showed its lead). Where a passage introduces it, or a list's item defines
    it, it weighs in full: that passage is the feature's own."""
    pages = [page(style, *PINNED), plain_page(style, *DEFAULTS)]
    lines = ("for field in pinned:", '    write_field("Pinned", field)', "field = Field(default_factory=factory)")
    terms = change_terms(Change(parse_diff(changed("records/header.py", *lines))), within=[t for t, _ in pages])
    said = "Each record's header lists the fields a later build may not change."
    implemented, related = weigh_pages(pages, terms, said_sentences([], [("criterion 1", said)]))
    assert [p.section for p in implemented.matched][:1] == ["Specification"]
    assert not related.matched


METADATA = (
    "Package metadata",
    "Each package published to the index carries a small metadata record, as this page describes.",
    (
        ("Specification", "The metadata record is a table, read by every installer."),
        (
            "Metadata keys",
            "Each record has the following keys:\n\n- `name`: The package's name.\n- `version`: Its version.",
        ),
        ("Rejected Ideas", "A free-form text field was rejected: no tool could read it."),
    ),
)
INVOICES = {  # an ordinary change: one function taking a `name` (a parameter binds it, as code_tokens.names reads)
    "python": ("billing/invoice.py", "def send_invoice(name: str, amount: int) -> None:", "    mailer.send(to=name)"),
    "typescript": (
        "src/billing/invoice.ts",
        "export function sendInvoice(name: string, amount: number) {",
        "  return mailer.send({ to: name, total: amount });",
        "}",
    ),
}


@pytest.mark.parametrize("language", list(INVOICES))
@pytest.mark.parametrize("style", STYLES)
def test_a_common_key_speaks_for_no_page(style: str, language: str) -> None:
    """A list's key as common as `name` or `version` (relevance/common_words: every record, every key list has
    them) is no feature of the page: a change taking a `name` parameter, its story about invoices, does not make
    the cited metadata page quote its key list (review 13 F2, failing before: "Metadata keys" was quoted)."""
    pages = [page(style, *METADATA), plain_page(style, *DEFAULTS)]
    path, *lines = INVOICES[language]
    terms = change_terms(Change(parse_diff(changed(path, *lines))), within=[text for text, _ in pages])
    said = said_sentences([], [("criterion 1", "Invoices are mailed to the customer when issued.")])
    metadata, _ = weigh_pages(pages, terms, said)
    assert not terms.tokens
    assert not metadata.matched


SETTINGS = (
    "Mail relay settings",
    "Each service that sends mail reads a small settings record, as this page describes.",
    (
        ("Specification", "The settings record is read once when the service starts."),
        (
            "Settings keys",
            "Each record has the following keys:\n\n- `host`: The relay's host.\n- `port`: Its port.\n"
            "- `timeout`: Seconds to wait.\n- `email`: The sender.",
        ),
        ("Rejected Ideas", "One global relay was rejected: teams run their own."),
    ),
)
PARAMETERS = {  # an ordinary change: a function whose parameters are the commonest names, `email`, `timeout`
    "python": (
        "billing/invoice.py",
        "def send_invoice(email: str, amount: int, timeout: float = 5.0) -> None:",
        "    return mailer.send(to=email, total=amount, timeout=timeout)",
    ),
    "typescript": (
        "src/billing/invoice.ts",
        "export function sendInvoice(email: string, amount: number) {",
        "  return mailer.send({ to: email, total: amount });",
        "}",
    ),
    "ruby": (
        "lib/billing/invoice.rb",
        "def send_invoice(email:, amount:)",
        "  Mailer.deliver(to: email, total: amount)",
        "end",
    ),
}


@pytest.mark.parametrize("shared", [45, 0])
@pytest.mark.parametrize("language", list(PARAMETERS))
@pytest.mark.parametrize("style", STYLES)
def test_a_listed_key_alone_speaks_for_no_page(style: str, language: str, shared: int) -> None:
    """A key list is mostly the commonest names code gives its parameters and fields (`email`, `timeout`, `host`,
    `token`): a change taking an `email` parameter, its story about invoices, does not make a cited settings page
    quote its key list, a long specification's or a team's short page (review 13 F2's residual, failing before:
    "Settings keys" was quoted). A key only a list defines tells which passage of a page the change speaks to, not
    which page: that takes another name of the page, or the change citing the page by its number."""
    pages = [page(style, *SETTINGS, shared), plain_page(style, *DEFAULTS)]
    path, *lines = PARAMETERS[language]
    terms = change_terms(Change(parse_diff(changed(path, *lines))), within=[text for text, _ in pages])
    said = said_sentences([], [("criterion 1", "Invoices are mailed to the customer when issued.")])
    settings, _ = weigh_pages(pages, terms, said)
    assert not settings.matched and "as this page describes" in settings.text
    assert key("email") in terms.tokens  # a token still: it ranks a page spoken to (the next tests)


CUSTOMERS = (
    "Customer records",
    "A customer's `email` field is where the shop sends what the customer asked for.",
    (
        ("Specification", "A record is created at sign-up and kept while the account is open."),
        ("Rejected Ideas", "Keeping records after closing was rejected."),
    ),
)


@pytest.mark.parametrize("language", list(PARAMETERS))
@pytest.mark.parametrize("style", STYLES)
def test_a_key_only_a_page_lists_is_so_whatever_else_the_story_cites(style: str, language: str) -> None:
    """Whether a page's key is only listed is a fact about that page: another page of the story naming `email` in
    its lead (a customer record's) does not make the settings page's key list tell again (review 14 F2, failing
    before: "Settings keys" quoted as on 5f57ab7)."""
    pages = [page(style, *SETTINGS), plain_page(style, *DEFAULTS), plain_page(style, *CUSTOMERS)]
    path, *lines = PARAMETERS[language]
    terms = change_terms(Change(parse_diff(changed(path, *lines))), within=[t for text in pages for t in text])
    said = said_sentences([], [("criterion 1", "Invoices are mailed to the customer when issued.")])
    settings = weigh_pages(pages, terms, said)[0]
    assert not settings.matched and "as this page describes" in settings.text


@pytest.mark.parametrize("language", list(CHANGES))
@pytest.mark.parametrize("style", STYLES)
def test_a_listed_key_needs_the_page_cited(style: str, language: str) -> None:
    """The same key list and change as test_a_key_a_list_defines_speaks_for_its_page, the change citing nothing:
    the key alone does not make the page spoken to, and it shows its lead (failing before: "Record keys")."""
    implemented, _ = quotes(style, language, cites=False)
    assert "as this page specifies" in implemented and "Record keys" not in implemented


RELAY = (
    "Mail relay settings",
    "Each service that sends mail reads its `relay_settings` record, as this page describes.",
    SETTINGS[2],
)


@pytest.mark.parametrize("style", STYLES)
def test_a_listed_key_ranks_a_page_spoken_to(style: str) -> None:
    """On a page the change speaks to by another name (`relay_settings`), a key its list defines still says which
    passage: the key list is quoted, as the change writes `timeout` anew."""
    pages = [page(style, *RELAY), plain_page(style, *DEFAULTS)]
    lines = ("relay_settings = load_relay_settings(path)", "client = Relay(timeout=relay_settings.timeout)")
    terms = change_terms(Change(parse_diff(changed("mail/relay.py", *lines))), within=[t for t, _ in pages])
    said = said_sentences([], [("criterion 1", "The relay waits as long as the settings say.")])
    relay, _ = weigh_pages(pages, terms, said)
    assert "Settings keys" in [p.section for p in relay.matched]

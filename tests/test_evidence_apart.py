"""summary/evidence: a criterion's evidence rests on a term that sets it apart from its siblings, found in a changed
line; terms that are everywhere (the change's words, its own names, the work item's topic) carry no weight alone.
And the bridges between a criterion's words and the diff's identifiers, both ways, never through common words.
"""

from __future__ import annotations

import pytest

from doc_context.change.index import DiffIndex
from doc_context.change.unified import parse_diff
from doc_context.relevance.bridges import joins
from doc_context.relevance.criterion_terms import criterion_terms
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import added, patch

# ---- the change's words: "refund" and "amount" in every changed line ------------------------------------------

REFUND = patch(
    "src/refunds/refund.py",
    ' """Partial refunds."""',
    " from decimal import Decimal",
    " ",
    "+REFUND_AMOUNT_SUPERVISOR_DAYS = 14  # days after delivery when a refund amount needs a supervisor",
    " ",
    " ",
    " class RefundTooLarge(Exception):",
    '     """A refund amount over what the order captured."""',
    " ",
    " ",
    " def refund(order, amount, *, by):",
    "     refund_amount = Decimal(amount)",
    "+    if refund_amount > order.captured_amount:",
    "+        raise RefundTooLarge(refund_amount, order.captured_amount)",
    "+    if order.age_days > REFUND_AMOUNT_SUPERVISOR_DAYS: require_supervisor(by, refund_amount)",
    "     return order.refund(refund_amount)",
)
REFUND_TITLE = "Partial refunds follow the refund policy"
REFUND_CRITERIA = {
    "A partial refund never exceeds the captured amount.": {"/src/refunds/refund.py": (13, 14)},
    "Refunds more than 14 days after delivery need a supervisor.": {"/src/refunds/refund.py": (4,)},
    "A reason is required for refunds over 500.00.": {},
    "Each refund writes one ledger entry.": {},
    "The customer gets an e-mail with the refunded amount.": {},
    "Every refund is written to the audit log.": {},
}


@pytest.mark.parametrize(("criterion", "expected"), REFUND_CRITERIA.items())
def test_words_in_most_changed_lines_tell_no_criterion_apart(criterion: str, expected: dict[str, object]) -> None:
    """The issue's story: the change adds a captured-amount guard and a 14-day supervisor rule; the four
    criteria it leaves untouched share only "refund" and "amount" with it, and get no evidence."""
    finder = EvidenceFinder(parse_diff(REFUND))
    siblings = [c for c in REFUND_CRITERIA if c != criterion]
    found = finder.find(criterion, siblings=siblings, title=REFUND_TITLE)
    assert {f.path: f.lines for f in found.files} == expected


def test_the_evidence_names_the_distinctive_terms_only() -> None:
    finder = EvidenceFinder(parse_diff(REFUND))
    (found,) = finder.find("A partial refund never exceeds the captured amount.", title=REFUND_TITLE).files
    assert found.terms == ("captured amount",)


def test_a_phrase_with_a_word_everywhere_counts_as_one_identifier_only() -> None:
    """ "refunded amount" is two words everywhere: refund_amount on every line is no evidence of it, while
    "captured amount" (amount is everywhere, captured is not) counts where it is one identifier."""
    finder = EvidenceFinder(parse_diff(REFUND))
    assert not finder.find("The refunded amount is shown.").found
    assert finder.find("The captured amount is checked.").found


# ---- the repository's own name in most identifiers ------------------------------------------------------------

STOREFRONT = added(
    "src/gifts/wrap.py",
    "from decimal import Decimal",
    "",
    "",
    "def storefront_gift_wrap(order):",
    '    """Gift wrap for an order: 3.50 a parcel."""',
    '    fee = Decimal("3.50")',
    '    return storefront_line(order, "gift wrap", fee)',
    "",
    "",
    "def storefront_parcels(order):",
    "    return len(order.parcels)",
)


def test_the_repositorys_own_name_tells_no_criterion_apart() -> None:
    """storefront_line is the repository's name and a common word: no evidence that the storefront's line limit
    is anything; the gift wrap's price is found beside it."""
    decoy = "The storefront line limit is 50."
    assert EvidenceFinder(parse_diff(STOREFRONT)).find(decoy).found  # without the run's names, it would point
    finder = EvidenceFinder(parse_diff(STOREFRONT), names=("storefront", "Fabrikam Fiber"))
    assert not finder.find(decoy).found
    (found,) = finder.find("A storefront gift wrap costs 3.50 a parcel.").files
    assert found.path == "/src/gifts/wrap.py" and found.lines == (4, 5, 6, 7)
    assert "storefront" not in " ".join(found.terms).lower()


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("src/test/java/com/example/RecordTest.java", "GoodsLedger.forClass(Invoice.class).verify();"),
        ("tests/Ledger.Tests/RecordTests.cs", "var ledger = new GoodsLedger(typeof(Invoice));"),
        ("test/record.test.ts", "const ledger = new GoodsLedger(Invoice);"),
    ],
)
def test_the_repositorys_name_written_as_a_type_is_its_own_name(path: str, line: str) -> None:
    """The repository goodsledger's main type, GoodsLedger, in every test of it: its name, though its words read
    "good" and "ledger" (a plural's stem) where the repository's name is one word."""
    diff = added(path, line, "ledger.check();")
    decoy = "Records with a `Currency` field are compared, so GoodsLedger no longer throws on them."
    assert EvidenceFinder(parse_diff(diff)).find(decoy).found  # without the run's names, it would point
    assert not EvidenceFinder(parse_diff(diff), names=("goodsledger", "contoso")).find(decoy).found


def test_the_package_the_paths_sit_in_is_the_changes_own_name() -> None:
    diff = "".join(
        added(f"{root}/ledgerkit/{name}.py", f"ledgerkit_{name} = ledgerkit.register({name!r})", "x = 1")
        for root, name in (("src", "export"), ("src", "journal"), ("tests", "test_journal"))
    )
    finder = EvidenceFinder(parse_diff(diff))
    assert not finder.find("`ledgerkit` keeps its public names.").found
    assert finder.find("The `ledgerkit_journal` is registered.").found


# ---- the work item's topic: the words its criteria and its title share ---------------------------------------

INVOICES = added(
    "src/billing/render.py",
    "def render_invoice_pdf(invoice):",
    "    doc = Document(title=invoice.number)",
    '    doc.add_image(COMPANY_LOGO, at="header")',
    "    for line in invoice.lines:",
    "        doc.add_row(line.text, line.amount)",
    "    return doc.save()",
)
INVOICE_TITLE = "PDF invoices"
INVOICE_CRITERIA = [
    "PDF invoices carry the company logo in their header.",
    "PDF invoices are e-mailed on the first day of the month.",
    "PDF invoices are kept for ten years.",
    "PDF invoices can be downloaded again from the account page.",
]


def test_the_work_items_topic_tells_no_criterion_apart() -> None:
    finder = EvidenceFinder(parse_diff(INVOICES))
    decoy = INVOICE_CRITERIA[1]
    assert finder.find(decoy).found  # "invoice pdf" is render_invoice_pdf, alone
    siblings = [c for c in INVOICE_CRITERIA if c != decoy]
    assert not finder.find(decoy, siblings=siblings, title=INVOICE_TITLE).found
    logo = INVOICE_CRITERIA[0]
    (found,) = finder.find(logo, siblings=INVOICE_CRITERIA[1:], title=INVOICE_TITLE).files
    assert found.lines == (3,) and found.terms[0] == "company logo"


# ---- bridges, both ways ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("criterion", "line"),
    [
        ("The TLS server host name is verified.", "ctx.server_hostname = host"),  # words -> one identifier
        ("The server hostname is verified.", "ctx.server_hostname = host"),
        ("The server hostname is verified.", "ctx.server_host_name = host"),  # one word -> split identifier
        ("`ServerHostname` is verified.", "server_host_name = host"),
        ("`server_host_name` is verified.", "serverHostname = host"),
        ("Each timestamp is written in UTC.", "record.time_stamp_utc = now()"),
        ("The remote address is logged.", "log.info(peer.remote_addr)"),  # a written-out abbreviation
        ("Refunded payments are flagged.", "mark(refund_payment)"),  # morphology: refunded, refund
        ("Each refund payment is flagged.", "mark(refunded_payments)"),
    ],
)
def test_a_bridge_finds_the_identifier(criterion: str, line: str) -> None:
    finder = EvidenceFinder(parse_diff(added("src/net.py", "import ssl", line)))
    (found,) = finder.find(criterion).files
    assert found.lines == (2,)


@pytest.mark.parametrize(
    ("criterion", "line"),
    [
        ("The remote address is logged.", "log.info(request.remote)"),  # a part of it named, not the phrase
        ("The `username` is trimmed.", "user_name = user_name.strip()"),  # two common words never bridge
        ("The `name` is trimmed.", "hostname = hostname.strip()"),  # a common word is no part of another
        ("Usernames are trimmed and unique.", "user_name = unique(user_name.strip())"),
        ("The order total is rounded once.", "order_total = round_total(order)"),  # short, with a common word
    ],
)
def test_a_common_word_never_bridges(criterion: str, line: str) -> None:
    finder = EvidenceFinder(parse_diff(added("src/net.py", "import ssl", line)))
    assert not finder.find(criterion).found


def test_joins_both_ways() -> None:
    assert joins(("server", "hostnam"), ("server", "host", "nam"))
    assert joins(("server", "host", "nam"), ("server", "hostnam"))
    assert joins(("tim", "stamp"), ("timestamp",)) and joins(("timestamp",), ("tim", "stamp"))
    assert not joins(("remot", "address"), ("request", "remot"))


def test_morphology_meets_in_one_word() -> None:
    words = {t.parts for t in criterion_terms("Refunded refunds; policies and a policy").terms}
    assert ("refund",) in words and ("policy",) in words


# ---- what a changed line adds, and what a sibling says too ----------------------------------------------------


def test_a_rewritten_line_is_evidence_only_for_what_it_adds() -> None:
    """`limit=100` was on the line before it gained `server_hostname`; a line that only gained a comma adds
    nothing."""
    diff = patch(
        "src/connector.py",
        "-    def __init__(self, *, ssl_context=None, limit=100):",
        "+    def __init__(self, *, ssl_context=None, limit=100, server_hostname=None):",
        '-    "adminConsoleV2": {"enabled": false}',
        '+    "adminConsoleV2": {"enabled": false},',
    )
    finder = EvidenceFinder(parse_diff(diff))
    assert not finder.find("The connector keeps its limit of 100 connections.").found
    assert not finder.find("The admin console keeps working.").found
    assert finder.find("The connector takes a server hostname.").found


def test_a_rewritten_line_is_read_against_the_deleted_line_nearest_it() -> None:
    """An added line as alike to two deleted lines rewrites the one beside it, whatever order a set of its words is
    read in: `grove_total = grove_sum(grove_left, grove_right)` after `grove_total = grove_sum(grove_other,
    grove_right)` adds grove_left, not grove_right (as read against `grove_total = grove_sum(grove_left, grove_spare)`
    far above it). Eight such lines: taking the first most alike line in a set's order (the hash seed's) failed this
    as good as always, and a borderline criterion's evidence came and went from one run to the next."""
    names = ("amber", "birch", "cedar", "dunes", "ember", "fjord", "grove", "heath")
    far = [f"-{n}_total = {n}_sum({n}_left, {n}_spare)" for n in names]
    fillers = [f"+log_{n}_unrelated_entry()" for n in names]
    pairs = [
        line
        for n in names
        for line in (f"-{n}_total = {n}_sum({n}_other, {n}_right)", f"+{n}_total = {n}_sum({n}_left, {n}_right)")
    ]
    index = DiffIndex(parse_diff(patch("src/sums.py", *far, *fillers, *pairs)))
    rewrites = index.fresh(0)[len(names) :]
    assert rewrites == [frozenset({"left"})] * len(names)
    # a function of 30 lines deleted between them: measured on one side, the line beside it is still the nearest
    removed = [f"-old_helper_line_{k}()" for k in range(30)]
    index = DiffIndex(parse_diff(patch("src/sums.py", *far, *removed, *pairs)))
    assert index.fresh(0) == [frozenset({"left"})] * len(names)


def test_a_term_a_sibling_says_too_weighs_half() -> None:
    """Two criteria say "TLS certificate": it sets neither apart from the other, so alone it is not enough."""
    diff = added("CHANGES/1842.feature", "The TLS certificate is checked against ``server_hostname``.")
    finder = EvidenceFinder(parse_diff(diff))
    decoy, touched = "TLS certificates can be loaded from PEM files.", "The TLS certificate is checked against it."
    assert finder.find(decoy).found  # alone, the phrase is enough
    assert not finder.find(decoy, siblings=[touched]).found


def test_a_phrase_of_the_repositorys_name_and_one_word_is_that_word() -> None:
    """OrbitShipment, where every name starts with Orbit, says "shipment" and nothing more."""
    diff = added("src/tracking.py", "shipment = OrbitShipment.by_number(number)", "shipment.close()")
    assert EvidenceFinder(parse_diff(diff)).find("Orbit shipments can be split.").found
    assert not EvidenceFinder(parse_diff(diff), names=("orbit-shipping",)).find("Orbit shipments can be split.").found


def test_an_identifier_of_short_words_is_looked_for_as_written() -> None:
    diff = added("migrations/0057.sql", "ALTER TABLE customer ADD COLUMN deleted_at timestamptz NULL;")
    (found,) = EvidenceFinder(parse_diff(diff)).find("Deleting sets `deleted_at`.").files
    assert found.terms == ("deleted_at",)


def test_a_kebab_case_name_is_one_identifier() -> None:
    diff = added("src/flags.ts", 'it("matches codes case-insensitive", () => {});')
    assert EvidenceFinder(parse_diff(diff)).find("Codes are case insensitive.").found


def test_a_criterion_about_tests_points_at_tests() -> None:
    diff = added("src/pricing.py", "tier = customer.loyalty_tier", "subtotal = order.subtotal", "tax = tax_of(order)")
    diff += added("tests/test_pricing.py", "def test_each_loyalty_tier_saves(loyalty_tier):", "    assert saved(order)")
    (found,) = EvidenceFinder(parse_diff(diff)).find("Unit tests cover each loyalty tier.").files
    assert found.path == "/tests/test_pricing.py"


def test_the_package_a_change_imports_is_its_own_name() -> None:
    """One change to attr/_make.py and its tests: `attr.s` and attr.ib are on most lines; another change's entry
    that names them alone points at nothing, this change's entry finds its evidence beside them."""
    diff = patch("src/attr/_make.py", " def _add_repr(cls):", "+    if cls.__slots_repr_ns__:", start=40)
    diff += added(
        "tests/test_slots.py",
        "import attr",
        "",
        "@attr.s(slots=True, repr_ns='Outer')",
        "class C:",
        "    x = attr.ib()",
        "    y = attr.ib(default=attr.Factory(list))",
    )
    finder = EvidenceFinder(parse_diff(diff))
    assert not finder.find("`attr.s` classes can be compared with `attr.ib(eq=False)`.").found
    assert finder.find("Slotted classes keep `repr_ns` in their repr.").found


def test_a_line_moved_as_it_was_adds_nothing() -> None:
    """A refactoring moves `deadline = Deadline(seconds)` to another module: the move is no evidence."""
    moved = "    deadline = Deadline(seconds)  # the run's deadline"
    diff = patch("src/cli.py", f"-{moved}", "-    return run(deadline)") + added(
        "src/commands/run.py", "def run_command(seconds):", moved, "    return run(deadline, retry_after=True)"
    )
    finder = EvidenceFinder(parse_diff(diff))
    assert not finder.find("The run's deadline is kept.").found
    assert finder.find("The run command passes `retry_after` with the deadline.").found


def test_a_line_whose_operator_changed_is_new_as_a_whole() -> None:
    diff = patch("src/redirects.py", "-    if redirects > max_redirects:", "+    if redirects >= max_redirects:")
    assert EvidenceFinder(parse_diff(diff)).find("`max_redirects` counts the last redirect too.").found


# ---- what real histories showed carries nothing (benchmarks/real_history.py) ----------------------------------

REAL_CASES = [
    # (what the rule is, the changed file and its added lines, the criterion, whether it has evidence there)
    (
        "two rare words on neighbouring lines are two things",
        ("src/jobs.py", "retry(queue)", "notify(owner)"),
        "The owner sees the queue.",
        False,
    ),
    (
        "  ... on one line they say one thing",
        ("src/jobs.py", "retry(queue, notify=owner)"),
        "The owner sees the queue.",
        True,
    ),
    (
        "  ... and in configuration a key nests in the line above",
        ("config/jobs.yaml", "queue:", "  owner: ops"),
        "The queue names its owner.",
        True,
    ),
    (
        "the change's own name in a path names no file",
        ("src/doc_context/wiki.py", "pages = gather(links)", "", "", "post(thread, pages)"),
        "doc-context context gathers as a run does, posting nothing.",
        False,
    ),
    (
        "  ... a word of the criterion beside it still counts",
        ("src/doc_context/wiki.py", "return gather(pages)  # gathers every wiki page"),
        "doc-context gathers every wiki page.",
        True,
    ),
    (
        "a test file whose weak words alone carry a criterion is no evidence",
        ("tests/test_jobs.py", "retry(queue, notify=owner)"),
        "The owner sees the queue.",
        False,
    ),
    (
        "  ... for a criterion about tests it is",
        ("tests/test_jobs.py", "retry(queue, notify=owner)"),
        "Tests show that the owner sees the queue.",
        True,
    ),
    (
        "  ... nor when a strong term is in it",
        ("tests/test_jobs.py", "assert retry_after(queue) == 30"),
        "`retry_after` gives the queue 30 more seconds.",
        True,
    ),
    (
        "a changed line naming a file the criterion names",
        ("README.md", "codespans.py: the code it keeps as written"),
        "README: codespans.py in the module map.",
        True,
    ),
    (
        "  ... names it as written, not by its words",
        ("README.md", "the code spans it keeps as written"),
        "README: codespans.py in the module map.",
        False,
    ),
]


@pytest.mark.parametrize(("rule", "change", "criterion", "found"), REAL_CASES)
def test_what_real_histories_showed(rule: str, change: tuple[str, ...], criterion: str, found: bool) -> None:
    diff = added(*change) + added("src/doc_context/tax.py", "total = price * count", "tax = rate(total)", "log(tax)")
    assert EvidenceFinder(parse_diff(diff), names=["doc-context"]).find(criterion).found is found, rule


def test_a_test_file_by_its_words_follows_a_code_file() -> None:
    """Weak words in a test file are further evidence beside a code file that carries the criterion too."""
    diff = added("src/jobs.py", "retry(queue, notify=owner)") + added("tests/test_jobs.py", "retry(queue, owner)")
    found = EvidenceFinder(parse_diff(diff)).find("The owner sees the queue.")
    assert {f.path for f in found.files} == {"/src/jobs.py", "/tests/test_jobs.py"}

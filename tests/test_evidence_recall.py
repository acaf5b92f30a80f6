"""Issue 32's recall: an own criterion gets the evidence its diff holds, in each language where the rule applies,
without a wrong pointer: a name with a short piece (`isValid`, `HasVariadic`) looked up by its pieces; two words
with a slash between ("old/unsupported") that name no folder; an npm package's scope (`@parcel/watcher`)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.folders import slashed_words
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff
from tests.diffs import in_definition


def evidence(criterion: str, *files: str) -> list[str]:
    found = EvidenceFinder(parse_diff("".join(files))).find(criterion)
    return [f.path for f in found.files]


SHORT_PIECES = [  # (language, path, added line, a name one of whose pieces is a short word: is, has, to, of)
    ("TypeScript", "src/names.ts", "export function isValid(name: string): boolean {", "isValid"),
    ("Go", "internal/provider/function.go", "func (f Function) HasVariadic() bool {", "HasVariadic"),
    ("C#", "src/Cart/Cart.cs", "    public bool IsEmpty => Lines.Count == 0;", "IsEmpty"),
    ("Java", "src/main/java/org/acme/Names.java", "    public static boolean isBlank(String s) {", "isBlank"),
    ("Go template", "internal/provider/template.go", "{{- if .HasVariadic }}", ".HasVariadic"),
]


@pytest.mark.parametrize(("language", "path", "line", "name"), SHORT_PIECES, ids=[s[0] for s in SHORT_PIECES])
def test_a_name_with_a_short_piece_is_looked_up_by_its_pieces(language, path, line, name) -> None:
    assert evidence(f"`{name}` reads the new field.", diff(path, line)) == [f"/{path}"], language


def test_a_name_with_a_short_piece_is_no_other_name() -> None:
    assert evidence("`isValid` reads the new field.", diff("src/names.ts", "export function valid(x) {")) == []


SLASHED = [  # (language, criterion with two words and a slash between, path, added line)
    (
        "TypeScript",
        "Polyfill `Object.is` for old/unsupported browsers.",
        "src/utils/comparer.ts",
        "const objectIs = Object.is || ((a, b) => a === b)",
    ),
    (
        "C#",
        "Resolve the lock stall at low/reasonable load.",
        "src/Bridge.cs",
        "    private readonly SemaphoreSlim _lockStall = new(1);",
    ),
    ("Go", "Apply the dial deadline to read/write calls.", "server.go", "\tdialDeadline time.Duration"),
    ("Python", "`retry_after` is honoured on GET/HEAD requests.", "client/retry.py", "    retry_after = parse(h)"),
    (
        "Java",
        "Read quoted/unquoted fields with the lenient parser.",
        "src/main/java/CsvReader.java",
        "    private final LenientParser lenientParser;",
    ),
    (
        "Ruby",
        "Skip first/last calls in the sample cop.",
        "lib/rubocop/cop/style/sample.rb",
        "    def sample_cop?(node)",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), SLASHED, ids=[s[0] for s in SLASHED])
def test_two_words_with_a_slash_between_name_no_code(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


def test_a_package_path_beside_the_changed_one_still_names_code() -> None:
    """`helper/resource` next to a change of helper/schema: a package this change does not touch."""
    criterion = "helper/resource: `TestStep.Config` gains provider blocks."
    found = diff("helper/schema/provider.go", "func (s TestStep) Config() string { return providerBlock }")
    assert evidence(criterion, found) == []


@pytest.mark.parametrize(
    ("code", "paths", "expected"),
    [
        ("low/reasonable", ["/src/Bridge.cs"], True),
        ("helper/resource", ["/helper/schema/provider.go"], False),  # its sibling package is changed
        ("Style/Sample", ["/lib/style/sample.rb"], False),  # a name, not two plain words
        ("cqroot/prompt", ["/go.mod"], True),  # words, unless a line writes them (evidence.py)
    ],
)
def test_slashed_words(code, paths, expected) -> None:
    assert slashed_words(code, paths) is expected


def test_a_module_path_two_words_with_a_slash_keeps_its_line() -> None:
    """`cqroot/prompt` names no folder, but go.mod writes it: a module's path, evidence."""
    criterion = "Switched the prompt tool to cqroot/prompt."
    assert evidence(criterion, diff("go.mod", "\tgithub.com/cqroot/prompt v0.9.1")) == ["/go.mod"]


NPM_SCOPES = [  # (written, path, added line)
    ("`@parcel/watcher`", "src/utils/watcher.ts", "    'Failed to import @parcel/watcher. Install it.'"),
    ("@parcel/watcher", "src/utils/watcher.ts", "    'Failed to import @parcel/watcher. Install it.'"),
    ("`@vitejs/plugin-react`", "package.json", '    "@vitejs/plugin-react": "^4.3.0",'),
]


@pytest.mark.parametrize(("written", "path", "line"), NPM_SCOPES)
def test_an_npm_scope_is_part_of_the_package_as_written(written, path, line) -> None:
    assert evidence(f"Fail more quietly when {written} cannot load.", diff(path, line)) == [f"/{path}"]


def test_a_decorator_keeps_its_at() -> None:
    """`@command` is the decorator where it decorates, not every `command` of the file."""
    assert evidence("`@command` is annotated.", diff("src/click/core.py", "    command = self.get_command(ctx)")) == []


MEMBERS = [  # (language, the qualified name, path, the definition the change sits in, a changed line)
    (
        "Python",
        "payments.refunds.issue_refund",
        "src/payments/service.py",
        "def issue_refund(order):",
        "    refund_amount = round_half_even(total)",
    ),
    (
        "C#",
        "Contoso.Billing.InvoiceMailer.SendReminder",
        "src/Billing/Mailer.cs",
        "    public void SendReminder(Invoice invoice)",
        "        var refundAmount = Round(total);",
    ),
    (
        "Java",
        "org.acme.billing.Dunning.scheduleReminder",
        "src/main/java/org/acme/billing/Reminders.java",
        "    public void scheduleReminder(Invoice invoice) {",
        "        long refundAmount = round(total);",
    ),
    (
        "Go",
        "billing.Invoice.SendReminder",
        "billing/mail.go",
        "func (i *Invoice) SendReminder() error {",
        "\trefundAmount := round(total)",
    ),
    (
        "TypeScript",
        "billing.invoices.sendReminder",
        "src/billing/mail.ts",
        "export function sendReminder(invoice: Invoice) {",
        "  const refundAmount = round(total);",
    ),
    (
        "Ruby",
        "Billing/SendReminder",
        "lib/billing/mailer.rb",
        "  class SendReminder < Base",
        "      refund_amount = round(total)",
    ),
]


@pytest.mark.parametrize(("language", "name", "path", "definition", "line"), MEMBERS, ids=[m[0] for m in MEMBERS])
def test_a_qualified_name_meets_the_definition_of_its_last_part(language, name, path, definition, line) -> None:
    """The change sits in the definition the name's last part is: it shows the name (`trio.lowlevel.open_process`
    and `async def _open_process(`; `Minitest/MultipleAssertions` and `class MultipleAssertions < Base`)."""
    criterion = f"`{name}` rounds the refund amount half even."
    assert evidence(criterion, in_definition(path, definition, line)) == [f"/{path}"], language


def test_a_one_piece_last_part_is_no_definition_alone() -> None:
    """`Context.exit` is not any `def exit(`: a one-piece name is every class's."""
    criterion = "`Session.exit` rounds the refund amount half even."
    assert evidence(criterion, in_definition("src/app/runner.py", "def exit(code):", "    refund_amount = 1")) == []


def test_another_definition_shows_no_name() -> None:
    criterion = "`billing.invoices.sendReminder` rounds the refund amount half even."
    found = in_definition(
        "src/billing/mail.ts", "export function sendInvoice(invoice: Invoice) {", "  const refundAmount = 1;"
    )
    assert evidence(criterion, found) == []


ARGUMENTS = [  # (language, the type named, path, the definition the change sits in, changed line, the argument's name)
    ("Python", "structlog.stdlib.LoggerFactory", "src/structlog/stdlib.py", "",
     "        stacklevel: int | None = None,", "stacklevel"),
    ("Ruby", "LoggerFactory", "lib/rack/query_parser.rb", "class LoggerFactory",
     "      def initialize(params_class, recursive:)", "recursive"),
    ("Go", "LoggerFactory", "client/options.go", "type LoggerFactory struct {", "\tretries int", "retries"),
    ("TypeScript", "LoggerFactory", "src/fetch.ts", "export class LoggerFactory {", "  debounce?: number;", "debounce"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "named", "path", "definition", "line", "name"), ARGUMENTS, ids=[a[0] for a in ARGUMENTS]
)
def test_an_emphasized_argument_is_its_name(language, named, path, definition, line, name) -> None:
    """A changelog writes an argument's name in emphasis: "the *stacklevel* parameter". The type it names is where the
    change shows it (structlog's: the module's file, structlog/stdlib.py; elsewhere the definition git's hunk header
    shows): a type the change writes nowhere is other code (summary/evidence_unwritten.py)."""
    criterion = f"`{named}` now supports the *{name}* parameter."
    found = EvidenceFinder(parse_diff(in_definition(path, definition, line) if definition else diff(path, line)))
    assert [(f.path, name in f.terms) for f in found.find(criterion).files] == [(f"/{path}", True)], language


def test_emphasis_in_prose_names_no_code() -> None:
    """ "*never*" is emphasis: no code named, so the file saying what the criterion says stays its evidence."""
    criterion = "Card numbers are *never* written to the payment log."
    assert evidence(criterion, diff("src/payments/log.py", "    payment_log.write(mask(card_number))")) == [
        "/src/payments/log.py"
    ]


def rewrite(path: str, old: str, new: str) -> str:
    return diff(path, new, deleted=(old,))


CHANGES = [  # (language, path, the line before, the line after): "from 100 to 32"
    ("Ruby", "lib/rack/utils.rb", "    make_default(65536, 100)", "    make_default(65536, 32)"),
    (
        "C#",
        "src/QuickPulse/Processor.cs",
        "    private const int MaxDimensions = 100;",
        "    private const int MaxDimensions = 32;",
    ),
    ("Python", "src/app/limits.py", "DEPTH = 100", "DEPTH = 32"),
    ("TypeScript", "src/limits.ts", "export const depth = 100;", "export const depth = 32;"),
    ("Java", "src/main/java/Limits.java", "    static final int DEPTH = 100;", "    static final int DEPTH = 32;"),
    ("Go", "limits.go", "const depth = 100", "const depth = 32"),
    ("YAML", "config/limits.yml", "depth: 100", "depth: 32"),
]


@pytest.mark.parametrize(("language", "path", "old", "new"), CHANGES, ids=[c[0] for c in CHANGES])
def test_a_value_changed_from_one_to_another_is_the_line_that_changes_it(language, path, old, new) -> None:
    criterion = "Decrease the allowed recursion from 100 to 32."
    assert evidence(criterion, rewrite(path, old, new)) == [f"/{path}"], language


def test_a_value_changed_the_other_way_or_added_is_not_the_change() -> None:
    """ "from 3 to 10": neither number is enough alone (one digit, two); the change is the line that rewrites 3."""
    criterion = "Bump the dimensions from 3 to 10."
    assert evidence(criterion, rewrite("limits.go", "const n = 3", "const n = 10")) == ["/limits.go"]
    assert evidence(criterion, rewrite("limits.go", "const n = 10", "const n = 3")) == []
    assert evidence(criterion, diff("limits.go", "const n = 10")) == []
    assert evidence(criterion, rewrite("limits.go", "const n = 7", "const n = 10")) == []


PLACEHOLDERS = [  # (language, criterion, path, added line): a name with a placeholder, as a changelog writes one
    (
        "C#",
        "Recognize the `EXC_CTOR.<ExceptionType>` source in the trace records.",
        "src/Kusto/TraceRecordExtensions.cs",
        '            || sourceId?.StartsWith("EXC_CTOR.", StringComparison.Ordinal) == true;',
    ),
    (
        "TypeScript",
        "Recognize `xstate.after.<delay>` events.",
        "src/actions.ts",
        "  const id = `xstate.after.${delay}`;",
    ),
    (
        "Python",
        "Recognize `pytest.mark.<name>` marks.",
        "src/_pytest/mark/structures.py",
        '    warn(f"pytest.mark.{name}")',
    ),
    ("Ruby", "Recognize `Style/<Name>` cops.", "lib/rubocop/cop/registry.rb", '      "Style/#{name}"'),
    ("Go", "Recognize `otel.<signal>.exporter` keys.", "config/env.go", '\tkey := "otel." + signal + ".exporter"'),
    (
        "Java",
        "Recognize `spotbugs.<detector>.enabled` properties.",
        "src/main/java/Config.java",
        '        return props.get("spotbugs." + detector + ".enabled");',
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), PLACEHOLDERS, ids=[p[0] for p in PLACEHOLDERS])
def test_a_placeholder_after_a_name_is_no_part_of_it(language, criterion, path, line) -> None:
    """`EXC_CTOR.<ExceptionType>` is any `EXC_CTOR.` source: its fixed head is the name the diff writes (a
    placeholder inside a name, `otel.<signal>.exporter`, leaves it as it was)."""
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language

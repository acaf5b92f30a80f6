"""Issue 32's decoys out of sample, fifteenth session: a name a test writes in passing. A test about some code
writes its name again and again (its setup, its calls, its assertions) or asserts on it; a test naming the
criterion's one telling term on one line that asserts nothing (an import, a setup's argument, a fixture's constant)
uses it in passing: that line is no evidence alone (summary/evidence_file.in_file, its `by_words`). Each case failed
before its rule."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff

CRITERION = "`{name}` no longer throws when the ledger is empty."
CODE = ("src/billing/retention.py", "RETENTION_DAYS = 365")  # the change's own code, naming none of it
PASSING = [  # (language, a test's path, its one line naming the code in passing, a second line using it, the name)
    ("Java import", "src/test/java/org/acme/billing/InvoiceTest.java", "import org.acme.audit.LedgerVerifier;",
     "        LedgerVerifier.forClass(Invoice.class).verify();", "LedgerVerifier"),
    ("Python fixture's constant", "tests/billing/test_invoice.py", "    CHECKER_CLASS = LedgerChecker",
     "    checker = LedgerChecker(linter)", "LedgerChecker"),
    ("C# using", "tests/Billing.Tests/InvoiceTests.cs", "using Acme.Audit.LedgerVerifier;",
     "        var verifier = new LedgerVerifier();", "LedgerVerifier"),
    ("Go setup's argument", "billing/invoice_test.go", '\tledger := NewLedger(WithRounding("half-even"))',
     "\tledger = NewLedger(nil)", "NewLedger"),
    ("TypeScript import", "src/billing/invoice.test.ts", "import { LedgerVerifier } from '../audit/ledger';",
     "    const verifier = new LedgerVerifier();", "LedgerVerifier"),
    ("Ruby setup", "spec/billing/invoice_spec.rb", "  let(:ledger) { Audit::LedgerVerifier.new }",
     "    verifier = Audit::LedgerVerifier.new", "Audit::LedgerVerifier"),
    ("C# test project beside the code", "src/Acme.Billing.Tests/InvoiceFixture.cs", "using Acme.Audit.LedgerVerifier;",
     "        var verifier = new LedgerVerifier();", "LedgerVerifier"),  # review 16 F3: src/Moq.Tests/ is tests
]  # fmt: skip


def found(criterion: str, *files: tuple[str, ...]) -> list[str]:
    """The paths the criterion's evidence points at, in a change of these files (each a path and its added lines)."""
    finder = EvidenceFinder(parse_diff("".join(diff(*f) for f in files)))
    return [f.path for f in finder.find(criterion).files]


@pytest.mark.parametrize(("language", "path", "line", "again", "name"), PASSING, ids=[c[0] for c in PASSING])
def test_a_name_a_test_writes_once_in_passing_is_no_evidence(language, path, line, again, name) -> None:
    """equalsverifier's decoy (the fourth batch): "... so EqualsVerifier no longer throws `NoClassDefFoundError`"
    pointed at a nearby change's test importing `EqualsVerifier`; jackson-dataformats-text's "Add new
    `CsvParser.Feature.ALLOW_COMMENTS` ..." at a test's `.with(CsvParser.Feature.ALLOW_COMMENTS)` setting up its
    parser; pylint's at a test's `CHECKER_CLASS = FormatChecker`. A test writing the name on two lines is about it."""
    criterion = CRITERION.format(name=name)
    assert found(criterion, CODE, (path, line)) == [], language
    assert found(criterion, CODE, (path, line, again)) == [f"/{path}"], language


TEST_ISH = [  # (language, a test's path, its one line naming the code in passing beside a word starting "test")
    ("Java", "src/test/java/org/acme/billing/InvoiceTest.java", "import org.acme.testing.LedgerVerifier;",
     "LedgerVerifier"),
    ("Python", "tests/billing/test_invoice.py", "    CHECKER_CLASS = testing.LedgerChecker", "LedgerChecker"),
    ("C#", "tests/Billing.Tests/InvoiceTests.cs", "using Acme.Testing.LedgerVerifier;", "LedgerVerifier"),
    ("Go", "billing/invoice_test.go", '\ttestLedger := NewLedger(WithRounding("half-even"))', "NewLedger"),
    ("TypeScript", "src/billing/invoice.test.ts", "import { LedgerVerifier } from '../test-utils/ledger';",
     "LedgerVerifier"),
    ("Ruby", "spec/billing/invoice_spec.rb", "  let(:ledger) { TestSupport::LedgerVerifier.new }",
     "TestSupport::LedgerVerifier"),
    ("Java static import", "src/test/java/org/acme/billing/InvoiceTest.java",
     "import static org.acme.audit.LedgerVerifier.assertBalanced;", "LedgerVerifier"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "line", "name"), TEST_ISH, ids=[c[0] for c in TEST_ISH])
def test_a_word_starting_test_in_a_path_or_a_name_checks_nothing(language, path, line, name) -> None:
    """Review 16 F2: "test" read as a check wherever a word began with it, so a name imported from a testing
    package or kept in a `testLedger` stayed evidence alone; an import line (even one importing an assertion)
    checks nothing. A test defined or called on the line (`func TestX(`, `@Test`, `test("...`) still does."""
    assert found(CRITERION.format(name=name), CODE, (path, line)) == [], language


ASSERTING = [  # (language, a test's path, its one line asserting on the code, the name)
    ("Java", "src/test/java/org/acme/billing/InvoiceTest.java",
     "        assertThrows(LedgerException.class, () -> LedgerVerifier.verify(empty));", "LedgerVerifier"),
    ("C#", "tests/Billing.Tests/InvoiceTests.cs", "        Assert.Empty(LedgerVerifier.Verify(empty));",
     "LedgerVerifier"),
    ("Go", "billing/invoice_test.go", "\trequire.NoError(t, NewLedger(nil).Close())", "NewLedger"),
    ("Ruby", "spec/billing/invoice_spec.rb", "    expect { Audit::LedgerVerifier.new.verify }.not_to raise_error",
     "Audit::LedgerVerifier"),
    ("Python", "tests/billing/test_invoice.py", "    assert LedgerChecker(linter).check(empty) == []",
     "LedgerChecker"),
]  # fmt: skip


NAMING_A_TEST = [  # (language, a test's path, the line defining a test named for the criterion's words, the words)
    ("Ruby", "test/rubocop/cop/minitest/multiple_assertions_test.rb",
     "  def test_registers_offense_when_or_assigning_a_value", "or-assigning a value"),
    ("Python", "tests/billing/test_invoice.py", "def test_or_assigning_a_value(ledger):", "or-assigning a value"),
    ("Go", "billing/invoice_test.go", "func TestOrAssigningAValue(t *testing.T) {", "or-assigning a value"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "line", "words"), NAMING_A_TEST, ids=[c[0] for c in NAMING_A_TEST])
def test_a_line_defining_a_test_named_for_the_criterion_is_about_it(language, path, line, words) -> None:
    """rubocop-minitest's own entry ("... when using `||` assigning a value to a variable") rests on its test's
    `def test_..._assigning_a_value` (Ruby defines it without parentheses): naming a test is no name in passing."""
    assert found(f"Fix an error when {words} to a variable.", CODE, (path, line)) == [f"/{path}"], language


@pytest.mark.parametrize(("language", "path", "line", "name"), ASSERTING, ids=[c[0] for c in ASSERTING])
def test_a_test_asserting_on_the_name_once_stays_evidence(language, path, line, name) -> None:
    """A test's one line asserting on the code tests it (a change adding a test): it stays evidence."""
    assert found(CRITERION.format(name=name), CODE, (path, line)) == [f"/{path}"], language


@pytest.mark.parametrize(("language", "path", "line", "again", "name"), PASSING, ids=[c[0] for c in PASSING])
def test_a_change_of_tests_only_keeps_its_tests_line(language, path, line, again, name) -> None:
    """A change writing no code beside its tests is about what they say: its test's one line stays evidence."""
    assert found(CRITERION.format(name=name), (path, line)) == [f"/{path}"], language


NAMED_FOR = [  # (language, a test named for the code, its one line naming it in passing, the name)
    ("Java", "src/test/java/org/acme/audit/TestLedgerVerifier.java",
     "        final LedgerVerifier strict = LedgerVerifier.strict();", "LedgerVerifier.strict()"),
    ("C#", "tests/Audit.Tests/LedgerVerifierTests.cs", "        var strict = LedgerVerifier.Strict();",
     "LedgerVerifier.Strict()"),
    ("Python", "tests/audit/test_ledger_checker.py", "    CHECKER_CLASS = LedgerChecker", "LedgerChecker"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "line", "name"), NAMED_FOR, ids=[c[0] for c in NAMED_FOR])
def test_a_test_named_for_the_code_is_about_it(language, path, line, name) -> None:
    """jackson-core's own entry: "`JsonPointer.empty()` should NOT indicate match ..." rests on TestJsonPointer.java's
    `final JsonPointer empty = JsonPointer.empty();`: a test named for the code is about it, one line or many."""
    assert found(CRITERION.format(name=name), CODE, (path, line)) == [f"/{path}"], language


ACTING = [  # (language, the change's code, its test's lines: the act keeping a result, the check of it; the name)
    ("Go", ("internal/duration/units.go", "\tcase 'd':"),
     ("internal/duration/units_test.go", '\tgot, err := ParseDuration("3d")',
      "\tif err != nil || got != 72*time.Hour {", '\t\tt.Errorf("got %v, %v", got, err)'), "ParseDuration"),
    ("Python", ("src/acme/units.py", '    "d": 86400,'),
     ("tests/test_units.py", '    result = parse_duration("3d")', "    assert result == 259200"), "parse_duration"),
    ("Java", ("src/main/java/org/acme/Units.java", "        case 'd': return ChronoUnit.DAYS;"),
     ("src/test/java/org/acme/UnitsTest.java", '        Duration parsed = Durations.parse("3d");',
      "        assertEquals(Duration.ofDays(3), parsed);"), "Durations.parse"),
    ("TypeScript", ("src/units.ts", "  d: 86_400,"),
     ("test/units.test.ts", '  const got = parseDuration("3d");', "  expect(got).toBe(259200);"), "parseDuration"),
    ("C#", ("src/Acme/Units.cs", "        'd' => TimeSpan.FromDays(1),"),
     ("tests/Acme.Tests/UnitsTests.cs", '        var parsed = Durations.Parse("3d");',
      "        Assert.Equal(TimeSpan.FromDays(3), parsed);"), "Durations.Parse"),
    ("Ruby", ("lib/acme/units.rb", "    'd' => 86_400,"),
     ("spec/acme/units_spec.rb", "    parsed = Duration.parse('3d')", "    expect(parsed).to eq(259_200)"),
     "Duration.parse"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "code", "test", "name"), ACTING, ids=[c[0] for c in ACTING])
def test_a_tests_act_whose_result_the_next_lines_check_is_evidence(language, code, test, name) -> None:
    """Review 15 F4: Arrange-Act-Assert's act line calls the code on a line of its own and the check follows: where
    the fix sits beneath the named API (a unit table), the test is the one right pointer."""
    assert found(f"`{name}` accepts a day unit now.", code, test) == [f"/{test[0]}"], language

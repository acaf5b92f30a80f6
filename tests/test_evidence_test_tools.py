"""Issue 32's decoys, fourteenth session: a test's tools. A test checks what it tests with its framework's assertions
and matchers; a criterion naming one of them (a nearby change of a test library, or of a project's test helpers)
met on a test's line calling it, in a change whose own code never writes it, is the test's tool, no evidence
(summary/evidence_doubles.tooled, relevance/assertions.asserts). Each case failed before its rule."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.assertions import asserts
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff
from tests.diffs import in_definition

OWN = "Loyal customers get a `Discount` of ten percent off their order."
TOOL = "Improve the failure message of `{name}` for nested collections."
TOOLS = [  # (framework, the change's code file and line, its test's file and line, the tool the decoy names)
    ("C# xUnit", ("src/Billing/Discount.cs", "    public decimal Apply(decimal total) => total * 0.9m;"),
     ("tests/Billing.Tests/DiscountTests.cs", "        Assert.Equal(90m, new Discount().Apply(100m));"),
     "Assert.Equal"),
    ("C# NUnit", ("src/Billing/Discount.cs", "    public decimal Apply(decimal total) => total * 0.9m;"),
     ("tests/Billing.Tests/DiscountTests.cs",
      "        Assert.Throws<ArgumentOutOfRangeException>(() => new Discount().Apply(-1m));"), "Assert.Throws"),
    ("Java JUnit", ("src/main/java/org/acme/billing/Discount.java",
                    "    public double apply(double total) { return total * 0.9; }"),
     ("src/test/java/org/acme/billing/DiscountTest.java",
      "        assertEquals(90.0, new Discount().apply(100), 0.01);"),
     "assertEquals"),
    ("Java AssertJ", ("src/main/java/org/acme/billing/Discount.java",
                      "    public double apply(double total) { return total * 0.9; }"),
     ("src/test/java/org/acme/billing/DiscountTest.java",
      "        assertThat(new Discount().apply(100)).isEqualTo(90.0);"),
     "isEqualTo"),
    ("TypeScript Jest", ("src/billing/discount.ts", "export const applyDiscount = (total: number) => total * 0.9;"),
     ("src/billing/discount.test.ts", "    expect(applyDiscount(100)).toBeCloseTo(90);"), "toBeCloseTo"),
    ("Go testify", ("billing/discount.go", "func (d Discount) Apply(total float64) float64 { return total * 0.9 }"),
     ("billing/discount_test.go", "\tassert.InDelta(t, 90.0, Discount{}.Apply(100), 0.01)"), "assert.InDelta"),
    ("Go testify require", ("billing/discount.go",
                            "func (d Discount) Apply(total float64) float64 { return total * 0.9 }"),
     ("billing/discount_test.go", "\trequire.Equal(t, 90.0, Discount{}.Apply(100))"), "require.Equal"),
    ("Go Gomega", ("billing/discount.go", "func (d Discount) Apply(total float64) float64 { return total * 0.9 }"),
     ("billing/discount_test.go", '\tExpect(Discount{}.Apply(100)).To(BeNumerically("~", 90.0))'), "BeNumerically"),
    ("Ruby RSpec", ("lib/billing/discount.rb", "    def apply(total) = total * 0.9"),
     ("spec/billing/discount_spec.rb", "    expect(Discount.new.apply(100)).to be_within(0.01).of(90)"), "be_within"),
    ("Ruby RuboCop's RSpec", ("lib/rubocop/cop/style/discount.rb", "    def apply(total) = total * 0.9"),
     ("spec/rubocop/cop/style/discount_spec.rb", "    expect_offense(<<~RUBY)"), "expect_offense"),
    ("Ruby minitest", ("lib/billing/discount.rb", "    def apply(total) = total * 0.9"),
     ("test/billing/discount_test.rb", "    assert_in_delta 90, Discount.new.apply(100), 0.01"), "assert_in_delta"),
    ("Python unittest", ("src/billing/discount.py", "    def apply(self, total): return total * 0.9"),
     ("tests/test_discount.py", "        self.assertAlmostEqual(Discount().apply(100), 90)"), "assertAlmostEqual"),
    ("Python mock", ("src/billing/discount.py", "    def apply(self, total): return total * 0.9"),
     ("tests/test_discount.py", "        notify.assert_called_once_with(Discount().apply(100))"),
     "assert_called_once_with"),
]  # fmt: skip


def found(criterion: str, story: list[str], finder: EvidenceFinder) -> list[str]:
    """The paths the criterion's evidence points at, beside its story's other criteria."""
    siblings = [s for s in story if s != criterion]
    return [f.path for f in finder.find(criterion, work_item=siblings, siblings=siblings).files]


@pytest.mark.parametrize(("framework", "code", "test", "name"), TOOLS, ids=[c[0] for c in TOOLS])
def test_a_tests_assertion_is_not_its_change(framework, code, test, name) -> None:
    """rubocop-minitest's decoys (issue 32): "Provide `assert_offense`, ... and `assert_no_offenses` testing APIs"
    pointed at `assert_no_offenses(<<~RUBY)` in a cop's test, "Raise a useful error when using a Cop in
    `AssertOffense`" at `assert_offense(<<~RUBY)`: the change's code never writes them, its tests call them to check
    another cop. Where the change's own code writes the tool (the project is its library), the test's line is
    evidence again (its file beside the change's code: `Tools.cs`, `Tools.java`, ...)."""
    story = [OWN, TOOL.format(name=name)]
    finder = EvidenceFinder(parse_diff(diff(*code) + diff(*test)))
    assert found(story[1], story, finder) == [], framework
    assert f"/{code[0]}" in found(story[0], story, finder), framework
    folder, extension = code[0].rsplit("/", 1)[0], code[0][code[0].rindex(".") :]
    library = diff(f"{folder}/Tools{extension}", f"    {name}(actual, expected)")
    writing = parse_diff(diff(*code) + library + diff(*test))
    assert f"/{test[0]}" in found(story[1], story, EvidenceFinder(writing)), framework


TESTED = "`{name}` takes ten percent off the order."
ARGUMENTS = [  # (framework, a test's line asserting on the code, the code it calls, which the change does not write)
    ("C# xUnit", "tests/Billing.Tests/DiscountTests.cs", "        Assert.Equal(90m, Pricing.ApplyLoyalty(100m));",
     "Pricing.ApplyLoyalty"),
    ("Java AssertJ", "src/test/java/org/acme/billing/DiscountTest.java",
     "        assertThat(Pricing.applyLoyalty(100)).isEqualTo(90.0);", "Pricing.applyLoyalty"),
    ("TypeScript Jest", "src/billing/discount.test.ts", "    expect(applyLoyalty(100)).toBeCloseTo(90);",
     "applyLoyalty"),
    ("Go testify", "billing/discount_test.go", "\tassert.InDelta(t, 90.0, ApplyLoyalty(100), 0.01)", "ApplyLoyalty"),
    ("Ruby RSpec", "spec/billing/discount_spec.rb", "    expect(Pricing.apply_loyalty(100)).to eq(90)",
     "Pricing.apply_loyalty"),
    ("Python unittest", "tests/test_discount.py", "        self.assertAlmostEqual(apply_loyalty(100), 90)",
     "apply_loyalty"),
]  # fmt: skip


@pytest.mark.parametrize(("framework", "path", "line", "name"), ARGUMENTS, ids=[c[0] for c in ARGUMENTS])
def test_the_code_an_assertion_checks_stays_evidence(framework, path, line, name) -> None:
    """The code a test asserts on (the assertion's argument, the subject of `expect(...)`) is what the test tests:
    a criterion naming it keeps the test's line, though the change's code never writes it (a change adding a test)."""
    code = diff("src/billing/notes.txt.py", "    NOTE = 'loyalty pricing is tested'")
    finder = EvidenceFinder(parse_diff(code + diff(path, line)))
    assert found(TESTED.format(name=name), [], finder) == [f"/{path}"], framework


LINES = [  # (a test's line, a name, whether the line asserts with it)
    ("    assert_offense(<<~RUBY)", "AssertOffense", True),  # minitest's mixin, by its words
    ("    assert_no_offenses 'x = 1'", "assert_no_offenses", True),  # Ruby's bare arguments
    ("    await a.Should().ThrowAsync<InvalidOperationException>();", "ThrowAsync", True),  # FluentAssertions
    ("    expect(render()).not.toHaveBeenCalledWith(1);", "toHaveBeenCalledWith", True),  # Jest, negated
    ("    expect { run }.not_to raise_error", "raise_error", True),  # RSpec, negated
    ("    Assertions.assertThrows(IllegalStateException.class, () -> close());", "assertThrows", True),  # JUnit 5
    ("        CollectionAssert.AreEquivalent(expected, actual);", "CollectionAssert.AreEquivalent", True),  # NUnit
    ("    expect_no_offenses('x = 1')", "expect_no_offenses", True),  # RuboCop's RSpec helpers: a bare expect...
    ("    expectTypeOf(total(cart)).toEqualTypeOf<number>();", "expectTypeOf", True),  # Vitest's
    ('    Element p = doc.expectFirst("p");', "Elements.expectFirst", False),  # jsoup's, a method of its own
    ("    const path = require.resolve('./plugin');", "require.resolve", False),  # Node's module resolution
    ("    expect(total(cart)).toBe(12.5);", "total", False),  # the code the assertion is about
    ("    assertEquals(12.5, Totals.round(invoice));", "Totals.round", False),  # an argument
    ("    def assert_offense(source)", "assert_offense", False),  # defining it: a double's or the library's
    # the subject reached through a call, and a call in the expected value, are what is asserted on (review 14 F1)
    ("        assertThat(parser.parse(input).getWarnings()).isEmpty();", "getWarnings", False),  # AssertJ
    ("    expect(createStore(reducer).getState().cartTotal).toBe(0);", "getState", False),  # Jest
    ('    expect(screen.getByRole("status").textContent).toBe("Paid");', "textContent", False),  # Jest
    ("\tExpect(client.Do(req).StatusCode).To(Equal(200))", "StatusCode", False),  # Gomega
    ("    expect(Invoice.issue(order).total_due).to eq(90)", "total_due", False),  # RSpec
    ("    expect(invoice.total).toEqual(Pricing.of(order).applyLoyalty(100));", "applyLoyalty", False),  # Jest
    ("\tExpect(client.Do(req).StatusCode).To(Equal(200))", "Equal", True),  # Gomega's matcher still
    ("        assertThat(parser.parse(input)).isNotNull().isEqualTo(expected);", "isEqualTo", True),  # AssertJ's chain
    ("    # assert_offense checks the cop", "assert_offense", False),  # no call
]


@pytest.mark.parametrize(("line", "name", "expected"), LINES)
def test_an_assertion_as_each_framework_calls_it(line, name, expected) -> None:
    """The assertion a line calls, by its name (assert..., refute...) or its holder's (Assert., assert., testify's
    require.), and the matcher it applies (after `expect(...)`, `assertThat(...)`, `.Should()`, RSpec's `to`)."""
    assert asserts(line, name) is expected


FIX = "Prevent multiple enumeration of the subject in `{name}`."
OWN_TESTS = [  # (framework, the library's changed code, its test file, the definition the test's lines sit in, the
    # test's line, the assertion): the change fixes the assertion beneath it, its test is named for it
    ("C# FluentAssertions", ("Src/Collections/GenericCollectionAssertions.cs", "        var items = Subject.ToList();"),
     "Tests/Specs/CollectionAssertionSpecs.ContainSingle.cs", "", "        subject.Should().ContainSingle();",
     "ContainSingle()"),
    ("Ruby minitest", ("lib/rubocop/minitest/support.rb", "      items = subject.to_a"),
     "test/rubocop/minitest/assert_offense_test.rb", "", "    assert_offense(<<~RUBY)", "AssertOffense"),
    ("TypeScript Jest", ("packages/expect/src/utils.ts", "  const items = Array.from(subject);"),
     "packages/expect/src/__tests__/toContainEqual.test.ts", "", "    expect(items).toContainEqual(1);",
     "toContainEqual"),
    ("Go testify", ("assert/enumerate.go", "\titems := collect(subject)"), "assert/assertions_test.go",
     "func TestElementsMatch(t *testing.T) {", "\tassert.ElementsMatch(t, []int{1}, items)", "assert.ElementsMatch"),
    ("Java AssertJ", ("src/main/java/org/assertj/core/internal/Iterables.java",
                      "    List<Object> items = newArrayList(subject);"),
     "src/test/java/org/assertj/core/api/IterableAssertTest.java", "class ContainsExactlyTest {",
     "    assertThat(items).containsExactly(1);", "containsExactly"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("framework", "code", "path", "scope", "line", "name"), OWN_TESTS, ids=[c[0] for c in OWN_TESTS]
)
def test_an_assertions_own_test_stays_evidence(framework, code, path, scope, line, name) -> None:
    """fluentassertions' own entry (issue 32): "Prevent multiple enumeration of `IEnumerable`s in parameter-less
    `ContainSingle()`" changed the code beneath the assertion and pointed at its test,
    CollectionAssertionSpecs.ContainSingle.cs, calling `.Should().ContainSingle()`: a test named for the assertion (its
    file, or the definition its lines sit in) is about it, not using it as a tool."""
    test = in_definition(path, scope, line) if scope else diff(path, line)
    finder = EvidenceFinder(parse_diff(diff(*code) + test))
    assert f"/{path}" in found(FIX.format(name=name), [], finder), framework


@pytest.mark.parametrize(
    ("unit", "name", "asserting"),
    [
        ("expect(toBe, ", "toBe", False),
        ("expect(cart).toBe(1); ", "toBe", True),
        ("assertThat(f(g(x)).isNull(", "isNull", False),
    ],
)
def test_a_long_test_line_matches_its_parentheses_once(unit: str, name: str, asserting: bool) -> None:
    """Review 14 F4: each place of the name walked every assertion head before it to its closing parenthesis, 2.75 s
    of CPU on a 26 KB line of unclosed heads (`expect(toBe, ` 2,000 times); the line's parentheses are matched in one
    pass, each head's closing one then looked up: the answer here, its cost benchmarks/assertions_scale.py's."""
    line = unit * (26_000 // len(unit))
    assert asserts(line, name) is asserting

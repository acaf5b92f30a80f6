"""Pure: a test's tools as each test framework writes them: the assertion a test line calls and the matcher that
assertion applies, never the code the assertion is about (in its arguments).

    asserts("        Assert.Equal(12.5m, invoice.Total);", "Assert.Equal")             # True: xUnit's, NUnit's
    asserts("        assertEquals(12.5, invoice.total());", "assertEquals")              # True: JUnit's
    asserts("        assertThat(invoice.total()).isEqualTo(12.5);", "isEqualTo")         # True: AssertJ's matcher
    asserts("    expect(total(cart)).toBeCloseTo(12.5);", "toBeCloseTo")                 # True: Jest's matcher
    asserts("\trequire.NoError(t, err)", "require.NoError")                                # True: Go's testify
    asserts("\tExpect(err).To(MatchError(ErrOverdue))", "MatchError")                     # True: Go's Gomega
    asserts("    expect { invoice.total }.to raise_error(Overdue)", "raise_error")         # True: RSpec's matcher
    asserts("    assert_offense(<<~RUBY)", "AssertOffense")                     # True: minitest's, by its words
    asserts("    expect(total(cart)).toBe(12.5);", "total")                                # False: the code asserted on
    asserts("        assertEquals(12.5, Totals.round(invoice));", "Totals.round")            # False: an argument

An assertion is a call named for asserting (assert..., refute...: JUnit's `assertEquals`, minitest's `assert_equal`,
Python's `assertEqual`, a mock's `assert_called_once_with`; expect... where it opens the statement, called on nothing:
RuboCop's `expect_offense`, Vitest's `expectTypeOf`, never a method such as jsoup's `doc.expectFirst`) or a member of
a type or package of assertions (xUnit's and NUnit's `Assert.`, `CollectionAssert.`, JUnit's `Assertions.`, Node's
and testify's `assert.`; testify's `require.`, its members exported: Node's `require.resolve` is no assertion). A
matcher is the call an assertion
chain applies after its subject (`expect(x).toBe`, `expect(x).not.toThrow`, `assertThat(x).isEqualTo`,
`x.Should().Be`), after RSpec's `to`, `not_to` or `should`, or inside Gomega's `To(`. A name is compared by its last
part's words (`AssertOffense` is `assert_offense`).

    tests_of("ContainSingle()", "/Tests/Specs/CollectionAssertionSpecs.ContainSingle.cs")   # True: its own test
    tests_of("AssertOffense", "/test/rubocop/minitest/assert_offense_test.rb")               # True
    tests_of("toThrowError", "/packages/expect/src/__tests__/toThrowMatchers.test.ts")      # False

An assertion library's tests check each assertion with the others, and the test of one is named for it (its file, its
name's test affixes and extension aside, or one of its dotted parts): there the assertion is what the test is about.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from doc_context.relevance.definitions import defines
from doc_context.relevance.names import qualified, whole
from doc_context.relevance.words import parts, pieces

_COMMENT = re.compile(r"\s*(?:#|//|/\*|\*|--)")  # a comment's line names a call, it makes none
_TEST_AFFIXES = re.compile(
    r"^(?:tests?_|Test(?=[A-Z]))|[._-](?:test|tests|spec|specs)$|(?<=[a-z0-9])(?:Tests?|Specs?)$"
)
_REACH = 400  # characters read before a name for its assertion: one statement's (a minified line is no test's)
_VERBS = frozenset({"assert", "refute"})  # what an assertion's own name begins with
_HOLDERS = frozenset({"assert", "assertions"})  # the last piece of a type or package of assertions (ClassicAssert)
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
_CALLED = re.compile(  # a call: its arguments in parentheses (type arguments aside), or Ruby's and Python's bare ones
    r"\s*(?:<[^<>()]*>)?\s*\(|\s+(?:<<[~-]?[A-Z]|[\w\"':@\[{(!])"
)
_HEAD = re.compile(r"\b(?:expect|assertThat|Expect|Should|Eventually|Consistently)\s*(?:<[^<>()]*>)?\s*\(")
_APPLIED = re.compile(r"\s*\.\s*[A-Za-z_$][\w$]*\s*\(")  # a matcher applied before (AssertJ's `.isNotNull().`)
_CHAINED = re.compile(r"(?:\s*\.\s*(?:not|resolves|rejects|Not|And|and))*\s*\.\s*")  # `).not.`: the next is one
_RSPEC = re.compile(r"(?:\.(?:to|not_to|to_not)|\bshould(?:_not)?)\s*\(?\s*$")  # `expect(x).to eq(1)`, `should be`
_PARENS = re.compile(r"[()]")
_GOMEGA = re.compile(r"\s*\.(?:To|ToNot|NotTo|Should|ShouldNot)\(\s*")  # `Expect(err).To(MatchError(`


def asserts(line: str, name: str) -> bool:
    """Whether the line calls the name (its last part) as the assertion it makes or the matcher the assertion
    applies: the test's tool, not what it tests."""
    found = qualified(name)
    if not found or _COMMENT.match(line) or defines(line, name):
        return False
    last = found[-1]
    named = [at for at in _IDENTIFIER.finditer(line) if _same(at.group(), last)]
    closing = _closings(line) if named else {}  # read once a line, not from each head for each of the name's places
    return any(_tool(line, at, closing) for at in named)


def tests_of(name: str, path: str) -> bool:
    """Whether a test file is named for the name: its file's name, test affixes and extension aside, or a dotted part
    of it (`CollectionAssertionSpecs.ContainSingle.cs`)."""
    found = qualified(name)
    if not found:
        return False
    base = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    base = _TEST_AFFIXES.sub("", base)
    return any(_same(part, found[-1]) for part in [base, *base.split(".")] if part)


def _same(written: str, name: str) -> bool:
    """Whether a line's identifier is the name: its pieces, or its words (`assert_offense` is `AssertOffense`)."""
    return whole(written) == whole(name) or parts(written) == parts(name) != []


def _tool(line: str, at: re.Match[str], closing: dict[int, int]) -> bool:
    """Whether the identifier found at `at` is called as an assertion (by its name or its holder's) or is the matcher
    an assertion applies (`closing`: the line's parentheses matched, _closings)."""
    start = max(at.start() - _REACH, 0)
    before, written = line[start : at.start()], at.group()
    if _RSPEC.search(before) or _past_subject(before, lambda k: _closed(closing, start, k, len(before))):
        return True
    if not _CALLED.match(line, at.end()):
        return False
    first = pieces(written)[0].lower()
    if first in _VERBS or (first == "expect" and not before.strip()):  # a bare expect... opening the statement
        return True
    holder = re.search(r"([A-Za-z_$][\w$]*)\s*\.\s*$", before)
    if holder is None:
        return False
    return pieces(holder.group(1))[-1].lower() in _HOLDERS or (holder.group(1) == "require" and written[0].isupper())


def _past_subject(before: str, closed: Callable[[int], int | None]) -> bool:
    """Whether what a line holds before a name ends an assertion's head and its subject (`expect(...)`, the head's
    own closing parenthesis, not one inside the subject: `expect(store.getState().total)`), then the matchers
    applied since, and leads to a matcher (`.`, `.not.`, Gomega's `.To(`). `closed(k)`: where the parenthesis opened
    just before k closes in `before`, past it (None when `before` ends inside it)."""
    for head in _HEAD.finditer(before):
        at = closed(head.end())
        while at is not None:
            if _CHAINED.fullmatch(before, at) or _GOMEGA.fullmatch(before, at):
                return True
            applied = _APPLIED.match(before, at)
            at = closed(applied.end()) if applied else None
    return False


def _closings(line: str) -> dict[int, int]:
    """Each opening parenthesis' closing one, by their indexes, in one pass over the line (a stack): an assertion's
    head and the matchers after it are matched by lookup, never by a walk from each (review 14 F4: each place of the
    name walked every head before it to its end)."""
    found: dict[int, int] = {}
    opened: list[int] = []
    for paren in _PARENS.finditer(line):
        if paren.group() == "(":
            opened.append(paren.start())
        elif opened:
            found[opened.pop()] = paren.start()
    return found


def _closed(closing: dict[int, int], start: int, at: int, length: int) -> int | None:
    """Where the parenthesis opened just before `at` in a line's window (from `start`, `length` characters) closes in
    it, past it; None when the window ends inside it."""
    end = closing.get(start + at - 1)
    return end - start + 1 if end is not None and end - start < length else None

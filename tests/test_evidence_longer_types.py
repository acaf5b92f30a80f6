"""Issue 32's wrong pointers, eighth session, in every language: a type named by a criterion, met inside a longer
type's name. A test fakes a type (`FakeSessionStore`, `InMemorySessionStore`), a library derives one
(`TypedDocumentNode<User>`, `ReadOnlySessionStore`): another type, whose name ends in the one a criterion names. In
code, a name beginning upper case that ends an identifier beginning upper case with other pieces is that other
type's (a compound's head is its last piece: a typed document node is a kind of node), unless the identifier is
called as a function where a language constructs with `new` (Go's `NewFloat64Value(x)`, C#'s `CreateSessionStore()`:
a factory of the type named; in Python, Kotlin or Swift a class called is constructed, `InMemorySessionStore()`); a
name going on after it (`IDurableTaskClientBuilder`, `SessionStoreTest`) is a thing of it, as before, and a single `I`
before it is C#'s mark of its interface (`ISessionStore`). Each case is one changed file and one criterion; each
failed before its rule."""

from __future__ import annotations

import pytest

from doc_context.relevance.names import spelled
from tests.evidence_paths import evidence_in

STORE = "`SessionStore` evicts expired sessions first."
NODE = "Fix comparing `DocumentNode`s by reference in `refetchQueries`."

LONGER = [  # (language, criterion, path, a line writing a longer type's name holding the named one, the name itself)
    ("TypeScript", NODE, "src/react/hooks/__tests__/useFragment.test.tsx",
     "    const fragment: TypedDocumentNode<User> = gql`fragment U on User { id }`;",
     "    const fragment: DocumentNode = gql`fragment U on User { id }`;"),
    ("TypeScript", STORE, "test/sessions.test.ts", "  const store = new FakeSessionStore();",
     "  const store: SessionStore = new FakeStore();"),
    ("C#", STORE, "test/Acme.Web.Tests/LoginTests.cs", "        var store = new InMemorySessionStore();",
     "        SessionStore store = Build();"),
    ("Java", STORE, "src/test/java/org/acme/web/LoginTest.java",
     "        FakeSessionStore store = new FakeSessionStore();", "        SessionStore store = build();"),
    ("Go", STORE, "internal/web/login_test.go", "\tvar store ReadOnlySessionStore = open(t)",
     "\tvar store SessionStore = open(t)"),
    ("Go", STORE, "internal/web/login_test.go", "\tstore := &fakeSessionStore{expired: expired}",
     "\tstore := SessionStore{expired: expired}"),
    ("TypeScript", NODE, "src/core/__tests__/QueryManager.test.ts", "    const mockDocumentNode = parse(query);",
     "    const node: DocumentNode = parse(query);"),
    ("Python", STORE, "tests/test_login.py", "    store = InMemorySessionStore()",  # a class called: constructed
     "    store = SessionStore()"),
    ("Kotlin", STORE, "src/test/kotlin/acme/web/LoginTest.kt", "        val store = InMemorySessionStore()",
     "        val store = SessionStore()"),
    ("Ruby", STORE, "spec/web/login_spec.rb", "    store = InMemorySessionStore.new", "    store = SessionStore.new"),
]  # fmt: skip

NAMED = [  # (language, criterion, path, a line writing the named type's own interface): C#'s `I` mark
    ("C#", "`DurableTaskClient` retries a failed orchestration start.", "src/Worker/Worker.cs",
     "    public Worker(IDurableTaskClient client)"),
    ("C#", STORE, "src/Acme.Web/LoginController.cs", "    public LoginController(ISessionStore store)"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "longer", "named"), LONGER, ids=[x[0] for x in LONGER])
def test_a_longer_types_name_is_another_type(language, criterion, path, longer, named) -> None:
    assert evidence_in(criterion, path, longer) == [], language
    assert evidence_in(criterion, path, named) == [f"/{path}"], language


@pytest.mark.parametrize(("language", "criterion", "path", "line"), NAMED, ids=[x[0] for x in NAMED])
def test_an_interface_of_the_named_type_is_it(language, criterion, path, line) -> None:
    assert evidence_in(criterion, path, line) == [f"/{path}"], language


SPELLED = [  # (line, name, in code: whether the line writes the name)
    ("val := NewFloat64Value(x)", "Float64Value", True),  # Go's constructor, called
    ("var s = CreateSessionStore();", "SessionStore", True),  # a factory, called
    ("const fragment: TypedDocumentNode<User> = q;", "DocumentNode", False),
    ("var store = new InMemorySessionStore();", "SessionStore", False),  # constructed: the longer type's
    ("store := &fakeSessionStore{}", "SessionStore", False),  # Go's unexported fake
    ("store := newSessionStore(db)", "SessionStore", True),  # an unexported factory, called
    ("store := sessionStore.Open()", "SessionStore", False),  # a variable of it is not the type, as before
    ("class SessionStoreTest {", "SessionStore", True),  # more pieces after the name: its test, as before
    ("IDurableTaskClientBuilder builder = Build();", "DurableTaskClient", True),  # its builder: a thing of it
    ("public Worker(IDurableTaskClient client)", "DurableTaskClient", True),  # C#'s interface mark, `I`
    ("class DurableTaskClient : IDurableTaskClient", "DurableTaskClient", True),
    ("public LoginController(ISessionStore store)", "SessionStore", True),
    ("store = InMemorySessionStore.new", "SessionStore", False),  # Ruby constructs by `.new`
]


@pytest.mark.parametrize(("line", "name", "expected"), SPELLED)
def test_a_name_inside_a_longer_identifier(line, name, expected) -> None:
    assert spelled(line, name, cased=True) is expected
    assert spelled(line, name) is True  # out of code (a document, configuration): read as before


IN_FILES = [  # (line, name, its file, in code: whether the line writes the name): a call, by the language's shape
    ("store = InMemorySessionStore()", "SessionStore", "tests/test_login.py", False),  # Python: a class called
    ("val store = InMemorySessionStore()", "SessionStore", "src/LoginTest.kt", False),  # Kotlin constructs alike
    ("let store = InMemorySessionStore()", "SessionStore", "Tests/LoginTests.swift", False),  # and Swift
    ("val store = createSessionStore(db)", "SessionStore", "src/LoginTest.kt", True),  # a function: a factory
    ("var s = CreateSessionStore();", "SessionStore", "src/Login.cs", True),  # C# constructs with `new`
    ("val := NewFloat64Value(x)", "Float64Value", "internal/value.go", True),  # Go's exported function
]


@pytest.mark.parametrize(("line", "name", "path", "expected"), IN_FILES)
def test_a_call_constructs_where_the_language_constructs_by_calling(line, name, path, expected) -> None:
    assert spelled(line, name, cased=True, path=path) is expected

"""Issue 32's wrong pointers, eighth session, in every language: a type named by a criterion, met inside a longer
type's name. A test fakes a type (`FakeSessionStore`, `InMemorySessionStore`), a library derives one
(`TypedDocumentNode<User>`, `ReadOnlySessionStore`): another type, whose name ends in the one a criterion names. In
code, a name beginning upper case that ends an identifier beginning upper case with other pieces is that other
type's (a compound's head is its last piece: a typed document node is a kind of node), unless the identifier is
called as a function (Go's `NewFloat64Value(x)`, C#'s `CreateSessionStore()`: a factory of the type named); a name
going on after it (`IDurableTaskClientBuilder`, `SessionStoreTest`) is a thing of it, as before. Each case is one
changed file and one criterion; each failed before its rule."""

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
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "longer", "named"), LONGER, ids=[x[0] for x in LONGER])
def test_a_longer_types_name_is_another_type(language, criterion, path, longer, named) -> None:
    assert evidence_in(criterion, path, longer) == [], language
    assert evidence_in(criterion, path, named) == [f"/{path}"], language


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
]


@pytest.mark.parametrize(("line", "name", "expected"), SPELLED)
def test_a_name_inside_a_longer_identifier(line, name, expected) -> None:
    assert spelled(line, name, cased=True) is expected
    assert spelled(line, name) is True  # out of code (a document, configuration): read as before

"""Issue 32's recall, ninth session: a qualified name whose last part is a type's name (`acme.sessions.SessionStore`,
`org.acme.sessions.SessionStore`, a lower case package before it) meets the code writing the type alone, as code that
imports it or lives in its package does (`SessionStore(ttl=300)`, `new SessionStore(...)`): a type's name of two pieces
or more is that name, read whole and in its case. Not after a capitalised part: C#'s namespaces and types are written
alike (`HttpClientFactory.CreateClient` is a type's member, relevance/members.py). A key's last part alone stays weak in
code (`max_attempts` of `payments.retry.max_attempts`: any name)."""

from __future__ import annotations

import pytest

from tests.diffs import changed as diff
from tests.evidence_paths import evidence as evidence_paths

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")


def evidence(criterion: str, *files: str) -> list[str]:
    return evidence_paths(criterion, *files, siblings=SIBLINGS)


ALONE = [  # (language, criterion, file, the one added line, writing the type alone)
    ("Python", "`acme.sessions.SessionStore` keeps its TTL.", "tests/test_store.py", "    s = SessionStore(ttl=300)"),
    ("Java", "`org.acme.sessions.SessionStore` keeps its TTL.", "src/test/java/org/acme/StoreTest.java",
     "        SessionStore s = new SessionStore(300);"),
    ("Go", "`acme/sessions.SessionStore` keeps its TTL.", "sessions/store.go", "\tvar s SessionStore"),
    ("TypeScript", "`acme.sessions.SessionStore` keeps its TTL.", "src/app.ts", "  const s = new SessionStore(300);"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), ALONE, ids=[a[0] for a in ALONE])
def test_a_qualified_types_name_meets_the_type_written_alone(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


@pytest.mark.parametrize(
    ("criterion", "path", "line"),
    [
        ("`payments.retry.max_attempts` is 5.", "src/retry.py", "    max_attempts = compute()"),  # a key's last part
        ("`acme.sessions.SessionStore` keeps its TTL.", "src/app.ts", "  const s = sessionStore(300);"),  # its case
        ("`acme.sessions.SessionStore` keeps its TTL.", "src/app.ts", "  const s = new RedisSessionStore(300);"),
    ],
)
def test_only_the_types_name_whole_in_its_case(criterion: str, path: str, line: str) -> None:
    assert evidence(criterion, diff(path, line)) == []

"""Issue 32's wrong pointers, twelfth session: files that show a project's API rather than change it. A sample or
an example (samples/, examples/, Go's example_test.go) writes the project's names as a user does, whatever the
change is about; an API report (api-extractor's *.api.md) lists every exported name with its signature. Each is
evidence beside the code it shows, never alone, as a generated file is (summary/evidence_file.py,
relevance/file_kinds.shows_api). Each first case failed before the rule."""

from __future__ import annotations

import pytest

from tests.diffs import changed
from tests.evidence_paths import evidence

CRITERION = "`SessionStore` keeps sessions for a day."

SHOWN = [  # (language, a file showing the API, its line writing the name, the type's own file, its changed line)
    ("C#", "samples/Acme.Sample/Program.cs", "var store = new SessionStore(connection);",
     "src/Acme/SessionStore.cs", "    public TimeSpan Lifetime { get; } = TimeSpan.FromDays(1);"),
    ("Go", "example_test.go", "\tstore := acme.NewSessionStore(db)",
     "session_store.go", "\tlifetime: 24 * time.Hour,"),
    ("Java", "examples/src/main/java/org/acme/example/Demo.java", "        SessionStore store = new SessionStore(db);",
     "src/main/java/org/acme/SessionStore.java", "    private final Duration lifetime = Duration.ofDays(1);"),
    ("Python", "examples/demo.py", "store = SessionStore(db)",
     "acme/session_store.py", "    lifetime = timedelta(days=1)"),
    ("TypeScript", "examples/basic/index.ts", "const store = new SessionStore(db);",
     "src/sessionStore.ts", "  lifetime = 24 * HOUR;"),
    ("Ruby", "examples/demo.rb", "store = Acme::SessionStore.new(db)",
     "lib/acme/session_store.rb", "    LIFETIME = 1.day"),
    ("TypeScript", "etc/acme.api.md", "export class SessionStore {",
     "src/sessionStore.ts", "  lifetime = 24 * HOUR;"),
]  # fmt: skip


def rest(path: str) -> str:
    """Three other files of the change, so that the name is no topic of the whole change."""
    extension = path.rpartition(".")[2]
    return "".join(changed(f"src/part{k}.{extension}", f"ledger{k} = open_ledger({k})") for k in range(3))


@pytest.mark.parametrize(("language", "shown", "line", "own", "change"), SHOWN, ids=[f"{s[0]}-{s[1]}" for s in SHOWN])
def test_a_file_showing_the_api_is_no_evidence_alone(language, shown, line, own, change) -> None:
    assert evidence(CRITERION, changed(shown, line), rest(shown)) == [], language


@pytest.mark.parametrize(("language", "shown", "line", "own", "change"), SHOWN, ids=[f"{s[0]}-{s[1]}" for s in SHOWN])
def test_it_is_evidence_beside_the_code_it_shows(language, shown, line, own, change) -> None:
    found = evidence(CRITERION, changed(own, change), changed(shown, line), rest(shown))
    assert sorted(found) == sorted([f"/{own}", f"/{shown}"]), language


@pytest.mark.parametrize(
    ("language", "path", "line"),
    [  # a package or a module named so, no sample (review 12 F2)
        ("Java", "src/main/java/com/example/billing/SessionStore.java", "    private Duration lifetime = ofDays(1);"),
        ("Kotlin", "app/src/main/kotlin/org/example/SessionStore.kt", "    val lifetime = Duration.ofDays(1)"),
        ("Python", "src/stats/sample/session_store.py", "SessionStore.lifetime = timedelta(days=1)"),
    ],
)
def test_a_folder_named_example_inside_the_code_is_no_sample(language: str, path: str, line: str) -> None:
    assert evidence(CRITERION, changed(path, line), rest(path)) == [f"/{path}"], language


def test_a_change_that_is_an_example_has_its_evidence_there() -> None:
    """The change writes an example and nothing else: the example is its own work (failing before: no evidence)."""
    shown = "examples/sessions/demo.py"
    example = changed(shown, "store = SessionStore(db, lifetime=timedelta(days=1))")
    assert evidence(CRITERION, example) == [f"/{shown}"]
    # its changelog entry and a setting beside it (failing before: they counted as code that is no example)
    beside = changed("CHANGES.md", "- The sessions example keeps a store.") + changed("setup.cfg", "examples = true")
    assert evidence(CRITERION, example, beside) == [f"/{shown}"]


EXAMPLES = [s for s in SHOWN if not s[1].endswith(".api.md")]


@pytest.mark.parametrize(
    ("language", "shown", "line", "own", "change"), EXAMPLES, ids=[f"{s[0]}-{s[1]}" for s in EXAMPLES]
)
def test_a_criterion_about_the_example_has_its_evidence_there(language, shown, line, own, change) -> None:
    """A criterion naming the example ("The example shows ...") is about it, in a change that touches code too (review
    12 F2's second residual; failing before: no evidence)."""
    kind = "sample" if "sample" in shown.lower() else "example"
    criterion = f"The {kind} shows how `SessionStore` keeps sessions for a day."
    assert evidence(criterion, changed(shown, line), rest(shown)) == [f"/{shown}"], language
    # "for example" names no example; "sampling" no sample
    # nor does an example address ("https://example.com/done", "ops@example.org": review 13 F3)
    for said in (
        "For example, `SessionStore` keeps sessions for a day.",
        "`SessionStore` keeps sampling for a day.",
        "`SessionStore` sends the user to https://example.com/done after a day.",
        "`SessionStore` mails ops@example.org after a day.",
        "`SessionStore` reads sample.acme.io after a day.",
    ):
        assert evidence(said, changed(shown, line), rest(shown)) == [], (language, said)

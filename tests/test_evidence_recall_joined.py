"""Issue 32's recall, tenth session: a name written as one word. A changelog writes a name of two words run together,
as its readers say it ("the filescope", "Freebuilder support", "the heartbeat"); the code writes it as one identifier
of its pieces (`fileScope`, `FreeBuilder`, `sendHeartBeat`, `file_scope`). The word is that name: it weighs as a
name does (enough alone), where a line's identifier joins its pieces; written as the word itself (a package
`freebuilder`, a comment's "filescope") it stays a rare word, as a word any prose may say."""

from __future__ import annotations

import pytest

from tests.diffs import changed as diff
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

JOINED = [  # (language, criterion, file, the one added line, writing the word as one identifier of its pieces)
    ("TypeScript", "Use the filescope for the emitted request.", "src/loader.ts",
     "    const absoluteFileScope = path.join(loader.rootContext, fileScope);"),
    ("Java", "Support Freebuilder as well.", "src/main/java/org/acme/Mappers.java",
     "        register(new FreeBuilderMapper());"),
    ("Go", "Resend the heartbeat after a pause.", "client.go", "\tc.sendHeartBeat()"),
    ("Python", "Honour the filescope for each module.", "acme/paths.py", "    scope = file_scope(module)"),
    ("C#", "Keep the roundtrip of every value.", "src/Codec.cs", "        var copy = RoundTrip(value);"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), JOINED, ids=[f"{j[0]}: {j[1]}" for j in JOINED])
def test_a_word_run_together_meets_the_identifier_joining_its_pieces(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line), siblings=SIBLINGS) == [f"/{path}"], language


ALONE = [  # the word as itself, or a common word's compound: a rare word still, never enough alone
    ("TypeScript", "Use the filescope for the emitted request.", "src/loader.ts", "    // the filescope, resolved"),
    ("Java", "Support Freebuilder as well.", "src/main/java/org/acme/Mappers.java",
     "package org.acme.mapper.freebuilder;"),
    ("Go", "Show the username beside each entry.", "view.go", "\tfmt.Println(entry.UserName)"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), ALONE, ids=[f"{a[0]}: {a[2]}" for a in ALONE])
def test_the_word_itself_stays_a_rare_word(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line), siblings=SIBLINGS) == [], language


HOOKS = [  # review 10, finding 4: a hook every test class writes, a member every type overrides, is no one change's
    ("Python", "Fix the teardown of worker pools.", "tests/test_cache.py", "    def tearDown(self):"),
    ("Java", "Fix the teardown of worker pools.", "src/test/java/org/acme/CacheTest.java",
     "    @After public void tearDown() {"),
    ("Go", "Fix the teardown of worker pools.", "suite_test.go", "func (s *CacheSuite) TearDownTest() {"),
    ("Java", "Fix the hashcode of Money objects.", "src/main/java/org/acme/Invoice.java",
     "    @Override public int hashCode() {"),
    ("C#", "Fix the hashcode of Money objects.", "src/Billing/Invoice.cs",
     "        public override int GetHashCode() => Id.GetHashCode();"),
    ("TypeScript", "Run the setup once per suite.", "src/cache.test.ts", "  beforeEach(() => setUp(cache));"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), HOOKS, ids=[f"{h[0]}: {h[3]}" for h in HOOKS])
def test_a_hook_every_test_or_type_writes_is_no_joined_name(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line), siblings=SIBLINGS) == [], language

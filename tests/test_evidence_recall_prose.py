"""Issue 32's recall, eighth session: a sentence the change writes (a test's description, a message it shows, a
comment) is prose, as the criterion is, and says what the criterion says with common words (summary/evidence_prose.py):
"Treat `default` response as error" and `it("treats `default` as an error")`."""

from __future__ import annotations

import pytest

from doc_context.relevance.criterion_terms import criterion_terms
from doc_context.relevance.line_terms import collect
from doc_context.relevance.literals import blanked, literals
from doc_context.relevance.prose import prose_words
from doc_context.relevance.terms import DIFF, ChangeTerms
from doc_context.relevance.words import parts
from doc_context.summary.evidence_prose import echoes, sentences
from tests.diffs import changed
from tests.evidence_paths import evidence

NEIGHBOURS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")
FILLER: dict[
    str, tuple[str, ...]
] = {  # a few added lines of other code, so that the criterion's words are not in most of the change's lines
    "ts": ("import { logger } from './logger';", "const limit = settings.limit ?? 10;", "logger.debug(`took ${ms}`);"),
    "java": ("import java.util.List;", "    private final Clock clock;", '        LOG.debug("took {}", elapsed);'),
    "go": ('import "sync"', "\tmu sync.Mutex", '\tlog.Printf("took %s", elapsed)'),
    "py": ("import logging", "    limit = settings.get('limit', 10)", "    log.debug('took %s', elapsed)"),
    "cs": (
        "using System.Linq;",
        "    private readonly IClock _clock;",
        '        _log.LogDebug("took {Elapsed}", elapsed);',
    ),
    "rb": ("require 'logger'", "    limit = settings.fetch(:limit, 10)", '    log.debug("took #{elapsed}")'),
    "rs": ("use std::sync::Mutex;", "    let limit = settings.limit.unwrap_or(10);", '    debug!("took {:?}", t);'),
    "js": ("import { logger } from './log.js';", "const limit = settings.limit ?? 10;", "logger.debug(`took ${ms}`);"),
}


def diff(path: str, *lines: str) -> str:
    return changed(path, *FILLER[path.rsplit(".", 1)[1]], *lines)


DEFAULT = "Treat `default` response as error."
API_KEY = "Throw a clear error when the API key is missing."
EXPIRED = "Raise a helpful error when the session token has expired."
HIDDEN = "Skip hidden files when watching a folder."

SAID = [  # (language, criterion, path, the one line saying it: the rest of the change says none of its names)
    ("TypeScript", DEFAULT, "src/index.test.ts", 'it("treats `default` as an error", async () => {'),
    ("Java", DEFAULT, "src/test/java/org/acme/ClientTest.java", '    @DisplayName("treats default as an error")'),
    ("Go", DEFAULT, "client_test.go", '\tt.Run("treats default as an error", func(t *testing.T) {'),
    ("C#", DEFAULT, "test/Acme.Tests/ClientTests.cs", '    [Fact(DisplayName = "Treats default as an error")]'),
    ("Python", DEFAULT, "tests/test_client.py", '    """A default response is treated as an error."""'),
    ("TypeScript", API_KEY, "src/client.ts", "    if (!key) throw new Error('Missing API key: pass apiKey');"),
    (
        "Java",
        API_KEY,
        "src/main/java/org/acme/Client.java",
        '        throw new IllegalStateException("Missing API key");',
    ),
    ("Go", API_KEY, "client.go", '\t\treturn nil, errors.New("acme: missing API key")'),
    ("C#", API_KEY, "src/Acme/Client.cs", '            throw new InvalidOperationException("Missing API key.");'),
    ("Python", API_KEY, "acme/client.py", "        raise ValueError('missing API key, set ACME_KEY')"),
    ("Go", EXPIRED, "auth/token.go", '\t\treturn fmt.Errorf("session token expired at %s", exp)'),
    ("Python", EXPIRED, "acme/auth.py", "        raise AuthError(f'session token expired at {expiry}')"),
    ("TypeScript", HIDDEN, "src/watch.ts", "      // hidden files are skipped: watching them floods the queue"),
    ("C#", HIDDEN, "src/Acme/Watcher.cs", "        /// <summary>Skips hidden files while watching.</summary>"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), SAID, ids=[f"{s[0]}: {s[1]}" for s in SAID])
def test_a_sentence_of_the_change_saying_the_criterion_is_its_evidence(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line), siblings=NEIGHBOURS) == [f"/{path}"], language


BODY = "        A default response is treated as an error."  # a docstring's summary on a line of its own
BODIES = [  # (language, criterion, path, lines): a sentence on a line of its own inside a string, no quote nor marker
    (
        'Python docstring after """',
        DEFAULT,
        "tests/test_client.py",
        ("    def test_default(self):", '        """', BODY, '        """'),
    ),
    (
        "Python docstring after '''",
        DEFAULT,
        "tests/test_client.py",
        ("    def test_default(self):", "        '''", BODY, "        '''"),
    ),
    (
        "Go raw string",
        API_KEY,
        "cmd/root.go",
        ("\tLong: `Acme talks to the Acme API.", "A clear error is thrown when the API key is missing.`,"),
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), BODIES, ids=[b[0] for b in BODIES])
def test_a_sentence_on_a_strings_own_line_is_its_evidence(language, criterion, path, lines) -> None:
    assert evidence(criterion, diff(path, *lines), siblings=NEIGHBOURS) == [f"/{path}"], language


NOT_SENTENCES = [  # (path, a code line of plain words: no sentence)
    ("src/acme/sums.py", "        return left + right"),
    ("src/acme/sums.py", "        return first + second + third"),
    ("src/acme/walk.py", "        yield from items"),
    ("walk.go", "\tcase reflect.Struct, reflect.Map:"),
]


@pytest.mark.parametrize(("path", "line"), NOT_SENTENCES, ids=[n[1].strip() for n in NOT_SENTENCES])
def test_a_code_line_of_plain_words_is_no_sentence(path, line) -> None:
    assert sentences(line, path) == []


NOT_SAID = [  # (criterion, path, a line whose sentence shares too little of it)
    (DEFAULT, "src/index.test.ts", 'it("returns the default response", async () => {'),  # common words only
    (API_KEY, "src/client.ts", "    logger.error('missing value for header ' + name);"),  # two words
    (API_KEY, "src/client.ts", "    // the key of each cached entry: the API path, the error count and a missing flag"),
    (EXPIRED, "auth/token.go", "\t// session cookies are read before the request body"),  # one word
]


@pytest.mark.parametrize(("criterion", "path", "line"), NOT_SAID, ids=[n[2].strip()[:40] for n in NOT_SAID])
def test_a_sentence_sharing_too_little_is_no_evidence(criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line), siblings=NEIGHBOURS) == []


def test_sentences_are_literals_comments_and_documentation_lines() -> None:
    line = 'throw new Error("Missing API key"); // the key is read once'
    assert sentences(line, "src/client.ts") == [tuple(parts("Missing API key"))]  # a code line's trailing comment: no
    assert sentences("  // the key is read once", "src/client.ts") == [tuple(parts("the key is read once"))]
    assert sentences("The API key is read once.", "docs/keys.md") == [tuple(parts("The API key is read once."))]
    assert sentences("don't read it", "src/client.ts") == []  # a contraction is no quote


ECHOES = [  # (criterion, sentence, echoes): three shared words at least, one uncommon, half of the shorter
    (DEFAULT, "treats default as an error", True),
    (DEFAULT, "default error response", False),  # all common
    (API_KEY, "missing API key", True),
    (API_KEY, "the API key", False),  # two words
    ("Reconnect after the broker restarts.", "reconnects after the broker restarts", True),
    ("Fix reconnection after the broker restarts.", "reconnects after the broker restarts", False),  # two words
    (API_KEY, "the key of each cached entry: the API path, the error count and a missing flag", False),  # far apart
    (
        "Fix reconnection after the broker restarts and the queue is drained.",
        "when the broker restarts every client logs the name of the queue it is reading and how long the queue took",
        False,  # two side by side, the third far
    ),
]


@pytest.mark.parametrize(("criterion", "sentence", "expected"), ECHOES, ids=[e[1] for e in ECHOES])
def test_echoes(criterion, sentence, expected) -> None:
    assert echoes(parts(criterion), parts(sentence)) is expected


PROSE = [  # (text, its plain words): names, handles and a run of capitals are not prose
    ("Missing API key: pass `apiKey` (see ACME.Config)", "Missing API key pass see"),
    ("Treat `default` response as error", "Treat default response error"),
    (
        'Spawning a child process fails while "DOTNET_STARTUP_HOOKS" holds "Microsoft.Azure.Functions"',
        "Spawning a child process fails while holds",
    ),
    ("Fix `XmlStringLookup.XmlStringLookup(Map, Path)` typo", "Fix typo"),
    ("BETA support for arm64 agents, EXPERIMENTAL, SUBJECT TO CHANGE @natalie-todd", "BETA support for agents"),
    ("isEveryParameterOptional is set, policy_set too", "is set too"),
    ("Rückerstattung für Käufer (`zahlungsId`), ÜBERFÄLLIG SOFORT", "Rückerstattung für Käufer"),
    ("L\u2019échéance dépassée déclenche un rappel", "L\u2019échéance dépassée déclenche un rappel"),
]


@pytest.mark.parametrize(("text", "words"), PROSE, ids=[p[0][:30] for p in PROSE])
def test_prose_words(text, words) -> None:
    assert prose_words(text) == tuple(parts(words))


REFUND = "Rückgabe löst Rückerstattung und Bestätigung für Käufer aus."
REMINDER = "Une échéance dépassée déclenche un rappel au débiteur."
DE, FR = "löst bei Rückgabe Rückerstattung und Bestätigung aus", "déclenche un rappel au débiteur quand l\u2019échéance"
UNICODE_SAID = [  # (language, criterion, path, a test's description saying it in the criterion's language)
    ("German, TypeScript", REFUND, "src/refund.test.ts", f'it("{DE}", () => {{'),
    ("German, Go", REFUND, "refund_test.go", f'\tt.Run("{DE}", func(t *testing.T) {{'),
    ("French, Java", REMINDER, "src/test/java/org/acme/ReminderTest.java", f'    @DisplayName("{FR} est dépassée")'),
    (
        "French, Python",
        REMINDER,
        "tests/test_reminder.py",
        '    """Déclenche un rappel quand l\'échéance est dépassée."""',
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), UNICODE_SAID, ids=[s[0] for s in UNICODE_SAID])
def test_a_sentence_in_a_language_of_accented_letters_is_its_evidence(language, criterion, path, line) -> None:
    """Review 8, finding 15: a word is a run of letters of any script (Rückerstattung, échéance), not of ASCII letters:
    a German or French work item echoes its test's description as an English one does (failing before: the words
    with an umlaut or an accent were dropped, two or fewer were left)."""
    prose = next(t for t in criterion_terms(criterion).terms if t.kind == "prose")
    assert any(echoes(prose.parts, sentence) for sentence in sentences(line, path)), language
    assert evidence(criterion, diff(path, line), siblings=NEIGHBOURS) == [f"/{path}"], language


TEST_NAMES = [  # (language, test file, the line defining a test named for the behaviour: a sentence as a name)
    ("Python", "tests/test_client.py", "def test_default_response_is_treated_as_error():"),
    ("Java", "src/test/java/org/acme/ClientTest.java", "    void treatsDefaultResponseAsError() {"),
    ("Go", "client_test.go", "func TestDefaultResponseIsTreatedAsError(t *testing.T) {"),
    ("C#", "test/Acme.Tests/ClientTests.cs", "    public async Task TreatsDefaultResponseAsError()"),
    ("Kotlin", "src/test/kotlin/org/acme/ClientTest.kt", "    fun treatsDefaultResponseAsError() {"),
    ("Go suite method", "client_test.go", "func (s *ClientSuite) TestDefaultResponseIsTreatedAsError() {"),
    ("Ruby", "test/client_test.rb", "  def test_default_response_is_treated_as_error"),
    ("Rust", "tests/client.rs", "    fn default_response_is_treated_as_error() {"),
    ("JavaScript", "test/client.test.js", "function treatsDefaultResponseAsError() {"),
    ("VB", "test/Acme.Tests/ClientTests.vb", "    Public Sub TreatsDefaultResponseAsError()"),
]


@pytest.mark.parametrize(("language", "path", "line"), TEST_NAMES, ids=[t[0] for t in TEST_NAMES])
def test_a_test_named_for_the_behaviour_says_it(language, path, line) -> None:
    extension = path.rsplit(".", 1)[1]
    found = changed(path, *FILLER[{"kt": "java", "vb": "cs"}.get(extension, extension)], line)
    assert evidence(DEFAULT, found, siblings=NEIGHBOURS) == [f"/{path}"], language


NOT_TEST_NAMES = [  # (path, line): a test's name saying two of its words, a name outside a test's definition
    ("tests/test_client.py", "def test_default_is_an_error():"),
    ("tests/test_client.py", "    treated_default = response_error(default)"),
]


@pytest.mark.parametrize(("path", "line"), NOT_TEST_NAMES, ids=[n[1].strip() for n in NOT_TEST_NAMES])
def test_a_name_is_a_sentence_only_as_a_tests_name_saying_enough(path, line) -> None:
    assert evidence(DEFAULT, diff(path, line), siblings=NEIGHBOURS) == []


NO_TESTS_NAME = [  # (test file, a line naming words in no function's definition: review 9, 8)
    ("tests/test_rules.py", "import invoice_total_rules"),
    ("tests/test_session.py", "    del cached_session_token"),
    ("tests/test_dashboard.py", "        'pending_invoice_count': 3,"),
    ("test/models/session_test.rb", "    assert_nil expired_session_token"),
    ("test/models/dashboard_test.rb", "    assert_equal 3, pending_invoice_count"),
    ("src/test/java/org/acme/StoreTest.java", "    private SessionStore sessionStoreUnderTest"),
]
NO_TESTS_NAME_ECHOED = [  # (criterion saying the line's words in another order, not as its name, test file, line)
    ("Tax rules decide each invoice total.", "tests/test_rules.py", "import invoice_total_rules"),
    ("A session whose token has expired is rejected at sign in.", "test/models/session_test.rb",
     "    assert_nil expired_session_token"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "line"), NO_TESTS_NAME, ids=[n[1].strip() for n in NO_TESTS_NAME])
def test_a_test_files_import_field_key_or_call_is_no_tests_name(path, line) -> None:
    """A test's name is the function's its line defines: an import's module, a field's or a key's name, a paren-less
    call's argument (Ruby's `assert_nil expired_session_token`) name what the test uses, not what it says."""
    assert sentences(line, path) == []


@pytest.mark.parametrize(
    ("criterion", "path", "line"), NO_TESTS_NAME_ECHOED, ids=[n[2].strip() for n in NO_TESTS_NAME_ECHOED]
)
def test_a_test_files_import_or_call_echoes_no_criterion(criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line), siblings=NEIGHBOURS) == []


LITERALS = [  # (line, its string literals: escaped quotes inside, an unterminated one ignored; review 8, 8)
    ('log("said \\"hi\\" twice")', ['said \\"hi\\" twice']),
    ("log('it\\'s here', 'b')", ["it\\'s here", "b"]),
    ('x = "closed" + "never closed', ["closed"]),
    ('x = "ends in an escape\\"', []),
    ("x = 'never closed", []),
    ("don't say 'quoted'word \"there it is\"", ["there it is"]),
    ('x = `span` + "a\\', ["span"]),
    ("x = " + '"a\\' * 50, []),
]


@pytest.mark.parametrize(("line", "bodies"), LITERALS)
def test_a_line_s_string_literals_are_the_closed_ones(line: str, bodies: list[str]) -> None:
    assert literals(line) == bodies


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ('f("a, (b", x)', 'f("", x)'),  # a literal's brackets are none of the code's
        ("f('it\\'s (here', x)", 'f("", x)'),
        ('f(x, "never closed (', 'f(x, "never closed ('),  # one left open: as written
        ("say(don't, `a (b`)", 'say(don\'t, "")'),
    ],
)
def test_a_lines_code_is_the_line_without_its_literals(line: str, code: str) -> None:
    """summary/evidence_claims reads a line's brackets without its literals, from the one scanner."""
    assert blanked(line) == code


@pytest.mark.parametrize(
    ("line", "strings"),
    [
        ('raise ValueError("missing api key")', {"missing api key"}),
        ('x = "a \\" b c" + "de"', {'a \\" b c'}),  # an escaped quote inside; two characters are no string term
        ('x = "ab" + "cd"', set()),  # the text between two short literals is none
        ('x = "never closed \\"', set()),  # an escape then the line's end: no literal
        ("x = f(isn't, 'refund policy')", {"refund policy"}),  # a contraction opens none (relevance/literals)
    ],
)
def test_a_changed_lines_string_terms_are_its_closed_literals(line: str, strings: set[str]) -> None:
    """relevance/line_terms reads literals as evidence_prose.literals does, in linear time (benchmarks/prose_scale.py):
    a literal the line closes, of three characters or more."""
    out = ChangeTerms()
    collect(out, line, DIFF, lambda word: False, prose=False)
    assert {key[1][0] for key in out.weights if key[0] == "string"} == {" ".join(s.casefold().split()) for s in strings}


FUNCTION_WORDS_ONLY = [  # (language, criterion, a test's description sharing its function words and nothing it says)
    ("German", "Der Käufer erhält eine Bestätigung, wenn die Rückerstattung nicht möglich ist.",
     "wenn der Verkäufer eine Adresse nicht angibt, ist es ungültig"),
    ("French", "Le client reçoit une relance dans les sept jours qui suivent l'échéance.",
     "les adresses qui sont dans une liste"),
    ("Spanish", "El cliente recibe una factura cuando los pagos están completos.",
     "rechaza una dirección cuando los campos están vacíos"),
    ("Dutch", "De klant krijgt een bevestiging voor het bedrag dat niet wordt terugbetaald.",
     "een adres dat niet wordt gevonden geeft een fout voor het formulier"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "criterion", "sentence"), FUNCTION_WORDS_ONLY, ids=[f[0] for f in FUNCTION_WORDS_ONLY]
)
def test_a_sentence_sharing_only_function_words_of_another_language_is_no_echo(language, criterion, sentence) -> None:
    """A work item in German, French, Spanish or Dutch: its articles, pronouns and conjunctions (der, eine, wenn, nicht;
    une, les, qui, dans; una, los, cuando; een, het, niet, voor) say nothing, as English's stop words say nothing, so a
    test's description about something else does not echo it on them (failing before: 3-5 such words were shared)."""
    assert not echoes(parts(criterion), parts(sentence)), language
    assert evidence(criterion, changed("tests/test_forms.py", f'def test_form():\n    """{sentence}."""'),
                    siblings=NEIGHBOURS) == [], language  # fmt: skip

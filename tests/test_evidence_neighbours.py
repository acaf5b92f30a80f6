"""Issue 32's wrong pointers, fifth session, in every language: a neighbour entry's evidence on the very code the
change edits for another entry, and a unit's word read as a word. Each case is one changed file and a story's
criteria, read as a run reads them; each failed before its rule."""

from __future__ import annotations

import pytest

from tests.diffs import changed as diff
from tests.evidence_paths import evidence, evidence_in

CLEANUP = "Assorted `Formatter` cleanups (guard clauses, in-place merges)."
WARM = "Add `PrecomputedContentTypes` to warm the content-type caches once."
CLAIMED = [  # (language, the file `Formatter` is, a line writing the sibling's code, a line of the file's own)
    ("Ruby", "lib/grape/middleware/formatter.rb", "      include PrecomputedContentTypes", "      return unless env"),
    ("Python", "src/grape/middleware/formatter.py", "    mixins = (PrecomputedContentTypes,)", "    if not env:"),
    ("C#", "src/Middleware/Formatter.cs", "    private readonly PrecomputedContentTypes types = new();",
     "    if (env is null)"),
    ("Java", "src/main/java/org/acme/Formatter.java", "    private PrecomputedContentTypes types;",
     "    if (env == null)"),
    ("Go", "internal/middleware/formatter.go", "\ttypes PrecomputedContentTypes", "\tif env == nil {"),
    ("TypeScript", "src/middleware/formatter.ts", "  private types = new PrecomputedContentTypes();", "  if (!env) {"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "theirs", "own"), CLAIMED, ids=[c[0] for c in CLAIMED])
def test_a_line_writing_code_a_neighbour_names_is_the_neighbours(language, path, theirs, own) -> None:
    """grape's decoy (issue 32): the file `Formatter` is (formatter.rb) changes only to include the module the
    neighbour entry names (`PrecomputedContentTypes`): that line is the neighbour's evidence, not the cleanup's;
    a line of the file's own still is the cleanup's, and the neighbour keeps its line."""
    assert evidence_in(CLEANUP, path, theirs, siblings=[WARM]) == [], language
    assert evidence_in(CLEANUP, path, own, siblings=[WARM]) == [f"/{path}"], language
    assert evidence_in(WARM, path, theirs, siblings=[CLEANUP]) == [f"/{path}"], language


LOCKED = "After 5 failed sign-in attempts the account is locked for 15 minutes."
KEYS = "The lockout is configurable with `max_failed_attempts` and `duration_minutes`."
SHARED = [  # (language, path, the line setting the neighbour's key to this criterion's value)
    ("Python", "src/auth/lockout.py", "    duration_minutes: int = 15"),
    ("Go", "internal/auth/lockout.go", "	duration_minutes := 15"),
    ("Ruby", "lib/auth/lockout.rb", "  duration_minutes = 15"),
]


@pytest.mark.parametrize(("language", "path", "line"), SHARED, ids=[c[0] for c in SHARED])
def test_a_value_on_the_line_of_a_key_a_neighbour_names_is_both_criterias(language, path, line) -> None:
    """Only named code is claimed: the value a line sets ("15 minutes") is the value criterion's, though the key
    holding it (`duration_minutes`) is the neighbour's (benchmarks/criteria.py's account-lockout)."""
    assert evidence_in(LOCKED, path, line, siblings=[KEYS]) == [f"/{path}"], language
    assert evidence_in(KEYS, path, line, siblings=[LOCKED]) == [f"/{path}"], language


HOLD = "If the second payment fails, the hold is released within 30 seconds."
UNITS = [  # (language, path, a line with the unit's word and the hold, a line with the value and its unit)
    ("Python", "src/pay/giftcard.py", "def release_hold(held, within_seconds):", "RELEASE_WITHIN_SECONDS = 30"),
    ("Go", "internal/pay/hold.go", "func ReleaseHold(held Hold, withinSeconds int) {",
     "const ReleaseWithinSeconds = 30"),
    ("C#", "src/Pay/Hold.cs", "    public void ReleaseHold(Hold held, int withinSeconds)",
     "    public const int ReleaseWithinSeconds = 30;"),
    ("Java", "src/main/java/org/acme/Hold.java", "    void releaseHold(Hold held, int withinSeconds) {",
     "    static final int RELEASE_WITHIN_SECONDS = 30;"),
    ("TypeScript", "src/pay/hold.ts", "export function releaseHold(held: Hold, withinSeconds: number) {",
     "export const RELEASE_WITHIN_SECONDS = 30;"),
    ("Ruby", "lib/pay/hold.rb", "  def release_hold(held, within_seconds)", "  RELEASE_WITHIN_SECONDS = 30"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "worded", "valued"), UNITS, ids=[c[0] for c in UNITS])
def test_a_units_word_is_its_values_never_a_word_alone(language, path, worded, valued) -> None:
    """The demo's criterion 2 (issue 32): "the second payment" is not `within_seconds`: a word the criterion writes as
    a value's unit ("30 seconds") counts with its number, never alone beside another word (`hold`)."""
    assert (
        evidence_in(
            HOLD,
            path,
            worded,
        )
        == []
    ), language
    assert evidence_in(
        HOLD,
        path,
        valued,
    ) == [f"/{path}"], language


SEND = "Add a `{name}` API to send any command, for modules."
ENCODING = "Support `{name}` for the OBJECT ENCODING command."
INSIDE = [  # (language, path, the neighbour's method the change adds, whose body calls this criterion's name)
    ("C#", "src/Redis/RedisDatabase.cs", "SendCommandAsync", "KeyEncodingAsync", [
        "    public Task<string> KeyEncodingAsync(string key)",
        "    {",
        "        var msg = Message.Create(\"OBJECT\", key);",
        "        return SendCommandAsync(msg);",
        "    }",
    ]),
    ("Go", "database.go", "SendCommand", "KeyEncoding", [
        "func (db *Database) KeyEncoding(key string) (string, error) {",
        "\tmsg := newMessage(\"OBJECT\", key)",
        "\treturn db.SendCommand(msg)",
        "}",
    ]),
    ("Java", "src/main/java/org/acme/Database.java", "sendCommand", "keyEncoding", [
        "    public String keyEncoding(String key) {",
        "        Message msg = Message.create(\"OBJECT\", key);",
        "        return sendCommand(msg);",
        "    }",
    ]),
    ("TypeScript", "src/database.ts", "sendCommand", "keyEncoding", [
        "  async keyEncoding(key: string): Promise<string> {",
        "    const msg = createMessage('OBJECT', key);",
        "    return this.sendCommand(msg);",
        "  }",
    ]),
    ("Python", "src/acme/database.py", "send_command", "key_encoding", [
        "    def key_encoding(self, key):",
        "        msg = message('OBJECT', key)",
        "        return self.send_command(msg)",
    ]),
    ("Ruby", "lib/acme/database.rb", "send_command", "key_encoding", [
        "  def key_encoding(key)",
        "    msg = message('OBJECT', key)",
        "    send_command(msg)",
        "  end",
    ]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "mine", "theirs", "lines"), INSIDE, ids=[c[0] for c in INSIDE])
def test_a_call_inside_a_method_a_neighbour_names_is_the_neighbours(language, path, mine, theirs, lines) -> None:
    """StackExchange.Redis's decoy (issue 32): the method the neighbour entry adds (`KeyEncodingAsync`) calls the
    helper this entry names (`ExecuteAsync`): that body is the neighbour's evidence; the call alone, in no method
    the change adds, is still this entry's."""
    criterion, sibling = SEND.format(name=mine), ENCODING.format(name=theirs)
    assert evidence_in(criterion, path, *lines, siblings=[sibling]) == [], language
    assert evidence_in(sibling, path, *lines, siblings=[criterion]) == [f"/{path}"], language
    call = next(line for line in lines if mine in line)
    assert evidence_in(criterion, path, call, siblings=[sibling]) == [f"/{path}"], language


EXPORTER = "Add an `InvoiceExporter` for the ledger."
RETRIES = "`{name}` retries once on a timeout."
DEFINED = [  # (language, path, this criterion's method, the neighbour's new class defining it)
    ("C#", "src/Ledger/InvoiceExporter.cs", "ExportAsync", [
        "public class InvoiceExporter",
        "{",
        "    public async Task ExportAsync(Invoice invoice)",
        "    {",
        "        await _client.SendAsync(invoice);",
        "    }",
        "}",
    ]),
    ("Java", "src/main/java/org/acme/InvoiceExporter.java", "exportInvoice", [
        "public class InvoiceExporter {",
        "    public void exportInvoice(Invoice invoice) {",
        "        client.send(invoice);",
        "    }",
        "}",
    ]),
    ("TypeScript", "src/ledger/invoiceExporter.ts", "exportInvoice", [
        "export class InvoiceExporter {",
        "  async exportInvoice(invoice: Invoice): Promise<void> {",
        "    await this.client.send(invoice);",
        "  }",
        "}",
    ]),
    ("Python", "src/ledger/exporter.py", "export_invoice", [
        "class InvoiceExporter:",
        "    def export_invoice(self, invoice):",
        "        self.client.send(invoice)",
    ]),
    ("Ruby", "lib/ledger/exporter.rb", "export_invoice", [
        "class InvoiceExporter",
        "  def export_invoice(invoice)",
        "    client.send(invoice)",
        "  end",
        "end",
    ]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "method", "lines"), DEFINED, ids=[c[0] for c in DEFINED])
def test_a_method_defined_in_a_class_a_neighbour_names_is_still_this_criterions(language, path, method, lines):
    """The block rule's bound: a line opening a block of its own (this criterion's method, defined in the class the
    neighbour adds) is about its name, not the neighbour's; only lines inside it that open nothing are claimed."""
    assert evidence_in(RETRIES.format(name=method), path, *lines, siblings=[EXPORTER]) == [f"/{path}"], language
    assert evidence_in(EXPORTER, path, *lines, siblings=[RETRIES.format(name=method)]) == [f"/{path}"], language


PASS = "Pass `{name}` through to the cookie jar."
WRITE = "Add `{name}` to write a cookie's header."
WRAPPED = [  # (language, path, this criterion's name, the neighbour's call, the call as a formatter wraps it)
    ("Python", "aiohttp/web_response.py", "partitioned", "set_cookie_header", [
        "        header = set_cookie_header(",
        "            name, value, partitioned=partitioned",
        "        )",
    ]),
    ("C#", "src/OpenTelemetry/Builder.cs", "MeterProvider", "AddOtlpExporter", [
        "        services.AddOtlpExporter(o =>",
        "            o.Dispose(MeterProvider));",
    ]),
    ("TypeScript", "src/cookies.ts", "partitioned", "setCookieHeader", [
        "  const header = setCookieHeader(",
        "    name,",
        "    value,",
        "    { partitioned },",
        "  );",
    ]),
    ("Java", "src/main/java/org/acme/Cookies.java", "partitioned", "setCookieHeader", [
        "        String header = setCookieHeader(name, value,",
        "                partitioned);",
    ]),
    ("Go", "cookies.go", "Partitioned", "SetCookieHeader", [
        "\theader := SetCookieHeader(name, value, Options{",
        "\t\tPartitioned: partitioned,",
        "\t})",
    ]),
    ("C# chained", "src/Cookies/Writer.cs", "Partitioned", "SetCookieHeader", [
        "        var header = SetCookieHeader(name, value)",
        "            .WithFlag(Partitioned);",
    ]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "mine", "theirs", "lines"), WRAPPED, ids=[c[0] for c in WRAPPED])
def test_a_wrapped_call_is_one_line_not_a_block(language, path, mine, theirs, lines) -> None:
    """Review 4, finding 3: a call black, prettier or gofmt wraps keeps the evidence the same call on one line keeps:
    its continuation lines (`name, value, partitioned=partitioned` under `header = set_cookie_header(`) are no block
    under the neighbour's call, and the whole call writes this criterion's name beside the neighbour's."""
    criterion, sibling = PASS.format(name=mine), WRITE.format(name=theirs)
    assert evidence_in(criterion, path, " ".join(line.strip() for line in lines), siblings=[sibling]) == [f"/{path}"], (
        language
    )
    assert evidence_in(criterion, path, *lines, siblings=[sibling]) == [f"/{path}"], language
    assert evidence_in(sibling, path, *lines, siblings=[criterion]) == [f"/{path}"], language


SIGNED = [  # (language, path, this criterion's name, the neighbour's method, its wrapped signature and body)
    ("Python", "src/acme/database.py", "send_command", "key_encoding", [
        "    def key_encoding(",
        "        self, key, *, timeout=None",
        "    ):",
        "        msg = message('OBJECT', key)",
        "        return self.send_command(msg)",
    ]),
    ("TypeScript", "src/database.ts", "sendCommand", "keyEncoding", [
        "  async keyEncoding(",
        "    key: string,",
        "    timeout?: number,",
        "  ): Promise<string> {",
        "    return this.sendCommand(createMessage('OBJECT', key));",
        "  }",
    ]),
    ("Go", "database.go", "SendCommand", "KeyEncoding", [
        "func (db *Database) KeyEncoding(",
        "\tkey string,",
        ") (string, error) {",
        "\treturn db.SendCommand(newMessage(\"OBJECT\", key))",
        "}",
    ]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "mine", "theirs", "lines"), SIGNED, ids=[c[0] for c in SIGNED])
def test_a_wrapped_signature_still_opens_its_block(language, path, mine, theirs, lines) -> None:
    """The wrapped call's bound: a signature wrapped over lines is one line too, and the body under it is still the
    neighbour's method's (its lines are claimed), as under a one-line signature."""
    criterion, sibling = SEND.format(name=mine), ENCODING.format(name=theirs)
    assert evidence_in(criterion, path, *lines, siblings=[sibling]) == [], language
    assert evidence_in(sibling, path, *lines, siblings=[criterion]) == [f"/{path}"], language


IDLE = "Add `{name}` to drop idle sessions."
STORE = "`SessionStore` keeps sessions in Redis."
CONSTRUCTED = [  # (language, path, this criterion's name, a line opening a block on another type of the store)
    ("Python", "src/acme/sessions.py", "idle_timeout", "    with InMemorySessionStore() as store:"),
    ("Kotlin", "src/main/kotlin/acme/Sessions.kt", "idleTimeout", "    InMemorySessionStore().use { store ->"),
    ("Swift", "Sources/Acme/Sessions.swift", "idleTimeout", "    InMemorySessionStore().withLock { store in"),
    ("TypeScript", "src/acme/sessions.ts", "idleTimeout", "  new InMemorySessionStore().use((store) => {"),
]


@pytest.mark.parametrize(("language", "path", "name", "opener"), CONSTRUCTED, ids=[c[0] for c in CONSTRUCTED])
def test_a_type_constructed_by_calling_is_no_factory_of_the_neighbours(language, path, name, opener) -> None:
    """Where a language constructs by calling a class (Python, Kotlin, Swift; elsewhere `new`), the block under
    `InMemorySessionStore()` is another type's, not the neighbour's `SessionStore`: this criterion keeps its line
    (evidence_claims reads names as their file writes them, relevance/names.spelled's `path`)."""
    found = diff(path, opener, f"        store.{name}(30)") + diff("src/acme/notes.txt", "x = 1")
    assert evidence(IDLE.format(name=name), found, siblings=[STORE]) == [f"/{path}"], language

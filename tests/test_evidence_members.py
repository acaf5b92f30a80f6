"""Issue 32's recall, sixth session: a member named with its type (`Type.member`, Javadoc's and Ruby's `Type#member`,
`Module::Type.member`, Go's `(Type).Member`) meets the change inside that member's definition in the type's file,
though no changed line writes the member's name (git's funcname, or a definition line above the change, says it)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.members import called
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import in_definition
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")


MEMBERS = [  # (language, criterion naming a member with its type, the type's file, the member's definition, a line)
    (
        "Ruby",
        "Add attachments support for `Slack::Web::Api::Endpoints::Chat.chat_update`",
        "lib/slack/web/api/endpoints/chat.rb",
        "def chat_update(options = {})",
        "        options = encode_options_as_json(options, %i[blocks])",
    ),
    (
        "Ruby #",
        "`Acme::Mailer#deliver_later` keeps the locale.",
        "lib/acme/mailer.rb",
        "def deliver_later",
        "      I18n.with(current) { enqueue }",
    ),
    (
        "Java",
        "`FileAlterationMonitor#stop(long)` keeps the flag it was given.",
        "src/main/java/org/acme/monitor/FileAlterationMonitor.java",
        "    public synchronized void stop(final long stopInterval) throws Exception {",
        "            Thread.currentThread().interrupt();",
    ),
    (
        "C#",
        "`InvoiceMailer.SendAsync` retries once on a timeout.",
        "src/Acme.Billing/InvoiceMailer.cs",
        "        public async Task SendAsync(Invoice invoice, CancellationToken token)",
        "            await Task.Delay(Backoff, token);",
    ),
    (
        "Go",
        "`(Monitor).Stop` waits for the last tick.",
        "monitor/monitor.go",
        "func (m *Monitor) Stop(timeout time.Duration) error {",
        "\t<-m.done",
    ),
    (
        "Python",
        "`acme.billing.InvoiceMailer.send` keeps the locale.",
        "src/acme/billing/invoice_mailer.py",
        "    def send(self, invoice):",
        "        translation.activate(current)",
    ),
    (
        "TypeScript",
        "`QueryManager.refetchQueries` keeps the results in order.",
        "src/core/QueryManager.ts",
        "  public refetchQueries<TResult>(options: RefetchOptions): Promise<TResult[]> {",
        "    results.sort(byIndex);",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "definition", "line"), MEMBERS, ids=[m[0] for m in MEMBERS])
def test_a_member_meets_the_change_inside_it_in_its_types_file(language, criterion, path, definition, line) -> None:
    assert evidence(criterion, in_definition(path, definition, line), siblings=SIBLINGS) == [f"/{path}"], language


def test_another_member_of_the_type_is_not_the_one_named() -> None:
    criterion = "`QueryManager.refetchQueries` keeps the results in order."
    found = in_definition("src/core/QueryManager.ts", "  public stop(): void {", "    results.sort(byIndex);")
    assert evidence(criterion, found, siblings=SIBLINGS) == []


def test_the_member_in_another_types_file_is_not_the_one_named() -> None:
    criterion = "`QueryManager.refetchQueries` keeps the results in order."
    found = in_definition(
        "src/core/ObservableQuery.ts", "  public refetchQueries(): void {", "    results.sort(byIndex);"
    )
    assert evidence(criterion, found, siblings=SIBLINGS) == []


CALLS = [  # (language, criterion naming an instance's member with its type, a file calling it on an instance, a line)
    (
        "Java",
        "Replace usages of `DateTimeFormatter#toString()` with `DateTimeFormatter#formatTo(StringBuilder)`.",
        "src/main/java/org/acme/layout/PatternLayout.java",
        "        DATE_FORMATTER.formatTo(buffer);",
    ),
    (
        "C#",
        "`HttpClientFactory.CreateClient` is given a name.",
        "src/Acme.Billing/InvoiceSender.cs",
        "        var http = factory.CreateClient(Name);",
    ),
    (
        "TypeScript",
        "`QueryManager.refetchQueries` keeps the results in order.",
        "src/core/ApolloClient.ts",
        "    return this.manager.refetchQueries(options);",
    ),
    (
        "Python",
        "`Session.merge_environment_settings` keeps them.",
        "src/requests/utils.py",
        "        settings = session.merge_environment_settings(url, proxies)",
    ),
    (
        "Ruby",
        "`Client#send_message` keeps the thread.",
        "lib/acme/bot.rb",
        "      client.send_message(text)",
    ),
    (
        "Go",
        "`(*Client).DoRequest` closes the body on errors.",
        "api/accounts.go",
        "\tresp, err := client.DoRequest(ctx, req)",
    ),
]
TYPED = [  # (language, criterion, file, a definition that writes the type's name, a call on a receiver named otherwise)
    (
        "Go",
        "`(*Client).DoRequest` closes the body on errors.",
        "api/accounts.go",
        "func (c *Client) CreateAccount(ctx context.Context, req *Request) error {",
        "\tresp, err := c.DoRequest(ctx, req)",
    ),
    (
        "Java",
        "`DateTimeFormatter#formatTo(StringBuilder)` appends the offset.",
        "src/main/java/org/acme/layout/DatePatternConverter.java",
        "    private void append(final DateTimeFormatter f, final StringBuilder buffer) {",
        "        f.formatTo(buffer);",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), CALLS, ids=[c[0] for c in CALLS])
def test_an_instances_member_meets_its_calls(language, criterion, path, line) -> None:
    assert evidence(criterion, in_definition(path, "", line), siblings=SIBLINGS) == [f"/{path}"], language


@pytest.mark.parametrize(("language", "criterion", "path", "scope", "line"), TYPED, ids=[t[0] for t in TYPED])
def test_a_call_meets_the_member_in_a_file_writing_its_type(language, criterion, path, scope, line) -> None:
    assert evidence(criterion, in_definition(path, scope, line), siblings=SIBLINGS) == [f"/{path}"], language


OTHER_TYPES = [  # (language, criterion, a file calling another type's member of the same name, its scope, the line)
    (
        "C#",
        "`Money.ToString` shows the currency symbol.",
        "src/Orders/OrderLog.cs",
        "    public void Write(Order order)",
        "        log.Info(order.ToString());",
    ),
    (
        "Java",
        "`Money#toString` shows the currency symbol.",
        "src/main/java/acme/orders/OrderLog.java",
        "    public void write(Order order) {",
        "        log.info(order.toString());",
    ),
    (
        "TypeScript",
        "`Cache.getValue` returns undefined for an expired key.",
        "src/forms/field.ts",
        "  render(): string {",
        "    return this.input.getValue();",
    ),
    (
        "Go",
        "`(*Buffer).WriteString` grows the buffer once.",
        "server/handler.go",
        "func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {",
        "\tsb.WriteString(r.URL.Path)",
    ),
    (
        "Ruby",
        "`Order#to_json` includes the currency.",
        "app/controllers/users_controller.rb",
        "  def show",
        "    render json: @user.to_json(only: [:name])",
    ),
    (
        "Python",
        "`Report.read_text` strips the byte order mark.",
        "tests/test_config.py",
        "def test_loads_defaults(tmp_path):",
        "    assert (tmp_path / 'a.toml').read_text() == ''",
    ),
]


@pytest.mark.parametrize(
    ("language", "criterion", "path", "scope", "line"), OTHER_TYPES, ids=[o[0] for o in OTHER_TYPES]
)
def test_another_types_member_of_the_same_name_is_no_evidence(language, criterion, path, scope, line) -> None:
    assert evidence(criterion, in_definition(path, scope, line), siblings=SIBLINGS) == [], language


@pytest.mark.parametrize(
    ("criterion", "line"),
    [
        (
            "`DateTimeFormatter#format` writes the offset.",
            "        formatter.format(buffer);",
        ),  # one piece: every type's
        ("`Client#send_message` keeps the thread.", "      # bot.send_message(text)"),  # a comment says it
        ("`Client#send_message` keeps the thread.", "      bot.send_messages(batch)"),  # another member
    ],
)
def test_a_call_that_is_not_the_members(criterion, line) -> None:
    assert evidence(criterion, in_definition("lib/acme/bot.rb", "", line), siblings=SIBLINGS) == []


@pytest.mark.parametrize(
    ("text", "code", "expected"),
    [
        ("DATE_FORMATTER.formatTo(buffer);", "DateTimeFormatter#formatTo(StringBuilder)", True),
        ("formatTo(buffer);", "DateTimeFormatter#formatTo(StringBuilder)", False),  # no receiver: a local function
        ("formatter.format(buffer);", "DateTimeFormatter#format", False),
        ("client.send_message(text)", "send_message", False),  # not qualified: any name, read as written
        ("log.info(order.toString());", "Money#toString", False),  # another type's receiver
        ("var http = factory.CreateClient(Name);", "HttpClientFactory.CreateClient", True),  # a piece of the type
    ],
)
def test_a_line_calls_a_member(text, code, expected) -> None:
    assert called(text, code) is expected


def two_hunks(path: str, *hunks: tuple[int, str, str]) -> str:
    """A file's hunks, each inside its own definition (git's funcname), as git writes them."""
    out = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n"
    return out + "".join(f"@@ -{at},0 +{at + 1},1 @@ {funcname}\n+{line}\n" for at, funcname, line in hunks)


SECOND_HUNKS = [  # (language, criterion, the type's file, (line, the member's definition, a line), another's)
    (
        "Ruby",
        "`Acme::Endpoints::Chat.chat_update` encodes its blocks.",
        "lib/acme/endpoints/chat.rb",
        (10, "def chat_update(options = {})", "    options = encode(options)"),
        (80, "def chat_delete(options = {})", "    raise ArgumentError, 'channel' unless options[:channel]"),
    ),
    (
        "Java",
        "`FileAlterationMonitor#stop(long)` keeps the flag it was given.",
        "src/main/java/org/acme/monitor/FileAlterationMonitor.java",
        (10, "    public synchronized void stop(final long interval) throws Exception {", "        running = false;"),
        (80, "    public synchronized void start() throws Exception {", "        running = true;"),
    ),
    (
        "Go",
        "`(Monitor).Stop` waits for the last tick.",
        "monitor/monitor.go",
        (10, "func (m *Monitor) Stop(timeout time.Duration) error {", "\t<-m.done"),
        (80, "func (m *Monitor) Start() error {", "\tgo m.run()"),
    ),
]


@pytest.mark.parametrize(
    ("language", "criterion", "path", "own", "other"), SECOND_HUNKS, ids=[s[0] for s in SECOND_HUNKS]
)
def test_only_the_hunk_inside_the_member_is_its_evidence(language, criterion, path, own, other) -> None:
    finder = EvidenceFinder(parse_diff(two_hunks(path, own, other)))
    found = finder.find(criterion, siblings=SIBLINGS, work_item=SIBLINGS)
    assert [(f.path, f.lines) for f in found.files] == [(f"/{path}", (own[0] + 1,))], language

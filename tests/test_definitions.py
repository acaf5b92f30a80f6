"""relevance/definitions.defines: the one answer to "does this line define the name", for a member's definition a
change sits in (summary/evidence_within.inside) and a test's double (summary/evidence_doubles); defined: the name a
line defines (a test's name: summary/evidence_prose); declared: the local variable a line declares (a change's subject:
relevance/change_wide.subject); binds: a name bound to a value the next lines go on writing (the change inside it:
summary/evidence_within.inside)."""

from __future__ import annotations

import pytest

from doc_context.relevance.definitions import FUNCTIONS, binds, declared, defined, defines

DEFINES = [  # (language, line, name, expected)
    ("Ruby", "def chat_update(options = {})", "chat_update", True),
    ("TypeScript", "export const cartTotal = (items: Item[], country: string): number =>", "cartTotal", True),
    ("JavaScript", "let handler = async function (req) {", "handler", True),
    ("TypeScript", "  const total = (subtotal + shipping) * rate;", "total", False),  # a value, not a function
    ("Ruby", "def deliver_later", "deliver_later", True),
    ("Ruby", "def self.build(options)", "build", True),
    ("Ruby", "    def set_item(key, value)", "set_item", True),
    ("Python", "    def set_item(self, key, value):", "set_item", True),
    ("Python", "    async def set_item(self, key, value):", "set_item", True),
    ("Python", "def update(self, stop=None):", "stop", False),  # a parameter, not the definition
    ("Python", "class BoundLogger(BoundLoggerBase):", "BoundLogger", True),
    ("Go", "type Monitor struct {", "Monitor", True),
    ("Java", "public synchronized void stop(final long stopInterval) throws Exception {", "stop", True),
    ("Java", "        public void setItem(String key, String value) {", "setItem", True),
    ("Java", "private void stopAll() {", "stop", False),  # a longer name
    ("Java", "watcher.stop(timeout);", "stop", False),  # a call on another object defines nothing
    ("Go", "func (m *Monitor) Stop(timeout time.Duration) error {", "Stop", True),
    ("Go", "func (f *fakeStorage) SetItem(key, value string) error {", "SetItem", True),
    ("TypeScript", "public refetchQueries<T>(options: RefetchOptions): Promise<T[]> {", "refetchQueries", True),
    ("C#", "public async IAsyncEnumerable<T> ReturnsIAsyncEnumerable<T>", "IAsyncEnumerable", False),  # its type
    ("TypeScript", "  setItem: vi.fn((key, value) => {", "setItem", True),  # an object's member
    ("TypeScript", "  setItem(key: string, value: string): void {", "setItem", True),  # a method's shorthand
    ("TypeScript", "    setItem(key, value);", "setItem", False),  # a call
    ("TypeScript", "    expect(storage.setItem).toHaveBeenCalled();", "setItem", False),
    ("C#", "        public void SetItem(string key, string value)", "SetItem", True),
    ("C#", "        public Task<Order> PlaceOrderAsync(", "PlaceOrderAsync", True),  # parameters wrapped
    ("C#", "        public int RetryCount", "RetryCount", True),  # a property
    ("C#", "        var count = client.RetryCount;", "RetryCount", False),
    ("C#", "`Storage.SetItem` keeps the key", "Storage.SetItem", False),  # a qualified name: its last part
    # a statement keyword is no modifier or type: the line calls or names the code (review 7, finding 3)
    ("Python", "    return refresh_token()", "refresh_token", False),
    ("Python", "    assert is_overdue(invoice)", "is_overdue", False),
    ("Python", "    raise InvoiceOverdue", "InvoiceOverdue", False),
    ("Python", "    return stop", "stop", False),
    ("Python", "    yield from drain(queue)", "drain", False),
    ("Python", "    if is_overdue(invoice):", "is_overdue", False),
    ("Python", "    print(format_money(total))", "format_money", False),
    ("Go", "    defer cleanup()", "cleanup", False),
    ("Go", "\tgo worker(ctx)", "worker", False),
    ("Go", "\tcase isOverdue(invoice):", "isOverdue", False),
    ("TypeScript", "  await refreshToken()", "refreshToken", False),
    ("TypeScript", "  throw new InvoiceOverdue(invoice)", "InvoiceOverdue", False),
    ("TypeScript", "  else if (isOverdue(invoice)) {", "isOverdue", False),
    ("Ruby", "  puts format_money(total)", "format_money", False),
    ("Ruby", "    return not overdue?(invoice)", "overdue?", False),
    ("C#", "        public void SetItem(string key, string value)", "Storage.SetItem", True),
]  # fmt: skip


@pytest.mark.parametrize(("language", "line", "name", "expected"), DEFINES, ids=[f"{c[0]}-{c[2]}" for c in DEFINES])
def test_a_line_defines_a_name(language, line, name, expected) -> None:
    assert defines(line, name) is expected, language


DEFINED = [  # (language, line, the name it defines or None)
    ("Python", "    async def test_default_is_an_error(self):", "test_default_is_an_error"),
    ("Ruby", "  def test_default_is_an_error", "test_default_is_an_error"),
    ("Go", "func TestDefaultIsAnError(t *testing.T) {", "TestDefaultIsAnError"),
    ("Go", "func (s *ClientSuite) TestDefaultIsAnError() {", "TestDefaultIsAnError"),  # a suite's method
    ("Rust", "    fn default_is_an_error() {", "default_is_an_error"),
    ("Rust", "    pub async fn default_is_an_error() -> Result<()> {", "default_is_an_error"),
    ("JavaScript", "function defaultIsAnError() {", "defaultIsAnError"),
    ("TypeScript", "export const defaultIsAnError = async () => {", "defaultIsAnError"),
    ("Java", "    public void defaultIsAnError() throws Exception {", "defaultIsAnError"),
    ("C#", "    public async Task DefaultIsAnError()", "DefaultIsAnError"),
    ("C#", "    public async IAsyncEnumerable<T> ReturnsIAsyncEnumerable<T>", "ReturnsIAsyncEnumerable"),
    ("Kotlin", "    fun defaultIsAnError() {", "defaultIsAnError"),
    ("VB", "    Public Sub DefaultIsAnError()", "DefaultIsAnError"),
    ("Python", "    return refresh_token()", None),
    ("Go", "    defer cleanup()", None),
    ("TypeScript", "    expect(storage.setItem).toHaveBeenCalled();", None),
    ("Java", "watcher.stop(timeout);", None),
]  # fmt: skip


@pytest.mark.parametrize(("language", "line", "name"), DEFINED, ids=[f"{c[0]}-{c[2]}" for c in DEFINED])
def test_the_name_a_line_defines(language, line, name) -> None:
    assert defined(line) == name, language
    assert name is None or defines(line, name), language  # the one reader: defined agrees with defines


NO_FUNCTION = [  # a test file's lines defining no function, each language's: no test's name (review 9, finding 8)
    "import invoice_total_rules",  # Python: an import's module
    "    del cached_session_token",  # Python: a statement's name
    "    'pending_invoice_count': 3,",  # Python: a dictionary's key
    "  pendingInvoiceCount: 3,",  # TypeScript: an object's member
    "    assert_nil expired_session_token",  # Ruby: a call without parentheses
    "    visit new_user_session_path",
    "    assert_equal 3, pending_invoice_count",
    "    private SessionStore sessionStoreUnderTest",  # Java: a field
    "    private readonly SessionStore _sessionStoreUnderTest;",  # C#: a field
]


@pytest.mark.parametrize(("language", "line", "name"), DEFINED, ids=[f"{c[0]}-{c[2]}" for c in DEFINED])
def test_a_tests_name_is_its_functions(language, line, name) -> None:
    """A test's name (summary/evidence_prose) is the function's a line defines (FUNCTIONS), in every language."""
    assert defined(line, kinds=FUNCTIONS) == name, language


@pytest.mark.parametrize("line", NO_FUNCTION, ids=[line.strip() for line in NO_FUNCTION])
def test_a_field_a_key_a_call_or_an_import_is_no_tests_name(line) -> None:
    """Never a field's, a key's, a paren-less call's argument or an import's module."""
    assert defined(line, kinds=FUNCTIONS) is None


DECLARED = [  # (language, line, the local variable it declares, or None)
    ("TypeScript", "    const parameters: string[] = [];", "parameters"),
    ("TypeScript", "    let isEveryParameterOptional = true;", "isEveryParameterOptional"),
    ("Go", "\tretryDelay, capped := backoff(attempt, webhookRetryMax)", "retryDelay"),
    ("Java", "        String trimmedHeaderValue = strip(headerValue);", "trimmedHeaderValue"),
    ("Java", "        final List<String> names = new ArrayList<>();", "names"),
    ("C#", "            var pendingReminders = Pending(reminders);", "pendingReminders"),
    ("TypeScript", "    isEveryParameterOptional = false;", None),  # an assignment declares nothing
    ("Java", "        if (count == limit) {", None),
    ("Python", "    retry_delay = base * 2", None),  # Python's assignment: no declaration to read
]


@pytest.mark.parametrize(("language", "line", "name"), DECLARED, ids=[f"{d[0]}-{d[2]}" for d in DECLARED])
def test_the_local_variable_a_line_declares(language, line, name) -> None:
    assert declared(line) == name, language


BINDS = [  # (language, line, name, expected)
    ("TypeScript", "const perplexityChunkSchema = z.object({", "perplexityChunkSchema", True),
    ("TypeScript", "export const routes: Route[] = [", "routes", True),
    ("Ruby", "DEFAULT_HEADERS = {", "DEFAULT_HEADERS", True),
    ("Ruby", "Point = Struct.new(", "Point", True),
    ("Python", "RETRYABLE_STATUSES = frozenset(", "RETRYABLE_STATUSES", True),
    ("Go", "var defaultRetryPolicy = RetryPolicy{", "defaultRetryPolicy", True),
    ("Go", "\topts := Options{", "opts", True),
    ("TypeScript", "const limits = { max: 3 };", "limits", False),  # closed on its line
    ("TypeScript", "register(defaultOptions, {", "defaultOptions", False),  # a call passing it
    ("Ruby", "if limits == {", "limits", False),  # a comparison
    ("Java", "    if (low <= high) {", "high", False),
    ("Python", "    self.limits = dict(", "limits", False),  # an attribute of another object
    ("TypeScript", "const streamChunkSchema = z.object({", "chunkSchema", False),  # a longer name
]


@pytest.mark.parametrize(("language", "line", "name", "expected"), BINDS, ids=[f"{b[0]}-{b[1]}" for b in BINDS])
def test_a_line_binds_a_name_to_the_value_below_it(language, line, name, expected) -> None:
    assert binds(line, name) is expected, language

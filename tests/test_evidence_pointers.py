"""Issue 32's wrong pointers, in every language: evidence an unrelated criterion got from code its neighbour changes.
A name written in camel case is read in its case (`TestCase` is the type, not the variable `testCase` of it;
`typesSuffix` is not `mapperTypeSuffix`; snake case and one word tell no case). Each case is one changed file and
one criterion, read as a run reads them; each failed before its rule."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.names import spelled
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff
from tests.evidence_paths import evidence_in

CASED = [  # (language, criterion, path, a line writing the name in another case, a line writing it)
    (
        "Go",
        "Providers can be set at the `TestCase` level.",
        "helper/resource/teststep_providers.go",
        "\tfor name := range testCase.Providers {",
        "\ttc := TestCase{Steps: steps}",
    ),
    (
        "C#",
        "`RetryPolicy` backs off exponentially.",
        "src/Http/Client.cs",
        "        var retryPolicy = options.Build();",
        "        var policy = new RetryPolicy(options);",
    ),
    (
        "TypeScript",
        "Fix `typesSuffix` not being applied.",
        "dev-test/codegen.ts",
        "        mapperTypeSuffix: 'Mapper',",
        "        typesSuffix: 'Types',",
    ),
    (
        "Java",
        "`TokenBucket` refills once a second.",
        "src/main/java/org/acme/Limits.java",
        "        tokenBucket.take();",
        "        Limiter limiter = new TokenBucket(10);",
    ),
    (
        "Python",
        "Each `TestCase` gets its own event loop.",
        "src/acme/testing.py",
        "    testCase = suite.next()",
        "class LoopTest(TestCase):",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "other", "same"), CASED, ids=[c[0] for c in CASED])
def test_a_camel_case_name_is_read_in_its_case(language, criterion, path, other, same) -> None:
    assert evidence_in(criterion, path, other) == [], language
    assert evidence_in(criterion, path, same) == [f"/{path}"], language


EXPORTED = [  # (language, criterion naming a field lower case first, path, the line writing it upper case first)
    (
        "C#",
        "`userId` is required on every order.",
        "src/Api/Models/Checkout.cs",
        "    public string UserId { get; set; }",
    ),
    (
        "Go",
        "`parseConfig` rejects an empty file.",
        "internal/config/parse.go",
        "func ParseConfig(b []byte) (*Config, error) {",
    ),
    ("TypeScript", "`retryCount` defaults to 3.", "src/Options.ts", "  RetryCount: number = 3;"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), EXPORTED, ids=[c[0] for c in EXPORTED])
def test_a_field_name_meets_its_property(language, criterion, path, line) -> None:
    """The review of 8f487b0: a product owner's JSON field (`userId`) is the C# property or Go exported name
    (`UserId`) whole, its first letter aside; never inside another name (`GetUserIdAsync`, `UserIdValidator`)."""
    assert evidence_in(criterion, path, line) == [f"/{path}"], language
    name = criterion.split("`")[1]
    exported = name[0].upper() + name[1:]
    assert evidence_in(criterion, path, f"    var v = new {exported}Validator(x);") == [], language
    assert evidence_in(criterion, path, f"    var v = Get{exported}Async(x);") == [], language


@pytest.mark.parametrize(
    ("line", "name", "meets"),
    [
        ("public string UserId { get; set; }", "userId", True),  # the review's reproduction
        ("func ParseConfig(b []byte) (*Config, error) {", "parseConfig", True),
        ("var id = GetUserId(order);", "userId", False),  # a piece of another name, in another case
        ("for name := range testCase.Providers {", "TestCase", False),  # a type's variable is not the type
        ("mapperTypeSuffix: 'Mapper',", "typesSuffix", False),
    ],
)
def test_spelled_in_code_reads_a_first_letter_upper_as_the_field(line, name, meets) -> None:
    assert spelled(line, name, cased=True) is meets


ONE_WORD = [  # a camel-case name written as one word, as a package or a product is, or in snake case: still the name
    ("Ruby", "Bump `RuboCop` requirement to 1.61.", "rubocop-factory_bot.gemspec", "  spec.add_dependency 'rubocop'"),
    ("Python", "Charge `PayPal` last.", "src/pay/charge.py", "    paypal_client.charge(order)"),
    ("Go", "The `OpenTelemetry` collector is optional.", "internal/export.go", "\topentelemetry.SetTracer(t)"),
    ("Ruby", "Raise a useful error in `AssertOffense`.", "lib/minitest/offense.rb", "    def assert_offense(src)"),
    ("Python", "`ServerHostname` is verified.", "src/acme/tls.py", "    server_host_name = host"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), ONE_WORD, ids=[c[0] for c in ONE_WORD])
def test_a_camel_case_name_in_one_word_is_the_name(language, criterion, path, line) -> None:
    assert evidence_in(criterion, path, line) == [f"/{path}"], language


DOCS = [  # (language, criterion, a code file and its line, a documentation line naming it in prose)
    (
        "Python",
        "The gift card pays first, up to its balance; the remainder goes to the card or PayPal.",
        ("src/pay/split.py", '    """Gift card first, capped at its balance; the remainder goes to the card."""'),
        "When the balance is short, the shopper pays the rest by card or PayPal.",
    ),
    (
        "C#",
        "Exports go to the ledger nightly; failures page the on-call team via PagerDuty.",
        ("src/Ledger/NightlyExport.cs", "    // Nightly ledger export; a failure pages the on-call team."),
        "A failed nightly export pages the on-call team through PagerDuty.",
    ),
    (
        "TypeScript",
        "Sign-in remembers the device for 30 days; the code is sent by SendGrid.",
        ("src/auth/device.ts", "export const REMEMBER_DEVICE_DAYS = 30; // days the device is remembered"),
        "The one-time code is e-mailed through SendGrid; the device is remembered.",
    ),
    (
        "Java",
        "Uploads resume after a dropped connection; large files go to OneDrive.",
        ("src/main/java/org/acme/Upload.java", "        if (droppedConnection) resumeUpload(upload);"),
        "A dropped connection resumes the upload; large files are stored in OneDrive.",
    ),
    (
        "Go",
        "Retries back off exponentially; the alert goes to PagerDuty after the last retry.",
        ("internal/retry/backoff.go", "\t// back off exponentially between retries; alert after the last retry"),
        "After the last retry an alert is raised in PagerDuty.",
    ),
    (
        "Ruby",
        "Invoices are sent on the first of the month; payment links open in PayPal.",
        ("lib/billing/invoices.rb", "    # invoices are sent on the first of the month, with their payment links"),
        "Each invoice's payment link opens PayPal.",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "code", "doc"), DOCS, ids=[c[0] for c in DOCS])
def test_code_ranks_before_the_docs_naming_a_product(language, criterion, code, doc) -> None:
    """The demo's criterion 1 (issue 32): a product's name only a documentation file says (PayPal) is a word there, not
    code the change shows, so the code its other terms find counts, and ranks before the docs: they mention
    everything."""
    path, line = code
    both = diff("docs/guide.md", doc) + diff(path, line)
    found = EvidenceFinder(parse_diff(both)).find(criterion).files
    assert [f.path for f in found][:1] == [f"/{path}"], language


SWEPT = [  # (language, criterion, the line before and after as templates of {name}, the name, three others)
    (
        "Go",
        "Support `PlanResourceChange` on destroy.",
        "func (s muxServer) {name}(ctx context.Context, req *tfprotov5.{name}Request) (*{name}Response, error) {{",
        "func (s *muxServer) {name}(ctx context.Context, req *tfprotov5.{name}Request) (*{name}Response, error) {{",
        ("PlanResourceChange", "ApplyResourceChange", "ReadResource", "ImportResourceState"),
    ),
    (
        "C#",
        "`GetInvoiceAsync` retries on a timeout.",
        "    public Task<Response> {name}(Request request) => Send(request);",
        "    public Task<Response> {name}(Request request, CancellationToken token) => Send(request, token);",
        ("GetInvoiceAsync", "GetOrderAsync", "GetRefundAsync", "GetCustomerAsync"),
    ),
    (
        "TypeScript",
        "`fetchInvoice` retries on a timeout.",
        "export const {name} = (client: Client) => client.send('{name}');",
        "export const {name} = (client: Client) => client.request('{name}');",
        ("fetchInvoice", "fetchOrder", "fetchRefund", "fetchCustomer"),
    ),
    (
        "Java",
        "`chargeCard` retries on a timeout.",
        '    public Response {name}(Request request) {{ return client.send("{name}", request); }}',
        '    public Response {name}(Request request) {{ return client.call("{name}", request); }}',
        ("chargeCard", "refundCard", "voidCard", "captureCard"),
    ),
    (
        "Python",
        "`charge_card` retries on a timeout.",
        '    def {name}(self, request): return self._send("{name}", request)',
        '    def {name}(self, request): return self._call("{name}", request)',
        ("charge_card", "refund_card", "void_card", "capture_card"),
    ),
    (
        "Ruby",
        "`charge_card` retries on a timeout.",
        "  def {name}(request) = send(:{name}, request)",
        "  def {name}(request) = call(:{name}, request)",
        ("charge_card", "refund_card", "void_card", "capture_card"),
    ),
]


def edit(path: str, pairs: list[tuple[str, str]]) -> str:
    """A diff rewriting each old line of a file to its new one."""
    return diff(path, *(new for _, new in pairs), deleted=tuple(old for old, _ in pairs))


@pytest.mark.parametrize(("language", "criterion", "before", "after", "names"), SWEPT, ids=[c[0] for c in SWEPT])
def test_an_edit_repeated_for_every_name_is_about_none(language, criterion, before, after, names) -> None:
    """terraform-plugin-mux's decoy (issue 32): a change rewriting every RPC's line the same way is about none of
    them, in one file or in one a name; with two others only, the name's line is its own."""
    pairs = [(before.format(name=name), after.format(name=name)) for name in names]
    files = [(f"src/part_{n}{_EXTENSIONS[language]}", pair) for n, pair in enumerate(pairs)]
    every = EvidenceFinder(parse_diff("".join(edit(path, [pair]) for path, pair in files))).find(criterion)
    assert every.files == (), language
    one = EvidenceFinder(parse_diff(edit(f"src/all{_EXTENSIONS[language]}", pairs))).find(criterion)
    assert one.files == (), language
    fewer = EvidenceFinder(parse_diff("".join(edit(path, [pair]) for path, pair in files[:3]))).find(criterion)
    assert [f.path for f in fewer.files] == [f"/{files[0][0]}"], language


@pytest.mark.parametrize(("language", "criterion", "before", "after", "names"), SWEPT, ids=[c[0] for c in SWEPT])
def test_a_feature_adding_siblings_of_one_shape_keeps_its_evidence(language, criterion, before, after, names):
    """The review of 8f487b0: new code is the change's own, however many siblings of its shape it adds (a
    feature as four new endpoints, one file each or all in one)."""
    lines = [after.format(name=name) for name in names]
    files = [(f"src/part_{n}{_EXTENSIONS[language]}", line) for n, line in enumerate(lines)]
    apart = EvidenceFinder(parse_diff("".join(diff(path, line) for path, line in files))).find(criterion)
    assert [f.path for f in apart.files] == [f"/{files[0][0]}"], language
    together = EvidenceFinder(parse_diff(diff(f"src/all{_EXTENSIONS[language]}", *lines))).find(criterion)
    assert [f.path for f in together.files] == [f"/src/all{_EXTENSIONS[language]}"], language


@pytest.mark.parametrize(("language", "criterion", "before", "after", "names"), SWEPT, ids=[c[0] for c in SWEPT])
def test_one_rewritten_line_beside_new_siblings_is_its_own(language, criterion, before, after, names) -> None:
    """The second review: one method rewritten and three new ones of its new shape in the same file are no sweep
    (new siblings rewrite nothing); the rewritten one keeps its evidence."""
    first, *rest = names
    body = f"-{before.format(name=first)}\n+{after.format(name=first)}\n" + "".join(
        f"+{after.format(name=name)}\n" for name in rest
    )
    path = f"src/all{_EXTENSIONS[language]}"
    changed = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,1 +1,{len(names)} @@\n{body}"
    found = EvidenceFinder(parse_diff(changed)).find(criterion)
    assert [f.path for f in found.files] == [f"/{path}"], language


def test_new_controllers_keep_their_evidence() -> None:
    """The review's reproduction: four controllers a feature adds, one file each."""

    def controller(entity: str) -> str:
        return diff(
            f"src/Api/Controllers/{entity}sController.cs",
            '    [HttpGet("{id}")]',
            f"    public async Task<IActionResult> Get{entity}(int id, CancellationToken token)",
            "    {",
            "        var found = await _store.FindAsync(id, token);",
            "        return found is null ? NotFound() : Ok(found);",
            "    }",
        )

    changed = "".join(controller(e) for e in ("Invoice", "Order", "Refund", "Customer"))
    found = EvidenceFinder(parse_diff(changed)).find("`GetInvoice` returns 404 Not Found for an unknown id.")
    assert [(f.path, f.lines) for f in found.files] == [("/src/Api/Controllers/InvoicesController.cs", (2,))]


_EXTENSIONS = {"Go": ".go", "C#": ".cs", "TypeScript": ".ts", "Java": ".java", "Python": ".py", "Ruby": ".rb"}


MANY = [  # (language, criterion, a line as a template of {name} and {k}, the name, three others): 21 lines each
    (
        "Python",
        "`charge_card` is registered once.",
        "    registry.add(route_{k}, {name})",
        ("charge_card", "refund_card", "void_card", "capture_card"),
    ),
    (
        "Go",
        "`ChargeCard` is registered once.",
        "\tregistry.Add(route{k}, {name})",
        ("ChargeCard", "RefundCard", "VoidCard", "CaptureCard"),
    ),
]


@pytest.mark.parametrize(("language", "criterion", "template", "names"), MANY, ids=[c[0] for c in MANY])
def test_a_file_writing_the_name_on_many_lines_is_about_it(language, criterion, template, names) -> None:
    """The repeated edit's bound (SWEEP_LINES): a file writing the name on more than 20 changed lines is about it,
    however alike the other files' lines are."""
    files = [
        (f"src/part_{n}{_EXTENSIONS[language]}", [template.format(k=k, name=name) for k in range(21)])
        for n, name in enumerate(names)
    ]
    found = EvidenceFinder(parse_diff("".join(diff(path, *lines) for path, lines in files))).find(criterion)
    assert [f.path for f in found.files] == [f"/{files[0][0]}"], language


DIGIT_AFTER = [  # (language, criterion, a deleted line writing the name twice, a digit right after the second, added)
    ("C#", "`Crc` checksums cover the header.", "        if (kind == Crc || kind == Crc32) Check(kind);",
     "        var sum = Crc.CoverHeader(frame);"),
    ("Go", "`Float` values round half even.", "\tcase Float, Float64:", "\tv := Float.RoundHalfEven(x)"),
    ("TypeScript", "`Sha` digests are checked.", "  const ok = algo === Sha || algo === Sha256;",
     "  const checked = Sha.checkDigest(body);"),
    ("Java", "`Utf` decoding rejects overlong forms.", "        if (cs == Utf || cs == Utf8) decode(cs);",
     "        Utf.rejectOverlong(bytes);"),
    ("Python", "`Md` hashes are deprecated.", "    if algo in (Md, Md5):", "    Md.warn_deprecated(algo)"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "before", "after"), DIGIT_AFTER, ids=[c[0] for c in DIGIT_AFTER])
def test_a_name_written_twice_before_a_digit_reads_without_error(language, criterion, before, after) -> None:
    """A line as a pattern of its name (evidence_stale's template) refers back to the name's first writing: a digit
    after the second (`Crc || kind == Crc32`) is text, never a group's number (real_changes_several.py's crash)."""
    path = f"src/part{_EXTENSIONS[language]}"
    found = EvidenceFinder(parse_diff(diff(path, after, deleted=(before,)))).find(criterion)
    assert [f.path for f in found.files] == [f"/{path}"], language

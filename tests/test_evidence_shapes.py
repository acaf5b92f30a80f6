"""Issue 32's wrong pointers, seventh session: the shapes of an unrelated changelog entry getting evidence on real
changes, each reproduced in made-up code of two languages or more, each failing before its rule."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff
from tests.diffs import in_definition


def found(criterion: str, story: list[str], change: str) -> list[str]:
    """The paths the criterion's evidence points at, beside its story's other criteria."""
    siblings = [s for s in story if s != criterion]
    finder = EvidenceFinder(parse_diff(change))
    return [f.path for f in finder.find(criterion, work_item=siblings, siblings=siblings).files]


RETRY = "Retry the schema upload when the connection drops."
NESTED = "Report deprecation messages on nested attributes and blocks."
ROWS = [  # (language, the code's file and line, the test's file, its table's rows)
    ("Go", ("internal/upload/upload.go", "\t\treturn retrySchemaUpload(ctx, schema)"), "internal/upload/upload_test.go",
     ('\t\t"nested attributes and blocks": {', "\t\t\tschema: nestedSchema,", "\t\t},")),
    ("TypeScript", ("src/upload/upload.ts", "    return retrySchemaUpload(schema);"), "src/upload/upload.test.ts",
     ('  { name: "nested attributes and blocks", schema: nestedSchema },',
      '  { name: "flat attributes", schema: flatSchema },')),
    ("Python", ("src/upload/upload.py", "        return retry_schema_upload(schema)"), "tests/test_upload.py",
     ('    "nested attributes and blocks": {', '        "schema": NESTED_SCHEMA,', "    },")),
    ("Go fields", ("internal/upload/upload.go", "\t\treturn retrySchemaUpload(ctx, schema)"),
     "internal/upload/upload_test.go",
     ("\t\t{", '\t\t\tname:   "nested attributes and blocks",', "\t\t\tschema: nestedSchema,", "\t\t},")),
    ("Ruby", ("lib/upload/upload.rb", "      retry_schema_upload(schema)"), "spec/upload_spec.rb",
     ('    "nested attributes and blocks" => {', "      schema: nested_schema,", "    },")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "code", "test", "rows"), ROWS, ids=[c[0] for c in ROWS])
def test_a_test_tables_row_name_is_no_evidence(language, code, test, rows) -> None:
    """terraform-plugin-sdk's decoy (issue 32): "deprecation messages on attributes and blocks" pointed at a Go test
    table's row `"nested attributes and blocks": {` in a change about converting schemas. A table's row names a case
    of the inputs the test feeds (a string key opening the row, or its `name:` field), not what the change does: its
    words are no evidence. The change's own criterion keeps its code."""
    change = diff(code[0], code[1]) + diff(test, *rows)
    story = [RETRY, NESTED]
    assert found(NESTED, story, change) == [], language
    assert found(RETRY, story, change) == [f"/{code[0]}"], language


VALIDATE = "Validate the stack files early with `OpTypeValidateStacks`."
EMBEDDED = "Load embedded provider schemas into the state."
NAMES = (
    "OpTypeUnknownOpTypeGetVersionOpTypeObtainSchemaOpTypeParseModule"
    + "OpTypeLoadModuleMetadataOpTypePreloadEmbeddedSchema"
)
TABLES = [  # (language, the code's file, its lines: the new operation, and the table of every operation's name)
    ("Go", "internal/operation/op_type_string.go",
     ("\t_ = x[OpTypeValidateStacks-7]", f'const _OpType_name = "{NAMES}OpTypeValidateStacks"')),
    ("C#", "src/Operations/OpTypeNames.cs",
     ("    OpTypeValidateStacks = 7,", f'    private const string Names = "{NAMES}OpTypeValidateStacks";')),
    ("TypeScript", "src/operations/opTypeNames.ts",
     ("  OpTypeValidateStacks = 7,", f'export const names = "{NAMES}OpTypeValidateStacks";')),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "lines"), TABLES, ids=[c[0] for c in TABLES])
def test_names_run_together_in_a_table_are_no_name(language, path, lines) -> None:
    """terraform-ls's decoys (issue 32): "Load embedded provider schemas ..." and "Early decode ... references" pointed
    at the line of Go's stringer output that runs every operation's name together (`_OpType_name = "OpTypeUnknown
    OpTypeGetTerraformVersion..."`), rewritten whenever one operation is added. A token too long to be a name (a
    table of names, encoded data) holds no one name's words; the line still shows the name the change adds."""
    change = diff(path, *lines)
    story = [VALIDATE, EMBEDDED]
    assert found(EMBEDDED, story, change) == [], language
    assert found(VALIDATE, story, change) == [f"/{path}"], language


SDK = "Consume the diagnostic events raised by the PayHub SDK."
MAILER = "Invoices are mailed again when the first send fails."
PROJECTS = [  # (language, files: path and an added line), every file in a project folder named as its namespace
    ("C#", (("src/PayHub.Billing/InvoiceMailer.cs", "            await RetrySend(invoice, failed);"),
            ("src/PayHub.Billing/InvoiceMailer.cs", "using Contoso.PayHub.Billing.Mail;"),
            ("src/PayHub.Billing.Mail/Sender.cs", "namespace Contoso.PayHub.Billing.Mail;"),
            ("test/PayHub.Billing.Tests/InvoiceMailerTests.cs", "using Contoso.PayHub.Billing.Mail;"),
            ("test/PayHub.Billing.Mail.Tests/SenderTests.cs", "using Contoso.PayHub.Billing.Mail.Fakes;"))),
    ("Java", (("payhub.billing/src/InvoiceMailer.java", "        retrySend(invoice, failed);"),
              ("payhub.billing/src/InvoiceMailer.java", "import com.contoso.payhub.billing.mail.Sender;"),
              ("payhub.billing.mail/src/Sender.java", "package com.contoso.payhub.billing.mail;"),
              ("payhub.billing.tests/src/InvoiceMailerTest.java", "import com.contoso.payhub.mail.Fake;"),
              ("payhub.billing.mail.tests/src/SenderTest.java", "package com.contoso.payhub.tests;"))),
]  # fmt: skip


@pytest.mark.parametrize(("language", "files"), PROJECTS, ids=[c[0] for c in PROJECTS])
def test_a_project_folders_namespace_is_the_changes_own_name(language, files) -> None:
    """azure-functions-host's decoy (issue 32): "Consume diagnostic events raised by the WebJobs SDK" pointed at the
    `using Microsoft.Azure.WebJobs.Script...;` lines of a change whose files sit in src/WebJobs.Script/,
    test/WebJobs.Script.Tests/, test/WebJobs.Script.Tests.Integration/: a project folder named as its namespace
    (.NET's, an Eclipse bundle's) is that namespace and each one it sits in, so the names every one of the change's
    folders begins with are the change's own (relevance/change_wide.package_names), never a criterion's evidence."""
    change = "".join(diff(path, line) for path, line in files)
    story = [MAILER, SDK]
    assert found(SDK, story, change) == [], language


MENTIONED = [  # (language, criterion naming a member with its type, a file, a line writing the type's name, a call
    # of the same member on a receiver the file never declares of the type)
    ("Java", "`DateTimeFormatter#formatTo(StringBuilder)` appends the offset.",
     "src/main/java/org/acme/layout/PatternParser.java", "import java.time.format.DateTimeFormatter;",
     "        parser.formatTo(buffer);"),
    ("TypeScript", "`QueryManager.refetchQueries` keeps the results in order.", "src/cache/inMemoryCache.ts",
     'import type { QueryManager } from "../core/QueryManager";', "    this.store.refetchQueries(ids);"),
    ("C#", "`HttpClientFactory.CreateClient` is given a name.", "src/Acme.Billing/Pool.cs",
     '        _log.LogDebug("HttpClientFactory disposed");', "        var client = pool.CreateClient(name);"),
    ("Go", "`(*Client).DoRequest` closes the body on errors.", "internal/retry/retry.go",
     "// Client retries are configured in client.go.", "\tresp, err := transport.DoRequest(ctx, req)"),
]  # fmt: skip
DECLARED = {  # a line declaring the receiver of the type, in each file above
    "Java": "    private final DateTimeFormatter parser;",
    "TypeScript": "  constructor(private store: QueryManager) {}",
    "C#": "    private readonly HttpClientFactory pool;",
    "Go": "\ttransport *Client",
}
SUBJECTS = [  # (language, criterion, a file, its scope: a test describing the type or a class of it, the call)
    ("Ruby", "`DeepMerge#deep_merge` keeps nested values.", "spec/hashie/extensions/deep_merge_spec.rb",
     "describe Hashie::Extensions::DeepMerge do", "      result = h1.deep_merge(h2)"),
    ("TypeScript", "`QueryManager.refetchQueries` keeps the results in order.", "src/core/queryManager.test.ts",
     'describe("QueryManager", () => {', "    const results = qm.refetchQueries(ids);"),
    ("C#", "`TaskOrchestrationContext.CreateReplaySafeLogger` creates the logger.",
     "src/Worker/Shims/TaskOrchestrationContextWrapper.cs",
     "sealed partial class ContextWrapper : TaskOrchestrationContext",
     '        this.logger = this.CreateReplaySafeLogger("Acme.Tasks");'),
    ("Python", "`Report.read_rows` skips the header.", "src/acme/reports/monthly.py",
     "class MonthlyReport(Report):", "        rows = self.read_rows(path)"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "mention", "call"), MENTIONED, ids=[m[0] for m in MENTIONED])
def test_a_file_merely_writing_the_type_ties_no_call_to_it(language, criterion, path, mention, call) -> None:
    """relevance/members.py (the sixth session's closing note): a file writing the type's name anywhere (an import,
    a log message, a comment) tied every call of a same-named member in it to the type. A receiver is the type's
    when the file declares it of the type (a parameter, a field, a variable, one made of it), or its name shares a
    piece with the type's; a file that only mentions the type declares none."""
    assert found(criterion, [], diff(path, mention, call)) == [], language
    declared = DECLARED[language]
    assert found(criterion, [], diff(path, declared, call)) == [f"/{path}"], language


@pytest.mark.parametrize(("language", "criterion", "path", "scope", "call"), SUBJECTS, ids=[s[0] for s in SUBJECTS])
def test_a_test_of_the_type_or_a_class_of_it_ties_its_calls(language, criterion, path, scope, call) -> None:
    """hashie's, slack-ruby-client's and durabletask-dotnet's own entries: a spec describing the type (`describe
    Hashie::Extensions::DeepMerge do`) calls it on any receiver; a class extending or implementing it calls it on
    `this`/`self`."""
    assert found(criterion, [], in_definition(path, scope, call)) == [f"/{path}"], language


LABELLED = [  # (language, the file the change edits, its line, the criterion of another file: a label, then prose)
    ("Go", "kubernetes/resource_secret.go", '\t\t\t\tDescription: "Terraform will wait for the token, then time out.",',
     "`manifest/provider/apply.go`: update the flow in the `wait` block to fix a timeout."),
    ("C#", "src/Secrets/Secret.cs", '        Description = "Terraform will wait for the token, then time out.";',
     "`src/Acme.Manifests/Apply.cs`: update the flow in the `wait` block to fix a timeout."),
    ("Python", "src/acme/secrets/resource.py", '    description = "Terraform will wait for the token, then time out."',
     "manifest/apply.py: update the flow in the `wait` block to fix a timeout."),
]  # fmt: skip
WAIT_OWN = "Add a `wait_for_token` attribute and a `create` timeout to the secret resource."


@pytest.mark.parametrize(("language", "path", "line", "criterion"), LABELLED, ids=[c[0] for c in LABELLED])
def test_a_criterion_labelled_with_a_file_the_change_leaves_alone_is_that_files(language, path, line, criterion):
    """terraform-provider-kubernetes's decoy (issue 32): "`manifest/provider/apply.go`: update flow in `wait` block to
    fix timeout bug ..." pointed at a change adding a `wait_for_service_account_token` attribute and its timeout in
    another file. A criterion that begins by naming its file says where it is: when the change leaves that file
    alone, its words elsewhere are another change's. Labelled with a file the change edits, it is read as before."""
    story = [WAIT_OWN, criterion]
    assert found(criterion, story, diff(path, line)) == [], language
    label = criterion.split(":", 1)[0].strip("`")
    assert found(criterion, story, diff(path, line) + diff(label, "        wait(timeout);")), language


OVERDUE = "An overdue invoice is answered with a payment required problem."
DATA = [  # (language, the test's file, the lines of the data it expects)
    ("TypeScript", "test/invoices.test.ts", "      title: 'Payment required: the invoice is overdue',"),
    ("TypeScript", "test/invoices.test.ts", "      message: 'Payment required: the invoice is overdue',"),
    ("Python", "tests/test_invoices.py", '        "title": "Payment required: the invoice is overdue",'),
    ("Python", "tests/test_invoices.py", '        "detail": "Payment required: the invoice is overdue",'),
    ("Go", "internal/invoices/invoices_test.go", '\t\tDescription: "Payment required: the invoice is overdue",'),
    ("Python dict", "tests/test_invoices.py", "    expected = {", '        "title": "Payment required: overdue",'),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "lines"), [(c[0], c[1], c[2:]) for c in DATA], ids=[c[0] for c in DATA])
def test_a_tests_data_field_is_no_row_name(language, path, lines) -> None:
    """A `title`, `description` or `name` field is a data field as often (a problem's title, a product's name, RFC
    7807's details): only opening a row (`{ name: "..."`, Go's `name:` field) does it name the case a table feeds. A
    test pinning the message the criterion asks for is evidence, whatever its key (review 7, finding 6)."""
    assert found(OVERDUE, [OVERDUE], diff(path, *lines)) == [f"/{path}"], language

"""Issue 32's wrong pointers, seventh session: the shapes of an unrelated changelog entry getting evidence on real
changes, each reproduced in made-up code of two languages or more, each failing before its rule."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


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

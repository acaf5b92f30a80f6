"""Issue 32, session 14 (the third untuned batch's class "a label read as code"): a criterion's opening label files
it under a component (`[mempool]`, [Analyzers], fix(otlp-exporter-base):), as a changelog's section does, and its
neighbours under the same one. It names no code the change writes: read as named code it held an own entry's
evidence to files writing it (none); read as words it lent a neighbour's entry the component's weight."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.criterion_terms import unlabelled
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def evidence(criterion: str, *files: str) -> list[str]:
    return [f.path for f in EvidenceFinder(parse_diff("".join(files))).find(criterion).files]


OWN = [  # (language, a criterion opening with a label as code, the file that does what it says, its added lines)
    (
        "Go",
        "`[mempool]` Add a metric counting each transaction received more than once.",
        "mempool/metrics.go",
        (
            "\t// AlreadyReceivedTxs counts each transaction received more than once.",
            "\tAlreadyReceivedTxs metrics.Counter",
        ),
    ),
    (
        "Java",
        "`[OpenEJB]` Close the container after each scenario",
        "cucumber-openejb/src/main/java/io/cucumber/openejb/ContainerLifecycle.java",
        ("        container.close(); // after each scenario",),
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), OWN, ids=[c[0] for c in OWN])
def test_a_label_written_as_code_holds_no_evidence_back(
    language: str, criterion: str, path: str, lines: tuple[str, ...]
) -> None:
    assert evidence(criterion, diff(path, *lines)) == [f"/{path}"], language


NEIGHBOURS = [  # (language, a neighbour's criterion filed under the component the change edits, the change)
    (
        "TypeScript",
        "fix(otlp-exporter-base): ensure retry on network errors during HTTP export",
        diff(
            "experimental/packages/otlp-exporter-base/src/transport/http-transport-utils.ts",
            "export function sendWithHttp(params: HttpRequestParameters, onDone: (r: ExportResponse) => void): void {",
            "  // the otlp exporter base's HTTP export promisified",
        ),
    ),
    (
        "C#",
        "[Analyzers] Report parameters unused in local functions",
        diff(
            "src/Analyzers/CSharp/Analysis/UnusedMember/UnusedMemberWalker.cs",
            "    // Analyzers visit local functions once",
            "        VisitLocalFunction(node);",
        ),
    ),
    (  # a changeset's bold component (openapi-ts), then a conventional type: its plugin's words in its own code
        "TypeScript bold",
        "**plugin(typescript)**: fix: reference enum object when creating enum types",
        diff(
            "packages/openapi-ts/src/plugins/@hey-api/typescript/plugin.ts",
            "  // the TypeScript plugin writes each date as a Date",
            "  if (schema.format === 'date-time') return createTypeReference('Date');",
        ),
    ),
    (
        "TypeScript bold package",
        "**plugin(@hey-api/typescript)**: fix: deduplicate enum keys to avoid name collision",
        diff(
            "packages/openapi-ts/src/plugins/@hey-api/typescript/plugin.ts",
            "  const plugin = context.plugins['@hey-api/typescript'];",
            "  if (schema.format === 'date-time') return createTypeReference('Date');",
        ),
    ),
    (
        "C# bold",
        "**Analyzers**: Report parameters unused in local functions",
        diff(
            "src/Analyzers/CSharp/Analysis/UnusedMember/UnusedMemberWalker.cs",
            "    // Analyzers visit local functions once",
            "        VisitLocalFunction(node);",
        ),
    ),
]


BOLD_OWN = [  # (language, a changeset opening with a bold component, the file doing what it says, its added lines)
    (
        "TypeScript",
        "**@hey-api/sdk**: correctly map flat parameters",
        "packages/openapi-ts/src/plugins/sdk/operation.ts",
        ("export const mapFlatParameters = (operation: IR.OperationObject) => {",),
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), BOLD_OWN, ids=[c[0] for c in BOLD_OWN])
def test_a_bold_label_holds_no_evidence_back(language: str, criterion: str, path: str, lines: tuple[str, ...]) -> None:
    """`hey-api/sdk` was named code no line writes."""
    assert evidence(criterion, diff(path, *lines)) == [f"/{path}"], language


def test_a_bold_name_without_a_colon_is_the_subject() -> None:
    """ta4j's `**ThreeBlackCrowsIndicator** fixed ...`: the type the entry is about, not a label."""
    path = "ta4j-core/src/main/java/org/ta4j/core/indicators/candles/ThreeBlackCrowsIndicator.java"
    change = diff(path, "        final Num averageUpperShadow = calculateAverageUpperShadow(index);")
    criterion = "**ThreeBlackCrowsIndicator** fixed eliminated instance variable holding possible wrong value"
    assert evidence(criterion, change) == [f"/{path}"]


@pytest.mark.parametrize(
    ("language", "criterion", "path", "line"),
    [
        ("Java", "**LedgerVerifier**: no longer throws on an empty ledger",
         "src/main/java/org/acme/audit/LedgerVerifier.java", "        if (entries.isEmpty()) return Verdict.EMPTY;"),
        ("C#", "**LedgerVerifier:** no longer throws on an empty ledger", "src/Acme.Audit/LedgerVerifier.cs",
         "        if (entries.Count == 0) return Verdict.Empty;"),
        ("Python", "**LedgerChecker**: no longer fails on an empty ledger", "acme/audit/ledger_checker.py",
         "        if not entries:"),
    ],
)  # fmt: skip
def test_a_bold_code_name_before_its_colon_is_the_subject(language: str, criterion: str, path: str, line: str) -> None:
    """Review 16 F8: the type a ta4j-style entry opens with was stripped as a label, and its file lost."""
    other = ("src/billing/limits.py", "LEDGER_LIMIT = 10")
    assert evidence(criterion, diff(path, line) + diff(*other)) == [f"/{path}"], language


@pytest.mark.parametrize(("language", "criterion", "change"), NEIGHBOURS, ids=[c[0] for c in NEIGHBOURS])
def test_a_label_lends_a_neighbour_no_weight(language: str, criterion: str, change: str) -> None:
    assert evidence(criterion, change) == [], language


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("`[mempool]` feat!(p2p): introduce follower mode", "introduce follower mode"),
        ("**[Breaking]** Alter lifecycle hooks to accept a context.", "Alter lifecycle hooks to accept a context."),
        ("[Testing Framework] Bump Roslyn to 4.6.0.", "Bump Roslyn to 4.6.0."),
        ("fix(sdk-logs): Fix the `batchLogProcessor` export", "Fix the `batchLogProcessor` export"),
        ("refactor(otlp-exporter-base)!: promisify `sendWithHttp`", "promisify `sendWithHttp`"),
        ("feat(@acme/cli): list commands in order", "list commands in order"),
        ("The [CLI] prints the version", "The [CLI] prints the version"),  # within the sentence: the text's own
        ("[Core]", "[Core]"),  # a label alone: nothing else to read
        ("Fix: the resolver retries", "Fix: the resolver retries"),  # no component named
        ("[x](https://example.com) links stay", "[x](https://example.com) links stay"),  # a link, no label
        ("fix: `PreparedStatement.toString()` no longer throws", "`PreparedStatement.toString()` no longer throws"),
        ("feat!: drop the legacy codec", "drop the legacy codec"),
        ("**@hey-api/sdk**: correctly map flat parameters", "correctly map flat parameters"),
        ("**plugin(typescript)**: fix: reference enum object", "reference enum object"),
        ("**parser:** process enum metadata", "process enum metadata"),
        ("**BREAKING**: **new package structure** change", "**new package structure** change"),
        # a bold title of words, and a bold name without its colon, are the text's own: what it is about
        (
            "**Factory selection from bars**: Derive the NumFactory",
            "**Factory selection from bars**: Derive the NumFactory",
        ),
        ("**ThreeBlackCrowsIndicator** fixed a wrong value", "**ThreeBlackCrowsIndicator** fixed a wrong value"),
        ("**`useQuery`**: accepts a signal", "**`useQuery`**: accepts a signal"),  # code, in bold
        # a bold code name before its colon is the subject (review 16 F8: ta4j writes `- **TimeBarBuilder**: ...`)
        ("**TimeBarBuilder**: takes trades", "**TimeBarBuilder**: takes trades"),
        ("**LedgerVerifier:** no longer throws", "**LedgerVerifier:** no longer throws"),
        ("**ledger_export**: rounds once", "**ledger_export**: rounds once"),
        ("fixes: the crash on exit", "fixes: the crash on exit"),  # no conventional type
    ],
)
def test_the_labels_a_criterion_opens_with_are_set_aside(text: str, read: str) -> None:
    assert unlabelled(text) == read

"""Issue 32's recall, fifth session: a package's path a criterion names (`helper/schema:`, a Go import path, a
package's folder) meets the changed files in that folder; it weighs nothing there, and a file it alone shows
needs two of the criterion's other terms: a package's prefix is every entry's of that package."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.packages import in_package, is_package
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def evidence(criterion: str, *files: str, siblings: tuple[str, ...] = ()) -> list[str]:
    found = EvidenceFinder(parse_diff("".join(files))).find(criterion, siblings=siblings, work_item=siblings)
    return [f.path for f in found.files]


PACKAGES = [  # (language, criterion naming a package's path, a file in its folder, an added line with two terms)
    (
        "Go",
        "helper/schema: Prevented an unexpected difference for timeouts after import.",
        "helper/schema/grpc_provider.go",
        "\tif imported && timeoutsChanged { return preventUnexpectedDifference(state) }",
    ),
    (
        "Go import path",
        "Avoid preallocating scope attributes in `go.opentelemetry.io/otel/exporters/prometheus`.",
        "exporters/prometheus/exporter.go",
        "\tif !c.disableScopeInfo { preallocated := make([]string, 0, scopeAttributes.Len()) }",
    ),
    (
        "TypeScript",
        "`packages/router`: Retry navigation when the network drops.",
        "packages/router/src/navigate.ts",
        "  if (networkDropped) { return retryNavigation(to); }",
    ),
    (
        "Python",
        "`src/billing/invoices`: Round refunds before the ledger export.",
        "src/billing/invoices/refund.py",
        "    ledger_export(round_refund(amount))",
    ),
    (
        "C#",
        "`src/Billing/Invoices`: Round refunds before the ledger export.",
        "src/billing/invoices/Refund.cs",
        "        LedgerExport(RoundRefund(amount));",
    ),
    (
        "Java",
        "`src/main/java/org/acme/billing`: Round refunds before the ledger export.",
        "src/main/java/org/acme/billing/Refunds.java",
        "        ledgerExport(roundRefund(amount));",
    ),
    (
        "Ruby",
        "`lib/acme/billing`: Round refunds before the ledger export.",
        "lib/acme/billing/refunds.rb",
        "      ledger_export(round_refund(amount))",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), PACKAGES, ids=[p[0] for p in PACKAGES])
def test_a_package_path_meets_the_files_in_its_folder(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


def test_a_package_path_alone_is_no_evidence() -> None:
    """The folder shows the package; it says nothing of what changed in it."""
    criterion = "helper/schema: Prevented an unexpected difference for timeouts after import."
    assert evidence(criterion, diff("helper/schema/grpc_provider.go", "\tresp.Diagnostics = nil")) == []


def test_one_phrase_in_the_package_is_what_a_neighbour_says_too() -> None:
    """Every entry of the package names it: one phrase of a neighbour's entry in the file is no evidence."""
    neighbour = "helper/schema: The provider server is updated to handle the new operation."
    found = diff("helper/schema/grpc_provider_test.go", "\tserver := NewGRPCProviderServer(testProvider)")
    assert evidence(neighbour, found) == []


def test_a_package_beside_the_changed_one_names_no_file() -> None:
    criterion = "helper/resource: Prevented an unexpected difference for timeouts after import."
    found = diff("helper/schema/grpc_provider.go", "\tif imported && timeoutsChanged { return preventUnexpected() }")
    assert evidence(criterion, found) == []


@pytest.mark.parametrize(
    ("code", "path", "expected"),
    [
        ("helper/schema", "/helper/schema/grpc_provider.go", True),
        ("go.opentelemetry.io/otel/sdk/metric/metricdatatest", "/sdk/metric/metricdatatest/a.go", True),
        ("go.opentelemetry.io/otel/semconv/v1.36.0", "/semconv/v1.36.0/httpconv/metric.go", True),
        ("helper/schema", "/internal/helper/schema/core.go", True),
        ("helper/schema", "/helper/resource/testing.go", False),
        ("helper/schema", "/schema/helper.go", False),
        ("go.opentelemetry.io/otel/sdk/metric", "/sdk/trace/span.go", False),
        ("src/Billing/Invoices", "/src/billing/invoices/Refund.cs", True),
        ("Style/InverseMethods", "/lib/rubocop/cop/style/inverse_methods.rb", False),  # the file, not a folder
    ],
)
def test_in_package(code, path, expected) -> None:
    assert in_package(code, path) is expected


def test_is_package() -> None:
    assert is_package("helper/schema") and is_package("go.opentelemetry.io/otel/exporters/prometheus")
    assert not is_package("schema") and not is_package("`a b`/c") and not is_package("/helper/schema")


OUTSIDE = [  # (language, criterion naming a package and other code, its file in the package, one outside, the line)
    (
        "Go",
        "helper/schema: `ResourceData.GetRawConfig` returns the configuration during import.",
        "helper/schema/resource_data.go",
        "helper/resource/importstate.go",
        "\tcfg := d.GetRawConfig() // during import",
    ),
    (
        "Python",
        "`src/billing/invoices`: `round_refund` rounds before the ledger export.",
        "src/billing/invoices/refund.py",
        "src/billing/ledger/export.py",
        "    ledger_export(round_refund(amount))",
    ),
    (
        "C#",
        "`src/Billing/Invoices`: `RoundRefund` rounds before the ledger export.",
        "src/billing/invoices/Refund.cs",
        "src/billing/ledger/Export.cs",
        "        LedgerExport(RoundRefund(amount));",
    ),
    (
        "TypeScript",
        "`packages/router`: `retryNavigation` retries when the network drops.",
        "packages/router/src/navigate.ts",
        "packages/app/src/links.ts",
        "  if (networkDropped) { return retryNavigation(to); }",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "inside", "outside", "line"), OUTSIDE, ids=[o[0] for o in OUTSIDE])
def test_the_package_weighs_nothing_beside_the_named_code(language, criterion, inside, outside, line) -> None:
    """A file outside the package showing the other named code is found beside the package's file."""
    found = evidence(criterion, diff(inside, line), diff(outside, line))
    assert sorted(found) == sorted([f"/{inside}", f"/{outside}"]), language


def test_the_package_admits_a_file_showing_none_of_the_other_named_code_where_none_shows_more() -> None:
    criterion = "helper/schema: Prevented an unexpected difference for `ResourceTimeout` after import."
    inside = diff(
        "helper/schema/grpc_provider.go", "\tif imported && timeoutsChanged { return preventUnexpectedDifference(s) }"
    )
    assert evidence(criterion, inside) == ["/helper/schema/grpc_provider.go"]
    assert evidence(criterion, inside, diff("helper/resource/timeout.go", "\tvar t ResourceTimeout")) == [
        "/helper/resource/timeout.go"
    ]

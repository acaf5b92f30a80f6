"""How a passage's match is weighed on long, real specifications (issue 36): the change's own code speaks louder
than what its documentation, tests or import lines copy from the page; a name held twice (as an identifier and as a
string) counts once; another project's vendored code and a tool's generated files give the change no terms."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.terms import text_terms
from doc_context.summary.passage_weights import MATCH, weigh


def diff(*files: tuple[str, str]) -> Change:
    return Change(
        parse_diff(
            "".join(
                f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,0 +1,1 @@\n+{line}\n"
                for path, line in files
            )
        )
    )


@pytest.mark.parametrize(
    "path",
    [
        "src/pip/_vendor/packaging/markers.py",
        "node_modules/sigstore/dist/verify.js",
        "vendor/github.com/acme/lib/hold.go",
        "third_party/lib/hold.py",
        "libs/third-party/hold.js",
        "services/api/vendor/golang.org/x/hold/hold.go",
        "vendor/bundle/ruby/3.2.0/gems/hold/hold.rb",
        "backend/vendor/symfony/console/Application.php",
        "api/vendor/bundle/ruby/3.2.0/gems/faraday-2.7.4/lib/faraday/retry.rb",
        "services/web/vendor/assets/javascripts/jquery.js",
        "src/Order.Designer.cs",
        "pkg/config/zz_generated.deepcopy.go",
        "api/hold_pb2.py",
    ],
)
def test_vendored_and_generated_files_give_the_change_no_terms(path: str) -> None:
    change = change_terms(diff(("src/hold.py", "RELEASE_HOLD = 1"), (path, "def capture_window_seconds(): ...")))
    assert ("ident", ("releas", "hold")) in change.weights
    assert not any("captur" in key[1] for key in change.weights)


@pytest.mark.parametrize(
    ("path", "line", "term"),
    [
        (
            "src/Procurement/Vendor/VendorOnboarding.cs",
            "public const int APPROVAL_WINDOW_DAYS = 14;",
            ("approval", "window"),
        ),
        ("app/models/vendor/payout_schedule.rb", "PAYOUT_DELAY_DAYS = 7", ("payout", "delay")),
        ("src/vendors/capture.py", "CAPTURE_WINDOW = 7", ("captur", "window")),
        ("src/features/vendor/VendorPayouts.tsx", "export const PAYOUT_DELAY_DAYS = 7;", ("payout", "delay")),
        ("internal/service/vendor/payouts.go", "const PayoutDelayDays = 7", ("payout", "delay")),
        ("marketplace/vendor/payouts.py", "PAYOUT_DELAY_DAYS = 7", ("payout", "delay")),
        ("services/billing/vendor/client.go", "const PayoutDelayDays = 7", ("payout", "delay")),
        ("modules/procurement/vendor/Invoice.java", "static final int PAYOUT_DELAY_DAYS = 7;", ("payout", "delay")),
        (
            "src/main/java/com/acme/procurement/vendor/VendorOnboarding.java",
            "static final int APPROVAL_WINDOW_DAYS = 14;",
            ("approval", "window"),
        ),
        ("context/schema.json", '"capture_window": {"type": "integer"}', ("captur", "window")),
    ],
    ids=[
        "Vendor-domain-folder",
        "rails-models-vendor",
        "vendors",
        "ts-feature-vendor",
        "go-internal-vendor",
        "py-package-vendor",
        "go-service-vendor",
        "java-module-vendor",
        "java-package-vendor",
        "hand-written-schema",
    ],
)
def test_a_projects_own_vendor_folder_and_schema_give_the_change_terms(
    path: str, line: str, term: tuple[str, ...]
) -> None:
    """Only the vendoring conventions as written are another project's code (a root vendor/, _vendor/,
    node_modules/, third_party/): a procurement domain's Vendor/ folder is the project's own, and a schema.json is
    usually written by hand."""
    change = change_terms(diff((path, line)))
    assert any(key[1][: len(term)] == term for key in change.weights if key[0] == "ident")


@pytest.mark.parametrize(
    ("path", "line", "documented"),
    [
        ("src/hold.py", "def release_hold(): ...", False),
        ("docs/holds.md", "Call `release_hold` to let the money go.", True),
        ("tests/test_hold.py", "release_hold()", True),
        ("src/other.py", "from holds import release_hold", True),
        ("src/hold.py", '"""Release the hold: `release_hold`."""', False),  # the code's own docstring
    ],
    ids=["code", "docs", "tests", "import", "docstring"],
)
def test_a_term_only_docs_tests_or_imports_give_weighs_less(path: str, line: str, documented: bool) -> None:
    change = change_terms(diff((path, line), ("src/capture.py", "CAPTURE_WINDOW = 7")))
    assert (("ident", ("releas", "hold")) in change.documented) is documented
    page = ["Calling `release_hold` frees the held amount.", "The `capture_window` is a week long."]
    held, named = weigh([text_terms(p) for p in page], change)
    assert (held < named) is documented and held > 0


def test_a_name_written_as_code_and_as_a_string_counts_once() -> None:
    """`trim-paths` and trim_paths are one name: a passage saying it twice does not outweigh one naming two."""
    change = change_terms(
        diff(
            ("src/profiles.rs", 'const KEY: &str = "trim-paths"; let trim_paths = 1;'),
            ("src/flags.rs", "remap_scope(); remap_prefix();"),
        )
    )
    twice = "The `trim-paths` setting is read as trim_paths."
    two = "It passes `remap_scope` and `remap_prefix` on."
    once, both = weigh([text_terms(twice), text_terms(two)], change)
    assert once < both


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("docs/holds.md", "Call `release_hold` to let the money go."),
        ("tests/test_hold.py", "    release_hold(order)"),
        ("src/hold.py", "def release_hold(order): ..."),
    ],
    ids=["docs-only", "test-only", "code"],
)
def test_a_change_without_code_of_its_own_weighs_its_terms_in_full(path: str, line: str) -> None:
    """Halving what only docs or tests give is for a change whose code gives terms of its own: a runbook change (or
    a test-only one) has no louder terms, and the page passage it names must still match (MATCH)."""
    change = change_terms(diff((path, line)))
    assert not change.documented
    page = [
        "Set `release_hold` to free the held amount after review.",
        "Payments are captured nightly by the batch job.",
        "Refunds go back to the original card.",
    ]
    named, *others = weigh([text_terms(p) for p in page], change)
    assert named >= MATCH and others == [0.0, 0.0]

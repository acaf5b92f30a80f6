"""Issue 32's wrong pointers, in every language: evidence an unrelated criterion got from code its neighbour changes.
A name written in camel case is read in its case (`TestCase` is the type, not the variable `testCase` of it;
`typesSuffix` is not `mapperTypeSuffix`; snake case and one word tell no case). Each case is one changed file and
one criterion, read as a run reads them; each failed before its rule."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder


def diff(path: str, *added: str) -> str:
    body = "".join(f"+{line}\n" for line in added)
    return f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,0 +1,{len(added)} @@\n{body}"


def evidence(criterion: str, path: str, *lines: str) -> list[str]:
    """The paths the criterion's evidence points at."""
    return [f.path for f in EvidenceFinder(parse_diff(diff(path, *lines))).find(criterion).files]


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


ONE_WORD = [  # a camel-case name written as one word, as a package or a product is, or in snake case: still the name
    ("Ruby", "Bump `RuboCop` requirement to 1.61.", "rubocop-factory_bot.gemspec", "  spec.add_dependency 'rubocop'"),
    ("Python", "Charge `PayPal` last.", "src/pay/charge.py", "    paypal_client.charge(order)"),
    ("Go", "The `OpenTelemetry` collector is optional.", "internal/export.go", "\topentelemetry.SetTracer(t)"),
    ("Ruby", "Raise a useful error in `AssertOffense`.", "lib/minitest/offense.rb", "    def assert_offense(src)"),
    ("Python", "`ServerHostname` is verified.", "src/acme/tls.py", "    server_host_name = host"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), ONE_WORD, ids=[c[0] for c in ONE_WORD])
def test_a_camel_case_name_in_one_word_is_the_name(language, criterion, path, line) -> None:
    assert evidence(criterion, path, line) == [f"/{path}"], language

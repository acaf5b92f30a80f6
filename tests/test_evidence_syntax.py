"""Issue 32, session 15 (the third untuned batch's class "language syntax as a name"): a code span made only of a
language's keywords (`import static`, `const enum`, `readonly struct`, `defer func`, `async def`) names no code of the
project: it says how the change writes the code the criterion names beside it ("Use `import static` for Assertions").
Read as a quoted string of two uncommon words it held any line writing the syntax (every Java file adding a static
import was evidence for a neighbour's "Use `import static` for Assertions"); it counts only on a line that writes
another of the criterion's words, no language's, the code it is about. (`go get`, `using static`: common words, weak
already.)"""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.criterion_terms import criterion_terms
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def evidence(criterion: str, *files: str) -> list[str]:
    return [f.path for f in EvidenceFinder(parse_diff("".join(files))).find(criterion).files]


NEIGHBOURS = [  # (language, a neighbour's criterion naming syntax, the change writing the syntax for other code)
    (
        "Java",
        "Use `import static` for Assertions in the archetype",
        diff(
            "cucumber-guice/src/main/java/io/cucumber/guice/GuiceFactory.java",
            "import static io.cucumber.guice.InjectorSourceFactory.createDefaultScenarioModuleInjectorSource;",
        ),
    ),
    (
        "TypeScript",
        "Drop `const enum` declarations for single-file transpilers",
        diff("experimental/packages/sdk-logs/src/types.ts", "export const enum LogRecordState {"),
    ),
    (
        "C#",
        "Declare the span types as `readonly struct`",
        diff("src/Moq/RetryBudget.cs", "    public readonly struct RetryBudget"),
    ),
    (
        "Go",
        "Recover from panics with a `defer func` in each worker",
        diff("internal/pool/group.go", "\tdefer func() { wg.Done() }()"),
    ),
    (
        "Python",
        "Handlers may now be written as `async def` coroutines",
        diff("src/structlog/_log_levels.py", "async def aexception(self, event, *args, **kw):"),
    ),
]


@pytest.mark.parametrize(("language", "criterion", "change"), NEIGHBOURS, ids=[c[0] for c in NEIGHBOURS])
def test_syntax_alone_is_no_evidence(language: str, criterion: str, change: str) -> None:
    assert evidence(criterion, change) == [], language


OWN = [  # (language, a criterion naming syntax for code it names, the file writing both, its added lines)
    (
        "Java",
        "Use `import static` for Assertions in the archetype",
        "cucumber-archetype/src/main/java/io/cucumber/archetype/StepDefinitions.java",
        ("import static org.junit.jupiter.api.Assertions.*;",),
    ),
    (
        "TypeScript",
        "Declare `SemconvStability` as a `const enum` again",
        "packages/opentelemetry-instrumentation/src/semconvStability.ts",
        ("export const enum SemconvStability {",),
    ),
    (
        "C#",
        "Declare the span types as `readonly struct`",
        "src/Moq/SpanRange.cs",
        ("    public readonly struct SpanRange",),
    ),
    (
        "Go",
        "Recover from panics with a `defer func` in each worker",
        "internal/pool/worker.go",
        ("\tdefer func() { recoverWorker(recover()) }()",),
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), OWN, ids=[c[0] for c in OWN])
def test_syntax_beside_the_code_it_is_about_stays_evidence(
    language: str, criterion: str, path: str, lines: tuple[str, ...]
) -> None:
    assert evidence(criterion, diff(path, *lines)) == [f"/{path}"], language


@pytest.mark.parametrize(
    ("span", "syntax"),
    [
        ("import static", True),
        ("const enum", True),
        ("go get", True),
        ("readonly struct", True),
        ("defer func", True),
        ("async def", True),
        ("import type", True),
        ("pnpm dedupe", False),  # a command: code of its own
        ("static import", True),
        ("max retries", False),
        ("func main", False),  # a keyword and a name: `main` is code
    ],
)
def test_a_span_of_keywords_is_syntax(span: str, syntax: bool) -> None:
    (term,) = [t for t in criterion_terms(f"Use `{span}` here").terms if t.label == span]
    assert term.syntax is syntax

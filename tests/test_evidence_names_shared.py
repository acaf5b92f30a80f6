"""Issue 32's names the story's other criteria share, in every language: a name another criterion names too, whole
or as a part of its qualified name (`NavigationManager` beside `NavigationManager.NavigateTo`), is the story's topic:
never one criterion's evidence alone; a longer qualified name (`Session.request` beside `Session`) is this criterion's
own. Each case is one changed file and one criterion, read as a run reads them; each failed before its rule."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def evidence(criterion: str, path: str, line: str, siblings: Sequence[str] = ()) -> list[str]:
    """The paths the criterion's evidence points at, its story's other criteria beside it."""
    found = EvidenceFinder(parse_diff(diff(path, line))).find(criterion, work_item=siblings, siblings=siblings)
    return [f.path for f in found.files]


SHARED = [  # (language, criterion, a sibling naming the same code qualified, path, a line using the code)
    (
        "C#",
        "`NavigationManager` is again registered as a singleton.",
        "Added `StateFromJson` for a call to `NavigationManager.NavigateTo`.",
        "tests/FakeNavigationManagerTest.cs",
        "\t\tvar nav = Services.GetRequiredService<NavigationManager>();",
    ),
    (
        "Python",
        "`Session` closes its connector.",
        "`Session.request` retries once on a reset.",
        "aiohttp_like/client.py",
        "    session = Session(timeout=timeout)",
    ),
    (
        "TypeScript",
        "`Machine` is created lazily.",
        "`Machine.transition` resolves guards first.",
        "src/interpreter.ts",
        "  const service = new Machine(config);",
    ),
    (
        "Java",
        "`ArrayUtils` handles NaN values.",
        "`ArrayUtils.contains` is faster on large arrays.",
        "src/main/java/Stats.java",
        "        return ArrayUtils.toPrimitive(values);",
    ),
    (
        "Go",
        "Providers are merged at the `TestCase` level.",
        "`TestCase.Steps` run in order.",
        "helper/resource/testing_new.go",
        "func testIDRefresh(ctx context.Context, t testing.T, c TestCase) error {",
    ),
    (
        "Ruby",
        "`Cop::Base` is every cop's parent.",
        "`Cop::Base.inherited` registers each cop.",
        "lib/rubocop/cop/registry.rb",
        "      klass < Cop::Base",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "sibling", "path", "line"), SHARED, ids=[c[0] for c in SHARED])
def test_a_name_the_story_shares_is_no_criterions_evidence_alone(language, criterion, sibling, path, line) -> None:
    assert evidence(criterion, path, line) == [f"/{path}"], language  # alone in its story, it points here
    assert evidence(criterion, path, line, [sibling]) == [], language


OWN = [  # (language, criterion, a sibling naming a part of its qualified name, path, a line using the name whole)
    (
        "Python",
        "`Session.request` retries once on a reset.",
        "`Session` closes its connector.",
        "aiohttp_like/client.py",
        "        resp = await session.request(method, url)",
    ),
    (
        "Java",
        "`ArrayUtils.contains` is faster on large arrays.",
        "`ArrayUtils` handles NaN values.",
        "src/main/java/Stats.java",
        "        return ArrayUtils.contains(values, x);",
    ),
    (
        "Go",
        "`TestCase.Steps` run in order.",
        "Providers are merged at the `TestCase` level.",
        "helper/resource/testing_new.go",
        "\tfor _, step := range testCase.Steps {",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "sibling", "path", "line"), OWN, ids=[c[0] for c in OWN])
def test_a_longer_qualified_name_is_the_criterions_own(language, criterion, sibling, path, line) -> None:
    assert evidence(criterion, path, line, [sibling]) == [f"/{path}"], language

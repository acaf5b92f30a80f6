"""Issue 32's recall, tenth session: a member named with its leading dot (`.description`, `.Status`, `.label`) is code,
however common its word: the criterion names a property, a field or a key, as a changelog writes one ("Add
`.description` support"). Named so, it weighs as a name does where the change writes it; the bare word in a code span
(`description`) stays a common word, weak alone."""

from __future__ import annotations

import pytest

from tests.diffs import changed as diff
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

MEMBERS = [  # (language, criterion, file, the added line writing the member)
    ("TypeScript", "Add `.description` support for nested entries.", "src/editor/api.ts",
     "    description: 'What posts should be bundled with this post',"),
    ("Go", "Set `.Status` on every response.", "server.go", "\tres.Status = code"),
    ("Python", "Read `.label` from each row.", "acme/rows.py", '    text = row.label or ""'),
    ("C#", "`.Description` is shown in the picker.", "src/Acme/Picker.cs", "            Text = item.Description,"),
    ("Java", "`.name` is copied to the clone.", "src/main/java/org/acme/Copier.java",
     "        copy.name = source.name;"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), MEMBERS, ids=[m[0] for m in MEMBERS])
def test_a_member_named_with_its_dot_meets_the_line_writing_it(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line), siblings=SIBLINGS) == [f"/{path}"], language


def test_the_bare_common_word_in_a_code_span_stays_weak() -> None:
    line = "    description: 'What posts should be bundled with this post',"
    found = evidence("Add `description` support.", diff("src/editor/api.ts", line), siblings=SIBLINGS)
    assert found == []

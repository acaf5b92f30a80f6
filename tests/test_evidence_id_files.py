"""Issue 32's "a namespaced name meets its path", a rule named by its ID (session 18, data18's seventh batch: BinSkim's
"Skip `BA2025.EnableShadowStack` rule for ARM binaries", security-utilities' "Add `DAT101/001.GuidValue` detection"):
the dotted or slashed ID is the file's whole name, its extension aside (relevance/name_files.id_file)."""

from __future__ import annotations

import pytest

from doc_context.relevance import name_files
from tests.diffs import changed
from tests.evidence_paths import evidence

# other rules of the same folder, changed alike: the criterion's words alone (rule, binaries, detection) say nothing
OTHERS = [
    changed(f"src/Rules/PERules/BA20{n}.Other{n}.cs", f"    private const int Level{n} = {n};") for n in range(10, 14)
]
RULES = [  # (criterion, the rule's file, a changed line of it that writes no word of the criterion)
    ("Skip `BA2025.EnableShadowStack` rule for ARM binaries which cannot use `/CETCOMPAT`.",
     "src/Rules/PERules/BA2025.EnableShadowStack.cs", "        if (target.PE.Machine == Machine.Arm64) { return; }"),
    ("Add `DAT101/001.GuidValue` detection as part of a new detection series for non-sensitive data.",
     "src/Security.Utilities.Core/DAT101_001_GuidValue.cs", "    public GuidValue() { Id = Ids.Dat101_001; }"),
    ("`SEC101/061.LooseOAuth2BearerToken` had incorrect signatures.",
     "src/Security.Utilities.Core/SEC101_061_LooseOAuth2BearerToken.cs", '    Signatures = new[] { "sig=", "ret=" };'),
]  # fmt: skip


@pytest.mark.parametrize(("criterion", "path", "line"), RULES, ids=["dotted", "slashed", "slashed and dotted"])
def test_a_rule_named_by_its_id_meets_its_file(criterion, path, line) -> None:
    assert evidence(criterion, changed(path, line), *OTHERS) == [f"/{path}"]


@pytest.mark.parametrize(
    ("code", "path"),
    [
        ("BA2025.Enable", "/src/Rules/PERules/BA2025.EnableShadowStack.cs"),  # a part of the name
        ("BA2026.EnableShadowStack", "/src/Rules/PERules/BA2025.EnableShadowStack.cs"),  # another rule's ID
        ("DAT101/001", "/src/Security.Utilities.Core/DAT101_001_GuidValue.cs"),  # the ID without its title
        ("dry-run", "/src/cli/dry_run.py"),  # no dot nor slash: no ID (names_file's own reading aside)
    ],
)
def test_what_is_not_the_files_whole_id(code, path) -> None:
    assert not name_files.id_file(code, path)


def test_names_file_reads_the_id() -> None:
    assert name_files.names_file("DAT101/001.GuidValue", "/src/Core/DAT101_001_GuidValue.cs")

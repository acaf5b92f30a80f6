"""Issue 32's wrong pointers, ninth session, in every language: a type's file edited by a sweep. A change that makes
one edit across the codebase (a logging call rewritten, a language version's new idiom in every file) also edits the
file a type is; that file's changed lines write nothing of the type, and the same edit is in the other files. The file
is the type's evidence by its name (relevance/names.names_file): where the change writes something of its own there,
as before; where every changed line of it rewrites the codebase's lines alike (SWEEP other files or more), it is about
none of them, as an edit repeated for other names already is (summary/evidence_stale.repeated). New code of one shape
in many files (a feature's) rewrites nothing: it stays the change's own. Each case failed before its rule."""

from __future__ import annotations

import pytest

from tests.diffs import changed
from tests.evidence_paths import evidence

STORE = "`SessionStore` flushes pending writes."

SWEEPS = [  # (language, the type's file, another file's name pattern, the line before, the line after)
    ("Go", "internal/web/session_store.go", "internal/web/part_{k}.go",
     '\tlog.Printf("closing %s", name)', '\tslog.Info("closing", "name", name)'),
    ("C#", "src/Acme.Web/SessionStore.cs", "src/Acme.Web/Part{k}.cs",
     '        _logger.LogInformation("Closing " + name);', '        _logger.LogInformation("Closing {Name}", name);'),
    ("Java", "src/main/java/org/acme/web/SessionStore.java", "src/main/java/org/acme/web/Part{k}.java",
     '        LOG.info("Closing " + name);', '        LOG.info("Closing {}", name);'),
    ("TypeScript", "src/web/session-store.ts", "src/web/part-{k}.ts",
     '  console.log("closing " + name);', '  logger.info("closing", { name });'),
    ("Python", "src/acme/web/session_store.py", "src/acme/web/part_{k}.py",
     '    logging.info("closing %s" % name)', '    logger.info("closing %s", name)'),
    ("Ruby", "lib/acme/web/session_store.rb", "lib/acme/web/part_{k}.rb",
     '    Rails.logger.info("closing #{name}")', '    logger.info("closing", name: name)'),
]  # fmt: skip


def found(diffs: list[str]) -> list[str]:
    return evidence(STORE, *diffs)


@pytest.mark.parametrize(("language", "path", "others", "before", "after"), SWEEPS, ids=[s[0] for s in SWEEPS])
def test_a_types_file_edited_by_a_sweep_is_not_its_evidence(language, path, others, before, after) -> None:
    rest = [changed(others.format(k=k), after, deleted=(before,)) for k in range(1, 5)]
    assert found([changed(path, after, deleted=(before,)), *rest]) == [], language


@pytest.mark.parametrize(("language", "path", "others", "before", "after"), SWEEPS, ids=[s[0] for s in SWEEPS])
def test_the_same_edit_in_fewer_files_or_new_code_stays_the_types(language, path, others, before, after) -> None:
    fewer = [changed(others.format(k=k), after, deleted=(before,)) for k in range(1, 3)]
    assert found([changed(path, after, deleted=(before,)), *fewer]) == [f"/{path}"], language
    new = [changed(others.format(k=k), after) for k in range(1, 5)]  # new code of one shape: a feature's
    assert found([changed(path, after), *new]) == [f"/{path}"], language


FIXES = [  # (language, the type's file, another file's name pattern, the fix's line before and after, the others'
    # change: new code adding the same everyday line, and a different line deleted) (review 9)
    ("Go", "internal/web/session_store.go", "internal/web/part_{k}.go", "\t\treturn nil", "\t\treturn err",
     ("\tv, err := load{k}()", "\tif err != nil {{", "\t\treturn err", "\t}}"), "\tv := mustLoad{k}()"),
    ("Python", "src/acme/session_store.py", "src/acme/part_{k}.py", "            pass", "            raise",
     ("        except OSError:", "            raise"), "        load_{k}(strict=False)"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "others", "before", "after", "added", "deleted"), FIXES,
                         ids=[f[0] for f in FIXES])  # fmt: skip
def test_a_types_fix_sharing_an_everyday_line_with_other_files_stays_the_types(
    language, path, others, before, after, added, deleted
) -> None:
    rest = [
        changed(others.format(k=k), *(a.format(k=k) for a in added), deleted=(deleted.format(k=k),))
        for k in range(1, 4)
    ]
    fix = changed(path, after, deleted=(before,))
    assert evidence("`SessionStore` reports a failed flush to its caller.", fix, *rest) == [f"/{path}"], language

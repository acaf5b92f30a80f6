"""The real-changes benchmark's batches (benchmarks/real_changes_data.py, issue 32): each untuned batch follows all
the older changes in the data file, so no older held-out mark moves; each is run only by its own option; --every
pools every batch (the third since session 14's end, the fourth since session 15's, the fifth since session 16's,
the sixth since session 17's, the seventh since session 18's, each after its first run); and the third to seventh
new batches have the shape asked of them: projects of their languages used by no other batch, none of the hidden
set's."""

from __future__ import annotations

import hashlib
import json

import pytest

from tests.test_real_changes_benchmark import HIDDEN

from .benchmark_scripts import BENCHMARKS, load

data = load("real_changes_data")


def test_the_new_batch_leaves_the_others_held_out_changes_as_they_were() -> None:
    changes = [c for c in data.load() if c.batch in ("", "new")]
    first = next(i for i, c in enumerate(changes) if c.batch == "new")
    assert all(c.batch == "new" for c in changes[first:])  # the new batch follows the others
    others = [c for c in changes if not c.batch]
    assert [h for c, h in zip(changes, data.held_out(changes), strict=True) if not c.batch] == data.held_out(others)


# The held-out changes before a batch came, as they were when it came: their "owner/name sha" lines in the file's
# order, digested, so that no later edit of the file moves a held-out mark. Before the second new batch (issue 32's
# sixth session): the first 16's and the fresh ones' 89, the new batch's 48. Before the third (session 14): those
# 137 and the second new batch's 48. Before the fourth (session 15): those 185 and the third new batch's 24. Before
# the fifth (session 16): those 209 and the fourth new batch's 24. Before the sixth (session 17): those 233 and the
# fifth new batch's 24. Before the seventh (session 18): those 257 and the sixth new batch's 24.
HELD_BEFORE = {
    "new2": (137, "dd21e0366468e9ceed8f71c5ee7903952e2f928afd40668ae7ff8a0ad134fe85"),
    "new3": (185, "eedc62cae998665a08b1a0729fc7e90c76b7f6381ba66d2025d3ab01bc08f12c"),
    "new4": (209, "3d74e63008cf9afb327ba79f28dbbd82dfd72ae721809eb3bcf218b439f87dd6"),
    "new5": (233, "cccd0f592691225d85858e0a063b983b10d56d51677ed59be4e760e79934f462"),
    "new6": (257, "75e80da4f2c617b1450fd96290a9bd98ca1d194472654b7512ebf850e94eae68"),
    "new7": (281, "d63ef8381e7e6a54c87c2d6c0e2d3772ab851b51602fe3501ab79e59aa061197"),
}


@pytest.mark.parametrize("batch", ["new2", "new3", "new4", "new5", "new6", "new7"])
def test_a_later_batch_leaves_every_older_held_out_mark_as_it_was(batch: str) -> None:
    changes = data.load()
    first = next(i for i, c in enumerate(changes) if c.batch == batch)
    later = data.BATCHES[: data.BATCHES.index(batch) + 1]  # this batch and those after it
    assert all(c.batch in later for c in changes[first:]) and not any(c.batch in later for c in changes[:first])
    held = data.held_out(changes)
    older = [f"{c.repo} {c.sha}" for c, h in zip(changes[:first], held, strict=False) if h]
    assert (len(older), hashlib.sha256("\n".join(older).encode()).hexdigest()) == HELD_BEFORE[batch]
    older_repos = {c.repo.lower() for c in changes[:first]}
    for change in changes[first:]:  # projects of its own: none of the other batches', none of the hidden set's
        assert change.repo.lower() not in older_repos, change.repo
        assert not any(h in change.repo.split("/")[1].lower() for h in HIDDEN), change.repo  # nor a fork, a plugin


@pytest.mark.parametrize(
    ("batch", "projects"),  # a language's projects in the batch
    [
        ("new3", {"C#": 3, "TypeScript": 3, "Java": 3, "Go": 3}),
        ("new4", {"C#": 3, "TypeScript": 2, "Java": 3, "Ruby": 2, "Python": 2}),  # as the hidden set weighs them
        ("new5", {"C#": 3, "TypeScript": 3, "Java": 3, "Go": 3}),  # Azure DevOps teams' languages, and Go
        ("new6", {"Python": 3, "Ruby": 3, "C#": 3, "TypeScript": 3}),  # the languages the fifth lacked or read weakest
        ("new7", {"Java": 3, "Go": 3, "C#": 3, "TypeScript": 3}),  # those the sixth lacked; Azure DevOps teams' most
    ],
)
def test_the_third_to_seventh_new_batches_have_the_shape_asked(batch: str, projects: dict[str, int]) -> None:
    """Each language's projects as asked, 8 changes a project; a quarter held out, each language's 4th, 8th, ...;
    none of the projects of the other data files."""
    changes = data.load()
    held = data.held_out(changes)
    mine = [(c, h) for c, h in zip(changes, held, strict=True) if c.batch == batch]
    repos = list(dict.fromkeys(c.repo for c, _ in mine))
    assert [sum(c.repo == r for c, _ in mine) for r in repos] == [8] * len(repos)
    languages = {r: next(c.language for c, _ in mine if c.repo == r) for r in repos}
    assert {lang: sum(lang == languages[r] for r in repos) for lang in projects} == projects
    assert set(languages.values()) == set(projects)
    for language in projects:
        marks = [h for c, h in mine if c.language == language]
        assert marks == [i % 4 == 3 for i in range(len(marks))], language  # its 4th, 8th, ... held out
    several = json.loads((BENCHMARKS / "data" / "real_changes_several.json").read_text(encoding="utf-8"))
    documents = json.loads((BENCHMARKS / "data" / "real_documents.json").read_text(encoding="utf-8"))
    elsewhere = {r["repo"].lower() for r in several["repositories"]}
    elsewhere |= {pr["change"]["repo"].lower() for pr in documents["pull_requests"]}
    assert not {r.lower() for r in repos} & elsewhere


@pytest.mark.parametrize(
    ("argv", "taken"),  # of a first-16, a fresh, a new, a second- to a seventh-batch change
    [
        ([], (True, True, False, False, False, False, False, False, False)),
        (["--fresh"], (False, True, False, False, False, False, False, False, False)),
        (["--old"], (True, False, False, False, False, False, False, False, False)),
        (["--new"], (False, False, True, False, False, False, False, False, False)),
        (["--new2"], (False, False, False, True, False, False, False, False, False)),
        (["--new3"], (False, False, False, False, True, False, False, False, False)),
        (["--new4"], (False, False, False, False, False, True, False, False, False)),
        (["--held-out"], (True, True, False, False, False, False, False, False, False)),
        (["--held-out", "--new"], (False, False, True, False, False, False, False, False, False)),
        (["--held-out", "--new2"], (False, False, False, True, False, False, False, False, False)),
        (["--held-out", "--new3"], (False, False, False, False, True, False, False, False, False)),
        (["--held-out", "--new4"], (False, False, False, False, False, True, False, False, False)),
        (["-v", "--new2"], (False, False, False, True, False, False, False, False, False)),
        (["--new3", "-v"], (False, False, False, False, True, False, False, False, False)),
        (["--new4", "-v"], (False, False, False, False, False, True, False, False, False)),
        (["--new5"], (False, False, False, False, False, False, True, False, False)),
        (["--held-out", "--new5"], (False, False, False, False, False, False, True, False, False)),
        (["-v", "--new5"], (False, False, False, False, False, False, True, False, False)),
        (["--new6"], (False, False, False, False, False, False, False, True, False)),
        (["--held-out", "--new6"], (False, False, False, False, False, False, False, True, False)),
        (["--new6", "-v"], (False, False, False, False, False, False, False, True, False)),
        (["--new7"], (False, False, False, False, False, False, False, False, True)),
        (["--held-out", "--new7"], (False, False, False, False, False, False, False, False, True)),
        (["-v", "--new7"], (False, False, False, False, False, False, False, False, True)),
        (["--every"], (True, True, True, True, True, True, True, True, True)),  # the fifth since 16's end, the sixth
        (["--held-out", "--every"], (True, True, True, True, True, True, True, True, True)),  # since 17's, the 7th 18's
    ],
)
def test_each_batch_is_run_by_its_own_option(argv: list[str], taken: tuple[bool, ...]) -> None:
    first = data.Change("a/b", "Go", "0" * 40, "x.md")
    fresh = data.Change("a/c", "Go", "0" * 40, "x.md", fresh=True)
    news = ("new", "new2", "new3", "new4", "new5", "new6", "new7")
    batches = (data.Change(f"a/{b}", "Go", "0" * 40, "x.md", batch=b) for b in news)
    assert tuple(data.chosen_by(c, argv) for c in (first, fresh, *batches)) == taken


pick = load("real_changes_pick")


@pytest.mark.parametrize(
    ("subject", "release"),
    [
        ("chore(main): release 3.6.5 (#2011)", True),  # release-please's own commit
        ("Merge pull request #1718 from microsoftgraph/release-please--branches--main--components--core", True),
        ("Merge pull request #1953 from microsoft/release-please--branches--main", True),
        ("chore(release): 2.0.0", True),
        ("Release 1.2.0", True),
        ("Merge pull request #1501 from microsoftgraph/fix-release-notes", False),
        ("chore(deps): pin the release action", False),
        ("chore(main): release microsoft-kiota-abstractions 1.2.0 (#88)", True),  # one component of several
        ("chore(ci): release-drafter labels the pull requests (#1204)", False),  # a CI change (failing before)
        ("chore(ci): release workflow runs on node 20", False),
        ("fix(core): retain the order of batch steps", False),
    ],
)
def test_the_picker_leaves_out_release_commits_as_release_please_writes_them(subject: str, release: bool) -> None:
    """A release commit adds the changelog's lines of a whole release with its version's constant in code: no change
    of its own (msgraph-sdk-java-core's release-please merges, kiota-java's three older pins)."""
    assert bool(pick.RELEASE.search(subject)) == release


@pytest.mark.parametrize(
    ("subject", "release"),
    [
        ("chore(deps): Update Saxon-HE from 12.5 to 12.9 (#6152)", True),  # PMD's 7db4aa2d (failing before)
        ("chore(deps-dev): bump typia from 9.7.2 to 12.1.1 (#1943)", True),  # (failing before)
        ("fix(deps): update dependency com.google.code.gson:gson to v2.13.2 (#2615)", True),  # (failing before)
        ("Update Jackson from 2.17.1 to 2.18.0", True),  # (failing before)
        ("Bump lodash from 4.17.20 to 4.17.21", True),
        ("chore(ci): release drafter 6 labels the pull requests", False),  # a CI change (failing before)
        ("fix(deps): remove vulnerable dependency `uuid` (#8201)", False),  # a change of code: no update
        ("fix(retry): update the retry count from 3 to 5", False),  # a setting's value, no version
        ("Decrease default allowed parameter recursion level from 100 to 32", False),
        ("Upgrade ASM to 7.0 for official support of Java 11", False),
        ("Update default Redis version from 4.0.0 to 6.0.0 for Azure Redis (#2810)", False),  # a default (review 17 F1)
        ("Update the minimum supported Python from 3.8 to 3.9", False),  # a support floor
        ("Update default timeout from 1.5 to 2.5 seconds", False),  # a setting with a decimal
    ],
)
def test_the_picker_leaves_out_dependency_updates_as_conventional_commits_write_them(
    subject: str, release: bool
) -> None:
    """A dependency's update adds its changelog line with the version in a build file: no change of its own (the
    fifth batch's PMD 7db4aa2d, `chore(deps): Update X from A to B`, which only `^bump ... from ... to` was read as)."""
    assert bool(pick.RELEASE.search(subject)) == release


@pytest.mark.parametrize(
    ("subject", "release"),
    [
        ("Packaging for release 9.5", True),  # shopify-api-ruby's 4b145299 (failing before)
        ("Bump to 5.6.0.rc1 :tada:", True),  # doorkeeper's f3f79263 (failing before)
        ("Releasing stable version v1.9.1 (#546)", True),  # BinSkim's 91b8a1c0 (failing before)
        ("chore: bump go-kong v0.67.1 (#8034)", True),  # Kong's 44c5f058 (failing before)
        ("Merge pull request #332 from Shopify/release-3.5.4", True),  # statsd-instrument's 34e94ba5 (failing before)
        ("Merge branch 'release/0.46.2'", True),  # sentry-go's 86eb827c (failing before)
        ("Merge pull request #89 from Microsoft/1-4-3", True),  # BinSkim's 8bdd7262 (failing before)
        ("Merge pull request #1723 from willmcgugan/v10.15.0", True),  # Rich's ad6e3dea (failing before)
        ("Merge branch '2.18' into 2.19", False),  # jackson's forward merge: the fixes of 2.18 come with it
        ("chore: bump minimum Go to 1.26 and adopt 1.26 features (#2920)", False),  # a support floor
        ("Releasing the connection lock on shutdown", False),
        ("Merge pull request #2188 from driesva/broken-coverage-fix", False),
        ("Merge pull request #12 from someone/2-fix-typo", False),
    ],
)
def test_the_picker_leaves_out_releases_and_release_branches_as_projects_name_them(subject: str, release: bool) -> None:
    """The seventh batch's and the sixth's pins the filter missed (data17's and data18's lists of the pins' noise): a
    release commit, a version bump without "from ... to", the merge of a branch named for a release."""
    assert bool(pick.RELEASE.search(subject)) == release

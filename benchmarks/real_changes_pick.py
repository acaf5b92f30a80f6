"""Pick the changes of one repository for benchmarks/data/real_changes.json, before any measurement (issue 32).

Run: python benchmarks/real_changes_pick.py CLONE LANGUAGE ENTRY COUNT [--last N] [--several]
  CLONE: a bare clone (the `fetch` tool's /work/.mirror/OWNER+NAME/repo); LANGUAGE: one of real_changes.LANGUAGES;
  ENTRY: the changelog's path (`CHANGELOG.md`, `src/changes/changes.xml`) or its fragments' folder ending in `/`
  (`.changeset/`, `.changes/unreleased/`, `changelog.d/`); COUNT: how many changes to pin.
Prints the pins as the data file's `changes` list (commit, entry path), one a line.

The rule, the one the data file's first 16 repositories were picked by: of the default branch's last N (800)
first-parent commits, those that add exactly one changelog entry (one new fragment in the folder; or, in a
changelog file, added lines holding one bullet, `<action>` or `<li>`) with a changed file of the language outside
the changelog, that are no release, version or dependency-bump commits (release-please's too, since session 15:
three older pins of kiota-java's are its release merges; a conventional commit updating a dependency, `chore(deps):
Update X from A to B`, since session 17: three older pins are such, PMD's, hono's and spotless'; since session 18,
"Releasing ...", "Packaging for release X", "Bump to X.Y", `chore: bump go-kong v0.67.1` and the merge of a release
branch, `release-3.5.4`, `release/0.46.2`, `v10.15.0`, `1-4-3`: ten older pins are such), whose entry reads
5 words or more (real_changes_entries.entry) and whose diff is at most 300 KB (and git can write it: a snapshot may
lack a file of 4 MiB or more); COUNT of them spread evenly, oldest first.
With --several (benchmarks/real_changes_several.py's data): the commits that add 2 to MOST (5) entries at once (as
many fragments, or as many bullets in the changelog file, none nested in another), each 5 words or more and no two
alike, with the same other conditions; the pins as `[commit, [paths]]`.
Nothing is measured: the picker never runs the evidence finder.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from real_changes_entries import BULLET, HEADING, entries, entry, split_bullets

EXTENSIONS = {
    "Python": (".py", ".pyi"),
    "C#": (".cs",),
    "TypeScript": (".ts", ".tsx", ".mts", ".cts"),
    "Java": (".java",),
    "Go": (".go",),
    "Ruby": (".rb", ".rake"),
}
LAST = 800
MAX_DIFF = 300_000  # bytes
MIN_WORDS = 5
MOST = 5  # entries a change adds, with --several
RELEASE = re.compile(
    r"(?i)^(?:release|prepare|preparing|bump version|version packages|chore\(release\)|\[?ci\]? release"
    r"|v?\d+\.\d+(?:\.\d+)?\b)"
    r"|\b(?:release|changelog) for\b|\bstart new development cycle\b|^bump\b.*\bfrom\b.*\bto\b"
    r"|^chore\((?!ci\b)[^)]*\): release\s+(?:[\w.@/-]+\s+)?v?\d"  # release-please's commit: its version (never
    r"|/release-please--"  # a CI change's `chore(ci): release-drafter ...`), and the merge of its branch
    r"|^(?:[\w-]+(?:\([^)]*\))?!?:\s*)?(?:bump|update|upgrade)\b"  # a dependency's versions, not a setting's
    r"(?:(?!\b(?:the|default|minimum|maximum|min|max|supported|timeout|limit)\b).)*\bfrom\s+v?\d+\.\d\S*\s+to\s+v?\d"
    r"|^[\w-]+\(deps(?:-dev)?\)!?:\s*(?:bump|update|upgrade)\b"  # `chore(deps): Update Saxon-HE from 12.5 to 12.9`
    r"|^releasing\b.*\bversion\b|^releasing\s+v?\d|^packaging for release\b|^bump to v?\d+\.\d"  # `Bump to 5.6.0.rc1`
    r"|^[\w-]+(?:\([^)]*\))?!?:\s*bump\s+[\w./@-]+\s+(?:to\s+)?v?\d+\.\d+\.\d+"  # `chore: bump go-kong v0.67.1`
    r"|^merge (?:pull request #\d+ from [\w.-]+/|branch ')"  # a release branch's merge: `release-3.5.4`,
    r"(?:release[-/_]v?\d+(?:\.\d+)+|v\d+(?:\.\d+){2}\b|\d+(?:-\d+){1,2}\b(?![.-]))"  # `v10.15.0`, BinSkim's `1-4-3`
)
BOTS = re.compile(r"(?i)dependabot|renovate|github-actions|changeset-bot")
FRAGMENT_SKIP = re.compile(r"(?i)(?:readme|config|template)[^/]*$|\.gitkeep$|\.json$|\.toml$")


def git(repo: Path, *args: str) -> str:
    run = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=True)
    return run.stdout.decode("utf-8", "replace")


def commits(repo: Path, last: int) -> list[tuple[str, str, str]]:
    """(sha, author e-mail and name, subject) of the last first-parent commits, oldest first."""
    out = git(repo, "log", "--first-parent", f"-{last}", "--format=%H%x00%ae %an%x00%s", "HEAD")
    rows = [tuple(line.split("\x00")) for line in out.splitlines() if line]
    return [(r[0], r[1], r[2]) for r in reversed(rows) if len(r) == 3]


def changed(repo: Path, sha: str) -> list[tuple[str, str]]:
    """(status, path) of the commit's files against its first parent."""
    out = git(repo, "diff", "--no-renames", "--name-status", f"{sha}^1", sha)
    return [(line[0], line.split("\t", 1)[1]) for line in out.splitlines() if "\t" in line]


def fragments(files: list[tuple[str, str]], spec: str) -> list[str]:
    """The entry fragments the commit adds in the folder `spec` (its readme, config and templates aside)."""
    added = [p for s, p in files if s == "A" and p.startswith(spec) and "/" not in p[len(spec) :]]
    return [p for p in added if not FRAGMENT_SKIP.search(p)]


def bullets(repo: Path, sha: str, files: list[tuple[str, str]], spec: str, most: int = 1) -> list[str]:
    """The entries (bullets, `<action>`s, `<li>`s) the commit adds to the changelog file `spec`: none when it
    rewrites it (more than 2 lines deleted), adds more than 6 lines an entry or adds lines before its first bullet."""
    if not any(p == spec and s == "M" for s, p in files):
        return []
    out = git(repo, "diff", "--no-color", "-U0", f"{sha}^1", sha, "--", spec)
    plus = [line[1:] for line in out.splitlines() if line.startswith("+") and not line.startswith("+++")]
    minus = [line for line in out.splitlines() if line.startswith("-") and not line.startswith("---")]
    body = [line for line in plus if line.strip() and not HEADING.match(line)]
    found = split_bullets("\n".join(body))
    if len(minus) > 2 or not body or not BULLET.match(body[0]) or not 1 <= len(found) <= most:
        return []
    nested = len({len(b) - len(b.lstrip()) for b in found}) > 1  # a bullet's sub-bullets: one entry, not several
    return found if len(body) <= 6 * len(found) and not nested else []


def one_entry(repo: Path, sha: str, files: list[tuple[str, str]], spec: str) -> str | None:
    """The one entry's path the commit adds, or None (none, several, or a rewrite of the changelog)."""
    if spec.endswith("/"):
        added = fragments(files, spec)
        return added[0] if len(added) == 1 else None
    return spec if len(bullets(repo, sha, files, spec)) == 1 else None


def code(files: list[tuple[str, str]], language: str, entry_path: str, spec: str) -> bool:
    folder = spec if spec.endswith("/") else None
    return any(
        p.endswith(EXTENSIONS[language]) and p != entry_path and not (folder and p.startswith(folder)) for _, p in files
    )


def several_entries(repo: Path, sha: str, files: list[tuple[str, str]], spec: str) -> list[str]:
    """The paths of the entries a commit adds when it adds 2 to MOST of them: its fragments, or its changelog file
    (whose added bullets are the entries, real_changes_entries.entries); else none."""
    if spec.endswith("/"):
        added = fragments(files, spec)
        return added if 2 <= len(added) <= MOST else []
    return [spec] if len(bullets(repo, sha, files, spec, most=MOST)) >= 2 else []


def eligible(repo: Path, language: str, spec: str, last: int, several: bool = False) -> list[tuple[str, ...]]:
    """The commits and their entries' paths that the rule takes (with `several`: commits adding 2 to MOST entries,
    each of them MIN_WORDS words or more and no two alike)."""
    found: list[tuple[str, ...]] = []
    for sha, author, subject in commits(repo, last):
        if RELEASE.search(subject) or BOTS.search(author):
            continue
        try:
            files = changed(repo, sha)
        except subprocess.CalledProcessError:  # the root commit
            continue
        one = None if several else one_entry(repo, sha, files, spec)
        paths = several_entries(repo, sha, files, spec) if several else [one] if one else []
        if not paths or not code(files, language, paths[0], spec):
            continue
        texts = entries(repo, sha, paths) if several else [entry(repo, sha, paths[0])]
        if min(len(text.split()) for text in texts) < MIN_WORDS or len(set(texts)) < len(texts):
            continue
        diff = subprocess.run(["git", "-C", str(repo), "diff", f"{sha}^1", sha], capture_output=True)
        if diff.returncode == 0 and len(diff.stdout) <= MAX_DIFF:  # a snapshot lacking a blob (4 MiB+) fails it
            found.append((sha, *paths))
    return found


def spread(items: list[tuple[str, ...]], count: int) -> list[tuple[str, ...]]:
    """count of items at evenly spaced positions, the first and the last among them, in their order."""
    if len(items) <= count:
        return items
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def main(argv: list[str]) -> int:
    repo, language, spec, count = Path(argv[0]), argv[1], argv[2], int(argv[3])
    last = int(argv[argv.index("--last") + 1]) if "--last" in argv else LAST
    found = eligible(repo, language, spec, last, "--several" in argv)
    print(f"{len(found)} eligible of the last {last} first-parent commits", file=sys.stderr)
    for sha, *paths in spread(found, count):
        print(f"   {json.dumps([sha, paths] if '--several' in argv else [sha, *paths])},")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

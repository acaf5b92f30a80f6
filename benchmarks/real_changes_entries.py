"""A changelog entry as its reader sees it: the lines a change adds to its changelog file, read from git, with the
file format's keys, front matter, markup, pull request links and author credits taken out (benchmarks/real_changes.py).

Formats: towncrier fragments (reStructuredText or markdown), changesets (`.changeset/*.md`, YAML front matter),
changie (`.changes/unreleased/*.yaml`, the `body` key), chloggen (`.chloggen/*.yaml`, `component` and `note`, as its
changelog shows them: `` `component`: note ``), beachball (`change/*.json`, the `comment` key),
`.changelog/NNN.txt` (release-note fences), Apache's `changes.xml` (an `<action>` element) and a CHANGELOG.md's
bullet. An entry is its first paragraph, at most WORDS words.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

import yaml

WORDS = 60  # of an entry kept as its criterion, at most
CHANGELOG = re.compile(r"(?i)(?:change[-_ ]?log|changes|history|news|release[-_ ]?notes|releases)(?:\.\w+)?")
MYST_ROLE = re.compile(r"\{[\w:.-]+\}`")  # MyST markdown's role, {class}`a.B`: a towncrier fragment in markdown
BULLET = re.compile(r"^\s*(?:[-*+]\s+\S|<action\b|<li\b|\d+\.\s+\S|#\d+:\s)")  # an entry's first line
HEADING = re.compile(r"\s*#{1,6}\s")  # a markdown heading; `#123: Fix ...` is an entry


def added(repo: Path, sha: str, path: str) -> str:
    """The lines the commit adds to `path` against its first parent (a new fragment file: all of it)."""
    out = subprocess.run(
        ["git", "-C", str(repo), "diff", "--no-color", "--no-ext-diff", "-U0", f"{sha}^1", sha, "--", path],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8", "replace")
    return "\n".join(line[1:] for line in out.splitlines() if line.startswith("+") and not line.startswith("+++"))


def changelog(path: str, entry_path: str) -> bool:
    """Whether a changed file is the changelog: a file named as one, or the entry's folder when it is a fragment."""
    folder, _, name = entry_path.rpartition("/")
    if CHANGELOG.fullmatch(path.rpartition("/")[2]) or path == entry_path:
        return True
    return not CHANGELOG.fullmatch(name) and path.startswith(f"{folder}/")


def entry(repo: Path, sha: str, path: str) -> str:
    """The change's own entry, cleaned."""
    return clean(added(repo, sha, path), path)


def entries(repo: Path, sha: str, paths: list[str]) -> list[str]:
    """A change's entries, cleaned: each fragment's, or the bullets a change adds to its one changelog file."""
    if len(paths) > 1:
        return [entry(repo, sha, path) for path in paths]
    lines = [line for line in added(repo, sha, paths[0]).splitlines() if line.strip() and not HEADING.match(line)]
    return [clean(bullet, paths[0]) for bullet in split_bullets("\n".join(lines))]


def split_bullets(text: str) -> list[str]:
    """A changelog's added lines as its entries: each from a bullet's line (BULLET) to the next; lines before the
    first are none of them."""
    found: list[list[str]] = []
    for line in text.splitlines():
        if BULLET.match(line):
            found.append([line])
        elif found:
            found[-1].append(line)
    return ["\n".join(lines) for lines in found]


def clean(text: str, path: str) -> str:
    """The entry's text as a changelog shows it, one paragraph of at most WORDS words."""
    name = path.rsplit("/", 1)[-1].lower()
    if name.endswith((".yaml", ".yml")):
        text = _yaml_body(text)
    elif name.endswith(".json"):
        text = str(json.loads(text).get("comment", ""))
    elif name.endswith((".xml", ".html")):
        text = re.sub(r"(?is)<(pr|issue|bug|bugzilla)>.*?</\1>", " ", text)  # JMeter's `<pr>5872</pr>`: a number
        text = html.unescape(re.sub(r"<[^>]*>", " ", text))
        text = re.sub(r"(?is)\s*\bcontributed by\b.*", "", text)  # `... Contributed by Someone (url)`: its credit
    else:
        text = _front_matter(text)
    text = re.sub(r"^```.*$", "", text, flags=re.M)  # .changelog/NNN.txt's release-note fences
    text = _rst(text) if name.endswith((".rst", ".txt")) or "newsfragments" in path else text
    text = _myst(text) if MYST_ROLE.search(text) else text
    text = _markdown(text)
    first = next((p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()), "")
    lines = [re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", line) for line in first.splitlines()]
    words = " ".join(" ".join(lines).split()).split()
    return " ".join(words[:WORDS])


def _yaml_body(text: str) -> str:
    """changie's `body` value (any YAML scalar form); else chloggen's `note`, after its `component` in a code span."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return ""
    if not isinstance(data, dict):
        return ""
    if "body" not in data and data.get("note"):
        component = str(data.get("component") or "").strip()
        return f"`{component}`: {data['note']}" if component else str(data["note"])
    return str(data.get("body") or "")


def _front_matter(text: str) -> str:
    """A changeset's YAML front matter (`---` ... `---`, the packages and their bumps) taken off; its fences may be
    indented (modernweb-dev/web's ` ---`)."""
    match = re.match(r"\s*---[ \t]*\n.*?\n[ \t]*---[ \t]*(?:\n|$)", text, flags=re.S)
    return text[match.end() :] if match else text


def _rst(text: str) -> str:
    """reStructuredText as rendered: roles to their shown text, literals to code spans, links to their text."""
    text = re.sub(r":pep:`(\d+)`", r"PEP \1", text)
    text = re.sub(r":(?:issue|pr|user|ghuser|gh|commit|bpo|cve):`[^`]*`", "", text)
    text = re.sub(r":[\w:.-]+:`([^`<]*?)\s*<[^`>]*>`", r"\1", text)  # :role:`text <target>`
    text = re.sub(r":[\w:.-]+:`[~!]?([^`]*)`", lambda m: f"`{_tail(m.group(0), m.group(1))}`", text)
    text = re.sub(r"``([^`]+)``", r"`\1`", text)
    text = re.sub(r"`([^`<]+?)\s*<[^`>]+>`__?", r"\1", text)  # `text <url>`_
    text = re.sub(r"`([^`<]+?)`__?(?!\w)", r"\1", text)  # `#667`_: a named reference
    text = re.sub(
        r"(?m)[ \t]*(?:--|\u2014|-)[ \t]*(?:by\b)?(?:[ \t,.]|\band\b)*$", "", text
    )  # `-- by :user:`x`.`: its credit
    return text


def _myst(text: str) -> str:
    """MyST markdown's roles as rendered, as _rst renders reStructuredText's: {user}`x` and {issue}`1` out."""
    text = re.sub(r"\{(?:issue|pr|user|ghuser|gh|commit|bpo|cve)\}`[^`]*`", "", text)
    text = re.sub(r"\{[\w:.-]+\}`([^`<]*?)\s*<[^`>]*>`", r"\1", text)  # {role}`text <target>`
    text = re.sub(r"\{[\w:.-]+\}`[~!]?([^`]*)`", lambda m: f"`{_tail(m.group(0), m.group(1))}`", text)
    return re.sub(r"(?m)[ \t]*(?:--|\u2014)[ \t]*(?:by\b)?(?:[ \t,.]|\band\b)*$", "", text)  # `-- by {user}`x`.`


def _tail(role: str, target: str) -> str:
    """A Sphinx cross-reference's shown text: `~a.b.C` shows C, `a.b.C` shows all of it."""
    return target.rsplit(".", 1)[-1] if "`~" in role else target


def _markdown(text: str) -> str:
    """Headings, link definitions, pull request links, issue numbers and author credits out; a link's text kept."""
    text = re.sub(r"(?m)^\s*#{1,6}\s.*$", "", text)  # a section heading the entry was added under
    text = re.sub(r"(?im)^\s*[*_]{1,2}contributors\b.*$", "", text)  # `*Contributors of this release ...:* @x`
    text = re.sub(r"(?m)^\s*\[[^\]]+\]:\s*\S+.*$", "", text)  # [@user]: https://github.com/user
    text = re.sub(r"\[@?([\w-]+)\]\(https://github\.com/[\w-]+/?\)", r"@\1", text)  # a profile link: a credit
    text = re.sub(r"\[@[\w-]+\](?:\[\])?", "", text)  # [@user][], [@user]
    text = re.sub(r"\[\\?#(\d+|\?+)\]\([^)]*\)", r"#\1", text)  # [#123](url); [#????](url), a number to come
    text = re.sub(r"\[\d+\]\(https?://[^)]*/(?:issues|pull)/\d+/?\)", "", text)  # [2067](url): a bare number
    text = re.sub(r"\bby\s+https?://github\.com/[\w-]+/?(?=\s|$)", "", text)  # by https://github.com/user
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)  # [text](url) -> text
    text = re.sub(r"(`[^`]*`)|https?://\S+", lambda m: m.group(1) or "", text)  # a URL in code is code
    who = r"@[\w-]+(?:\s*(?:,|and|&)\s*@[\w-]+)*"
    verb = r"(?:reported|implemented|fixed|contributed|suggested|requested|proposed|authored|written|thanks)"
    text = re.sub(rf"(?i)(?:\b{verb}\s+)?(?:\bto\s+|\bby\s+){who}(?:\s+in\s+\[?#\d+\]?)?\.?", "", text)
    text = re.sub(rf"(?i)\b(?:thanks|kudos)\s+{who}\.?|\(\s*{who}\s*\)", "", text)
    text = re.sub(rf"(?m)\s+[-\u2013\u2014]\s+{who}\.?\s*$", "", text)  # `Fix X - @someone.`: a credit
    credit = r"#\d+|@[\w-]+|(?:by|via)\s+@?[\w-]+|(?:fixes|fixed|closes|see)\s+#\d+|GitHub|also|and|[,;]"
    text = re.sub(rf"\((?:\s*(?:{credit}))+\s*\)", "", text)  # (#12 via someone, fixes #8), (GitHub #672)
    issue = r"\[?(?:[\w.-]+/[\w.-]+)?#(?:\d+|\?+)\]?"
    names = r"[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*\s*"  # a person's, after the pull request: `(#2803 M.P. Korstanje)`
    text = re.sub(rf"\(\s*{issue}(?:\s*,\s*{issue})*\s+{names}\)", "", text)
    text = re.sub(rf"(?m){issue}\s+{who}\s*$", "", text)  # `... #123 @someone`: its credit
    text = re.sub(rf"(?i)\b(?:fixes|fixed|closes|resolves|see|in|via)\s+{issue}(?:\s*(?:,|and)\s*{issue})*", "", text)
    text = re.sub(rf"\(\s*{issue}(?:\s*,\s*{issue})*\s*\)|{issue}", "", text)
    text = re.sub(r"(?m)(?:\s|(?<=[.,;]))\(\s*[,.\s]*(?:\)|$)", "", text)  # `(.`, `.(`: what a link left
    text = re.sub(r"(`[^`]*`)|\(\s+(?=\S)", lambda m: m.group(1) or "(", text)  # `( for Windows)`: a number's space
    text = re.sub(r"(?m)\s+[-\u2013\u2014]\s*$", "", text.strip())  # `entry - [#123](url)`: the dash left
    text = re.sub(r"\s+([.,;:])(?=\s|$)", r"\1", text)
    text = re.sub(r"(`[^`]*`)|\\([\\`*_{}\[\]()#+.!-])", lambda m: m.group(1) or m.group(2), text)  # \_: _
    return re.sub(r"(?m)^\s*[-*+]?:\s+", "", text)  # `* [#123](url): Fix ...`: the colon left

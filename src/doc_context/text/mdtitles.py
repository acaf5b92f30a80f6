"""Pure: the underlined titles of markdown and reStructuredText (for mdblocks.py, rstmd.py, wikimd.py): CommonMark's
setext heading (`Title` over `=====`) and reStructuredText's underlines and overlines (= - ~ ^ " and the like), told
from a fence of `~` or backticks, a rule, and reStructuredText's transition.
"""

from __future__ import annotations

import re

from doc_context.text.mdlines import FENCE, closes_fence, starts_block

UNDERLINE = re.compile(r"^(=+|-+|~+|\^+|\"+|'+|`+|#+|\*+|\++|:+|\.+|_+)\s*$")  # setext (= -) and reStructuredText
SETEXT = "=-"  # a setext heading's underline: level 1 and 2; reStructuredText's other underlines come after


def rst_titled(lines: list[str]) -> bool:
    """Whether a title is adorned as only reStructuredText does: underlined with ^ " ' + : or . (no markdown
    heading, rule or fence), or overlined and underlined with the same run of = or -."""
    for j in range(1, len(lines)):
        run = lines[j].strip()
        under = UNDERLINE.match(run)
        if not under or not lines[j - 1].strip() or UNDERLINE.match(lines[j - 1].strip()):
            continue
        if run[0] in "^\"'+:." and len(run) >= len(lines[j - 1].strip()):
            return True
        if run[0] in "=-" and j >= 2 and lines[j - 2].strip() == run:
            return True
    return False


def underlined(lines: list[str], i: int, *, rst: bool = False) -> tuple[str, str, int] | None:
    """An underlined heading at line i (CommonMark's setext `Title` over `=====`; reStructuredText's underlines and
    overlines of = - ~ ^ and the like): its title, its style (the character, doubled when overlined) and the line
    after it; None for anything else (a `---` line after a blank line is a rule, not a heading)."""
    if FENCE.match(lines[i]) and not (rst and _overlines(lines, i)):
        return None  # ~~~ or ``` opens code, unless it is a title's overline (reStructuredText's text: `rst`)
    over = UNDERLINE.match(lines[i].strip())
    at = i + 1 if over else i
    if at + 1 >= len(lines):
        return None
    title, under = lines[at].strip(), UNDERLINE.match(lines[at + 1].strip())
    indented = lines[at][:1] in " \t" and not over  # an overlined title may be centred
    if not re.search(r"\w", title) or not under or UNDERLINE.match(title) or starts_block(lines[at]) or indented:
        return None
    if _opens_code(lines, at + 1, rst):
        return None  # "Or:" over a ``` that a fence closes further down: code right under a paragraph (CommonMark)
    char = under.group(1)[0]
    if len(under.group(1)) < max(3, len(title) if char not in SETEXT else 0):
        return None  # reStructuredText's underline is at least as long as its title
    if over and over.group(1)[0] != char:
        return None
    return title, char * (2 if over else 1), at + 2


def _opens_code(lines: list[str], i: int, rst: bool = False) -> bool:
    """Whether lines[i] opens a code fence that a later line closes; a closing run that is reStructuredText's
    adornment (_adorns: the next title's underline; on its text, `rst`, an overline or a transition too) aside."""
    fence = FENCE.match(lines[i])
    if fence is None:
        return False
    return any(
        closes_fence(lines[j], fence.group(1)) and not _adorns(lines, j, i, rst=rst) for j in range(i + 1, len(lines))
    )


def _overlines(lines: list[str], j: int) -> bool:
    """Whether the run on lines[j] overlines a title: a blank line above, then a title no longer than the run, then
    the same run (four characters or more: a one-line ```code``` block is a fence)."""
    run = lines[j].strip()
    if (j > 0 and lines[j - 1].strip()) or j + 2 >= len(lines) or lines[j + 2].strip() != run or len(run) < 4:
        return False
    title = lines[j + 1].strip()
    return bool(title) and len(title) <= len(run)


def _adorns(lines: list[str], j: int, opened: int = -1, *, rst: bool = False) -> bool:
    """Whether the run of `~` or backticks on lines[j] is reStructuredText's adornment rather than a fence: a
    title's underline (a line of text above it, a blank line or the opening fence's line above that, and no longer
    than the run); on reStructuredText's text (`rst`) also an overline (a blank line above, a title and the same
    run below) or a transition (blank lines on both sides, four characters or more). A markdown page's one-line
    fenced block (`~~~~` / `pip install foo` / `~~~~`) stays code."""
    run = lines[j].strip()

    def blank(k: int) -> bool:
        return k < 0 or k >= len(lines) or not lines[k].strip()

    above = lines[j - 1].strip() if j > 0 else ""
    if above and j - 2 > opened and (blank(j - 2) or lines[j - 2].strip() == run) and len(above) <= len(run):
        return True
    if not rst:
        return False
    if _overlines(lines, j):
        return True
    fenced = opened >= 0 and blank(opened - 1) and blank(opened + 1)  # ~~~~ a blank line, code: a fence's shape
    return blank(j - 1) and blank(j + 1) and len(run) >= 4 and not fenced


def adornment(lines: list[str], i: int, *, rst: bool = False) -> bool:
    """Whether a `~~~~` or backtick run on lines[i] that FENCE matches adorns a title (the underline of lines[i - 1])
    or, on reStructuredText's text (`rst`), is a transition: no fence opens there."""
    return bool(i and underlined(lines, i - 1, rst=rst)) or (rst and stray_adornment(lines, i))


def stray_adornment(lines: list[str], i: int) -> bool:
    """Whether a `~~~~` run on reStructuredText's text adorns nothing a fence could close: a transition."""
    return bool(FENCE.match(lines[i])) and _adorns(lines, i, rst=True) and not _opens_code(lines, i, rst=True)

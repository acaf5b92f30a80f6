"""Pure: the changes inside the code a criterion names, though no changed line writes it (for
summary/evidence_match.py and summary/evidence.py): the runs of changes inside a definition of it (their hunk's
funcname, or a context line above them, opens it; a comment right above it documents it), or inside the value a name
is bound to (`const streamChunkSchema = z.object({`, `DEFAULT_HEADERS = {`), and those sitting in an
unchanged line that writes it (change/unified.enclosing: the block, call or list it opens).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

from doc_context.change.index import FileWords
from doc_context.change.model import DiffFile
from doc_context.relevance.definitions import binds, defined, defines
from doc_context.relevance.names import qualified, spelled
from doc_context.relevance.words import pieces


def inside(
    lines: FileWords, spans: Sequence[tuple[int, str]], member: str, leads: Sequence[tuple[int, str]] = ()
) -> set[int]:
    """The first lines of the runs of changed lines inside the member's definition, or the value it is bound to (the
    definition their hunk's funcname or a context line above them opens, or the unchanged line a run sits in, `leads`:
    a typed signature, Java's, C#'s, a TypeScript class member's, is no definition line to the diff's reader, and
    git's funcname there is the type's), or a comment right above its definition line: never a run of another hunk
    of the file, inside another definition."""
    found, starts = set(), lines.hunk_starts()
    # the last span open at a run, by bisecting the lowest line from each span on (the spans' own lines, in line
    # order; ascending even where a diff's hunks are not), and the spans by line, read once (review 11, F10: each run
    # read every span, hunks x spans)
    lowest = list(accumulate(reversed([at for at, _ in spans]), min))[::-1]
    at_line: dict[int, list[str]] = {}
    for at, scope in spans:
        at_line.setdefault(at, []).append(scope)
    for k, i in enumerate(starts):
        end = (starts[k + 1] if k + 1 < len(starts) else len(lines.numbers)) - 1
        last = bisect_right(lowest, lines.numbers[i]) - 1  # the last span beginning at or above the run
        opened = [spans[last][1]] if last >= 0 else []
        below = at_line.get(lines.numbers[end] + 2, []) if end in lines.comments else []
        if any(defines(scope, member) or binds(scope, member) for scope in opened + below):
            found.add(i)
    signed = {at for at, lead in leads if defines(lead, member)}  # a run right in its body, under its signature
    return found | {i for i in starts if lines.numbers[i] in signed}


def sits_in(lines: FileWords, leads: Sequence[tuple[int, str]], name: str) -> set[int]:
    """The first lines of the runs of changes sitting in an unchanged line that writes the name (change/unified
    .enclosing: `if (AppOrPage.getInitialProps) {` above the lines it guards, `"operator.golang.flags",` beside the
    argument `featuregate.StageBeta,` a change rewrites)."""
    starts = {at for at, lead in leads if spelled(lead, name) and not _signature(lead)}
    return {i for i, number in enumerate(lines.numbers) if number in starts} if starts else set()


def opened_by(f: DiffFile, name: str) -> bool:
    """Whether a run of the file's changes sits right under the name's definition (`inside`'s signed runs)."""
    return any(defines(lead, name) for _, _, lead in f.leads)


def written_above(f: DiffFile, name: str) -> bool:
    """Whether an unchanged line a run of the file's changes sits in writes the name (sits_in: its candidates)."""
    return any(spelled(lead, name) and not _signature(lead) for _, _, lead in f.leads)


_CONTROL = frozenset("if elif else for foreach while switch catch using lock with match".split())


def _signature(line: str) -> bool:
    """Whether a line defines a function or a type (its parameters' types name no code the change is about; the
    definition itself is `inside`'s), never a control statement that looks like one (`if (x) {`)."""
    name = defined(line)
    return name is not None and name not in _CONTROL


def alone(name: str) -> bool:
    """Whether a name is written alone, not qualified, and of two pieces or more (`stop` is every type's)."""
    found = qualified(name)
    return len(found) == 1 and len(pieces(found[0])) > 1

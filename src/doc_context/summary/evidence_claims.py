"""Pure: the changed lines a neighbouring criterion claims (for summary/evidence.py): a line writing code another
criterion of the story names is that criterion's evidence for the code this one names, unless it writes this one's
name apart from the neighbour's: the file `Formatter` is (formatter.rb), changed only to `include
PrecomputedContentTypes`, which the neighbour names, is the neighbour's line, not the `Formatter` cleanup's; a
`content_type` met only inside `PrecomputedContentTypes` is that name. So is a block the change adds under such a
line, but a line opening a block of its own: the body of `KeyEncodingAsync`, a method the neighbour names, calling
`ExecuteAsync`, which this one names. A call's continuation lines are no block: the wrapped call is one line, read
whole as one (`header = set_cookie_header(` / `name, value, partitioned=partitioned` / `)`).
Code both criteria name is neither's alone (relevance/everywhere.SHARED). Only named code is claimed: a value or a
phrase on the line (`duration_minutes: int = 15` for "locked for 15 minutes", beside a criterion naming
`duration_minutes`) is both criteria's. Prose naming a part of a neighbour's code ("retry attempts" of
`MaxRetryAttempts`) is the story's subject only on the runs of changed lines that write that code (off_names).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.change.index import FileWords
from doc_context.relevance.criterion_terms import CriterionTerms, Term
from doc_context.relevance.file_kinds import is_config, is_doc
from doc_context.relevance.language import comment_at
from doc_context.relevance.literals import blanked
from doc_context.relevance.names import qualified, spelled

_TOKEN = re.compile(r"[\w.:/#-]+")


def neighbours(named_by_siblings: Sequence[str], terms: CriterionTerms) -> tuple[str, ...]:
    """The names (their last parts) the story's other criteria write as code, those this criterion names aside, whole
    or as a part of its qualified names (`Session` beside `Session.request`: this one's qualifier)."""
    mine = {p.lower() for t in terms.terms if t.kind == "ident" and t.named for p in qualified(t.label)}
    found = (q[-1] for label in named_by_siblings if (q := qualified(label)))
    return tuple(dict.fromkeys(name for name in found if name.lower() not in mine))


def claimed(lines: FileWords, hit: set[int], others: Sequence[str], term: Term, path: str) -> set[int]:
    """The hit lines of a named term that write a neighbour's name and this one's only inside it, or not at all (a
    line the name meets by the file's name, as `Formatter` meets formatter.rb), and those in a block the change adds
    whose opening line does (a method the neighbour names, calling this one's `ExecuteAsync`), unless they open a
    block of their own (this one's method, defined in the class the neighbour adds)."""
    if not others or not hit or not (term.kind == "ident" and term.named):
        return set()
    code = not (is_doc(path) or is_config(path))  # names are read in their case in code (relevance/names.spelled)
    heads = logical(lines, path)
    whole: dict[int, list[str]] = {}
    for i, head in enumerate(heads):
        whole.setdefault(head, []).append(lines.texts[i])
    texts = {head: " ".join(parts) for head, parts in whole.items()}
    above = enclosing(lines, heads)
    opens = set(above)
    return {
        i
        for i in hit
        if _claimed(texts[heads[i]], others, term, code, path)
        or (
            (head := heads[i]) not in opens
            and (parent := above[head]) is not None
            and _claimed(texts[parent], others, term, code, path)
        )
    }


def logical(lines: FileWords, path: str = "") -> list[int]:
    """Each line's logical line (its first line's index): a line continues the one above, in the same run, while
    that one leaves a call's or a literal's bracket open or ends in `,`, `(`, `=>`, `\\` or an operator (`+`, `&&`,
    `=`, `?`), or it starts a chained call (`.Where(`) or with an operator (`+`, `?`, `:`, `??`, `|>`, `and`, `or`): a
    call black, prettier or gofmt wrapped (`header = set_cookie_header(` / `name, value, partitioned=partitioned` /
    `)`). A block's `{` (`if x {`, `=> {`, `class A {`) opens nothing here. A comment is none of the line, as the
    language of its file (`path`) writes one (relevance/language.comment_at: Python's `a // b` is floor division)."""
    heads: list[int] = []
    depth, carried = 0, False
    for i, text in enumerate(lines.texts):
        if i and lines.numbers[i] != lines.numbers[i - 1] + 1:
            depth, carried = 0, False  # an unchanged line between: another run
        bare = _bare(text, path)
        heads.append(heads[-1] if i and (depth > 0 or carried or _LEADS.match(bare)) else i)
        depth = max(0, depth + _depth(bare))
        carried = bool(_TRAILS.search(bare))
    return heads


def enclosing(lines: FileWords, heads: Sequence[int]) -> list[int | None]:
    """Each logical line's enclosing line (at its first line's index): the nearest one above, in the same run of
    consecutive lines, indented less (a definition's body under its signature); None at a run's top level, and for
    lines of brackets alone or blank. A line continuing another (`logical`) encloses nothing and is in its line's."""
    found: list[int | None] = []
    stack: list[tuple[int, int]] = []  # (indent, line index) of the open blocks
    for i, text in enumerate(lines.texts):
        if i and lines.numbers[i] != lines.numbers[i - 1] + 1:
            stack = []  # an unchanged line between: another run
        if heads[i] != i:
            found.append(found[heads[i]])
            continue
        indent, worded = len(text) - len(text.lstrip()), text.strip(" \t{}()[];,") != ""
        while worded and stack and stack[-1][0] >= indent:
            stack.pop()
        found.append(stack[-1][1] if stack and worded else None)
        if worded:
            stack.append((indent, i))
    return found


_TRAILS = re.compile(r"(?:[,(\[\\]|=>|&&|\|\||(?<![-=<>!+*/%&|^])=|(?<![-+])[-+]|[%&^?]|\b(?:and|or))\s*$")
# a line continuing the one above: a chained call (`.Where(`, `?.x`), or an operator (`&&`, `||`, `|> f`, `? x`,
# `?? x`, `?: x`, `: x`, `+ x`, `and x`, `or x`)
_LEADS = re.compile(r"\s*(?:\??\.[A-Za-z_]|&&|\|\||\|>|\?[?:]?\s|[:+]\s|(?:and|or)\s)")
_LITERAL = re.compile(r"(?:[\w\]]|[(\[,=:]\s*|\breturn\s+)$")  # `Config{`, `f({`, `x = {`, `return {`


def _bare(text: str, path: str = "") -> str:
    """The line without its string literals and a trailing comment."""
    code = blanked(text)  # relevance/literals: each literal it closes emptied, in linear time
    return code[: comment_at(code, path)].rstrip()


def _depth(bare: str) -> int:
    """How many brackets of a call or a literal the line leaves open (a negative count: closes)."""
    depth = 0
    for at, char in enumerate(bare):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "{" and (depth > 0 or _LITERAL.search(bare[:at])):
            depth += 1
        elif char == "}" and depth > 0:
            depth -= 1
    return depth


def _claimed(text: str, others: Sequence[str], term: Term, code: bool, path: str) -> bool:
    """Whether a logical line writes a neighbour's name and this one's only inside it, or not at all, each read as
    the line's file writes names (relevance/names.spelled: Python's `InMemorySessionStore()` constructs that type,
    no factory of `SessionStore`)."""
    theirs = [name for name in others if spelled(text, name, cased=code, path=path)]
    if not theirs:
        return False
    rest = " ".join(
        t for t in _TOKEN.findall(text) if not any(spelled(t, name, cased=code, path=path) for name in theirs)
    )
    return not spelled(rest, term.label, cased=code, path=path)


def off_names(sides: Sequence[FileWords], hits: Sequence[set[int]], names: Sequence[str]) -> list[set[int]] | None:
    """A prose term's hit lines outside every run of changed lines (no unchanged line between) that writes one of the
    names it is a part of (code other criteria name, relevance/everywhere.in_siblings_names), or None when there are
    none: "legacy parameter tokens" met on `SupportLegacyParameterTokens`, its doc comment and the test of it that
    the change adds (`bool legacyParameterToken`) is the story's subject; "retry attempt" in a log line of code that
    writes no `MaxRetryAttempts` is this criterion's own."""
    off = []
    for lines, hit in zip(sides, hits, strict=False):  # hits: added and deleted, sides: added alone in most
        run = [0] * len(lines.numbers)  # each line's run: its first line's index
        for i in range(1, len(run)):
            run[i] = run[i - 1] if lines.numbers[i] == lines.numbers[i - 1] + 1 else i
        named = {run[i] for i in range(len(run)) if any(lines.spells(i, name) for name in names)}
        off.append({i for i in hit if run[i] not in named})
    return off + [set()] * (len(hits) - len(off)) if any(off) else None

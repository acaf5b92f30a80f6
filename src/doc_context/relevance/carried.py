"""Pure: the terms a change carries rather than writes: names on lines it edits in place, that were there before.

A change that adds a feature also edits the lines around it: a constructor gains an argument, so every call passing
the others is rewritten (`DictType(items, required_keys, readonly_keys)` gains `is_closed`), a condition gains a
clause. Such an added line keeps every word of the deleted line it replaces and adds to it; the names the two share
were there before: the change carries them, it does not write them. A cited page naming them (the related
specification that introduced `readonly_keys`) is not what the change speaks to, and a passage of the right page
matching only on them is quoted for a name the change holds incidentally. So a term is carried when every added
line holding it keeps whole a deleted line of its change block (the deleted run it replaces: listings.replaced)
that holds it too, each deleted line kept by one added line (a second copy of it is written anew). It shows no page
is spoken to (summary/speaks.py) and weighs as what only the change's documentation gives
(summary/passage_weights.py). Not carried: a name a rewritten definition line defines (`def cart_total(items)` to
`def cart_total(items, shipping_country)`: the change changes what it names), a name a rewritten body writes again
in new lines (a `raise NotSupportedError(...)` that becomes an error handler's call), a sentence the change extends
(a docstring's or a comment's: the rule it restates, "..., except when annotated"), and nothing at all when every
term the change's added lines hold is carried (a fix editing lines in place: those names are all it speaks of). An
edited line keeps its place: only the deleted lines within NEAR of its own place in the block are read.
"""

from __future__ import annotations

import re
from collections import Counter

from doc_context.change.model import DiffFile
from doc_context.relevance.change import Change
from doc_context.relevance.definitions import defines
from doc_context.relevance.language import comment_text
from doc_context.relevance.line_terms import PROSE_FILES, collect, foreign, is_prose
from doc_context.relevance.listings import replaced, slashes_comment, without_addresses
from doc_context.relevance.terms import DIFF, ChangeTerms, Key
from doc_context.relevance.words import ident_parts, parts

NEAR = 3  # lines: an edited line keeps a deleted line this near its own place in the change block, at most
_TOKEN = re.compile(r"[A-Za-z_$][\w$]*|\d+")


def carried(change: Change, terms: ChangeTerms) -> frozenset[Key]:
    """The change's terms (`terms`, as change_terms found them) that every added line holding them carries from the
    deleted line it keeps whole; none when every term its added lines hold is so (it writes nothing new)."""
    vocabulary = terms.within
    near = None
    if vocabulary is not None and change.index is not None:
        near = change.index.files_with_any("added", vocabulary.words)
    files = [
        f
        for n, f in enumerate(change.diff.files if change.diff is not None else ())
        if not foreign(f.path) and (near is None or n in near)
    ]
    kept: set[Key] = set()  # what the lines keeping a deleted line whole carry
    written: set[Key] = set()  # what any other added line holds, or such a line adds
    keeping: list[set[int]] = []
    for f in files:
        keeping.append(_keeping(f, change, terms, kept, written))
    candidates = kept - written
    if not candidates:
        return frozenset()
    words = {w for key in candidates if key[0] != "value" for w in _words(key)}
    values = any(key[0] == "value" for key in candidates)
    new = bool(written)
    for f, kept_lines in zip(files, keeping, strict=True):
        for i, line in enumerate(f.added.split()):
            if i in kept_lines or (vocabulary is not None and not vocabulary.touches(line)):
                continue
            if new and not values and words.isdisjoint(parts(line)):
                continue  # holds none of the candidates' words: what else it writes is known to be new already
            keys = _keys(line, change, terms, f.path)
            new = new or bool(keys)
            candidates -= keys
    return frozenset(candidates) if new else frozenset()


def _keeping(f: DiffFile, change: Change, terms: ChangeTerms, kept: set[Key], written: set[Key]) -> set[int]:
    """One file's added lines that keep whole a deleted line near their place in its change block (their indices):
    the terms they share with it go to `kept` (but for what a rewritten definition defines), the rest to `written`."""
    prose = f.path.lower().endswith(PROSE_FILES)
    added, deleted = f.added.split(), f.deleted.split()
    found: set[int] = set()
    if prose:
        return found  # a sentence the change extends is the sentence it restates
    used: set[int] = set()
    for new_run, old_run in replaced(f.added, f.deleted):
        for k, i in enumerate(new_run):
            line = added[i]
            if is_prose(line) or comment_text(line, f.path) is not None:
                continue
            words = Counter(_TOKEN.findall(line))
            at = min(k, len(old_run) - 1)
            for j in old_run[max(0, at - NEAR) : at + NEAR + 1]:
                old = Counter(_TOKEN.findall(deleted[j]))
                if j in used or sum(old.values()) < 2 or old - words:
                    continue  # the added line does not keep the deleted one whole
                used.add(j)  # a deleted line is kept by one added line: a copy of it is written anew
                found.add(i)
                keys = _keys(line, change, terms, f.path)
                carried = keys & _keys(deleted[j], change, terms, f.path) - _defined(line, deleted[j])
                kept.update(carried)
                written.update(keys - carried)
                break
    return found


def _words(key: Key) -> tuple[str, ...]:
    """A term's words, as a line's parts hold them."""
    return tuple(parts(key[1][0])) if key[0] == "string" else key[1]


def _keys(line: str, change: Change, terms: ChangeTerms, path: str) -> set[Key]:
    """The change's terms one line of the file holds, as change_terms reads a line."""
    prose, slashes = path.lower().endswith(PROSE_FILES), slashes_comment(path)
    line = without_addresses(line, prose=prose, slashes=slashes) if "://" in line else line
    one = ChangeTerms(within=terms.within)
    collect(one, line, DIFF, change.everywhere, prose=prose or is_prose(line), path=path)
    return {key for key in one.weights if key in terms.weights}


def _defined(line: str, old: str) -> set[Key]:
    """The names a definition line the change rewrites defines, as definitions.defines reads a line (none when it is
    unchanged but for its spaces)."""
    if line.split() == old.split():
        return set()
    names = [t for t in _TOKEN.findall(line) if defines(line, t)]
    return {("ident", tuple(p[0])) for t in names if (p := ident_parts(t))}

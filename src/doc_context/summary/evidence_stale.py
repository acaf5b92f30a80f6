"""Pure: the changed lines that add nothing of a criterion's term (for summary/evidence.py): a line rewriting one the
term was on before (`limit=100` on a line that gained another argument), an edit the change repeats for other
names (a sweep over every RPC is about none of them), and the changes of a type's file that a sweep makes alike in
other files (a logging call rewritten everywhere, in the file `SessionStore` is too).
"""

from __future__ import annotations

import re

from doc_context.change.index import DiffIndex, Side
from doc_context.relevance.criterion_terms import Term
from doc_context.relevance.dependencies import declared, manifest
from doc_context.relevance.file_kinds import is_config, is_doc
from doc_context.relevance.names import qualified
from doc_context.relevance.platforms import targets
from doc_context.relevance.word_forms import forms
from doc_context.relevance.words import number, parts

SWEEP = 3  # other names at least, in any file, an edit to existing lines repeated for: a sweep over them, not about one
SWEEP_LINES, SWEEP_WIDTH, SWEEP_FILES = 20, 300, 60  # a sweep's lines in a file, characters a line, files read


def stale(index: DiffIndex, file_no: int, term: Term, hit: set[int], side: Side = "added") -> set[int]:
    """The hit lines that add nothing of the term: rewritten around it, or an edit repeated for other names; on the
    deleted side, a platform the file still targets (retargeted)."""
    if term.kind == "platform":
        return retargeted(index, file_no, term, hit, side)
    if side == "deleted":
        return set()
    return rewritten(index, file_no, term, hit) | repeated(index, file_no, term, hit) | swept(index, file_no, term, hit)


def retargeted(index: DiffIndex, file_no: int, term: Term, hit: set[int], side: Side) -> set[int]:
    """The hit lines of a platform's release the file targets on both sides: a build rewritten around it
    (`<TargetFrameworks>net8.0</TargetFrameworks>` gaining net9.0 says nothing of .NET 8), neither added nor dropped."""
    other = index.file_words("deleted" if side == "added" else "added", file_no).texts
    return set(hit) if any(targets(text, term.parts[0]) for text in other) else set()


def rewritten(index: DiffIndex, file_no: int, term: Term, hit: set[int]) -> set[int]:
    """The hit lines that rewrite a deleted line without adding any of the term's words or numbers: the term
    was there before (`limit=100` on a line that gained another argument), not what the change adds. Code the
    criterion names is different: a line keeping it and changing what surrounds it (a count, an argument, a cast)
    speaks to it, unless the line only moved or gained a comma (in code: a documentation or configuration line
    rewritten around a name is most often one of many, a renamed attribute)."""
    if term.kind in ("path", "command", "component") or not hit:
        return set()
    fresh = index.fresh(file_no)
    path = index.diff.files[file_no].path
    texts = index.file_words("added", file_no).texts
    if manifest(path) and term.kind in ("ident", "release") and all(declared(texts[i]) for i in hit):
        return {i for i in hit if fresh[i] == frozenset()}  # a dependency's line: its new range is what it says
    if term.kind == "change":  # "from 100 to 32": a line rewriting one that held 100 into one adding 32
        held = any(index.file_words("deleted", file_no).value(term.parts[0]))
        new = {f"#{number(p)}" for p in term.parts[1].split(".")}
        return {i for i in hit if not (held and fresh[i] and new <= fresh[i])}  # type: ignore[operator]
    if term.named and not (is_doc(path) or is_config(path)):  # in code; a key rewritten in configuration moved
        return {i for i in hit if fresh[i] == frozenset()}
    said = {f"#{number(p)}" for p in (term.parts[0], *term.parts[0].split("."))} if term.kind == "value" else set()
    said |= set(_said(term)) if term.kind != "value" else set()  # a version, 21.2.3, is one number on its line
    return {i for i in hit if fresh[i] is not None and not said & fresh[i]}  # type: ignore[operator]


def repeated(index: DiffIndex, file_no: int, term: Term, hit: set[int]) -> set[int]:
    """The hit lines, when each is one instance of an edit the change repeats for other names: a line rewriting a
    deleted one, and the same line, the name aside, with SWEEP other names in any file (`func (s *muxServer)
    PlanResourceChange(ctx ... *tfprotov5.PlanResourceChangeRequest)` for `func (s muxServer) ...`, beside
    ApplyResourceChange's, ReadResource's, ...: a change to every RPC is about none of them); a sibling counts only
    where its own line is rewritten too. A line the change adds fresh is its own, however many siblings it has (a
    feature adding four controllers of one shape)."""
    if not (term.kind == "ident" and term.named) or not hit or len(hit) > SWEEP_LINES:
        return set()  # a file writing the name on many lines is about it
    lines = index.file_words("added", file_no)
    name = qualified(term.label)[-1] if qualified(term.label) else ""
    if not name:
        return set()
    was = index.file_words("deleted", file_no).texts  # a sweep rewrites the name's lines: some are deleted
    before = any(name in t and len(t) <= SWEEP_WIDTH and _template(t, name) for t in was)
    for i in sorted(hit):
        shape = _template(lines.texts[i], name) if len(lines.texts[i]) <= SWEEP_WIDTH else None
        if shape is None or not before:
            return set()  # a line of its own, or new code: the term counts there, whatever the others are
        pattern, needed = shape
        others: set[str] = set()
        for n in index.candidates("added", needed)[:SWEEP_FILES]:
            other, gone = index.file_words("added", n).texts, index.file_words("deleted", n).texts
            found = {m.group(1) for t in other if (m := pattern.fullmatch(t.strip())) and m.group(1) != name}
            others |= {o for o in found if any(_whole(o, t) for t in gone)}  # a sibling rewritten too, never new
            if len(others) >= SWEEP:
                break
        else:
            return set()
    return set(hit)


def swept(index: DiffIndex, file_no: int, term: Term, hit: set[int]) -> set[int]:
    """The hit lines writing nothing of a named term (the file its type is: the first lines of its changes), when
    every changed line of the file that has words is one the change writes alike, rewriting the same line, in SWEEP
    other files or more: `bsp.stopWait.Go(func() {` for `bsp.stopWait.Add(1)` beside `wg.Go(func() {` for
    `wg.Add(1)` in the files a Go version's new idiom rewrote. A file that only adds lines, or writes one of its own,
    is the type's change; so is one whose edit the others do not make (`return nil` -> `return err` beside files
    adding `return err` to new code): the edit is compared, the old line and the new, never an everyday line alone."""
    if not (term.kind == "ident" and term.named) or not hit or not index.file_words("deleted", file_no).texts:
        return set()
    lines = index.file_words("added", file_no)
    name = qualified(term.label)[-1] if qualified(term.label) else term.label
    unnamed = {i for i in hit if not lines.spells(i, name)}
    shapes = {shape for text in lines.texts if (shape := _shape(text))}
    before = {shape for text in index.file_words("deleted", file_no).texts if (shape := _shape(text))}
    if not unnamed or not shapes or not before or len(shapes) > SWEEP_LINES:
        return set()
    return unnamed if all(_alike(index, file_no, shape, before) for shape in shapes) else set()


def _shape(text: str) -> str:
    """A changed line as a sweep writes it in every file: its receiver (`bsp.stopWait.`, `self._log.`) aside; "" for
    a line without words (`})`)."""
    line = _RECEIVER.sub("", text.strip())
    return line if re.search(r"[A-Za-z]{2}", line) else ""


def _alike(index: DiffIndex, file_no: int, shape: str, before: set[str]) -> bool:
    """Whether SWEEP other files make the same edit: write the shape, and delete a line of a shape the file deletes
    (`before`): the old line and the new as a pair, never the new line alone."""
    others = 0
    for n in index.candidates("added", tuple(dict.fromkeys(parts(shape))))[:SWEEP_FILES]:
        if n == file_no or not any(_shape(text) in before for text in index.file_words("deleted", n).texts):
            continue
        if any(_shape(text) == shape for text in index.file_words("added", n).texts):
            others += 1
            if others >= SWEEP:
                return True
    return False


_RECEIVER = re.compile(r"^(?:[A-Za-z_$@][\w$]*\.)+")  # `bsp.stopWait.`, `self.`, `@logger.`


def _template(text: str, name: str) -> tuple[re.Pattern[str], tuple[str, ...]] | None:
    """A line as a pattern with any other name where it writes this one (PlanResourceChangeRequest: any name, then
    Request), and the words the rest of it holds, for looking its like up; None for a line holding only the name."""
    at = [m for m in re.finditer(re.escape(name), text.strip()) if _whole_at(text.strip(), m.start(), m.end())]
    if not at:
        return None
    stripped, pieces_, start = text.strip(), [], 0
    for k, m in enumerate(at):
        pieces_.append(re.escape(stripped[start : m.start()]))
        pieces_.append(r"(?P<name>[A-Za-z_]\w*?)" if k == 0 else r"(?P=name)")  # never `\1` before a digit
        start = m.end()
    pieces_.append(re.escape(stripped[start:]))
    rest = re.sub(re.escape(name), " ", stripped)
    needed = tuple(dict.fromkeys(parts(rest)))
    return (re.compile("".join(pieces_)), needed) if needed else None


def _whole(name: str, text: str) -> bool:
    """Whether a line writes the name whole (`GetOrder` in `GetOrder(int id)`, never in `GetOrders`)."""
    return any(_whole_at(text, m.start(), m.end()) for m in re.finditer(re.escape(name), text))


def _whole_at(text: str, start: int, end: int) -> bool:
    """Whether the name at text[start:end] begins and ends at an identifier's pieces (Request after it is a piece)."""
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() and before.islower() == text[start].islower()) and not (
        after.isalnum() and after.islower()
    )


def _said(term: Term) -> list[str]:
    if term.kind == "quoted":
        return parts(term.parts[0])
    return [*term.parts, *(w for run in term.also for w in run), *(f for w in term.parts for f in forms(w))]

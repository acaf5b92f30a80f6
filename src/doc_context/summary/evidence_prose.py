"""Pure: the lines where a change says in prose what a criterion says (for summary/evidence.py): a sentence the change
writes (a test's description, a message it shows, a comment) is prose, as a changelog entry or a product owner's
criterion is, and is compared with it as prose, its common words included.

    echoes(("treat", "default", "respons", "error"), 'it("treats `default` as an error", async () => {')   # True

A changelog says "Treat `default` response as error"; the change's test says `it("treats `default` as an error")`,
its message "Missing API key" for "a clear error when the API key is missing", its Go test `t.Run("returns an error
when the config file cannot be read")`. Neither writes a name or a phrase of the entry word for word, and most of
their words are common ones (error, default, file, read) that never make evidence alone; together, in one sentence,
they say one thing. A sentence echoes a criterion when it says at least MIN_SHARED of the criterion's words, one of
them uncommon, and those are at least half of the shorter of the two (their overlap coefficient): a short test name
saying three of a long entry's words, or a long message saying most of a short entry's. A terse criterion (TERSE
plain words at most: "add underscore handling with constructors", "Trim name in Argument objects.") has few to share:
a sentence of a test (its name, its description) saying TERSE_SHARED of them, one uncommon, echoes it
(`TestConstructorParametersWithUnderscoredColumns`, `testArgumentNames`): a test states what it checks. A comment or a
message of the code saying two is a word in passing (tests/test_evidence_prose.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from doc_context.change.index import DiffIndex, FileWords, Side
from doc_context.relevance.criterion_terms import COMMON, CriterionTerms, Term
from doc_context.relevance.definitions import FUNCTIONS, defined
from doc_context.relevance.file_kinds import is_doc, is_test
from doc_context.relevance.language import comment_text, is_import
from doc_context.relevance.literals import literals
from doc_context.relevance.prose import prose_words
from doc_context.relevance.words import pieces

MIN_SHARED = 3  # of the criterion's words, one sentence says at least
TERSE, TERSE_SHARED = 4, 2  # a criterion of TERSE plain words at most: a test's sentence says TERSE_SHARED
MIN_PROSE = 4  # plain words of a code line with no code punctuation: a sentence (a docstring's or a string's body)
OVERLAP = 0.5  # of the shorter's words, the shared ones are at least
DENSE = 2 / 3  # of a stretch of the sentence holding them, the shared words are at least
MAX_WORDS = 80  # of a sentence, read at most
LABEL = 60  # letters of a sentence shown as the evidence's term, at most
_DOCSTRING = re.compile(r"\s*(?:'''|\"\"\")\s*(.*)")  # a docstring's opening (a comment: language.comment_text)
_STATES = re.compile(  # a test stating what it checks: `it('...'`, `it "..." do`, `t.Run("...")`, `DisplayName = "..."`
    r"(?<![\w.])(?:it|test|describe|context|specify|scenario)(?:\s*\(\s*|\s+)[\"'`]|\bt\.Run\(\s*\"|\bDisplayName\s*[=(]"
)
_CODE = re.compile(r"[=(){};\[\]<>]|\w\s+[+*/%|&^]{1,2}\s+\w")  # code's punctuation, a binary operator between words


def sentences(text: str, path: str) -> list[tuple[str, ...]]:
    """The plain words of each sentence a changed line writes (relevance/prose.py: names, handles and a run of capitals
    aside): its string literals, its comment's text, the line itself in documentation or when all prose, a test's name
    in a test."""
    return [words for words in (prose_words(said) for _, said in _said(text, path)) if words]


def _said(text: str, path: str) -> list[tuple[str, str]]:
    """Each sentence a changed line writes: as written, and its words (a test's name: its pieces apart). A code line
    of MIN_PROSE plain words or more and no code punctuation is a sentence whole: a docstring's summary on the line
    after its quotes, a multi-line string's or a Go raw string's line (`return left + right` is code)."""
    if is_doc(path):
        return [(text.strip(), text)]
    found = [(literal, literal) for literal in literals(text)]
    comment = comment_text(text, path)
    docstring = _DOCSTRING.match(text) if comment is None else None
    if comment is not None or docstring:
        said = comment if comment is not None else docstring.group(1) if docstring else ""
        found.append((said.strip(), said))
    elif not _CODE.search(text) and len(prose_words(text)) >= MIN_PROSE:  # a line of a docstring's or a string's body
        found.append((text.strip(), text))
    # a test's name is its function's (relevance/definitions), never an import's module, a field's or a key's name
    test = defined(text, kinds=FUNCTIONS) if is_test(path) and not is_import(text) else None
    if test and len(named := pieces(test)) >= MIN_SHARED:  # test_empty_lines_are_skipped, CancelDeletesFile
        found.append((test, " ".join(p.lower() for p in named)))
    return found


def least(term: Term, path: str = "", text: str | None = None) -> int:
    """How many of the prose term's words a sentence of the file (`path`; "": any file) says at least: TERSE_SHARED
    for a terse criterion on a line of a test stating what it checks (`text`: a test's definition, `it('...')`,
    `[Fact(DisplayName = ...)]`; None: any line), else MIN_SHARED. A test file's comments, fixtures and assertion
    messages say other stories' words in passing as a comment of the code does (review 18, F3)."""
    terse = len(set(term.parts)) <= TERSE and (not path or is_test(path))
    if terse and text is not None:
        terse = comment_text(text, path) is None and bool(defined(text, kinds=FUNCTIONS) or _STATES.search(text))
    return TERSE_SHARED if terse else MIN_SHARED


def echo_label(lines: FileWords, hit: set[int], term: Term, path: str) -> str:
    """The first sentence echoing the criterion, as the change writes it (shortened to LABEL letters): what to show
    beside the file ("treats `default` as an error")."""
    telling = term.also[0] if term.also else None
    for i in sorted(hit):  # the added lines: none, the criterion's words
        for said, words in _said(lines.texts[i], path):
            if echoes(term.parts, prose_words(words), telling, least(term, path, lines.texts[i])):
                return said if len(said) <= LABEL else said[: LABEL - 1].rstrip() + "…"
    return term.label


def echoes(
    criterion: Sequence[str], sentence: Sequence[str], telling: Collection[str] | None = None, needed: int = MIN_SHARED
) -> bool:
    """Whether a sentence says enough of the criterion's words (both as relevance/words.parts reads them): `needed` of
    them (MIN_SHARED; a terse criterion's in code, TERSE_SHARED: `least`), one of the `telling` ones (its uncommon
    words, or those of them that set it apart: summary/evidence.py), at least OVERLAP of the shorter's words, and
    close together (a stretch of the sentence mostly made of them: a comment naming a key, an API path and an error
    count says something else)."""
    mine, theirs = set(criterion), set(sentence)
    shared = mine & theirs
    telling = frozenset(w for w in mine if w not in COMMON) if telling is None else frozenset(telling)
    if len(shared) < needed or not shared & telling:
        return False
    if len(shared) < OVERLAP * min(len(mine), len(theirs)):
        return False
    return _close(sentence[:MAX_WORDS], shared, telling, needed)


def _close(sentence: Sequence[str], shared: set[str], telling: frozenset[str], needed: int) -> bool:
    """Whether a stretch of the sentence holds `needed` of the shared words, one telling, and is made of them for
    DENSE at least (two words in three: "enums can contain null values")."""
    for start, word in enumerate(sentence):
        if word not in shared:
            continue
        said: set[str] = set()
        count = 0
        for end in range(start, len(sentence)):
            if sentence[end] in shared:
                said.add(sentence[end])
                count += 1
            if count < DENSE * (end - start + 1):
                continue
            if len(said) >= needed and said & telling:
                return True
    return False


def echoing(lines: FileWords, term: Term, path: str) -> set[int]:
    """The line indexes of a file's changed lines writing a sentence that echoes the criterion's prose term (its
    `also`, when given: the words that set it apart)."""
    telling = term.also[0] if term.also else None
    return {
        i
        for i, text in enumerate(lines.texts)
        if any(echoes(term.parts, sentence, telling, least(term, path, text)) for sentence in sentences(text, path))
    }


def setting_apart(terms: CriterionTerms, apart: Callable[[Term], bool]) -> CriterionTerms:
    """The criterion's terms, its prose term knowing which of its uncommon words set it apart (`apart`: a word the
    change and the story's other criteria do not all say): an echo needs one; none, no prose term."""
    found = []
    for term in terms.terms:
        if term.kind == "prose":
            telling = tuple(w for w in term.parts if w not in COMMON and apart(Term("word", (w,), 1, w)))
            if not telling:
                continue
            term = replace(term, also=(telling,))
        found.append(term)
    return replace(terms, terms=tuple(found))


def may_echo(index: DiffIndex, side: Side, term: Term) -> set[int]:
    """The files whose lines on that side use `least` of the prose term's words, one telling: worth reading."""
    telling = frozenset(term.also[0] if term.also else (w for w in term.parts if w not in COMMON))
    counts: dict[int, int] = {}
    told: set[int] = set()
    for word in telling:
        told |= index.files_with(side, word)
    for word in term.parts:
        for n in index.files_with(side, word) & told:
            counts[n] = counts.get(n, 0) + 1
    return {n for n, count in counts.items() if count >= least(term)}

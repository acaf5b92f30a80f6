"""Pure: the change's distinctive terms, what a page's passage must share to be about the change.

Distinctive terms are identifiers (`round_once`, `ROUND_HALF_EVEN`, `payments.giftcard.hold-timeout`: their
words in order, so prose that says "round once" meets them), values with their units (`RELEASE_WITHIN_SECONDS
= 30` is 30 s and meets "30 seconds", never "30 days"), and quoted strings (`"ledger-mismatch"`, a docstring's
"unrounded subtotal"). They come from the diff's added lines, which weigh most, and from what the linked work
items ask: their acceptance criteria, a Bug's repro steps and title. An import line names a module the change
uses, a test the examples it checks: their terms alone (ChangeTerms.borrowed) weigh as any, but never show a
page is spoken to (summary/speaks.py: a page listing `k8s.io/client-go/...` is not about every change importing
it, nor a page whose example a test reuses about every change testing with it). A name only an export or import
list's lines give (relevance/listings.py) weighs as prose (LISTED) and is borrowed too; a re-wrapped list gives
only the names it adds.
An address (`https://github.com/mona/LinkedList`, an example response's link) is where a comment points, no term, as it
is none in a page's passage; a string literal's (`"http://localhost:4318/v1/traces"`) is the code's subject and stays.
A single word is never a term: words that
are everywhere in the change (relevance/change_wide.py) match nothing on their own; save a token a page
writes alone as code and the change writes anew (relevance/code_tokens.py). The specifications its code or docs
cite by their number (`# PEP 691`) are kept apart (ChangeTerms.cites: relevance/citations.py). Values' units are
relevance/units.py's, identifiers split as relevance/words.py splits them. The terms and their weights are
relevance/terms.py's, the terms one line gives relevance/line_terms.py's.
"""

from __future__ import annotations

from collections.abc import Iterable

from doc_context.relevance import citations, code_tokens, syntax
from doc_context.relevance.change import Change
from doc_context.relevance.definitions import defined
from doc_context.relevance.file_kinds import is_config, is_test, maintenance
from doc_context.relevance.language import BUILTIN_EXCEPTION, builtin_exception, is_import, raises
from doc_context.relevance.line_terms import PROSE_FILES, collect, foreign, is_prose
from doc_context.relevance.listings import in_lists, own, rewrapped, slashes_comment, without_addresses
from doc_context.relevance.terms import ASKED, DIFF, LISTED, ChangeTerms, Vocabulary
from doc_context.relevance.words import ident_parts, line_sentences, parts, path_tokens


def change_terms(change: Change, asked: Iterable[str] = (), within: Iterable[str] | None = None) -> ChangeTerms:
    """The distinctive terms of the change's added lines (the whole diff, read once: relevance/change.py), then
    of what the work items ask (`asked`: criteria, repro steps, a Bug's title), without phrases of words
    everywhere in the change (Change.everywhere); only those the texts `within` could hold (the pages weighed)."""
    everywhere = change.everywhere
    within = list(within) if within is not None else None  # read twice: the vocabulary, the tokens
    out = ChangeTerms(within=Vocabulary.of(within) if within is not None else None)
    vocabulary = out.within
    near = None  # the files a word of the texts is in, found in the change's index (not line by line)
    if vocabulary is not None and change.index is not None:
        near = change.index.files_with_any("added", vocabulary.words)
    borrowed: list[tuple[str, bool, str]] = []  # a test's lines, then import lines (prose, path)
    documents: list[str] = []  # the lines of the change's documentation files
    listed: list[str] = []  # lines that only list names: an export list's, an import list's
    defines: set[tuple[str, ...]] = set()  # the builtin exceptions its code defines anew (ChangeTerms.defines)
    paths: set[str] = set()  # the words of its code files' paths (ChangeTerms.paths)
    for n, f in enumerate(change.diff.files if change.diff is not None else ()):
        if foreign(f.path):  # another project's code, or a tool's output
            continue
        prose_file = f.path.lower().endswith(PROSE_FILES)
        worded = vocabulary is None or near is None or n in near  # else it can touch the texts by a number only
        read = worded or (vocabulary is not None and vocabulary.may_touch_number(f.added.text))
        # its lines and whether each only re-wraps names (not new); none read in a file that cannot touch the texts
        lines = list(zip(f.added.split(), rewrapped(f.added, f.deleted), strict=True)) if read else []
        in_list = in_lists(f.added) if read else frozenset()  # the lines inside an export or import list's brackets
        if vocabulary is not None:
            touches = vocabulary.touches if worded else vocabulary.touches_number
            lines = [(line, m) for line, m in lines if touches(line)]
        tested, slashes = is_test(f.path), slashes_comment(f.path)  # `//` opens a comment, or is an operator
        configured, seen = is_config(f.path), set()  # a settings file's rows, a line written again: one voice
        if not (tested or configured or prose_file or maintenance(f.path)):  # a test, a setting, a document or the
            paths.update(path_tokens(f.path))  # repository's own tools (`tools/`, `scripts/`) is no part of what it is
        for line, moved in lines:
            line = without_addresses(line, prose=prose_file, slashes=slashes) if "://" in line else line
            line, listed_line = own(line, in_list, moved)  # a re-wrapped list's line: the names it adds
            if not line:
                continue
            prose = prose_file or is_prose(line)
            if tested or is_import(line):
                borrowed.append((line, prose, f.path))
            elif prose_file:
                documents.append(line)
            elif listed_line:
                listed.append(line)
            else:
                out.counting = not configured and line.strip() not in seen
                seen.add(line.strip())
                collect(out, line, DIFF, everywhere, prose=prose, path=f.path)
                if BUILTIN_EXCEPTION.search(line) and builtin_exception(name := defined(line) or ""):
                    defines.update(tuple(found) for found in ident_parts(name))  # a polyfill's `class RangeError`
                out.raises = out.raises or raises(line, f.path)  # an error it reports (a docstring's words do not)
                if not prose:  # the words of the names it writes: never a keyword, a type, a docstring's word
                    named = {word for found in ident_parts(line) for word in found}
                    out.words.update({word: out.words.get(word, 0) + 1 for word in named})
    out.defines, out.paths = frozenset(defines), frozenset(paths)
    out.counting = False  # what lists, documents, tests and work items write counts once at most (ChangeTerms.lines)
    known = set(out.weights)
    for line in listed:
        collect(out, line, LISTED, everywhere, prose=False)
    listing = set(out.weights) - known  # what only lists of names give
    coded = set(out.weights)
    for line in documents:
        collect(out, line, DIFF, everywhere, prose=True)
    if listing:  # a listed name the change's documentation gives too is no mere listing: read the docs alone
        docs = ChangeTerms(within=out.within)
        for line in documents:
            collect(docs, line, DIFF, everywhere, prose=True)
        listing -= set(docs.weights)
    known = set(out.weights)
    for line, prose, path in borrowed:
        collect(out, line, DIFF, everywhere, prose=prose, path=path)
    out.borrowed = frozenset(out.weights) - known | listing
    for text in asked:
        for line in text.splitlines():
            collect(out, line, ASKED, everywhere, prose=True)
            out.asked += [frozenset(w for w in parts(s) if not everywhere(w)) for s in line_sentences(line.strip())]
    told = ChangeTerms()
    for text in asked:
        for line in text.splitlines():
            collect(told, line, ASKED, everywhere, prose=True)
    if coded:  # only beside terms the change's code gives: a docs-only or test-only change has nothing louder
        out.documented = frozenset(out.weights) - coded - set(told.weights)
    united = {term[0] for (kind, term) in out.weights if kind == "value" and term[1]}
    for number in united:  # "15" said with its unit somewhere: the bare "15" adds nothing
        out.weights.pop(("value", (number, "")), None)
    code_tokens.add(out, change, within or (), foreign, coded=bool(coded))
    out.cites = citations.cited(change, within or (), foreign)
    written = syntax.written(change, within or (), foreign)  # what a token weighs already (`:=`) it weighs once
    out.syntax = frozenset(s for s in written if code_tokens.key(s) not in out.tokens)
    return out

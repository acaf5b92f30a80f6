"""Pure: the words a changed file must use to be worth reading line by line for one of a criterion's terms (for
summary/evidence.py, which looks them up in change/index.py): a term's words, joined or split as a bridge meets
them (relevance/bridges.py), in another form (relevance/word_forms.py: "deprecation warning" is warn and
deprecat), a value's number, a format's words, a file's name.
"""

from __future__ import annotations

from doc_context.relevance.bridges import splits
from doc_context.relevance.criterion_terms import COMMON, Term
from doc_context.relevance.formats import lookup_words
from doc_context.relevance.members import instance_member
from doc_context.relevance.word_forms import in_forms
from doc_context.relevance.words import number, parts

MAX_SPLITS = 12  # lookups of a term's long words as two joined ones (bridges.splits), at most


def lookups(term: Term) -> list[tuple[str, ...]]:
    """Word sets, any one of which a file must use all of to be worth reading for the term."""
    if term.kind in ("ident", "phrase", "word"):
        runs = [term.parts, *term.also]
        split = [
            (*run[:i], head, tail, *run[i + 1 :])
            for run in runs
            for i, word in enumerate(run)
            for head, tail in splits(word, COMMON)
        ]  # "hostname" in host_name, "host name" in server_hostname: bridges (relevance/bridges.py)
        split += [
            (*run[:i], run[i] + e + run[i + 1], *run[i + 2 :])
            for run in runs
            for i in range(len(run) - 1)
            for e in ("", "e")
        ]
        formed = [other for run in runs for other in in_forms(run)]  # "deprecation warning": warn, deprecat
        if term.named and (member := instance_member(term.label)):  # `formatter.formatTo(` for `Type#formatTo`
            formed.append(tuple(parts(member)))
        return [*runs, *(("".join(run),) for run in runs if len(run) > 1), *split[:MAX_SPLITS], *formed]
    if term.kind == "prose":  # any MIN_SHARED of its words (evidence_prose.may_echo)
        return []
    if term.kind == "release":  # "React 18": react (a Go module's v18.2.0 is one token); "v9, v12": 9 and 12
        return [tuple(parts(term.parts[0])) or tuple(f"#{v}" for v in term.parts[1:])]
    if term.kind == "platform":  # net5.0: net; netcoreapp3.1: netcoreapp
        return [tuple(parts(term.parts[0]))]
    if term.kind == "format":
        return lookup_words(term.parts[0])
    if term.kind in ("value", "change"):  # 3.335: the tokens 3 and 335 (a change: its new value's)
        return [tuple(f"#{number(part)}" for part in term.parts[-1].split("."))]
    if term.kind == "quoted":  # no word to look up ("OK"): every file; code as written too (`.HasVariadic`: has,
        return list(dict.fromkeys([tuple(parts(term.parts[0])), tuple(parts(term.label))]))  # variadic, not one word)
    return [tuple(parts(term.parts[0].rsplit("/", 1)[-1]))]  # a path: by name too (EvidenceFinder._candidates)


def halves(term: Term) -> list[tuple[str, ...]]:
    """A rare word's halves, as an identifier joining them writes it (`fileScope`, `FreeBuilder` for "filescope",
    "Freebuilder"): where a file uses both, the word may be that name (summary/evidence_match.py weighs it so)."""
    return [tuple(pair) for pair in splits(term.parts[0], COMMON)[:MAX_SPLITS]] if term.kind == "word" else []

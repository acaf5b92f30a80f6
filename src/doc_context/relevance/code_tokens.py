"""Pure: one-word features, the tokens a specification writes alone as code and the change writes anew.

A specification often names its feature in one token: a class (`Sentinel`), a keyword argument (`closed=`,
`like=`), a dunder (`__override__`), a clause or an operator (`except*`, `:=`). A single word is never a term of
the change (change_terms.py: words everywhere match nothing on their own), so the page specifying such a feature
held nothing of the change, and a related page sharing the domain's words spoke for it. Such a token is a term of
its own (TOKEN) when

- a cited page defines it: writes it alone as code (a code span holding it and nothing else, a keyword argument's
  `=` and a call's `()` aside) where it names what it is about, its title, its headings or its lead (named: a
  proposal's Abstract says "adds two class parameters, ``closed`` and ``extra_items``"; its body's ``None`` and
  ``int`` are examples), or where it defines or introduces it, wherever it stands: a list's term (the word an
  item opens with as code, then a colon: "Each file has the following keys: - ``hashes``: A dictionary mapping...";
  never a key as common as `name` or `version`, which every key list has and any change binds;
  never a list of a setting's values, "`type` must be one of the following: * `token`: ...": a value is what a
  setting holds, not a feature; nor of operators: a passage holds ``==`` in any expression it writes), a sentence
  introducing a new one ("A new field, ``Dynamic``, will be added"); a word of three characters or more that is
  one plain word (a compound name is an identifier term already), a keyword with its star, or an operator of two
  or three symbols (a lone `*` is too many things);
- the change writes it anew in its code: on added lines and on none of its deleted lines (a token the lines it
  removes or rewrites hold was there before: `int`, `dict`, `legacy` in a change that edits code using them), as
  code, not in a comment or a sentence; a word as a whole word, as the page spells it;
- and the change NAMES it, not merely uses it: a word it defines (`class Sentinel:`, relevance/definitions.py),
  binds (`closed = ...`, a keyword parameter or member `closed=`, `closed:`, `closed?:`, `__override__ = True`) or
  writes as a string of its own (`"closed"`) on one of its lines at least; an operator as a string of its own (`":="`,
  `'except*'`: the code handling the syntax names it; code merely using `:=` writes no feature). A language's
  literal or type a page's lead writes (`null`, `None`, `true`, `String`) is what new code uses, never names.

What only the change's tests write (`except* ValueError:` in test data) or its documentation is borrowed or
documented, as change_terms reads those lines. A passage holds the token when it writes it in code (held): prose
saying "closed" or "like" is a word, not the feature; it defines it (defined) when it is the list's item defining it or
the sentence introducing it: there the token weighs in full, however many passages name it after
(passage_weights.weigh: a specification introduces its feature once and names it in every rule after). A key only a
list of a page defines is listed there (page_listed, each page's own): a key list is mostly the commonest names code
gives its parameters and fields (`email`, `timeout`, `host`, `token`), so such a key says which passage of a page the
change speaks to, never alone which page (summary/speaks.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from doc_context.relevance.common_words import COMMON
from doc_context.relevance.definitions import defines
from doc_context.relevance.file_kinds import is_config, is_test
from doc_context.relevance.language import comment_at, is_import
from doc_context.relevance.line_terms import PROSE_FILES
from doc_context.relevance.terms import DIFF
from doc_context.relevance.words import ident_parts, parts
from doc_context.text.mdlines import FENCE, closes_fence
from doc_context.text.mdtitles import adornment, rst_titled

if TYPE_CHECKING:
    from doc_context.relevance.change import Change
    from doc_context.relevance.terms import ChangeTerms

TOKEN = "token"
Key = tuple[str, tuple[str, ...]]
SPAN = re.compile(r"(`+)([^`\n]+?)\1")  # a code span, as markdown writes one (syntax.py reads it too)
_ALONE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:=|\(\))?|([A-Za-z]+\*|[^\w\s`'\"\\]{2,3})")
_MD_HEADING = re.compile(r"^#{1,6}\s")
_UNDERLINE = re.compile(r"([=\-~^\"'`#*+:.])\1{2,}[ \t]*")  # a reStructuredText heading's line
_FIELD = re.compile(r"^\s*:?[A-Z][\w -]{0,30}:\s")  # a header's field ("Author: ...", ":Status: Draft")
LEAD_WORDS = 20  # the lead: every line up to the heading or block break after the first 20 words of prose
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")  # a list's item, bulleted or numbered
# a list's term, a key or an argument ("- ``hashes``: A dictionary mapping..."); an operator's list defines none (a
# passage holds an operator inside any expression it writes, ``>= 2.2, == 2.*``)
_TERM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+((`+)[A-Za-z_][^`\n]*?\2)\s*:\s")
_VALUES = re.compile(r"\b(?:values?|one of)\b", re.IGNORECASE)  # a setting's values: "`type` must be one of:"
_NEW = re.compile(r"\b[Nn]ew\s+[a-z]+,?\s+((`+)[^`\n]+?\2)")  # a sentence introducing a new field, key, option
_DEFINING = re.compile(r"^\s*((`+)[^`\n]+?\2)\s*:\s")  # a passage of a list's item, its term first
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CODE = re.compile(r"[=(){};\[\]<>]")


def page_tokens(texts: Iterable[str]) -> set[str]:
    """The tokens the texts define (`closed=` as `closed`, `solve()` as `solve`): each written alone as code where
    the text names what it is about or defines it (named)."""
    about, listed = tokens_by_place(texts)
    return about | listed


def tokens_by_place(texts: Iterable[str]) -> tuple[set[str], set[str]]:
    """The tokens the texts define (page_tokens) as two sets: those a text names where it says what it is about (its
    title, headings, lead, a sentence introducing one), and apart those only a list's term defines (`listed`)."""
    about: list[str] = []
    listed: list[str] = []
    for text in texts:
        said, keys = named(text)
        about.append(said)
        listed.append(keys)
    found = _alone(about)
    return found, _alone(listed) - found


def page_listed(text: str, title: str, tokens: frozenset[Key]) -> frozenset[Key]:
    """Of the change's tokens (ChangeTerms.tokens), those only a list of the page (its markdown and title) defines:
    a fact about the page, whatever else the story cites (a customer page's lead naming `email` leaves a settings
    page's `email` key listed only there)."""
    if not tokens:
        return frozenset()
    return frozenset(key(t) for t in tokens_by_place([text, title])[1]) & tokens


def _alone(texts: Iterable[str]) -> set[str]:
    """The tokens the texts write alone as code (a code span holding one and nothing else)."""
    found: set[str] = set()
    for text in texts:
        for span in SPAN.finditer(text):
            alone = _ALONE.fullmatch(span.group(2).strip())
            if alone is None:
                continue
            word, symbols = alone.groups()
            if word and len(word.strip("_")) >= 3 and not ident_parts(word) and parts(word):
                found.add(word)
            elif symbols and (not symbols[0].isalpha() or parts(symbols)):
                found.add(symbols)
    return found


@lru_cache(maxsize=64)  # read for the change's tokens, then each page again for its list-only keys (page_listed)
def named(text: str) -> tuple[str, str]:
    """Where a specification names what it is about: its title and headings, and its lead (every line up to the
    heading or the paragraph's end after its first LEAD_WORDS words of prose: a proposal's Abstract, a design's
    Summary, a wiki page's first paragraph), as written (markdown, reStructuredText), and each code span a sentence
    introduces as new ("A new field, ``Dynamic``,"); and apart, each term a list defines (an item opening with a word
    as code and a colon, the list's opening prose saying no "value" or "one of"); never a line of code (a fenced or
    indented block's: fences read as text/mdlines.py reads them, a title's `~~~~` underline told apart as mdtitles.py
    does)."""
    lines = text.replace("\r\n", "\n").split("\n")
    rst = rst_titled(lines)
    out: list[str] = []
    keys: list[str] = []
    prose, fence, lead, opener = 0, "", True, ""
    for i, line in enumerate(lines):
        if fence:
            fence = "" if closes_fence(line, fence) else fence
            continue
        opened = FENCE.match(line)
        if opened and not adornment(lines, i, rst=rst):
            fence = opened.group(1)
            continue
        if line[:1].isspace():
            continue
        if line.strip() and not _ITEM.match(line):
            opener = line  # the prose a list's items follow ("Each file has the following keys:")
        if (term := _TERM.match(line)) and not _VALUES.search(opener) and not _common(term.group(1)):
            keys.append(term.group(1))  # a key, an argument a list defines, wherever it stands
        out += [m.group(1) for m in _NEW.finditer(line)]  # "A new field, ``Dynamic``, will be added"
        after = lines[i + 1] if i + 1 < len(lines) else ""
        if _MD_HEADING.match(line) or (line.strip() and _UNDERLINE.fullmatch(after)):
            lead = lead and prose < LEAD_WORDS
            out.append(line)
        elif not line.strip():  # a block's end: a page of paragraphs and no second heading is not all lead
            lead = lead and prose < LEAD_WORDS
        elif lead and not _UNDERLINE.fullmatch(line):
            out.append(line)
            prose += len(line.split()) if not _FIELD.match(line) else 0
    return "\n".join(out), "\n".join(keys)


def _common(span: str) -> bool:
    """Whether a list's term is a word every key list and every criterion writes (`name`, `version`, `url`,
    `description`: relevance/common_words): every record has such keys, and any change binds one (a `name`
    parameter), so the list defines no feature of its page there (review 13 F2)."""
    words = parts(span.strip("`"))
    return bool(words) and all(w in COMMON for w in words)


def key(token: str) -> Key:
    """The token's term: as written in code (never a word's stem: no phrase of a passage meets it)."""
    return (TOKEN, (f"`{token}`",))


def add(
    out: ChangeTerms, change: Change, within: Iterable[str], foreign: Callable[[str], bool], *, coded: bool
) -> None:
    """The change's terms (`out`) with the tokens the texts `within` write alone as code and the change writes anew
    (its files but `foreign` ones: vendored, generated): each weighs DIFF; a test's or an import line's only is
    borrowed, its documentation's only documented when its code gives terms (`coded`, as change_terms reads it: a
    token only the docs write is documented, not implemented; a docs-only change has nothing louder)."""
    tokens = page_tokens(within)
    files = [f for f in change.diff.files if not foreign(f.path)] if change.diff is not None and tokens else []
    found = written(((f.path, f.added.split(), f.deleted.split()) for f in files), tokens)
    keys = {key(t): where for t, (where, _) in found.items()}
    for t, (_, count) in found.items():
        out.weights[key(t)] = DIFF
        if count:
            out.lines[key(t)] = count
    out.tokens = frozenset(keys)
    out.borrowed |= {k for k, where in keys.items() if where == "tests"}
    out.documented |= {k for k, where in keys.items() if where == "docs" and (coded or "code" in keys.values())}


def written(diff_files: Iterable[tuple[str, list[str], list[str]]], tokens: set[str]) -> dict[str, tuple[str, int]]:
    """Of the tokens, those the change writes anew (each file's path, added and deleted lines): where, "code",
    "docs" or "tests" (a test's or an import line), the most telling of them; and on how many distinct added lines of
    code (not a test's, a document's, a configuration file's: none, as ChangeTerms.lines)."""
    words = sorted((t for t in tokens if _WORD.fullmatch(t)), key=len, reverse=True)
    symbols = sorted(tokens - set(words), key=len, reverse=True)
    if not words and not symbols:
        return {}
    word_pattern = re.compile(r"(?<![\w$])(" + "|".join(map(re.escape, words)) + r")(?![\w$])") if words else None
    added: dict[str, set[str]] = {}
    count: dict[str, int] = {}
    deleted: set[str] = set()
    named: set[str] = set(symbols)  # an operator written in code is a string of its own already (_writes)
    for path, plus, minus in diff_files:
        prose, configured, seen = path.lower().endswith(PROSE_FILES), is_config(path), set()
        for line in plus:
            counts = not configured and line.strip() not in seen
            seen.add(line.strip())
            for token, where in _writes(line, word_pattern, symbols, prose, is_test(path), path):
                added.setdefault(token, set()).add(where)
                count[token] = count.get(token, 0) + (counts and where == "code")
                if where != "docs" and token not in named and names(line, token):
                    named.add(token)
        for line in minus:
            for token, _ in _writes(line, word_pattern, symbols, prose, is_test(path), path):
                deleted.add(token)
    return {
        token: (next(w for w in ("code", "docs", "tests") if w in places), count[token])
        for token, places in added.items()
        if token not in deleted and token in named
    }


def names(line: str, word: str) -> bool:
    """Whether a line of code names the word: defines it (relevance/definitions.py), binds it (`closed = `,
    `closed=`, `closed := `; `closed:` or `closed?:` where a member or a parameter starts, never a ternary's `true :`
    or a `case null:`) or writes it as a string of its own (`"closed"`); never a type annotation's `x: str = `."""
    if defines(line, word) or re.search(rf"([\"']){re.escape(word)}\1", line):
        return True
    w = re.escape(word)
    bound = re.search(rf"(?:^|(?<=[^:|&<\s]))\s*(?<![\w$]){w}\s*:?=(?![=>~])", line)  # not a type's `x: str =`
    member = re.search(
        rf"(?:^|[(,{{;]|\b(?:let|const|var|val|readonly|public|private|protected))\s*{w}\??\s*:(?![:=])", line
    )
    return bool(bound or member)


def _writes(
    line: str, words: re.Pattern[str] | None, symbols: list[str], prose: bool, tested: bool, path: str
) -> set[tuple[str, str]]:
    """The tokens a line writes as code, and where: a documentation file's or a docstring's code spans ("docs"), a
    test's or an import line anywhere ("tests"), a line of code outside its comment ("code": as the language of its
    file, `path`, writes one)."""
    comment = None if prose else comment_at(line, path)
    if prose or (not _CODE.search(line) and len(line.split()) >= 4):  # a sentence: its code spans only
        code, where = " ".join(m.group(2) for m in SPAN.finditer(line)), "docs"
    else:
        code = line[:comment] if comment is not None else line
        where = "tests" if tested or is_import(line) else "code"
    if not code.strip():
        return set()
    found = {(m.group(1), where) for m in words.finditer(code)} if words is not None else set()
    for symbol in symbols:
        if symbol in code and (where != "code" or re.search(rf"([\"']){re.escape(symbol)}\1", code)):
            found.add((symbol, where))
    return found


def held(text: str, tokens: frozenset[Key]) -> set[Key]:
    """The change's tokens (`tokens`: their keys) a passage writes in code (`text`: as written; code is case-sensitive,
    `KEY=VALUE` writes no `Value`)."""
    if not tokens:
        return set()
    inner = {k[1][0][1:-1]: k for k in tokens}
    symbols = [t for t in inner if not _WORD.fullmatch(t)]
    out: set[Key] = set()
    for span in SPAN.finditer(text):
        code = span.group(2)
        out.update(inner[w] for w in _WORD.findall(code) if w in inner)
        out.update(inner[s] for s in symbols if s in code)
    return out


def defined(text: str, tokens: frozenset[Key]) -> set[Key]:
    """The change's tokens (`tokens`) a passage defines (`text`, as written): a list's item whose term it is
    ("``hashes``: A dictionary mapping..."), a sentence introducing it ("A new field, ``Dynamic``, will be added")."""
    spans = [m.group(1) for m in (_DEFINING.match(text), *_NEW.finditer(text)) if m is not None]
    return held(" ".join(spans), tokens) if spans and tokens else set()

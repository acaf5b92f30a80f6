"""Pure: a keyword or an operator a specification writes with symbols, as code names it.

A grammar's code never writes `except*` or `:=` as a specification does: its tokenizer and its parser name each
symbol (Python's `token.STAR`, `COLONEQUAL`, `DOUBLESTAR`, `RARROW`; TypeScript's `SyntaxKind.AsteriskAsteriskToken`,
`EqualsGreaterThanToken`, `QuestionDotToken`; Rust's `RArrow`, `FatArrow`), and a feature spelled with one is named
by its keyword and its symbols' names (`Feature.EXCEPT_STAR`, `ExceptStarClause`, `yield_star`). So a token written
with symbols is also each of those spellings (spellings): its keyword's words, then each symbol's name in order, or an
operator's own name (`->` is `rarrow`, `...` `ellipsis`), run together or apart (`COLONEQUAL`, `COLON_EQUAL`,
`ColonEqualsToken`). An identifier spells the token when its words hold one spelling as a run, or a piece of it runs
the spelling's words together (spells): `EXCEPT_STAR`, `is_except_star`, `DOUBLESTAR`; never a symbol's name alone
(`token.STAR` is any star) nor a keyword alone.
"""

from __future__ import annotations

import itertools
import re

from doc_context.relevance.words import parts, pieces, stem

_SYMBOL = {  # each symbol's names, as tokenizers write them (words as relevance/words.py reads them)
    "*": ("star", "asterisk"),
    ":": ("colon",),
    "=": ("equal", "eq"),
    ">": ("greater", "gt"),
    "<": ("less", "lt"),
    ".": ("dot",),
    "?": ("question",),
    "@": ("at",),
    "|": ("bar", "vbar", "pipe"),
    "&": ("amper", "ampersand"),
    "!": ("exclamation", "bang"),
    "~": ("tilde",),
    "%": ("percent",),
    "^": ("caret", "circumflex"),
    "/": ("slash",),
    "+": ("plus",),
    "-": ("minus",),
}
_OPERATOR = {  # an operator with a name of its own (a name of one word is still its operator's only)
    "->": (("rarrow",), ("right", "arrow")),
    "=>": (("fat", "arrow"),),
    "<-": (("larrow",), ("left", "arrow")),
    "...": (("ellipsis",),),
    "**": (("double", "star"),),
    "//": (("double", "slash"),),
    "<<": (("left", "shift"),),
    ">>": (("right", "shift"),),
}
# a keyword's symbol (`except*`, `yield*`, `function*`), a keyword lower-case letters: `closed=` is a word's argument,
# `authorized?` Ruby's predicate, `Attr*` a glob
_MODIFIERS = ("*",)
_WRITTEN = re.compile(r"([a-z]+)?([^\w\s`'\"\\]{1,3})")
# a keyword with its star in prose (except*, yield*; never *emphasis*), a keyword or an operator of two or three
# symbols in a code span (`except*`, `:=`), or such an operator the prose calls one ("the := operator")
_SAID = re.compile(
    r"(?<![\w`*])[a-z]+\*(?![\w*])|`(?:[a-z]+\*|[^\w\s`'\"\\]{2,3})`"
    r"|(?<!\S)[^\w\s`'\"\\]{2,3}(?=\s+(?:operator|token)s?\b)"
)
_NAME = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")


def spellings(token: str) -> tuple[tuple[str, ...], ...]:
    """The ways code names a token written with symbols (`except*`, `:=`, `**`): its keyword's words, then each
    symbol's name in order or its operator's own name; none for a word, or for a lone symbol with no keyword (a `*` is
    too many things)."""
    written = _WRITTEN.fullmatch(token)
    if written is None or any(c not in _SYMBOL for c in written.group(2)):
        return ()
    keyword, symbols = written.group(1) or "", written.group(2)
    if (not keyword and len(symbols) < 2) or (keyword and symbols not in _MODIFIERS):
        return ()
    head = tuple(parts(keyword)) if keyword else ()
    if keyword and not head:
        return ()
    each = [tuple((stem(name),) for name in _SYMBOL[c]) for c in symbols]
    named = [head + sum(combo, ()) for combo in itertools.product(*each)]
    named += [head + tuple(stem(w) for w in name) for name in _OPERATOR.get(symbols, ())]
    return tuple(dict.fromkeys(named))


def spells(line: str, token: str) -> bool:
    """Whether a line's identifiers name the token (spellings): one's words hold a spelling as a run
    (`Feature.EXCEPT_STAR`, `ExceptStarClause`), or one piece runs a spelling's words together (`COLONEQUAL`)."""
    named = spellings(token)
    if not named:
        return False
    for name in _NAME.findall(line):
        said = [p.lower() for p in pieces(name)]
        stems = [stem(p) for p in said]
        for spelling in named:
            n = len(spelling)
            if any(tuple(stems[i : i + n]) == spelling for i in range(len(stems) - n + 1)):
                return True
            if n > 1 and any(piece == "".join(spelling) for piece in said):
                return True
    return False


def said(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """The keywords and operators written with symbols a criterion's text says (a keyword with its star in its prose,
    `except*` or `:=` in a code span, "the := operator"), each spelling with the token as written."""
    found = (m.group().strip("`") for m in _SAID.finditer(text))
    return [(token, spelling) for token in found for spelling in spellings(token)]

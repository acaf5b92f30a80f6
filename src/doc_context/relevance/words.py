"""Pure: words as every part of relevance reads them: one way to split identifiers, stem, fold and write out.

    words("releaseHoldWithinSeconds")     # ["releas", "hold", "within", "second"]
    parts("remote_addr")                  # ["remot", "address"]: folded and abbreviations written out
    ident_parts("payments.giftcard.hold-timeout x")   # [["payment", "giftcard", "hold", "timeout"]]
    number("1,000.50")                    # "1000.5"

An identifier splits at case and at `_ . - / :` (PIECES): `ActorRefFrom` is actor, ref, from. Words are lower
case and stemmed (stem): "totals" meets "total", "retried" meets "retry" (fold). The evidence, the pages'
passages and the change's index all read words here, so a word means the same everywhere.
"""

from __future__ import annotations

import re
from functools import lru_cache

MAX_WORD = 40  # longer runs of letters are hashes or minified code, not words

PIECES = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")  # an identifier's pieces, at case
_STOP = frozenset(
    """
    about after all also and any are been being but can could did does done for from had has have how into its
    may might more most must not now only other our out over per same should some such than that the their
    them then there these this those too under use used using via was were what when where which while who why
    will with would you your
    """.split()
    # the function words of the other languages work items are written in (German, French, Spanish, Portuguese,
    # Italian, Dutch), three letters or more and no English word or code's abbreviation (die, mit, des, pour, con, del,
    # aux, para and van are left out): a sentence sharing only these says nothing of another
    + """
    auch beim bei das dass dem der ein eine einem einen einer eines für ist kann kein keine muss nach nicht noch nur
    oder sich sind soll sollen vom von wenn werden wie wird zum zur
    ces cette dans elle ils les leur leurs lorsque nous pas quand que qui sont une vous
    como cuando debe esta este las los por sus una
    che della delle gli uma não são quando deve
    een het niet voor wordt worden moet
    """.split()
)
_PATH_NOISE_WORDS = (
    "app apps cfg cmd common component components config core css doc docs go helper helpers html index init"
    " ini internal java json jsx lib libs main md module modules pkg py rb scss shared source sources spec specs"
    " src test tests toml ts tsx txt util utils xml yaml yml"
)
_ALNUM = re.compile(r"[^\W_]+")  # letters of any script (Rückerstattung, échéance) and digits
_IDENT = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z_][A-Za-z0-9_]*(?:[.\-/:][A-Za-z_][A-Za-z0-9_]*)*")
_SENTENCE_END = re.compile(r"(?<=[^\d\s][.!?])\s+(?=\S)")
_NOT_AN_END = ("e.g.", "i.e.", "vs.", "approx.")
# not impl, mem (Rust's keyword, std::mem), nor cert, arg (each a page's unrelated passage: docs/benchmarks.md)
_ABBREVIATIONS = {
    "addr": "address", "amt": "amount", "qty": "quantity", "pwd": "password", "passwd": "password",
    "acct": "account", "txn": "transaction", "repo": "repository", "env": "environment", "db": "database",
    "idx": "index", "cnt": "count", "prev": "previous", "img": "image", "btn": "button", "cust": "customer",
    "max": "maximum", "tz": "timezone", "auth": "authentication", "ccy": "currency", "curr": "currency",
    "dir": "directory", "attr": "attribute", "conn": "connection", "dest": "destination",
    "perm": "permission", "tmp": "temporary", "elem": "element", "seq": "sequence", "lang": "language",
}  # fmt: skip


@lru_cache(maxsize=16_384)  # the same few thousand words recur across a page's units: fold each once
def stem(word: str) -> str:
    """A light fold: "totals" meets "total", "entries" "entry", "rounded" and "rounding" "round".

    Stems are only ever compared with stems, never shown: "charge" and "charged" both become "charg".
    """
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 4 and word[-1] == word[-2] and word[-1] not in "ls":
                word = word[:-1]  # "shipped" -> "ship"
            return word
    return word[:-1] if len(word) >= 4 and word.endswith("e") and not word.endswith("ee") else word


PATH_NOISE = frozenset(stem(w) for w in _PATH_NOISE_WORDS.split())  # words every path has: src, lib, test, ...
ABBREVIATED = {stem(abbr): stem(full) for abbr, full in _ABBREVIATIONS.items()}
ABBREVIATIONS: dict[str, tuple[str, ...]] = {}  # a full word's stem -> the abbreviations written for it
for _abbr, _full in ABBREVIATED.items():
    ABBREVIATIONS[_full] = (*ABBREVIATIONS.get(_full, ()), _abbr)


def path_tokens(path: str) -> frozenset[str]:
    """Words of a file path, without the ones every path has: /src/checkout/totals.py -> checkout, total."""
    return frozenset(w for w in words(path) if w not in PATH_NOISE)


def pieces(identifier: str) -> list[str]:
    """An identifier's pieces as written, split at case: `ActorRefFrom` -> Actor, Ref, From; HTTPServer -> HTTP,
    Server; float64Value -> float, 64, Value; a word of any script's letters alike (Rückerstattung, échéanceDépassée ->
    échéance, Dépassée): PIECES read over its letters' cases."""
    if identifier.isascii():
        return PIECES.findall(identifier)
    shape = "".join("A" if c.isupper() else "a" if c.isalpha() else "0" if c.isdigit() else "_" for c in identifier)
    return [identifier[m.start() : m.end()] for m in PIECES.finditer(shape)]


def words(text: str) -> list[str]:
    """Lower-cased, stemmed words of prose or code (three letters or more, no stop words): camelCase and
    snake_case are split."""
    out: list[str] = []
    for ident in _ALNUM.findall(text):
        out.extend(_ident_words(ident))
    return out


@lru_cache(maxsize=16_384)
def _ident_words(ident: str) -> tuple[str, ...]:
    out = []
    for part in pieces(ident):
        word = part.lower()
        if 3 <= len(word) <= MAX_WORD and not word.isdigit() and word not in _STOP:
            out.append(stem(word))
    return tuple(out)


def expand(word: str) -> str:
    """A stemmed word, its abbreviation written out: "addr" -> "address"."""
    return ABBREVIATED.get(word, word)


def fold(word: str) -> str:
    """A stem made to meet its sibling: "appli" (applied) -> "apply" (applies, apply)."""
    return word[:-1] + "y" if len(word) > 4 and word.endswith("i") else word


def parts(text: str) -> list[str]:
    """The content words of text or code, in order: split at case and underscores, stemmed, folded, written out."""
    return [expand(fold(w)) for w in words(text)]


def number(text: str) -> str:
    """A number as compared: "500.00" -> "500", "1,000" -> "1000", "0.50" -> "0.5", "2,5" -> "2.5"."""
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", text):
        text = text.replace(",", "")
    text = text.replace(",", ".")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    whole, dot, fraction = text.partition(".")
    return (whole.lstrip("0") or "0") + dot + fraction


def ident_parts(text: str) -> list[list[str]]:
    """Compound identifiers and keys (snake, camel, kebab, dotted) as their parts (as `parts` reads words), two or
    more (`to_cents` is ("to", "cent"): a short part counts in an identifier)."""
    found = (_compound_parts(m.group()) for m in _IDENT.finditer(text))
    return [list(p) for p in found if p]


@lru_cache(maxsize=65_536)  # a change's identifiers recur line after line: split each once
def _compound_parts(token: str) -> tuple[str, ...]:
    if not re.search(r"[_.\-/:]|[a-z][A-Z]", token.strip("_.-/:")):
        return ()  # one plain word
    found = tuple(expand(fold(stem(p.lower()))) for p in PIECES.findall(token) if not p.isdigit())
    return found if len(found) >= 2 and len("".join(found)) >= 5 else ()


def line_sentences(line: str) -> list[str]:
    """The sentences of one line; "e.g." and the like do not end one."""
    pieces: list[str] = []
    for piece in _SENTENCE_END.split(line) if line else []:
        if pieces and pieces[-1].lower().endswith(_NOT_AN_END):
            pieces[-1] = f"{pieces[-1]} {piece}"
        else:
            pieces.append(piece)
    return pieces


VERSION = re.compile(r"[vV]\d+(?:\.\d+)+|\d+(?:\.\d+){2,}")  # v1.41, 1.41.0: a version, never a decimal (2.5)


def version(text: str) -> str:
    """A version as compared, a dotted string (never a number: 1.10 is not 1.1): its v and its trailing .0 parts
    aside, two parts kept ("v1.40.0" -> "1.40", "1.10" -> "1.10", "1.0.0" -> "1.0")."""
    found = text.lstrip("vV").split(".")
    while len(found) > 2 and found[-1] == "0":
        found.pop()
    return ".".join(found)


@lru_cache(maxsize=1_024)
def version_written(canonical: str) -> re.Pattern[str]:
    """A line's text writing the version, with or without its v and trailing .0 parts (1.40: v1.40.0, "1.40")."""
    return re.compile(rf"(?<![\w.])v?{re.escape(canonical)}(?:\.0)*(?!\.?\d)", re.IGNORECASE)

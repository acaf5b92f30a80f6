"""Pure: the specific terms of one acceptance criterion, by which evidence for it is looked for in a diff.

    found = criterion_terms("Orders over `500.00` get the loyalty discount for 14 days")

Kinds of term, each with a weight (2: enough alone; 1: needs another term beside it in the same file):
  ident   an identifier: in a code span (`apply_loyalty_discount`) or code-like in prose (LoyaltyDiscount,
          MAX_RETRIES, SEPA, payments.retry.max_attempts): its words as one run, or run together (PayPal)
  path    a file named (`checkout/totals.py`, rounding.py): that file, where the diff changes it
  quoted  a quoted string ("Out of stock"): as written, case aside; a hyphenated compound with a stop word in it
          ("write-only", "opt-out"): as code joins it too (writeOnly, IsOptOut, write_only)
  value   a number (500.00 matches 500, 1,000 matches 1000) with its unit when one follows (14 days, 3 attempts)
  phrase  two adjacent uncommon words of the prose, either order: "loyalty discount" matches apply_loyalty_discount,
          LoyaltyDiscount, "loyalty discount", discount_loyalty; a longer uncommon word beside a common one ("server
          hostname", not "order total") is a phrase `joined`: strong only as one identifier (server_hostname),
          as three adjacent words are ("server host name")
  word    a rare word (weight 1)
  change  a value changed, "from 100 to 32": a line holding 32 that rewrites one holding 100
  command a subcommand the prose names ("the init command", "Fix init command", "`batch` command"; not "a shell
          command", "every subcommand", a common word's): its file under a command line tool's folder (cmd/new.go,
          commands/init/, graphql-codegen-cli/src/init/), as `changeset tag` names it, or a line registering or
          dispatching it by its name (`case "init":`, relevance/commands.dispatches)
  format  a data format in a product owner's words (JSON, "the Markdown format"): where the diff writes it, a media
          type, an extension or an option of it (relevance/formats.py)
  release a dependency's major version ("React 18", "v12"): a manifest's line whose range holds it (dependencies.py)
  prose   its words, common ones included: a sentence the change writes (a test's description, a message, a comment)
          saying enough of them (summary/evidence_prose.py: "treats `default` as an error")
Common words (COMMON: "code", "test", "update", "user", "should", ...) never count alone: a phrase of two
of them counts nothing, so "Documentation is updated" or "The code is reviewed" has no term at all.
Words are stemmed ("refunded", "refunds": refund), abbreviations written out (words.py); units are units.py's.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from typing import Literal

from doc_context.relevance.commands import named_subcommands
from doc_context.relevance.common_words import COMMON as COMMON  # the words that never set a criterion apart
from doc_context.relevance.common_words import COMMON_ACRONYMS, PROSE_COMMON
from doc_context.relevance.dependencies import releases
from doc_context.relevance.formats import format_words
from doc_context.relevance.language import code_word, language_word
from doc_context.relevance.prose import prose_words
from doc_context.relevance.units import unit
from doc_context.relevance.words import VERSION, expand, fold, number, parts, pieces, stem, version

Kind = Literal["ident", "path", "quoted", "value", "phrase", "word", "format", "change", "command", "release", "prose"]
STRONG, WEAK = 2, 1
MIN_SAID = 3  # words a criterion says, at least, for a sentence of the change to echo it
JOINED_LETTERS = 6  # the uncommon word of a phrase with a common one, at least: hostname, not order

_REMOVAL_WORDS = "remove removed removes delete deleted deletes drop dropped retire retired eliminate decommission"
_REMOVAL = frozenset(stem(w) for w in _REMOVAL_WORDS.split())
# moving code out deletes it where it was ("Moved `SessionStore` into a separate package"); a feature that moves
# things ("A card can be moved to another board") names no code moved: its prose words never read deleted lines
_MOVING = frozenset(stem(w) for w in "move moved moves".split())
# replacing code deletes it where it stands ("Replace `LegacyClock` with the system clock"): the deleted lines an added
# line rewrites, in place (change/index.rewritten), never a block deleted whole beside it
_REPLACING = frozenset(stem(w) for w in "replace replaced replaces".split())
_FILE_EXTENSIONS = frozenset(
    "py pyi ts tsx js jsx mjs cs java kt go rb php rs swift c h cpp hpp sql yml yaml json toml ini cfg xml html "
    "css scss md txt feature proto sh ps1 tf csproj props".split()
)
_EMAIL = re.compile(r"\b[Ee]-[Mm]ail")
_EMPHASIZED = re.compile(  # "the *stacklevel* parameter": an argument's name, as a changelog writes one
    r"(?<![\w*`])\*([a-z][a-z0-9_]{3,})\*(?=\s+(?:argument|parameter|option|keyword|field|attribute|flag)s?\b)"
)
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_QUOTED = re.compile(  # straight or typographic double quotes, typographic single ones, '…' (not an apostrophe)
    r"\"([^\"\n]{1,120})\"|\u201c([^\u201d\n]{1,120})\u201d|\u2018([^\u2019\n]{1,120})\u2019"
    r"|(?<![\w'])'([^'\n]{1,120})'(?![\w'])"
)
_TOKEN = re.compile(r"\S+")
_KEBAB = re.compile(r"-{0,2}[a-z]+(?:-[a-z]+)+")
_ABOUT_TESTS = re.compile(
    r"(?i)\btests\b|\b(?:unit|integration|e2e|regression|acceptance|snapshot)[ -]tests?\b"
    r"|\btest (?:cases?|suites?|coverage)\b"
)
_DOTTED = re.compile(r"[A-Za-z_][\w-]+(?:[.:/][A-Za-z_][\w-]+)+")
_CODE_LIKE = re.compile(r"\w*_\w+|\w*[a-z][A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[A-Z][A-Z0-9]{2,}|[A-Za-z]+\d+[A-Z][A-Za-z]\w*")
_NUMBER = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)(?![\d_])(?:\s?(%|[A-Za-z]+))?")  # 500m, 14 days
_FROM_TO = re.compile(r"(?i)\bfrom\s+(\d[\d,]*(?:\.\d+)?)\s+to\s+(\d[\d,]*(?:\.\d+)?)(?![\d.]*\w)")
_SAYS_VERSION = re.compile(r"\bversion\b", re.IGNORECASE)
_TWO_PARTS = re.compile(r"\d+\.\d+")
_STATES_VERSION = re.compile(r"(?i)\bversions?\s+(?:to\s+)?(?:the\s+)?(?:latest\s+)?$")  # "version to (latest) X"
_MEMBER = re.compile(r"\.[A-Za-z_]\w*")  # a common word named as a member with its dot: a property, a key, no word
_CLAUSE = re.compile(r"[,.;:!?()\[\]{}]+(?:\s|$)|\s[-–—]\s|\n")
_MARKUP = re.compile(r"(?<![\w*_~])[*_~]{1,3}(?=[^\s*_~])|(?<=[^\s*_~])[*_~]{1,3}(?![\w*_~])")


@dataclass(frozen=True)
class Term:
    kind: Kind
    parts: tuple[str, ...]  # the words in order (ident, phrase, word); the text (quoted, path); the number (value)
    weight: int
    label: str  # as the criterion writes it
    unit: str = ""  # a value's unit, as relevance/units.py codes it: "d", "tries", "%"
    also: tuple[tuple[str, ...], ...] = ()  # other runs that count as it: a dotted key's last part (max_attempts)
    named: bool = False  # code the criterion names (an identifier, a file, a version): the evidence must show it
    joined: bool = False  # a phrase with a common word: strong only as one identifier (server_hostname)
    value: bool = False  # a code word (`never`, `final`): its weight where the change quotes it, weak where bare


@dataclass(frozen=True)
class CriterionTerms:
    terms: tuple[Term, ...]
    removal: bool  # about removing something: the diff's deleted lines count too
    words: tuple[str, ...]  # its content words in order: a diff line repeating most of them copies it, not evidence
    tests: bool = False  # about tests ("Unit tests cover each tier"), not "to test" something: test files say it
    common_pairs: tuple[Term, ...] = ()  # two common words side by side in its prose ("access log"), as written
    moving: bool = False  # about moving something: the deleted lines count for the code it names (Term.named) only
    replacing: bool = False  # about replacing code: the deleted lines rewritten in place count for the code it names

    @property
    def specific(self) -> bool:
        return any(t.weight for t in self.terms)


def criterion_terms(text: str) -> CriterionTerms:
    """The specific terms of a criterion's text (markdown), strongest first."""
    terms: list[Term] = []
    pairs: list[Term] = []
    text = _EMAIL.sub("email", text)
    versioned = _SAYS_VERSION.search(text) is not None  # "bump `greclipse` version to `4.40`": 4.40 is a version
    text = _EMPHASIZED.sub(lambda m: f"`{m.group(1)}`" if stem(m.group(1)) not in COMMON else m.group(0), text)
    prose = _MARKUP.sub("", _CODE_SPAN.sub(lambda m: _take(_code_term(m.group(1), versioned), terms), text))
    prose = _QUOTED.sub(lambda m: _take(_quoted_term(next(g for g in m.groups() if g is not None)), terms), prose)
    prose = _TOKEN.sub(lambda m: _prose_token(m.group(), terms), prose)
    prose = _NUMBER.sub(lambda m: _number(m, terms), prose)
    content = [parts(clause) for clause in _CLAUSE.split(prose)]
    written = {expand(fold(stem(w.lower()))): w for w in reversed(re.findall(r"[A-Za-z]+", prose))}
    for clause in content:
        for a, b, c in zip(clause, clause[1:], clause[2:], strict=False):  # "server host name": one identifier
            if len({a, b, c}) == 3 and not {a, b, c} <= COMMON:
                terms.append(
                    Term("phrase", (a, b, c), STRONG, " ".join(written.get(w, w) for w in (a, b, c)), joined=True)
                )
        for a, b in itertools.pairwise(clause):
            label = f"{written.get(a, a)} {written.get(b, b)}"
            if a in COMMON and b in COMMON and a != b:  # "the access log": no term, but a file so named
                pairs.append(Term("phrase", (a, b), 0, label))
            if a not in COMMON and b not in COMMON and a != b:
                terms.append(Term("phrase", (a, b), STRONG, label))
            elif (a in COMMON) != (b in COMMON) and len(b if a in COMMON else a) >= JOINED_LETTERS:
                terms.append(Term("phrase", (a, b), STRONG, label, joined=True))
    named = {t.parts for t in terms if t.kind == "ident"}  # SEPA stays in the prose: not counted twice
    rare = (w for w in dict.fromkeys(w for c in content for w in c) if _rare(w) and (w,) not in named)
    terms += [Term("word", (w,), WEAK, written.get(w, w)) for w in rare]
    terms += [Term("format", (n,), STRONG, w) for n, w in format_words(_CODE_SPAN.sub(" ", text))]  # JSON, HTML
    terms += [Term("change", (number(a), number(b)), STRONG, f"from {a} to {b}") for a, b in _FROM_TO.findall(text)]
    terms += [Term("command", (w.lower(),), STRONG, f"{w} command") for w in named_subcommands(text, PROSE_COMMON)]
    found = releases(_CODE_SPAN.sub(" ", text))  # "React 18": a manifest's @types/react ^18.2.7 (dependencies.py)
    terms += [
        Term("release", (n.lower(), *m), STRONG, f"{n} {m[0]}" if n else ", ".join(f"v{v}" for v in m))
        for n, *m in found
        if not n or not set(parts(n)) <= COMMON
    ]
    all_words = tuple(parts(_CODE_SPAN.sub(r" \1 ", text)))
    said = tuple(dict.fromkeys(prose_words(text)))  # its plain words, names aside (relevance/prose.py)
    if len(said) >= MIN_SAID and not set(said) <= COMMON:  # a sentence of the change may say it, common words and all
        terms.append(Term("prose", said, STRONG, " ".join(written.get(w, w) for w in said)))
    removal = bool(_REMOVAL.intersection(all_words)) or "no longer" in text.lower()
    unique = list({(t.kind, t.parts, t.unit): t for t in terms if t.weight}.values())
    tests = _ABOUT_TESTS.search(_CODE_SPAN.sub(" ", text)) is not None
    moving = bool(_MOVING.intersection(all_words))
    replacing = bool(_REPLACING.intersection(all_words))
    strongest = tuple(sorted(unique, key=lambda t: -t.weight))
    return CriterionTerms(strongest, removal, all_words, tests, tuple(pairs), moving, replacing)


def _number(match: re.Match[str], into: list[Term]) -> str:
    """A number's term collected; a word after it that is no unit stays in the prose ("12 replicas"). A version the
    prose says a thing is at ("Worker Version to 3.8.1", "versions to 1.55.2") is what the criterion is about, as
    one written as code is: named (a file must show it); one said in passing ("since 8.0.0") is a value."""
    raw, after = match.group(1), match.group(2) or ""
    before = max(0, match.start() - 40)  # "versions to the latest " just before it, not all before (review 10, #6)
    if VERSION.fullmatch(raw) and not after and _STATES_VERSION.search(match.string, before, match.start()):
        return _take(Term("value", (version(raw),), STRONG, raw, named=True), into)
    unit = after if after == "%" or _unit(after) else ""
    return _take(_value_term(raw, unit), into) + ("" if unit else f" {after}")


def _unit(word: str) -> str:
    return unit(word) or unit(stem(word.lower()))


def _take(term: Term | None, into: list[Term], keep: str = " . ") -> str:
    """Collect a term; what replaces its text in the prose (a clause break, so no phrase spans it)."""
    if term is None:
        return keep
    into.append(term)
    return " . "


def _prose_token(token: str, into: list[Term]) -> str:
    """A code-like token's term collected; it stays in the prose (LoyaltyDiscount banner: discount banner),
    unless it is a path or a dotted key."""
    term = _code_like(token)
    if term is None:
        return token
    into.append(term)
    return token if term.weight < STRONG else " . "  # an acronym stays: "legacy XML exporter"


def _code_term(code: str, versioned: bool = False) -> Term | None:
    term = _written_term(code, versioned)
    if term is not None and code_word(code.strip()):  # `never`, `end`: a value or a key where the change quotes it
        return replace(term, value=True)  # ("never", :end), a keyword where it writes it bare (summary/evidence_match)
    return term


def _written_term(code: str, versioned: bool) -> Term | None:
    code = re.sub(r"^@(?=[\w.-]+/\w)", "", code.strip())  # an npm package's scope, `@parcel/watcher`: its @ aside
    if head := re.fullmatch(r"([\w.:/-]*\w)[.:/_-]<\w+>", code):  # `EXC_CTOR.<ExceptionType>`: its fixed head
        code = head.group(1)
    if _is_path(code):
        return Term("path", (code.lower().lstrip("./"),), STRONG, code, named=True)
    if len(code) > 2 and code[0] == code[-1] and code[0] in "\"'":  # `"android"`: a string, as written
        return _quoted_term(code[1:-1])
    if " " in code:
        return _quoted_term(code)
    if VERSION.fullmatch(code) or (versioned and _TWO_PARTS.fullmatch(code)):  # a version written as code (`v4.40`,
        # `1.41.0`, or `4.40` where the criterion says version; `2.5` seconds is a decimal): named, and
        return Term("value", (version(code),), STRONG, code, named=True)  # compared as a dotted string
    if re.fullmatch(r"[\d.,]+", code):
        return _value_term(code, "")
    found = parts(code)
    if language_word(code) and not code_word(code):  # `null`, `context.Context`, `Task`: every file of its language
        return Term("ident", tuple(found), WEAK, code) if found else None
    if not found:  # `2024-03-31`, `;`: as written
        strong = len(code) >= 4 or any(c.isdigit() for c in code)
        return Term("quoted", (code.lower(),), STRONG if strong else WEAK, code) if len(code) >= 2 else None
    if _DOTTED.fullmatch(code) and len(found) > 1:
        return _key_term(code)
    if len(found) == 1 and len(pieces(code)) > 1:  # `deleted_at`, `is_ok`: short words count, as written
        return Term("quoted", (code.lower(),), STRONG, code)
    strong = len(found) > 1 or found[0] not in COMMON or _MEMBER.fullmatch(code) is not None  # `.description`
    return Term("ident", tuple(found), STRONG if strong else WEAK, code, named=strong)


def _quoted_term(quoted: str) -> Term | None:
    literal = " ".join(quoted.split()).lower()
    found = parts(literal)
    if not literal or len(literal) < 2:
        return None
    specific = len(found) > 1 or any(w not in COMMON for w in found)
    return Term("quoted", (literal,), STRONG if specific else WEAK, quoted)


def _code_like(token: str) -> Term | None:
    """A token of the prose written as code: a dotted key or path, snake_case, camelCase, an acronym."""
    bare = re.sub(r"^@(?=[\w.-]+/\w)", "", token.strip("()[]{}<>,;:!?\"'."))  # @parcel/watcher: as in code
    if re.match(r"[A-Za-z_][\w.]*\w\(", bare):  # a call, `JsonFactory.setStreamReadConstraints(StreamReadConstraints)`
        bare = bare.split("(", 1)[0]  # names the function, its arguments aside
    if _is_path(bare) and ("/" in bare or "." in bare):
        return Term("path", (bare.lower().lstrip("./"),), STRONG, bare)
    if language_word(bare):
        return None
    if _DOTTED.fullmatch(bare) and all(len(s) > 1 for s in re.split(r"[.:/]", bare)):
        return _key_term(bare) if len(parts(bare)) > 1 else None
    if _KEBAB.fullmatch(bare) and len(found := parts(bare)) > 1 and all(len(w) >= 3 for w in found):
        return Term("ident", tuple(found), STRONG, bare)  # dry-run: dryRun, dry_run, --dry-run; opt-in is prose
    if _KEBAB.fullmatch(bare) and all(len(w) >= 3 for w in bare.strip("-").split("-")):
        return Term("quoted", (bare.lower(),), STRONG, bare)  # write-only: its stop word kept, as code joins it
    if _CODE_LIKE.fullmatch(bare) and not bare.isdigit() and not language_word(bare):
        found = parts(bare) or [bare.lower()]
        if len(found) == 1 and (found[0] in COMMON or bare.upper() in COMMON_ACRONYMS.split()):
            return None
        acronym = bare.isupper() and "_" not in bare  # SEPA, XML: a format or a scheme, common in code
        return Term("ident", tuple(found), WEAK if acronym else STRONG, bare, named=not acronym)
    return None


def _key_term(key: str) -> Term:
    """A dotted configuration key: its words as one run, or its last part's (a YAML file nests the rest)."""
    last = tuple(parts(re.split(r"[.:/]", key)[-1]))
    also = (last,) if len(last) > 1 else ()
    return Term("ident", tuple(parts(key)), STRONG, key, also=also, named=True)


def _value_term(raw: str, unit_word: str) -> Term | None:
    value = number(raw)
    unit = _unit(unit_word)
    digits = len(value.replace(".", ""))
    if unit:
        return Term("value", (value,), STRONG, f"{raw} {unit_word}".strip(), unit)
    if "." in value or "." in raw or digits >= 3:  # a decimal as written: 10.00 (matching 10) is a price
        return Term("value", (value,), STRONG, raw)
    return Term("value", (value,), WEAK, raw) if digits == 2 else None


def _is_path(text: str) -> bool:
    name = text.rstrip("/").rsplit("/", 1)[-1]
    return "." in name and name.rsplit(".", 1)[1].lower() in _FILE_EXTENSIONS and " " not in text


def _rare(word: str) -> bool:
    return len(word) >= 4 and word not in COMMON and word not in _REMOVAL and not word.isdigit()

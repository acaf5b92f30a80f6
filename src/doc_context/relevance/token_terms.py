"""Pure: the term one piece of a criterion is, read alone (for relevance/criterion_terms.py): a code span
(`apply_loyalty_discount`, `checkout/totals.py`, `v4.40`, `"android"`), a quoted string, a token of the prose written
as code (LoyaltyDiscount, payments.retry.max_attempts, dry-run, SEPA), a number with its unit.
"""

from __future__ import annotations

import re
from dataclasses import replace

from doc_context.relevance.attributes import marked
from doc_context.relevance.common_words import COMMON, COMMON_ACRONYMS
from doc_context.relevance.language import code_word, language_word, syntax
from doc_context.relevance.term_model import STRONG, WEAK, Term
from doc_context.relevance.units import unit
from doc_context.relevance.words import VERSION, number, parts, pieces, stem, version

_FILE_EXTENSIONS = frozenset(
    "py pyi ts tsx js jsx mjs cs java kt go rb php rs swift c h cpp hpp sql yml yaml json toml ini cfg xml html "
    "css scss md txt feature proto sh ps1 tf csproj props".split()
)
_KEBAB = re.compile(r"-{0,2}[a-z]+(?:-[a-z]+)+")
_DOTTED = re.compile(r"[A-Za-z_][\w-]+(?:[.:/][A-Za-z_][\w-]+)+")
_CODE_LIKE = re.compile(r"\w*_\w+|\w*[a-z][A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[A-Z][A-Z0-9]{2,}|[A-Za-z]+\d+[A-Z][A-Za-z]\w*")
# a type led by an acronym, `CSVPrinter`, `HTTPClient`, `JSONParser` (Java's, Go's, older C#'s): code when it has two
# words at least; never a plural acronym (`APIs`, `URLs`) nor a product's name (`SQLite`, `OAuth`: one word)
_ACRONYM_LED = re.compile(r"[A-Z]{2,}[a-z]{2,}\w*")
_TWO_PARTS = re.compile(r"\d+\.\d+")
_MEMBER = re.compile(r"\.[A-Za-z_]\w*")  # a common word named as a member with its dot: a property, a key, no word
# Ruby's instance method written bare, `#content?`, `#call`: named code, as `Type#name` is; never a C# or C
# preprocessor directive (`#region`, `#if`), a comment (`# note`), an interpolation (`#{x}`) nor an issue (`#123`)
_INSTANCE_METHOD = re.compile(r"#([A-Za-z_]\w*[?!]?)")
_DIRECTIVES = frozenset(
    "region endregion if elif else endif define undef pragma nullable warning error line include ifdef ifndef".split()
)
_NAMESPACED = re.compile(r"[A-Za-z_]\w+(?:::[A-Za-z_]\w+)+(?:[#.][A-Za-z_]\w*[?!]?)?")  # JWT::EncodedToken


def unit_of(word: str) -> str:
    """The unit a word after a number says ("days", "attempts"), as relevance/units.py codes it; "" for none."""
    return unit(word) or unit(stem(word.lower()))


def code_term(code: str, versioned: bool = False) -> Term | None:
    """The term a code span is; `versioned`: the criterion says "version" (`4.40` is one, not a decimal)."""
    term = _written_term(code, versioned)
    if term is not None and code_word(code.strip()):  # `never`, `end`: a value or a key where the change quotes it
        return replace(term, value=True)  # ("never", :end), a keyword where it writes it bare (summary/evidence_match)
    return term


def _written_term(code: str, versioned: bool) -> Term | None:
    code = re.sub(r"^@(?=[\w.-]+/\w)", "", code.strip())  # an npm package's scope, `@parcel/watcher`: its @ aside
    if mark := marked(code):  # `[JsonIgnore]`, `@Deprecated`: named code, read where applied (relevance/attributes)
        found = parts(mark.name)
        strong = len(found) > 1 or (found[0] not in COMMON and not language_word(mark.name))
        return Term("ident", tuple(found), STRONG if strong else WEAK, code, named=True) if found else None
    if (method := _INSTANCE_METHOD.fullmatch(code)) and method.group(1) not in _DIRECTIVES:
        term = _written_term(method.group(1), versioned)  # `#content?`: content? (a common word), named as written
        return replace(term, weight=STRONG, label=code, named=True) if term and term.kind == "ident" else term
    if method:  # `#region`: the language's syntax
        return Term("quoted", (code.lower(),), WEAK, code)
    if head := re.fullmatch(r"([\w.:/-]*\w)[.:/_-]<\w+>", code):  # `EXC_CTOR.<ExceptionType>`: its fixed head
        code = head.group(1)
    if _is_path(code):
        return Term("path", (code.lower().lstrip("./"),), STRONG, code, named=True)
    if len(code) > 2 and code[0] == code[-1] and code[0] in "\"'":  # `"android"`: a string, as written
        return quoted_term(code[1:-1])
    if " " in code:  # `import static`: a language's syntax, counted beside the code it is about (evidence_file)
        term = quoted_term(code)
        return replace(term, syntax=True) if term is not None and syntax(code) else term
    if VERSION.fullmatch(code) or (versioned and _TWO_PARTS.fullmatch(code)):  # a version written as code (`v4.40`,
        # `1.41.0`, or `4.40` where the criterion says version; `2.5` seconds is a decimal): named, and
        return Term("value", (version(code),), STRONG, code, named=True)  # compared as a dotted string
    if re.fullmatch(r"[\d.,]+", code):
        return value_term(code, "")
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


def quoted_term(quoted: str) -> Term | None:
    """The term a quoted string is, as written, case aside: weak when it says only common words."""
    literal = " ".join(quoted.split()).lower()
    found = parts(literal)
    if not literal or len(literal) < 2:
        return None
    specific = len(found) > 1 or any(w not in COMMON for w in found)
    return Term("quoted", (literal,), STRONG if specific else WEAK, quoted)


def code_like(token: str) -> Term | None:
    """A token of the prose written as code: a dotted key or path, snake_case, camelCase, an acronym."""
    bare = re.sub(r"^@(?=[\w.-]+/\w)", "", token.strip("()[]{}<>,;:!?\"'."))  # @parcel/watcher: as in code
    if re.match(r"[A-Za-z_][\w.]*\w\(", bare):  # a call, `JsonFactory.setStreamReadConstraints(StreamReadConstraints)`
        bare = bare.split("(", 1)[0]  # names the function, its arguments aside
    if _is_path(bare) and ("/" in bare or "." in bare):
        return Term("path", (bare.lower().lstrip("./"),), STRONG, bare)
    shortcodes = token.startswith(":") and token.rstrip(".,;!?").endswith(":")  # `:sparkles::rocket:`: gitmoji
    if _NAMESPACED.fullmatch(bare) and not shortcodes:  # `JWT::EncodedToken` outside a code span: Ruby's, Rust's path
        return code_term(bare)
    if language_word(bare):
        return None
    if _DOTTED.fullmatch(bare) and all(len(s) > 1 for s in re.split(r"[.:/]", bare)):
        return _key_term(bare) if len(parts(bare)) > 1 else None
    if _KEBAB.fullmatch(bare) and len(found := parts(bare)) > 1 and all(len(w) >= 3 for w in found):
        return Term("ident", tuple(found), STRONG, bare)  # dry-run: dryRun, dry_run, --dry-run; opt-in is prose
    if _KEBAB.fullmatch(bare) and all(len(w) >= 3 for w in bare.strip("-").split("-")):
        return Term("quoted", (bare.lower(),), STRONG, bare)  # write-only: its stop word kept, as code joins it
    led = _ACRONYM_LED.fullmatch(bare) is not None and len(parts(bare)) > 1  # data18: commons-csv's CSVPrinter
    if (led or _CODE_LIKE.fullmatch(bare)) and not bare.isdigit() and not language_word(bare):
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


def value_term(raw: str, unit_word: str) -> Term | None:
    """A number's term, with its unit when `unit_word` (the word after it) is one; none for a lone digit."""
    value = number(raw)
    unit = unit_of(unit_word)
    digits = len(value.replace(".", ""))
    if unit:
        return Term("value", (value,), STRONG, f"{raw} {unit_word}".strip(), unit)
    if "." in value or "." in raw or digits >= 3:  # a decimal as written: 10.00 (matching 10) is a price
        return Term("value", (value,), STRONG, raw)
    return Term("value", (value,), WEAK, raw) if digits == 2 else None


def _is_path(text: str) -> bool:
    name = text.rstrip("/").rsplit("/", 1)[-1]
    return "." in name and name.rsplit(".", 1)[1].lower() in _FILE_EXTENSIONS and " " not in text

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
  component a component the prose names by its kind and name ("the savehar addon", "the `Auth` middleware"): its
          file or folder, below its kind's folder or named with its kind (addons/savehar.py, AuthMiddleware.cs:
          relevance/components.py)
  format  a data format in a product owner's words (JSON, "the Markdown format"): where the diff writes it, a media
          type, an extension or an option of it (relevance/formats.py)
  release a dependency's major version ("React 18", "v12"): a manifest's line whose range holds it (dependencies.py)
  platform a platform's release (".NET 5", ".NET Standard 2.0"): a build file's line targeting it (`net5.0`,
          `netstandard2.0`: relevance/platforms.py)
  prose   its words, common ones included: a sentence the change writes (a test's description, a message, a comment)
          saying enough of them (summary/evidence_prose.py: "treats `default` as an error")
Common words (COMMON: "code", "test", "update", "user", "should", ...) never count alone: a phrase of two
of them counts nothing, so "Documentation is updated" or "The code is reviewed" has no term at all.
Words are stemmed ("refunded", "refunds": refund), abbreviations written out (words.py); units are units.py's.
What one code span, quoted string, code-like token or number is, read alone, is token_terms.py's; the terms as
data (Term, CriterionTerms, STRONG, WEAK), term_model.py's.
"""

from __future__ import annotations

import itertools
import re

from doc_context.relevance.commands import named_subcommands
from doc_context.relevance.common_words import COMMON as COMMON  # the words that never set a criterion apart
from doc_context.relevance.common_words import PROSE_COMMON
from doc_context.relevance.components import filed, named_components
from doc_context.relevance.dependencies import releases
from doc_context.relevance.file_kinds import samples_said
from doc_context.relevance.formats import format_words
from doc_context.relevance.platforms import context, monikers
from doc_context.relevance.prose import prose_words
from doc_context.relevance.term_model import STRONG as STRONG  # the terms as data, imported from here too
from doc_context.relevance.term_model import WEAK as WEAK
from doc_context.relevance.term_model import CriterionTerms as CriterionTerms
from doc_context.relevance.term_model import Term as Term
from doc_context.relevance.token_terms import code_like, code_term, quoted_term, unit_of, value_term
from doc_context.relevance.words import VERSION, expand, fold, number, parts, stem, version

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
_NET = re.compile(r"(?<![.\w])NET\b")  # NET written alone, not as .NET's
_ABOUT_TESTS = re.compile(
    r"(?i)\btests\b|\b(?:unit|integration|e2e|regression|acceptance|snapshot)[ -]tests?\b"
    r"|\btest (?:cases?|suites?|coverage)\b"
)
_NUMBER = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)(?![\d_])(?:\s?(%|[A-Za-z]+))?")  # 500m, 14 days
_FROM_TO = re.compile(r"(?i)\bfrom\s+(\d[\d,]*(?:\.\d+)?)\s+to\s+(\d[\d,]*(?:\.\d+)?)(?![\d.]*\w)")
_SAYS_VERSION = re.compile(r"\bversion\b", re.IGNORECASE)
_STATES_VERSION = re.compile(r"(?i)\bversions?\s+(?:to\s+)?(?:the\s+)?(?:latest\s+)?$")  # "version to (latest) X"
_CLAUSE = re.compile(r"[,.;:!?()\[\]{}]+(?:\s|$)|\s[-–—]\s|\n")
_MARKUP = re.compile(r"(?<![\w*_~])[*~]{1,3}(?=[^\s*_~])|(?<=[^\s*_~])[*~]{1,3}(?![\w*_~])")  # *bold*, ~~struck~~
_LABEL = re.compile(  # what files a criterion under a component, before its text: [CLI], `[mempool]`, fix(sdk-logs):,
    # a bare fix:, a bold component before a colon (**@hey-api/sdk**:, **Analyzers**:, **plugin(typescript)**:; never a
    # bold title of words, **Factory selection from bars**:, a bold name without its colon, **ThreeBlackCrowsIndicator**
    # fixed ..., nor a bold code name, **LedgerVerifier**:, **ledger_export**: (review 16 F8: ta4j's changelog))
    r"[*_]{0,2}`?\[[A-Za-z][\w .+#/-]{0,30}\]`?[*_]{0,2}:?\s+"
    r"|(?:feat|fix|bugfix|chore|refactor|perf|docs|test|build|ci|style|revert|deps)!?(?:\([\w@/.-]+\))?!?:\s+"
    r"|\*\*(?:@[\w.-]+/[\w.-]+|[A-Za-z][a-z0-9-]{0,30}(?:\([\w@/.-]+\))?|[A-Z][A-Z0-9-]{0,30})"  # one word: no
    r"(?::\*\*|\*\*:)\s+"  # CamelCase nor snake_case name (review 16 F8)
)
# an underscore is emphasis only with its closer (`_new_`, `__new__`); one alone is the name's, as markdown shows it:
# a module's or member's private name (`distutils._msvccompiler`, `options._cache`, `__typename`)
_UNDERSCORED = re.compile(r"(?<![\w_])(_{1,3})(?=[^\s_])(.+?)(?<=[^\s_])\1(?![\w_])")


def criterion_terms(text: str) -> CriterionTerms:
    """The specific terms of a criterion's text (markdown), strongest first."""
    terms: list[Term] = []
    pairs: list[Term] = []
    text = _EMAIL.sub("email", unlabelled(text))
    versioned = _SAYS_VERSION.search(text) is not None  # "bump `greclipse` version to `4.40`": 4.40 is a version
    text = _EMPHASIZED.sub(lambda m: f"`{m.group(1)}`" if stem(m.group(1)) not in COMMON else m.group(0), text)
    prose = _CODE_SPAN.sub(lambda m: _take(code_term(m.group(1), versioned), terms), text)
    prose = _MARKUP.sub("", _UNDERSCORED.sub(r"\2", prose))
    prose = _QUOTED.sub(lambda m: _take(quoted_term(next(g for g in m.groups() if g is not None)), terms), prose)
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
    terms += [Term("component", (n, k), STRONG, f"{n} {k}") for n, k in named_components(text, PROSE_COMMON)]
    terms = [t for t in terms if not (t.kind == "ident" and filed(t.label))]  # `plugins/replace`: the component's
    found = releases(_CODE_SPAN.sub(" ", text))  # "React 18": a manifest's @types/react ^18.2.7 (dependencies.py)
    terms += [
        Term("release", (n.lower(), *m), STRONG, f"{n} {m[0]}" if n else ", ".join(f"v{v}" for v in m))
        for n, *m in found
        if not n or not set(parts(n)) <= COMMON
    ]
    all_words = tuple(parts(_CODE_SPAN.sub(r" \1 ", text)))
    spoken = _CODE_SPAN.sub(r" \1 ", text)  # a release a fault shows on needs another term (relevance/platforms)
    for label, moniker in monikers(spoken):
        terms.append(Term("platform", (moniker,), WEAK if context(spoken, label) else STRONG, label))
    if "platform" in {t.kind for t in terms} and not _NET.search(spoken):  # ".NET 8"'s NET is the platform's name
        terms = [t for t in terms if not (t.kind == "ident" and t.parts == ("net",))]
    said = tuple(dict.fromkeys(prose_words(text)))  # its plain words, names aside (relevance/prose.py)
    if len(said) >= MIN_SAID and not set(said) <= COMMON:  # a sentence of the change may say it, common words and all
        terms.append(Term("prose", said, STRONG, " ".join(written.get(w, w) for w in said)))
    removal = bool(_REMOVAL.intersection(all_words)) or "no longer" in text.lower()
    unique = list({(t.kind, t.parts, t.unit): t for t in terms if t.weight}.values())
    tests = _ABOUT_TESTS.search(_CODE_SPAN.sub(" ", text)) is not None
    moving = bool(_MOVING.intersection(all_words))
    names = {stem(t.parts[0]) for t in terms if t.kind in ("command", "component")}  # beets' replace plugin: a name
    replacing = bool(_REPLACING.intersection(all_words) - names)
    strongest = tuple(sorted(unique, key=lambda t: -t.weight))
    samples = samples_said(_CODE_SPAN.sub(" ", text))
    return CriterionTerms(strongest, removal, all_words, tests, tuple(pairs), moving, replacing, samples)


def unlabelled(text: str) -> str:
    """The criterion without the labels it opens with (`[mempool]`, [CLI], **[Breaking]**, fix(sdk-logs):, feat!(p2p):,
    fix:, **parser**:, **plugin(typescript)**: fix:):
    a label files it under a component, as a changelog's section does, and its neighbours under the same one; it names
    no code the change writes (a package's path prefix, `helper/schema:`, is relevance/packages.py's)."""
    stripped = text.lstrip()
    while (label := _LABEL.match(stripped)) and label.end() < len(stripped):
        stripped = stripped[label.end() :]
    return stripped if stripped != text.lstrip() else text


def _number(match: re.Match[str], into: list[Term]) -> str:
    """A number's term collected; a word after it that is no unit stays in the prose ("12 replicas"). A version the
    prose says a thing is at ("Worker Version to 3.8.1", "versions to 1.55.2") is what the criterion is about, as
    one written as code is: named (a file must show it); one said in passing ("since 8.0.0") is a value."""
    raw, after = match.group(1), match.group(2) or ""
    before = max(0, match.start() - 40)  # "versions to the latest " just before it, not all before (review 10, #6)
    if VERSION.fullmatch(raw) and not after and _STATES_VERSION.search(match.string, before, match.start()):
        return _take(Term("value", (version(raw),), STRONG, raw, named=True), into)
    unit = after if after == "%" or unit_of(after) else ""
    return _take(value_term(raw, unit), into) + ("" if unit else f" {after}")


def _take(term: Term | None, into: list[Term], keep: str = " . ") -> str:
    """Collect a term; what replaces its text in the prose (a clause break, so no phrase spans it)."""
    if term is None:
        return keep
    into.append(term)
    return " . "


def _prose_token(token: str, into: list[Term]) -> str:
    """A code-like token's term collected; it stays in the prose (LoyaltyDiscount banner: discount banner),
    unless it is a path or a dotted key."""
    term = code_like(token)
    if term is None:
        return token
    into.append(term)
    return token if term.weight < STRONG else " . "  # an acronym stays: "legacy XML exporter"


def _rare(word: str) -> bool:
    return len(word) >= 4 and word not in COMMON and word not in _REMOVAL and not word.isdigit()

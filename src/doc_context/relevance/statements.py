"""Pure: what a sentence states, and whether two sentences state the same thing or disagree.

A statement is what a sentence is about (its subject: its content words, stemmed) and what it says of it: its
values with their units ("older than 30 days" -> 30 d, "100 requests per minute" -> 100 req/min: as
relevance/stated_values.py reads them), its stance (negation: no, not, never, without; modality: must, may, should,
can) and its named values (`ROUND_HALF_UP`, `MidpointRounding.ToEven`). Two statements about the same subject
disagree when a value of one kind differs (a number, a unit), when one negates what the other says, when their
modals differ (must / may / should), or when their named values do. `differences` is the one comparison: the
pages' repeats (passages.py), the disagreements between pages, criteria and the diff (disagreements.py), and a
discussion's comments use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from doc_context.relevance.named_values import Named, named_values, word
from doc_context.relevance.stated_values import APOSTROPHE, NUMBER_WORDS, Value, prose_values, value_differences
from doc_context.relevance.units import UNITS, said_by
from doc_context.relevance.words import parts

NEGATIONS = frozenset("no not never without none cannot can't don't doesn't isn't aren't won't nor neither".split())
MODALS = {
    "must": "must", "shall": "must", "required": "must", "mandatory": "must",
    "should": "should", "recommended": "should", "ought": "should",
    "may": "may", "can": "may", "could": "may", "allowed": "may", "optional": "may", "cannot": "may",
}  # fmt: skip


_NOT_SUBJECT = frozenset(
    word(w)
    for w in """least most than every each after before within once twice again up down over under only also just
    more less fewer longer shorter need needs required allowed cannot mandatory optional recommended always""".split()
)
_COMPARED = re.compile(r"\s+(?:later|more|less|fewer|longer|shorter|sooner|earlier|greater|higher|lower)\s+than\b")
# code (markdown's `None`, reStructuredText's ``None``), hyphenated names ("-no-warnings-as-errors", "no-op") and a
# word in quotes ('None', "no"): each names a word, none negates
_QUOTES = "'\"\u201c\u2018", "'\"\u201d\u2019"  # a quote's opening marks, its closing ones
_SPANS = re.compile(rf"``.+?``|`[^`]*`|\S*\w-\w\S*|(?<!\w)[{_QUOTES[0]}][^\s{_QUOTES[1]}]+[{_QUOTES[1]}](?!\w)")
_A_TYPE = re.compile(  # a named value a sentence calls a type: "a new `Package.Dependency.Trait` type"
    r"(?:\.\w+)*`?\s+(?:types?|class(?:es)?|structs?|interfaces?|enums?|traits?|protocols?|records?)\b", re.I
)
NEGATED = 3  # the words after a negation that it negates: "without breaking the reconciliation" negates nothing else
SAME_SUBJECT = 0.6  # two sentences are about the same thing when this share of the shorter one's words is shared


@dataclass(frozen=True)
class Statement:
    text: str
    subject: frozenset[str]
    values: tuple[Value, ...] = ()
    negated: bool = False
    modal: str = ""  # "must", "may", "should", or "" (a plain statement)
    named: tuple[Named, ...] = ()
    negates: tuple[frozenset[str], ...] = ()  # each negation's words: the few that follow it ("no supervisor")


def statement(text: str) -> Statement:
    """What a sentence states."""
    named = [n for n in named_values(text) if not _A_TYPE.match(text, text.find(n.shown) + len(n.shown))]
    rest = text
    for n in named:
        rest = rest.replace(n.shown, " ")
    found = list(re.finditer(rf"[A-Za-z][A-Za-z'{APOSTROPHE}]*", rest))
    named_only = [m.span() for m in _SPANS.finditer(rest)]  # code, hyphenated or quoted names negate nothing
    lowered = [m.group().casefold().replace(APOSTROPHE, "'") for m in found]
    negations = [
        i
        for i, w in enumerate(lowered)
        if (w in NEGATIONS or w.endswith("n't"))
        and not any(a <= found[i].start() < b for a, b in named_only)
        and not re.match(r"[\s,]*[\d€$£]", rest[found[i].end() :])
        and not _COMPARED.match(rest[found[i].end() :])
    ]  # "60 seconds, not 30" corrects a value, "no later than" bounds one: the value says it, not a negation
    negated = len(negations) % 2 == 1
    negates = tuple(frozenset(p for after in lowered[i + 1 : i + 1 + NEGATED] for p in parts(after)) for i in negations)
    modal = next((MODALS[w] for w in lowered if w in MODALS), "")
    values = tuple(prose_values(rest))
    subject = frozenset(parts(rest)) - _no_subject()
    family = frozenset(w for n in named for w in n.family)
    return Statement(text, subject | family, values, negated, modal, tuple(named), negates)


def requires(text: str) -> bool:
    """Whether a text states a requirement: a modal of obligation or recommendation ("must", "shall", "required",
    "should", "recommended": RFC 2119's words, as specifications write them, in any case)."""
    words = re.findall(rf"[A-Za-z][A-Za-z'{APOSTROPHE}]*", text)
    return any(MODALS.get(w.casefold()) in ("must", "should") for w in words)


@cache
def _no_subject() -> frozenset[str]:
    """The words that say no subject: units, numbers in words, negations, modals and _NOT_SUBJECT's."""
    unit_words = {w for code in UNITS for w in said_by(code)} | {word(k) for k in NUMBER_WORDS}
    return frozenset(unit_words) | _NOT_SUBJECT | {word(w) for w in (*NEGATIONS, *MODALS)}


def shared(a: frozenset[str], b: frozenset[str]) -> int:
    """Words of `a` that `b` holds, a word meeting its longer form ("lock" and "lockout", "reserv" and
    "reservation")."""
    return sum(1 for w in a if w in b or any(_meets(w, x) for x in b))


def _meets(a: str, b: str) -> bool:
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and long.startswith(short)


def same_subject(a: Statement, b: Statement, share: float = SAME_SUBJECT, *, longer: bool = False) -> bool:
    """Whether two sentences speak of the same thing: most of the shorter one's words (of the longer one's with
    `longer`), two at least."""
    small, large = sorted((len(a.subject), len(b.subject)))
    n = shared(a.subject, b.subject) if len(a.subject) <= len(b.subject) else shared(b.subject, a.subject)
    return n >= 2 and n >= share * (large if longer else small)


def compare(a: str, b: str) -> tuple[str, ...] | None:
    """Two sentences compared (a comment's and a criterion's, a page's and a criterion's): None when they speak of
    different things; () when they state the same; else how they differ ("number", "unit", "negation", "modal",
    "named value")."""
    x, y = statement(a), statement(b)
    return differences(x, y) if same_subject(x, y) else None


def differences(a: Statement, b: Statement) -> tuple[str, ...]:
    """How two statements about the same thing differ: "number", "unit", "negation", "modal", "named value"
    (none: they state the same, as far as their values, stance and names tell)."""
    kinds: list[str] = []
    for kind in value_differences(a.values, b.values):
        kinds += [kind] if kind not in kinds else []
    both = frozenset(w for w in a.subject if shared(frozenset({w}), b.subject))
    both |= frozenset(w for w in b.subject if shared(frozenset({w}), a.subject))
    negated = _negated(a, both)
    if negated != _negated(b, both):
        kinds.append("negation")
    elif a.modal and b.modal and a.modal != b.modal and not (negated and {a.modal, b.modal} == {"must", "may"}):
        kinds.append("modal")  # "must not" and "may not" both forbid
    for x in a.named:
        if any(one_kind(x, a.subject, y, b.subject) and x.value != y.value for y in b.named):
            kinds += ["named value"] if "named value" not in kinds else []
    return tuple(kinds)


def one_kind(p: Named, p_words: frozenset[str], q: Named, q_words: frozenset[str]) -> bool:
    """Two named values of one kind: their families share a word (`ROUND_HALF_EVEN`, `RoundingMode.HALF_UP`,
    `MidpointRounding.AwayFromZero`), or one written without its family whose words (`p_words`, `q_words`: its
    sentence's, its setting's) name the other's ("rounded with `HALF_UP`"). Two without a family say nothing of
    what they are: two settings' names (`CARGO_RESOLVER_PRECEDENCE`, `PIP_UPLOADED_PRIOR_TO`) are no two values of
    one thing. The one test of differences() and of relevance/disagreements.py."""
    if p.family and q.family:
        return bool(p.family & q.family)
    if p.family or q.family:
        return shared(p.family, q_words) > 0 if p.family else shared(q.family, p_words) > 0
    return False


def _negated(st: Statement, words: frozenset[str]) -> bool:
    """Whether the sentence negates what both sentences speak of: a negation of the shared words (or of nothing
    in particular, "None."), not one of a clause of its own ("without breaking the reconciliation")."""
    return sum(1 for negates in st.negates if not negates or shared(negates, words)) % 2 == 1


def adds(a: Statement, b: Statement) -> bool:
    """Whether `a` states a value or a named value of a kind `b` does not: "opens again after 15 minutes" says
    more than "opens again", so it is no repeat of it."""
    kinds = {v.dimension for v in b.values}
    return any(v.dimension not in kinds for v in a.values) or (bool(a.named) and not b.named)

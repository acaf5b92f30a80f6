"""Pure: where the cited pages, the work items' criteria (and a discussion's comments) and the diff state different
values for one thing.

Each source's sentences are statements (statements.py); the diff's values are settings (diff_values.py). Two
sentences of different sources meet when they speak of the same thing (most of their words); a setting meets
the sentence of each source that shares most of its name's words and states a value of its kind (`MaxAttempts =
3` meets "5 failed attempts"), the best one only. Sources that meet form a group; a group whose sources state
two values or more is one disagreement, said once, with each source and its value, never which one is right.
A page the change does not speak to (a background page: the predecessor or rival of the specification it
implements) states its own rules by design: it takes part beside a criterion, a comment or the diff, never against
a page the change speaks to alone. Pages the change speaks to none of (a story's policy pages beside a small
change) still disagree among themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from doc_context.models import Disagreement, Stated
from doc_context.relevance.diff_values import SYNONYMS, Setting
from doc_context.relevance.named_values import Named
from doc_context.relevance.stated_values import Value, shown, value_difference
from doc_context.relevance.statements import Statement, differences, one_kind, same_subject, shared
from doc_context.relevance.subject_index import candidate_pairs, claims, dimensions, keys

ORDER = {"page": 0, "criterion": 1, "comment": 2, "diff": 3}
QUOTE = 160  # characters of a sentence a negation or a modal is shown by
STANCE_SUBJECT = 0.8  # a contradiction says nearly the same words (of the longer sentence) with another stance


@dataclass(frozen=True)
class Sentence:
    """A sentence of one source, with what the comment calls that source and who shows its disagreements."""

    source: str  # "page", "criterion", "comment"
    name: str  # "Refund policy", "criterion 3"
    link: str
    owner: str  # the summary a disagreement is said under ("page ..." or "work item 4630")
    document: str  # sentences of one document are never compared with each other
    statement: Statement
    about: frozenset[str] = frozenset()  # the words of its document's title (a page's, a work item's)
    background: bool = False  # a page the change does not speak to: it differs from other pages by design


Node = tuple[int, str]  # (index: a sentence, or len(sentences) + a setting's index; the dimension compared)
Key = Hashable


def find(
    sentences: Sequence[Sentence], settings: Sequence[Setting], file_link: Callable[[str], str] = lambda _: ""
) -> list[tuple[str, Disagreement]]:
    """Every disagreement, with the owner it is said under: the first page among its sources, else the first
    work item; `file_link`: a changed file's link (the pull request's Files view)."""
    of, members, together = claims([s.statement for s in sentences], [s.document for s in sentences])
    said = [sentences[m[0]].statement for m in members]  # one statement a claim, compared once
    edges: list[tuple[Node, Key, Node, Key, str]] = []
    for a, b in candidate_pairs(said, together):  # indexed by their words, never every pair
        if same_subject(said[a], said[b]):
            edges += _prose_edges(a, said[a], b, said[b])
    base = len(sentences)
    edges += [  # a setting's node after the claims'
        ((len(members) + s - base, sd), skey, (of[j], dim), jkey, kind)
        for (s, sd), skey, (j, dim), jkey, kind in _setting_edges(sentences, settings)
    ]
    found: dict[frozenset[int], tuple[set[str], dict[int, list[str]], dict[int, list[Key]]]] = {}

    def sources_of(c: int) -> list[int]:  # a claim's sentences, or a setting (after the sentences)
        return members[c] if c < len(members) else [base + c - len(members)]

    for found_claims, kinds, claim_keys in _components(edges):
        nodes = [(n, dim) for c, dim in found_claims for n in sources_of(c)]
        told = [(n, dim) for n, dim in nodes if n >= base or not sentences[n].background]
        if told and all(n < base and sentences[n].source == "page" for n, _ in nodes):  # pages alone, one spoken to:
            nodes = told  # background takes no part (pages the change speaks to none of still disagree, review 7)
            if len({sentences[n].document for n, _ in nodes}) < 2:
                continue  # what is left is one page's: it met the others through the background page alone
        sources = frozenset(n for n, _ in nodes)
        keys = {n: claim_keys[c] for c, _ in found_claims for n in sources_of(c)}
        if len({keys[n] for n in sources}) < 2:
            continue
        entry = found.setdefault(sources, (set(), {}, {}))
        entry[0].update(kinds)
        for n, dim in nodes:
            entry[1].setdefault(n, []).append(_shown_value(n, dim, sentences, settings))
            entry[2].setdefault(n, []).append(keys[n])
    out = [_disagreement(srcs, kinds, values, keys, sentences, settings, file_link) for srcs, (kinds, values, keys)
           in found.items()]  # fmt: skip
    return sorted(out, key=lambda od: [s.name for s in od[1].stated])


def _prose_edges(i: int, a: Statement, j: int, b: Statement) -> list[tuple[Node, Key, Node, Key, str]]:
    out: list[tuple[Node, Key, Node, Key, str]] = []
    for dim in ({v.dimension for v in a.values} & {v.dimension for v in b.values}) - {""}:  # a bare number: no claim
        x = [v for v in a.values if v.dimension == dim]
        y = [v for v in b.values if v.dimension == dim]
        if len(x) == 1 and len(y) == 1:
            out.append(((i, dim), _value_key(x[0]), (j, dim), _value_key(y[0]), value_difference(x[0], y[0])))
    kinds = differences(a, b)
    stance = next((k for k in kinds if k in ("negation", "modal")), "")
    if stance and same_subject(a, b, STANCE_SUBJECT, longer=True):
        out.append(((i, "stance"), _stance(a), (j, "stance"), _stance(b), stance))
    for p in stated(a.named):
        for q in stated(b.named):
            if one_kind(p, a.subject, q, b.subject):
                dim = "named " + " ".join(sorted(p.family | q.family))
                out.append(((i, dim), p.value, (j, dim), q.value, "named value" if p.value != q.value else ""))
    return out


def _setting_edges(
    sentences: Sequence[Sentence], settings: Sequence[Setting]
) -> list[tuple[Node, Key, Node, Key, str]]:
    """Each setting meets, in each document, the sentences sharing most of its name's words and stating a value
    of its kind; each sentence keeps the settings that share most with it."""
    scored: list[tuple[int, int, str, float, Key, Key, str]] = []  # setting, sentence, dim, score, keys, kind
    by_dimension: dict[str, list[int]] = {}  # the sentences stating a value of each kind; those naming a value
    for j, sentence in enumerate(sentences):
        for dim in dimensions(sentence.statement):
            by_dimension.setdefault(dim, []).append(j)
    naming = [j for j, sentence in enumerate(sentences) if sentence.statement.named]
    held = [frozenset(keys(s.statement.subject)) for s in sentences]
    used: dict[tuple[str, frozenset[str]], set[str]] = {}  # a file's values of a family (`Decision.DROP` ...)
    for setting in settings:
        if setting.value is None and setting.named is not None and setting.named.family:
            used.setdefault((setting.path, setting.named.family), set()).add(setting.named.value)
    for s, setting in enumerate(settings):
        named = setting.named
        if setting.value is None and named and named.family and len(used[(setting.path, named.family)]) > 1:
            continue  # a file using two values of one kind (a branch for each) states neither
        value = setting.value
        asks = frozenset(keys(w for x in setting.subject for w in (x, *SYNONYMS.get(x, ()))))
        for j in by_dimension.get(value.dimension, []) if value is not None else naming if setting.named else []:
            if value is not None and setting.subject and asks.isdisjoint(held[j]):
                continue  # none of its name's words: _meets would find no hit
            match = _meets(setting, sentences[j].statement)
            if match is not None:
                scored.append((s, j, *match))
    best_in_doc: dict[tuple[int, str], float] = {}
    best_for_sentence: dict[tuple[int, str], float] = {}
    for s, j, dim, score, *_ in scored:
        doc = sentences[j].document
        best_in_doc[(s, doc)] = max(best_in_doc.get((s, doc), -1.0), score)
        best_for_sentence[(j, dim)] = max(best_for_sentence.get((j, dim), -1.0), score)
    base = len(sentences)
    kept = [
        (s, j, dim, score, skey, jkey, kind)
        for s, j, dim, score, skey, jkey, kind in scored
        if score >= best_in_doc[(s, sentences[j].document)] and score >= best_for_sentence[(j, dim)]
    ]
    return [  # a setting named by its unit alone (`MaxAttempts`) meets a sentence sharing its file's or keys' words
        ((base + s, dim), skey, (j, dim), jkey, kind)  # (the sentence's, or its document title's)
        for s, j, dim, score, skey, jkey, kind in kept
        if settings[s].subject or shared(settings[s].context, sentences[j].statement.subject | sentences[j].about)
    ]


def _meets(setting: Setting, st: Statement) -> tuple[str, float, Key, Key, str] | None:
    """(dimension, how well they meet, the setting's key, the sentence's, the kind of difference) or None."""
    words = st.subject
    hits = sum(1 for w in setting.subject if shared(frozenset({w, *SYNONYMS.get(w, ())}), words))
    in_use = setting.value is None  # a named value in use: the words around it are the code's, not its name's
    if setting.subject and not in_use and hits < max(1, math.ceil(len(setting.subject) / 2)):
        return None
    score = 2.0 * hits + shared(setting.context, words) / 10
    if setting.value is not None:
        value = setting.value
        same = [v for v in st.values if v.dimension == value.dimension]
        if len(same) != 1 or not value.unit:  # a bare number (`apiKeyLimit: 600`) says no unit: no claim
            return None
        return value.dimension, score, _value_key(value), _value_key(same[0]), value_difference(value, same[0])
    named = setting.named
    if named is None:
        return None
    for other in stated(st.named):
        if one_kind(named, setting.subject | setting.context, other, words):
            dim = "named " + " ".join(sorted(named.family | other.family))
            return dim, score + 1, named.value, other.value, "named value" if named.value != other.value else ""
    return None


def stated(named: Sequence[Named]) -> list[Named]:
    """The named values a sentence or a line states: not those it lists with another value of their kind
    ("converts `DROP` decisions into `RECORD_ONLY` ones" states neither)."""
    return [n for n in named if not any(m.value != n.value and _listed_with(m, n) for m in named)]


def _listed_with(m: Named, n: Named) -> bool:
    """Two values one sentence lists: of one kind by their families alone (its words name each family it
    writes), or two without any (`DROP`, `RECORD_ONLY`); a setting's name (`BILLING_CONFIG`) beside
    `RoundingMode.HALF_EVEN` lists no rounding mode."""
    return one_kind(m, frozenset(), n, frozenset()) if m.family or n.family else True


def _value_key(value: Value) -> Key:
    return (value.dimension, round(value.base, 6))


def clip(text: str, limit: int) -> str:
    """The text within `limit` characters, cut at a word and marked."""
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"


def _stance(st: Statement) -> Key:
    """A negated sentence forbids ("never", "must not", "may not" alike); a plain one states."""
    if st.negated:
        return ("not", "should" if st.modal == "should" else "")
    return ("", st.modal)


def _components(edges: list[tuple[Node, Key, Node, Key, str]]) -> list[tuple[list[Node], set[str], dict[int, Key]]]:
    """The groups of nodes that meet, with two values or more: their nodes, kinds and each one's key."""
    parent: dict[Node, Node] = {}

    def root(n: Node) -> Node:
        while parent.setdefault(n, n) != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    keys: dict[Node, Key] = {}
    for a, ka, b, kb, _ in edges:
        parent[root(a)] = root(b)
        keys.setdefault(a, ka)
        keys.setdefault(b, kb)
    groups: dict[Node, list[Node]] = {}
    for node in keys:
        groups.setdefault(root(node), []).append(node)
    kinds: dict[Node, set[str]] = {}
    for a, _, _, _, kind in edges:
        if kind:
            kinds.setdefault(root(a), set()).add(kind)
    out = []
    for top, nodes in groups.items():
        node_keys = {n: keys[n] for n in nodes}
        if nodes[0][1] == "stance":  # a plain sentence says what a sole modal of the others says
            modals = {k for k in node_keys.values() if isinstance(k, tuple) and k[0] == "" and k[1]}
            if len(modals) == 1:
                node_keys = {n: (next(iter(modals)) if k == ("", "") else k) for n, k in node_keys.items()}
        if len(set(node_keys.values())) < 2:
            continue
        out.append((nodes, kinds.get(top, set()), {n: node_keys[(n, d)] for n, d in nodes}))
    return out


def _shown_value(index: int, dim: str, sentences: Sequence[Sentence], settings: Sequence[Setting]) -> str:
    if index >= len(sentences):
        setting = settings[index - len(sentences)]
        return setting.value.shown if setting.value is not None else setting.named.shown if setting.named else ""
    st = sentences[index].statement
    if dim == "stance":
        return f"“{clip(st.text.strip(), QUOTE)}”"
    if dim.startswith("named "):
        return next((n.shown for n in st.named), "")
    value = next((v for v in st.values if v.dimension == dim), None)
    return shown(value) if value is not None else ""


def _disagreement(
    sources: frozenset[int],
    kinds: set[str],
    values: dict[int, list[str]],
    keys: dict[int, list[Key]],
    sentences: Sequence[Sentence],
    settings: Sequence[Setting],
    file_link: Callable[[str], str],
) -> tuple[str, Disagreement]:
    stated: list[tuple[Stated, str, tuple[Key, ...]]] = []
    for n in sources:
        value = ", ".join(dict.fromkeys(values[n]))
        if n < len(sentences):
            s = sentences[n]
            stated.append((Stated(s.source, s.name, value, s.statement.text.strip(), s.link), s.owner, tuple(keys[n])))
        else:
            setting = settings[n - len(sentences)]
            name = f"`{clip(setting.code, 80)}`"
            quote = f"{setting.path}:{setting.line}: {setting.code}"
            stated.append((Stated("diff", name, value, quote, file_link(setting.path)), "", tuple(keys[n])))
    stated.sort(key=lambda t: (ORDER.get(t[0].source, 9), t[0].name))
    by_key: dict[tuple[Key, ...], list[int]] = {}
    for i, (_, _, key) in enumerate(stated):
        by_key.setdefault(key, []).append(i)
    owners = [o for _, o, _ in stated if o.startswith("page")] or [o for _, o, _ in stated if o]
    order = ("number", "unit", "negation", "modal", "named value")
    found = Disagreement(tuple(k for k in order if k in kinds), tuple(s for s, _, _ in stated), tuple(
        tuple(g) for g in by_key.values()))  # fmt: skip
    return (owners[0] if owners else "", found)

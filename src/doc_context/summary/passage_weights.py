"""Pure: how much each passage of the cited pages shares with the change.

A passage matches when it shares distinctive terms with the change (relevance/change_terms.py): each term weighs
what its source gives it (the diff's added lines most; what only the change's documentation, tests or import
lines give, DOCUMENTED of it when its code gives terms of its own: the change's docs copy the specification's guide
and examples, its code implements the rule; a docs-only or test-only change has nothing louder) times how rare it
is among the passages of every cited page (a phrase that most passages hold is the pages' topic and tells
nothing). A name the passage holds as an identifier and as a string counts once. A builtin exception the change
only raises or catches (`SyntaxError`, `IllegalArgumentException`: everyday, own_terms) weighs nothing: any file
raises one, so a page's "raises ``SyntaxError``" says nothing of this change; one it defines is its own name.

On a long page, the story's own sentences (its description and criteria) are a second query (story_match): a
passage the change speaks to that also says what one of the story's sentences says is what the change implements
(a story paraphrases its specification), so it gains up to STORY. The story alone never makes a passage match.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from doc_context.relevance.code_tokens import held as tokens_held
from doc_context.relevance.language import BUILTIN_EXCEPTIONS
from doc_context.relevance.terms import ASKED, ChangeTerms, Key, Terms
from doc_context.relevance.words import ident_parts, parts
from doc_context.summary.passage_kinds import page_topic

MATCH = 1.0  # a passage shows when its terms weigh this much: an identifier, a value or a string of the diff
PROSE_CAP = 0.7  # words side by side, however many pairs, weigh less than MATCH: alone they match nothing
RUNS_CAP = 2.0  # runs of words the diff's text shares with a passage, however many, weigh this at most
OVERLAP = 3  # rare words shared with one sentence a work item asks, at least, to count
WORD = 0.2  # what each of them weighs
COVERS = 0.6  # a passage holding this share of a sentence's words (rare ones) says what it asks
RARE_WORD = 0.5  # a word rare enough to count: in an eighth of the passages or fewer (see TOPIC)
TOPIC = 0.25  # a term in this share of the passages (or more) is the pages' topic: it weighs nothing
RARE = 2  # a term in this many passages or fewer weighs in full
SPREAD = 0.5  # beyond, a term in k times as many weighs 1/k**SPREAD (however long the pages: 8 times, half)
DOCUMENTED = 0.5  # what a term weighs when only the change's docs, tests or import lines give it (not its code)
SPREAD_WORDS = 0.25  # a single word shared with a criterion: by the share of passages holding it only
STORY = 1.0  # what a passage saying all of one of the story's sentences gains, when the change speaks to it too
STORY_WORDS = 2  # words of one sentence a passage must share with it, at least (one word is no sentence)


def weigh(
    found: Sequence[Terms],
    change: ChangeTerms,
    where: Sequence[tuple[int, str]] = (),
    held: Sequence[set[Key]] | None = None,
    introduces: Sequence[bool] = (),
    said: Sequence[Says] | None = None,
    defined: Sequence[set[Key]] = (),
) -> list[float]:
    """How much each passage shares with the change: each term it holds, by its weight and its rarity; and
    the rare words it shares with one sentence a work item asks (OVERLAP or more of them). `where`: each
    passage's page and section; a term in most sections of a page is that page's topic, and weighs nothing
    there (shared domain words tell no passage apart), save in the section introducing it (`introduces`: each
    passage that may, passage_kinds.page_topic); so are a criterion's words; `held`: each passage's terms
    (held_terms), when known; `said`: what each says of the work item's sentences (criteria_said), when known;
    `defined`: the one-word features each passage defines or introduces (code_tokens.defined), weighing in full
    there, however many passages name them after."""
    held = held_terms(found, change) if held is None else held
    said = criteria_said(found, change, where, introduces) if said is None else said
    scores = _weighed(held, held, change, where, introduces, defined)
    for i, sentences in enumerate(said):
        # most of what a criterion says is its rule (COVERS); fewer of its words weigh by how rare they are
        scores[i] += max((ASKED if covers else WORD * sum(shared.values()) for covers, shared in sentences), default=0)
    return scores


def weigh_lent(
    lent: Sequence[set[Key]],
    held: Sequence[set[Key]],
    change: ChangeTerms,
    where: Sequence[tuple[int, str]] = (),
    introduces: Sequence[bool] = (),
) -> list[float]:
    """What each passage's lent terms weigh (`lent`: terms of the change it does not hold, its heading's), each as
    weigh weighs a term a passage holds: by its source and its rarity among the passages' own terms (`held`), nothing
    in a section where its page holds it everywhere (page_topic)."""
    return _weighed(lent, held, change, where, introduces)


def _weighed(
    weighing: Sequence[set[Key]],
    held: Sequence[set[Key]],
    change: ChangeTerms,
    where: Sequence[tuple[int, str]],
    introduces: Sequence[bool],
    defined: Sequence[set[Key]] = (),
) -> list[float]:
    """What each passage's terms (`weighing`: its own, or those lent it) weigh: each by its source and its rarity
    among the passages' own terms (`held`), in full where the passage defines it (`defined`), nothing in a section
    where its page holds it everywhere (page_topic): weigh's and weigh_lent's one reading."""
    df = Counter(key for keys in held for key in keys)
    n = max(len(held), 1)
    topic = page_topic(held, where, introduces)
    own = list(defined) or [set()] * len(weighing)

    def rare(i: int, key: Key) -> float:
        return 1.0 if key in own[i] else rarity(df[key], n, SPREAD)

    return [
        _score({k: _weight(change, k) * rare(i, k) for k in keys if k not in topic.get(i, ())})
        for i, keys in enumerate(weighing)
    ]


Says = list[tuple[bool, dict[str, float]]]  # for each work item's sentence a passage says: whether most, the words


def criteria_said(
    found: Sequence[Terms], change: ChangeTerms, where: Sequence[tuple[int, str]] = (), introduces: Sequence[bool] = ()
) -> list[Says]:
    """What each passage says of each sentence a work item asks (`found`, `where`, `introduces`: as weigh takes
    them): for each sentence it shares OVERLAP or more rare words with (its page's topic aside), whether it holds
    COVERS of the sentence's words, and the words it shares, each by how rare it is."""
    if not change.asked:
        return [[] for _ in found]
    n = max(len(found), 1)
    word_df = Counter(w for terms in found for w in terms.words)
    topic_words = page_topic([set(terms.words) for terms in found], where, introduces)
    out: list[Says] = []
    for i, terms in enumerate(found):
        own = terms.words - topic_words.get(i, set())
        said: Says = []
        for sentence in change.asked:
            shared = {w: r for w in own & sentence if (r := rarity(word_df[w], n, SPREAD_WORDS)) >= RARE_WORD}
            if len(shared) >= min(OVERLAP, max(2, len(sentence) // 2)):
                said.append((len(shared) >= COVERS * len(sentence), shared))
        out.append(said)
    return out


def criteria_words(said: Sequence[Says]) -> list[set[Key]]:
    """Each passage's words by which it says a sentence a work item asks (criteria_said's `said`), as terms ("word",
    (w,)): what its match counts besides the change's terms, so a long page's novelty (speaks.novel) counts them."""
    return [{("word", (w,)) for _, shared in sentences for w in shared} for sentences in said]


def _weight(change: ChangeTerms, key: Key) -> float:
    """A term's weight: what its source gives it, DOCUMENTED of it when only the change's documentation, tests or
    import lines give it (an example of the guide the change's docs copy says less than a name its code has), or
    when the change carries it (relevance/carried.py: its deleted lines hold it as often, it was there before)."""
    return change.weights[key] * (DOCUMENTED if key in change.documented or key in change.carried else 1.0)


def _score(weights: dict[Key, float]) -> float:
    """The terms' weights added up, each name once (_distinct); words side by side (prose, not an identifier)
    together below MATCH, and runs of words the diff's text shares with the passage (it quotes the page) together
    RUNS_CAP at most: a long passage the change's documentation copies is no more the change's than a short rule
    it implements."""
    weights = _distinct(weights)
    prose = sum(w for (kind, _), w in weights.items() if kind == "phrase")
    runs = sum(w for (kind, _), w in weights.items() if kind == "run")
    return sum(weights.values()) - prose - runs + min(prose, PROSE_CAP) + min(runs, RUNS_CAP)


def _distinct(weights: dict[Key, float]) -> dict[Key, float]:
    """The terms, a name the passage holds as an identifier and as a string once (`trim-paths`, trim_paths): the
    heavier of them, so a passage holding three names outweighs one holding two, each twice."""
    best: dict[tuple[str, ...], Key] = {}
    for key in sorted(weights, key=lambda k: (-weights[k], k)):
        if key[0] in ("ident", "string"):
            best.setdefault(tuple(parts(key[1][0])) if key[0] == "string" else key[1], key)
    kept = set(best.values())
    return {k: w for k, w in weights.items() if k[0] not in ("ident", "string") or k in kept}


def rare_word(df: int, n: int) -> bool:
    """Whether a single word held by `df` of `n` passages is rare enough to count (RARE_WORD): a criterion's word
    shared with a passage, a word of the change's code a passage says (passage_words.py)."""
    return rarity(df, n, SPREAD_WORDS) >= RARE_WORD


def rarity(df: int, n: int, spread: float = 0.5) -> float:
    """1 for a term in RARE passages or fewer, less the more passages hold it (of long pages too: k times RARE,
    1/k**spread), 0 from TOPIC."""
    if df <= RARE:
        return 1.0
    return max(0.0, min(1.0 - (df / n) / TOPIC, float((RARE / df) ** spread)))


def held_terms(found: Sequence[Terms], change: ChangeTerms) -> list[set[Key]]:
    """The change's terms each passage holds."""
    return [_held(terms, change) for terms in found]


def held_with_tokens(found: Sequence[Terms], texts: Sequence[str], change: ChangeTerms) -> list[set[Key]]:
    """The change's terms each text holds (held_terms; `found`: each text's terms), the page's code tokens it names
    among them (relevance/code_tokens.held)."""
    held = held_terms(found, change)
    return [keys | tokens_held(text, change.tokens) for keys, text in zip(held, texts, strict=True)]


def own_terms(held: Sequence[set[Key]], change: ChangeTerms) -> list[set[Key]]:
    """Each passage's terms (held_terms) but the builtin exceptions the change only raises or catches (everyday):
    what a passage's match weighs."""
    return [{key for key in keys if not everyday(key, change)} for keys in held]


def everyday(key: Key, change: ChangeTerms) -> bool:
    """Whether a term is a builtin exception's name (relevance/language.BUILTIN_EXCEPTIONS: `SyntaxError`,
    `IllegalArgumentException`, `ArgumentNullException`, `RangeError`) that the change does not define anew
    (ChangeTerms.defines): any file raises or catches it, so a page's "raises ``SyntaxError``" says nothing of this
    change. An exception the change defines (`class LedgerMismatchError(ValueError)`) is its own name."""
    kind, term = key
    return kind in ("ident", "phrase") and term in _EVERYDAY and term not in change.defines


_EVERYDAY = frozenset(tuple(found) for name in BUILTIN_EXCEPTIONS for found in ident_parts(name))


def _held(terms: Terms, change: ChangeTerms) -> set[Key]:
    """The change's terms the passage holds, looked up from the passage's side (its runs of words, its values,
    the strings that start with one of its words): a change may have thousands of terms, a passage a few."""
    index = change.index()
    seq = terms.sequence
    keys: set[Key] = set()
    for length in index.lengths:
        for i in range(len(seq) - length + 1):
            keys.update(index.phrases.get(seq[i : i + length], ()))
    for phrase in terms.phrases:  # identifiers as written (`to_cents`), their short parts included
        keys.update(index.phrases.get(phrase, ()))
    for number, unit in terms.values:
        keys.update(k for k in index.values.get(number, ()) if k[1][1] == unit or not unit or not k[1][1])
    text = next(iter(terms.strings), "")
    for word in set(re.findall(r"\w+", text)):
        for key in index.strings.get(word, ()):
            if re.search(rf"(?<!\w){re.escape(key[1][0])}(?!\w)", text):
                keys.add(key)
    return keys


def story_match(
    words: Sequence[frozenset[str]], where: Sequence[tuple[int, str]], story: Sequence[frozenset[str]]
) -> list[float]:
    """How much of one of the story's sentences (`story`: each sentence's words) each passage (`words`: its words)
    says, 0 to 1: the share of the sentence's words it holds, each word weighed by how rare it is on the passage's
    page (`where`: each passage's page and section; log(1 + n / df) of its n passages, a word the page never holds
    as rare as can be), the best sentence's; 0 when it shares fewer than STORY_WORDS of a sentence's words."""
    pages: dict[int, list[int]] = {}
    for i, (page, _) in enumerate(where):
        pages.setdefault(page, []).append(i)
    out = [0.0] * len(words)
    for members in pages.values():
        df = Counter(w for i in members for w in words[i])
        rare = math.log(1 + len(members))
        idf = {w: math.log(1 + len(members) / c) for w, c in df.items()}
        for sentence in story:
            total = sum(idf.get(w, rare) for w in sentence)
            known = [w for w in sentence if w in idf]
            if len(known) < STORY_WORDS:
                continue
            for i in members:
                shared = [w for w in known if w in words[i]]
                if len(shared) >= STORY_WORDS:
                    out[i] = max(out[i], sum(idf[w] for w in shared) / total)
    return out

"""Pure: the one rule for what is everywhere, so carries no weight on its own (summary/evidence.py needs a term that
sets the criterion apart): how far one criterion's term is the whole change's (relevance/change_wide.py: its words
and its own names), the work item's topic, or another criterion's.

- The work item's topic: its title's words, and the words most of its criteria share (item_topic).
- Another's: a phrase another of the pull request's work items says too; code another criterion names.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import NamedTuple

from doc_context.relevance.change_wide import ChangeWide, squashed
from doc_context.relevance.criterion_terms import COMMON, Term, criterion_terms
from doc_context.relevance.names import qualified
from doc_context.relevance.words import parts

ITEM_SHARE, MIN_CRITERIA = 0.5, 3  # words that half of a work item's criteria (three or more) say: its topic
_JOINTS = re.compile(r"[A-Za-z0-9][_-][A-Za-z0-9]")  # snake_case, kebab-case: a name spelled as code


class Level(NamedTuple):
    """What a term weighs of its weight towards ENOUGH, and whether it can set the criterion apart."""

    share: float
    apart: bool


APART = Level(1.0, True)
SHARED = Level(0.5, True)  # another criterion of the work item has it too: it sets this one apart from the rest
TOPIC = Level(0.5, False)
EVERYWHERE = Level(0.0, False)


class Everywhere:
    """How far one criterion's term is everywhere: EVERYWHERE when all its uncommon words are the change's or the
    work item's (`topic`; code it names of several words, only when half the item's criteria name it, else SHARED);
    TOPIC when it is in most of the code files (Topics) or, a phrase, said by another work item (`elsewhere`): it
    weighs half and never alone; else APART, a term that can set the criterion apart."""

    def __init__(
        self,
        change: ChangeWide,
        topic: frozenset[str],
        elsewhere: Sequence[str],
        siblings: Sequence[str] = (),
        title: str = "",
        criterion: str = "",
    ) -> None:
        self.change, self.topic = change, topic
        self.said = [w for w in parts(criterion) if w not in COMMON]  # what its subject is read in (ChangeWide.subject)
        self.elsewhere = [tuple(parts(text)) for text in elsewhere]
        terms = [t for text in siblings for t in criterion_terms(text).terms]
        self.siblings = frozenset((t.kind, t.parts) for t in terms)
        self.sibling_names = [q for t in terms if t.kind == "ident" and t.named and (q := _qualified(t.label))]
        self.sibling_labels = tuple(dict.fromkeys(t.label for t in terms if t.kind == "ident" and t.named))
        self.sibling_runs = {t.parts: t.label for t in terms if t.kind == "ident" and t.named and len(t.parts) > 1}
        self._sayings = [*siblings, title] if title else list(siblings)  # the item's others, as item_topic reads it

    def __call__(self, term: Term, *, off_names: bool = False) -> Level:
        """The term's level; `off_names`: on lines that write none of the neighbours' names it is a part of."""
        said = parts(term.parts[0]) if term.kind == "quoted" else []
        if said and all(w in self.change.own for w in said):
            return EVERYWHERE  # `attr.s`, where the package is attr
        if term.kind not in ("word", "phrase", "ident"):
            return SHARED if (term.kind, term.parts) in self.siblings else APART
        uncommon = [w for w in term.parts if w not in COMMON] or list(term.parts)
        if term.kind == "ident":  # code the criterion writes is everywhere only when it is names and topic
            named = list(term.parts) if _spelled_as_code(term, self.change.own) else uncommon  # `required_providers`
            if all(w in self.change.own for w in named) or "".join(term.parts) in self.change.own:
                return EVERYWHERE  # GitHub, where the package is get-github-info
            if squashed(term.label) in self.change.spelled:
                return EVERYWHERE  # `EqualsVerifier`, where the repository is equalsverifier
            if all(w in self.topic or w in self.change.own for w in named):
                return EVERYWHERE if self._item_names(term.parts) else SHARED  # `ArrayHelpers`, named by half
            return SHARED if (term.kind, term.parts) in self.siblings or self._named_by_a_sibling(term) else APART
        if self._everywhere(uncommon, all):
            return EVERYWHERE
        if term.kind == "phrase" and len([w for w in uncommon if w not in self.change.names]) < len(uncommon) <= 2:
            return EVERYWHERE  # "Orbit shipments": OrbitShipment, where every name starts with Orbit, is a shipment
        if not self.change.small and self.change.topics(term):  # too many lines to count: most code files
            return TOPIC
        if not off_names and self.in_siblings_names(term):
            return TOPIC  # "legacy parameter tokens" beside `SupportLegacyParameterTokens`: the story's subject
        if self._said_by_a_sibling(term):
            return SHARED
        n = len(term.parts)
        if term.kind == "phrase" and any(
            words[i : i + n] in (term.parts, term.parts[::-1]) for words in self.elsewhere for i in range(len(words))
        ):
            return TOPIC
        return APART

    def _item_names(self, run: tuple[str, ...]) -> bool:
        """Whether half the item's sayings (its criteria and its title, three or more, this criterion among them, as
        item_topic counts them) name the code, its words in a row: a name of several words is the item's topic only
        so, never for its words said apart (`getConnectorClient` in a story whose every criterion speaks of
        connectors and clients)."""
        if len(run) < 2:
            return True
        said = 1 + sum(_within(run, words) for words in self._said)
        return 1 + len(self._said) >= MIN_CRITERIA and said >= ITEM_SHARE * (1 + len(self._said))

    @cached_property
    def _said(self) -> list[tuple[str, ...]]:
        """What the item's other criteria and its title say, word by word (read only for a name of the topic's
        words)."""
        return [tuple(parts(text)) for text in self._sayings]

    def _said_by_a_sibling(self, term: Term) -> bool:
        """Whether another criterion of the work item has the term too: it sets neither apart."""
        return any((kind, run) in self.siblings for kind in ("word", "phrase", "ident") for run in _runs(term))

    def in_siblings_names(self, term: Term) -> tuple[str, ...]:
        """The code other criteria name of which a phrase or a word of the prose names a part, less than all of it
        ("legacy parameter tokens" beside `SupportLegacyParameterTokens`): that code is the other one's, and the
        story's subject: on a line writing it, the term never sets this criterion apart; elsewhere ("retry attempt"
        in a log line, beside `MaxRetryAttempts`) it is the term it is (summary/evidence_claims.off_names)."""
        if term.kind not in ("word", "phrase"):
            return ()
        return tuple(
            label
            for name, label in self.sibling_runs.items()
            if any(len(run) < len(name) and _within(run, name) for run in _runs(term))
        )

    def _named_by_a_sibling(self, term: Term) -> bool:
        """Whether another criterion names the same code, whole or as a part of its qualified name (`NavigationManager`
        beside `NavigationManager.NavigateTo`): the story's topic, not this criterion's."""
        mine = _qualified(term.label)
        return bool(mine) and term.named and any(_within(mine, n) for n in self.sibling_names)

    def partly(self, term: Term) -> bool:
        """Whether some of a phrase's words are everywhere: "captured amount" where every line has an amount
        counts as one identifier only (captured_amount), as a phrase with a common word does."""
        return self._everywhere([w for w in term.parts if w not in COMMON], any)

    def _everywhere(self, words: Sequence[str], quantifier: Callable[[Iterable[bool]], bool]) -> bool:
        """Whether all (or any) of a term's words are the work item's topic or everywhere in the change, the
        criterion's subject aside (the words in most of the change's lines it says, when one name the change defines
        holds them all: ChangeWide.subject)."""
        return quantifier(w in self.topic or (self.change.word(w) and w not in self.subject) for w in words)

    @cached_property
    def subject(self) -> frozenset[str]:
        """The criterion's words in most of the change's lines that are the change's subject (ChangeWide.subject)."""
        return self.change.subject(self.said, self.topic)


def _spelled_as_code(term: Term, own: frozenset[str]) -> bool:
    """Whether named code is spelled as code only (`_` or `-` joints: `required_providers`, `max-sessions`), never as a
    product's name in prose (GitHub, ApplicationInsights), and none of its words the project's own: its common words are
    part of the name too, so it is the topic only when all its words are."""
    return term.named and len(term.parts) > 1 and _JOINTS.search(term.label) is not None and own.isdisjoint(term.parts)


def _within(part: tuple[str, ...], name: tuple[str, ...]) -> bool:
    return any(name[i : i + len(part)] == part for i in range(len(name) - len(part) + 1))


def _qualified(label: str) -> tuple[str, ...]:
    return tuple(p.lower() for p in qualified(label))


def _runs(term: Term) -> list[tuple[str, ...]]:
    return [term.parts, term.parts[::-1]] if term.kind == "phrase" else [term.parts]


def item_topic(criteria: Sequence[str], title: str = "") -> frozenset[str]:
    """What a work item is about: the words that half or more of its criteria and its title say (three or more
    of them): "refund" in a story's title "Partial refunds follow the refund policy" and its criteria."""
    said = [frozenset(parts(c)) for c in criteria] + ([frozenset(parts(title))] if title else [])
    counts = Counter(w for words in said for w in words)
    return frozenset(w for w, n in counts.items() if len(said) >= MIN_CRITERIA and n >= ITEM_SHARE * len(said))

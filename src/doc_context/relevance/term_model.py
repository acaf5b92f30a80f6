"""Pure: a criterion's terms as data, what relevance/criterion_terms.py reads a criterion into and summary/evidence*.py
weighs: each term's kind (criterion_terms.py's docstring says what each is), its words, its weight (STRONG: enough
alone; WEAK: needs another beside it in the same file) and its label as the criterion writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal[
    "ident",
    "path",
    "quoted",
    "value",
    "phrase",
    "word",
    "format",
    "change",
    "command",
    "component",
    "release",
    "platform",
    "prose",
]
STRONG, WEAK = 2, 1


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
    syntax: bool = False  # a span of a language's keywords (`import static`): only on a line writing another term


@dataclass(frozen=True)
class CriterionTerms:
    terms: tuple[Term, ...]
    removal: bool  # about removing something: the diff's deleted lines count too
    words: tuple[str, ...]  # its content words in order: a diff line repeating most of them copies it, not evidence
    tests: bool = False  # about tests ("Unit tests cover each tier"), not "to test" something: test files say it
    common_pairs: tuple[Term, ...] = ()  # two common words side by side in its prose ("access log"), as written
    moving: bool = False  # about moving something: the deleted lines count for the code it names (Term.named) only
    replacing: bool = False  # about replacing code: the deleted lines rewritten in place count for the code it names
    samples: frozenset[str] = frozenset()  # the samples it speaks of ("The Flask example shows"): such a file says it

    @property
    def specific(self) -> bool:
        return any(t.weight for t in self.terms)

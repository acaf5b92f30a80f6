"""Pure: how the terms found on a file's lines add up, and what else tells a file in or out (for
summary/evidence.py and summary/evidence_file.py): weak terms count together only within NEAR lines (together); the
labels shown, strongest first, each saying a word the ones before did not (shortest); a file's name holding one of
the criterion's phrases (carried), a criterion naming a file the change leaves alone (labels_another_file); the
lines that repeat the work item's own sentences (pasted).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.change.index import FileWords
from doc_context.change.model import DiffFile
from doc_context.relevance.criterion_terms import Term
from doc_context.relevance.file_kinds import is_config
from doc_context.relevance.words import parts

NEAR, NEAR_CONFIG = 0, 1  # lines apart at most, weak terms that count together: one line (two rare words on
# neighbouring lines are two things said, in an unrelated change as often); in configuration, a key and its parent
ECHO_SHARE, ECHO_MIN_WORDS = 0.9, 4  # of a work item sentence's words, in its order, on one documentation line
_LABEL = re.compile(r"\s*`?((?:[\w.-]+/)*[\w-]+\.[a-z]{1,4})`?\s*:\s")  # a file named first, as a label


def together(near: Sequence[tuple[float, set[tuple[int, int]]]], path: str = "") -> float:
    """What weak terms weigh together in a file: the most that sit within NEAR lines of one another (one line; a key
    and the one it nests in, in configuration), each counted once: words scattered over a file describe no one
    thing."""
    best, reach = 0.0, NEAR_CONFIG if is_config(path) else NEAR
    for side, line in {at for _, where in near for at in where}:
        close = sum(w for w, where in near if any(s == side and abs(n - line) <= reach for s, n in where))
        best = max(best, close)
    return best


def name_carries(path: str, phrases: Sequence[Term]) -> bool:
    """Whether the file's name holds one of the phrases: confirmation_email.py, ledger/export.py."""
    return carried(path, phrases) is not None


def carried(path: str, phrases: Sequence[Term]) -> Term | None:
    """The first of the phrases the file's name holds, if any."""
    name = tuple(parts(path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path))
    pairs = {name[i : i + 2] for i in range(len(name) - 1)}
    return next((t for t in phrases if t.parts in pairs or t.parts[::-1] in pairs), None)


def pasted(lines: FileWords, own: Sequence[Sequence[str]]) -> set[int]:
    """Lines repeating nearly all of one of the work item's sentences, word for word: its own text, pasted
    (a paraphrase, as documentation writes one, keeps its own words)."""
    found = set()
    for i, text in enumerate(lines.texts):
        line = plain(text)
        if any(in_order(sentence, line) >= ECHO_SHARE * len(sentence) for sentence in own):
            found.add(i)
    return found


def plain(text: str) -> tuple[str, ...]:
    """Every word of a text, lower case, in order."""
    return tuple(re.findall(r"[a-z0-9]+", text.lower()))


def in_order(sentence: Sequence[str], line: Sequence[str]) -> int:
    """How many of the sentence's words the line has in the same order (greedily)."""
    count, at = 0, 0
    for word in line:
        if word in sentence[at:]:
            at = sentence.index(word, at) + 1
            count += 1
    return count


def labels_another_file(criterion: str, files: Sequence[DiffFile]) -> bool:
    """Whether the criterion begins by naming the file it is about, and the change leaves that file alone
    (terraform-provider-kubernetes: "`manifest/provider/apply.go`: update flow in `wait` block ..."): what it
    says is that file's, wherever else the change writes its words."""
    label = _LABEL.match(criterion)
    return label is not None and not any(names(f.path, label[1].lower()) for f in files)


def names(path: str, named: str) -> bool:
    """Whether a criterion's `checkout/totals.py` names this file ("/src/checkout/totals.py")."""
    lowered = path.lower()
    return lowered.endswith("/" + named) or lowered == "/" + named


def shortest(telling: Sequence[tuple[float, str, frozenset[str]]]) -> tuple[str, ...]:
    """The labels of the terms that set a criterion apart, strongest first, each saying a word the ones before
    it did not ("gift wrap", never then "storefront gift wrap" too)."""
    said: set[str] = set()
    kept = []
    for _, label, own_words in sorted(telling, key=lambda t: -t[0]):
        if label not in kept and (not own_words or not own_words <= said):
            kept.append(label)
            said |= own_words
    return tuple(kept)

"""Pure: which of a criterion's terms are what the whole change is about rather than what the criterion asks
(summary/evidence.py weighs those half, TOPIC): a word or phrase in most of the pull request's code files, or a
phrase another of its linked work items says too; and which files are documentation or configuration.
"""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.summary.criterion_terms import WEAK, Term, parts
from doc_context.summary.diffindex import DiffIndex

TOPIC_SHARE, TOPIC_FILES = 0.5, 3  # "most": half of the code files with added lines, and at least three
DOC_EXTENSIONS = frozenset({"md", "markdown", "txt", "rst", "adoc", ""})
CONFIG_EXTENSIONS = frozenset({"yaml", "yml", "json", "toml", "ini", "cfg", "conf", "properties", "env", "config"})


class Topics:
    """Whether a word or phrase is in most of the code files with added lines: what the whole change is about.
    (Documentation is left out of the count: it mentions everything the change does, and pasted criteria.)"""

    def __init__(self, index: DiffIndex) -> None:
        self.index = index
        self.code = frozenset(n for n, f in enumerate(index.diff.files) if len(f.added) and not is_doc(f.path))
        self._known: dict[tuple[str, ...], bool] = {}

    def __call__(self, term: Term) -> bool:
        if term.kind not in ("word", "phrase"):
            return False
        words = term.parts
        if words not in self._known:
            if len(words) > 1 and all(self(Term("word", (w,), WEAK, w)) for w in words):
                self._known[words] = True  # "retry in the payments", where every file retries payments
            else:
                used = len(self.code.intersection(self.index.candidates("added", words)))
                self._known[words] = used >= TOPIC_FILES and used >= TOPIC_SHARE * len(self.code)
        return self._known[words]


class Shared:
    """Whether a term is the change's topic: in most of its code files, or (a phrase) said by another of the pull
    request's work items too ("the ledger export", when the bug and the spike beside the story speak of it)."""

    def __init__(self, topics: Topics, elsewhere: Sequence[str]) -> None:
        self.topics = topics
        self.elsewhere = [tuple(parts(text)) for text in elsewhere]

    def __call__(self, term: Term) -> bool:
        if self.topics(term):
            return True
        if term.kind != "phrase":
            return False
        n = len(term.parts)
        return any(
            words[i : i + n] in (term.parts, term.parts[::-1]) for words in self.elsewhere for i in range(len(words))
        )


def is_doc(path: str) -> bool:
    return extension(path) in DOC_EXTENSIONS


def is_config(path: str) -> bool:
    return extension(path) in CONFIG_EXTENSIONS


def extension(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[1].lower() if "." in name else ""

"""Pure: which of the changed files a text speaks to ("Touches:"), precisely, and when saying so tells something.

A file is named by its stem (`split_tender.py` -> split, tender) and, less, by its directories
(generic ones such as src, tests, docs never count). A text touches a file when it mentions the
file itself (`split_tender.py`, `payments/giftcard.py`, `checkout.totals`), or when it uses the
whole stem: every word of it, a multi-word stem as a phrase or identifier ("gift cards",
`gift_card`), a one-word stem also spelled apart ("gift card" for giftcard). Words are weighted
by their rarity across the changed files and how often the text uses them; of the files found by
stem, only those scoring at least RATIO of the best are kept, so a passing mention of a common
word does not list half the pull request.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from doc_context.change.model import FileEvidence
from doc_context.models import ChangedFile
from doc_context.relevance import file_kinds
from doc_context.relevance.criterion_terms import COMMON, CriterionTerms
from doc_context.relevance.line_terms import vendored
from doc_context.relevance.words import PATH_NOISE, path_tokens, words
from doc_context.summary.evidence_weights import names
from doc_context.summary.tokens import identifiers

RATIO = 0.4
MAX_SHARE = 0.5  # a text that speaks to half of the changed code files or more singles none out
DIR_WEIGHT = 0.5
_TEST_AFFIXES = frozenset({"test", "tests", "spec", "specs"})
_TEST_DIRS = frozenset({"test", "tests", "spec", "specs", "__tests__", "testing"})
_NEVER_NAME = re.compile(  # licences, marker files, changelogs, lock files and generated code: no text is about them
    r"^(?:licen[cs]e|copying|notice|patents)(?:-(?:mit|apache|bsd|gpl|lgpl|mpl)[\w.-]*|\.(?:md|txt|rst))?$"
    r"|^(?:py\.typed|__main__\.py|\.gitkeep|\.keep)$"
    r"|^(?:changes|changelog|history|news|release[_-]?notes)(?:\.(?:md|txt|rst|adoc))?$"
    r"|^(?:go\.sum|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|cargo\.lock|poetry\.lock|uv\.lock|package\.resolved)$"
    r"|^zz_generated\.|[._-]generated\.|_pb2(?:_grpc)?\.py$|\.pb\.go$|\.g\.cs$|\.designer\.cs$|\.min\.(?:js|css)$",
    re.IGNORECASE,
)
_TEST_NAME = re.compile(r"^(?i:tests?)(?:[_.-]|$)|[_.-](?:tests?|spec)(?:\.|$)|[a-z0-9](?:Tests?|Spec)\.")


@dataclass(frozen=True)
class _File:
    path: str
    stem: tuple[str, ...]  # the words of the file name, in order
    dirs: frozenset[str]  # distinctive directory words
    names: tuple[str, ...]  # literal spellings: "split_tender.py", "payments/split_tender", "checkout.totals"


def related_files(changed: Iterable[ChangedFile], text: str) -> tuple[str, ...]:
    """The changed paths the text speaks to, most related first (ties by path)."""
    files = [_describe(c.path) for c in changed]
    if not files or not text.strip():
        return ()
    idf = _rarity(files)
    found = _vocabulary(text)
    literal = _mentioned(files, text)
    scores = {f.path: _score(f, found, idf) for f in files}
    best = max(scores.values(), default=0.0)
    keep = {p for p, s in scores.items() if s > 0 and s >= RATIO * best} | literal
    return tuple(sorted(keep, key=lambda p: (-scores[p] - (best if p in literal else 0), p)))


def touches(changed: Sequence[ChangedFile], text: str) -> tuple[str, ...]:
    """The changed files worth naming under a text: those it speaks to, tests left out (a test goes with its
    code) and files no text is about (never_touched), and none when it speaks to more than half of the changed
    code (every page about the feature would list the same files; that tells the reviewer nothing)."""
    code = [c for c in changed if not is_test(c.path) and not never_touched(c.path)]
    found = list(related_files(code, text))
    return tuple(found) if found and (len(found) == 1 or len(found) < MAX_SHARE * len(code)) else ()


def page_touches(changed: Sequence[ChangedFile], page: str, quoted: str) -> tuple[str, ...]:
    """The changed files a page speaks to (touches, on the whole page), none when nothing of it is quoted: a
    page the change does not speak to names no file, however many of the change's words it holds."""
    return touches(changed, page) if quoted.strip() else ()


def never_touched(path: str) -> bool:
    """A file no text is about: a licence, a marker (py.typed, __main__.py), a changelog (CHANGES.md, NEWS: every
    change edits it), a lock file, vendored or generated
    code (line_terms.vendored, the one rule for it: vendor/, third_party/; zz_generated.*, *_pb2.py, a generated/
    folder...). A domain's own Vendor/ or app/models/vendor/ is the project's code."""
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    generated = any(p.lower() == "generated" for p in parts[:-1])
    return bool(parts) and (bool(_NEVER_NAME.search(parts[-1])) or generated or vendored("/".join(parts)))


def is_test(path: str) -> bool:
    """A test file: what the evidence reads as one (relevance/file_kinds: a .NET test project's folder too), or
    under a testing/ folder, or named test-x, x-spec."""
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    if file_kinds.is_test("/".join(parts)):
        return True
    if any(p.lower() in _TEST_DIRS for p in parts[:-1]):
        return True
    name = parts[-1] if parts else ""
    return bool(_TEST_NAME.search(name))


def _describe(path: str) -> _File:
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    name = parts[-1] if parts else path
    base = name.split(".")[0] or name
    stem = [w for w in words(base) if w not in _TEST_AFFIXES and w not in PATH_NOISE]
    dirs = frozenset(w for d in parts[:-1] for w in words(d) if w not in PATH_NOISE and w not in _TEST_AFFIXES)
    if not stem and parts[:-1]:
        stem = [w for w in words(parts[-2]) if w not in PATH_NOISE]  # __init__.py, index.ts: the package
    return _File(path, tuple(stem), dirs, _spellings(parts, base))


def _spellings(parts: list[str], base: str) -> tuple[str, ...]:
    """Ways a text names the file itself; a bare stem counts only with its extension or its folder."""
    out = {parts[-1].lower()} if "." in parts[-1] else set()
    if len(parts) >= 2 and parts[-2].lower() not in PATH_NOISE:
        for sep in ("/", "."):
            out.add(f"{parts[-2]}{sep}{base}".lower())
    return tuple(sorted(s for s in out if len(s) >= 5))


def _mentioned(files: Sequence[_File], text: str) -> set[str]:
    lowered = text.lower()
    return {
        f.path
        for f in files
        if any(name in lowered and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", lowered) for name in f.names)
    }


def _vocabulary(text: str) -> Counter[str]:
    """Words, identifiers, and adjacent words joined ("gift_card") and run together ("giftcard")."""
    found = Counter(words(text))
    found.update(identifiers(text))
    for line in text.splitlines():
        run = words(line)
        found.update("_".join(run[i : i + 2]) for i in range(len(run) - 1))
        found.update("_".join(run[i : i + 3]) for i in range(len(run) - 2))
        found.update(run[i] + run[i + 1] for i in range(len(run) - 1))
    return found


def _rarity(files: Sequence[_File]) -> dict[str, float]:
    """Inverse document frequency of each stem and directory word across the changed files."""
    counts: Counter[str] = Counter()
    for f in files:
        counts.update(set(f.stem) | f.dirs)
    return {w: math.log(1 + len(files) / n) for w, n in counts.items()}


def _score(f: _File, found: Counter[str], idf: dict[str, float]) -> float:
    """0 unless the text uses the whole stem; then the stem's and directories' words, rarity-weighted."""
    if not f.stem:
        return 0.0
    whole = "_".join(f.stem)
    uses = found[whole] if len(f.stem) > 1 else found[f.stem[0]]
    if not uses:
        return 0.0
    score = sum(idf[w] * (1 + math.log(max(found[w], uses))) for w in f.stem)
    return score + sum(DIR_WEIGHT * idf[w] for w in f.dirs if found[w])


def by_name(terms: CriterionTerms, criterion: str, changed: Sequence[ChangedFile]) -> tuple[FileEvidence, ...]:
    """A criterion's evidence without the diff (summary/evidence.py): the changed files the criterion names, or whose
    names carry its uncommon words."""
    specific = {w for t in terms.terms if t.kind != "value" for w in t.parts} - COMMON
    named = {c.path for c in changed for t in terms.terms if t.kind == "path" and names(c.path, t.parts[0])}
    related = {p for p in related_files(changed, criterion) if path_tokens(p) & specific}
    return tuple(FileEvidence(p) for p in sorted(named | related))

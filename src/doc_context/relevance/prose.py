"""Pure: the plain words of a sentence, as prose says them: a changelog entry or a criterion, and a sentence a change
writes (a test's description, a message, a comment) alike (summary/evidence_prose.py compares the two).

    prose_words("Missing API key: pass `apiKey` (see ACME.Config)")      # ("miss", "api", "key", "pass")

A word is a run of letters of any script (Rückerstattung, échéance), hyphens or an apostrophe inside it (`write-only`,
`don't`), in backticks or not, read as relevance/words.parts reads words. Not prose: a name (`apiKey`,
`Microsoft.Azure.Functions`, `policy_set`, `{expiry}`), a handle (@natalie-todd), an address, and a run of words in
capitals ("EXPERIMENTAL, SUBJECT TO CHANGE"): emphasis, a legal note said alike of many changes (an acronym alone, API
or BETA, is a word).
"""

from __future__ import annotations

import itertools
import re

from doc_context.relevance.words import parts

_TOKEN = re.compile(r"\S+")
_SPAN = re.compile(r"`([^`\n]*)`")
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")  # letters of any script: Rückerstattung, l'échéance
_EDGES = "\"'`()[]{}<>,.;:!?*_\u201c\u201d\u2018\u2019"


def prose_words(text: str) -> tuple[str, ...]:
    """The sentence's plain words in order, as relevance/words.parts reads them."""
    text = _SPAN.sub(lambda m: f" {m.group(1)} " if _WORD.fullmatch(m.group(1)) else " ", text)  # `default`, a word
    tokens = [token for token in (raw.strip(_EDGES) for raw in _TOKEN.findall(text)) if not token.startswith("@")]
    plain = [token if _WORD.fullmatch(token) and not _camel(token) else "" for token in tokens]
    found: list[str] = []
    for i, token in enumerate(plain):
        if not token:
            continue
        beside = [plain[j] for j in (i - 1, i + 1) if 0 <= j < len(plain)]
        if _capitals(token) and any(_capitals(other) for other in beside if other):
            continue  # a run of capitals: emphasis
        found.extend(parts(token))
    return tuple(found)


def _camel(token: str) -> bool:
    """A lower-case letter then an upper-case one (apiKey, isEveryParameterOptional, zahlungsId): a name."""
    return any(a.islower() and b.isupper() for a, b in itertools.pairwise(token))


def _capitals(word: str) -> bool:
    """A word in capitals, of two letters or more before any hyphen or apostrophe (SUBJECT, ÜBERFÄLLIG, API)."""
    return word.isupper() and len(re.split(r"['\u2019-]", word, maxsplit=1)[0]) >= 2

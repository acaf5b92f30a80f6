"""Pure: the bridges between a criterion's words and a diff's identifiers, both ways, and what never bridges.

    joins(("server", "hostnam"), ("server", "host", "nam"))   # True: "server hostname" ~ server_host_name
    joins(("tim", "stamp"), ("timestamp",))                   # True: "time stamp" ~ timestamp
    words.expand("addr")                                      # "address": remote_addr ~ "remote address"

Words are compared as relevance/words.py reads them (stemmed and folded: "refunded", "refunds" and
`refund` are one word, "policies" and "policy" too). A run of words bridges to another when both spell the same
letters, part for part run together, a stem's dropped "e" aside (tim|e|stamp). Split or joined, a bridge needs
an uncommon word: "username" never meets user_name (two common words), and a common word alone never meets a
longer identifier that holds it ("name" is not `hostname`). A few abbreviations every codebase writes are their
words (addr, amt, qty, ...: words.expand): only those, never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.relevance.words import stem

MIN_SPLIT = 7  # letters of a word worth looking for as two joined words ("hostname" -> host, name)
MIN_HALF = 3
MAX_WINDOW = 4  # words of a diff line run together at most to meet one of the criterion's


def joins(run: Sequence[str], other: Sequence[str]) -> bool:
    """Whether two runs of words spell the same letters run together (a stem's dropped "e" at a joint aside),
    each way: ("server", "hostnam") and ("server", "host", "nam"); ("tim", "stamp") and ("timestamp",)."""
    if tuple(run) == tuple(other):
        return True
    a, b = "".join(run), "".join(other)
    if a == b:
        return True
    return _pattern(run).fullmatch(b) is not None or _pattern(other).fullmatch(a) is not None


def _pattern(run: Sequence[str]) -> re.Pattern[str]:
    return re.compile("e?".join(re.escape(w) for w in run))


def bridges(run: Sequence[str], window: Sequence[str], common: frozenset[str]) -> bool:
    """Whether a diff line's window of words meets the criterion's run as a bridge (joined or split, not word for
    word): each side holds an uncommon word, and a window of two or more words has one of more than MIN_HALF
    letters that is not common ("hostname" ~ host_name: host; "username" !~ user_name)."""
    if tuple(run) == tuple(window) or len(run) == len(window) == 1:
        return False
    if all(w in common for w in run) or all(w in common for w in window):
        return False
    return joins(run, window)


def splits(word: str, common: frozenset[str]) -> list[tuple[str, str]]:
    """The ways a long word might be two words joined ("hostnam": host + nam), as stems, for looking the
    halves up in the diff; never two common words (user + nam)."""
    if len(word) < MIN_SPLIT or word in common:
        return []
    found = []
    for at in range(MIN_HALF, len(word) - MIN_HALF + 1):
        head, tail = stem(word[:at]), stem(word[at:])
        if len(head) >= MIN_HALF and len(tail) >= MIN_HALF and not (head in common and tail in common):
            found.append((head, tail))
    return found

"""Pure: a name the criterion writes meeting a definition the change sits in (git's funcname, a definition line
above the changed lines: change/unified.py's scopes), as its words read.

    in_definition(parts("def round_money(amount):"), term("`round_money`"))                        # True
    in_definition(parts("async def _open_process("), term("`trio.lowlevel.open_process`"))           # True
    in_definition(parts("class MultipleAssertions < Base"), term("`Minitest/MultipleAssertions`"))   # True
    in_definition(parts("def exit(code):"), term("`Context.exit`"))                                  # False

The name's words in a row, or run together; a qualified name also by its last part (a module's function, a cop's
class, a type's member), when that part has two pieces or more: a one-piece member (`exit`, `stop`) is every type's.
"""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.relevance.criterion_terms import Term
from doc_context.relevance.names import qualified
from doc_context.relevance.words import parts, pieces


def in_definition(words: Sequence[str], term: Term) -> bool:
    """Whether a definition's words hold the name, or its last part when it is qualified and of two pieces or more."""
    found = qualified(term.label)
    last = found[-1] if len(found) > 1 and len(pieces(found[-1])) > 1 else ""
    return has_run(words, term.parts) or bool(last and has_run(words, parts(last)))


def has_run(words: Sequence[str], run: Sequence[str]) -> bool:
    """Whether the words hold the run in a row, or its words run together as one (`roundmoney`)."""
    joined = "".join(run)
    return joined in words or any(tuple(words[i : i + len(run)]) == tuple(run) for i in range(len(words)))

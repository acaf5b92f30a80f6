"""Pure: a name the criterion writes meeting a definition the change sits in (git's funcname, a definition line
above the changed lines: change/unified.py's scopes), as its words read.

    in_definition(parts("def round_money(amount):"), term("`round_money`"))                        # True
    in_definition(parts("async def _open_process("), term("`trio.lowlevel.open_process`"))           # True
    in_definition(parts("class MultipleAssertions < Base"), term("`Minitest/MultipleAssertions`"))   # True
    in_definition(parts("def exit(code):"), term("`Context.exit`"))                                  # False
    defines("  setItem: vi.fn((k, v) => {", "setItem")                                                # True
    defines("export const cartTotal = (items, country) =>", "cartTotal")                            # True
    defines("def update(self, stop=None):", "stop")                                                  # False
    defined("func (s *Suite) TestDefaultIsAnError() {")                                   # "TestDefaultIsAnError"

The name's words in a row, or run together; a qualified name also by its last part (a module's function, a cop's
class, a type's member), when that part has two pieces or more: a one-piece member (`exit`, `stop`) is every type's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.relevance.criterion_terms import Term
from doc_context.relevance.names import qualified
from doc_context.relevance.words import parts, pieces

_KEYWORDS = "def|func|function|fn|fun|sub|class|struct|interface|trait|enum|record|module|type"  # functions, types
_STATEMENTS = "return|yield|await|assert|raise|throw|defer|go|new|not|puts|print|if|else|case"  # no modifier or type:
# a statement calls or names what follows it (`return refresh_token()`, `defer cleanup()`, `raise InvoiceOverdue`)
_TYPE_PARAMETERS = r"(?:<[\w\s,.?\[\]]*(?:<[\w\s,.?\[\]]*>[\w\s,.?\[\]]*)*>)?"  # <T>, <K, List<V>>, never past a name
_DEFINITIONS = (  # {n}: the name. After a definition keyword (Go's receiver, Ruby's `self.` aside); an object's or
    # a hash's member; a signature: the name after its modifiers and type, or alone with its body's `{`, its type
    # parameters aside, its parameters closed (a return type or `throws` aside, then `{`, `=>` or the line's end),
    # open (wrapped), or none (a property)
    rf"(?<![\w.$])(?:{_KEYWORDS})\s+(?:self\.|\([^)]*\)\s*)?{{n}}\b",
    r"^\s*['\"]?{n}['\"]?\s*:(?!:)",
    rf"^\s*(?!(?:{_STATEMENTS})\b)(?:[\w<>\[\],?]+\s+)+{{n}}\s*"
    + _TYPE_PARAMETERS
    + r"\s*(?:\([^)]*\)\s*(?:(?::|throws)\s*[\w<>\[\]|,.? ]+)?"
    r"\s*(?:\{{|=>|$)|\([^)]*$|$)",
    r"^\s*{n}\s*" + _TYPE_PARAMETERS + r"\s*\([^)]*\)\s*(?::\s*[\w<>\[\]|, ]+)?\s*\{{\s*$",
    # a function bound to a name (JavaScript's, TypeScript's): `export const total = (items) =>`, `= function`
    r"^\s*(?:export\s+)?(?:const|let|var)\s+{n}\s*(?::[^=]*)?=\s*(?:async\s+)?"
    r"(?:function\b|\([^)]*\)\s*(?::[^=]*)?=>|\([^)]*$)",
)
_DEFINED = tuple(re.compile(pattern.format(n=r"(?P<name>[A-Za-z_$][\w$]*)")) for pattern in _DEFINITIONS)


def in_definition(words: Sequence[str], term: Term) -> bool:
    """Whether a definition's words hold the name, or its last part when it is qualified and of two pieces or more."""
    found = qualified(term.label)
    last = found[-1] if len(found) > 1 and len(pieces(found[-1])) > 1 else ""
    return has_run(words, term.parts) or bool(last and has_run(words, parts(last)))


def has_run(words: Sequence[str], run: Sequence[str]) -> bool:
    """Whether the words hold the run in a row, or its words run together as one (`roundmoney`)."""
    joined = "".join(run)
    return joined in words or any(tuple(words[i : i + len(run)]) == tuple(run) for i in range(len(words)))


def defines(line: str, name: str) -> bool:
    """Whether a line defines the name (a qualified name's last part): a function or method (`def chat_update(`,
    `func (m *Monitor) Stop(`, `public void stop(`, `public refetchQueries<T>(`, `def deliver_later`), an object's or
    a hash's member (`setItem: vi.fn(`); never a parameter, a longer name or a call (`watcher.stop(timeout);`,
    `return refresh_token()`, `defer cleanup()`)."""
    found = qualified(name)
    if not found:
        return False
    written = re.escape(found[-1])
    return any(re.search(pattern.format(n=written), line) for pattern in _DEFINITIONS)


def defined(line: str) -> str | None:
    """The name a line defines, as `defines` reads it (`def test_x`, `func (s *Suite) TestX(`, `fn x(`, `function x(`,
    `public async Task X()`, `Public Sub X()`), None for a line defining nothing (a call, a statement)."""
    return next((found.group("name") for pattern in _DEFINED if (found := pattern.search(line))), None)

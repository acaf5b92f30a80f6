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
    binds("const perplexityChunkSchema = z.object({", "perplexityChunkSchema")                        # True
    declared("    let isEveryParameterOptional = true;")                          # "isEveryParameterOptional"

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
_GENERIC = r"<[\w\s,.?\[\]]*(?:<[\w\s,.?\[\]]*>[\w\s,.?\[\]]*)*>"  # <T>, <K, List<V>>, never past a name
_TYPE_PARAMETERS = rf"(?:{_GENERIC})?"
_NAMED = rf"^\s*(?!(?:{_STATEMENTS})\b)(?:[\w<>\[\],?]+\s+)+{{n}}\s*"  # the name after its modifiers and type
_SIGNATURE = _NAMED + _TYPE_PARAMETERS + r"\s*"
# Each kind of definition by its forms ({n}: the name). A function: after a definition keyword (Go's receiver,
# Ruby's `self.` aside); a signature, the name after its modifiers and type, or alone with its body's `{`, its type
# parameters aside, its parameters closed (a return type or `throws` aside, then `{`, `=>` or the line's end) or open
# (wrapped) or on the next line after its type parameters; a function bound to a name (JavaScript's, TypeScript's:
# `export const total = (items) =>`, `= function`).
# A member: an object's or a hash's (`setItem: vi.fn(`). A property: a signature with no parameters.
_KINDS = {
    "function": (
        rf"(?<![\w.$])(?:{_KEYWORDS})\s+(?:self\.|\([^)]*\)\s*)?{{n}}\b",
        _SIGNATURE + r"(?:\([^)]*\)\s*(?:(?::|throws)\s*[\w<>\[\]|,.? ]+)?\s*(?:\{{|=>|$)|\([^)]*$)",
        _NAMED + _GENERIC + r"\s*$",  # a generic method's, its parameters on the next line (no property is generic)
        r"^\s*{n}\s*" + _TYPE_PARAMETERS + r"\s*\([^)]*\)\s*(?::\s*[\w<>\[\]|, ]+)?\s*\{{\s*$",
        r"^\s*(?:export\s+)?(?:const|let|var)\s+{n}\s*(?::[^=]*)?=\s*(?:async\s+)?"
        r"(?:function\b|\([^)]*\)\s*(?::[^=]*)?=>|\([^)]*$)",
    ),
    "member": (r"^\s*['\"]?{n}['\"]?\s*:(?!:)",),
    "property": (_SIGNATURE + "$",),
}
KINDS = tuple(_KINDS)  # every kind of definition
FUNCTIONS = ("function",)  # a function's or a method's only: a test's name (`def test_x`, `func (s *Suite) TestX(`)
_DEFINITIONS = tuple(pattern for patterns in _KINDS.values() for pattern in patterns)
_LOCALS = (  # a local variable declared, as each language writes it (`declared`)
    re.compile(r"^\s*(?:export\s+)?(?:const|let|var)\s+(?P<name>[A-Za-z_$][\w$]*)"),  # JavaScript, TypeScript, C#, Go
    re.compile(r"^\s*(?P<name>[A-Za-z_]\w*)(?:\s*,\s*\w+)*\s*:="),  # Go's short declaration
    re.compile(r"^\s*(?:final\s+)?[A-Z][\w<>\[\],.?]*\s+(?P<name>[a-z]\w*)\s*=[^=]"),  # Java's, C#'s typed local
)
_BINDS = (  # a name bound to a value the next lines go on writing (`binds`): its modifiers and type before it, an
    # opener at the line's end
    r"^\s*(?:[\w<>\[\],.?]+\s+)*{n}\s*(?::[^=]*)?(?<![=!<>])=(?![=>~])[^;=]*[(\[{{]\s*$"
)
_DEFINED = {
    kind: tuple(re.compile(pattern.format(n=r"(?P<name>[A-Za-z_$][\w$]*)")) for pattern in patterns)
    for kind, patterns in _KINDS.items()
}


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


def binds(line: str, name: str) -> bool:
    """Whether a line binds the name to a value its next lines go on writing: a constant or a variable whose value
    opens an object, a list or a call's arguments at the line's end (`const perplexityChunkSchema = z.object({`,
    `export const routes: Route[] = [`, `DEFAULT_HEADERS = {`, `var defaultRetryPolicy = RetryPolicy{`): a change
    inside the value changes what the name is, as one inside a function's body changes the function. Never a
    comparison (`if limits == {`), a call passing it (`register(defaultOptions, {`), nor a value closed on its line
    (`const limits = { max: 3 };`)."""
    found = qualified(name)
    if not found:
        return False
    return re.search(_BINDS.format(n=re.escape(found[-1])), line) is not None


def defined(line: str, kinds: Sequence[str] = KINDS) -> str | None:
    """The name a line defines, as `defines` reads it, of these kinds (FUNCTIONS: `def test_x`, `func (s *Suite)
    TestX(`, `fn x(`, `function x(`, `public async Task X()`, `Public Sub X()`), None for a line defining nothing of
    them (a call, a statement; for FUNCTIONS also a field, a key, Ruby's paren-less `assert_nil expired_token`)."""
    patterns = [pattern for kind in kinds for pattern in _DEFINED[kind]]
    return next((found.group("name") for pattern in patterns if (found := pattern.search(line))), None)


def declared(line: str) -> str | None:
    """The local variable a line declares (`const parameters: string[] = []`, `let isEveryParameterOptional = true`,
    `pending := len(queue)`, `String trimmed = name.strip();`), None for a line declaring none (an assignment, a
    comparison: `name = value`, `if (a == b)`)."""
    return next((found.group("name") for pattern in _LOCALS if (found := pattern.search(line))), None)

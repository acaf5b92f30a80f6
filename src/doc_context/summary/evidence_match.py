"""Pure: which changed lines of one file carry one of a criterion's terms, and what it weighs there (for
summary/evidence.py): an identifier or phrase word for word or through a bridge (relevance/bridges.py: joined,
split, abbreviated), or said in a string literal (never a test table's row name: the case it feeds; never inside a
token too long to be a name: a table of names run together); a value with its unit, a quoted string, a file named;
the lines that only repeat the work item's own sentences (those that rewrite a line the term was on before:
summary/evidence_stale.py). The changes inside named code no changed line writes are summary/evidence_within.py's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.change.index import FileWords
from doc_context.relevance.attributes import marked
from doc_context.relevance.commands import dispatches
from doc_context.relevance.components import component_file
from doc_context.relevance.criterion_terms import STRONG, WEAK, Term
from doc_context.relevance.dependencies import declarations, holds, manifest, names_package
from doc_context.relevance.file_kinds import is_config, is_doc, is_test
from doc_context.relevance.formats import FORMATS, format_lines, writes_format
from doc_context.relevance.language import HOOKS, as_value
from doc_context.relevance.literals import literals
from doc_context.relevance.members import called, instance_member, receivers
from doc_context.relevance.name_files import command_file, member_of_file, names_file
from doc_context.relevance.platforms import builds, declares, targets
from doc_context.relevance.word_forms import forms, in_forms
from doc_context.relevance.words import parts, pieces, version_written
from doc_context.summary.evidence_prose import echoing
from doc_context.summary.evidence_weights import in_order, names
from doc_context.summary.evidence_within import alone, inside, sits_in

_DOCSTRING = re.compile(r"\s*(?:[rRuUbBfF]?(?:\"\"\"|''')|#|//|/\*|\*|<!--)")  # a docstring or comment line
_ROW_NAME = re.compile(  # a test table's row, named: a string key opening it (Go's map of cases, a dict or an object of
    # them), or its name field opening it (`{name: "nested blocks", ...}`)
    r"""^\s*\{?\s*(?:"[^"\n]*"|'[^'\n]*')\s*(?::|=>)\s*[{\[(]|^\s*\{\s*["']?(?:name|desc|description|title)["']?\s*[:=]\s*["'`]"""
)
_NAME_FIELD = re.compile(r"""^\s*["']?(?:name|desc|description|title)["']?\s*[:=]\s*["'`]""")  # after a lone `{`: a
# row's first field (Go's `{` then `name: "..."`); elsewhere data as often (a problem's title, a product's name)
_OPENS = re.compile(r"\s*\{\s*")  # a line opening a row, alone
MAX_PIECES = 20  # pieces of a token too long to be a name (a test's longest names have a dozen)
_TOKEN = re.compile(r"[A-Za-z0-9_]+")  # a name, as a line's words read it
_LONG = re.compile(rf"[A-Za-z0-9_]{{{2 * MAX_PIECES},}}")  # a token that may be that long: two letters a piece


def lines_for(
    term: Term,
    lines: FileWords,
    path: str,
    spans: Sequence[tuple[int, str]] = (),
    leads: Sequence[tuple[int, str]] = (),
) -> tuple[set[int], float]:
    """The line indexes carrying the term, and what the term weighs there (`spans`: where each definition the
    file's changes sit in begins, `leads`: where each run of changes begins and an unchanged line it sits in, this
    side's numbers, as change/model.DiffFile has them); never a table's run of names (tabled)."""
    found, weight = _lines_for(term, lines, path, spans, leads)
    if term.kind in ("ident", "phrase", "word"):
        found -= {i for i in found if tabled(lines.texts[i], term.parts)}
    if term.value and found:  # `never`: the value `"never"`, `:end`; written bare, the keyword every file writes
        quoted = {i for i in found if as_value(lines.texts[i], term.label)}
        return (quoted, weight) if quoted else (found, min(weight, WEAK))
    return found, weight


def tabled(text: str, run: Sequence[str]) -> bool:
    """Whether a line holds the words only inside a token too long to be a name (MAX_PIECES pieces or more): a table
    of names run together, as Go's stringer writes one (`_Op_name = "OpUnknownOpLoadSchemasOpDecode..."`), or
    encoded data; one name's words are never another's."""
    long = [token for token in _LONG.findall(text) if len(pieces(token)) >= MAX_PIECES]
    if not long:
        return False
    rest = _TOKEN.sub(lambda m: " " if m.group() in long else m.group(), text)
    return _holds(parts(" ".join(long)), run) and not _holds(parts(rest), run)


def _holds(words: Sequence[str], run: Sequence[str]) -> bool:
    n = len(run)
    return any(tuple(words[k : k + n]) == tuple(run) for k in range(len(words) - n + 1))


def _lines_for(
    term: Term, lines: FileWords, path: str, spans: Sequence[tuple[int, str]], leads: Sequence[tuple[int, str]]
) -> tuple[set[int], float]:
    code = not (is_config(path) or is_doc(path))  # an import line in code names a module, not what changed
    # (a name it imports is another matter: `from decimal import ROUND_HALF_EVEN` shows ROUND_HALF_EVEN)
    if term.kind == "ident" and manifest(path) and (declaring := _declaring(lines, term.label)):
        return declaring, max(term.weight, STRONG)  # `zod`, `accounts`: the manifest's line declaring the package
    if term.kind == "release":  # "React 18", "v12": a manifest's line declaring a range that holds it
        return (
            {i for i, found in enumerate(_declared(lines)) if found and holds(found, *term.parts)}
            if manifest(path)
            else set()
        ), term.weight
    if term.kind == "platform":  # ".NET 5": a build file's line targeting net5.0 (relevance/platforms.py)
        aimed = {i for i, text in enumerate(lines.texts) if targets(text, term.parts[0])} if builds(path) else set()
        stated = {i for i in aimed if declares(lines.texts[i])}  # a fault's release, targeted by the fix itself
        return (stated, STRONG) if stated and term.weight < STRONG else (aimed, term.weight)
    if term.kind == "ident":
        found = lines.run(term.parts) or lines.bridged(term.parts)
        module = re.search(r"[./:]", term.label) is not None  # a module's path, imported: `helper/resource`
        found -= lines.imports if code and module else frozenset()
        if not term.named and term.parts[0] in FORMATS:  # JSON: the format term weighs what writes the format
            found = {i for i in found if not writes_format(lines.texts[i], term.parts[0])}
        if code and not term.named and term.label.isupper():  # BETA, SUBJECT: a comment's capitals are emphasis
            found -= lines.comments
        if term.named and not term.also:  # code named is read whole: `ActorRefFrom` is not `actorRef`
            found = {i for i in found if lines.spells(i, term.label, cased=code, path=path)}
            if code and len(term.parts) == 1:  # `Cluster`, in code, not the word in a comment's prose
                found -= lines.comments
            if marked(term.label) and is_test(path):  # `@JsonIgnore` on a test's fixture: how a test sets up
                return found, min(term.weight, WEAK)  # what it tests, as its words say it (relevance/attributes)
        if code and term.named and instance_member(term.label):  # `DateTimeFormatter#formatTo`: `f.formatTo(b)`
            typed = receivers((*lines.texts, *(scope for _, scope in spans)), term.label)  # `c *Client`
            found |= {i for i, text in enumerate(lines.texts) if called(text, term.label, typed)} - lines.comments
        if term.named and names_file(term.label, path):  # `Style/InverseMethods`: style/inverse_methods.rb
            found |= set(lines.hunk_starts())
        elif term.named and (member := member_of_file(term.label, path)):  # `Value.IsFullyNull()` in value.go
            found |= {i for i in range(len(lines.texts)) if lines.spells(i, member)}
            if not found:  # the change inside it: chat_update in chat.rb for `Slack::...::Chat.chat_update`
                found |= inside(lines, spans, member, leads)
        elif code and term.named and not found and alone(term.label):  # `StringInSlice`: the change inside its
            found |= inside(lines, spans, term.label, leads)  # definition (a member with its type: its type's file)
        if code and term.named and not found and len(term.parts) > 1:  # `getInitialProps`: a run inside the block
            found |= sits_in(lines, leads, term.label)  # or the call an unchanged line opens with it, or beside it
        if found or not term.also:
            return found, term.weight
        last = set().union(*(lines.run(run) for run in term.also))  # a key's last part alone: as a config file
        *above, name = re.split(r"[.:/#]", term.label.rstrip("()"))  # nests it; in code, it is any name, unless a
        # type's in a package's (`acme.sessions.SessionStore`: SessionStore; `HttpClientFactory.CreateClient`: a member)
        if code and above and above[-1].islower() and re.fullmatch(r"(?:[A-Z][a-z0-9]+){2,}", name):
            return {i for i in last if lines.spells(i, name, cased=True, path=path)}, term.weight
        return last, term.weight if is_config(path) else WEAK
    rows = _row_names(lines) if is_test(path) else set()
    if term.kind == "prose":  # a test's description, a message, a comment saying it (evidence_prose.py)
        return echoing(lines, term, path) - rows, term.weight
    if term.kind == "phrase":
        run, found = term.parts, lines.run(term.parts, either_order=True) or lines.bridged(term.parts)
        if not found:  # "deprecation warning": warnDeprecated (relevance/word_forms.py)
            run, found = next(
                ((r, hit) for r in in_forms(term.parts) if (hit := lines.run(r, either_order=True))), (run, found)
            )
        found -= (lines.imports if code else frozenset()) | rows
        if not term.joined or not found:
            return found, term.weight
        # server_hostname, or a message saying it ("workspaces configured"), not "the server's host" in code: a
        # common word counts only joined, or in a string literal (a message, a test's name: prose, as the criterion)
        spelled = {i for i in found if lines.in_identifier(i, run) or in_string(lines.texts[i], run)}
        return (spelled, term.weight) if spelled else (found, WEAK)
    if term.kind == "word":
        found = lines.word(term.parts[0]) or lines.bridged(term.parts)
        found = found or set().union(*(lines.word(other) for other in forms(term.parts[0])))  # "serialization"
        found = found - (lines.imports if code else frozenset()) - rows
        hook = term.label.lower() in HOOKS  # tearDown, hashCode: every test's, every type's (relevance/language.HOOKS)
        if (
            code
            and not hook
            and (joined := {i for i in lines.bridged(term.parts) - rows if lines.in_identifier(i, term.parts)})
        ):
            return joined - lines.imports, STRONG
        return found, term.weight
    if term.kind == "quoted":
        found = lines.literal(term.parts[0]) | (set(lines.hunk_starts()) if command_file(term.label, path) else set())
        said = parts(term.parts[0])
        if " " not in term.parts[0]:  # one token ("Microsoft.Azure.Functions.Worker.Core") is a name, read whole:
            if len(said) >= 4:  # all its words in order in one of the line's tokens: retryMaxBackoffSeconds
                found |= {i for i, text in enumerate(lines.texts) if in_one_token(term.parts[0], text)}
            if re.fullmatch(r"[a-z]+(?:-[a-z]+)+", term.parts[0]):  # write-only: writeOnly, WRITE_ONLY, write_only
                found |= {i for i in range(len(lines.texts)) if lines.spells(i, term.parts[0])}
            if code and re.search(r"\w[./:]\w", term.parts[0]):  # an import of a child or sibling module
                found -= {i for i in lines.imports if not imports_exactly(lines.texts[i], term.parts[0])}
            return found, term.weight
        if len(said) >= 4:  # a message with a placeholder: "Try again in {minutes} minutes."
            found |= {i for i, line in enumerate(lines.words) if in_order(said, line) >= 0.75 * len(said)}
        return found, term.weight
    if term.kind == "value" and term.named:  # a version: 1.40 is v1.40.0, never 1.4 (relevance/words.version)
        writes = version_written(term.parts[0]).search
        return {i for i, text in enumerate(lines.texts) if writes(text)}, term.weight
    if term.kind == "value":
        with_unit, bare_lines = lines.value(term.parts[0], term.unit)
        if manifest(path) and with_unit:  # a version has no unit: `"retry": "^3.0"` is no 3 tries (its name's word)
            declared = _declared(lines)
            with_unit = {i for i in with_unit if declared[i] is None}
        if with_unit:
            return with_unit, term.weight
        if term.unit:  # "200 ms" needs its ms (or TIMEOUT_MS, HoldSeconds on the line): 200 alone is another value
            return set(), 0.0
        written = {i for i in bare_lines if term.label in lines.texts[i]}
        if written:  # a decimal as the criterion writes it ("10.00"), not merely its number (10_000, "10 items")
            return written, term.weight
        return bare_lines, bare(term.parts[0])
    if term.kind == "change":  # "from 100 to 32": the lines holding 32 (rewritten() keeps those that held 100)
        return set().union(*lines.value(term.parts[1])), term.weight
    if term.kind == "command":  # "the init command": its file's changes (cmd/init.go, commands/init/), or a line
        if command_file(term.label, path):  # registering or dispatching it by its name (`case "init":`)
            return set(lines.hunk_starts()), term.weight
        return (
            {i for i, text in enumerate(lines.texts) if dispatches(term.parts[0], text)} if code else set()
        ), term.weight
    if term.kind == "component":  # "the savehar addon": its file's changes (addons/savehar.py)
        return (set(lines.hunk_starts()) if component_file(term.parts[0], term.parts[1], path) else set()), term.weight
    if term.kind == "format":  # `application/vnd.acme.v2+json` for "JSON", `'*.yml'` for "YAML"
        return format_lines(lines.texts, term.parts[0])
    if term.kind == "path" and names(path, term.parts[0]):
        return set(lines.hunk_starts()), term.weight
    if term.kind == "path":  # a line naming the file: "codespans.py: the code it keeps as written"
        return lines.literal(term.parts[0]), term.weight
    return set(), 0.0


def _declaring(lines: FileWords, name: str) -> set[int]:
    return {i for i, found in enumerate(_declared(lines)) if found and names_package(found, name)}


def _declared(lines: FileWords) -> list[tuple[str, str] | None]:
    """What each of a manifest's lines declares (relevance/dependencies.declarations)."""
    return declarations(lines.texts, lines.numbers)


def in_string(text: str, run: Sequence[str]) -> bool:
    """Whether a line says the run word for word, either order, inside a string literal: a message or a test's name
    is prose, as the criterion is ("You might have workspaces configured but no packages yet")."""
    n = len(run)
    if _DOCSTRING.match(text):  # a docstring or a comment is the code's, not a message it shows
        return False
    for literal in literals(text):  # a line's string literals, read in linear time (review 8)
        found = parts(literal)
        if any(tuple(found[k : k + n]) in (tuple(run), tuple(run[::-1])) for k in range(len(found) - n + 1)):
            return True
    return False


def in_one_token(name: str, text: str) -> bool:
    """Whether one token of the line (no space inside) has all the quoted name's words in order, a `{placeholder}`
    standing for any: `props.retryMaxBackoffSeconds()` for "retry.max.backoff.seconds", `"/api/orders/:order_id/items"`
    for "/api/orders/{orderId}/items"; never `...Worker.Sdk.Generators` for "...Worker.Core"."""
    said = parts(re.sub(r"\{[^{}]*\}", " ", name))
    return len(said) >= 2 and any(in_order(said, parts(token)) == len(said) for token in text.split())


def imports_exactly(text: str, name: str) -> bool:
    """Whether an import line imports the quoted module itself (`from six.moves import urllib` for "six.moves",
    `using Newtonsoft.Json;`), not a child or a sibling of it (`using Newtonsoft.Json.Linq;`)."""
    return re.search(rf"(?<![\w./:]){re.escape(name)}(?![\w]|[./:]\w)", text, re.IGNORECASE) is not None


def bare(value: str) -> float:
    """What a number weighs without its unit: a decimal or three digits 2, two digits 1, one digit nothing."""
    digits = len(value.replace(".", ""))
    return 2.0 if "." in value or digits >= 3 else 1.0 if digits == 2 else 0.0


def _row_names(lines: FileWords) -> set[int]:
    """The lines naming a test table's row: a string key opening it, or a name field on the line opening it or first
    after a line opening it alone."""
    texts, numbers = lines.texts, lines.numbers
    opened = {i for i in range(1, len(texts)) if numbers[i - 1] == numbers[i] - 1 and _OPENS.fullmatch(texts[i - 1])}
    return {i for i, text in enumerate(texts) if _ROW_NAME.match(text) or (i in opened and _NAME_FIELD.match(text))}

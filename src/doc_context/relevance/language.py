"""Pure: the words and names every file of a language uses, in every language the change may be written in.

    language_word("nil"), language_word("context.Context"), language_word("DateTime")   # True each
    language_word("Float64Value")                                                          # False

A criterion naming one of them (`null`, `async`, `Task`, `self`, `public`, "exceptions") names nothing the change
alone has: such a term is weak and never evidence alone (relevance/criterion_terms.py), in Python, C#, TypeScript
and JavaScript, Java and Kotlin, Go, Ruby alike. The names are compared whole, as their pieces joined and
lower case (`context.Context` is "contextcontext", `IEnumerable` "ienumerable").
"""

from __future__ import annotations

import re

from doc_context.relevance.literals import blanked
from doc_context.relevance.words import pieces

_KEYWORDS = """
    abstract and as assert async await bool boolean break byte case catch char class const continue debugger def
    default defer del do elif else elsif ensure enum except extends extern false finally float fn for foreach from
    func function get go goto if impl implements in init instanceof int is let mut namespace new nil nonlocal not
    null object or out override params pass private protected pub public raise readonly ref require rescue return
    sealed self set sizeof static str string struct super switch synchronized this throw throws trait true try type
    typeof uint ulong undefined unknown unless unsafe until use using val var void volatile when where while with
    yield chan any bigint rune keyof nameof sbyte ushort
"""
_EVERYWHERE_NAMES = """
    err error errors exception exceptions ctx context cwd args argv kwargs cls opts options config cfg req res resp
    todo fixme id ids len dict tuple array slice hashmap arraylist hashset dictionary ienumerable enumerable
    icollection ilist iterable iterator observable task valuetask datetime datetimeoffset timespan cancellationtoken
    ilogger httpclient stringbuilder int32 int64 uint32 uint64 float32 float64 contextcontext iointerface errorerror
    python java javascript typescript csharp golang ruby kotlin nodejs dotnet jvm npm pip gem maven gradle
    sysplatform sysargv sysexit ospath osenviron jsonloads jsondumps typingany typingoptional systemout
    stringformat fmterrorf fmtsprintf errorsnew contextbackground consolelog jsonparse jsonstringify promiseall
    processenv
"""
KEYWORDS = frozenset(_KEYWORDS.split())
LANGUAGE = KEYWORDS | frozenset(_EVERYWHERE_NAMES.split())
# The members every test class or every type of a language defines, written as one word run together: a test
# framework's hooks (setUp, tearDown, TearDownTest, beforeEach) and a type's overrides (hashCode, GetHashCode,
# toString): "the teardown of worker pools" is not any test's `tearDown` (review 10, finding 4). Prose writes them
# as words too ("the setup wizard"), so they are no language words; only a word run together is not their name.
HOOKS = frozenset(
    """setup teardown setupclass teardownclass setuptest teardowntest setupsuite teardownsuite beforeeach aftereach
    beforeall afterall hashcode gethashcode tostring""".split()
)
_CODE_WORDS = frozenset(  # keywords and everyday types that are English words too ("the final step", "internal
    # state", "newly exported"): language words written as code only, never common words of prose (common_words)
    """final long short double decimal native transient internal virtual partial export import interface never declare
    lambda none begin end then promise optional integer""".split()
)


# The exceptions each language's standard library raises, that any file may raise or catch (Python's builtins; Java's
# and Kotlin's java.lang, java.io and java.util; C#'s System; JavaScript's and TypeScript's; Ruby's core): a
# language's everyday names, never what sets one change apart (beside LANGUAGE: a criterion may still name one).
BUILTIN_EXCEPTIONS = frozenset(
    """ArithmeticError AssertionError AttributeError BlockingIOError BrokenPipeError BufferError ConnectionError
    ConnectionRefusedError ConnectionResetError FileExistsError FileNotFoundError FloatingPointError ImportError
    IndentationError IndexError InterruptedError IsADirectoryError KeyError LookupError MemoryError
    ModuleNotFoundError NameError NotADirectoryError NotImplementedError OverflowError PermissionError
    RecursionError ReferenceError RuntimeError SyntaxError SystemError TabError TimeoutError TypeError
    UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError ValueError ZeroDivisionError
    ArithmeticException ArrayIndexOutOfBoundsException ClassCastException ClassNotFoundException
    CloneNotSupportedException ConcurrentModificationException FileNotFoundException IllegalArgumentException
    IllegalStateException IndexOutOfBoundsException InterruptedException NoSuchElementException
    NullPointerException NumberFormatException RuntimeException UncheckedIOException UnsupportedOperationException
    AggregateException ArgumentException ArgumentNullException ArgumentOutOfRangeException DivideByZeroException
    FormatException IndexOutOfRangeException InvalidCastException InvalidOperationException KeyNotFoundException
    NotImplementedException NotSupportedException NullReferenceException ObjectDisposedException
    OperationCanceledException OverflowException TaskCanceledException TimeoutException UnauthorizedAccessException
    AggregateError EvalError RangeError ArgumentError FrozenError NoMethodError StandardError""".split()
)

BUILTIN_EXCEPTION = re.compile(rf"\b(?:{'|'.join(sorted(BUILTIN_EXCEPTIONS))})\b")  # one written in a line


def builtin_exception(name: str) -> bool:
    """Whether a name is an exception a language's standard library raises (BUILTIN_EXCEPTIONS: `SyntaxError`,
    `IllegalArgumentException`, `ArgumentNullException`, `RangeError`), bare or qualified (`builtins.ValueError`)."""
    return symptom(name) and name.rsplit(".", 1)[-1] in BUILTIN_EXCEPTIONS


def joined(name: str) -> str:
    """A name's pieces joined, lower case: `context.Context` -> "contextcontext", `IEnumerable` -> "ienumerable"."""
    return "".join(pieces(name)).lower()


def language_word(name: str) -> bool:
    """Whether a word or name is one every file of some language uses (a keyword, a literal, a builtin type, a
    name every function takes): never what sets one change apart."""
    return joined(name) in LANGUAGE or name.lower() in LANGUAGE or code_word(name)


def code_word(name: str) -> bool:
    """Whether a name is a keyword or everyday type that is an English word too (`final`, `never`, `end`): a
    language word where a line writes it bare, a value where it quotes it (as_value)."""
    return name.lower() in _CODE_WORDS and name.lower() not in LANGUAGE


def syntax(span: str) -> bool:
    """Whether a code span of two words or more is made only of a language's keywords (`import static`, `const enum`,
    `readonly struct`, `defer func`, `async def`): how code is written, no code of the project."""
    words = span.lower().split()
    return len(words) > 1 and all(w in KEYWORDS or w in _CODE_WORDS for w in words)


def as_value(line: str, word: str) -> bool:
    """Whether a line writes the word as a value or a key: in quotes (`"never"`, `'final'`, `yaml:"lambda"`) or as
    a Ruby symbol (`params[:end]`). A keyword is never written inside quotes; a value is."""
    w = re.escape(word)
    return re.search(rf"([\"'`]){w}\1|(?<![\w:]):{w}\b", line, re.IGNORECASE) is not None


_IMPORT_LINE = re.compile(
    r"""\s*(?:
        (?:from\s+\S+\s+)?import\b(?!\s*[(=:])    # Python, Java, Kotlin, Scala, TypeScript, Go's one import
      | import\s*\(\s*$                           # Go's block opens
      | export\s+(?:\*|\{[^}]*\})\s+from\b        # TypeScript re-exports
      | using\s+(?:static\s+)?[\w.]+\s*(?:=\s*[\w.]+\s*)?;   # C#
      | (?:package|namespace)\s+[\w.]+\s*[;{]?\s*$
      | (?:const|let|var)\s+[\w{}\s,]+=\s*require\(
      | require(?:_relative)?\s*\(?\s*["']
      | "[\w.\-~]+(?:/[\w.\-~]+)+"\s*$            # a path alone in Go's import block
      | (?!return\b|case\b|default\b)(?:[A-Za-z_]\w*|\.)\s+"[\w.\-~]+(?:/[\w.\-~]+)+"\s*$   # an aliased one
    )""",
    re.VERBOSE,
)


def is_import(line: str) -> bool:
    """Whether a line only imports or declares where the file sits (import, using, package, require): it names
    modules every file of the package names, not what the change does."""
    return _IMPORT_LINE.match(line) is not None


_SLASHES = r"//+!?|/\*+!?"  # `//`, `///`, `//!`, `/*`, `/**`
_HASH = r"#(?![\[!{])"  # never Rust's `#[test]`, a shebang, Ruby's `"#{name}"`
_DASHES = r"--(?=\s|$)"  # never `a--`
_STAR_LINE = r"^\s*\*+(?=\s|/|$)"  # a block comment's `*` line
# Each family of languages by its files, with its comments' markers; a file of none (or no path) is read with every
# marker but VB's: `#` opens a comment only where it is no preprocessor's directive (C#'s `#region`, C's `#include`)
# nor a private field (`#count`), `//` only where it is no operator (Python's floor division, Perl's defined-or),
# `'` only in Visual Basic.
HASH_COMMENTED = re.compile(
    r"\.(?:py|pyi|pyx|pyw|rb|rake|gemspec|pl|pm|sh|bash|zsh|r|ya?ml|toml)$|(?:^|/)(?:Gemfile|Rakefile)$", re.I
)
_FAMILIES = (
    (HASH_COMMENTED, rf"(?:^|(?<=\s))(?:{_HASH})"),
    (re.compile(r"\.(?:vb|vbs|bas)$", re.I), r"(?:^|(?<=\s))(?:'|REM\b)"),
    (re.compile(r"\.(?:sql|lua|hs|elm|ada|adb|ads)$", re.I), rf"(?:^|(?<=\s))(?:{_DASHES}|/\*+)|{_STAR_LINE}"),
    (  # C's family (a preprocessor's `#`), Java's, Go's, Rust's, JavaScript's (a private field's `#`)
        re.compile(r"\.(?:cs|c|h|cc|cpp|cxx|hpp|hh|m|mm|java|kt|kts|scala|go|rs|swift|dart|[cm]?jsx?|tsx?)$", re.I),
        rf"(?:^|(?<=\s))(?:{_SLASHES})|{_STAR_LINE}",
    ),
    (re.compile(r"\.(?:html?|xml|xaml|csproj|vbproj|props|targets|svg)$", re.I), r"(?:^|(?<=\s))<!--"),
)
_COMMENT = re.compile(rf"(?:^|(?<=\s))(?:{_SLASHES}|{_HASH}|{_DASHES}|<!--)|{_STAR_LINE}")
_MARKERS = tuple((files, re.compile(pattern)) for files, pattern in _FAMILIES)
_CLOSE = re.compile(r"\s*(?:\*+/|-->)\s*$")


def _markers(path: str) -> re.Pattern[str]:
    """The comment markers of the file's language (every one when it is none of _FAMILIES')."""
    return next((markers for files, markers in _MARKERS if files.search(path)), _COMMENT) if path else _COMMENT


def comment_at(line: str, path: str = "") -> int | None:
    """Where a line's comment begins (`x = 1  # note` -> 7), None for a line without one; the one recognizer of a
    comment (`#`, `//`, `///`, `//!`, `/*`, `/**`, a block comment's `*`, `--`, `<!--`, VB's `'`), as the language of
    the line's file (`path`) writes them: C#'s `#region` and Python's `a // b` are none."""
    found = _markers(path).search(line)
    return found.start() if found else None


def comment_text(line: str, path: str = "") -> str | None:
    """The text of a comment line, its markers aside (`/// <summary>Falls back.` -> "<summary>Falls back."), None
    for a line of code (a comment after code included)."""
    found = _markers(path).search(line)
    if found is None or line[: found.start()].strip():
        return None
    return _CLOSE.sub("", line[found.end() :]).strip()


def comment(line: str, path: str = "") -> str | None:
    """The text of a line's comment, alone on the line or after code, its markers aside; None without one."""
    found = _markers(path).search(line)
    return None if found is None else _CLOSE.sub("", line[found.end() :]).strip()


def symptom(label: str) -> bool:
    """An exception type a changelog names as the bug it fixes ("`ArrayIndexOutOfBoundsException` when skipping empty
    lines"): the fix seldom writes it, so where no changed file uses its words it is no code the evidence must show."""
    return re.fullmatch(r"(?:[\w.]+\.)?[A-Z]\w*[a-z0-9](?:Exception|Error)", label) is not None  # a type: capitalised


# How a line of code raises, throws or returns an error, or warns, in each language: a statement opening with Python's
# or Ruby's `raise` or the C family's `throw` (a line's, or after `:`, `;`, `{`, `)`, `=>`, `??`; Ruby's after `then`,
# `else`, `or`, `and`, `do` too: "... or raise KeyError" in a Python docstring is prose, review 16 F6) and raising as
# code does: nothing (`raise`, `throw;`), a literal, or a name called, indexed or ended there (`raise HoldExpired(...)`,
# `throw new Error(...)`, `throw err;`, `raise exc from None`, Ruby's `raise HoldExpired, id` and `raise HoldExpired
# unless ...`), never prose's "raise an error if..." in a docstring or a block comment's line; Go's `errors.New(...)`,
# `fmt.Errorf(...)`, `panic(...)`, Rust's `Err(...)`, `panic!(...)`, `bail!(...)`, a checker's or a warner's
# `.warn(...)`, `.warning(...)`, `.error(...)`, `.fail(...)`
# (`warnings.warn`, mypy's `self.fail`, Swift's `.error(...)` diagnostic), never a console's or a logger's error line
# (`console.error(...)`, `LOG.error(...)`, `log.Errorf(...)`): an error logged is none raised.
_LOGGED = r"(?<!(?i:log))(?<!(?i:logger))(?<!logging)(?<!logrus)(?<!console)"  # a logger's name ends before it
_NAME = r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*"
_STATEMENT = r"(?:^\s*|[:;{)]\s*|=>\s*|\?\?\s*)(?:raise|throw)"  # Python's, the C family's
_RUBY_STATEMENT = r"(?:^\s*|[:;{)]\s*|=>\s*|\b(?:then|else|or|and|do)\s+)(?:raise|throw)"  # Ruby's `x or raise ...` too
_ENDS = r"[(\[;,{]|$|from\b"  # what may follow the name raised: a call, an index, the line's end, Python's `from`


def _raised(ends: str) -> str:
    """What follows `raise`/`throw` in code: nothing (`raise`, `throw;`), a literal, or a name then one of ends."""
    return rf"(?:\s*(?:;|$)|\s*[\"'`(\[{{]|\s+(?:new\s+)?{_NAME}\s*(?:{ends}))"


_CALLS = (
    rf"\b(?:panic|bail)!?\(|\b(?:Err|errors\.New)\(|(?<![\w.])Errorf\(|{_LOGGED}\.(?:Errorf|error)\("
    r"|\.(?:warn|warning|fail)\("
)
_RAISES = re.compile(rf"{_STATEMENT}{_raised(_ENDS)}|{_CALLS}")
_RUBY_ENDS = _ENDS + r"|if\b|unless\b"  # Ruby's modifiers: `raise HoldExpired unless hold.live?`
_RUBY_RAISES = re.compile(rf"{_RUBY_STATEMENT}{_raised(_RUBY_ENDS)}|{_CALLS}")
_RUBY = re.compile(r"\.(?:rb|rake|gemspec)$|(?:^|/)(?:Gemfile|Rakefile)$")


def raises(line: str, path: str = "") -> bool:
    """Whether a line of code raises, throws or returns an error, or warns (`raise HoldExpired(...)`, `throw new
    Error(...)`, `return fmt.Errorf(...)`), outside its comment and its string literals (`"will raise"`)."""
    at = comment_at(line, path)
    pattern = _RUBY_RAISES if _RUBY.search(path) else _RAISES
    return pattern.search(blanked(line[:at] if at is not None else line)) is not None


_RUBY_HOOKS = frozenset(  # the methods every Ruby object has or a class defines by convention (review 16 F9)
    "initialize call each to_s to_h to_a to_str inspect hash dup clone freeze method_missing".split()
)


def ruby_method(text: str, name: str, last: str) -> bool:
    """Whether a line may write a Ruby method named bare (`#content?`, `#call`): a predicate or a bang with its mark
    (`content` is another method); a hook every object has (`#call`, `#each`) only where the line defines it (`def
    call`): any receiver's `.call(` is some other object's."""
    if name[-1] in "?!" and not re.search(rf"(?<![\w@$]){re.escape(last + name[-1])}", text):
        return False
    return last not in _RUBY_HOOKS or re.search(rf"\bdef\s+(?:self\.)?{re.escape(last)}\b", text) is not None

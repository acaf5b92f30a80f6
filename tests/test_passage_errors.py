"""A rule saying what is an error, beside a change that raises one (issue 36, session 15): a specification's rules on
one feature name it alike, and the one the change implements is often the one telling what to refuse ("tools MUST
produce an error", "the command will error", "Servers MUST reject..."): a change whose code raises, throws or
returns an error implements such a rule, so of two rules the change matches alike, the one stating an error comes
first. The same page in markdown, reStructuredText and Confluence storage; the change in Python, Go, TypeScript, Ruby,
C# and Java."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.passage_errors import refused, states_error, subjects
from doc_context.summary.passage_roles import not_played
from doc_context.summary.quotes import weigh_pages

from .diffs import added
from .spec_page import IDS, readers


@pytest.mark.parametrize(
    "text",
    [
        "When there are multiple blocks of the same type, tools MUST produce an error.",
        "The command will error with an error message if this is not run in a supported build system.",
        "Dependency groups MUST NOT include cycles, and tools SHOULD report an error if they detect a cycle.",
        "Servers MUST reject a request whose header is longer than 8 KiB.",
        "Script runners MUST error if the specified dependencies cannot be provided.",
        "Installers SHOULD warn the user when a file is missing from RECORD.",
        "A capture of an expired hold must fail.",
        "The reader MUST NOT silently ignore it and MUST raise an exception naming the key.",
        "Type checkers should emit a warning for every use of a deprecated name.",
    ],
)
def test_a_rule_saying_what_is_an_error(text: str) -> None:
    assert states_error(text)


@pytest.mark.parametrize(
    "text",
    [
        "SwiftPM will strip all of the warning control flags for remote targets.",  # warnings are its subject
        "An error is returned when the hold has expired.",  # no rule: what happens, told by no modal verb
        "The error MUST include the line number.",  # a rule on the error, not that there is one
        "Errors are logged at the warning level.",
        "Tools MAY ignore an unknown key. The value MUST be a string.",
        "Eager validation is discouraged for tools which primarily install dependency groups.",
    ],
)
def test_no_rule_saying_what_is_an_error(text: str) -> None:
    assert not states_error(text)


def raises(path: str, *lines: str) -> bool:
    return change_terms(Change(parse_diff(added(path, *lines)))).raises


@pytest.mark.parametrize(
    ("path", "lines"),
    [
        ("shop/holds.py", ["def capture(hold):", "    if hold.expired:", "        raise HoldExpired(hold.hold_id)"]),
        ("shop/holds.py", ["def capture(hold):", "    warnings.warn('the hold expired', HoldWarning)"]),
        ("holds/capture.go", ["func Capture(h Hold) error {", '\treturn fmt.Errorf("hold %s expired", h.ID)', "}"]),
        ("holds/capture.go", ["func Capture(h Hold) error {", '\treturn errors.New("hold expired")', "}"]),
        ("src/holds.ts", ["export function capture(hold: Hold): void {", "  throw new HoldExpired(hold.holdId);", "}"]),
        ("lib/holds.rb", ["def capture(hold)", "  raise HoldExpired, hold.hold_id if hold.expired?", "end"]),
        ("Holds/Capture.cs", ["public void Capture(Hold hold) {", "    throw new HoldExpiredException(hold.Id);", "}"]),
        ("src/main/java/Holds.java", ["void capture(Hold hold) {", "  throw new HoldExpired(hold.id());", "}"]),
    ],
)
def test_a_change_whose_code_raises_throws_or_returns_an_error(path: str, lines: list[str]) -> None:
    assert raises(path, *lines)  # failing before: no such reading of the change


@pytest.mark.parametrize(
    ("path", "lines"),
    [
        ("shop/holds.py", ["def capture(hold):", "    return not hold.expired"]),
        ("tests/test_holds.py", ["def test_capture(hold):", "    raise AssertionError('expired')"]),  # a test
        ("shop/holds.py", ["def capture(hold):", "    # raise HoldExpired once the hold is gone", "    return None"]),
        ("docs/holds.md", ["A capture of an expired hold will raise `HoldExpired`."]),  # a document says so
        ("holds/capture.go", ["func Capture(h Hold) bool {", "\treturn !h.Expired // throw away the hold", "}"]),
        ("shop/holds.py", ["def capture(hold):", '    """Capture the hold.', "    It will raise HoldExpired."]),
        ("src/holds.ts", ["export function capture(hold: Hold): string {", '  return "throw it away";', "}"]),
    ],
)
def test_a_change_that_raises_nothing(path: str, lines: list[str]) -> None:
    assert not raises(path, *lines)


# Prose and logging are no raising (session 16, fix16): a docstring's or a comment's words ("raise an error if...",
# "... or throw an error"), a block comment's line without its star, a console's or a logger's error line; each
# language's own raising, throwing or returning of a new error still counts.
@pytest.mark.parametrize(
    ("path", "lines"),
    [
        ("shop/holds.py", ["def capture(hold):", '    """Capture the hold;', "    raise an error if it expired."]),
        (
            "shop/holds.py",
            ["def capture(hold):", '    """Capture the hold, or', "    raise HoldExpired when it expired."],
        ),
        (
            "src/holds.ts",
            ["export function capture(hold: Hold): void {", "  console.error(`hold ${hold.id} expired`);"],
        ),
        ("src/holds.ts", ["/*", "   throw an error when the hold expired", "*/", "export const ttl = 30;"]),
        ("src/holds.js", ["function capture(hold) {", "  logger.error('hold expired', hold.id);", "}"]),
        ("src/main/java/Holds.java", ["/**", "   or throw an exception for an expired hold", "*/", "int ttl = 30;"]),
        ("Holds/Capture.cs", ["public void Capture(Hold hold) {", '    _logger.LogError("hold expired");', "}"]),
        ("holds/capture.go", ["func Capture(h Hold) bool {", '	log.Errorf("hold %s expired", h.ID)', "}"]),
        ("holds/capture.py", ["def capture(hold):", "    LOG.error('hold %s expired', hold.hold_id)"]),
        ("lib/holds.rb", ["# Captures the hold.", "def capture(hold)", "  Rails.logger.error('hold expired')", "end"]),
        # review 16 F6: a docstring's line wrapped after "raise <word>"
        ("shop/cache.py", ["def get(key):", '    """Look the key up and', "    found, or raise KeyError"]),
        ("shop/cache.py", ["def get(key):", '    """Look the key up and raise it']),
    ],
)
def test_prose_or_a_log_line_raises_nothing(path: str, lines: list[str]) -> None:
    assert not raises(path, *lines)  # failing before: the prose's "raise"/"throw", a logger's `.error(`


@pytest.mark.parametrize(
    ("path", "lines"),
    [
        ("shop/holds.py", ["def capture(hold):", "    if hold.expired:", "        raise"]),  # a re-raise
        ("shop/holds.py", ["def capture(hold):", "    raise HoldExpired from None"]),
        ("shop/holds.py", ["def capture(hold):", "    raise self.expired(hold)"]),
        ("src/holds.ts", ["export function capture(hold: Hold): void {", "  if (hold.expired) throw err;", "}"]),
        ("src/holds.js", ["function capture(hold) {", "  throw Object.assign(new Error('expired'), { hold })", "}"]),
        ("Holds/Capture.cs", ["public Hold Capture(Hold? hold) =>", "    hold ?? throw new ArgumentNullException();"]),
        ("Holds/Capture.cs", ["catch (Exception) {", "    throw;", "}"]),
        ("src/main/java/Holds.java", ["void capture(Hold hold) {", "  throw HoldExpired.of(hold);", "}"]),
        ("lib/holds.rb", ["def capture(hold)", "  raise HoldExpired unless hold.live?", "end"]),
        ("lib/holds.rb", ["def capture(hold)", "  hold.live? or raise HoldExpired", "end"]),
        ("lib/holds.rb", ["def capture(hold)", '  raise "hold #{hold.id} expired"', "end"]),
        (
            "holds/capture.go",
            ["func Capture(h Hold) error {", '	return status.Errorf(codes.NotFound, "no hold")', "}"],
        ),
    ],
)
def test_each_language_raising_still_raises(path: str, lines: list[str]) -> None:
    assert raises(path, *lines)


TITLE = "Gift card holds"
LASTS = "A hold on a gift card lasts `hold_timeout` seconds from its creation, whatever the `hold_id` of the shop."
FAILS = "A capture of a hold whose `hold_timeout` has passed MUST fail with an error naming its `hold_id`."
RULES = [
    LASTS,
    FAILS,
    "A shop MAY release a hold before it expires, by its reference.",
    "The balance of a gift card counts every hold the shop has not released.",
]
LEAD = "This page says how a shop holds part of a gift card's balance until the order is paid."


READERS = readers(TITLE, LEAD, RULES, pep=9997)
RAISING = {
    "shop/holds.py": ["def capture(hold_id, hold_timeout):", "    if expired(hold_id, hold_timeout):",
                      "        raise HoldExpired(hold_id)"],
    "holds/capture.go": ["func Capture(holdID string, holdTimeout int) error {",
                         "\tif expired(holdID, holdTimeout) {", '\t\treturn fmt.Errorf("hold %s expired", holdID)',
                         "\t}", "\treturn nil", "}"],
    "src/holds.ts": ["export function capture(holdId: string, holdTimeout: number): void {",
                     "  if (expired(holdId, holdTimeout)) throw new HoldExpired(holdId);", "}"],
}  # fmt: skip
QUIET = ["def capture(hold_id, hold_timeout):", "    return not expired(hold_id, hold_timeout)"]


def first_quoted(page: str, path: str, lines: list[str]) -> str:
    terms = change_terms(Change(parse_diff(added(path, *lines))), within=[page])
    return weigh_pages([(page, TITLE)], terms)[0].matched[0].plain.replace("``", "`")


@pytest.mark.parametrize("read", READERS, ids=IDS)
@pytest.mark.parametrize("path", sorted(RAISING))
def test_the_rule_saying_what_is_an_error_comes_first_beside_a_change_raising_one(
    read: Callable[[], str], path: str
) -> None:
    assert first_quoted(read(), path, RAISING[path]) == FAILS  # failing before: the first rule on the page


@pytest.mark.parametrize("read", READERS, ids=IDS)
def test_a_change_raising_nothing_reads_the_page_in_order(read: Callable[[], str]) -> None:
    assert first_quoted(read(), "shop/holds.py", QUIET) == LASTS
    test_lines = ["def test_capture(hold_id, hold_timeout):", "    raise AssertionError(hold_id)"]
    assert first_quoted(read(), "tests/test_holds.py", test_lines) == LASTS  # a test's raise is no code's


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("If the name does not match, type checkers should emit an error.", ["checker"]),
        ("For every upload, the Python Package Index (PyPI) MUST reject any that names both.", ["index"]),
        ("Includes MUST NOT hold cycles, and tools SHOULD report an error if they find one.", ["tool"]),
        ("PyPI SHOULD validate the file, and MUST reject uploads that do not.", [""]),  # the clause names no subject
        ("A capture of an expired hold must fail. Servers MUST reject a larger header.", ["hold", "server"]),
    ],
)
def test_the_subject_told_to_raise_each_error(text: str, said: list[str]) -> None:
    assert subjects(text) == said


def test_an_error_told_only_to_another_agent_is_not_the_changes() -> None:
    told = "Type checkers should emit an error if the name does not match."
    assert refused([told], True, [{"checker"}]) == [False]  # failing before: any rule stating an error weighed
    assert refused([told], True, [set()]) == [True]  # the change plays the checker, or the page deals no such role
    assert refused([told + " The runtime MUST raise an error too."], True, [{"checker"}]) == [True]  # its own too


def test_every_implementer_plays_the_tools() -> None:
    texts = ["Tools MUST produce an error on a cycle.", "Tools SHOULD warn on a duplicate.",
             "Checkers MUST report an error.", "Checkers SHOULD warn."]  # fmt: skip
    others = not_played(texts, [(0, "")] * 4, frozenset({"runtime", "sentinel"}))
    assert others == [frozenset({"checker"})] * 4
    assert not_played(texts, [(0, "")] * 4, frozenset()) == [frozenset()] * 4  # no code path: nothing told apart


REJECTS = "Card readers MUST reject a capture whose `hold_timeout` has passed, with an error naming its `hold_id`."
SERVES = "The server MUST fail a capture whose `hold_timeout` has passed, with an error naming its `hold_id`."
AGENTS = readers(
    TITLE,
    LEAD,
    [REJECTS, SERVES, "Card readers SHOULD print the balance left on the card after each capture.", RULES[3]],
    pep=9995,
)
SERVING = {
    "shop/server/holds.py": RAISING["shop/holds.py"],
    "server/holds/capture.go": RAISING["holds/capture.go"],
    "src/server/holds.ts": RAISING["src/holds.ts"],
}


@pytest.mark.parametrize("read", AGENTS, ids=IDS)
@pytest.mark.parametrize("path", sorted(SERVING))
def test_an_error_told_to_an_agent_the_change_does_not_play_comes_after_the_changes(
    read: Callable[[], str], path: str
) -> None:
    assert first_quoted(read(), path, SERVING[path]) == SERVES  # failing before: the card readers' rule, first


@pytest.mark.parametrize("read", AGENTS, ids=IDS)
def test_an_error_told_to_the_agent_the_change_plays_stays_first(read: Callable[[], str]) -> None:
    assert first_quoted(read(), "shop/reader/holds.py", RAISING["shop/holds.py"]) == REJECTS

"""Issue 32's wrong pointers, eleventh session, in every language: a story's criteria sharing a file. A criterion
resting there only on a plain phrase (no code named, just enough) where a sibling says twice as much of that file is
the sibling's subject there: with no file of its own it has no evidence (summary/evidence_story.py). A criterion
naming code keeps its files (two entries of one change, each naming the code it adds in a shared file), and so does
one with a file of its own, or one as strong as its sibling there. Each first case failed before its rule."""

from __future__ import annotations

import pytest

from tests.diffs import changed
from tests.evidence_paths import evidence

SIBLING = "Environment variables override settings by their prefix."
PHRASE = "Custom choices are optional."

FILES = [  # (language, the shared file, its line saying the sibling's words, its line with the phrase only)
    ("Go", "core/config.go", "\tEnvPrefix string // environment variables override settings by their prefix",
     "\t// custom choices"),
    ("C#", "src/Acme/Config.cs",
     "    public string EnvPrefix { get; set; } // environment variables override settings by prefix",
     "    // custom choices"),
    ("TypeScript", "src/config.ts", "  envPrefix?: string; // environment variables override settings by prefix",
     "  // custom choices"),
    ("Java", "src/main/java/org/acme/Config.java",
     "    String envPrefix; // environment variables override settings by prefix", "    // custom choices"),
    ("Python", "acme/config.py", "    env_prefix: str = ''  # environment variables override settings by prefix",
     "    # custom choices"),
    ("Ruby", "lib/acme/config.rb", "    attr_accessor :env_prefix # environment variables override settings by prefix",
     "    # custom choices"),
]  # fmt: skip


def rest(path: str) -> str:
    """Three other files of the change, so that what the story's files say is no topic of the whole change."""
    folder, _, name = path.rpartition("/")
    extension = name.rpartition(".")[2]
    return "".join(changed(f"{folder}/part{k}.{extension}", f"ledger{k} = open_ledger({k})") for k in range(3))


@pytest.mark.parametrize(("language", "path", "says", "phrase"), FILES, ids=[f[0] for f in FILES])
def test_a_phrase_alone_in_a_file_a_sibling_says_more_of_is_the_siblings(language, path, says, phrase) -> None:
    change = changed(path, says, phrase) + rest(path)
    assert evidence(SIBLING, change, siblings=[PHRASE]) == [f"/{path}"], language
    assert evidence(PHRASE, change, siblings=[SIBLING]) == [], language
    assert evidence(PHRASE, change) == [f"/{path}"], language  # alone in its story, it is its evidence


@pytest.mark.parametrize(("language", "path", "says", "phrase"), FILES, ids=[f[0] for f in FILES])
def test_a_phrase_with_a_file_of_its_own_keeps_its_files(language, path, says, phrase) -> None:
    other = path.replace("onfig", "hoices").replace("config", "choices")
    change = changed(path, says, phrase) + changed(other, phrase) + rest(path)
    assert evidence(PHRASE, change, siblings=[SIBLING]) == sorted([f"/{path}", f"/{other}"]), language


NAMED = [  # (language, the shared file, two own entries each naming the code it adds there, their lines)
    ("C#", "Dapper/SqlMapper.cs", "Add support for `SqlDecimal` values.",
     "Add an overload of `AddTypeMap` for additional reader types and their field values.",
     ("        [typeof(SqlDecimal)] = DbType.Decimal,",
      "    public static void AddTypeMap(Type type, DbType dbType, bool useGetFieldValue) // additional reader types",
      "        // field values of additional reader types")),
    ("TypeScript", "src/index.ts", "Add an option to override `page.url`.",
     "Use the Referer for non-GET requests to keep the original URL.",
     ("  url: options.pageUrl ?? page.url,", "  // use the Referer for non-GET requests to keep the original URL",
      "  const original = referer(request) // non-GET requests keep the original URL")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "named", "other", "lines"), NAMED, ids=[n[0] for n in NAMED])
def test_an_entry_naming_code_in_a_shared_file_keeps_it(language, path, named, other, lines) -> None:
    change = changed(path, *lines)
    assert evidence(named, change, siblings=[other]) == [f"/{path}"], language


JOINED = [  # (language, the shared file, the sibling's line, the phrase's line: an identifier joining its words)
    ("C#", "src/Refunds/Refund.cs", "    const int SupervisorDays = 14; // refunds after delivery need a supervisor",
     "        if (amount > order.CapturedAmount) throw new RefundTooLarge();"),
    ("Go", "refunds/refund.go", "const supervisorDays = 14 // refunds after delivery need a supervisor",
     "\tif amount > order.CapturedAmount {"),
    ("TypeScript", "src/refunds/refund.ts", "const SUPERVISOR_DAYS = 14; // refunds after delivery need a supervisor",
     "  if (amount > order.capturedAmount) throw new RefundTooLarge();"),
    ("Java", "src/main/java/org/acme/Refund.java",
     "    static final int SUPERVISOR_DAYS = 14; // refunds after delivery need a supervisor",
     "        if (amount.compareTo(order.getCapturedAmount()) > 0) throw new RefundTooLarge();"),
    ("Ruby", "lib/refunds/refund.rb", "  SUPERVISOR_DAYS = 14 # refunds after delivery need a supervisor",
     "    raise RefundTooLarge if amount > order.captured_amount"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "says", "joined"), JOINED, ids=[j[0] for j in JOINED])
def test_a_phrase_an_identifier_joins_is_code_the_criterion_names(language, path, says, joined) -> None:
    """tests/test_evidence_apart.py's refund story in every language: "the captured amount" is `captured_amount`."""
    change = changed(path, says, joined) + rest(path)
    criterion, sibling = (
        "A partial refund never exceeds the captured amount.",
        "Refunds after delivery need a supervisor.",
    )
    assert evidence(criterion, change, siblings=[sibling]) == [f"/{path}"], language

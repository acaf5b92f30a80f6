"""Issue 32's recall, sixth session: a word of the criterion meets the code in another of its forms
(relevance/word_forms.py). A changelog names what the change does, a noun ("emits a deprecation warning", "session
serialization", "British normalising"); the code names the doing (`warnDeprecated(`, `serialize_session`,
`NormalizeHeader`)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.word_forms import forms, in_forms
from doc_context.relevance.words import parts
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")


def evidence(criterion: str, *files: str) -> list[str]:
    found = EvidenceFinder(parse_diff("".join(files))).find(criterion, siblings=SIBLINGS, work_item=SIBLINGS)
    return [f.path for f in found.files]


DEPRECATION = "Emits a deprecation warning for the old constructor."
SERIALIZATION = "Fix session serialization for old cookies."
NORMALISING = "Fix header normalising behind proxies."
CREATION = "Speed up graph creation for large inputs."

FORMS = [  # (language, criterion, file, the one added line, writing its words in another form)
    ("TypeScript", DEPRECATION, "src/client.ts", "    warnDeprecated('new Client(url)');"),
    ("C#", DEPRECATION, "src/Client.cs", '        WarnDeprecated("Client(url)");'),
    ("Java", DEPRECATION, "src/main/java/org/acme/Client.java", '        warnDeprecated("Client(url)");'),
    ("Go", DEPRECATION, "client.go", '\twarnDeprecated("NewClient(url)")'),
    ("Ruby", DEPRECATION, "lib/acme/client.rb", "      warn_deprecated('Client.new(url)')"),
    ("Python", DEPRECATION, "acme/client.py", "        warn_deprecated('Client(url)')"),
    ("TypeScript", SERIALIZATION, "src/session.ts", "    const data = serializeSession(session);"),
    ("C#", SERIALIZATION, "src/Session.cs", "        var data = SerializeSession(session);"),
    ("Java", SERIALIZATION, "src/main/java/org/acme/Session.java", "        String data = serializeSession(session);"),
    ("Go", SERIALIZATION, "session.go", "\tdata := serializeSession(session)"),
    ("Ruby", SERIALIZATION, "lib/acme/session.rb", "      data = serialize_from_session(session)"),
    ("Python", SERIALIZATION, "acme/session.py", "        data = serialize_session(session)"),
    ("TypeScript", NORMALISING, "src/headers.ts", "    return normalizeHeader(name);"),
    ("C#", NORMALISING, "src/Headers.cs", "        return NormalizeHeader(name);"),
    ("Java", NORMALISING, "src/main/java/org/acme/Headers.java", "        return normalizeHeader(name);"),
    ("Go", NORMALISING, "headers.go", "\treturn normalizeHeader(name)"),
    ("Ruby", NORMALISING, "lib/acme/headers.rb", "      normalize_header(name)"),
    ("Python", NORMALISING, "acme/headers.py", "        return normalize_header(name)"),
    ("TypeScript", CREATION, "src/graph.ts", "    return createGraph(nodes);"),
    ("C#", CREATION, "src/Graph.cs", "        return CreateGraph(nodes);"),
    ("Java", CREATION, "src/main/java/org/acme/Graph.java", "        return createGraph(nodes);"),
    ("Go", CREATION, "graph.go", "\treturn createGraph(nodes)"),
    ("Ruby", CREATION, "lib/acme/graph.rb", "      create_graph(nodes)"),
    ("Python", CREATION, "acme/graph.py", "        return create_graph(nodes)"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), FORMS, ids=[f"{f[0]}: {f[1]}" for f in FORMS])
def test_a_word_meets_the_code_in_another_form(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


NOT_FORMS = [  # (criterion, path, an added line whose words only look like another form of the criterion's)
    ("Improve option parsing for aliases.", "acme/module.py", "    opt_parse(argv)"),  # option: no -ion of "opt"
    ("Log the timeout exception with its context.", "acme/module.py", "    except timeout:"),  # Python's `except`
    ("Fix the station list on the map.", "acme/module.py", "    stat_list = map_stats(points)"),  # not "stat"
    # review 5: a stem that is a word of its own, another thing (a quest, Java's project(), Express, Go's select)
    ("Fix the question list for new players.", "lib/game/quests.rb", "      quest_list = Quest.active(player)"),
    ("Fix the question list for new players.", "game/quests.py", "    quest_list = active_quests(player)"),
    ("Show the projection matrix in the debug view.", "src/main/java/org/acme/Camera.java",
     "        Matrix m = project(matrix, view);"),
    ("Fix the expression parser for nested calls.", "src/server.ts", "app.use(express.json({ parser }));"),
    ("Raise the selection timeout for slow replicas.", "pool/pool.go", "\tselect { // timeout"),
]  # fmt: skip


@pytest.mark.parametrize(("criterion", "path", "line"), NOT_FORMS, ids=[f"{n[1]}: {n[0]}" for n in NOT_FORMS])
def test_only_the_regular_forms_meet(criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == []


def test_named_code_is_read_as_written() -> None:
    """A form is prose's: code the criterion names (`Serialization`) shows as it is written, or not at all."""
    assert evidence("The `Serialization` class keeps cookies.", diff("acme/session.py", "    serialize(cookies)")) == []


@pytest.mark.parametrize(
    ("word", "other"),
    [
        ("deprecation", "deprecated"),
        ("serialization", "serialize"),
        ("serialisation", "serialize"),
        ("normalising", "normalization"),
        ("creation", "created"),
        ("validation", "validate"),
    ],
)
def test_the_forms_of_a_word(word, other) -> None:
    (stem,), (other_stem,) = parts(word), parts(other)
    assert other_stem in forms(stem)
    assert stem in forms(other_stem)


@pytest.mark.parametrize(
    ("word", "other"),
    [("question", "quest"), ("projection", "project"), ("expression", "express"), ("selection", "select"),
     ("detection", "detect"), ("compression", "compress")],
)  # fmt: skip
def test_a_noun_whose_stem_is_a_word_of_its_own_has_no_forms(word, other) -> None:
    """Review 5: the stem of an -ion noun other than -ation or -ization is mostly a word of its own, another thing
    as often as the same (a quest, Java's `project()`, Express, Go's `select`): no form, the same-meaning pairs too."""
    (stem,), (other_stem,) = parts(word), parts(other)
    assert other_stem not in forms(stem)
    assert stem not in forms(other_stem)


def test_a_run_takes_one_word_in_another_form() -> None:
    assert in_forms(("deprecation", "warn")) == [("deprecat", "warn")]
    assert in_forms(("option", "pars")) == []

"""Issue 32's recall, twelfth session: code a criterion names is the work item's topic only when half its criteria
name it (relevance/everywhere.Everywhere: its words in a row), never for its words said apart. A story whose every
criterion speaks of connectors and clients names `getConnectorClient` once: that name was read as the story's topic
(its words are) and weighed nothing; it sets the criterion apart, at half its weight, as code another criterion names
does (SHARED): with another of the criterion's terms on its line it is evidence. Named by half the story's criteria
(`ArrayHelpers` in three of five) it stays the topic."""

from __future__ import annotations

import pytest

from tests.diffs import changed as diff
from tests.evidence_paths import evidence

CONNECTORS = (  # a story about connectors and clients: both words are its topic (relevance/everywhere.item_topic)
    "Connectors reconnect after the client restarts.",
    "Fix a race when two connectors share one client.",
    "A client lists its connectors in the settings.",
)

ITEM_NAMES = [  # (language, criterion, file, the added line writing the name and another of the criterion's terms)
    ("TypeScript", "Add a guard to `getConnectorClient`.", "src/actions/getConnectorClient.ts",
     "  if (!ready) throw guardError(getConnectorClient.name);"),
    ("Go", "Add a guard to `ConnectorClient`.", "client/connector.go",
     "\tif !ready { return guardErr(ConnectorClient{}) }"),
    ("Python", "Add a guard to `ConnectorClient`.", "acme/client.py",
     "        if not ready: raise GuardError(ConnectorClient)"),
    ("C#", "Add a guard to `ConnectorClient`.", "src/Acme/Client.cs",
     "        if (!ready) throw new GuardException(nameof(ConnectorClient));"),
    ("Java", "Add a guard to `ConnectorClient`.", "src/main/java/org/acme/Client.java",
     "        if (!ready) throw new GuardException(ConnectorClient.class);"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), ITEM_NAMES, ids=[t[0] for t in ITEM_NAMES])
def test_a_name_of_the_topics_words_no_other_criterion_names_sets_it_apart(language, criterion, path, line):
    assert evidence(criterion, diff(path, line), siblings=CONNECTORS) == [f"/{path}"], language


def test_it_weighs_half_alone() -> None:
    line = "        return new ConnectorClient(options);"
    assert evidence("Add `ConnectorClient`.", diff("src/Acme/Client.cs", line), siblings=CONNECTORS) == []


def test_a_name_half_the_story_names_stays_its_topic() -> None:
    helpers = (  # `ArrayHelpers` in three of five criteria: the story's subject
        "Fix a typo in the `ArrayHelpers` docs.",
        "`ArrayHelpers` methods return the array.",
        "Arrays keep their helpers when reset.",
        "A helper removes an array item.",
    )
    line = "export interface ArrayHelpers<T extends any[] = any[]> { guard: T };"
    found = evidence("Add a guard to the `ArrayHelpers` type.", diff("src/FieldArray.tsx", line), siblings=helpers)
    assert found == []


@pytest.mark.parametrize("title", ["ArrayHelpers in forms", "Forms keep their `ArrayHelpers`"])
def test_the_title_naming_the_code_is_one_of_the_items_sayings(title: str) -> None:
    """The title counts as item_topic counts it (review 12 F1): the title and one of two criteria name `ArrayHelpers`,
    two of three sayings: the story's subject (failing before: only the criteria were counted, one of two)."""
    line = "export interface ArrayHelpers<T extends any[] = any[]> { guard: T };"
    siblings = ("Arrays keep their helpers when reset.",)
    criterion = "Add a guard to the `ArrayHelpers` type."
    assert evidence(criterion, diff("src/FieldArray.tsx", line), siblings=siblings) == ["/src/FieldArray.tsx"]
    assert evidence(criterion, diff("src/FieldArray.tsx", line), siblings=siblings, title=title) == []

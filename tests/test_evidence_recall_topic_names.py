"""Issue 32's recall, tenth session: a name written with `_` or `-` joints is code by its spelling, never prose. Code a
criterion names is everywhere in the change (relevance/everywhere.py: the project's own or the work item's topic)
only when all its words are; a common word is part of such a name too: `required_providers`, in a story whose every
criterion speaks of providers, is one name among them, not the story's topic. A name spelled as prose writes a
product's name (GitHub, ApplicationInsights) and stays the topic its uncommon words are; a snake or kebab name of the
project's own words only (`get-github-info` in packages/get-github-info/) stays the project's."""

from __future__ import annotations

import pytest

from tests.diffs import changed as diff
from tests.evidence_paths import evidence

SESSIONS = (  # a story about sessions: "session" is its topic (relevance/everywhere.item_topic)
    "Sessions expire after the configured idle time.",
    "Fix a race when two sessions close at once.",
    "Session cookies are marked secure.",
)
PROVIDERS = (
    "Providers can be defined at the test case level.",
    "Provider factories are checked before each step.",
    "Fix a regression in the providers' schema cache.",
)

TOPIC_NAMES = [  # (language, criterion, its story's other criteria, file, the added line writing the name)
    ("Go", "Automatically add `required_providers` configuration to each step.", PROVIDERS,
     "helper/resource/teststep_providers.go", '\tb.WriteString("required_providers {\\n")'),
    ("TypeScript", "Read `default_session` from the config.", SESSIONS, "src/config.ts",
     '  const name = config.default_session ?? "main";'),
    ("Python", "Add `list_sessions` to the client.", SESSIONS, "acme/client.py",
     "    def list_sessions(self) -> list[Session]:"),
    ("C#", "Honour the `enable_sessions` switch.", SESSIONS, "src/Acme/Options.cs",
     '        var enabled = options["enable_sessions"];'),
    ("Java", "Read `session_name` from the properties.", SESSIONS, "src/main/java/org/acme/Config.java",
     '        String name = props.getProperty("session_name");'),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "criterion", "siblings", "path", "line"), TOPIC_NAMES, ids=[t[0] for t in TOPIC_NAMES]
)
def test_a_snake_or_kebab_name_of_the_topic_and_a_common_word_is_its_own(language, criterion, siblings, path, line):
    assert evidence(criterion, diff(path, line), siblings=siblings) == [f"/{path}"], language


def test_a_kebab_name_of_the_projects_own_words_stays_everywhere() -> None:
    found = evidence(
        "Errors from `get-github-info` are raised.",
        diff("packages/get-github-info/src/index.ts", 'throw new Error("get-github-info failed");'),
        diff("packages/get-github-info/src/index.test.ts", 'expect(run).toThrow("get-github-info failed");'),
    )
    assert found == []

"""A rule addressed to what the change is (issue 36, session 12): specifications address their rules to roles, agents
named by what they do ("Installers MUST", "Type checkers should", "Receivers MUST"), learned from the page itself (the
agents it addresses two rules or more); the change is one when its code's paths name it or what it does
(`receiver.py`, `receive.ts`, `webhook/receiver/`). Of two rules the change matches alike, the one addressed to its
role comes first. The same page in markdown, reStructuredText and Confluence storage; the change in Python, Go and
TypeScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.passage_roles import addressed, plays, to_the_change
from doc_context.summary.quotes import weigh_pages
from doc_context.text.wikimd import wiki_to_markdown

from .diffs import changed
from .spec_page import IDS, readers


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        ("Installers MUST verify every hash in RECORD.", {"installer"}),
        ("Type checkers should report a use of a deprecated class.", {"checker"}),
        ("A script runner MAY cache the environment it builds.", {"runner"}),
        ("If the installer is installing into a venv, the installer MUST NOT write outside it.", {"installer"}),
        ("The **server** SHOULD NOT transmit a body.", {"server"}),
        ("It MUST be a string. The fields MUST NOT be dynamic.", set()),  # a pronoun, no agent
        ("Installers verify every hash.", set()),  # no RFC 2119 keyword
        ("This is what installers MUST do.", set()),  # the agent is no subject of the sentence
        # a rule whose verb is "be" constrains a thing the page is about, it addresses no agent (review 12 F6)
        ("The header MUST be sent once.", set()),
        ("The identifier MUST be unique. An error SHOULD be raised.", set()),
        ("Either MAY be used. The order must not be changed.", set()),
        ("The server MUST NOT be restarted. The server MUST close the socket.", {"server"}),
    ],
)
def test_the_roles_a_passage_addresses(text: str, roles: set[str]) -> None:
    assert addressed(text) == roles


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        # a thing's rule whose verb says what it holds or how it stands (contain, exceed, have, match, appear, start
        # with) constrains it, as "be" does: no agent (review 12 F6's residual)
        ("The header MUST contain the token.", set()),
        ("The number MUST NOT exceed ten. The parameter SHOULD have a default.", set()),
        ("The identifier MUST match the name. The marker MUST start with a letter.", set()),
        ("Either MAY appear. The marker MUST only consist of digits.", set()),
        ("Files MUST use UTF-8.", set()),  # a thing acting, named by no role
        # the roles specifications address that no -er or -or names
        ("Build backends MUST write the metadata.", {"backend"}),
        ("Installers MUST verify the hash. They MUST include the file in RECORD.", {"installer"}),
        ("Installers MUST verify every hash. Installers MUST include the file in RECORD.", {"installer"}),
        ("A runner MUST start the script. A runner MUST carry the exit code.", {"runner"}),
        ("Tools SHOULD warn about an unknown key.", {"tool"}),
        # a compound role written in two words is the role (review 13: "Front ends" read as no role)
        ("Front ends SHOULD show the warning. Build back ends MUST write it.", {"frontend", "backend"}),
        ("The front end MUST NOT install it.", {"frontend"}),
        ("Clients MUST retry with the new token. Implementations MAY cache it.", {"client", "implementation"}),
        ("The header MUST contain the token. The server MUST send it.", {"server"}),
    ],
)
def test_a_data_subject_is_no_role_and_a_role_needs_no_er(text: str, roles: set[str]) -> None:
    assert addressed(text) == roles


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        # a verb saying where a thing starts or ends, what it defaults to or fits in is no act (review 13)
        ("The counter MUST start at zero. The list MUST begin from the newest entry.", set()),
        ("The parameter MUST default to None. The number MUST fit in 32 bits.", set()),
        ("The line MUST end in a newline. The reader MUST start at the first line.", set()),
        # holding, including, carrying, following, repeating: a thing's as much as an agent's; a subject the text
        # tells nothing else to do is a thing the page constrains
        ("The header MUST carry the token. The order MUST follow the index.", set()),
        ("The error MUST include the line number. The container MUST hold one entry.", set()),
        ("The header MUST NOT repeat.", set()),
        # one the text tells to act too is an agent, whatever it holds or includes
        ("The installer MUST verify the hash. The installer MUST include the file in RECORD.", {"installer"}),
        ("Readers MUST NOT follow a link. Readers MUST reject an unknown key.", {"reader"}),
    ],
)
def test_a_thing_that_holds_or_includes_is_no_role_unless_it_acts(text: str, roles: set[str]) -> None:
    assert addressed(text) == roles


def test_a_subject_that_acts_in_another_passage_of_the_page_is_a_role_there() -> None:
    texts = [
        "Installers MUST verify every hash in RECORD.",
        "Installers MUST include each file they write in RECORD.",
        "The header MUST carry the token.",
        "The header MUST include the expiry.",
    ]
    where = [(0, "")] * 4
    # failing before: the header, told only what it carries and includes, played by a change to `headers.py`
    assert to_the_change(texts, where, frozenset({"header", "http"})) == [False] * 4
    assert to_the_change(texts, where, frozenset({"installer"})) == [True, True, False, False]
    # a page is read alone: the installer acts on another page only
    assert to_the_change(texts[1:], [(1, "")] * 3, frozenset({"installer"})) == [False] * 3


TOKEN_RULES = [  # an RFC's or a PEP's rules on a header (data) and on the clients sending it (a role)
    "The `X-Token` header MUST contain the session token, signed with the `token_key`.",
    "The `X-Token` header MUST NOT exceed 8 KiB once the session token is signed.",
    "Clients MUST send the `X-Token` header with every request that reads the session.",
    "Clients SHOULD renew the session token an hour before it expires.",
]


def token_page(style: str) -> list[str]:
    """The page's passages (its paragraphs) as read from RFC-style markdown or a reStructuredText PEP."""
    if style == "markdown":
        text = "# Session tokens\n\n## Requirements\n\n" + "".join(f"{r}\n\n" for r in TOKEN_RULES)
    else:
        body = "".join(f"{r}\n\n" for r in TOKEN_RULES).replace("`", "``")
        text = f"PEP: 9998\nTitle: Session tokens\n\nSpecification\n=============\n\n{body}"
    read = wiki_to_markdown(text).text
    return [p for p in read.split("\n\n") if any(k in p for k in ("MUST", "SHOULD"))]


@pytest.mark.parametrize("style", ["markdown", "restructuredtext-pep"])
def test_a_change_to_the_header_plays_no_role_a_clients_does(style: str) -> None:
    passages = token_page(style)
    assert len(passages) == 4
    where = [(0, "")] * 4
    assert to_the_change(passages, where, frozenset({"http", "header"})) == [False] * 4  # failing before: the first two
    assert to_the_change(passages, where, frozenset({"client", "session"})) == [False, False, True, True]


@pytest.mark.parametrize(
    ("role", "words", "expected"),
    [
        ("installer", {"src", "installer", "main"}, True),  # the package is one
        ("installer", {"command", "install"}, True),  # its module does what one does
        ("runner", {"cli", "run"}, True),
        ("checker", {"mypy", "checker"}, True),
        ("checker", {"mypy", "install"}, False),
        ("installer", set(), False),
    ],
)
def test_whether_the_change_plays_a_role(role: str, words: set[str], expected: bool) -> None:
    assert plays(role, frozenset(words)) is expected


@pytest.mark.parametrize(
    ("path", "tool"),
    [
        ("tools/bump_version.py", False),  # a repository's own tools: what builds, releases and checks it (review 13)
        ("scripts/tool_versions.sh", False),
        ("ci/tools.ts", False),
        (".github/tools/lint.go", False),
        ("src/packager/tool.py", True),  # what it ships
        ("lib/tools/compile.rb", True),  # a tools folder inside what it ships
    ],
)
def test_a_repositorys_maintenance_folder_plays_no_role(path: str, tool: bool) -> None:
    terms = change_terms(Change(parse_diff(changed(path, "def release(version):", "    publish(version)"))))
    assert plays("tool", terms.paths) is tool


def test_a_role_the_page_addresses_once_is_no_role_of_it() -> None:
    texts = ["Receivers MUST check the signature.", "Senders MUST sign.", "Senders SHOULD retry."]
    assert to_the_change(texts, [(0, "")] * 3, frozenset({"receiver"})) == [False, False, False]
    assert to_the_change(texts, [(0, "")] * 3, frozenset({"sender"})) == [False, True, True]


TITLE = "Webhook deliveries"
SENDERS = "Senders MUST sign each delivery with the `webhook_secret`, the signature in the `X-Signature` header."
RECEIVERS = "Receivers MUST check the `X-Signature` header of a delivery against the `webhook_secret` first."
RULES = [
    SENDERS,
    RECEIVERS,
    "Senders SHOULD retry a failed delivery three times, an hour apart.",
    "Receivers SHOULD answer within ten seconds, before doing the work a delivery asks.",
]
LEAD = "This page says how a shop signs the webhooks it sends and how a receiver checks them."


READERS = readers(TITLE, LEAD, RULES, pep=9999)
CODE = {
    "py": "def verify(request, webhook_secret):\n"
    "    signature = request.headers['X-Signature']\n"
    "    return hmac.compare(signature, sign(request.body, webhook_secret))\n",
    "go": "func Verify(r *http.Request, webhookSecret []byte) bool {\n"
    '\tsignature := r.Header.Get("X-Signature")\n'
    "\treturn hmac.Equal([]byte(signature), sign(r.Body, webhookSecret))\n}\n",
    "ts": "export function verify(request: Request, webhookSecret: string): boolean {\n"
    '  const signature = request.headers.get("X-Signature");\n'
    "  return timingSafeEqual(signature, sign(request.body, webhookSecret));\n}\n",
}


def first_quoted(page: str, path: str) -> str:
    code = CODE[path.rsplit(".", 1)[1]]
    lines = code.splitlines()
    diff = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,0 +1,{len(lines)} @@\n"
    terms = change_terms(Change(parse_diff(diff + "".join(f"+{line}\n" for line in lines))), within=[page])
    return weigh_pages([(page, TITLE)], terms)[0].matched[0].plain.replace("``", "`")


@pytest.mark.parametrize("read", READERS, ids=IDS)
@pytest.mark.parametrize("path", ["hooks/receiver.py", "webhook/receiver/verify.go", "src/receive.ts"])
def test_the_rule_addressed_to_the_changes_role_comes_first(read: Callable[[], str], path: str) -> None:
    assert first_quoted(read(), path) == RECEIVERS  # failing before: the senders' rule, first on the page


@pytest.mark.parametrize("read", READERS, ids=IDS)
@pytest.mark.parametrize("path", ["hooks/sender.py", "hooks/util.go", "tests/test_receiver.py"])
def test_a_change_of_another_role_or_none_reads_the_page_in_order(read: Callable[[], str], path: str) -> None:
    assert first_quoted(read(), path) == SENDERS  # a test of a receiver is no receiver

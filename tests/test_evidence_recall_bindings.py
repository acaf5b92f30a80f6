"""Issue 32's recall, eighteenth session: code the criterion names alone that is a name bound to a value (a schema, a
table, a map of defaults: `const perplexityChunkSchema = z.object({`, `DEFAULT_HEADERS = {`) meets the change inside
that value, as a function named alone meets the change inside its body (tests/test_evidence_recall_definitions.py):
the hunk's header (git's funcname) or the unchanged line the run sits in opens it. Never another name's value, a call
passing the name (`register(defaultOptions, {`), a value closed on its line, nor a one-piece name."""

from __future__ import annotations

import pytest

from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")


def _hunk(path: str, header: str, body: str) -> str:
    """One modified file's hunk as git writes it: its header's funcname, then its context, deleted and added lines."""
    lines = body.strip("\n").split("\n")
    old = sum(1 for line in lines if not line.startswith("+"))
    new = sum(1 for line in lines if not line.startswith("-"))
    head = f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -40,{old} +40,{new} @@ {header}\n"
    return head + "\n".join(lines) + "\n"


BOUND = [  # (language, criterion naming the bound name alone, its file, the hunk's funcname, the hunk)
    ("TypeScript", "Fix `streamChunkSchema` to allow an optional role and nullish content.",
     "packages/provider/src/chat-model.ts", "const streamChunkSchema = z.object({",
     "   choices: z.array(\n     z.object({\n       delta: z.object({\n"
     "-        role: z.literal('assistant'),\n-        content: z.string(),\n"
     "+        role: z.literal('assistant').optional(),\n+        content: z.string().nullish(),\n       }),"),
    ("Ruby", "`DEFAULT_HEADERS` sends the client's version.", "lib/acme/client/connection.rb",
     "DEFAULT_HEADERS = {",
     "   'Accept' => 'application/json',\n+  'X-Client-Version' => Acme::VERSION,\n   'User-Agent' => USER_AGENT,"),
    ("Python", "`RETRYABLE_STATUSES` covers rate limiting.", "acme/http/retry.py", "RETRYABLE_STATUSES = frozenset(",
     "     {\n+        429,\n         502,\n         503,"),
    ("Go", "`defaultRetryPolicy` waits longer between attempts.", "internal/client/retry.go",
     "var defaultRetryPolicy = RetryPolicy{",
     " \tMaxAttempts: 5,\n-\tBackoff:     100 * time.Millisecond,\n+\tBackoff:     250 * time.Millisecond,\n }"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "header", "body"), BOUND, ids=[b[0] for b in BOUND])
def test_a_name_bound_to_a_value_meets_the_change_inside_it(language, criterion, path, header, body) -> None:
    assert evidence(criterion, _hunk(path, header, body), siblings=SIBLINGS) == [f"/{path}"], language


def test_another_names_value_shows_no_name() -> None:
    path, header, body = BOUND[1][2:]
    assert evidence("`DEFAULT_TIMEOUTS` waits longer for uploads.", _hunk(path, header, body), siblings=SIBLINGS) == []


@pytest.mark.parametrize(
    ("header", "criterion"),
    [
        ("register(defaultOptions, {", "`defaultOptions` keeps the user's locale."),  # a call passing the name
        ("if (streamChunkSchema === undefined) {", "`streamChunkSchema` allows an optional role."),  # no binding
        ("const limits = {", "`limits` allows larger uploads."),  # a one-piece name: every module's
    ],
    ids=["a call", "a comparison", "one piece"],
)
def test_what_binds_no_name(header, criterion) -> None:
    diff = _hunk("src/options.ts", header, "   locale: 'en',\n+  upload: 10_000,\n   theme: 'dark',")
    assert evidence(criterion, diff, siblings=SIBLINGS) == []

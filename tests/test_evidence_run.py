"""Acceptance criteria with their evidence, end to end: `doc-context run` as a subprocess against the sandbox, on a
real git checkout of the pull request's change (HEAD^1..HEAD), as a PR build has one.

The content hash holds the evidence: a push that changes it updates the thread, one that does not leaves it
alone. The optional language model's one word per criterion stays only on a line the diff really has.
"""

from __future__ import annotations

import json
import re
import subprocess
from typing import Any

from doc_context.sandbox.checkout import checkout_env, make_checkout, trees

from .fake_chat import DEFAULT_ANSWER, FakeChat

KEY = "sandbox-llm-key-123"
HOLD = "If the second payment fails, the gift card hold is released within 30 seconds and the order stays unpaid."
ROUNDED = "The order total is rounded once (ROUND_HALF_EVEN) before it is split."
LEDGER = "The confirmation e-mail and the ledger export list both payments."


def posted(sandbox) -> tuple[str, int]:
    (thread,) = sandbox.ado.threads(sandbox.info.pr_id)
    return thread["comments"][0]["content"], len(sandbox.ado.requests(method="PATCH"))


def item(body: str, criterion: str) -> str:
    (line,) = [line for line in body.splitlines() if line.startswith(f"- {criterion} — ")]
    return line


def warnings(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("##vso[task.logissue type=warning")]


def test_a_push_that_changes_the_evidence_updates_the_thread_and_one_that_does_not_leaves_it(sandbox, cli, tmp_path):
    pr_id = sandbox.info.pr_id
    first = cli({**sandbox.env(), **checkout_env(make_checkout(tmp_path / "push-1"), pr_id, sandbox.ado)}, "run")
    assert first.code == 0 and "created" in first.stdout, first.output
    body, patches = posted(sandbox)
    assert "**Expected:** checkout shows €10.00, the same total as the ledger export. — [`test_totals.py:7`](" in body

    _, head = trees()  # the same change, pushed again as another commit: the same evidence
    again = make_checkout(tmp_path / "push-2", head=head, message="Round once; split tender (rebased)")
    second = cli({**sandbox.env(), **checkout_env(again, pr_id, sandbox.ado)}, "run")
    assert second.code == 0 and "unchanged" in second.stdout, second.output
    assert posted(sandbox) == (body, patches)

    moved = {**head, "tests/checkout/test_totals.py": "# Bug 4211\n" + head["tests/checkout/test_totals.py"]}
    third = cli(
        {**sandbox.env(), **checkout_env(make_checkout(tmp_path / "push-3", head=moved), pr_id, sandbox.ado)}, "run"
    )
    assert third.code == 0 and "updated" in third.stdout, third.output
    updated, _ = posted(sandbox)
    assert (
        "**Expected:** checkout shows €10.00, the same total as the ledger export. — [`test_totals.py:8`](" in updated
    )
    changed = [(a, b) for a, b in zip(body.splitlines(), updated.splitlines(), strict=True) if a != b]
    assert [a.split(" — ")[0] for a, _ in changed] == [
        "- **Expected:** checkout shows €10.00, the same total as the ledger export."
    ]


def test_when_the_repository_cannot_be_read_evidence_is_by_file_name_and_the_comment_says_so_once(sandbox, cli):
    sandbox.ado.git.deny(sandbox.info.token)  # no checkout, and no Read on the repository
    ran = cli(sandbox.env(), "run")
    assert ran.code == 0, ran.output
    body, _ = posted(sandbox)
    assert body.count("_Evidence is by file name only: the pull request's change could not be read") == 1
    assert any("grant 'Read' on the repository" in line and "Code (Read)" in line for line in warnings(ran.stdout))
    assert re.search(
        r" — \[`rounding\.py`\]\(http://[^)]*\?_a=files&path=/src/checkout/rounding\.py\)$", item(body, ROUNDED)
    )
    assert item(body, LEDGER).endswith(" — _no evidence in the diff's file names_")


def words(messages: list[dict[str, Any]]) -> str:
    """A model's answer: the overview, then a word for three criteria, found by their text in the prompt: the
    hold one cites its first changed line, the rounding one a line the diff does not have, the ledger one
    (no evidence) says 'not visible'."""
    user = messages[1]["content"].replace("\\u003c", "<").replace("\\u003e", ">")
    data = json.loads(user.split("<data>\n", 1)[1].rsplit("\n</data>", 1)[0])
    answer = [DEFAULT_ANSWER]
    for criterion in data["criteria"]:
        if criterion["text"] == HOLD:
            cited = criterion["changed_lines"][0].split(": ", 1)[0]
            answer.append(f"{criterion['id']}: addressed {cited}")
        elif criterion["text"] == ROUNDED:
            answer.append(f"{criterion['id']}: partly src/checkout/rounding.py:999")
        elif criterion["text"] == LEDGER:
            answer.append(f"{criterion['id']}: not visible")
    return "\n".join(answer)


def test_the_models_word_stays_only_on_a_line_the_diff_has(sandbox, cli, tmp_path):
    with FakeChat(api_key=KEY) as chat:
        chat.reply = words
        env = {
            **sandbox.env(),
            **checkout_env(make_checkout(tmp_path / "checkout"), sandbox.info.pr_id, sandbox.ado),
            "DOC_CONTEXT_LLM_URL": chat.azure_url(),
            "DOC_CONTEXT_LLM_AUTH": "api-key",
            "DOC_CONTEXT_LLM_API_KEY": KEY,
        }
        ran = cli(env, "run")
        assert ran.code == 0, ran.output
        (request,) = chat.requests("POST")
    system = request.json["messages"][0]["content"]
    assert "C<n>: addressed <file>:<line>" in system and "Never write that a criterion is met" in system
    body, _ = posted(sandbox)
    assert DEFAULT_ANSWER in body
    assert re.search(r" — _addressed_, says the language model; \[`split_tender\.py:", item(body, HOLD))
    assert item(body, LEDGER).endswith(" — _not visible_, says the language model; _no evidence in the diff_")
    assert " — [`rounding.py:" in item(body, ROUNDED) and "language model" not in item(body, ROUNDED)  # made up
    (dropped,) = [w for w in warnings(ran.stdout) if "rounding.py:999" in w]
    assert "not a changed line of this criterion's evidence files; the word was dropped" in dropped
    assert not re.search(r"\b(met|done|passed|satisfied)\b", body)


def test_an_awkward_diff_stops_nothing_and_loses_no_comment(sandbox, cli, tmp_path):
    """The pull request's change carries every awkward kind at once: a binary file, a renamed file with an edit,
    a deleted one, non-UTF-8 bytes, a 5 MB single line and a file without a newline at its end. The run posts
    the comment, every criterion in it, with evidence from the readable lines."""
    checkout = make_checkout(tmp_path / "awkward")
    (checkout / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x02\xff\xfe")
    (checkout / "docs" / "payments" / "gift-cards.md").rename(checkout / "docs" / "payments" / "gift-card-payments.md")
    (checkout / "src" / "checkout" / "legacy.py").write_bytes("# caf\xe9 rounding ROUND_HALF_EVEN\n".encode("latin-1"))
    (checkout / "static").mkdir()
    (checkout / "static" / "bundle.min.js").write_text("var x=" + "1" * 5_000_000 + ";\n", encoding="utf-8")
    (checkout / "NOTES").write_text("ledger export, no newline at the end", encoding="utf-8")
    git = ["git", "-C", str(checkout)]
    subprocess.run([*git, "add", "-A"], check=True, capture_output=True)
    subprocess.run(
        [*git, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--amend", "--no-edit"],
        check=True,
        capture_output=True,
    )
    changed = subprocess.run(
        [*git, "diff", "--name-status", "-M", "HEAD^1", "HEAD"], check=True, capture_output=True, text=True
    ).stdout
    assert "logo.png" in changed and "R" in {line[0] for line in changed.splitlines()}, changed

    ran = cli({**sandbox.env(), **checkout_env(checkout, sandbox.info.pr_id, sandbox.ado)}, "run")
    assert ran.code == 0 and "created" in ran.stdout, ran.output
    body, _ = posted(sandbox)
    for criterion in (HOLD, ROUNDED, LEDGER):
        assert " — " in item(body, criterion)
    assert "1" * 1_000 not in body and "\ufffd" not in body

"""The discussion of each linked work item: the comments that bear on the change, newest first, at most two,
quoted with their author and date; chit-chat never, deleted ones never read, mentions as plain names."""

from __future__ import annotations

import re

import pytest

from doc_context.sandbox.ado_state import stable_guid
from doc_context.sandbox.seed_story import DECIDING
from doc_context.summary.discussion import chit_chat
from doc_context.text.mentions import html_mentions, markdown_mentions

GUID = stable_guid("person", "Priya Raman")


@pytest.mark.parametrize(
    ("text", "chat"),
    [
        ("Thanks!", True),
        ("+1", True),
        ("LGTM", True),
        ("👍", True),
        ("Thanks, looks good to me", True),
        ("ok, done", True),
        ("Agreed with finance: release the hold within 60 seconds, not 30.", False),
        ("Thanks! The export must list both tenders.", False),
    ],
)
def test_chit_chat_is_a_few_polite_words(text, chat):
    assert chit_chat(text) is chat


@pytest.mark.parametrize(
    ("html", "plain"),
    [
        (
            f'<a href="#" data-vss-mention="version:2.0,{GUID}">@Priya Raman</a> please check',
            "Priya Raman please check",
        ),
        ('<a href="mailto:p@x.example" data-vss-mention="version:1.0">@Priya</a>', "Priya"),
        (
            'see <a href="https://dev.azure.com/f/p/_workitems/edit/42/" data-vss-mention="version:1.0">#42</a>',
            "see work item 42",
        ),
        ('<a data-vss-mention="version:2.0,x" href="#"><span>@Ana</span> Costa</a>', "Ana Costa"),
    ],
)
def test_an_html_mention_becomes_the_plain_name(html, plain):
    assert html_mentions(html) == plain


def test_a_markdown_mention_becomes_the_name_it_stands_for_or_someone():
    names = {GUID.casefold(): "Priya Raman"}
    assert markdown_mentions(f"@<{GUID}> and @<{GUID.upper()}> and @<{stable_guid('x')}>", names) == (
        "Priya Raman and Priya Raman and someone"
    )
    assert markdown_mentions("ask @Ana", {}) == "ask Ana"


def comment(sandbox) -> str:
    return sandbox.ado.threads(sandbox.info.pr_id)[0]["comments"][0]["content"]


def summary(ran, tmp_path) -> str:
    return (tmp_path / "doc-context-summary.md").read_text(encoding="utf-8")


def test_the_demo_shows_the_comment_that_decides_a_value_quietly_and_lists_every_one_in_the_summary(
    sandbox, cli, tmp_path
):
    ran = cli({**sandbox.env(), "AGENT_TEMPDIRECTORY": str(tmp_path), "DOC_CONTEXT_COMMENT_BUDGET": "8000"}, "run")
    assert ran.code == 0, ran.output
    body, full = comment(sandbox), summary(ran, tmp_path)
    assert f"> _Comment, Priya Raman, 2025-10-16:_ Agreed with finance: {DECIDING}, not 30." in body
    asked = "> _Comment, Jamal Hartnett, 2025-10-15:_ Priya Raman if the card payment fails"
    assert asked in body and body.index(DECIDING) < body.index(asked)  # newest first
    for quiet in (body, full):
        assert "@Priya" not in quiet and "@<" not in quiet and GUID not in quiet and "data-vss-mention" not in quiet
        assert "Wrong story" not in quiet  # deleted: never read
    assert "+1" not in body and "Thanks!" not in body  # chit-chat: never in the comment
    assert "_Ana Costa, 2025-10-18:_ +1" in full and "_Priya Raman, 2025-10-14:_ Thanks!" in full  # listed there
    reads = sandbox.ado.requests("GET", r"/_apis/wit/workItems/\d+/comments$")
    assert {r.path.rsplit("/", 2)[-2] for r in reads} == {"4198", "4211", "4230"}  # once per readable item
    assert all(r.query.get("order") == "desc" and "includeDeleted" not in r.query for r in reads)
    assert "comment 102 on work item 4198, Priya Raman 2025-10-16" in ran.stdout  # the log lists each one


def test_a_deleted_comment_the_service_sends_anyway_is_skipped(sandbox, cli, tmp_path):
    sandbox.ado.story.deleted_always = True
    ran = cli({**sandbox.env(), "AGENT_TEMPDIRECTORY": str(tmp_path)}, "run")
    assert ran.code == 0, ran.output
    assert "Wrong story" not in comment(sandbox) + summary(ran, tmp_path) + ran.stdout


def test_at_most_two_comments_an_item_newest_first_and_none_that_does_not_bear_on_the_change(sandbox, cli):
    bug = sandbox.info.bug_id
    say = sandbox.ado.story.add_comment
    say(
        sandbox.ado,
        bug,
        "<div>The ledger export rounds with ROUND_HALF_EVEN since October.</div>",
        date="2025-10-20T08:00:00Z",
    )
    say(sandbox.ado, bug, "<div>Finance wants the order_total rounded once.</div>", date="2025-10-21T08:00:00Z")
    say(sandbox.ado, bug, "<div>Call order_total only after the discount.</div>", date="2025-10-22T08:00:00Z")
    say(sandbox.ado, bug, "<div>Who is on call for the storefront next week?</div>", date="2025-10-23T08:00:00Z")
    ran = cli({**sandbox.env(), "DOC_CONTEXT_COMMENT_BUDGET": "20000"}, "run")
    assert ran.code == 0, ran.output
    body = comment(sandbox)
    bug_part = body[body.index(f"Bug {bug}:") :]
    assert "Call order_total only after the discount" in bug_part and "on call" not in body
    assert "2025-10-20" not in body  # the third that bears on it: only two an item
    assert bug_part.index("2025-10-22") < bug_part.index("2025-10-21")


def test_comments_are_paged_by_continuation_token_never_by_next_page(sandbox, cli, tmp_path):
    bug = sandbox.info.bug_id
    for n in range(450):
        sandbox.ado.story.add_comment(
            sandbox.ado, bug, f"<div>Note {n}</div>", date=f"2025-09-01T{n // 60:02}:{n % 60:02}:00Z"
        )
    ran = cli({**sandbox.env(), "AGENT_TEMPDIRECTORY": str(tmp_path)}, "run")
    assert ran.code == 0, ran.output
    reads = [r for r in sandbox.ado.requests("GET", rf"/workItems/{bug}/comments$")]
    assert len(reads) == 3 and "continuationToken" not in reads[0].query
    assert all(r.query.get("continuationToken") and r.query["$top"] == "200" for r in reads[1:])
    assert len(re.findall(r"_Jamal Hartnett, 2025-09-01:_ Note \d+", summary(ran, tmp_path))) == 450


def test_a_markdown_comment_names_its_mention(sandbox, cli):
    story = sandbox.info.story_id
    sandbox.ado.story.add_comment(
        sandbox.ado, story, f"@<{GUID}> the gift card hold release is in release_hold now.", format="markdown",
        author="Jamal Hartnett", date="2025-10-30T08:00:00Z",
    )  # fmt: skip
    ran = cli({**sandbox.env(), "DOC_CONTEXT_COMMENT_BUDGET": "20000"}, "run")
    assert ran.code == 0, ran.output
    assert "_Comment, Jamal Hartnett, 2025-10-30:_ Priya Raman the gift card hold release" in comment(sandbox)


def test_comments_that_cannot_be_read_are_a_notice_and_the_comment_is_still_posted(sandbox, cli):
    sandbox.ado.add_fault("GET", r"/workItems/4198/comments$", [403])
    ran = cli({**sandbox.env(), "DOC_CONTEXT_COMMENT_BUDGET": "20000"}, "run")
    assert ran.code == 0, ran.output
    assert "the comments of work item 4198" in ran.stdout and "warning" in ran.stdout
    assert "**Tasks:** 1 of 2 done" in comment(sandbox) and "**Discussion**" not in comment(sandbox)


def test_a_comment_that_states_another_value_than_a_criterion_is_a_disagreement(sandbox, cli):
    ran = cli({**sandbox.env(), "DOC_CONTEXT_COMMENT_BUDGET": "20000"}, "run")
    assert ran.code == 0, ran.output
    body = comment(sandbox)
    line = next(line for line in body.splitlines() if "Priya Raman's comment, 60." in line)
    assert "`RELEASE_WITHIN_SECONDS`" in line and "say 30 seconds" in line

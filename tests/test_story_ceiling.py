"""A story with 25 children and 40 comments stays within the comment's ceiling and counts what it leaves out;
the build summary has every child and every comment."""

from __future__ import annotations

import re

from doc_context.sandbox.ado_workitems import relation, work_item
from doc_context.summary.children import CHILD
from doc_context.text.visible import visible_size


def test_twenty_five_children_and_forty_comments_within_the_ceiling(sandbox, cli, tmp_path):
    ado, story = sandbox.ado, sandbox.info.story_id
    kids = list(range(8100, 8125))
    for i in kids:
        ado.add_work_item(work_item(i, "Task", f"Split tender step {i}", state="Closed" if i % 3 == 0 else "Active"))
    raw = ado.work_items.raw(story)
    ado.work_items.add(
        {**raw, "relations": [*raw["relations"], *(relation(CHILD, ado.work_item_url(i)) for i in kids)]}
    )
    for n in range(40):
        text = f"<div>Day {n}: release_hold keeps the hold for RELEASE_WITHIN_SECONDS, see pay_split.</div>"
        ado.story.add_comment(
            ado, story, text, author="Priya Raman", date=f"2025-11-{n % 28 + 1:02}T{n % 24:02}:00:00Z"
        )
    ran = cli({**sandbox.env(), "AGENT_TEMPDIRECTORY": str(tmp_path)}, "run")
    assert ran.code == 0, ran.output
    body = ado.threads(sandbox.info.pr_id)[0]["comments"][0]["content"]
    assert visible_size(body) <= 3000
    note = body.rsplit("\n\n", 1)[-1]
    assert note.startswith("_Trimmed to fit 3,000 visible characters:") and "discussion" in note, note
    assert re.search(r"\d children lines? (shortened|left out)", note)  # fewer by title, then counts, then out
    if "**Tasks:**" in body:
        assert re.search(r"\*\*Tasks:\*\* 10 of 27 done; (17 open|open: .* and 14 more)\n", body)
    full = (tmp_path / "doc-context-summary.md").read_text(encoding="utf-8")
    assert all(f"Split tender step {i}" in full for i in kids)
    assert len(re.findall(r"_Priya Raman, 2025-11-\d\d:_ Day \d+:", full)) == 40

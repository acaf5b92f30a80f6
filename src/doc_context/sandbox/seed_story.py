"""The demo Story's tasks and discussion: two tasks under it (one done, one open) and its comments, one of
which decides a value (the hold is released within 60 seconds, where the criterion says 30), with a mention,
chit-chat and a deleted one beside it."""

from __future__ import annotations

from .ado import FakeAzureDevOps
from .ado_state import Project, stable_guid
from .ado_workitems import relation, work_item

TASK_IDS = (4251, 4252)  # under the Story: the receipt e-mail (open), the ledger export (done)
DECIDING = "release the gift card hold within 60 seconds"  # the comment that decides a value


def seed_story(ado: FakeAzureDevOps, project: Project, story_id: int) -> None:
    """Add the tasks and the comments, and link the tasks under the Story (Hierarchy-Forward and -Reverse)."""
    parent = relation("System.LinkTypes.Hierarchy-Reverse", ado.work_item_url(story_id), isLocked=False, name="Parent")
    tasks = (("E-mail the receipt for both payments", "Active"), ("Ledger export lists both tenders", "Closed"))
    for wid, (title, state) in zip(TASK_IDS, tasks, strict=True):
        ado.add_work_item(work_item(wid, "Task", title, state=state, relations=[parent], project=project.name))
    story = ado.work_items.raw(story_id)
    assert story is not None
    children = [
        relation("System.LinkTypes.Hierarchy-Forward", ado.work_item_url(i), isLocked=False, name="Child")
        for i in TASK_IDS
    ]
    ado.work_items.add({**story, "relations": [*story["relations"], *children]})
    say = ado.story.add_comment
    say(ado, story_id, "<div>Thanks!</div>", author="Priya Raman", date="2025-10-14T08:10:00Z")
    mention = f'<a href="#" data-vss-mention="version:2.0,{stable_guid("person", "Priya Raman")}">@Priya Raman</a>'
    say(
        ado,
        story_id,
        f"<div>{mention} if the card payment fails, how soon must the gift card hold be released?</div>",
        date="2025-10-15T10:20:00Z",
    )
    say(
        ado,
        story_id,
        f"<div>Agreed with finance: {DECIDING}, not 30.</div>",
        author="Priya Raman",
        date="2025-10-16T14:05:00Z",
    )
    say(ado, story_id, "<div>Wrong story, ignore.</div>", date="2025-10-17T09:00:00Z", deleted=True)
    say(ado, story_id, "<div>+1</div>", author="Ana Costa", date="2025-10-18T16:45:00Z")

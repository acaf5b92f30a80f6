"""The publish plan: create, update or leave alone; found by the marker property, never by text."""
from doc_context.errors import PublishError
from doc_context.models import PullRequestRef, Thread
from doc_context.publish import MARKER_VALUE, apply, find_ours, plan_publish

KEY = "DocContext.Thread"
PR = PullRequestRef("https://dev.azure.com/o", "p", "r", 1)


def thread(tid, body="old", key=KEY, deleted=False, value=MARKER_VALUE):
    return Thread(id=tid, status="closed", properties={key: value}, first_comment_id=1, first_comment=body,
                  is_deleted=deleted)


def test_no_thread_creates():
    assert plan_publish([], "body", marker_key=KEY).action == "create"


def test_same_body_is_unchanged():
    assert plan_publish([thread(5, "body")], "body", marker_key=KEY).action == "unchanged"


def test_changed_body_updates_our_thread_only():
    plan = plan_publish([thread(3, key="Other.Key"), thread(5)], "body", marker_key=KEY)
    assert (plan.action, plan.thread.id) == ("update", 5)


def test_text_lookalike_without_property_is_not_ours():
    imposter = Thread(id=9, status="active", properties={}, first_comment_id=1, first_comment="body")
    assert plan_publish([imposter], "body", marker_key=KEY).action == "create"


def test_deleted_thread_is_ignored_and_oldest_wins():
    assert find_ours([thread(4, deleted=True), thread(8), thread(6)], KEY).id == 6


class Recorder:
    """A hand-written fake: records what was posted; can fail the first create ambiguously."""

    def __init__(self, threads=(), fail_first_create=None, created_anyway=False):
        self.existing = list(threads)
        self.calls = []
        self.fail_first_create = fail_first_create
        self.created_anyway = created_anyway

    def threads(self, pr):
        self.calls.append("threads")
        return list(self.existing)

    def create_thread(self, pr, content, *, properties, status):
        self.calls.append("create")
        made = Thread(id=100 + len(self.existing), status=status,
                      properties={k: v for k, v in properties.items()}, first_comment_id=1, first_comment=content)
        if self.fail_first_create is not None:
            error, self.fail_first_create = self.fail_first_create, None
            if self.created_anyway:
                self.existing.append(made)
            raise error
        self.existing.append(made)
        return made

    def update_comment(self, pr, thread_id, comment_id, content):
        self.calls.append(f"update {thread_id}")


def test_ambiguous_create_that_succeeded_is_found_not_duplicated():
    fake = Recorder(fail_first_create=PublishError("503", ambiguous=True), created_anyway=True)
    action, tid = apply(fake, PR, plan_publish([], "b", marker_key=KEY), "b", marker_key=KEY, status="closed")
    assert (action, tid) == ("created", 100)
    assert fake.calls == ["create", "threads"]
    assert len(fake.existing) == 1


def test_ambiguous_create_that_failed_is_tried_again_once():
    fake = Recorder(fail_first_create=PublishError("reset", ambiguous=True))
    apply(fake, PR, plan_publish([], "b", marker_key=KEY), "b", marker_key=KEY, status="closed")
    assert fake.calls == ["create", "threads", "create"]
    assert len(fake.existing) == 1


def test_refused_create_is_not_retried():
    fake = Recorder(fail_first_create=PublishError("TF401027", ambiguous=False))
    try:
        apply(fake, PR, plan_publish([], "b", marker_key=KEY), "b", marker_key=KEY, status="closed")
    except PublishError as e:
        assert "TF401027" in str(e)
    else:
        raise AssertionError("a refusal must surface")
    assert fake.calls == ["create"]


def test_properties_carry_marker_and_markdown_flag():
    fake = Recorder()
    apply(fake, PR, plan_publish([], "b", marker_key=KEY), "b", marker_key=KEY, status="closed")
    assert fake.existing[0].properties == {KEY: MARKER_VALUE,
                                           "Microsoft.TeamFoundation.Discussion.SupportsMarkdown": 1}

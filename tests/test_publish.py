"""The publish plan: create, update or leave alone; found by the marker property, never by text."""

from doc_context.comment.publish import MARKER_VALUE, apply, content_hash, find_ours, hash_key, plan_publish
from doc_context.errors import PublishError
from doc_context.models import PullRequestRef, Thread

KEY = "DocContext.Thread"
PR = PullRequestRef("https://dev.azure.com/o", "p", "r", 1)


def thread(tid, body="old", key=KEY, deleted=False, value=MARKER_VALUE):
    return Thread(
        id=tid, status="closed", properties={key: value}, first_comment_id=1, first_comment=body, is_deleted=deleted
    )


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


def test_deleted_thread_is_ignored_and_newest_wins():
    assert find_ours([thread(4, deleted=True), thread(6), thread(8, deleted=True)], KEY).id == 6
    assert find_ours([thread(6), thread(8)], KEY).id == 8


def test_superseded_thread_is_not_ours():
    assert find_ours([thread(6, value="superseded")], KEY) is None


def test_same_hash_is_unchanged_even_when_the_service_reformatted_the_text():
    stored = Thread(
        id=5,
        status="closed",
        properties={KEY: MARKER_VALUE, hash_key(KEY): content_hash("body")},
        first_comment_id=1,
        first_comment="body\r\n",
    )
    assert plan_publish([stored], "body", marker_key=KEY).action == "unchanged"


class Recorder:
    """A hand-written fake: records what was posted; can fail the first create ambiguously."""

    def __init__(self, threads=(), fail_first_create=None, created_anyway=False, refuse_update=None):
        self.refuse_update = refuse_update
        self.existing = list(threads)
        self.calls = []
        self.fail_first_create = fail_first_create
        self.created_anyway = created_anyway

    def threads(self, pr):
        self.calls.append("threads")
        return list(self.existing)

    def create_thread(self, pr, content, *, properties, status):
        self.calls.append("create")
        made = Thread(
            id=100 + len(self.existing),
            status=status,
            properties={k: v for k, v in properties.items()},
            first_comment_id=1,
            first_comment=content,
        )
        if self.fail_first_create is not None:
            error, self.fail_first_create = self.fail_first_create, None
            if self.created_anyway:
                self.existing.append(made)
            raise error
        self.existing.append(made)
        return made

    def update_comment(self, pr, thread_id, comment_id, content):
        self.calls.append(f"update {thread_id}")
        if self.refuse_update is not None:
            raise self.refuse_update

    def update_thread(self, pr, thread_id, *, status=None, properties=None):
        self.calls.append(f"patch {thread_id} {status} {sorted((properties or {}).items())}")


def test_ambiguous_create_that_succeeded_is_found_not_duplicated():
    fake = Recorder(fail_first_create=PublishError("503", ambiguous=True), created_anyway=True)
    published = apply(fake, PR, plan_publish([], "b", marker_key=KEY), "b", marker_key=KEY, status="closed")
    assert (published.action, published.thread_id) == ("created", 100)
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
    assert fake.existing[0].properties == {
        KEY: MARKER_VALUE,
        hash_key(KEY): content_hash("b"),
        "Microsoft.TeamFoundation.Discussion.SupportsMarkdown": 1,
    }


def test_update_keeps_the_hash_current():
    fake = Recorder()
    published = apply(
        fake, PR, plan_publish([thread(5)], "new", marker_key=KEY), "new", marker_key=KEY, status="closed"
    )
    assert published.action == "updated"
    assert fake.calls == [
        "update 5",
        f"patch 5 None {sorted({KEY: MARKER_VALUE, hash_key(KEY): content_hash('new')}.items())}",
    ]


def test_racing_runs_leave_two_marked_threads_and_the_next_run_retires_the_older():
    plan = plan_publish([thread(5, "b"), thread(8, "b")], "b", marker_key=KEY)
    assert (plan.action, plan.thread.id, [t.id for t in plan.duplicates]) == ("unchanged", 8, [5])
    fake = Recorder()
    published = apply(fake, PR, plan, "b", marker_key=KEY, status="closed")
    assert (published.action, published.thread_id, published.notices) == ("unchanged", 8, ())
    assert fake.calls == [f"patch 5 closed {[(KEY, 'superseded')]}"]


def test_another_identity_posts_anew_and_retires_the_old_thread():
    fake = Recorder(refuse_update=PublishError("TF401027", ambiguous=False))
    published = apply(
        fake, PR, plan_publish([thread(5)], "new", marker_key=KEY), "new", marker_key=KEY, status="closed"
    )
    assert (published.action, published.thread_id) == ("created", 100)
    assert fake.calls[-1] == f"patch 5 closed {[(KEY, 'superseded')]}"
    assert "posted thread 100" in published.notices[0].message

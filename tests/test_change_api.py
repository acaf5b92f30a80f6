"""The change read through Azure DevOps when the run has no checkout of the pull request's merge commit (a manual
rerun, a service hook, `context --pr`, the MCP tool): against the sandbox, in-process, through the CLI's `main`.

The same pull request gives byte for byte the same comment and content hash from its PR build's checkout and
through the API, so a manual rerun after a PR build leaves the thread alone; bad input is a warning or file
names only, and the comment posts.
"""

from __future__ import annotations

import os

import pytest

from doc_context.cli import main
from doc_context.sandbox import Sandbox
from doc_context.sandbox.ado_state import Change
from doc_context.sandbox.checkout import checkout_env, make_checkout, trees
from doc_context.sandbox.seed import STORY_ID

ITEMS = r"/_apis/git/repositories/[^/]+/items"


def run(env: dict[str, str], *args: str) -> tuple[int, str]:
    lines: list[str] = []
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        code = main(list(args), out=lines.append)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return code, "\n".join(lines)


def thread(sandbox: Sandbox) -> tuple[str, dict[str, object]]:
    (only,) = sandbox.ado.threads(sandbox.info.pr_id)
    return only["comments"][0]["content"], only["properties"]


def items(sandbox: Sandbox) -> list[str]:
    return [r.target for r in sandbox.ado.requests("GET", ITEMS)]


def warnings(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("##vso[task.logissue type=warning")]


def test_the_same_pull_request_gives_the_same_comment_and_hash_from_its_checkout_or_the_api(sandbox, tmp_path):
    """A PR build (its checkout's HEAD is the merge commit), then a manual rerun on the target branch (a checkout
    of another commit), then `context --pr` on a laptop (no checkout): one comment, one content hash."""
    build = {**sandbox.env(), **checkout_env(make_checkout(tmp_path / "pr-build"), sandbox.info.pr_id, sandbox.ado)}
    code, out = run(build, "run")
    assert code == 0 and "created" in out, out
    assert not items(sandbox), "the checkout has the change: no request for it"
    posted, properties = thread(sandbox)
    assert "[`rounding.py:1, 9`](" in posted and "no checkout" not in posted

    base, _ = trees()
    moved = {**base, "README.md": "main moved on\n"}  # the target branch, a commit later: not the merge commit
    main_branch = make_checkout(tmp_path / "main", head=moved, message="main")
    manual = {**sandbox.env(), "BUILD_REASON": "Manual", "BUILD_SOURCEBRANCH": "refs/heads/main"}
    manual["BUILD_SOURCESDIRECTORY"] = str(main_branch)
    code, out = run(manual, "run")
    assert code == 0 and "unchanged" in out, out
    assert items(sandbox), "the change was read through Azure DevOps"
    assert thread(sandbox) == (posted, properties) and not sandbox.ado.requests("PATCH"), "the thread is left alone"

    laptop = {
        "AZURE_DEVOPS_PAT": sandbox.info.token,
        **{k: v for k, v in build.items() if k.startswith(("CONFLUENCE", "JIRA"))},
    }
    _, from_api = run(laptop, "context", "--pr", sandbox.pr_url())
    _, from_checkout = run(build, "context")
    assert from_api == from_checkout and "[`rounding.py:1, 9`](" in from_api
    _, api_json = run(laptop, "context", "--pr", sandbox.pr_url(), "--format", "json")
    _, checkout_json = run(build, "context", "--format", "json")
    assert api_json == checkout_json and '"evidenceBasis": "diff"' in api_json


def test_the_changes_files_are_read_in_the_pages_wave_both_sides_each_once_at_the_collection(sandbox):
    code, _ = run(sandbox.env(), "run", "--dry-run")
    assert code == 0
    asked = sandbox.ado.requests("GET", ITEMS)
    merge = sandbox.ado.pull_request(sandbox.info.pr_id).last_merge_commit()
    paths = [(r.query["path"], r.query.get("versionDescriptor.versionOptions", "")) for r in asked]
    assert len(paths) == len(set(paths)) == 12  # 4 edits (both sides), 3 added (new side), 1 deleted (old side)
    assert ("/src/checkout/legacy_round.py", "firstParent") in paths and (
        "/src/checkout/legacy_round.py",
        "",
    ) not in paths
    assert all(r.query["versionDescriptor.version"] == merge for r in asked)
    assert all(r.query["versionDescriptor.versionType"] == "commit" for r in asked)
    assert all(r.headers["Accept"].startswith("application/octet-stream") for r in asked)
    assert {r.headers.get("Authorization") for r in asked} == {
        r.headers.get("Authorization") for r in sandbox.ado.requests("GET", r"/pullRequests/\d+$")
    }, "the Azure DevOps credential, at the collection's own host"


def bad_input(sandbox: Sandbox, count: int = 0) -> None:
    """The demo PR's change, and beside it: a file force-pushed away (404), a non-UTF-8 file, a submodule, a 5 MB
    minified line, and `count` more small files."""
    pr = sandbox.ado.pull_request(sandbox.info.pr_id)
    base, head = trees()
    head = {**head, "src/legacy/latin1.txt": "Prix: 10 € TTC\n".encode("cp1252"), "web/app.min.js": "x" * 5_000_000}
    head |= {f"gen/file{n:05}.txt": f"generated {n}\n" for n in range(count)}
    changes = [Change("/" + p, "add" if p not in base else "edit") for p in head] + [
        Change("/src/checkout/legacy_round.py", "delete"),
        Change("/src/force_pushed.py", "edit"),  # its objects are gone: 404 at the merge commit
        Change("/vendor/ledger", "edit", git_object_type="commit"),  # a submodule
    ]
    sandbox.ado.add_iteration(pr.id, changes)
    sandbox.ado.git.add_change(pr, base, head)


def test_bad_input_is_a_warning_or_file_names_only_and_the_comment_posts(sandbox):
    bad_input(sandbox)
    code, out = run(sandbox.env(), "run")
    assert code == 0, out
    posted, _ = thread(sandbox)
    said = "_3 changed files were read by name only (1 over 1 MB, 1 submodule, 1 could not be read): their evidence"
    assert posted.count("changed files were read by name only") == 1 and said in posted
    assert "[`rounding.py:1, 9`](" in posted, "the rest of the change is read"
    logged = "\n".join(warnings(out))
    assert "not UTF-8, read as Windows-1252: /src/legacy/latin1.txt" in logged
    assert "/src/force_pushed.py: not read (" in logged and "TF401174" in logged
    assert "/web/app.min.js" in logged and "/vendor/ledger" in logged


@pytest.mark.parametrize("count", [400, pytest.param(10_000, marks=pytest.mark.e2e)])  # 10,000: slow, full suite
def test_a_big_pull_request_reads_300_files_and_says_the_rest_once(sandbox, count):
    bad_input(sandbox, count=count)
    code, out = run(sandbox.env(), "run")
    assert code == 0, out
    posted, _ = thread(sandbox)
    assert posted.count("changed files were read by name only") == 1
    assert "beyond the first 300 files and 20 MB" in posted
    assert len(items(sandbox)) <= 2 * 300


def test_check_says_which_way_the_change_is_read_and_names_the_permission_it_lacks(sandbox, tmp_path):
    build = {**sandbox.env(), **checkout_env(make_checkout(tmp_path / "pr-build"), sandbox.info.pr_id, sandbox.ado)}
    _, out = run(build, "check")
    assert "| read the change | ok | from the checkout: its HEAD is the pull request's merge commit" in out
    _, out = run(sandbox.env(), "check")
    assert "| read the change | ok | through Azure DevOps (no checkout of its merge commit " in out
    sandbox.ado.git.deny(sandbox.info.token)
    _, out = run({**sandbox.env(), "BUILD_REASON": "Manual"}, "check")
    [row] = [line for line in out.splitlines() if line.startswith("| read the change |")]
    assert row.startswith("| read the change | warning | the build identity may not read the repository's files")
    assert "grant 'Read' on the repository" in row and "Code (Read) scope" in row


@pytest.mark.parametrize("path", ["/src/gone.py", "/docs/permissions.md", "/src/http_403.py"])
def test_files_missing_at_the_merge_commit_are_not_taken_for_a_missing_permission(sandbox, path):
    """404 GitItemNotFoundException (TF401174) for every changed file (their objects force-pushed away) is not a
    refusal: its code holds '401', and a path may hold 'permission' or '403', yet the warning names the files
    that could not be read, not a permission to grant; `check` says the same."""
    pr = sandbox.ado.pull_request(sandbox.info.pr_id)
    sandbox.ado.add_iteration(pr.id, [Change(path, "edit")])
    sandbox.ado.git.add_change(pr, {}, {})
    code, out = run(sandbox.env(), "run")
    assert code == 0, out
    logged = "\n".join(warnings(out))
    assert f"{path}: not read (" in logged and "TF401174" in logged, logged
    assert "may not read the repository's files" not in logged
    _, out = run(sandbox.env(), "check")
    [row] = [line for line in out.splitlines() if line.startswith("| read the change |")]
    assert "may not read the repository's files" not in row and "TF401174" in row, row


@pytest.mark.e2e  # slow (over a second): the full suite runs it, the fast tier leaves it out
def test_the_files_reads_stop_at_the_runs_deadline(sandbox):
    """Past DOC_CONTEXT_DEADLINE no further side is asked for: the reads still queued give up (the run has left
    the diff out by then), instead of reading on, 4 x concurrency at a time, after the run has moved on."""
    from doc_context.change.read import ChangeReader
    from doc_context.models import PullRequestRef
    from doc_context.sources import ado
    from doc_context.sources.ado_transport import token_auth

    pr = sandbox.ado.pull_request(sandbox.info.pr_id)
    files = {f"src/file{n:03}.py": f"line {n}\n" for n in range(60)}
    sandbox.ado.add_iteration(pr.id, [Change("/" + p, "edit") for p in files])
    sandbox.ado.git.add_change(pr, files, {p: text + "changed\n" for p, text in files.items()})
    gateway = ado.connect(sandbox.ado.base_url, token_auth(sandbox.info.token), timeout=10, user_agent="t")
    ref = PullRequestRef(sandbox.ado.base_url, sandbox.info.project_name, sandbox.info.repo_name, pr.id)
    got, changed = gateway.pull_request(ref), gateway.changed_files(ref)
    sandbox.ado.add_latency("GET", ITEMS, 200)  # 120 sides, 4 at once: 6 s in all
    read = ChangeReader(lambda: gateway.git, concurrency=1, deadline=1.0).read(lambda: got, lambda: changed)
    assert len(items(sandbox)) <= 60, "the reads went on past the deadline"
    assert read.lines is not None and len(read.lines.by_name) >= 30
    assert any("not read within" in n.message for n in read.notices), read.notices


def test_a_400_file_pull_request_read_without_a_checkout_points_each_criterion_at_its_own_file(sandbox):
    """Issue 32's Must show: the first file's identifier, named in a code span, has its evidence; "200 ms" never
    points at mod_200.py, whose lines hold 200 without a unit (a number in a file name is no value either)."""
    pr = sandbox.ado.pull_request(sandbox.info.pr_id)
    base, head = trees()
    head = {**head, "app/catalogue_bridge.py": "def catalogue_bridge_first(page):\n    return page.items\n"}
    head |= {f"gen/mod_{n}.py": "".join(f"x_{i} = load({n})\n" for i in range(40)) for n in range(400)}
    changes = [Change("/app/catalogue_bridge.py", "add")]
    changes += [Change("/" + p, "add" if p not in base else "edit") for p in head if p != "app/catalogue_bridge.py"]
    sandbox.ado.add_iteration(pr.id, changes)
    sandbox.ado.git.add_change(pr, base, head)
    criteria = (
        "<ul><li>Catalogue pages load in under 200 ms.</li>"
        "<li>The shop calls <code>catalogue_bridge_first</code> once.</li></ul>"
    )
    sandbox.ado.work_items.update(STORY_ID, {"Microsoft.VSTS.Common.AcceptanceCriteria": criteria})
    code, out = run(sandbox.env(), "run")
    assert code == 0, out
    posted, _ = thread(sandbox)
    assert "beyond the first 300 files and 20 MB" in posted
    (bridge,) = [line for line in posted.splitlines() if "catalogue_bridge_first" in line]
    assert "catalogue_bridge.py:1" in bridge, bridge
    (fast,) = [line for line in posted.splitlines() if "under 200 ms" in line]
    assert "mod_200" not in fast and "no evidence in the diff" in fast, fast

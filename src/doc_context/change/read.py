"""The pull request's change, read once into a diff, whichever way the run can read it.

    reader = ChangeReader(lambda: gateway.git, source_dir, concurrency=8)
    read = reader.read(get_pull_request, get_changed_files)   # waits for both (asked in the first two waves)
    read.text, read.lines, read.notices                        # read.lines None: the change could not be read

The changed files are the pull request's (its iterations' changes, read already); both sides of each are read:
- from the checkout, when its HEAD is the pull request's merge commit (lastMergeCommit) and HEAD^1 is there
  (a PR build with fetchDepth 2): `git cat-file` reads HEAD:path and HEAD^1:path, no request
  (change/read_checkout.py);
- else through Azure DevOps, at the collection's host with its credential: Items - Get (git 7.1,
  GET {project}/_apis/git/repositories/{repositoryId}/items?path=...&versionDescriptor.version={lastMergeCommit}
  &versionDescriptor.versionType=commit[&versionDescriptor.versionOptions=firstParent], the file's bytes as
  application/octet-stream: the SDK's get_item_content), 4 x `concurrency` at once (at most 32), in the pages'
  wave.
A checkout of another commit (a manual rerun on the target branch, a service hook's) is not used. Both ways feed
the same sides to change/differ.py, within the same caps, so the same pull request gives the same diff.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, Protocol

from doc_context.change.differ import CAPS, Caps, Made, Side, Wanted, assemble, by_name_summary, plan, size
from doc_context.change.read_checkout import from_checkout, head
from doc_context.change.unified import Diff, parse_diff
from doc_context.errors import SourceError, first_line
from doc_context.models import ChangedFile, Check, Notice, PullRequest

SOURCE = "diff"
MAX_BYTES = 2_000_000  # of the diff kept as text: what the summaries rank by
AT_ONCE = 4  # the change's sides in flight, per request the run has in flight (DOC_CONTEXT_CONCURRENCY): 32 by default,
MOST_AT_ONCE = 32  # as Confluence reads 32 pages at once: a 40-file change is read within the pages' wave
CHUNK = 65_536  # bytes of an answer read at once, at most (msrest's data_block_size is 4,096)
CHECKOUT, API = "the checkout", "Azure DevOps"
LATE = "not read within the run's deadline (DOC_CONTEXT_DEADLINE)"
NO_MERGE = (
    "the pull request has no merge commit yet (it has conflicts, or its merge is still being computed), so its "
    "change was not read: evidence is by file name only"
)
NOT_PERMITTED = (
    "the build identity may not read the repository's files ({detail}): grant 'Read' on the repository "
    "(Project settings > Repositories > Security) to '<Project> Build Service (<org>)', or give a personal "
    "access token the Code (Read) scope; evidence is by file name only"
)


@dataclass(frozen=True)
class DiffRead:
    text: str = ""  # the diff's first MAX_BYTES, cut at a line end
    lines: Diff | None = None  # its files and changed lines; None when the change was not read
    notices: tuple[Notice, ...] = ()
    way: str = ""  # CHECKOUT or API, "" when not read


class ItemClient(Protocol):  # azure.devops.v7_1.git.GitClient, as far as it is used here
    def get_item_content(
        self,
        repository_id: str,
        path: str,
        project: str | None = None,
        *args: Any,
        download: bool | None = None,
        version_descriptor: Any = None,
        **kwargs: Any,
    ) -> Iterator[bytes]: ...


class ChangeReader:
    def __init__(
        self,
        client: Callable[[], ItemClient],
        source_dir: str | None = None,
        *,
        concurrency: int = 8,
        caps: Caps = CAPS,
        deadline: float = math.inf,
    ) -> None:
        self._client, self.source_dir, self.caps = client, source_dir, caps
        self.deadline = deadline  # seconds from read(): the run's (DOC_CONTEXT_DEADLINE); no side is asked later
        self.concurrency = min(MOST_AT_ONCE, AT_ONCE * concurrency)  # sides read at once, from the run's concurrency

    def head(self) -> str:
        """The checkout's HEAD commit, when it has a first parent to diff against; "" for none."""
        return head(self.source_dir)

    def way(self, pull_request: PullRequest) -> str:
        """How the change will be read: CHECKOUT or API."""
        head = self.head()
        return CHECKOUT if head and head == pull_request.last_merge_commit else API

    def check(self, pull_request: PullRequest, changed: Callable[[], Sequence[ChangedFile]]) -> Check:
        """`doc-context check`: which way the change will be read, and (through Azure DevOps) whether this identity
        may: one changed file's side is read, as a run would."""
        name, merge = "read the change", pull_request.last_merge_commit
        if self.way(pull_request) == CHECKOUT:
            return Check(name, True, f"from the checkout: its HEAD is the pull request's merge commit {merge[:7]}")
        if not merge:
            return Check(name, True, NO_MERGE, warn=True)
        try:
            wanted, _ = plan(changed(), self.caps)
        except SourceError as e:
            return Check(name, True, f"through Azure DevOps, but its changed files could not be read: {e}", warn=True)
        side = wanted[0].sides()[0] if wanted else None
        got = self._item(pull_request, side[0], side[1], _Budget(2 * self.caps.file)) if side else Side()
        if got.refused:
            return Check(name, True, NOT_PERMITTED.format(detail=got.error), warn=True)
        where = "the checkout is another commit" if self.head() else f"no checkout of its merge commit {merge[:7]}"
        detail = f"through Azure DevOps ({where}): up to {self.caps.files:,} files, {size(self.caps.total)}"
        failed = f"; reading {side[0] if side else ''} failed: {got.error}" if got.error else ""
        return Check(name, True, detail + failed, warn=bool(got.error))

    def read(self, pull_request: Callable[[], PullRequest], changed: Callable[[], Sequence[ChangedFile]]) -> DiffRead:
        head = self.head()  # local: before the pull request's answer comes
        pr = pull_request()
        wanted, by_name = plan(changed(), self.caps)
        if not pr.last_merge_commit:
            return DiffRead(notices=(Notice(SOURCE, NO_MERGE),))
        way = CHECKOUT if head == pr.last_merge_commit else API
        assert self.source_dir is not None or way == API
        sides = from_checkout(self.source_dir or "", wanted, self.caps) if way == CHECKOUT else self._api(pr, wanted)
        made = assemble(wanted, sides, by_name, self.caps)
        if wanted and all(w.path in dict(made.by_name) for w in wanted) and made.errors:
            denied = [s.error for s in sides.values() if s.refused]
            if denied:  # not one file could be read for want of the permission: say which, and no diff
                return DiffRead(notices=(Notice(SOURCE, NOT_PERMITTED.format(detail=denied[0])),), way=way)
        return _read(made, self.caps, way)

    # -- through Azure DevOps
    def _api(self, pr: PullRequest, wanted: Sequence[Wanted]) -> dict[tuple[str, bool], Side]:
        # The bytes all reads may hold at once: the caps, and room for the reads in flight (a side over caps.file
        # gives its bytes back), so within the caps no read is cut; change/differ.assemble then applies the caps
        # in path order, as the checkout's reading does.
        budget = _Budget(
            self.caps.total + (self.caps.file + CHUNK) * self.concurrency, time.monotonic() + self.deadline
        )
        asked = list(dict.fromkeys(key for w in wanted for key in w.sides()))
        if not asked:
            return {}
        with ThreadPoolExecutor(
            max_workers=max(1, min(len(asked), self.concurrency)), thread_name_prefix="sides"
        ) as pool:
            futures = {key: pool.submit(self._item, pr, key[0], key[1], budget) for key in asked}
        return {key: future.result() for key, future in futures.items()}

    def _item(self, pr: PullRequest, path: str, first_parent: bool, budget: _Budget) -> Side:
        from azure.devops.v7_1.git.models import GitVersionDescriptor

        from doc_context.sources.ado_transport import errors

        version = GitVersionDescriptor(
            version=pr.last_merge_commit, version_type="commit", version_options="firstParent" if first_parent else None
        )
        data = bytearray()
        if budget.late():  # the run has left the diff out by now: the reads still queued give up
            return Side(error=LATE)
        try:
            with errors(f"read {path} at {pr.last_merge_commit[:7]}{'^1' if first_parent else ''}", SourceError):
                stream = self._client().get_item_content(
                    pr.repository_id or pr.ref.repository,
                    path,
                    project=pr.project_id or pr.ref.project,
                    download=False,
                    version_descriptor=version,
                )
                for chunk in stream:
                    if budget.late():
                        budget.take(-len(data))
                        return Side(error=LATE)
                    data += chunk
                    if len(data) > self.caps.file:
                        budget.take(-(len(data) - len(chunk)))
                        return Side(over=True)
                    if not budget.take(len(chunk)):
                        return Side(skipped=True)
        except SourceError as e:
            budget.take(-len(data))
            return Side(error=first_line(str(e), 300), refused=_refused(e.__cause__))
        return Side(bytes(data))


class _Budget:
    """The bytes all sides may take together, shared by the threads reading them."""

    def __init__(self, total: int, end: float = math.inf) -> None:
        self._left, self._lock, self._end = total, threading.Lock(), end

    def late(self) -> bool:
        return time.monotonic() >= self._end

    def take(self, n: int) -> bool:
        with self._lock:
            self._left -= n
            return self._left >= 0


def _read(made: Made, caps: Caps, way: str) -> DiffRead:
    """The diff as text (its first MAX_BYTES, cut at a line) and parsed, with what was read by name only."""
    diff = parse_diff(made.text)
    names = tuple(path for path, _ in made.by_name)
    why = by_name_summary(made.by_name, caps)
    notices: list[Notice] = []
    if names:
        shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
        notices.append(Notice(SOURCE, f"{len(names):,} changed files were read by name only ({why}): {shown}"))
    if made.not_utf8:
        notices.append(Notice(SOURCE, f"not UTF-8, read as Windows-1252: {', '.join(made.not_utf8[:5])}"))
    for path, error in made.errors[:5]:
        notices.append(Notice(path, f"not read ({error}); its evidence is by file name"))
    text = made.text if len(made.text) <= MAX_BYTES else made.text[: made.text.rfind("\n", 0, MAX_BYTES) + 1]
    return DiffRead(text, replace(diff, by_name=names, by_name_why=why), tuple(notices), way)


def _refused(cause: BaseException | None) -> bool:
    """Whether the server refused this identity (401, 403, TF400813 not authorized, TF401019 'does not exist or
    you do not have permissions'), judged by its answer alone: not by our message, whose path may say
    'permission' or '403', nor by a 404's code TF401174, which holds '401'."""
    from azure.devops.exceptions import AzureDevOpsAuthenticationError

    if isinstance(cause, AzureDevOpsAuthenticationError):
        return True
    if getattr(cause, "type_key", "") in ("GitItemNotFoundException", "GitUnresolvableToCommitException"):
        return False
    said = re.sub(r"'[^']*'", "''", str(cause or ""))  # the names it quotes (the item's path) aside
    return bool(re.search(r"\b(401|403|TF400813|TF401019)\b|not authorized|unauthorized|permission", said, re.I))

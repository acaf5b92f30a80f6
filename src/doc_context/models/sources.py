"""What the gateways read from the services, as frozen data: the pull request, its work items, the cited pages
and how they are named (Ref, LinkFamily), the threads; and the Clock seam, Notice and Fetched they return."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from typing import Generic, Literal, Protocol, TypeVar

T = TypeVar("T")
WORK_ITEM_BATCH = 200  # work items per batch call: the service's limit
PULL_REQUEST = 0  # who cited a page: a work item's id, or this for the pull request's own description


class Clock(Protocol):
    """Time as the run and the Confluence client see it: the `time` module itself, or in a test a fake
    that records each sleep and returns at once (the seam gidgethub's `sleep` is)."""

    def monotonic(self) -> float: ...
    def time(self) -> float: ...
    def sleep(self, seconds: float, /) -> None: ...


@dataclass(frozen=True)
class Notice:
    """A warning for the pipeline log; never part of the comment."""

    source: str  # "work item 4521", "confluence page 123", "confluence"
    message: str  # what happened and what to do about it


@dataclass(frozen=True)
class Fetched(Generic[T]):
    """What a gateway got, plus the warnings it met on the way."""

    items: tuple[T, ...] = ()
    notices: tuple[Notice, ...] = ()


@dataclass(frozen=True)
class PullRequestRef:
    org_url: str  # https://dev.azure.com/fabrikam (no trailing slash)
    project: str  # name or id
    repository: str  # id or name
    pull_request_id: int


@dataclass(frozen=True)
class PullRequest:
    ref: PullRequestRef
    title: str
    description: str
    source_branch: str = ""
    target_branch: str = ""
    web_url: str = ""
    repository_id: str = ""
    project_id: str = ""
    project_name: str = ""
    repository_name: str = ""
    last_merge_commit: str = ""  # the merge commit of the PR's change into its target (a PR build's HEAD)


@dataclass(frozen=True)
class ChangedFile:
    path: str  # "/src/app.py"
    change_type: str  # "edit", "add", "delete", "rename", "edit, rename"
    original_path: str = ""  # a renamed file's path before
    kind: str = "blob"  # the item's gitObjectType: blob, commit (a submodule), tree


@dataclass(frozen=True)
class Relation:
    rel: str  # "Hyperlink", "System.LinkTypes.Hierarchy-Reverse", ...
    url: str
    comment: str = ""


@dataclass(frozen=True)
class Withheld:
    """Why a source is shown by title and link only: its readers may be fewer than the PR's."""

    why: str  # for the comment, naming nothing: "it belongs to another project"
    detail: str  # for the log and `check`: "project Contoso (DOC_CONTEXT_OTHER_PROJECTS)"


@dataclass(frozen=True)
class WorkItem:
    id: int
    rev: int
    type: str  # "Bug", "User Story", any custom type
    title: str
    state: str
    fields: dict[str, str] = field(default_factory=dict)  # reference name -> raw value (HTML or markdown)
    relations: tuple[Relation, ...] = ()
    markdown_fields: frozenset[str] = frozenset()  # fields stored as markdown (multilineFieldsFormat)
    web_url: str = ""
    project: str = ""  # System.TeamProject: the project's name
    area_path: str = ""  # System.AreaPath, e.g. "Fabrikam\\Security"
    tags: tuple[str, ...] = ()  # System.Tags, split
    withheld: Withheld | None = None  # set by gather: its fields and relations are already gone

    def __hash__(self) -> int:
        return hash((self.id, self.rev))


@dataclass(frozen=True)
class Remark:
    """One comment of a work item's discussion (Comments - Get Comments), its text already markdown with each
    mention as the plain name; deleted comments are never read."""

    work_item: int
    id: int
    author: str  # the author's display name
    date: str  # when it was written, ISO 8601 as the service gave it
    text: str  # markdown
    url: str  # the work item's web address: a comment has none of its own


StateCategories = dict[tuple[str, str], str]  # (type, state), casefolded -> the state's category ("Completed")


PageKind = Literal["page", "blogpost", "space_home"]
# A page's view restrictions: none; its own; an ancestor's; not learned; not asked (the settings need none)
Restriction = Literal["none", "own", "inherited", "unknown", "unchecked"]
PageKey = tuple[str, str, "int | str"]  # (source, scope, id): one page, in every module that joins pages


class Ref(Protocol):
    """A cited document's identity, resolved from a link by its source's link family (PageRef, WikiRef)."""

    @property
    def key(self) -> tuple[object, ...]: ...  # the same document behind different link forms compares equal
    def describe(self) -> str: ...  # "confluence page 123", for the log


class LinkFamily(Protocol):
    """The one parser of a document source's links: citation finding and fetching both call it."""

    @property
    def name(self) -> str: ...  # the source's name: "confluence", "wiki"
    def resolve(self, url: str) -> Ref | None: ...  # None: not a page of this source this run may read


@dataclass(frozen=True)
class PageRef:
    """A Confluence page identity resolved from a link, never the link itself.

    A page_id identifies it alone; otherwise (space_key, title) does, for "page" and "blogpost"
    (a Data Center blog link also carries its posting_day, YYYY-MM-DD); a "space_home" without
    a page_id names only its space_key.
    """

    kind: PageKind = "page"
    page_id: int | None = None
    space_key: str | None = None
    title: str | None = None
    posting_day: str | None = None

    @property
    def key(self) -> tuple[object, ...]:
        """Dedupe key: the same page behind different URL forms compares equal."""
        if self.page_id is not None:
            return ("id", self.page_id)
        if self.kind == "space_home":
            return ("space", (self.space_key or "").casefold())
        return ("title", (self.space_key or "").casefold(), (self.title or "").casefold())

    def describe(self) -> str:
        if self.page_id is not None:
            return f"confluence page {self.page_id}"
        if self.kind == "space_home":
            return f"confluence space {self.space_key} (home page)"
        return f"confluence page '{self.title}' in space {self.space_key}"


@dataclass(frozen=True)
class SignedIn:
    """What the Confluence credential check found."""

    who: str  # the account's name, or what is known of the token
    cloud: bool | None  # what the answer showed: Cloud, Data Center, or None when it did not show
    warning: str = ""  # the check settled nothing, so the pages are read anyway: say so


@dataclass(frozen=True)
class Child:
    """A document under another, as its source lists it (a Jira issue's subtask): shown with its state."""

    title: str  # "PAY-482: Receipt template"
    state: str  # "Done"
    url: str = ""
    done: bool = False  # finished, as its source tells (a Jira status in the "done" category)
    kind: str = ""  # its type: "Sub-task"


@dataclass(frozen=True)
class Page:
    """A fetched document (a Confluence page, a wiki page, any source's), its body already turned into markdown.

    Where it comes from has no default: its source fills in `source`, `scope`, `section` and `restriction`, so a
    new source's pages are never taken for Confluence's. `key` is the page, as every module joins pages."""

    ref: Ref  # the link it was read for
    id: int | str  # unique within (source, scope): a number where the source numbers its pages, else its own id
    title: str
    space_key: str  # a Confluence page's space ("" elsewhere)
    version: int | str  # Confluence's version number, a wiki page's ETag (its last commit)
    web_url: str
    text: str
    degraded: bool = False  # the body was malformed (or too long) and read leniently (or in part)
    restriction_error: str = ""  # why the restriction is "unknown"
    withheld: Withheld | None = None  # set by gather: its text is already gone
    noun: str = "page"  # what the log calls it, before its id: "page 123", "wiki page 12"
    place: str = ""  # where it lives, for the build summary ("" : its space)
    project: str = ""  # the Azure DevOps project it belongs to ("": none), for the audience
    cited_as: frozenset[tuple[object, ...]] = frozenset()  # the keys of the refs that name it (ref.key if empty)
    # What a source with more than text gives (a Jira issue; "" / () elsewhere), shown as a work item's would be:
    status: str = ""  # its type and state beside its title: "Story · In Progress"
    criteria: str = ""  # its acceptance criteria, markdown, one a line: each shown with its evidence from the diff
    children: tuple[Child, ...] = ()  # the documents under it (a Jira issue's subtasks), each with its state
    cites: tuple[str, ...] = ()  # links it gives to other sources' pages (remote links): read in one more wave
    _: KW_ONLY
    source: str  # the document source's name (its LinkFamily's): "confluence", "wiki"
    scope: str  # what its id is unique within: "" (Confluence ids are site-wide), a wiki's id
    section: str  # the comment's heading over its source's pages: "Confluence pages", "Wiki pages"
    restriction: Restriction  # "none" where the source has no per-page view restrictions (a wiki)

    @property
    def key(self) -> PageKey:
        """The page itself, whichever link named it: two reads of one page compare equal, two wikis' page 5 do not."""
        return (self.source, self.scope, self.id)


@dataclass(frozen=True)
class Thread:
    """A PR comment thread as far as publishing needs it."""

    id: int
    status: str | None
    properties: dict[str, object]  # key -> plain value ($value unwrapped)
    first_comment_id: int | None
    first_comment: str
    is_deleted: bool = False

"""Issue 32's recall, ninth session: code a change moves out ("Moved `SessionStore` into a separate package") is deleted
where it was, and those deleted lines are what the change did to it, as for code removed: a criterion saying it moved
reads the change's deleted lines too, for the code it names (relevance/criterion_terms.py: CriterionTerms.moving);
a feature whose verb is "move" ("A card can be moved to another board") names no code moved, and its prose words
never read the deleted lines (review 9, finding 1)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed, deleted, patch
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

MOVED = [  # (language, criterion, the deleted file, its lines)
    ("TypeScript", "Moved `SessionStore` into a separate package.", "src/sessionStore.ts",
     ("export class SessionStore {", "  constructor(private readonly ttl: number) {}", "}")),
    ("Go", "Moves `SessionStore` to its own module.", "session/store.go",
     ("package session", "", "type SessionStore struct {", "\tttl time.Duration", "}")),
    ("C#", "Moved `SessionStore` to the Acme.Sessions package.", "src/Acme/SessionStore.cs",
     ("public sealed class SessionStore", "{", "}")),
    ("Java", "Moved `SessionStore` into the sessions artifact.", "src/main/java/org/acme/SessionStore.java",
     ("public final class SessionStore {", "}")),
    ("Python", "Moved `SessionStore` into a separate distribution.", "acme/session_store.py",
     ("class SessionStore:", "    ttl = 300")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), MOVED, ids=[m[0] for m in MOVED])
def test_code_moved_out_is_shown_where_it_was(language: str, criterion: str, path: str, lines: tuple[str, ...]) -> None:
    found = EvidenceFinder(parse_diff(deleted(path, *lines))).find(criterion, siblings=SIBLINGS, work_item=SIBLINGS)
    assert [f.path for f in found.files] == [f"/{path}"], language
    assert found.files[0].removed


@pytest.mark.parametrize("verb", ["moved", "copied"])
def test_a_feature_that_moves_things_reads_no_deleted_line(verb: str) -> None:
    """The drag adds `api.moveCard`; an old export the change also deletes writes board.cards and card.title: a
    clean-up, no evidence of moving a card, as it is none of copying one."""
    drag = changed("src/boards/drag.ts", "export function onDrop(card: Card, target: Board) {",
                   "  api.moveCard(card.id, target.id);", "}")  # fmt: skip
    export = patch("src/legacy/board_export.ts", "-export function exportBoard(board: Board) {",
                   "-  return board.cards.map((card) => card.title).join(',');", "-}")  # fmt: skip
    criterion = f"A card can be {verb} to another board by dragging it."
    assert evidence(criterion, drag, export, siblings=SIBLINGS) == ["/src/boards/drag.ts"]

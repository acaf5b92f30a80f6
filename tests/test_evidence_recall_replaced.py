"""Issue 32's recall, tenth session: code a change replaces ("Replace the deprecated `LegacyClock` with the system
clock", "Replaced `ioutil.ReadAll` by `io.ReadAll`") is deleted where it was, as code moved out is: a criterion saying
it replaces code reads the change's deleted lines too, for the code it names (relevance/criterion_terms.py:
CriterionTerms.moving); a feature whose verb is "replace" ("A card's cover can be replaced from its menu") names no
code, and its prose words never read the deleted lines."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed, patch
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

REPLACED = [  # (language, criterion, the file, its lines: the named code deleted, other code added)
    ("TypeScript", "Replace all instances of the deprecated React.SFC type with the function type.", "src/connect.tsx",
     ("-  const C: React.SFC<OuterProps> = (props: OuterProps) => (", "+  const C = (props: OuterProps) => (")),
    ("Go", "Replaced `ioutil.ReadAll` with the io package's reader.", "body.go",
     ("-\tdata, err := ioutil.ReadAll(resp.Body)", "+\tdata, err := io.ReadAll(resp.Body)")),
    ("C#", "Replaces `LegacyClock` with the system clock.", "src/Acme/Scheduler.cs",
     ("-        var now = LegacyClock.Now();", "+        var now = DateTimeOffset.UtcNow;")),
    ("Java", "Replaced `LegacyClock` with the JDK's clock.", "src/main/java/org/acme/Scheduler.java",
     ("-        long now = LegacyClock.now();", "+        long now = System.currentTimeMillis();")),
    ("Python", "Replace `legacy_clock` with the standard library's clock.", "acme/scheduler.py",
     ("-    started = legacy_clock()", "+    started = time.monotonic()")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), REPLACED, ids=[r[0] for r in REPLACED])
def test_code_replaced_is_shown_where_it_was(language: str, criterion: str, path: str, lines: tuple[str, ...]) -> None:
    found = EvidenceFinder(parse_diff(patch(path, *lines))).find(criterion, siblings=SIBLINGS, work_item=SIBLINGS)
    assert [f.path for f in found.files] == [f"/{path}"], language
    assert found.files[0].removed


def test_a_feature_that_replaces_things_reads_no_deleted_line() -> None:
    """The menu adds `api.replaceCover`; an old export the change also deletes writes card.cover and card.title: a
    clean-up, no evidence of replacing a card's cover."""
    menu = changed("src/cards/menu.ts", "export function onPick(card: Card, image: Image) {",
                   "  api.replaceCover(card.id, image.id);", "}")  # fmt: skip
    export = patch("src/legacy/card_export.ts", "-export function exportCovers(cards: Card[]) {",
                   "-  return cards.map((card) => card.cover.title).join(',');", "-}")  # fmt: skip
    criterion = "A card's cover image can be replaced from the card menu."
    assert evidence(criterion, menu, export, siblings=SIBLINGS) == ["/src/cards/menu.ts"]


WHOLE = [  # review 10, finding 8: the named code deleted whole, beside an added line sharing a keyword only
    ("Python", "Replace `legacy_clock` with the standard library's clock.", "acme/scheduler.py",
     ("-    return legacy_clock()", "+    return render(page)")),
    ("Java", "Replaced `LegacyClock` with the JDK's clock.", "src/main/java/org/acme/Scheduler.java",
     ("-        return LegacyClock.now();", "+        return render(page);")),
    ("TypeScript", "Replace the deprecated `LegacyClock` with Date.", "src/clock.ts",
     ("-  return LegacyClock.now();", "+  return render(page);")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), WHOLE, ids=[w[0] for w in WHOLE])
def test_code_deleted_whole_beside_a_line_sharing_a_keyword_is_not_replaced_there(
    language: str, criterion: str, path: str, lines: tuple[str, ...]
) -> None:
    found = EvidenceFinder(parse_diff(patch(path, *lines))).find(criterion, siblings=SIBLINGS, work_item=SIBLINGS)
    assert not any(f.removed for f in found.files), language

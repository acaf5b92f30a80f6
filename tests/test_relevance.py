"""relevance/: one engine for the criteria's evidence and the pages' passages: one units table, one way to split
identifiers, one rule for what is everywhere, the change's terms built once from the whole diff."""

from __future__ import annotations

import pytest

from doc_context.change.index import PASS, SCANS
from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.criterion_terms import criterion_terms
from doc_context.relevance.units import unit, values
from doc_context.relevance.words import ident_parts, parts, stem


def diff(path: str, *added: str) -> str:
    body = "".join(f"+{line}\n" for line in added)
    return f"diff --git a{path} b{path}\n--- a{path}\n+++ b{path}\n@@ -0,0 +1,{len(added)} @@\n{body}"


@pytest.mark.parametrize(
    ("criterion", "code"),
    [
        ("released within 30 seconds", "RELEASE_WITHIN_SECONDS = 30"),
        ("at most 3 attempts", "MAX_RETRIES = 3"),
        ("kept for 14 days", "RETENTION_DAYS = 14"),
        ("loads in under 200 ms", "TIMEOUT_MS = 200"),
        ("5% off", "DISCOUNT_PERCENT = 5"),
    ],
)
def test_one_units_table_for_criteria_and_the_change(criterion: str, code: str) -> None:
    (value,) = [t for t in criterion_terms(criterion).terms if t.kind == "value"]
    assert (value.parts[0], value.unit) in values(code)


@pytest.mark.parametrize(("written", "same"), [("seconds", "s"), ("secs", "sec"), ("minutes", "min"), ("%", "percent")])
def test_a_unit_however_written_is_one_unit(written: str, same: str) -> None:
    assert unit(written) == unit(same) != ""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("max_retries", [["maximum", "retry"]]),  # as prose reads "max retries": parts
        ("remoteAddr", [["remot", "address"]]),
        ("payments.giftcard.hold-timeout", [["payment", "giftcard", "hold", "timeout"]]),
        ("to_cents", [["to", "cent"]]),
    ],
)
def test_identifiers_split_as_prose_reads_their_words(text: str, expected: list[list[str]]) -> None:
    assert ident_parts(text) == expected
    assert [w for found in expected for w in found if len(w) >= 3] == parts(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [  # a word is a run of letters of any script (review 8, finding 15), split at case as an identifier is
        ("Rückerstattung für Käufer", ["rückerstattung", "käufer"]),  # für: a function word
        ("l'échéance dépassée", ["échéanc", "dépassé"]),
        ("échéanceDépassée", ["échéanc", "dépassé"]),
        ("Überweisung_Gebühr", ["überweisung", "gebühr"]),
    ],
)
def test_words_of_any_scripts_letters_are_read_whole(text: str, expected: list[str]) -> None:
    assert parts(text) == expected


@pytest.mark.parametrize("word", ["rückerstattung", "échéanc", "gebühr"])
def test_the_index_finds_a_word_of_any_scripts_letters(word: str) -> None:
    change = Change(
        parse_diff(diff("/a.py", 'raise Fehler("Rückerstattung: Gebühr bei échéance")') + diff("/b.py", "x = 1"))
    )
    assert change.index is not None and sorted(change.index.files_with_any("added", [word])) == [0]


def test_the_change_terms_read_the_whole_diff_not_its_first_megabytes() -> None:
    filler = diff("/src/filler.py", *(f"x{n} = compute_{n}()  # {'.' * 80}" for n in range(30_000)))
    late = diff("/src/hold.py", "RELEASE_HOLD_WITHIN_SECONDS = 30")
    assert len(filler) > 2_000_000
    terms = change_terms(Change(parse_diff(filler + late)), within=["The hold is released within 30 seconds."])
    assert ("value", ("30", "s")) in terms.weights


def test_one_rule_for_what_is_everywhere() -> None:
    lines = [f"refund_{n} = ledger.refund(order_{n})" for n in range(6)]
    change = Change(parse_diff(diff("/src/a.py", *lines) + diff("/src/b.py", "chargeback = 1")))
    assert change.everywhere("refund") and change.everywhere("src")
    assert not change.everywhere("chargeback")


def test_terms_no_page_can_hold_are_not_kept() -> None:
    change = Change(parse_diff(diff("/src/a.py", "round_once(total)", "hold_timeout_seconds = 30")))
    kept = change_terms(change, within=["Round once, on the order total."]).weights
    assert ("ident", ("round", "onc")) in kept  # stems: "once" is "onc"
    assert not any("hold" in term for _, term in kept)


@pytest.mark.parametrize(
    ("words", "files"),
    [
        (["hold"], [0]),  # hold_timeout_seconds
        (["address"], [1]),  # remote_addr: an abbreviation written out
        (["entry", "total"], [1, 2]),  # "entries" stems to "entry"; "totals"
        (["#30"], [0]),  # a number, as the index reads one
        (["refund"], []),
        (["address", "total", *(f"other{n}" for n in range(PASS))], [1, 2]),  # a long page's: one pass, same files
    ],
)
def test_the_files_using_any_of_a_pages_words_are_looked_up_in_the_index(words: list[str], files: list[int]) -> None:
    change = Change(parse_diff(diff("/a.py", "hold_timeout_seconds = 30") + diff("/b.py", "entries[remote_addr]")
                               + diff("/c.py", "totals = sum(lines)")))  # fmt: skip
    assert change.index is not None and sorted(change.index.files_with_any("added", words)) == files


@pytest.mark.parametrize(
    ("words", "files"), [(["hold"], [0]), (["address"], [1]), (["entry", "total"], [1, 2]), (["refund"], [])]
)
def test_a_sides_postings_find_the_files_its_scans_found(words: list[str], files: list[int]) -> None:
    """Past SCANS asks of a side (a long page asks hundreds of words) the files come from the tokens' postings, built
    once, not a scan of every file (review 15 F3): the same files, a word asked first or last."""
    change = Change(parse_diff(diff("/a.py", "hold_timeout_seconds = 30") + diff("/b.py", "entries[remote_addr]")
                               + diff("/c.py", "totals = sum(lines)")))  # fmt: skip
    index = change.index
    assert index is not None and sorted(index.files_with_any("added", words)) == files
    for n in range(SCANS + 1):
        index.files_with_any("added", ["total", f"other{n}"])
    assert index._postings and sorted(index.files_with_any("added", words)) == files


def test_a_file_without_the_pages_words_is_read_for_its_numbers_only() -> None:
    """change_terms reads line by line only the files the index finds a page's word in (the others for a number
    they share with it): the same terms as reading every line (benchmarks/pages_scale.py: 2.6 -> 1.0 s on 20 MB)."""
    text = diff("/a.py", "hold_timeout_seconds = 30", "other = 7") + diff("/b.py", "wait(30)  # seconds", "x = 2")
    text += diff("/c.py", "unrelated_name = compute()")
    page = ["The hold is released within 30 seconds, 2 at a time."]
    indexed = change_terms(Change(parse_diff(text)), within=page).weights
    read = Change(parse_diff(text))
    read.index = None  # every line read, as before the index was asked
    assert indexed == change_terms(read, within=page).weights and ("value", ("30", "s")) in indexed


@pytest.mark.parametrize(
    ("text", "kept"),
    [("TripleDES DES", "des"), ("MIT licence", "mit"), ("auxPort", "aux"), ("delKey", "del"), ("pourRate", "pour")],
)
def test_another_languages_function_words_leave_the_words_code_writes(text: str, kept: str) -> None:
    """Review 9, finding 13: the function words of German, French, Spanish... are stop words, but not one code or
    English writes: the DES cipher, the MIT licence, an aux port, a del key (failing before for `des`)."""
    assert stem(kept) in parts(text)

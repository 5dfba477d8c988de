"""Find Next and Find Previous found ahead: once a find lands, the matches
F3 and Shift+F3 would go to are searched for in the background, the keys
take them without a new search, and the views prepare where they lead."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.windows import LINE, assert_shown_as_prepared, rest_until_prepared, work_done
from PySide6.QtCore import Qt

from mojiscope.app.background import find_ahead
from mojiscope.app.background.find_ahead import FindQuestion, find_near
from mojiscope.app.dialogs.find import HEX_MODE, FindDialog
from mojiscope.app.grid.ahead import rows_shown_after_jump
from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core.system.control import UNCONTROLLED

NEEDLE = b"\xfe\xfd"
SHIFT = Qt.KeyboardModifier.ShiftModifier


def open_with_matches(window: MainWindow, tmp_path: Path, fractions: list[float]) -> list[int]:
    """Open 600 KB of accented text holding :data:`NEEDLE` at each of
    ``fractions`` of it (utf-8 shown); returns where the matches are."""
    data = bytearray(LINE * 30_000)
    where = sorted(int(len(data) * fraction) for fraction in fractions)
    for offset in where:
        data[offset : offset + len(NEEDLE)] = NEEDLE
    path = tmp_path / "matches.txt"
    path.write_bytes(bytes(data))
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(path)
    window.grid.setFocus()
    return where


def find_and_wait(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.search.finished, timeout=5000):
        window.search.find(NEEDLE)


def rest_until_found_ahead(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Wait for the search ahead, and for the views to prepare what it found."""
    qtbot.waitUntil(lambda: bool(window.search.likely_finds()), timeout=5000)
    rest_until_prepared(qtbot, window)


def test_f3_and_shift_f3_go_through_every_match_and_wrap_without_a_new_search(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """After a rest each key lands at once, inside the key's own handling
    (no search job runs), on the match a search from scratch finds."""
    where = open_with_matches(window, tmp_path, [0.1, 0.35, 0.6, 0.9])
    find_and_wait(qtbot, window)
    assert window.selection.start == where[0]
    visited = [window.selection.start]
    for _ in range(len(where)):
        rest_until_found_ahead(qtbot, window)
        qtbot.keyClick(window.grid, Qt.Key.Key_F3)
        assert window.search.handle is None  # answered, not searched
        visited.append(window.selection.start)
        assert (window.selection.start, window.selection.end) == (
            visited[-1],
            visited[-1] + len(NEEDLE),
        )
    assert visited == [*where, where[0]]  # the last F3 wrapped round to the first
    for expected in [where[-1], where[-2]]:
        rest_until_found_ahead(qtbot, window)
        qtbot.keyClick(window.grid, Qt.Key.Key_F3, SHIFT)
        assert window.search.handle is None
        assert window.selection.start == expected


def test_a_match_changed_on_disk_since_it_was_found_ahead_is_searched_for_again(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """The answer found ahead is read again before it is used: when the
    needle is gone from there, F3 searches and lands on the next one."""
    where = open_with_matches(window, tmp_path, [0.2, 0.5, 0.8])
    find_and_wait(qtbot, window)
    rest_until_found_ahead(qtbot, window)
    assert window.search.likely_finds() == [(m, m + len(NEEDLE)) for m in (where[1], where[2])]
    with open(tmp_path / "matches.txt", "r+b") as f:
        f.seek(where[1])
        f.write(b"ab")
    with qtbot.waitSignal(window.search.finished, timeout=5000):
        qtbot.keyClick(window.grid, Qt.Key.Key_F3)
        assert window.search.handle is not None  # a search, not the stale answer
    assert window.selection.start == where[2]


def test_the_screen_and_text_of_the_next_match_are_ready_after_a_rest(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """F3 then makes no text window or document and paints no row (the
    match's rows were painted with the needle's bytes selected), and the
    grid shows exactly what a fresh paint would."""
    where = open_with_matches(window, tmp_path, [0.1, 0.7])
    find_and_wait(qtbot, window)
    rest_until_found_ahead(qtbot, window)
    before = work_done(window)
    qtbot.keyClick(window.grid, Qt.Key.Key_F3)
    assert_shown_as_prepared(qtbot, window, before)
    assert window.selection.start == where[1]


def test_after_a_find_the_next_matchs_screen_is_painted_ahead_first(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """A held F3 presses again 30-40 ms after the last: the next match's
    screen comes before the pages and the ends in what the grid paints ahead."""
    where = open_with_matches(window, tmp_path, [0.1, 0.7])
    find_and_wait(qtbot, window)
    qtbot.waitUntil(lambda: bool(window.search.likely_finds()), timeout=5000)
    grid = window.grid
    visible, total = grid.visible_rows(), grid.total_rows()
    next_row = where[1] // grid.bytes_per_row
    first = grid.ahead.screens()[0]
    assert first == rows_shown_after_jump(next_row, grid.top_row(), visible, total)
    assert first[0] <= next_row < first[1]


def test_moving_away_from_the_match_drops_the_prepared_finds(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """The answers hold for the place they were found from: once the cursor
    moves, the views stop preparing them, and F3 searches from the cursor."""
    where = open_with_matches(window, tmp_path, [0.1, 0.4, 0.7])
    find_and_wait(qtbot, window)
    rest_until_found_ahead(qtbot, window)
    window.selection.move_cursor(where[1] + 10)
    assert window.search.likely_finds() == []
    with qtbot.waitSignal(window.search.finished, timeout=5000):
        qtbot.keyClick(window.grid, Qt.Key.Key_F3)
    assert window.selection.start == where[2]


def test_the_find_dialog_finds_ahead_as_the_needle_is_typed(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
    answer_dialog,  # type: ignore[no-untyped-def]
) -> None:
    """As the needle is typed, the match after the cursor is found in the
    background and the views prepare it with its bytes selected: Enter then
    selects it with no search, painting no row and building no text."""
    where = open_with_matches(window, tmp_path, [0.3, 0.8])
    window.selection.move_cursor(where[0] + 5)
    hit = (where[1], where[1] + len(NEEDLE))
    seen: list[tuple[int, int, int]] = []

    def type_and_rest(dialog: FindDialog) -> bool:  # type: ignore[override]
        dialog.mode_box.setCurrentIndex(dialog.mode_box.findData(HEX_MODE))
        qtbot.keyClicks(dialog.editor, NEEDLE.hex())
        qtbot.waitUntil(lambda: window.forecast.foreseen() == [hit[0]], timeout=5000)
        rest_until_prepared(qtbot, window)
        seen.append(work_done(window))
        return True

    answer_dialog(type_and_rest)
    window.search.find_dialog()
    assert_shown_as_prepared(qtbot, window, seen[0])
    assert window.search.handle is None  # answered, not searched
    assert (window.selection.start, window.selection.end) == hit
    assert window.forecast.foreseen() == []  # the dialog closed


def test_a_cancelled_find_dialog_gives_find_next_and_previous_back_their_answers(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
    answer_dialog,  # type: ignore[no-untyped-def]
) -> None:
    """The dialog's looks for another needle replace the answers found
    ahead for the last find; cancelling it looks for those again, so F3
    and Shift+F3 still land with no search."""
    where = open_with_matches(window, tmp_path, [0.2, 0.5, 0.8])
    find_and_wait(qtbot, window)
    rest_until_found_ahead(qtbot, window)

    def type_another_and_cancel(dialog: FindDialog) -> bool:  # type: ignore[override]
        dialog.mode_box.setCurrentIndex(dialog.mode_box.findData(HEX_MODE))
        qtbot.keyClicks(dialog.editor, "c3a9")  # é: everywhere in the text
        qtbot.waitUntil(lambda: bool(window.forecast.foreseen()), timeout=5000)
        assert window.search.likely_finds() == []  # F3's answers are gone meanwhile
        return False

    answer_dialog(type_another_and_cancel)
    window.search.find_dialog()
    rest_until_found_ahead(qtbot, window)
    assert window.search.likely_finds() == [(m, m + len(NEEDLE)) for m in (where[1], where[2])]
    qtbot.keyClick(window.grid, Qt.Key.Key_F3, SHIFT)
    assert window.search.handle is None  # answered, not searched
    assert window.selection.start == where[2]  # wrapped round


def test_a_match_further_than_a_look_reaches_is_searched_for_when_asked(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
    answer_dialog,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A look ahead reaches only so far from where it starts (one starts
    after every find and at each pause in typing a needle, and a large file
    not cached would be read whole each time): a match further away is not
    prepared, and Enter, or F3, searches for it."""
    monkeypatch.setattr(find_ahead, "LOOK_WITHIN", 100_000)
    where = open_with_matches(window, tmp_path, [0.3, 0.8])  # 345 KB apart
    window.selection.move_cursor(where[0] + 5)

    def type_and_rest(dialog: FindDialog) -> bool:  # type: ignore[override]
        dialog.mode_box.setCurrentIndex(dialog.mode_box.findData(HEX_MODE))
        qtbot.keyClicks(dialog.editor, NEEDLE.hex())
        qtbot.waitUntil(lambda: not window.search.ahead.looking(), timeout=5000)
        assert window.forecast.foreseen() == []
        return True

    answer_dialog(type_and_rest)
    with qtbot.waitSignal(window.search.finished, timeout=5000):
        window.search.find_dialog()
        assert window.search.handle is not None  # a search
    assert window.selection.start == where[1]
    qtbot.waitUntil(lambda: not window.search.ahead.looking(), timeout=5000)
    assert window.search.likely_finds() == []  # either way, 345 KB off
    with qtbot.waitSignal(window.search.finished, timeout=5000):
        qtbot.keyClick(window.grid, Qt.Key.Key_F3)
        assert window.search.handle is not None
    assert window.selection.start == where[0]  # wrapped round


@pytest.mark.parametrize(
    ("forward", "start", "within", "expected"),
    [
        (True, 150, 500, None),  # the next is 750 on
        (True, 150, 800, 900),
        (False, 850, 500, None),  # the previous is 750 back
        (False, 850, 800, 100),
        (True, 950, 1000, 100),  # the whole source in reach: round the end
        (False, 50, 1000, 900),  # and round the start
    ],
)
def test_a_look_reaches_so_far_either_way_and_wraps_only_when_it_covers_all(
    forward: bool, start: int, within: int, expected: int | None
) -> None:
    data = bytearray(b"-" * 1000)
    data[100:102] = data[900:902] = NEEDLE
    question = FindQuestion(Document.from_bytes(bytes(data), "two"), NEEDLE, forward, start)
    assert find_near(question, within, UNCONTROLLED) == expected

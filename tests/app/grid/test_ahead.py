"""Painting ahead: once the user rests, the screens a navigation key brings
(a page down or up, the first and the last) and those a jump is about to
bring are laid out and painted, so the key only stamps kept strips; and
what was painted ahead shows exactly what a fresh paint would."""

from __future__ import annotations

from pathlib import Path

from helpers.windows import (
    assert_shown_as_prepared,
    fresh_grid_image,
    grid_image,
    open_indexed_with_anomalies,
    rest_until_prepared,
    work_done,
)
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QDockWidget

from mojiscope.app.dialogs.goto import GotoDialog
from mojiscope.app.grid.ahead import rows_ahead, rows_shown_after_jump
from mojiscope.app.window.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier


def test_rows_ahead_of_a_view_in_the_middle_are_the_next_page_the_last_page_and_the_ends() -> None:
    assert rows_ahead(top=100, visible=20, total=1000) == [
        (121, 142),  # Page Down from any row shows rows up to top + 2 * visible + 1
        (79, 100),  # Page Up from any row shows rows from top - visible - 1
        (0, 21),
        (980, 1000),
    ]


def test_rows_ahead_of_a_view_that_last_moved_up_are_the_page_above_first() -> None:
    assert rows_ahead(top=100, visible=20, total=1000, upwards=True)[:2] == [(79, 100), (121, 142)]


def test_rows_ahead_are_clipped_to_the_file_and_drop_empty_ranges() -> None:
    assert rows_ahead(top=0, visible=20, total=30) == [(21, 30), (0, 21), (10, 30)]
    assert rows_ahead(top=0, visible=20, total=5) == [(0, 5), (0, 5)]


def test_after_a_rest_a_navigation_key_paints_no_row(
    qtbot,  # type: ignore[no-untyped-def]
    mixed_window: MainWindow,
    new_screen_key: tuple[Qt.Key, Qt.KeyboardModifier],
) -> None:
    """Its screen was painted ahead, and a strip is the same whatever the
    key selects on its row: the key only stamps."""
    key, modifiers = new_screen_key
    grid = mixed_window.grid
    qtbot.waitUntil(lambda: not grid.ahead.pending(), timeout=10_000)
    before = grid.stats.rows_painted
    top = grid.top_row()
    qtbot.keyClick(grid, key, modifiers)
    kept = grid_image(mixed_window)
    assert grid.top_row() != top  # a new screen came
    assert grid.stats.rows_painted == before
    assert kept == fresh_grid_image(mixed_window)


def test_in_a_decoded_column_a_key_that_selects_a_longer_character_paints_no_row(
    qtbot,  # type: ignore[no-untyped-def]
    mixed_window: MainWindow,
) -> None:
    """The selection is painted over the strips, so a key that selects a
    whole character of several bytes on a screen painted ahead paints no
    row either, and shows it exactly."""
    grid = mixed_window.grid
    grid.set_focus_area("column")
    mixed_window.selection.move_cursor(0)
    qtbot.waitUntil(lambda: not grid.ahead.pending(), timeout=10_000)
    before = grid.stats.rows_painted
    qtbot.keyClick(grid, Qt.Key.Key_Right)  # the second letter: two bytes
    assert (mixed_window.selection.start, mixed_window.selection.end) == (2, 4)
    assert grid_image(mixed_window) == fresh_grid_image(mixed_window)
    qtbot.waitUntil(lambda: not grid.ahead.pending(), timeout=10_000)
    qtbot.keyClick(grid, Qt.Key.Key_End, CTRL)
    kept = grid_image(mixed_window)
    assert grid.stats.rows_painted == before
    assert kept == fresh_grid_image(mixed_window)


def test_keys_back_to_back_paint_nothing_ahead(qtbot, mixed_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    grid = mixed_window.grid
    qtbot.waitUntil(lambda: not grid.ahead.pending(), timeout=10_000)
    rested = grid.stats.rows_painted
    for _ in range(5):  # each paint restarts the wait, and no time passes between
        QApplication.sendEvent(
            grid,
            QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_PageDown, Qt.KeyboardModifier.NoModifier),
        )
        grid_image(mixed_window)
    assert grid.ahead.pending()
    shown = grid.visible_rows() + 1
    # The first page was painted ahead; the four after it are new.
    assert grid.stats.rows_painted - rested <= 4 * shown


def test_between_the_presses_of_a_held_key_part_of_the_next_page_is_painted(
    qtbot,  # type: ignore[no-untyped-def]
    mixed_window: MainWindow,
) -> None:
    grid = mixed_window.grid
    for _ in range(3):  # auto-repeat: a press every 35 ms
        qtbot.keyClick(grid, Qt.Key.Key_PageDown)
        grid_image(mixed_window)
        qtbot.wait(35)
    before = grid.stats.rows_painted
    qtbot.keyClick(grid, Qt.Key.Key_PageDown)
    grid_image(mixed_window)
    assert grid.stats.rows_painted - before < grid.visible_rows()  # part of it was painted already


def test_rows_shown_after_a_jump_far_away_put_its_row_a_third_of_the_way_down() -> None:
    assert rows_shown_after_jump(row=5000, top=100, visible=30, total=10_000) == (4990, 5021)
    assert rows_shown_after_jump(row=110, top=100, visible=30, total=10_000) == (100, 131)
    assert rows_shown_after_jump(row=140, top=100, visible=30, total=10_000) == (111, 142)
    assert rows_shown_after_jump(row=9999, top=100, visible=30, total=10_000) == (9970, 10_000)


def test_after_a_rest_next_anomaly_far_away_finds_its_screen_and_text_ready(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """Where the index's counts say the next anomaly starts (the first of a
    later chunk), the grid paints its screen and the text view builds its
    window while the user rests: F8 then only stamps and shows them."""
    size = open_indexed_with_anomalies(qtbot, window, tmp_path, [1 / 2])
    grid = window.grid
    grid.setFocus()
    window.selection.move_cursor(100)
    assert window.indexes.likely_anomalies() == [size // 2]
    rest_until_prepared(qtbot, window)
    before = work_done(window)
    with qtbot.waitSignal(window.search.finished, timeout=2000):
        qtbot.keyClick(grid, Qt.Key.Key_F8)
    assert_shown_as_prepared(qtbot, window, before)
    assert window.selection.cursor == size // 2


def test_go_to_prepares_its_screen_and_text_while_the_offset_is_typed(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
    answer_dialog,  # type: ignore[no-untyped-def]
) -> None:
    """The Go to dialog tells its target as it is typed: the grid paints the
    screen it brings and the text view builds its window before Enter, so
    the jump far away only stamps and shows them, exactly as fresh. Here
    the pages, the ends and an anomaly each side are guesses too: prepared
    as well, they pushed the target's screen out of the screens kept."""
    size = open_indexed_with_anomalies(qtbot, window, tmp_path, [1 / 4, 3 / 4])
    grid = window.grid
    grid.setFocus()
    window.selection.move_cursor(size // 2)
    assert len(window.indexes.likely_anomalies()) == 2
    target = size // 3
    seen: list[tuple[int, int, int]] = []

    def type_and_rest(dialog: GotoDialog) -> bool:  # type: ignore[override]
        for digit in str(target):
            qtbot.keyClicks(dialog.editor, digit)
            qtbot.wait(5)  # typing: each prefix is a target in turn
        assert window.forecast.foreseen() == [target]
        rest_until_prepared(qtbot, window)
        seen.append(work_done(window))
        return True

    answer_dialog(type_and_rest)
    window.go_to_dialog()
    assert_shown_as_prepared(qtbot, window, seen[0])
    assert window.selection.cursor == target
    assert window.forecast.foreseen() == []  # the dialog closed: nothing to prepare


def test_a_cancelled_go_to_leaves_nothing_to_prepare(
    qtbot,  # type: ignore[no-untyped-def]
    mixed_window: MainWindow,
    answer_dialog,  # type: ignore[no-untyped-def]
) -> None:
    targets: list[list[int]] = []

    def type_then_cancel(dialog: GotoDialog) -> bool:  # type: ignore[override]
        qtbot.keyClicks(dialog.editor, "0x100")
        targets.append(mixed_window.forecast.foreseen())
        qtbot.keyClicks(dialog.editor, "zz")  # not an offset any more
        targets.append(mixed_window.forecast.foreseen())
        return False

    answer_dialog(type_then_cancel)
    cursor = mixed_window.selection.cursor
    mixed_window.go_to_dialog()
    assert targets == [[0x100], []]
    assert mixed_window.forecast.foreseen() == [] and mixed_window.selection.cursor == cursor


def test_the_problems_row_the_keyboard_is_on_is_prepared_before_enter(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    """While the Problems list has the focus, the views prepare where Enter
    on its current row would jump (no grid key can come first); the jump
    then only stamps and shows, and leaving the list forgets the target."""
    size = open_indexed_with_anomalies(qtbot, window, tmp_path, [1 / 4, 3 / 4])
    grid, problems = window.grid, window.problems
    window.findChild(QDockWidget, "dock-problems").raise_()
    qtbot.waitUntil(lambda: problems.regions.rowCount() == 2, timeout=5000)
    window.activateWindow()
    problems.list.setFocus()
    qtbot.waitUntil(problems.list.hasFocus, timeout=5000)
    problems.list.setCurrentIndex(problems.regions.index(0))
    qtbot.keyClick(problems.list, Qt.Key.Key_Down)  # to the region at 3/4
    assert window.forecast.foreseen() == [3 * size // 4]
    rest_until_prepared(qtbot, window)
    before = work_done(window)
    qtbot.keyClick(problems.list, Qt.Key.Key_Return)
    assert_shown_as_prepared(qtbot, window, before)
    assert window.selection.cursor == 3 * size // 4  # a one-byte span: selected as painted
    grid.setFocus()
    qtbot.waitUntil(grid.hasFocus, timeout=5000)
    assert window.forecast.foreseen() == []

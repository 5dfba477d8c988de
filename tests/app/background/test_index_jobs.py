"""The window's background index: built per shown format on open, read by
F3 at once, with progress in the status bar."""

from __future__ import annotations

from pathlib import Path

from helpers.windows import LINE, damaged_file, wait_indexed
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from mojiscope.app.background.jobs import AFTER_OPEN_MS
from mojiscope.app.grid.header import column_note
from mojiscope.app.model.document import WINDOW, Document
from mojiscope.app.model.formats import resolve_all
from mojiscope.app.window import timers
from mojiscope.app.window.main_window import MainWindow


def test_opening_a_file_indexes_every_shown_format(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, bad = damaged_file(tmp_path)
    window.set_formats(["utf-8", "xtf-8"], persist=False)
    assert window.open_path(path)
    wait_indexed(qtbot, window)
    utf8 = window.indexes.indexes["utf-8"]
    # The next format's index takes its turn after the summary's pass.
    indexes = window.indexes.indexes
    qtbot.waitUntil(
        lambda: "xtf-8" in indexes and indexes["xtf-8"].complete and not window.indexes.running(),
        timeout=30000,
    )
    assert sum(utf8.totals().values()) == len(bad)
    assert sum(window.indexes.indexes["xtf-8"].totals().values()) == len(bad)
    assert not window.indexes.status_label.isVisible()


def test_f8_uses_the_index_at_once_and_wraps_to_no_more(
    qtbot, window: MainWindow, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    path, bad = damaged_file(tmp_path)
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(path)
    wait_indexed(qtbot, window)
    window.grid.setFocus()
    for offset in bad:
        with qtbot.waitSignal(window.search.finished, timeout=1000) as blocker:
            qtbot.keyClick(window.grid, Qt.Key.Key_F8)
        tag, span = blocker.args
        assert tag == "anomaly" and (span.kind, span.byte_start, span.byte_end) == (
            "invalid",
            offset,
            offset + 1,
        )
        assert window.selection.cursor == offset
        assert window.search.handle is None  # no scan was started
    with qtbot.waitSignal(window.search.finished, timeout=1000) as blocker:
        qtbot.keyClick(window.grid, Qt.Key.Key_F8)
    assert blocker.args == ["anomaly", None]
    assert window.statusBar().currentMessage() == "No further anomaly in utf-8"
    with qtbot.waitSignal(window.search.finished, timeout=1000):
        qtbot.keyClick(window.grid, Qt.Key.Key_F8, Qt.KeyboardModifier.ShiftModifier)
    assert window.selection.cursor == bad[-2]


def test_the_overview_strip_shows_the_damage_and_jumps_there(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, bad = damaged_file(tmp_path, lines=40000, every=30000)
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(path)
    wait_indexed(qtbot, window)
    strip = window.overview
    assert strip.isVisible() and strip.height() > 100
    (offset,) = bad
    tip = strip.tooltip_at(strip.y_of_offset(offset))
    assert tip.endswith(": 1 invalid (1 invalid-byte)")
    assert strip.tooltip_at(2).endswith(": no anomalies")
    image = strip.grab().toImage()
    mark = image.pixelColor(strip.width() // 2, int(strip.y_of_offset(offset)) + 1)
    assert mark != image.pixelColor(strip.width() // 2, 5)  # drawn in the kind's colour
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=strip.point_of_offset(offset))
    grid = window.grid
    row = offset // grid.bytes_per_row
    assert grid.top_row() <= row < grid.top_row() + grid.visible_rows()


def test_the_summary_dock_suggests_and_adds_a_format_in_a_click(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "french.txt"
    path.write_bytes(LINE * 300)
    window.set_formats(["utf-8"], persist=False)
    panel = window.summary_panel
    with qtbot.waitSignal(panel.summary_ready, timeout=60000):
        assert window.open_path(path)
    assert panel.words.text().startswith(
        "Looks like UTF-8; also valid UTF-8B, WTF-8, XTF-8 and CESU-8"
    )
    assert panel.table.topLevelItem(0).text(1) == "utf-8"
    assert panel.table.topLevelItem(0).text(2) == "valid UTF-8"
    assert not panel.button_for("utf-8").isEnabled()  # already shown
    qtbot.mouseClick(panel.button_for("wtf-8"), Qt.MouseButton.LeftButton)
    assert window.shown.keys == ["utf-8", "wtf-8"]
    assert panel.button_for("wtf-8").text() == "Shown"


def test_the_problems_dock_lists_damaged_regions(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, bad = damaged_file(tmp_path)
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(path)
    wait_indexed(qtbot, window)
    panel = window.problems
    window.findChild(QDockWidget, "dock-problems").raise_()  # its tab, clicked
    qtbot.waitUntil(lambda: panel.regions.rowCount() == len(bad))
    assert panel.heading.text() == f"utf-8: {len(bad)} anomalies in {len(bad)} regions"
    item = panel.regions.index(2)
    assert item.data().endswith("1 invalid (1 invalid-byte)")
    panel.list.clicked.emit(item)
    assert (window.selection.start, window.selection.end) == (bad[2], bad[2] + 1)


def gb18030_file(tmp_path: Path) -> tuple[Path, bytes]:
    """Chinese text with no ASCII run after one leading byte: every character
    boundary is odd, and a window started at an even offset must guess."""
    data = b"x" + ("中文字符的测试\uff0c没有空格\u3002" * 20000).encode("gb18030")
    path = tmp_path / "chinese.txt"
    path.write_bytes(data)
    return path, data


def test_a_code_page_column_says_its_alignment_is_guessed_until_indexed(
    qtbot, window, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    path, _data = gb18030_file(tmp_path)
    window.set_formats(["utf-8", "gb18030"], persist=False)
    window.indexes.set_document(None)  # no index yet: the window must guess
    document = Document.open_file(path)
    choice = window.shown.choices[1]
    assert document.window(choice, 20).alignment_guessed
    window.open_path(path)
    assert window.document is not None
    window.document.window(choice, 20)
    shown = window.indexes.indexes.get("gb18030")
    if shown is None or not shown.complete:  # the index may be quick: only then
        assert column_note(window.document, choice) == " (alignment guessed)"
    assert column_note(window.document, window.shown.choices[0]) == ""
    document.close()


def test_once_indexed_a_code_page_window_decodes_as_the_whole_file(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, data = gb18030_file(tmp_path)
    window.set_formats(["gb18030"], persist=False)
    assert window.open_path(path)
    wait_indexed(qtbot, window)
    choice = window.shown.choices[0]
    qtbot.waitUntil(lambda: column_note(window.document, choice) == "", timeout=10_000)
    whole = data.decode("gb18030")
    for k in (3, 20, 41):
        cells = window.document.chars(choice, k * WINDOW, k * WINDOW + 64)
        assert not window.document.window(choice, k).alignment_guessed
        decoded = "".join(cell.text for cell in cells)
        first = cells[0].byte_start
        assert first % 2 == 1, "characters begin at odd offsets in this file"
        assert decoded == data[first : cells[-1].byte_end].decode("gb18030")
        assert decoded in whole


def test_the_summary_rows_arrive_in_one_insertion_each_with_its_button(
    qtbot, window, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """Row by row, each insertion moved every button already placed: 3 ms a
    row, 60-130 ms for the 23 formats on the GUI thread."""
    path = tmp_path / "french.txt"
    path.write_bytes(LINE * 300)
    panel = window.summary_panel
    inserted: list[tuple[int, int]] = []
    panel.table.model().rowsInserted.connect(
        lambda _parent, first, last: inserted.append((first, last))
    )
    with qtbot.waitSignal(panel.summary_ready, timeout=60000):
        assert window.open_path(path)
    rows = panel.table.topLevelItemCount()
    assert rows > 10 and inserted == [(0, rows - 1)]
    for i in range(rows):
        assert panel.button_for(panel.table.topLevelItem(i).text(1)) is not None


def test_a_growing_code_page_index_reloads_the_columns_only_when_it_reaches_a_window_shown(
    qtbot, window, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """Guessed windows were dropped at every growth of the index, so the ones
    not reached yet decoded again (guessed again) and the columns and the
    text view reloaded ten times a second while a code page was indexed."""
    from mojiscope.core.index.file_index import FileIndex, build_index
    from mojiscope.core.system.control import Control

    data = b"x" + ("中文字符的测试\uff0c没有空格\u3002" * 100_000).encode("gb18030")
    path = tmp_path / "chinese.txt"
    path.write_bytes(data)
    keeper = window.indexes
    keeper.set_document(None)  # the keeper below is driven by hand: no job
    document = Document.open_file(path)
    keeper.document = document
    document.decode_exactly_with(keeper.exact_window)
    (choice,) = resolve_all(["gb18030"])
    growing = FileIndex(choice.format, len(data))
    keeper.indexes["gb18030"] = growing
    shown = [0, len(data) // WINDOW // 2]  # the first window and one in the middle
    reloads: list[int] = []

    def repaint() -> None:  # what the grid does on columns_changed
        reloads.append(growing.indexed_bytes)
        for k in shown:
            document.window(choice, k)

    keeper.columns_changed.connect(repaint)
    for k in shown:
        assert document.window(choice, k).alignment_guessed or k == 0
    ticks = []

    def chunk_done(counts: object) -> None:
        with timers.at_once():  # the keeper says it grew after every chunk
            keeper.chunk_arrived("gb18030", growing, counts)
        ticks.append(1)

    build_index(choice.format, document.source, Control(emit=chunk_done), index=growing)
    assert len(ticks) > 20
    assert len(reloads) <= 2  # when the middle window was reached (and the first, if guessed)
    assert not any(document.window(choice, k).alignment_guessed for k in shown)
    document.close()


def test_the_index_progress_label_does_not_widen_as_the_percentage_grows(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Each wider text laid the status bar out again, at every progress report."""
    from mojiscope.app.background.index_jobs import show_progress
    from mojiscope.app.window.status import SteadyLabel

    label = SteadyLabel()
    qtbot.addWidget(label)
    widths = set()
    for permille in (0, 50, 99, 500, 1000):
        show_progress(label, "Indexing gb18030", permille)
        assert label.text() == f"Indexing gb18030: {permille / 10:.0f}%"
        widths.add((label.minimumWidth(), label.maximumWidth()))
    assert len(widths) == 1
    assert label.fontMetrics().horizontalAdvance(label.text()) <= label.minimumWidth()


def test_the_whole_file_passes_start_once_the_first_screen_is_painted(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    # Started with the open, the index and the summary competed with the
    # first screen's paint for the machine (the open's frame up to 71 ms).
    path, _ = damaged_file(tmp_path)
    assert window.open_path(path)
    window.grid.viewport().grab()  # the first screen, painted
    assert window.jobs.active() == []
    assert window.summary_panel.words.text().startswith("Summarising")
    qtbot.waitUntil(lambda: {h.name for h in window.jobs.active()} >= {"summary"}, timeout=5000)
    wait_indexed(qtbot, window)


def test_a_file_closed_before_its_passes_start_starts_none(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
) -> None:
    path, _ = damaged_file(tmp_path)
    assert window.open_path(path)
    window.close()
    qtbot.wait(3 * AFTER_OPEN_MS)
    assert window.jobs.active() == [] and window.indexes.current_index() is None

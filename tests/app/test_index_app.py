"""The window's background index: built per shown format on open, read by
F3 at once, with progress in the status bar."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from mojiscope.app.window import MainWindow

LINE = "héllo wörld, ça va?\n".encode()


def damaged_file(tmp_path: Path, lines: int = 20000, every: int = 5000) -> tuple[Path, list[int]]:
    data = bytearray(LINE * lines)
    bad = list(range(every * len(LINE) + 3, len(data), every * len(LINE)))
    for p in bad:
        data[p] = 0xFF
    path = tmp_path / "damaged.txt"
    path.write_bytes(bytes(data))
    return path, bad


def wait_indexed(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    def done() -> bool:
        index = window.indexes.current_index()
        return index is not None and index.complete and not window.indexes.running()

    qtbot.waitUntil(done, timeout=30000)


def test_opening_a_file_indexes_every_shown_format(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, bad = damaged_file(tmp_path)
    window.set_formats(["utf-8", "xtf-8"], persist=False)
    assert window.open_path(path)
    wait_indexed(qtbot, window)
    utf8 = window.indexes.indexes["utf-8"]
    qtbot.waitUntil(lambda: window.indexes.indexes["xtf-8"].complete, timeout=30000)
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
    qtbot.waitUntil(lambda: panel.list.count() == len(bad))
    assert panel.heading.text() == f"utf-8: {len(bad)} anomalies in {len(bad)} regions"
    item = panel.list.item(2)
    assert item.text().endswith("1 invalid (1 invalid-byte)")
    panel.list.itemClicked.emit(item)
    assert (window.selection.start, window.selection.end) == (bad[2], bad[2] + 1)


def test_a_code_page_column_whose_alignment_is_a_guess_says_so(window) -> None:  # type: ignore[no-untyped-def]
    window.set_formats(["utf-8", "gb18030", "cp1252"], persist=False)
    notes = [window.grid.column_note(choice) for choice in window.shown.choices]
    assert notes == ["", " (alignment guessed)", ""]

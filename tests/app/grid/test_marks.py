"""Compare mode's marks in the real grid: the bytes where the formats on
show disagree are outlined in the hex cells and in every decoded column,
only there, only while compare mode is on; the Differences dock comes in
front of the docks tabbed with it, and a screenshot can be taken with
compare mode on (``mojiscope gui FILE --compare --screenshot``)."""

from __future__ import annotations

from argparse import Namespace
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from mojiscope.app.grid.marks import MarkStrips, mark_colour, paint_marks
from mojiscope.app.main import run_gui
from mojiscope.app.window.main_window import MainWindow

LINE = b"plain ascii line of a report\n"


def sample(tmp_path: Path) -> tuple[Path, int]:
    """Text with one lone surrogate (WTF-8 reads it, UTF-8 cannot) on the
    first screen: the file and where the surrogate starts."""
    data = LINE * 6 + b"a lone surrogate \xed\xa0\xbd here\n" + LINE * 200
    path = tmp_path / "lone.txt"
    path.write_bytes(data)
    return path, data.index(b"\xed")


def marked_pixels(image: QImage, colour: QColor, x0: float, x1: float, y0: float, y1: float) -> int:
    """Pixels of the mark's border colour in the box (device-independent)."""
    ratio = image.devicePixelRatio()
    found = 0
    for y in range(int(y0 * ratio), int(y1 * ratio)):
        for x in range(int(x0 * ratio), int(x1 * ratio)):
            if image.pixelColor(x, y).rgb() == colour.rgb():
                found += 1
    return found


def compared(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> int:
    """The sample open in UTF-8 and WTF-8 with compare mode on, swept."""
    path, at = sample(tmp_path)
    window.set_formats(["utf-8", "wtf-8"], persist=False)
    assert window.open_path(path)
    window.actions_["compare"].trigger()
    qtbot.waitUntil(lambda: window.differences.result is not None, timeout=60_000)
    return at


def test_the_differing_bytes_are_outlined_in_the_hex_and_every_column(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path, at = sample(tmp_path)
    window.set_formats(["utf-8", "wtf-8"], persist=False)
    assert window.open_path(path)
    grid = window.grid
    grid.scroll_to_row(0)
    colour = mark_colour(grid.painting.palette.dark)
    g = grid.cell_geometry
    bpr = grid.bytes_per_row
    row_top = g.header_h + (at // bpr) * g.row_h
    index = at % bpr

    def pixels(y0: float) -> dict[str, int]:
        image = grid.viewport().grab().toImage()
        y1 = y0 + g.row_h
        boxes = {
            "hex": (g.hex_cell_x(index) - g.metrics.char_w, g.hex_cell_x(min(index + 3, bpr))),
            "utf-8": (g.column_cell_x(0, index) - 2, g.column_cell_x(0, min(index + 3, bpr)) + 2),
            "wtf-8": (g.column_cell_x(1, index) - 2, g.column_cell_x(1, min(index + 3, bpr)) + 2),
        }
        return {k: marked_pixels(image, colour, x0, x1, y0, y1) for k, (x0, x1) in boxes.items()}

    assert pixels(row_top) == {"hex": 0, "utf-8": 0, "wtf-8": 0}  # compare mode off
    window.actions_["compare"].trigger()
    qtbot.waitUntil(lambda: window.differences.result is not None, timeout=60_000)
    qtbot.waitUntil(lambda: all(n > 0 for n in pixels(row_top).values()), timeout=5000)
    assert pixels(g.header_h + g.row_h) == {"hex": 0, "utf-8": 0, "wtf-8": 0}  # row 1 agrees
    qtbot.waitUntil(lambda: not window.differences_dock.visibleRegion().isEmpty(), timeout=5000)
    window.actions_["compare"].trigger()  # off again
    qtbot.waitUntil(lambda: pixels(row_top) == {"hex": 0, "utf-8": 0, "wtf-8": 0}, timeout=5000)


def test_the_keys_move_as_ever_with_compare_mode_on(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    at = compared(qtbot, window, tmp_path)
    grid = window.grid
    grid.setFocus()
    window.selection.move_cursor(0)
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    assert window.selection.cursor == grid.bytes_per_row
    qtbot.keyClick(grid, Qt.Key.Key_PageDown)
    assert window.selection.cursor > grid.bytes_per_row * 2
    qtbot.keyClick(grid, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert window.selection.cursor == 0
    qtbot.keyClick(grid, Qt.Key.Key_F8)  # the lone surrogate: an anomaly in utf-8
    qtbot.waitUntil(lambda: window.selection.start == at, timeout=30_000)
    qtbot.keyClick(grid, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(grid, Qt.Key.Key_F7)
    assert (window.selection.start, window.selection.end) == (at, at + 3)
    assert window.differences.ranges_between(0, at + 3) == [(at, at + 3)]


def test_a_screenshot_in_compare_mode_shows_the_differences(tmp_path: Path) -> None:
    path, _at = sample(tmp_path)
    out = tmp_path / "compare.png"
    args = Namespace(
        file=str(path), screenshot=str(out), select=None, formats="utf-8,wtf-8", compare=True
    )
    assert run_gui(args) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1400, 900)
    violet = mark_colour(False).rgb()
    assert any(
        image.pixelColor(x, y).rgb() == violet
        for y in range(0, image.height(), 1)
        for x in range(0, image.width() // 2, 2)
    )


def test_a_key_that_keeps_the_rows_draws_no_mark_again(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    compared(qtbot, window, tmp_path)
    grid = window.grid
    grid.setFocus()
    grid.viewport().repaint()
    drawn = grid.stats.marks_painted
    assert drawn > 0  # the surrogate's row
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    grid.viewport().repaint()
    assert grid.stats.marks_painted == drawn


def test_kept_marks_are_the_marks_drawn_at_once(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    compared(qtbot, window, tmp_path)
    grid = window.grid
    rows = grid.visible_layout()
    g, dark = grid.cell_geometry, grid.painting.palette.dark
    ranges = window.differences.ranges_between

    def drawn(paint: Callable[[QPainter], object]) -> QImage:
        image = QImage(int(g.width), int(g.row_h) * len(rows), QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        try:
            paint(painter)
        finally:
            painter.end()
        return image

    at_once = drawn(lambda p: paint_marks(p, g, rows, 0, ranges, dark))
    kept = MarkStrips(g, 1.0, dark)
    assert drawn(lambda p: kept.paint(p, rows, 0, ranges)) == at_once
    assert kept.painted == 2  # the surrogate's three bytes straddle two rows
    assert drawn(lambda p: kept.paint(p, rows, 0, ranges)) == at_once  # stamped this time
    assert kept.painted == 2

"""Windows opened on sample files and waited on: an indexed file with
anomalies, the formats settled after the first look and the Summary, the
grid as painted and as a grid that kept nothing paints it,
the views that follow the grid a turn later, the work the views did."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from mojiscope.app.grid.view import GridView
from mojiscope.app.window.forecast import Forecast
from mojiscope.app.window.main_window import MainWindow

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


def wait_formats_settled(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Wait until the window has followed its first look and the Summary
    (either may put the formats the evidence ranks first in front, and
    move every column), so that the columns stay as they are."""
    qtbot.waitUntil(
        lambda: not window.format_choice.looking() and window.summary_panel.summary is not None,
        timeout=60_000,
    )
    QApplication.processEvents()


def grid_image(window: MainWindow) -> QImage:
    QApplication.processEvents()
    return window.grid.viewport().grab().toImage()


def fresh_grid_image(window: MainWindow) -> QImage:
    """The grid as a grid that kept nothing paints it: a new grid on the same
    selection, formats and document, as large, scrolled to the same place,
    its keyboard in the same area (never shown on screen)."""
    grid = window.grid
    fresh = GridView(window.selection, window.shown, Forecast(list, list))
    fresh.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    try:
        fresh.set_bytes_per_row(grid.bytes_per_row)
        fresh.set_document(grid.document)
        fresh.setViewportMargins(grid.viewportMargins())
        fresh.resize(grid.size())
        fresh.show()
        QApplication.processEvents()
        fresh.scroll_to_row(grid.top_row())
        fresh.horizontalScrollBar().setValue(grid.horizontalScrollBar().value())
        fresh.set_focus_area(grid.focus_area)
        assert fresh.viewport().size() == grid.viewport().size()
        return fresh.viewport().grab().toImage()
    finally:
        fresh.close()
        fresh.deleteLater()


def followed(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Wait for the text view and the inspector to follow the last change
    (they do a turn of the event loop after the grid)."""
    qtbot.waitUntil(
        lambda: not window.text_view.following() and not window.inspector.following(),
        timeout=5000,
    )


def open_indexed_with_anomalies(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path: Path,
    fractions: list[float],
) -> int:
    """Open 1.4 MB of accented text with one FF byte at each of ``fractions``
    of it (utf-8 and xtf-8 shown), wait for its index; returns its size."""
    data = bytearray(LINE * 60_000)
    for fraction in fractions:
        data[int(len(data) * fraction)] = 0xFF
    path = tmp_path / "damaged.txt"
    path.write_bytes(bytes(data))
    window.set_formats(["utf-8", "xtf-8"], persist=False)
    assert window.open_path(path)
    wait_indexed(qtbot, window)
    return len(data)


def rest_until_prepared(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Let the user rest until the grid has painted, and the text view
    built, all they prepare ahead (once they have followed the last change:
    what they prepare depends on it)."""
    grid_image(window)
    followed(qtbot, window)
    qtbot.waitUntil(
        lambda: not window.grid.ahead.pending() and not window.text_view.building_ahead(),
        timeout=10_000,
    )


def work_done(window: MainWindow) -> tuple[int, int, int]:
    """Rows the grid has painted, text windows built and documents filled so
    far: the same before and after a key, the key found all of it prepared."""
    grid, text = window.grid.stats, window.text_view.stats
    return grid.rows_painted, text.windows_built, text.texts_filled


def assert_shown_as_prepared(qtbot, window: MainWindow, before: tuple[int, int, int]) -> None:  # type: ignore[no-untyped-def]
    """Right after a key or a jump, once the views have followed it: the
    window has painted, built and filled nothing more than ``before`` (its
    :func:`work_done` then), and the grid shows exactly what a fresh paint would."""
    kept = grid_image(window)
    followed(qtbot, window)
    assert work_done(window) == before, (work_done(window), before)
    assert kept == fresh_grid_image(window)

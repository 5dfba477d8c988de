"""Windows opened on sample files and waited on: an indexed file with
anomalies, the grid as painted and as painted from nothing."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from mojiscope.app.grid.header import GridHeader
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


def grid_image(window: MainWindow) -> QImage:
    QApplication.processEvents()
    return window.grid.viewport().grab().toImage()


def fresh_grid_image(window: MainWindow) -> QImage:
    """The grid as it looks painted from nothing (no kept rows, strips or
    header); what it kept is put back afterwards, so stale strips would show."""
    painting = window.grid.painting
    kept = (
        painting._layout_key,
        painting._layout,
        painting._strips,
        painting._kept_rows,
        painting._header,
    )
    painting._layout_key, painting._strips = None, None
    painting._kept_rows, painting._header = OrderedDict(), GridHeader()
    image = grid_image(window)
    (
        painting._layout_key,
        painting._layout,
        painting._strips,
        painting._kept_rows,
        painting._header,
    ) = kept
    window.grid.viewport().update()
    return image


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
    built, all they prepare ahead."""
    qtbot.waitUntil(
        lambda: not window.grid.ahead.pending() and not window.text_view.building_ahead(),
        timeout=10_000,
    )


def work_done(window: MainWindow) -> tuple[int, int, int]:
    """Rows the grid has painted, text windows built and documents made so
    far: the same before and after a key, the key found all of it prepared."""
    strips = window.grid.painting._strips
    assert strips is not None
    text = window.text_view
    return strips.painted, text._windows.built, text._texts.made


def assert_shown_as_prepared(window: MainWindow, before: tuple[int, int, int]) -> None:
    """Right after a key or a jump: the window has painted, built and made
    nothing more than ``before`` (its :func:`work_done` then), and the grid
    shows exactly what a fresh paint would."""
    kept = grid_image(window)
    assert work_done(window) == before
    assert kept == fresh_grid_image(window)

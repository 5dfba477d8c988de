"""The overview strip's marks: merged runs, drawn once per change of the index;
a click moves the cursor there, as a click in the hex does."""

from __future__ import annotations

from pathlib import Path

from helpers.windows import followed
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from mojiscope.app.panels.overview import MIN_MARK, Mark, strip_marks
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core import BytesSource, get_format
from mojiscope.core.index.file_index import FileIndex, build_index
from mojiscope.core.index.scan import count_chunk
from mojiscope.core.spans.event import SpanKind

CHUNK = 4096


def indexed(data: bytes, fid: str = "utf-8") -> FileIndex:
    fmt = get_format(fid)
    index = FileIndex(fmt, len(data), chunk_size=CHUNK)
    return build_index(fmt, BytesSource(data), index=index)


def test_chunks_that_all_hold_errors_are_one_mark_not_one_per_chunk() -> None:
    index = indexed(b"\xff" * (64 * CHUNK))  # random-bytes-like: every chunk damaged
    assert strip_marks(index, 800.0) == [Mark(0.0, 800.0, SpanKind.INVALID)]


def test_two_distant_errors_are_two_marks_at_their_places_at_least_min_mark_high() -> None:
    data = bytearray(b"a" * (100 * CHUNK))
    data[10 * CHUNK + 5] = 0xFF
    data[90 * CHUNK + 5] = 0xFF
    marks = strip_marks(indexed(bytes(data)), 100.0)  # a chunk is one pixel high
    assert marks == [
        Mark(10.0, 10.0 + MIN_MARK, SpanKind.INVALID),
        Mark(90.0, 90.0 + MIN_MARK, SpanKind.INVALID),
    ]


def test_a_mark_at_the_very_end_stays_inside_the_strip() -> None:
    data = bytearray(b"a" * (100 * CHUNK))
    data[-1] = 0xFF
    (mark,) = strip_marks(indexed(bytes(data)), 100.0)
    assert (mark.top, mark.bottom) == (100.0 - MIN_MARK, 100.0)


def test_a_run_of_chunks_not_indexed_yet_is_one_dimmed_rectangle_under_the_marks() -> None:
    data = bytearray(b"a" * (10 * CHUNK))
    data[CHUNK] = 0xFF
    fmt = get_format("utf-8")
    source = BytesSource(bytes(data))
    index = FileIndex(fmt, len(data), chunk_size=CHUNK)
    for k in (0, 1, 5):  # chunks 2-4 and 6-9 are not reached yet
        index.add(count_chunk(fmt, source, *index.chunk_range(k)))
    assert strip_marks(index, 100.0) == [
        Mark(20.0, 50.0, None),
        Mark(60.0, 100.0, None),
        Mark(10.0, 20.0, SpanKind.INVALID),  # the whole chunk (10 px), drawn last: on top
    ]


def test_neighbouring_chunks_of_different_kinds_stay_apart() -> None:
    data = bytearray(b"a" * (4 * CHUNK))
    data[5] = 0xFF  # invalid in utf-8, an escape in utf-8b
    data[CHUNK + 5 : CHUNK + 8] = "\ud800".encode("utf-8", "surrogatepass")
    kinds = [mark.kind for mark in strip_marks(indexed(bytes(data), "wtf-8"), 100.0)]
    assert kinds == [SpanKind.INVALID, SpanKind.SURROGATE]


def damaged_file(tmp_path: Path) -> Path:
    data = bytearray(b"the quick brown fox\n" * 200_000)
    for at in (100_000, 3_000_000):
        data[at] = 0xFF
    path = tmp_path / "damaged.txt"
    path.write_bytes(bytes(data))
    return path


def test_scrolling_repaints_the_strip_from_its_image_and_a_new_index_redraws_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(damaged_file(tmp_path))
    keeper, strip = window.indexes, window.overview

    def indexed_and_drawn() -> bool:
        index = keeper.current_index()
        return (
            index is not None
            and index.complete
            and not keeper.running()
            and strip.marks_image is not None
        )

    qtbot.waitUntil(indexed_and_drawn, timeout=30_000)
    strip.repaint()
    drawn = strip.marks_image
    assert drawn is not None
    window.grid.scroll_to_row(100_000)
    strip.repaint()
    assert strip.marks_image is drawn  # the view box moved; the marks were not drawn again
    keeper.changed.emit("cp1252")  # another format's index: not what the strip shows
    assert strip.marks_image is drawn
    keeper.changed.emit("utf-8")
    assert strip.marks_image is None
    strip.repaint()
    assert strip.marks_image is not None and strip.marks_image is not drawn
    y = int(strip.y_of_offset(3_000_000)) + 1
    picture = strip.grab().toImage()
    assert picture.pixelColor(strip.width() // 2, y) != picture.pixelColor(strip.width() // 2, 5)


def open_indexed_damaged(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.set_formats(["utf-8"], persist=False)
    assert window.open_path(damaged_file(tmp_path))
    keeper = window.indexes

    def indexed() -> bool:
        index = keeper.current_index()
        return index is not None and index.complete and not keeper.running()

    qtbot.waitUntil(indexed, timeout=30_000)


def cursor_shown_everywhere(qtbot: QtBot, window: MainWindow, offset: int) -> None:
    """The cursor is at ``offset``, the grid has the keyboard, and the
    Inspector and the text pane show that byte."""
    assert window.selection.cursor == offset
    assert window.grid.hasFocus()
    followed(qtbot, window)  # the Inspector and the text pane, a turn after the grid
    assert window.inspector.lines[0].endswith(f"at byte {offset} (0x{offset:X})")
    text_view = window.text_view
    position = text_view.position_of_byte(offset)
    assert position is not None
    assert text_view.textCursor().selectionStart() == position
    grid = window.grid
    top = grid.top_row() * grid.bytes_per_row
    assert top <= offset < top + grid.visible_rows() * grid.bytes_per_row


def test_a_click_on_the_strip_moves_the_cursor_and_the_views_follow(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """As a click on a byte in the hex does: the cursor goes there, so the
    Inspector and the text pane show it (the click used only to scroll)."""
    open_indexed_damaged(qtbot, window, tmp_path)
    strip = window.overview
    window.problems.list.setFocus()  # the keyboard is elsewhere before the click
    mark = strip.point_of_offset(3_000_000)
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=mark)
    cursor_shown_everywhere(qtbot, window, 3_000_000)  # a mark: its first anomaly
    plain = QPoint(strip.width() // 2, strip.height() // 2)
    assert strip.anomaly_near(plain.y()) is None
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=plain)
    cursor_shown_everywhere(qtbot, window, strip.offset_at_y(plain.y()))


def test_a_drag_on_the_strip_scrolls_and_leaves_the_cursor_where_it_ends(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_indexed_damaged(qtbot, window, tmp_path)
    strip = window.overview
    start, end = (
        QPoint(strip.width() // 2, strip.height() // 4),
        QPoint(strip.width() // 2, strip.height() * 3 // 5),
    )
    assert strip.anomaly_near(start.y()) is None
    qtbot.mousePress(strip, Qt.MouseButton.LeftButton, pos=start)
    assert window.selection.cursor == strip.offset_at_y(start.y())
    QApplication.sendEvent(
        strip,
        QMouseEvent(
            QEvent.Type.MouseMove,
            QPointF(end),
            QPointF(strip.mapToGlobal(end)),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        ),
    )
    grid = window.grid
    assert grid.top_row() == strip.top_row_centring(strip.offset_at_y(end.y()))
    assert window.selection.cursor == strip.offset_at_y(start.y())  # dragging only scrolls
    qtbot.mouseRelease(strip, Qt.MouseButton.LeftButton, pos=end)
    cursor_shown_everywhere(qtbot, window, strip.offset_at_y(end.y()))

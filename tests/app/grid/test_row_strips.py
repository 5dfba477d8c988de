"""The grid reuses what it laid out and painted: rows kept across a scroll,
row strips kept whatever the selection and the cursor, which are painted
over them (the selection under the glyphs, as if painted with them). Reuse
must never show anything a fresh paint would not."""

from __future__ import annotations

import random

from helpers.painting import paint_column, paint_hex
from helpers.windows import fresh_grid_image, grid_image, wait_formats_settled
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap

from mojiscope.app.grid.column_painter import ColumnPainter
from mojiscope.app.grid.hex_painter import HexPainter
from mojiscope.app.grid.layout import RowLayout, layout_rows, layout_rows_reusing
from mojiscope.app.grid.row_strips import RowStrips
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import resolve_all
from mojiscope.app.window.main_window import MainWindow

FORMATS = ["utf-8", "utf-16le", "cp1252", "gb18030"]


def drawn(rows: list[RowLayout]) -> list[object]:
    """What painting reads from rows. A piece of a joined run of one-byte
    spans names the run's first span, which depends on where the layout
    began; painting reads only its kind and reason."""
    return [
        (
            row.start,
            row.data,
            [
                [(tuple(p.offsets), p.text, p.span.kind, p.span.reason) for p in c]
                for c in row.columns
            ],
        )
        for row in rows
    ]


@settings(max_examples=60, deadline=None)
@given(
    data=st.binary(min_size=1, max_size=600),
    bytes_per_row=st.sampled_from([8, 16, 32]),
    cut=st.integers(0, 40),
)
def test_rows_laid_out_in_two_parts_equal_rows_laid_out_at_once(
    data: bytes, bytes_per_row: int, cut: int
) -> None:
    document = Document.from_bytes(data)
    choices = resolve_all(FORMATS)
    rows = -(-len(data) // bytes_per_row)
    cut = min(cut, rows)
    whole = layout_rows(document, choices, 0, rows, bytes_per_row)
    parts = layout_rows(document, choices, 0, cut, bytes_per_row) + layout_rows(
        document, choices, cut, rows - cut, bytes_per_row
    )
    assert drawn(parts) == drawn(whole)


def test_a_scroll_by_one_row_lays_out_only_the_new_row() -> None:
    document = Document.from_bytes(bytes(range(256)) * 4)
    choices = resolve_all(FORMATS)
    shown = layout_rows(document, choices, 10, 20, 16)
    known = {row.start: row for row in shown}
    scrolled = layout_rows_reusing(document, choices, 11, 20, 16, known)
    assert drawn(scrolled) == drawn(layout_rows(document, choices, 11, 20, 16))
    assert all(a is b for a, b in zip(scrolled[:19], shown[1:], strict=True))
    assert scrolled[19].start not in known
    assert layout_rows_reusing(document, choices, 60, 20, 16, known)[-1].start == 63 * 16


def test_keys_that_move_the_cursor_on_screen_paint_no_row(qtbot, demo_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Strips are keyed by their rows alone: arrows, a selection grown with
    Shift, a click in a column each change only what is painted over them."""
    grid = demo_window.grid
    grid.setFocus()
    demo_window.selection.move_cursor(40)
    grid_image(demo_window)
    before = grid.stats.rows_painted
    shift = Qt.KeyboardModifier.ShiftModifier
    for key, modifiers in [
        (Qt.Key.Key_Right, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Down, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Down, shift),
        (Qt.Key.Key_Right, shift),
    ]:
        qtbot.keyClick(grid, key, modifiers)
        assert grid_image(demo_window) == fresh_grid_image(demo_window)
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=grid.point_of("column", 0, 70))
    assert grid_image(demo_window) == fresh_grid_image(demo_window)
    assert grid.stats.rows_painted == before


def test_the_selection_lies_under_the_glyphs_as_if_painted_with_them(
    demo_window: MainWindow,
) -> None:
    """The grid's rows with a selection and the cursor over them are, pixel
    for pixel, the rows painted by one painter in one pass: each area's
    ground, the selection, its ink, then the cursor."""
    grid = demo_window.grid
    demo_window.selection.set_anchor_and_cursor(74, 20)  # five rows, the cursor on the first
    shown = grid_image(demo_window)
    rows = grid.visible_layout()[:6]
    g = grid.cell_geometry
    left, height = grid.horizontalScrollBar().value(), int(g.row_h) * len(rows)
    width = min(g.width - left, grid.viewport().width())
    expected = one_pass(demo_window, rows).copy(QRect(left, 0, width, height))
    shown = shown.copy(QRect(0, int(g.header_h), width, height))
    rgb = QImage.Format.Format_RGB32
    assert shown.convertToFormat(rgb) == expected.convertToFormat(rgb)


def one_pass(window: MainWindow, rows: list[RowLayout]) -> QImage:
    """The first ``rows`` of the grid (its top at row 0) painted by one
    painter, with fresh painters of the grid's geometry and palette."""
    grid = window.grid
    g, palette = grid.cell_geometry, grid.painting.palette
    hexes = HexPainter(g, palette)
    columns = ColumnPainter(grid.metrics, g, palette, grid.devicePixelRatioF())
    selection = (window.selection.start, window.selection.end)
    cursor = window.selection.cursor
    pixmap = QPixmap(int(g.width), int(g.row_h) * len(rows))
    pixmap.fill(palette.base)
    painter = QPainter(pixmap)
    try:
        painter.setFont(grid.metrics.font)
        paint_hex(hexes, painter, rows, grid.current_column(), selection, cursor)
        for column in range(len(window.shown.choices)):
            paint_column(columns, painter, column, rows, selection, cursor)
    finally:
        painter.end()
    return pixmap.toImage()


def test_kept_rows_and_strips_paint_what_a_fresh_paint_shows(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    rng = random.Random(3)
    text = "Καλημέρα, привет, 日本語 \U0001d518\r\n".encode()
    path = tmp_path / "mixed.bin"
    path.write_bytes(b"".join(text * 3 + rng.randbytes(rng.randrange(1, 90)) for _ in range(200)))
    window.open_path(path)
    grid = window.grid
    grid.setFocus()
    keys = [Qt.Key.Key_Down] * 30 + [Qt.Key.Key_Right] * 5 + [Qt.Key.Key_PageDown]
    keys += [Qt.Key.Key_Up] * 4 + [Qt.Key.Key_PageUp, Qt.Key.Key_Left]
    for key in keys:
        qtbot.keyClick(grid, key)
        kept = grid_image(window)
        assert kept == fresh_grid_image(window), f"after {key.name} at {window.selection.cursor}"
    shift = Qt.KeyboardModifier.ShiftModifier
    for key in [Qt.Key.Key_Right] + [Qt.Key.Key_Down] * 3 + [Qt.Key.Key_Up] * 2:
        qtbot.keyClick(grid, key, shift)
        kept = grid_image(window)
        assert kept == fresh_grid_image(window), f"after Shift+{key.name}"


def test_rows_painted_together_cut_into_the_strips_each_row_paints_alone(
    demo_window: MainWindow,
) -> None:
    grid = demo_window.grid
    rows = grid.visible_layout()
    grid_image(demo_window)
    together, alone = (
        RowStrips(
            grid.painting.paint_rows,
            grid.cell_geometry.width,
            grid.cell_geometry.row_h,
            1.0,
            grid.painting.palette.base,
        )
        for _ in range(2)
    )
    strips = together.strips(rows)
    assert together.painted == len(rows)
    for row, strip in zip(rows, strips, strict=True):
        (single,) = alone.strips([row])
        assert strip.ground.toImage() == single.ground.toImage(), f"row at {row.start}"
        assert strip.ink.toImage() == single.ink.toImage(), f"row at {row.start}"


def test_a_key_that_changes_no_title_stamps_the_kept_header(
    qtbot,  # type: ignore[no-untyped-def]
    demo_window: MainWindow,
) -> None:
    wait_formats_settled(qtbot, demo_window)  # the Summary may move the columns
    grid = demo_window.grid
    grid.setFocus()
    grid_image(demo_window)
    before = grid.stats.headers_painted
    for key in [Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_PageDown]:
        qtbot.keyClick(grid, key)
        assert grid_image(demo_window) == fresh_grid_image(demo_window)
    assert grid.stats.headers_painted == before
    # What the header shows: the focus area (Tab), then the current format.
    qtbot.keyClick(grid, Qt.Key.Key_Tab)
    assert grid_image(demo_window) == fresh_grid_image(demo_window)
    assert grid.stats.headers_painted == before + 1
    demo_window.shown.set_current(demo_window.shown.keys[-1])
    assert grid_image(demo_window) == fresh_grid_image(demo_window)
    assert grid.stats.headers_painted == before + 2

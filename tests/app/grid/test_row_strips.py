"""The grid reuses what it laid out and painted: rows kept across a scroll,
row strips kept while their selection and cursor look the same. Reuse must
never show anything a fresh paint would not."""

from __future__ import annotations

import random

from helpers.windows import fresh_grid_image, grid_image
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from mojiscope.app.grid.layout import RowLayout, layout_rows, layout_rows_reusing
from mojiscope.app.grid.row_strips import RowStrips, strip_key
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
            [[(tuple(p.offsets), p.text, p.span.kind, p.span.reason) for p in c] for c in row.columns],
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


def test_a_selection_outside_a_row_gives_the_row_the_same_strip_key() -> None:
    document = Document.from_bytes("abcdefgh€ijklmnop".encode())  # € is bytes 8..10
    first, second, third = layout_rows(document, resolve_all(["utf-8"]), 0, 3, 8)
    assert strip_key(first, (16, 17), 16) == strip_key(first, (18, 19), 18)
    # The euro sign begins on the second row and ends on the third: a cursor
    # on its last byte changes how both rows look, but not the first.
    assert strip_key(second, (10, 11), 10) != strip_key(second, (17, 18), 17)
    assert strip_key(third, (10, 11), 10) != strip_key(third, (17, 18), 17)
    assert strip_key(first, (10, 11), 10) == strip_key(first, (17, 18), 17)


def test_a_cursor_key_paints_only_the_rows_it_changes(qtbot, demo_window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    grid = demo_window.grid
    grid.setFocus()
    demo_window.selection.move_cursor(40)
    grid_image(demo_window)
    qtbot.waitUntil(lambda: not grid.ahead.pending())  # nothing left to paint ahead
    strips = grid.painting._strips
    assert strips is not None
    before = strips.painted
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    grid_image(demo_window)
    assert 1 <= strips.painted - before <= 3  # the cursor's row, and rows its character reaches


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
    selection, cursor = (40, 60), 59
    strips = together.strips(rows, selection, cursor)
    assert together.painted == len(rows)
    for row, strip in zip(rows, strips, strict=True):
        (single,) = alone.strips([row], selection, cursor)
        assert strip.toImage() == single.toImage(), f"row at {row.start}"


def test_a_key_that_changes_no_title_stamps_the_kept_header(
    qtbot,  # type: ignore[no-untyped-def]
    demo_window: MainWindow,
) -> None:
    grid = demo_window.grid
    grid.setFocus()
    grid_image(demo_window)
    header = grid.painting._header
    before = header.painted
    for key in [Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_PageDown]:
        qtbot.keyClick(grid, key)
        assert grid_image(demo_window) == fresh_grid_image(demo_window)
    assert header.painted == before
    # What the header shows: the focus area (Tab), then the current format.
    qtbot.keyClick(grid, Qt.Key.Key_Tab)
    assert grid_image(demo_window) == fresh_grid_image(demo_window)
    assert header.painted == before + 1
    demo_window.shown.set_current(demo_window.shown.keys[-1])
    assert grid_image(demo_window) == fresh_grid_image(demo_window)
    assert header.painted == before + 2

"""The Corrected UTF-8 magic number is labelled as one signature, like a BOM:
in the grid's column, the text view and the inspector."""

from __future__ import annotations

from PySide6.QtCore import Qt

from mojiscope.app.grid.layout import layout_rows, piece_cells
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import resolve
from mojiscope.app.model.glyphs import MAGIC
from mojiscope.app.window.main_window import MainWindow

MAGIC_BYTES = bytes.fromhex("EFB79DEDB2AE000A")
DATA = MAGIC_BYTES + b"Hi\n"


def test_the_magic_number_is_one_piece_over_its_eight_cells() -> None:
    document = Document.from_bytes(DATA)
    choice = resolve("corrected-utf-8")
    assert choice is not None
    (row,) = layout_rows(document, [choice], 0, 1, 16)
    first = row.columns[0][0]
    assert (first.byte_start, first.byte_end, first.is_unit) == (0, 8, True)
    assert piece_cells(first, row.start, 16) == (0, 8)


def test_text_view_inspector_and_keys_treat_it_as_one_label(
    qtbot,  # type: ignore[no-untyped-def]
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    window.set_formats(["corrected-utf-8", "utf-8"], persist=False)
    window.open_document(Document.from_bytes(DATA, "magic"))
    assert text_shown(window).toPlainText() == "\u2039MAGIC\u203aHi\n"
    window.selection.move_cursor(5)
    assert window.inspector.lines[1] == (
        "Span: signature (magic-number): the Corrected UTF-8 magic number"
    )
    (row,) = window.inspector.model.rows()
    assert row.shown == MAGIC.text
    assert row.code_point == "U+10E7D U+ED4E U+0000 U+000A"
    assert "magic number (a signature, not text)" in row.name
    grid = window.grid
    point = grid.point_of("column", 0, 3)
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert (window.selection.start, window.selection.end) == (0, 8)
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    assert (window.selection.start, window.selection.end) == (8, 9)

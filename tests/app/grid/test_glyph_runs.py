"""Plain characters are drawn unshaped from the font's glyphs, all of a
column's block in one glyph run, each centred on its cells: the same pixels
as drawing that character alone at that point. Characters the font lacks
keep the picture path (a fallback font, or their code point)."""

from __future__ import annotations

from helpers.painting import paint_column, paint_hex
from PySide6.QtCore import QPointF, QRect
from PySide6.QtGui import QImage, QPainter, QPalette, QPixmap
from pytestqt.qtbot import QtBot

from mojiscope.app.grid.column_painter import _RUN_CANDIDATES, ColumnPainter, _run_pattern
from mojiscope.app.grid.fonts import monospace_font
from mojiscope.app.grid.glyph_runs import GlyphBatch
from mojiscope.app.grid.hex_painter import HexPainter
from mojiscope.app.grid.layout import (
    Geometry,
    Metrics,
    RowLayout,
    layout_rows,
    piece_cells,
    piece_width,
)
from mojiscope.app.grid.palette import GridPalette, grid_palette
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import resolve_all
from mojiscope.app.model.glyphs import GlyphStyle, glyph_for_char

TEXT = "Καλημέρα, привет, ab café naïve, xy Ωμέγα жёлтый; 1234567890 +-*/ ÆØÅ €".encode()
TEXT += b"\xff" + b"a" + b"\xfe" + "ж".encode() + b"\xff"  # lone characters
# U+04CA is not in DejaVu Sans Mono: a fallback font draws it (its picture)
# with another advance, which must not move the characters after it.
TEXT += " ӊӜӗӞӟ ӊabc".encode()


def blank(geometry: Geometry, rows: int, palette: GridPalette) -> QPixmap:
    pixmap = QPixmap(geometry.width, int(geometry.row_h) * rows)
    pixmap.fill(palette.base)
    return pixmap


def painted_column(
    metrics: Metrics, geometry: Geometry, palette: GridPalette, rows: list[RowLayout]
) -> QImage:
    pixmap = blank(geometry, len(rows), palette)
    painter = QPainter(pixmap)
    paint_column(ColumnPainter(metrics, geometry, palette), painter, 0, rows)
    painter.end()
    return pixmap.toImage()


def one_by_one(
    metrics: Metrics, geometry: Geometry, palette: GridPalette, rows: list[RowLayout]
) -> tuple[QImage, list[QRect]]:
    """Every character of the rows' runs drawn alone with ``drawText`` at the
    centre of its cells, and the cell rects of those characters."""
    pixmap = blank(geometry, len(rows), palette)
    painter = QPainter(pixmap)
    painter.setFont(metrics.font)
    painter.setPen(palette.text)
    cells: list[QRect] = []
    batch = GlyphBatch(metrics.font)
    row_h = int(geometry.row_h)
    for i, row in enumerate(rows):
        baseline = i * row_h + (row_h - metrics.ascent) / 2 + metrics.ascent - 1
        for piece in row.columns[0]:
            cut = piece.byte_start < row.start or piece.byte_end > row.start + 16
            if piece.is_unit and (cut or not piece.text.isalpha()):
                continue  # a dimmed repeat, a marker over the glyph, or a cue's picture
            start, end = piece_cells(piece, row.start, 16)
            width = piece_width(piece)
            for k, char in enumerate(piece.text):
                if not batch.has(ord(char)):
                    continue  # a picture, from a fallback font
                first = start + k * width
                x = geometry.column_cell_x(0, first)
                span = end - start if piece.is_unit else width
                centre = (span * geometry.cell_w - metrics.char_w) / 2
                painter.drawText(QPointF(x + centre, baseline), char)
                wide = round(span * geometry.cell_w)
                cells.append(QRect(round(x), i * row_h, wide, row_h))
    painter.end()
    return pixmap.toImage(), cells


def test_each_plain_character_is_drawn_centred_on_its_cells_as_drawtext_draws_it(
    qtbot: QtBot,
) -> None:
    metrics = Metrics.for_font(monospace_font())
    geometry = Geometry(metrics, 16, len(TEXT), 1)
    palette = grid_palette(QPalette())
    document = Document.from_bytes(TEXT)
    rows = layout_rows(document, resolve_all(["utf-8"]), 0, -(-len(TEXT) // 16), 16)
    painted = painted_column(metrics, geometry, palette, rows)
    expected, cells = one_by_one(metrics, geometry, palette, rows)
    assert len(cells) >= 50  # Greek, Cyrillic, Latin, digits: most of the text
    # Characters alone in their piece, between invalid bytes.
    lone = [p.text for row in rows for p in row.columns[0] if p.is_unit and p.text.isalpha()]
    assert "a" in lone and "ж" in lone
    for cell in cells:
        assert painted.copy(cell) == expected.copy(cell), f"cell at {cell.x()},{cell.y()}"


def test_non_ascii_letters_the_font_has_are_drawn_as_a_glyph_run(qtbot: QtBot) -> None:
    # The binding's QRawFont.supportsCharacter(str) is False for any non-ASCII
    # character; asked by code point, the font's own glyphs are found.
    font = monospace_font()
    batch = GlyphBatch(font)
    letters = "éÆαΩжё€"
    assert all(batch.has(ord(c)) for c in letters)
    match = _run_pattern(font.family(), font.pointSizeF()).match(letters)
    assert match is not None and match.group(1) == letters


def test_a_character_the_font_lacks_is_not_put_in_a_glyph_run(qtbot: QtBot) -> None:
    font = monospace_font()
    batch = GlyphBatch(font)
    # A plain character that could be in a run but that this font lacks
    # (in DejaVu Sans Mono: U+01C4, DŽ).
    lacking = next(
        chr(cp)
        for candidates in _RUN_CANDIDATES
        for cp in candidates
        if glyph_for_char(chr(cp)).style is GlyphStyle.PLAIN and not batch.has(cp)
    )
    match = _run_pattern(font.family(), font.pointSizeF()).match(lacking)
    assert match is not None and match.group(1) is None and match.group(2) == lacking


def test_hex_digits_and_offsets_are_drawn_where_drawtext_draws_them(qtbot: QtBot) -> None:
    metrics = Metrics.for_font(monospace_font())
    data = bytes(range(256)) + b"tail"  # every byte value, and a short last row
    geometry = Geometry(metrics, 16, len(data), 1)
    palette = grid_palette(QPalette())
    rows = layout_rows(Document.from_bytes(data), resolve_all(["utf-8"]), 0, 17, 16)
    painted = blank(geometry, len(rows), palette)
    painter = QPainter(painted)
    hex_painter = HexPainter(geometry, palette)
    paint_hex(hex_painter, painter, rows)
    painter.end()
    expected = blank(geometry, len(rows), palette)
    painter = QPainter(expected)
    painter.setFont(metrics.font)
    for i, row in enumerate(rows):
        baseline = i * geometry.row_h + (geometry.row_h - metrics.ascent) / 2 + metrics.ascent - 2
        painter.setPen(palette.dim)
        painter.drawText(QPointF(geometry.offset_x, baseline), f"{row.start:08X}")
        painter.setPen(palette.text)
        for group in range(0, len(row.data), 8):
            text = row.data[group : group + 8].hex(" ").upper()
            painter.drawText(QPointF(geometry.hex_cell_x(group), baseline), text)
    painter.end()
    assert painted.toImage() == expected.toImage()


def test_a_character_cut_by_a_row_edge_gets_a_triangle_at_each_cut(qtbot: QtBot) -> None:
    metrics = Metrics.for_font(monospace_font())
    geometry = Geometry(metrics, 8, 16, 1)
    palette = grid_palette(QPalette())
    text = "abcdefg€xyz".encode()  # € is bytes 7..9: row 0's last cell, row 1's first two
    rows = layout_rows(Document.from_bytes(text), resolve_all(["utf-8"]), 0, 2, 8)
    image = painted_column(metrics, geometry, palette, rows)
    row_h = int(geometry.row_h)
    mid = 1 + (row_h - 2) // 2
    inside_right = round(geometry.column_cell_x(0, 8)) - 3  # 1 in from the edge, then 2 more
    inside_left = round(geometry.column_cell_x(0, 0)) + 2
    symbol = palette.symbol.rgb()
    assert image.pixel(inside_right, mid) == symbol  # row 0: goes on to the next row
    assert image.pixel(inside_left, row_h + mid) == symbol  # row 1: began on the row above
    assert image.pixel(inside_left, mid) != symbol  # "a" begins and ends on row 0


def test_selecting_a_byte_of_a_character_cut_by_a_row_edge_highlights_it_on_both_rows(
    qtbot: QtBot,
) -> None:
    metrics = Metrics.for_font(monospace_font())
    geometry = Geometry(metrics, 8, 16, 1)
    palette = grid_palette(QPalette())
    text = "abcdefg€xyz".encode()  # € is bytes 7..9: row 0's last cell, row 1's first two
    rows = layout_rows(Document.from_bytes(text), resolve_all(["utf-8"]), 0, 2, 8)
    pixmap = blank(geometry, 2, palette)
    painter = QPainter(pixmap)
    paint_column(ColumnPainter(metrics, geometry, palette), painter, 0, rows, (9, 10), 9)
    painter.end()
    image = pixmap.toImage()
    row_h = int(geometry.row_h)

    def at(cell: int, row: int, dy: int) -> int:
        """The pixel ``dy`` below the top of a cell, 3 pixels in from its left."""
        return image.pixel(round(geometry.column_cell_x(0, cell)) + 3, row * row_h + dy)

    swatch = QImage(1, 1, QImage.Format.Format_RGB32)
    swatch.fill(palette.base)
    painter = QPainter(swatch)
    painter.fillRect(0, 0, 1, 1, palette.selection)  # translucent: over the base
    painter.end()
    selection, cursor = swatch.pixel(0, 0), palette.cursor.rgb()
    assert at(7, 0, 3) == selection  # the euro sign's cell on row 0 ...
    assert at(1, 1, 3) == selection  # ... and its cells on row 1 (byte 9 is selected)
    assert at(6, 0, 3) != selection and at(2, 1, 3) != selection  # "g" and "x" are not
    assert at(7, 0, 1) == cursor and at(0, 1, 1) == cursor  # its outline, on both rows
    assert at(5, 0, 1) != cursor

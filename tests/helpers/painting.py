"""The grid's painters driven in one pass, as one painter paints a row:
each area's ground, the selection over it, its ink, then the cursor."""

from __future__ import annotations

from PySide6.QtGui import QPainter

from mojiscope.app.grid.column_painter import ColumnPainter
from mojiscope.app.grid.hex_painter import HexPainter
from mojiscope.app.grid.layout import RowLayout

NOTHING_SELECTED = (0, 0)
NO_CURSOR = -1


def paint_column(
    columns: ColumnPainter,
    painter: QPainter,
    column: int,
    rows: list[RowLayout],
    selection: tuple[int, int] = NOTHING_SELECTED,
    cursor: int = NO_CURSOR,
) -> None:
    """Decoded column ``column`` of ``rows``, the first row's top at y = 0."""
    columns.paint_ground(painter, column, rows, 0)
    columns.paint_selection(painter, column, rows, 0, selection)
    columns.paint_ink(painter, column, rows, 0)
    columns.paint_cursor(painter, column, rows, 0, cursor)


def paint_hex(
    hexes: HexPainter,
    painter: QPainter,
    rows: list[RowLayout],
    tint_column: int | None = None,
    selection: tuple[int, int] = NOTHING_SELECTED,
    cursor: int = NO_CURSOR,
) -> None:
    """The offsets and the hex cells of ``rows``, the first row's top at y = 0."""
    hexes.paint_offsets(painter, rows, 0)
    hexes.paint_tints(painter, rows, 0, tint_column)
    hexes.paint_selection(painter, rows, 0, selection)
    hexes.paint_hex(painter, rows, 0)
    hexes.paint_cursor(painter, rows, 0, cursor)

"""Stamping glyph pictures onto the cells of a block of rows.

A decoded column's glyphs that are not plain characters of the font (control
names, escaped-byte labels, code points, dimmed repeats) are cached pictures
(:mod:`~mojiscope.app.grid.glyph_pictures`), stamped one per cell group. A
``drawPixmap`` at whole-pixel integer coordinates takes Qt's untransformed
blit path, about twice as fast as the same call with a ``QPointF``, and the
grid's cells are whole pixels wide and high; a run of the same picture on consecutive cells of a
row (a row of NUL bytes) is one ``drawTiledPixmap``.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPixmap


class Stamps:
    """Pictures placed along the rows of one column of a block: ``add`` them
    in reading order, then ``flush``. ``x0`` is the column's left edge,
    ``cell_w`` a cell's width and ``height`` every picture's height."""

    def __init__(self, painter: QPainter, x0: float, cell_w: float, height: float) -> None:
        self.painter, self.x0, self.cell_w, self.height = painter, x0, cell_w, height
        self.picture: QPixmap | None = None
        self.y = 0.0
        self.first = self.count = self.cells = 0

    def add(self, picture: QPixmap, y: float, first: int, cells: int) -> None:
        """Stamp ``picture`` (``cells`` cells wide) from cell ``first`` with its top at ``y``."""
        if (
            picture is self.picture
            and y == self.y
            and cells == self.cells
            and first == self.first + self.count * cells
        ):
            self.count += 1
            return
        self.flush()
        self.picture, self.y, self.first, self.count, self.cells = picture, y, first, 1, cells

    def flush(self) -> None:
        """Stamp the run collected so far."""
        picture = self.picture
        if picture is None:
            return
        self.picture = None
        x = self.x0 + self.first * self.cell_w
        if self.count > 1:
            width = self.count * self.cells * self.cell_w
            self.painter.drawTiledPixmap(QRectF(x, self.y, width, self.height), picture)
        else:
            stamp(self.painter, x, self.y, picture)


def stamp(painter: QPainter, x: float, y: float, picture: QPixmap) -> None:
    """``picture`` with its top left at ``(x, y)``: by Qt's integer blit
    when both are whole pixels."""
    if x % 1 == 0 and y % 1 == 0:
        painter.drawPixmap(int(x), int(y), picture)
    else:
        painter.drawPixmap(QPointF(x, y), picture)

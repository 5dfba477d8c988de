"""Painted rows of the grid, kept between repaints.

Painting one row (its offset, hex and every decoded column) costs a few
hundred painter calls made from Python, and a screen holds forty rows. A
cursor key, though, changes no row's pixels but the selection's and the
cursor's, and a one-row scroll brings one new row. So the view paints each
row once into a *strip* and stamps the strips it already has, with the
selection and the cursor painted over them at each paint.

A strip is two pictures as wide as the grid and one row high: the *ground*
(the background, the hex tints and the kind cues; opaque) and the *ink*
(the digits, the glyphs and the row-edge markers; transparent elsewhere).
The view stamps the grounds, paints the selection, stamps the inks and
paints the cursor: the selection lies under the glyphs, as if painted with
them. A strip is keyed by its row's first byte alone: anything else the row
shows (the document, formats, current format, palette, font, bytes per row,
pixel ratio) is fixed for the life of a :class:`RowStrips`, and the view
makes a new one when any of those changes.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap

from mojiscope.app.grid.layout import RowLayout

RowPainter = Callable[[QPainter, QPainter, list[RowLayout]], None]
"""Paints consecutive rows, the first at y = 0: (ground painter, ink painter, rows)."""


class Strip(NamedTuple):
    """One row's pictures: the opaque ground, and the ink to stamp over it."""

    ground: QPixmap
    ink: QPixmap


class RowStrips:
    """The most recently used strips, painted by ``paint_rows`` when missing."""

    def __init__(
        self,
        paint_rows: RowPainter,
        width: float,
        height: float,
        pixel_ratio: float,
        background: QColor,
    ) -> None:
        self._paint_rows = paint_rows
        self._size = (round(width * pixel_ratio), round(height * pixel_ratio))
        # Rows painted together are cut apart on device pixels: only exact
        # when a row is a whole number of them (else each row is painted alone).
        self._whole_pixel_rows = (height * pixel_ratio).is_integer()
        self._ratio = pixel_ratio
        self._background = background
        self._strips: OrderedDict[int, Strip] = OrderedDict()
        self.limit = 128
        """Strips kept; the view sets it to a few screens of rows."""
        self.painted = 0
        """Strips painted so far (the rest were reused)."""

    def strips(self, rows: list[RowLayout]) -> list[Strip]:
        """The pictures of ``rows`` (consecutive rows, top first). Rows
        missing in a run are painted in one go (a page of new rows costs one
        pass per column, with the cues of all its rows batched) and cut
        into strips."""
        kept = self._strips
        missing = [i for i, row in enumerate(rows) if row.start not in kept]
        for first, last in _runs(missing, len(rows) if self._whole_pixel_rows else 1):
            ground, ink = self._paint(rows[first:last])
            for i in range(first, last):
                kept[rows[i].start] = (
                    Strip(ground, ink)
                    if last - first == 1
                    else Strip(self._cut(ground, i - first), self._cut(ink, i - first))
                )
            self.painted += last - first
        out = []
        for row in rows:
            kept.move_to_end(row.start)
            out.append(kept[row.start])
        while len(kept) > self.limit:
            kept.popitem(last=False)
        return out

    def _paint(self, rows: list[RowLayout]) -> tuple[QPixmap, QPixmap]:
        width, height = self._size
        ground = QPixmap(width, height * len(rows))
        ink = QPixmap(width, height * len(rows))
        for pixmap, fill in ((ground, self._background), (ink, Qt.GlobalColor.transparent)):
            pixmap.setDevicePixelRatio(self._ratio)
            pixmap.fill(fill)
        ground_painter, ink_painter = QPainter(ground), QPainter(ink)
        try:
            self._paint_rows(ground_painter, ink_painter, rows)
        finally:
            ground_painter.end()
            ink_painter.end()
        return ground, ink

    def _cut(self, block: QPixmap, index: int) -> QPixmap:
        width, height = self._size
        strip = block.copy(QRect(0, index * height, width, height))
        strip.setDevicePixelRatio(self._ratio)
        return strip


def _runs(indexes: list[int], longest: int) -> list[tuple[int, int]]:
    """Consecutive ``indexes`` as ``(first, last + 1)`` runs of at most ``longest``."""
    runs: list[tuple[int, int]] = []
    for i in indexes:
        if runs and runs[-1][1] == i and i - runs[-1][0] < longest:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    return runs

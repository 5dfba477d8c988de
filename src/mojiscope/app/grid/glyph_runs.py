"""Plain characters drawn without shaping: one ``drawGlyphRun`` per batch.

``QPainter.drawText`` shapes its string (HarfBuzz) on every call, some tens
of microseconds even for a few ASCII letters, and a screen of the grid is
hundreds of short strings. Characters that need no shaping (they never
reorder, join or combine) and that the font itself has can instead be drawn
from their glyph indexes at points the grid chooses: the cells they sit on.
A :class:`GlyphBatch` collects such characters with their points, and draws
all of them (every row of a block, for one pen) in a single call.

The points come from a :class:`PointRows`: the glyph origins of each row,
made once per geometry and reused, so that placing a run of characters is a
list slice rather than a Python step per character.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QFont, QGlyphRun, QPainter, QRawFont


class PointRows:
    """Glyph origins at the same x offsets on every row: row ``i``'s points
    are at ``(x, i * row_h + baseline)`` for each x of ``xs``, made on first
    use and kept. Read-only for callers: they slice them, never change them."""

    def __init__(self, xs: Sequence[float], row_h: float, baseline: float) -> None:
        self._xs = list(xs)
        self._row_h = row_h
        self._baseline = baseline
        self._rows: list[list[QPointF]] = []

    def row(self, index: int) -> list[QPointF]:
        """The points of row ``index`` (0 = the first row of a block)."""
        rows = self._rows
        while len(rows) <= index:
            y = len(rows) * self._row_h + self._baseline
            rows.append([QPointF(x, y) for x in self._xs])
        return rows[index]


class GlyphBatch:
    """Characters of one font collected with their glyph origins, drawn
    together by :meth:`draw` with one ``drawGlyphRun``.

    Only characters the raw font itself has (:meth:`has`) and that need no
    shaping may be added, one UTF-16 unit each (the Basic Multilingual
    Plane): their glyph is then the font's glyph for the character, exactly
    what ``drawText`` would draw, placed at the given point."""

    def __init__(self, font: QFont) -> None:
        self.raw = QRawFont.fromFont(font)
        self._texts: list[str] = []
        self._points: list[QPointF] = []

    def has(self, code_point: int) -> bool:
        """True when the font itself (not a fallback) has a glyph for ``code_point``."""
        # By code point: this binding's QChar overload misreads non-ASCII str.
        return self.raw.supportsCharacter(code_point)

    def add(self, text: str, points: list[QPointF]) -> None:
        """Draw ``text[k]`` with its origin (left end of the baseline) at
        ``points[k]``; ``text`` and ``points`` have the same length."""
        self._texts.append(text)
        self._points += points

    def draw(self, painter: QPainter, origin: QPointF, pen: QColor) -> None:
        """Draw what was added, every point shifted by ``origin``, then forget it."""
        if not self._points:
            return
        run = QGlyphRun()
        run.setRawFont(self.raw)
        run.setGlyphIndexes(self.raw.glyphIndexesForString("".join(self._texts)))
        run.setPositions(self._points)
        painter.setPen(pen)
        painter.drawGlyphRun(origin, run)
        self._texts = []
        self._points = []

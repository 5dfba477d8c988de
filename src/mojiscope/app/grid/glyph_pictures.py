"""Pictures of glyphs, drawn once and reused.

Drawing a stand-in (a control's name in small type on two lines, a squeezed
wide character) takes several painter calls; a screen of NUL bytes holds
thousands of them. :class:`GlyphPictures` draws each distinct glyph once per
width into a transparent pixmap of whole cells, so the columns can stamp it
with one call, or a run of identical ones with one ``drawTiledPixmap``. The
row-edge markers (a triangle) are pictures too: one blit is far cheaper than
setting a pen and brush and filling a polygon, and a screen has dozens.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPixmap, QPolygonF

from mojiscope.app.grid.fonts import can_draw
from mojiscope.app.grid.layout import Geometry, Metrics
from mojiscope.app.grid.palette import GridPalette
from mojiscope.app.model.glyphs import DOTTED_CIRCLE, Glyph, GlyphStyle

MAX_PICTURES = 4096

MARKER = 3.5
"""Half the height, and the width, of a row-edge marker's triangle."""
MARKER_W = 6
"""Width of a row-edge marker's picture: the triangle, 1 pixel in from the cell's edge."""


class GlyphPictures:
    """A cache of glyph pixmaps for one font, palette and cell size."""

    def __init__(
        self, metrics: Metrics, geometry: Geometry, palette: GridPalette, pixel_ratio: float
    ) -> None:
        self.metrics = metrics
        self.geometry = geometry
        self.palette = palette
        self.pixel_ratio = pixel_ratio
        self.height = geometry.row_h - 2
        self._fm = QFontMetricsF(metrics.font)
        self._small_fm = QFontMetricsF(metrics.small_font)
        self._byte_font = QFont(metrics.small_font)
        self._byte_font.setBold(True)
        self._byte_fm = QFontMetricsF(self._byte_font)
        self._cache: dict[tuple[Glyph, int, bool], QPixmap] = {}
        self._markers = {left: self._draw_marker(left) for left in (True, False)}

    def marker(self, left: bool) -> QPixmap:
        """A small triangle pointing to the row's left edge (``left``: the
        character began on an earlier row) or right edge (it goes on), for a
        cell's left or right edge respectively: stamp it at the top of the
        cell's picture area, at its left edge or ``MARKER_W`` from its right."""
        return self._markers[left]

    def picture(self, glyph: Glyph, cells: int, dim: bool) -> QPixmap:
        """The pixmap of ``glyph`` centred over ``cells`` cells (dimmed if ``dim``)."""
        key = (glyph, cells, dim)
        pixmap = self._cache.get(key)
        if pixmap is None:
            if len(self._cache) >= MAX_PICTURES:
                self._cache.clear()
            pixmap = self._cache[key] = self._draw(glyph, cells, dim)
        return pixmap

    def _draw(self, glyph: Glyph, cells: int, dim: bool) -> QPixmap:
        width = cells * self.geometry.cell_w
        ratio = self.pixel_ratio
        pixmap = QPixmap(round(width * ratio), round(self.height * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        try:
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            self.paint(painter, glyph, QRectF(0, 0, width, self.height), dim)
        finally:
            painter.end()
        return pixmap

    def _draw_marker(self, left: bool) -> QPixmap:
        ratio = self.pixel_ratio
        pixmap = QPixmap(round(MARKER_W * ratio), round(self.height * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        mid = self.height / 2
        x, tip = (1.0, MARKER) if left else (MARKER_W - 1.0, -MARKER)
        points = [QPointF(x, mid), QPointF(x + tip, mid - MARKER), QPointF(x + tip, mid + MARKER)]
        painter = QPainter(pixmap)
        try:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.palette.symbol)
            painter.drawPolygon(QPolygonF(points))
        finally:
            painter.end()
        return pixmap

    def paint(self, painter: QPainter, glyph: Glyph, rect: QRectF, dim: bool) -> None:
        """Draw ``glyph`` centred in ``rect`` (the pixmap's whole area)."""
        text, style = glyph.text, glyph.style
        if not text:
            return
        if style is GlyphStyle.SYMBOL and not can_draw(self.metrics.font, text):
            text, style = glyph.fallback, GlyphStyle.SMALL
        elif style is GlyphStyle.PLAIN and not can_draw(self.metrics.font, text):
            # No installed font has it: its code point beats a box.
            text, style = (
                f"{ord(text.replace(DOTTED_CIRCLE, '')[:1] or text[0]):04X}",
                GlyphStyle.SMALL,
            )
        if style is GlyphStyle.PLAIN:
            ink = self.palette.text
        elif style is GlyphStyle.BYTE:
            ink = self.palette.text  # the most contrast on the escape's fill
        elif style is GlyphStyle.BIDI:
            ink = self.palette.bidi
        else:
            ink = self.palette.symbol
        if dim:
            ink = QColor(ink)
            ink.setAlpha(110)
        painter.setPen(ink)
        if style is GlyphStyle.BYTE:
            self._paint_byte(painter, text, rect)
            return
        if style in (GlyphStyle.SMALL, GlyphStyle.BIDI):
            self._paint_small(painter, text, rect)
            return
        painter.setFont(self.metrics.font)
        baseline = (rect.height() - self.metrics.ascent) / 2 + self.metrics.ascent - 1
        _draw_fitted(painter, text, self._fm.horizontalAdvance(text), rect, rect.top() + baseline)

    def _paint_byte(self, painter: QPainter, text: str, rect: QRectF) -> None:
        """An escaped byte's hex digits in bold small type, stacked one above
        the other when the cell is too narrow for both side by side (a
        squeezed pair is unreadable at one character's width)."""
        painter.setFont(self._byte_font)
        fm = self._byte_fm
        lines = [text]
        if fm.horizontalAdvance(text) > rect.width() - 1 and rect.height() >= 2 * fm.ascent():
            half = (len(text) + 1) // 2
            lines = [text[:half], text[half:]]
        line_h = rect.height() / len(lines)
        for k, line in enumerate(lines):
            baseline = rect.top() + k * line_h + (line_h + fm.ascent()) / 2 - 0.5
            _draw_fitted(painter, line, fm.horizontalAdvance(line), rect, baseline)

    def _paint_small(self, painter: QPainter, text: str, rect: QRectF) -> None:
        painter.setFont(self.metrics.small_font)
        sfm = self._small_fm
        ascent = self.metrics.small_ascent
        lines = [text]
        fits_two_lines = rect.height() >= 2 * sfm.height() - 3
        if sfm.horizontalAdvance(text) > rect.width() - 1 and len(text) >= 3 and fits_two_lines:
            half = (len(text) + 1) // 2
            lines = [text[:half], text[half:]]
        line_h = rect.height() / len(lines)
        for k, line in enumerate(lines):
            top = rect.top() + k * line_h
            baseline = top + (line_h - ascent) / 2 + ascent - (0.0 if len(lines) > 1 else 0.5)
            _draw_fitted(painter, line, sfm.horizontalAdvance(line), rect, baseline)


def _draw_fitted(painter: QPainter, text: str, width: float, rect: QRectF, baseline: float) -> None:
    """Centre ``text`` in ``rect``; squeeze it horizontally if it is too wide."""
    room = rect.width() - 1
    if width <= room:
        painter.drawText(QPointF(rect.center().x() - width / 2, baseline), text)
        return
    painter.save()
    painter.translate(rect.left() + 0.5, baseline)
    painter.scale(room / width, 1.0)
    painter.drawText(QPointF(0, 0), text)
    painter.restore()

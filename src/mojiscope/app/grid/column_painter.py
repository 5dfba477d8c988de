"""Painting the decoded columns: each character across the cells of its bytes.

Per column, for a block of rows, in two layers that the row strips keep
(:mod:`~mojiscope.app.grid.row_strips`): the *ground* holds the kind cues of
non-text spans (fill plus hatch, border or bar; one shape per span part, so
a 3-byte invalid sequence is one box), the *ink* the glyphs and the
row-edge markers. The selection and the cursor depend on no row's kept
pixels: they are painted over the strips at each paint, the selection
between the two layers (under the glyphs), the cursor on top
(:meth:`ColumnPainter.paint_selection`, :meth:`ColumnPainter.paint_cursor`).
A character whose bytes began on an earlier row is repeated dimmed with a
small left-pointing triangle; one that goes on to the next row gets a
right-pointing triangle.

Drawing is batched, because a screen can hold thousands of cells: cue rects
are collected per kind and drawn with one ``drawRects`` per brush; ordinary
characters the font has (and control pictures, in their colour), of every
row of the block, are one unshaped glyph run per colour
(:mod:`~mojiscope.app.grid.glyph_runs`), each glyph centred on its cells; any
other glyph, and the triangles, are cached pictures
(:mod:`~mojiscope.app.grid.glyph_pictures`) stamped at whole pixels, a run of
identical pictures (a row of NUL bytes) with one ``drawTiledPixmap``
(:mod:`~mojiscope.app.grid.picture_stamps`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPixmap

from mojiscope.app.grid.cues import BAR_HEIGHT, paint_cue
from mojiscope.app.grid.glyph_pictures import MARKER_W, GlyphPictures
from mojiscope.app.grid.glyph_runs import GlyphBatch, PointRows
from mojiscope.app.grid.layout import Geometry, Metrics, RowLayout, piece_width
from mojiscope.app.grid.palette import GridPalette
from mojiscope.app.grid.picture_stamps import Stamps, stamp
from mojiscope.app.model.char_runs import CharRun
from mojiscope.app.model.glyphs import Glyph, GlyphStyle, glyph_for_cell, glyph_for_char
from mojiscope.core import SpanKind
from mojiscope.core.words.charclass import regex_ranges

#: Characters that never reorder (bidi), join or combine, so they can be drawn
#: unshaped from their glyphs: Latin, Greek, Cyrillic, punctuation, symbols, U+FFFD.
_RUN_CANDIDATES = (range(0x20, 0x590), range(0x2010, 0x2060), range(0x20A0, 0x2C00), (0xFFFD,))


@lru_cache(maxsize=8)
def _plain_chars(family: str, point_size: float) -> frozenset[str]:
    """The run candidates drawn as themselves from the font itself: what a
    glyph batch may draw."""
    font = QFont(family)
    font.setPointSizeF(point_size)
    batch = GlyphBatch(font)
    return frozenset(
        chr(cp)
        for candidates in _RUN_CANDIDATES
        for cp in candidates
        if glyph_for_char(chr(cp)) == (chr(cp), GlyphStyle.PLAIN, "") and batch.has(cp)
    )


@lru_cache(maxsize=8)
def _run_pattern(family: str, point_size: float) -> re.Pattern[str]:
    """Matches runs of :func:`_plain_chars` (group 1), or else one character
    repeated (group 2)."""
    klass = regex_ranges(_plain_chars(family, point_size))
    return re.compile(f"([{klass}]+)|((.)\\3*)", re.DOTALL)


class ColumnPainter:
    """Paints decoded columns for one font, palette and geometry."""

    def __init__(
        self, metrics: Metrics, geometry: Geometry, palette: GridPalette, pixel_ratio: float = 1.0
    ) -> None:
        self.metrics = metrics
        self.geometry = geometry
        self.palette = palette
        self.pictures = GlyphPictures(metrics, geometry, palette, pixel_ratio)
        self._batch = GlyphBatch(metrics.font)
        self._symbols = GlyphBatch(metrics.font)
        """Control pictures (U+2400 block) the font has, in the symbol colour."""
        self._points: dict[int, PointRows] = {}
        family, size = metrics.font.family(), metrics.font.pointSizeF()
        self._plain = _plain_chars(family, size)
        self._runs = _run_pattern(family, size)

    def paint_ground(
        self, painter: QPainter, column: int, rows: list[RowLayout], y0: float
    ) -> None:
        """The ground of rows ``rows`` of decoded column ``column``, the first
        row's top at ``y0``: the cues of every non-text span."""
        self._paint_cues(painter, column, rows, y0)

    def paint_ink(self, painter: QPainter, column: int, rows: list[RowLayout], y0: float) -> None:
        """The ink of the same rows: every glyph (plain characters of all
        rows in one glyph run) and the row-edge markers."""
        row_h = self.geometry.row_h
        x0 = self.geometry.column_x[column]
        stamps = Stamps(painter, x0, self.geometry.cell_w, self.pictures.height)
        markers: list[tuple[float, float, QPixmap]] = []
        for i, row in enumerate(rows):
            self._paint_glyphs(column, row, i, y0 + i * row_h, stamps, markers)
        stamps.flush()
        origin = QPointF(x0, y0)
        self._batch.draw(painter, origin, self.palette.text)
        self._symbols.draw(painter, origin, self.palette.symbol)
        for x, y, marker in markers:
            stamp(painter, x, y, marker)

    def paint_selection(
        self,
        painter: QPainter,
        column: int,
        rows: list[RowLayout],
        y0: float,
        selection: tuple[int, int],
    ) -> None:
        """Highlight, on rows ``rows`` (the first row's top at ``y0``), the
        whole characters of column ``column`` that hold selected bytes."""
        row_h = self.geometry.row_h
        for i, row in enumerate(rows):
            self._paint_selection(
                painter, column, row, row.columns[column], y0 + i * row_h, selection
            )

    def paint_cursor(
        self, painter: QPainter, column: int, rows: list[RowLayout], y0: float, cursor: int
    ) -> None:
        """Outline the character of column ``column`` that holds byte
        ``cursor``, on each of the rows it is drawn on."""
        row_h = self.geometry.row_h
        for i, row in enumerate(rows):
            self._paint_cursor(painter, column, row, row.columns[column], y0 + i * row_h, cursor)

    def _rect(self, column: int, first: int, last: int, top: float) -> QRectF:
        g = self.geometry
        x0 = g.column_cell_x(column, first)
        return QRectF(x0, top + 1, g.column_cell_x(column, last) - x0, g.row_h - 2)

    # -- cues ----------------------------------------------------------------------

    def _paint_cues(self, painter: QPainter, column: int, rows: list[RowLayout], y0: float) -> None:
        """Collect every non-text span part's rect per kind, then draw each
        kind's fill and cue with a few calls. Parts of a span cut by a row
        edge (an open border side) are drawn one by one."""
        plain: dict[SpanKind, list[QRectF]] = defaultdict(list)
        bpr = self.geometry.bytes_per_row
        for i, row in enumerate(rows):
            top = y0 + i * self.geometry.row_h
            drawn = row.columns[column]
            k = 0
            while k < len(drawn):
                span = drawn[k].span
                j = k + 1
                while j < len(drawn) and drawn[j].span == span:
                    j += 1
                if span.kind != SpanKind.TEXT:
                    first = max(drawn[k].offsets[0] - row.start, 0)
                    last = min(drawn[j - 1].offsets[-1] - row.start, bpr)
                    rect = self._rect(column, first, last, top)
                    open_left = span.byte_start < row.start
                    open_right = span.byte_end > row.start + bpr
                    style = self.palette.kinds[span.kind]
                    if (open_left or open_right) and style.border != Qt.PenStyle.NoPen:
                        paint_cue(painter, rect, style, open_left=open_left, open_right=open_right)
                    else:
                        plain[span.kind].append(rect)
                k = j
        for kind, rects in plain.items():
            self._paint_cue_batch(painter, kind, rects)

    def _paint_cue_batch(self, painter: QPainter, kind: SpanKind, rects: list[QRectF]) -> None:
        style = self.palette.kinds[kind]
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.fill)
        painter.drawRects(rects)
        if style.hatch != Qt.BrushStyle.NoBrush:
            hatch = QColor(style.ink)
            hatch.setAlpha(150)
            painter.setBrush(QBrush(hatch, style.hatch))
            painter.drawRects(rects)
        if style.bar:
            painter.setBrush(style.ink)
            painter.drawRects(
                [QRectF(r.left(), r.bottom() - BAR_HEIGHT, r.width(), BAR_HEIGHT) for r in rects]
            )
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if style.border != Qt.PenStyle.NoPen:
            pen = QPen(style.ink, 1.5, style.border)
            painter.setPen(pen)
            painter.drawRects([r.adjusted(0.75, 0.75, -0.75, -0.75) for r in rects])

    # -- selection and cursor ------------------------------------------------------------

    def _paint_selection(
        self,
        painter: QPainter,
        column: int,
        row: RowLayout,
        drawn: list[CharRun],
        top: float,
        selection: tuple[int, int],
    ) -> None:
        """Highlight the whole characters that hold selected bytes."""
        start, end = selection
        if not drawn or end <= drawn[0].offsets[0] or start >= drawn[-1].offsets[-1]:
            return  # the row's characters hold none of them (most rows)
        hit = [p for p in drawn if p.offsets[0] < end and p.offsets[-1] > start]
        if not hit:
            return
        first_char = hit[0].char_bytes(max(start, hit[0].offsets[0]))[0]
        last_char = hit[-1].char_bytes(min(end, hit[-1].offsets[-1]) - 1)[1]
        bpr = self.geometry.bytes_per_row
        first = min(max(first_char - row.start, 0), bpr)
        last = min(max(last_char - row.start, 0), bpr)
        if last > first:
            painter.fillRect(self._rect(column, first, last, top), self.palette.selection)

    def _paint_cursor(
        self,
        painter: QPainter,
        column: int,
        row: RowLayout,
        drawn: list[CharRun],
        top: float,
        cursor: int,
    ) -> None:
        """Outline the character that holds the cursor's byte, if on this row."""
        if not drawn or not drawn[0].offsets[0] <= cursor < drawn[-1].offsets[-1]:
            return
        for piece in drawn:
            if piece.offsets[0] <= cursor < piece.offsets[-1]:
                b0, b1 = piece.char_bytes(cursor)
                bpr = self.geometry.bytes_per_row
                first = max(b0 - row.start, 0)
                last = min(b1 - row.start, bpr)
                painter.setPen(QPen(self.palette.cursor, 1.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                rect = self._rect(column, first, last, top)
                painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5))
                return

    # -- glyphs ---------------------------------------------------------------------------

    def _paint_glyphs(
        self,
        column: int,
        row: RowLayout,
        index: int,
        top: float,
        stamps: Stamps,
        markers: list[tuple[float, float, QPixmap]],
    ) -> None:
        """Row ``index`` of the block, its top at ``top``: plain characters
        go to the glyph batches, any other glyph is a picture; the row-edge
        markers of pieces cut by the row's edges go to ``markers``."""
        y = top + 1
        bpr = self.geometry.bytes_per_row
        row_start = row.start
        for piece in row.columns[column]:
            offsets, text, span = piece
            if len(offsets) == 2:
                b0, b1 = offsets
                first, last = max(b0 - row_start, 0), min(b1 - row_start, bpr)
                continued, continues = b0 < row_start, b1 > row_start + bpr
                cells = last - first
                glyph = glyph_for_cell(text, span, row.data[first:last])
                batch = self._unit_batch(glyph, continued)
                if batch is not None:
                    batch.add(glyph.text, [self._cell_points(cells).row(index)[first]])
                else:
                    picture = self.pictures.picture(glyph, cells, continued)
                    stamps.add(picture, y, first, cells)
                if continued:
                    x = self.geometry.column_cell_x(column, first)
                    markers.append((x, y, self.pictures.marker(True)))
                if continues:
                    x = self.geometry.column_cell_x(column, last) - MARKER_W
                    markers.append((x, y, self.pictures.marker(False)))
            elif span.kind == SpanKind.ESCAPE:
                width = piece_width(piece)
                first = offsets[0] - row_start
                for k, char in enumerate(text):
                    at = first + k * width
                    glyph = glyph_for_cell(char, span, row.data[at : at + width])
                    stamps.add(self.pictures.picture(glyph, width, False), y, at, width)
            else:
                self._paint_run(piece, row_start, index, y, stamps)

    def _paint_run(
        self, piece: CharRun, row_start: int, index: int, y: float, stamps: Stamps
    ) -> None:
        """Characters of one width on a row (its first byte ``row_start``):
        runs the font has go to the glyph batch, each centred on its cells;
        the others are pictures."""
        offsets, text, _ = piece
        width = offsets.step if isinstance(offsets, range) else piece_width(piece)
        points = self._cell_points(width).row(index)
        start = offsets[0] - row_start
        if self._plain.issuperset(text):  # the usual case: no regex needed
            self._batch.add(text, points[start : offsets[-1] - row_start : width])
            return
        for match in self._runs.finditer(text):
            first = start + match.start() * width
            run = match.group(1)
            if run:
                self._batch.add(run, points[first : first + len(run) * width : width])
            else:
                picture = self.pictures.picture(glyph_for_char(match.group(3)), width, False)
                for k in range(len(match.group(2))):
                    stamps.add(picture, y, first + k * width, width)

    def _unit_batch(self, glyph: Glyph, dim: bool) -> GlyphBatch | None:
        """The glyph batch that draws ``glyph`` as its picture would show it
        (a character of the font itself, in its colour), if any."""
        if dim or glyph.text not in self._plain:
            return None
        if glyph.style is GlyphStyle.PLAIN:
            return self._batch
        return self._symbols if glyph.style is GlyphStyle.SYMBOL else None

    def _cell_points(self, width: int) -> PointRows:
        """Glyph origins centring a character on ``width`` cells from each
        cell of a row, relative to the column's left edge and the block's top."""
        points = self._points.get(width)
        if points is None:
            g, m = self.geometry, self.metrics
            centre = (width * g.cell_w - m.char_w) / 2
            xs = [cell * g.cell_w + centre for cell in range(g.bytes_per_row)]
            baseline = (g.row_h - m.ascent) / 2 + m.ascent - 1
            points = self._points[width] = PointRows(xs, g.row_h, baseline)
        return points

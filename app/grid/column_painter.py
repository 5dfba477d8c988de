"""Painting the decoded columns: each character across the cells of its bytes.

Per column, for a block of rows: the kind cues of non-text spans (fill plus
hatch, border or bar; one shape per span part, so a 3-byte invalid sequence is
one box), the selection, the glyphs, the row-edge markers and the cursor. A
character whose bytes began on an earlier row is repeated dimmed with a small
left-pointing triangle; one that goes on to the next row gets a
right-pointing triangle.

Drawing is batched, because a screen can hold thousands of cells: cue rects
are collected per kind and drawn with one ``drawRects`` per brush; ordinary
characters the font has, of every row of the block, are one unshaped glyph
run (:mod:`~mojiscope.app.grid.glyph_runs`), each glyph centred on its
cells; any other glyph is a cached picture
(:mod:`~mojiscope.app.grid.glyph_pictures`), and a run of identical pictures
(a row of NUL bytes) is one ``drawTiledPixmap``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPixmap, QPolygonF

from mojiscope.app.grid.cues import BAR_HEIGHT, paint_cue
from mojiscope.app.grid.glyph_pictures import GlyphPictures
from mojiscope.app.grid.glyph_runs import GlyphBatch, PointRows
from mojiscope.app.grid.layout import DrawnPiece, Geometry, Metrics, RowLayout
from mojiscope.app.grid.palette import GridPalette
from mojiscope.app.model.glyphs import EMPTY, MAGIC, Glyph, GlyphStyle, glyph_for_char
from mojiscope.core import Reason, SpanKind

_MARKER = 3.5

#: Characters that never reorder (bidi), join or combine, so they can be drawn
#: unshaped from their glyphs: Latin, Greek, Cyrillic, punctuation, symbols, U+FFFD.
_RUN_CANDIDATES = (range(0x20, 0x590), range(0x2010, 0x2060), range(0x20A0, 0x2C00), (0xFFFD,))


@lru_cache(maxsize=8)
def _run_pattern(family: str, point_size: float) -> re.Pattern[str]:
    """Matches runs of characters drawn as themselves from the font itself
    (group 1: a glyph batch can draw them), or else one character repeated
    (group 2)."""
    font = QFont(family)
    font.setPointSizeF(point_size)
    batch = GlyphBatch(font)
    members = [
        cp
        for candidates in _RUN_CANDIDATES
        for cp in candidates
        if glyph_for_char(chr(cp)) == (chr(cp), GlyphStyle.PLAIN, "") and batch.has(cp)
    ]
    ranges: list[tuple[int, int]] = []
    for cp in members:
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1] = (ranges[-1][0], cp)
        else:
            ranges.append((cp, cp))
    klass = "".join(
        re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
        for a, b in ranges
    )
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
        self._points: dict[int, PointRows] = {}
        self._runs = _run_pattern(metrics.font.family(), metrics.font.pointSizeF())

    def paint(
        self,
        painter: QPainter,
        column: int,
        rows: list[RowLayout],
        y0: float,
        selection: tuple[int, int],
        cursor: int,
    ) -> None:
        """Rows ``rows`` of decoded column ``column``, the first row's top at
        ``y0``: cues, selections, then every glyph (plain characters of all
        rows in one glyph run), row-edge markers and the cursor on top."""
        self._paint_cues(painter, column, rows, y0)
        row_h = self.geometry.row_h
        for i, row in enumerate(rows):
            self._paint_selection(
                painter, column, row, row.columns[column], y0 + i * row_h, selection
            )
        markers: list[tuple[QRectF, bool]] = []
        for i, row in enumerate(rows):
            self._paint_glyphs(painter, column, row, i, y0 + i * row_h, markers)
        self._batch.draw(painter, QPointF(self.geometry.column_x[column], y0), self.palette.text)
        for rect, left in markers:
            self._paint_marker(painter, rect, left)
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
                    rect = self._rect(column, drawn[k].first, drawn[j - 1].last, top)
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
        drawn: list[DrawnPiece],
        top: float,
        selection: tuple[int, int],
    ) -> None:
        """Highlight the whole characters that hold selected bytes."""
        start, end = selection
        hit = [p for p in drawn if p.byte_start < end and p.byte_end > start]
        if not hit:
            return
        first_char = hit[0].char_bytes(max(start, hit[0].byte_start))[0]
        last_char = hit[-1].char_bytes(min(end, hit[-1].byte_end) - 1)[1]
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
        drawn: list[DrawnPiece],
        top: float,
        cursor: int,
    ) -> None:
        for piece in drawn:
            if piece.byte_start <= cursor < piece.byte_end:
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
        painter: QPainter,
        column: int,
        row: RowLayout,
        index: int,
        top: float,
        markers: list[tuple[QRectF, bool]],
    ) -> None:
        """Row ``index`` of the block: plain characters go to the glyph
        batch, any other glyph is a picture; the row-edge markers of pieces
        cut by the row's edges are added to ``markers``."""
        tiles = _Tiles(self, painter, column, top)
        for piece in row.columns[column]:
            if piece.is_unit:
                cells = piece.last - piece.first
                glyph = self._unit_glyph(piece, row)
                tiles.add(self.pictures.picture(glyph, cells, piece.continued), piece.first, cells)
                if piece.continued or piece.continues:
                    markers.append(
                        (self._rect(column, piece.first, piece.last, top), piece.continued)
                    )
            elif piece.span.kind == SpanKind.ESCAPE:
                for k in range(len(piece.text)):
                    first = piece.first + k * piece.width
                    kept = row.data[first : first + piece.width].hex().upper()
                    glyph = Glyph(kept, GlyphStyle.BYTE)
                    tiles.add(self.pictures.picture(glyph, piece.width, False), first, piece.width)
            else:
                self._paint_run(piece, index, tiles)
        tiles.flush()

    def _paint_run(self, piece: DrawnPiece, index: int, tiles: _Tiles) -> None:
        """Characters of one width: runs the font has go to the glyph batch,
        each centred on its cells; the others are pictures."""
        width = piece.width
        points = self._cell_points(width).row(index)
        for match in self._runs.finditer(piece.text):
            first = piece.first + match.start() * width
            run = match.group(1)
            if run:
                self._batch.add(run, points[first : first + len(run) * width : width])
            else:
                picture = self.pictures.picture(glyph_for_char(match.group(3)), width, False)
                for k in range(len(match.group(2))):
                    tiles.add(picture, first + k * width, width)

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

    @staticmethod
    def _unit_glyph(piece: DrawnPiece, row: RowLayout) -> Glyph:
        span = piece.span
        if span.kind == SpanKind.ESCAPE:
            return Glyph(row.data[piece.first : piece.last].hex().upper(), GlyphStyle.BYTE)
        if span.kind == SpanKind.BEYOND and span.value is not None:
            return Glyph(f"{span.value:X}", GlyphStyle.SMALL)
        if span.reason == Reason.MAGIC_NUMBER:
            return MAGIC
        return glyph_for_char(piece.text) if piece.text else EMPTY

    def _paint_marker(self, painter: QPainter, rect: QRectF, left: bool) -> None:
        """A small triangle at the row edge: this character goes on across rows."""
        mid = rect.center().y()
        x = rect.left() + 1 if left else rect.right() - 1
        tip = _MARKER if left else -_MARKER
        points = [QPointF(x, mid), QPointF(x + tip, mid - _MARKER), QPointF(x + tip, mid + _MARKER)]
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.palette.symbol)
        painter.drawPolygon(QPolygonF(points))
        painter.setBrush(Qt.BrushStyle.NoBrush)


class _Tiles:
    """Collects glyph pictures along a row and stamps runs of the same one
    with a single ``drawTiledPixmap``."""

    def __init__(self, owner: ColumnPainter, painter: QPainter, column: int, top: float) -> None:
        self.owner, self.painter, self.column, self.top = owner, painter, column, top
        self.picture: QPixmap | None = None
        self.first = self.count = self.cells = 0

    def add(self, picture: QPixmap, first: int, cells: int) -> None:
        if (
            picture is self.picture
            and cells == self.cells
            and first == self.first + self.count * cells
        ):
            self.count += 1
            return
        self.flush()
        self.picture, self.first, self.count, self.cells = picture, first, 1, cells

    def flush(self) -> None:
        picture = self.picture
        if picture is None:
            return
        self.picture = None
        x = self.owner.geometry.column_cell_x(self.column, self.first)
        y = self.top + 1
        if self.count == 1:
            self.painter.drawPixmap(QPointF(x, y), picture)
            return
        width = picture.width() / picture.devicePixelRatio()
        height = self.owner.pictures.height
        self.painter.drawTiledPixmap(QRectF(x, y, width * self.count, height), picture)

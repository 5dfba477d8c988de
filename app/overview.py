"""The overview strip beside the vertical scroll bar: where the damage is.

The strip's height stands for the whole file. Each anomaly region of the
current format's index (:class:`~mojiscope.core.index.FileIndex`, per chunk)
is drawn with the colour *and* the non-colour cue the columns use for its
kind (:mod:`mojiscope.app.grid.cues`), at least :data:`MIN_MARK` pixels high
so that one bad byte in a gigabyte still shows. Parts the index has not
reached are dimmed; the rows on screen are outlined. Click or drag to centre
the view there (a click on a mark centres its first anomaly); hovering tells
the counts of the region under the pointer.

The marks are drawn into an image once per change of the index (which the
:class:`~mojiscope.app.index_jobs.IndexKeeper` signals at most ten times a
second), never per paint: scrolling repaints the image and the outline of
the rows on screen. Neighbouring chunks of one kind whose marks touch are
one mark (:func:`strip_marks`), so the strip paints at most a few
rectangles per pixel row of its height, however many chunks the index has.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QToolTip, QWidget

from mojiscope.app.grid.cues import paint_cue
from mojiscope.app.grid.palette import GridPalette
from mojiscope.app.grid.view import GridView
from mojiscope.app.index_jobs import IndexKeeper
from mojiscope.core.index import FileIndex
from mojiscope.core.index_scan import ChunkCounts
from mojiscope.core.spans import KIND_CODES, REASON_CODES, SpanKind

STRIP_WIDTH = 16
MIN_MARK = 4.0
#: Which kind a region is drawn as when it holds several: errors first.
SEVERITY = (
    SpanKind.INVALID,
    SpanKind.COLLISION,
    SpanKind.RESERVED,
    SpanKind.BEYOND,
    SpanKind.SURROGATE,
    SpanKind.ESCAPE,
    SpanKind.WARNING,
    SpanKind.SIGNATURE,
)


def region_kind(counts: dict[tuple[int, int], int]) -> SpanKind | None:
    """The most severe kind among a region's counts (None: no anomaly)."""
    present = {KIND_CODES[kind] for (kind, _), n in counts.items() if n}
    return next((kind for kind in SEVERITY if kind in present), None)


class Mark(NamedTuple):
    """One rectangle of the strip, ``top`` to ``bottom`` pixels: chunks of
    ``kind``, or (``kind`` None) chunks the index has not reached yet."""

    top: float
    bottom: float
    kind: SpanKind | None


class _KindCache:
    """Each chunk's :func:`region_kind`, computed once per chunk's counts (a
    growing index adds counts; it never changes those it has)."""

    def __init__(self) -> None:
        self.counts: list[ChunkCounts | None] = []
        self.kinds: list[SpanKind | None] = []

    def kind(self, k: int, counts: ChunkCounts) -> SpanKind | None:
        if k >= len(self.counts):
            grow = k + 1 - len(self.counts)
            self.counts.extend([None] * grow)
            self.kinds.extend([None] * grow)
        if self.counts[k] is not counts:
            self.counts[k], self.kinds[k] = counts, region_kind(counts.counts)
        return self.kinds[k]


def strip_marks(index: FileIndex, height: float, cache: _KindCache | None = None) -> list[Mark]:
    """What a strip ``height`` pixels high draws for ``index``: first the runs
    of chunks not indexed yet (each run one :class:`Mark` with kind None),
    then one mark per run of neighbouring chunks whose most severe kind is
    the same and whose marks (each at least :data:`MIN_MARK` high) touch."""
    cache = cache or _KindCache()
    scale = height / max(index.size, 1)
    unknown: list[Mark] = []
    marks: list[Mark] = []
    for k, counts in enumerate(index.chunks):
        lo, hi = index.chunk_range(k)
        top, bottom = lo * scale, hi * scale
        if counts is None:
            if unknown and unknown[-1].bottom >= top:
                unknown[-1] = unknown[-1]._replace(bottom=bottom)
            else:
                unknown.append(Mark(top, bottom, None))
            continue
        if counts.first < 0:
            continue
        kind = cache.kind(k, counts)
        if kind is None:
            continue
        if bottom - top < MIN_MARK:
            bottom = top + MIN_MARK
            if bottom > height:
                top, bottom = max(height - MIN_MARK, 0.0), height
        if marks and marks[-1].kind == kind and marks[-1].bottom >= top:
            marks[-1] = marks[-1]._replace(bottom=max(marks[-1].bottom, bottom))
        else:
            marks.append(Mark(top, bottom, kind))
    return unknown + marks


def counts_words(counts: dict[tuple[int, int], int]) -> str:
    """``12 invalid (8 truncated, 4 invalid-byte); 3 escape (invalid-byte)``."""
    by_kind: dict[str, dict[str, int]] = {}
    for (kind, reason), n in counts.items():
        reason_name = REASON_CODES[reason]
        reasons = by_kind.setdefault(KIND_CODES[kind].value, {})
        key = reason_name.value if reason_name else ""
        reasons[key] = reasons.get(key, 0) + n
    parts = []
    for kind, reasons in sorted(by_kind.items()):
        detail = ", ".join(f"{n:,} {r}" for r, n in sorted(reasons.items()) if r)
        parts.append(f"{sum(reasons.values()):,} {kind}" + (f" ({detail})" if detail else ""))
    return "; ".join(parts) if parts else "no anomalies"


class OverviewStrip(QWidget):
    """The strip for ``grid``'s document, reading the current format's index."""

    def __init__(self, grid: GridView, keeper: IndexKeeper, palette: GridPalette) -> None:
        super().__init__(grid)
        self.setObjectName("overview-strip")
        self.grid = grid
        self.keeper = keeper
        self.grid_palette = palette
        self.setMouseTracking(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.marks_image: QImage | None = None
        """The marks as last drawn; None: to be drawn again at the next paint."""
        self._drawn_from: FileIndex | None = None
        self._kinds = _KindCache()
        keeper.changed.connect(lambda _fid: self.marks_changed())
        grid.shown.current_changed.connect(self.marks_changed)
        grid.verticalScrollBar().valueChanged.connect(lambda _v: self.update())
        grid.attach_side_widget(self, STRIP_WIDTH)

    def marks_changed(self) -> None:
        """The index grew or another one is current: draw the marks again."""
        self.marks_image = None
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        self.marks_image = None
        super().resizeEvent(event)

    def _index(self) -> FileIndex | None:
        return self.keeper.current_index() if self.grid.document is not None else None

    def offset_at_y(self, y: float) -> int:
        size = self.grid.document.size if self.grid.document else 0
        return min(max(int(y / max(self.height(), 1) * size), 0), max(size - 1, 0))

    def y_of_offset(self, offset: int) -> float:
        size = self.grid.document.size if self.grid.document else 0
        return offset / max(size, 1) * self.height()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        try:
            self._paint(painter)
        finally:
            painter.end()

    def _paint(self, painter: QPainter) -> None:
        index = self._index()
        if index is None:
            painter.fillRect(self.rect(), self.grid_palette.header)
            return
        if self.marks_image is None or self._drawn_from is not index:
            self.marks_image = self._draw_marks(index)
            self._drawn_from = index
        painter.drawImage(0, 0, self.marks_image)
        self._paint_view_box(painter)

    def _draw_marks(self, index: FileIndex) -> QImage:
        """The strip's background, dimmed runs and marks, at the screen's
        pixel ratio."""
        palette = self.grid_palette
        ratio = self.devicePixelRatioF()
        image = QImage(
            max(int(self.width() * ratio), 1),
            max(int(self.height() * ratio), 1),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        image.setDevicePixelRatio(ratio)
        image.fill(palette.header)
        dim = QColor(palette.dim)
        dim.setAlpha(70)
        painter = QPainter(image)
        try:
            for mark in strip_marks(index, self.height(), self._kinds):
                style = palette.style(mark.kind) if mark.kind is not None else None
                if mark.kind is None:
                    height = max(mark.bottom - mark.top, 1.0)
                    painter.fillRect(QRectF(0, mark.top, self.width(), height), dim)
                elif style is not None:
                    rect = QRectF(1, mark.top, self.width() - 2, mark.bottom - mark.top)
                    paint_cue(painter, rect, style)
        finally:
            painter.end()
        return image

    def _paint_view_box(self, painter: QPainter) -> None:
        grid = self.grid
        bpr = grid.bytes_per_row
        top = self.y_of_offset(grid.top_row() * bpr)
        bottom = self.y_of_offset((grid.top_row() + grid.visible_rows()) * bpr)
        painter.setPen(self.grid_palette.cursor)
        painter.drawRect(QRectF(0.5, top, self.width() - 1.0, max(bottom - top, 2.0)))

    # -- the mouse ----------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton:
            y = event.position().y()
            mark = self.anomaly_near(y)
            self.centre_on(mark if mark is not None else self.offset_at_y(y))

    def anomaly_near(self, y: float) -> int | None:
        """The first anomaly of the region drawn under ``y`` (a mark is at
        least :data:`MIN_MARK` pixels high, so a click on it means it)."""
        index = self._index()
        if index is None:
            return None
        lo = self.offset_at_y(y - MIN_MARK)
        hi = self.offset_at_y(y + MIN_MARK) + 1
        for k in range(lo // index.chunk_size, (hi - 1) // index.chunk_size + 1):
            counts = index.chunks[k] if k < len(index.chunks) else None
            if counts is not None and counts.first >= 0:
                return counts.first
        return None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        y = event.position().y()
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.centre_on(self.offset_at_y(y))
        QToolTip.showText(event.globalPosition().toPoint(), self.tooltip_at(y), self)

    def centre_on(self, offset: int) -> None:
        grid = self.grid
        grid.scroll_to_row(offset // grid.bytes_per_row - grid.visible_rows() // 2)

    def tooltip_at(self, y: float) -> str:
        """The counts of the region under ``y`` (the chunks a pixel row covers,
        widened to :data:`MIN_MARK` pixels, as drawn)."""
        index = self._index()
        if index is None:
            return ""
        lo = self.offset_at_y(y - MIN_MARK / 2)
        hi = self.offset_at_y(y + MIN_MARK / 2) + 1
        counts = index.region_counts(lo, hi)
        where = f"0x{lo:X}..0x{hi:X} ({lo / max(index.size, 1):.0%})"
        known = all(
            c is not None
            for c in index.chunks[lo // index.chunk_size : (hi - 1) // index.chunk_size + 1]
        )
        return f"{where}: {counts_words(counts)}" + ("" if known else " (not indexed yet)")

    def point_of_offset(self, offset: int) -> QPoint:
        """Where ``offset`` is on the strip (for tests and tools)."""
        return QPoint(self.width() // 2, int(self.y_of_offset(offset)))

"""The overview strip beside the vertical scroll bar: where the damage is.

The strip's height stands for the whole file. Each anomaly region of the
current format's index (:class:`~mojiscope.core.index.FileIndex`, per chunk)
is drawn with the colour *and* the non-colour cue the columns use for its
kind (:mod:`mojiscope.app.grid.cues`), at least :data:`MIN_MARK` pixels high
so that one bad byte in a gigabyte still shows. Parts the index has not
reached are dimmed; the rows on screen are outlined. Click or drag to centre
the view there (a click on a mark centres its first anomaly); hovering tells
the counts of the region under the pointer.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QToolTip, QWidget

from mojiscope.app.grid.cues import paint_cue
from mojiscope.app.grid.palette import GridPalette
from mojiscope.app.grid.view import GridView
from mojiscope.app.index_jobs import IndexKeeper
from mojiscope.core.index import FileIndex
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
        keeper.changed.connect(lambda _fid: self.update())
        grid.shown.current_changed.connect(self.update)
        grid.verticalScrollBar().valueChanged.connect(lambda _v: self.update())
        grid.attach_side_widget(self, STRIP_WIDTH)

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
        palette = self.grid_palette
        painter.fillRect(self.rect(), palette.header)
        index = self._index()
        if index is None:
            return
        dim = QColor(palette.dim)
        dim.setAlpha(70)
        unknown_from: int | None = None  # runs of chunks not indexed, drawn as one rectangle
        for k, counts in enumerate(index.chunks):
            if counts is None:
                unknown_from = k if unknown_from is None else unknown_from
                continue
            if unknown_from is not None:
                self._dim(painter, index, unknown_from, k, dim)
                unknown_from = None
            if counts.first < 0:
                continue
            kind = region_kind(counts.counts)
            style = palette.style(kind) if kind is not None else None
            if style is not None:
                lo, hi = index.chunk_range(k)
                top, bottom = self.y_of_offset(lo), self.y_of_offset(hi)
                height = max(bottom - top, MIN_MARK)
                top = min(top, self.height() - height)
                paint_cue(painter, QRectF(1, top, self.width() - 2, height), style)
        if unknown_from is not None:
            self._dim(painter, index, unknown_from, len(index.chunks), dim)
        self._paint_view_box(painter)

    def _dim(self, painter: QPainter, index: FileIndex, first: int, stop: int, dim: QColor) -> None:
        top = self.y_of_offset(index.chunk_range(first)[0])
        bottom = self.y_of_offset(index.chunk_range(stop - 1)[1])
        painter.fillRect(QRectF(0, top, self.width(), max(bottom - top, 1.0)), dim)

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

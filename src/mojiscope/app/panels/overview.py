"""The overview strip beside the vertical scroll bar: where the damage is.

The strip's height stands for the whole file. Each anomaly region of the
current format's index (:class:`~mojiscope.core.index.file_index.FileIndex`, per chunk)
is drawn with the colour *and* the non-colour cue the columns use for its
kind (:mod:`mojiscope.app.grid.cues`), at least :data:`MIN_MARK` pixels high
so that one bad byte in a gigabyte still shows. Parts the index has not
reached are dimmed; the rows on screen are outlined. A click puts the
cursor there, as a click on a byte in the hex does, so the Inspector and
the text pane follow, and the grid scrolls as for any jump (a click on a
mark goes to its first anomaly); a drag centres the view as it goes, and
the cursor comes to where it ends. Hovering tells the counts of the region
under the pointer. Where the mouse rests (:data:`HOVER_REST_MS`), the strip
says where a click would go (:attr:`OverviewStrip.aimed`): the window hands
that to its :class:`~mojiscope.app.window.forecast.Forecast`, so the grid
paints and the text pane builds the jump ahead, and the click only shows
it.

Down its left edge, :data:`BAND_WIDTH` pixels wide, the strip shows the
segment map (:mod:`mojiscope.app.background.segment_jobs`): a band per run
of segments read one way, in the reading's colour, the colours of the
Mojibake panel's Segments list (:mod:`mojiscope.app.model.segment_bands`),
and hovering names the readings under the pointer.

The marks are drawn into an image once per change of the index (which the
:class:`~mojiscope.app.background.index_jobs.IndexKeeper` signals at most ten times a
second), never per paint: scrolling repaints the image and the outline of
the rows on screen. Neighbouring chunks of one kind whose marks touch are
one mark (:func:`strip_marks`), so the strip paints at most a few
rectangles per pixel row of its height, however many chunks the index has.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QEvent, QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QToolTip, QWidget

from mojiscope.app.background.index_jobs import IndexKeeper
from mojiscope.app.background.segment_jobs import SegmentKeeper
from mojiscope.app.grid.cues import paint_cue
from mojiscope.app.grid.palette import GridPalette
from mojiscope.app.grid.view import GridView
from mojiscope.app.model.segment_bands import reading_keys, readings, segment_bands
from mojiscope.app.window.timers import Later
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.index.scan import ChunkCounts
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.spans.event import KIND_CODES, REASON_CODES, SpanKind

STRIP_WIDTH = 16
#: The segment map's column, at the strip's left edge.
BAND_WIDTH = 5
MIN_MARK = 4.0
HOVER_REST_MS = 25
"""How long the mouse rests on the strip before the views prepare the jump
a click there would make: a hand aiming at a mark slows and stops before
it clicks, while a hand passing over the strip prepares nothing, and a
quick hand clicks some 30 ms after it stops."""
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


UNKNOWN = -2
"""A chunk's state in :func:`chunk_states`: not indexed yet."""
CLEAN = -1
"""A chunk's state in :func:`chunk_states`: indexed, no anomaly."""


class _KindCache:
    """Each chunk's :func:`region_kind` as its rank in :data:`SEVERITY`,
    computed once per chunk's counts (a growing index adds counts; it never
    changes those it has)."""

    def __init__(self) -> None:
        self._ranks: dict[int, tuple[ChunkCounts, int]] = {}

    def rank(self, k: int, counts: ChunkCounts) -> int:
        known = self._ranks.get(k)
        if known is None or known[0] is not counts:
            kind = region_kind(counts.counts)
            known = (counts, CLEAN if kind is None else SEVERITY.index(kind))
            self._ranks[k] = known
        return known[1]


def chunk_states(index: FileIndex, cache: _KindCache) -> npt.NDArray[np.int8]:
    """Per chunk: :data:`UNKNOWN`, :data:`CLEAN`, or the rank in
    :data:`SEVERITY` of its most severe kind (one pass, no call per clean chunk)."""
    return np.fromiter(
        (
            UNKNOWN if c is None else CLEAN if c.first < 0 else cache.rank(k, c)
            for k, c in enumerate(index.chunks)
        ),
        np.int8,
        len(index.chunks),
    )


def strip_marks(index: FileIndex, height: float, cache: _KindCache | None = None) -> list[Mark]:
    """What a strip ``height`` pixels high draws for ``index``: first the runs
    of chunks not indexed yet (each run one :class:`Mark` with kind None),
    then one mark per run of neighbouring chunks whose most severe kind is
    the same and whose marks (each at least :data:`MIN_MARK` high) touch.
    Computed on arrays: 16,384 chunks (a 64 GiB file) take a few ms, not 30."""
    states = chunk_states(index, cache or _KindCache())
    scale = height / max(index.size, 1)
    edges = np.minimum(np.arange(len(states) + 1, dtype=np.float64) * index.chunk_size, index.size)
    edges *= scale
    unknown = np.diff(np.concatenate(([0], states == UNKNOWN, [0])).astype(np.int8))
    runs = zip(np.flatnonzero(unknown == 1), np.flatnonzero(unknown == -1), strict=True)
    marks = [Mark(float(edges[lo]), float(edges[hi]), None) for lo, hi in runs]
    damaged = np.flatnonzero(states >= 0)
    if not len(damaged):
        return marks
    tops, bottoms = edges[damaged], edges[damaged + 1]
    bottoms = np.maximum(bottoms, tops + MIN_MARK)
    beyond = bottoms > height
    tops[beyond], bottoms[beyond] = max(height - MIN_MARK, 0.0), height
    ranks = states[damaged]
    apart = (ranks[1:] != ranks[:-1]) | (tops[1:] > bottoms[:-1])
    firsts = np.concatenate(([0], np.flatnonzero(apart) + 1))
    lasts = np.concatenate((firsts[1:] - 1, [len(damaged) - 1]))
    for first, last in zip(firsts, lasts, strict=True):
        marks.append(Mark(float(tops[first]), float(bottoms[last]), SEVERITY[ranks[first]]))
    return marks


def counts_words(counts: dict[tuple[int, int], int]) -> str:
    """``12 invalid (8 truncated, 4 invalid-byte); 3 escape (invalid-byte)``."""
    by_kind: dict[str, dict[str, int]] = {}
    for (kind, reason), n in counts.items():
        reason_name = REASON_CODES[reason]
        reasons = by_kind.setdefault(KIND_CODES[kind].value, {})
        key = reason_name.value if reason_name else ""
        reasons[key] = reasons.get(key, 0) + n
    parts = []
    for kind_name, reasons in sorted(by_kind.items()):
        detail = ", ".join(f"{n:,} {r}" for r, n in sorted(reasons.items()) if r)
        parts.append(f"{sum(reasons.values()):,} {kind_name}" + (f" ({detail})" if detail else ""))
    return "; ".join(parts) if parts else "no anomalies"


class OverviewStrip(QWidget):
    """The strip for ``grid``'s document, reading the current format's index."""

    aimed = Signal(object)
    """The byte a click where the mouse rests would put the cursor on, or
    None (the mouse moved on, left the strip or clicked): for the views to
    prepare that jump (:class:`~mojiscope.app.window.forecast.Forecast`)."""

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
        self._hover_y = 0.0
        self._rested_at: int | None = None
        """The byte a click where the mouse rests would put the cursor on."""
        self._dragged = False
        """The left button moved since it was pressed (the view followed it)."""
        self._rest = Later(self, HOVER_REST_MS, self._mouse_rested)
        self.segments: SegmentKeeper | None = None
        keeper.changed.connect(self._index_grew)
        grid.shown.current_changed.connect(self.marks_changed)
        grid.verticalScrollBar().valueChanged.connect(lambda _v: self.update())
        grid.attach_side_widget(self, STRIP_WIDTH)

    def _index_grew(self, format_id: str) -> None:
        """The strip shows the current format's index: another's growing
        changes nothing here, so it is not redrawn for it."""
        if format_id == self.keeper.shown.current.format.id:
            self.marks_changed()

    def show_segments(self, segments: SegmentKeeper) -> None:
        """Draw ``segments``' map as bands, again whenever it grows."""
        self.segments = segments
        segments.changed.connect(self.marks_changed)

    def _segment_map(self) -> SegmentMap | None:
        keeper = self.segments
        return keeper.map if keeper is not None and self.grid.document is not None else None

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
                    left = BAND_WIDTH + 1
                    rect = QRectF(left, mark.top, self.width() - left - 1, mark.bottom - mark.top)
                    paint_cue(painter, rect, style)
            self._draw_bands(painter)
        finally:
            painter.end()
        return image

    def _draw_bands(self, painter: QPainter) -> None:
        found = self._segment_map()
        if found is None or not len(found):
            return
        colours = {key: QColor(r.colour) for key, r in readings(found).items()}
        for band in segment_bands(
            found, self.height(), self.grid.document.size if self.grid.document else None
        ):
            painter.fillRect(
                QRectF(0, band.top, BAND_WIDTH, band.bottom - band.top), colours[band.key]
            )

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
            self._dragged = False
            self.go_to(self.click_target(event.position().y()))
            self._set_rested(None)  # shown now: the pages around it come next

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        """A drag only scrolled: the cursor comes to where it ended."""
        if event.button() == Qt.MouseButton.LeftButton and self._dragged:
            self._dragged = False
            self.go_to(self.offset_at_y(event.position().y()))

    def go_to(self, offset: int) -> None:
        """Put the cursor on ``offset``, as a click on its byte in the hex
        would: the Inspector and the text pane follow, the grid scrolls as
        for any jump (as little as it must; from further than a page away,
        the byte a third of the way down), and takes the keyboard."""
        self.grid.selection.move_cursor(offset)
        self.grid.setFocus(Qt.FocusReason.MouseFocusReason)

    def click_target(self, y: float) -> int:
        """The offset a click at ``y`` goes to: the first anomaly of a mark
        there, else the offset the height stands for."""
        mark = self.anomaly_near(y)
        return mark if mark is not None else self.offset_at_y(y)

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
            self._dragged = True
            self.centre_on(self.offset_at_y(y))
        else:
            self._hover_y = y
            self._rest.start()
        QToolTip.showText(event.globalPosition().toPoint(), self.tooltip_at(y), self)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        self._rest.stop()
        self._set_rested(None)
        super().leaveEvent(event)

    def _mouse_rested(self) -> None:
        if self.grid.document is not None:
            self._set_rested(self.click_target(self._hover_y))

    def _set_rested(self, at: int | None) -> None:
        """A click would now go to byte ``at`` (None: the mouse is not resting here)."""
        if at != self._rested_at:
            self._rested_at = at
            self.aimed.emit(at)

    def aimed_at(self) -> int | None:
        """Where a click would put the cursor (the mouse resting on the
        strip), or None when it is not resting there."""
        return self._rested_at

    def top_row_centring(self, offset: int) -> int:
        grid = self.grid
        return offset // grid.bytes_per_row - grid.visible_rows() // 2

    def centre_on(self, offset: int) -> None:
        self.grid.scroll_to_row(self.top_row_centring(offset))

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
        words = f"{where}: {counts_words(counts)}" + ("" if known else " (not indexed yet)")
        return words + self._segments_at(lo, hi)

    def _segments_at(self, lo: int, hi: int) -> str:
        """``; segments: 3 read as windows-1252 once``: the damaged segments
        of bytes ``[lo, hi)``, by reading."""
        found = self._segment_map()
        if found is None or not len(found):
            return ""
        arrays = found.arrays()
        first = max(int(np.searchsorted(arrays["ends"], lo, side="right")), 0)
        last = int(np.searchsorted(arrays["starts"], hi, side="left"))
        keys = reading_keys(found)[first:last]
        keys = keys[keys >= 0]
        if not len(keys):
            return "; segments: fine" if found.done >= hi else ""
        labels = readings(found)
        values, counts = np.unique(keys, return_counts=True)
        said = ", ".join(
            f"{n:,} {labels[int(k)].label}"
            for k, n in zip(values.tolist(), counts.tolist(), strict=True)
        )
        return f"; segments: {said}"

    def point_of_offset(self, offset: int) -> QPoint:
        """Where ``offset`` is on the strip (for tests and tools)."""
        return QPoint(self.width() // 2, int(self.y_of_offset(offset)))

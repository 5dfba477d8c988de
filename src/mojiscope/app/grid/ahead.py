"""Painting ahead: the screens the next key or jump may bring, ready before it.

Bringing a new screen of dense content costs more than a frame of Python
(laying out and painting every row of every column). The screens a user
reaches next are few and known in advance: a page below and a page above
(Page Down/Up, and scrolling), the first screen (Ctrl+Home) and the last
(Ctrl+End), and where the window's :class:`~mojiscope.app.window.forecast.Forecast`
says a jump may land. :class:`PaintAhead` lays out and paints their rows
into the grid's kept rows and strips while the user rests, a few rows per
turn of the event loop so that a key pressed meanwhile waits for one small
slice at most; the key then only stamps kept strips. A strip is keyed by
its row alone (the selection and the cursor are painted over it), so a
screen painted ahead serves whatever the key selects there.

It starts once the grid has been still for :data:`QUIET_MS` and stops at
the next paint (:class:`~mojiscope.app.background.idle_work.IdleWork`). What
it paints is kept with everything else the grid keeps, and goes stale with
it (:meth:`~mojiscope.app.grid.painting.GridPainting.rebuild`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from mojiscope.app.background.idle_work import IdleWork
from mojiscope.app.window.forecast import Forecast

if TYPE_CHECKING:
    from mojiscope.app.grid.view import GridView

QUIET_MS = 2
"""How long the grid must go unpainted before painting ahead starts: just
long enough for the events a paint leaves queued to run first, since every
millisecond waited is taken from the screen a held key brings next."""

ROWS_PER_SLICE = 8
"""Rows laid out and painted per turn of the event loop: enough to share a
slice's fixed cost (a decoded window per shown format, a painter per strip
run) among several rows, few enough that input waits for one short slice
at most (see docs/PERFORMANCE.md for the trade measured)."""

Rows = tuple[int, int]
"""Rows ``[first, end)``."""


def rows_ahead(top: int, visible: int, total: int, *, upwards: bool = False) -> list[Rows]:
    """Row ranges ``(first, end)`` a navigation key may show next, nearest
    first, for a view of ``visible`` whole rows (one more shows in part) at
    ``top`` in ``total`` rows: the next page and the previous one (a page key
    moves the cursor a page, and the view scrolls as little as it must to
    show it: at most one page plus a row; the previous one first if the view
    last moved ``upwards``), the first screen and the last."""
    shown = visible + 1
    last_top = max(total - visible, 0)
    below, above = (top + shown, top + 2 * visible + 2), (top - visible - 1, top)
    ranges = [
        *((above, below) if upwards else (below, above)),
        (0, shown),
        (last_top, last_top + shown),
    ]
    return [(max(a, 0), min(b, total)) for a, b in ranges if min(b, total) > max(a, 0)]


def rows_shown_after_jump(row: int, top: int, visible: int, total: int) -> Rows:
    """The rows on screen once the cursor jumps to ``row``: the view
    scrolls as little as it must (see ``GridScrolling.ensure_visible``),
    and a row further than a page away comes a third of the way down."""
    if top <= row < top + visible:
        first = top
    elif top - visible <= row < top:
        first = row
    elif top + visible <= row < top + 2 * visible:
        first = row - visible + 1
    else:
        first = row - visible // 3
    first = min(max(first, 0), max(total - visible, 0))
    return first, min(first + visible + 1, total)


class PaintAhead(QObject):
    """Paints the grid's likely next screens while the user rests."""

    def __init__(self, view: GridView, forecast: Forecast) -> None:
        super().__init__(view)
        self._view = view
        self._forecast = forecast
        self._work = IdleWork(self, QUIET_MS, self._plan, self._paint_slice)
        self._last_top = 0
        self._upwards = False
        forecast.changed.connect(self._work.restart)

    def painted(self) -> None:
        """The grid has just painted: stop, and start again once it is still."""
        self._work.restart()

    def pending(self) -> bool:
        """Whether painting ahead is waiting or under way."""
        return self._work.pending()

    def screens(self) -> list[Rows]:
        """The screens a key or a jump may show, in the order they are
        painted: a jump about to be made alone; else the screens of Find
        Next and Previous first (the key just pressed is the likeliest
        again), then the pages and the ends, then those of the anomalies."""
        view, forecast = self._view, self._forecast
        if view.document is None or not view.isVisible():
            return []
        top = view.top_row()
        if top != self._last_top:
            self._upwards, self._last_top = top < self._last_top, top
        visible, total, per_row = view.visible_rows(), view.total_rows(), view.bytes_per_row

        def after_jumps(offsets: list[int]) -> list[Rows]:
            return [rows_shown_after_jump(o // per_row, top, visible, total) for o in offsets]

        foreseen = after_jumps(forecast.foreseen())
        if foreseen:
            return foreseen
        return [
            *after_jumps(forecast.next_finds()),
            *rows_ahead(top, visible, total, upwards=self._upwards),
            *after_jumps(forecast.next_anomalies()),
        ]

    def _plan(self) -> list[Rows]:
        """The :meth:`screens` in slices of :data:`ROWS_PER_SLICE` rows."""
        return [
            (row, min(row + ROWS_PER_SLICE, end))
            for first, end in self.screens()
            for row in range(first, end, ROWS_PER_SLICE)
        ]

    def _paint_slice(self, rows: Rows) -> bool:
        """Paint a slice; whether any of its rows was not painted already."""
        first, end = rows
        return self._view.painting.prepare_rows(first, end - first) > 0

"""Painting ahead: the screens a navigation key would bring, ready before the key.

Bringing a new screen of dense content costs tens of milliseconds of Python
(laying out and painting every row of every column), more than a frame. The
screens a user reaches next are few and known in advance: a page below and a
page above (Page Down/Up, and scrolling), the first screen (Ctrl+Home) and
the last (Ctrl+End), where the next and previous anomaly or Find match are,
where a Go to being typed would land, and where a click on the overview
strip the mouse rests on would scroll.
:class:`PaintAhead` lays out and paints their rows into
the grid's kept rows and strips while the user rests, a few rows per turn of
the event loop so that a key pressed meanwhile waits for one small slice at
most, and then the rows around where each key would put the cursor, with
what it would select; the key then only stamps strips already painted.

It starts once the grid has been still for :data:`QUIET_MS` and stops at
the next paint (:class:`~mojiscope.app.background.idle_work.IdleWork`): between the
presses of a held key (auto-repeat comes every 30-40 ms) it paints most of
the screen the next press brings, the way the view last moved first. What
it paints is kept with everything else the grid keeps, and goes stale with
it (:meth:`~mojiscope.app.grid.painting.GridPainting.rebuild`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from mojiscope.app.background.idle_work import IdleWork

if TYPE_CHECKING:
    from mojiscope.app.grid.view import GridView

QUIET_MS = 2
"""How long the grid must go unpainted before painting ahead starts: just
long enough for the events a paint leaves queued to run first. Between the
presses of a held key (30-40 ms) every millisecond of waiting is taken from
the next page: at 10 ms, held Page Down took 22 ms median on dense content,
at 2 ms 8-14 ms (``bench_keys.py --rest-ms 33``)."""

ROWS_PER_SLICE = 4
"""Rows laid out and painted per turn of the event loop (a few milliseconds
on dense content), so that input waits for one slice at most."""


Selected = tuple[int, int]
"""Bytes ``[start, end)`` a key or jump would select, the cursor on ``start``."""

Slice = tuple[int, int, Selected | None]
"""Rows ``[first, end)`` to paint, with the selection a key or jump would
leave, or None: as they are now."""


def rows_ahead(
    top: int, visible: int, total: int, *, upwards: bool = False
) -> list[tuple[int, int]]:
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


def rows_shown_after_jump(row: int, top: int, visible: int, total: int) -> tuple[int, int]:
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


def rows_shown_at_top(top: int, visible: int, total: int) -> tuple[int, int]:
    """The rows on screen once the view scrolls to ``top`` (clamped as
    ``GridScrolling.scroll_to_row`` clamps it)."""
    first = min(max(top, 0), max(total - visible, 0))
    return first, min(first + visible + 1, total)


def rows_changed_by_jump(
    here: int, row: int, top: int, visible: int, total: int
) -> list[tuple[int, int]]:
    """The rows ``(first, end)`` whose look a jump of the cursor from row
    ``here`` to row ``row`` changes and that show after it: those around the
    new cursor (a character may reach into the rows beside its own), and
    those around the old one if they are still on screen."""
    shown_first, shown_end = rows_shown_after_jump(row, top, visible, total)
    new = (max(row - 1, 0), min(row + 2, total))
    old = (max(here - 1, shown_first), min(here + 2, shown_end))
    return [new, old] if old[0] < old[1] and old != new else [new]


class PaintAhead(QObject):
    """Paints the grid's likely next screens while the user rests."""

    def __init__(self, view: GridView) -> None:
        super().__init__(view)
        self._view = view
        self._work = IdleWork(self, QUIET_MS, self._plan, self._paint_slice)
        self._last_top = 0
        self._upwards = False
        #: What a command may select next (Next/Previous Anomaly where the
        #: index knows, Find Next/Previous found ahead): their screens are
        #: painted after the pages and ends.
        self.likely_selections: Callable[[], list[Selected]] = lambda: []
        #: What repeating the jump just made would select (Find Next again,
        #: found ahead): its screen is painted first.
        self.repeat_selections: Callable[[], list[Selected]] = lambda: []
        #: What a jump is about to select (Go to as typed, the Problems
        #: list's row, Find as typed: see :mod:`~mojiscope.app.background.jump_ahead`):
        #: while there is one, only its screen is painted, since no other
        #: key can come before the jump (and the kept rows hold a few
        #: screens: the pages, the ends and the likely jumps would push it out).
        self.jump_targets: Callable[[], list[Selected]] = lambda: []
        #: Top rows a click is about to scroll the view to (the overview
        #: strip where the mouse rests): painted alone too, as they are.
        self.scroll_targets: Callable[[], list[int]] = lambda: []

    def painted(self) -> None:
        """The grid has just painted: stop, and start again once it is still."""
        self._work.restart()

    def guesses_changed(self) -> None:
        """Where the next jump may land has changed: plan again once still."""
        self._work.restart()

    def pending(self) -> bool:
        """Whether painting ahead is waiting or under way (for tests)."""
        return self._work.pending()

    def _plan(self) -> list[Slice]:
        """Slices of :data:`ROWS_PER_SLICE` rows of every range a key may
        show, then the rows around where each would put the cursor, with what
        it would select (a key's new cursor row is the one row it must paint).
        The screen of a jump repeated (F3 again) comes first, as a held key's
        next press comes before the rest would be painted."""
        view = self._view
        if view.document is None or not view.isVisible():
            return []
        top = view.top_row()
        if top != self._last_top:
            self._upwards, self._last_top = top < self._last_top, top
        visible, total, per_row = view.visible_rows(), view.total_rows(), view.bytes_per_row
        jumps = self.jump_targets()
        tops = self.scroll_targets()
        foreseen = bool(jumps or tops)
        repeats = [] if foreseen else self.repeat_selections()
        likely = [] if foreseen or repeats else self.likely_selections()
        here = view.selection.cursor // per_row
        slices: list[Slice] = []

        def screen(first: int, end: int) -> None:
            slices.extend(
                (row, min(row + ROWS_PER_SLICE, end), None)
                for row in range(first, end, ROWS_PER_SLICE)
            )

        def selected_rows(selected: Selected) -> None:
            row = selected[0] // per_row
            slices.extend(
                (first, end, selected)
                for first, end in rows_changed_by_jump(here, row, top, visible, total)
            )

        for selected in repeats:
            screen(*rows_shown_after_jump(selected[0] // per_row, top, visible, total))
            selected_rows(selected)
        if not foreseen:
            for first, end in rows_ahead(top, visible, total, upwards=self._upwards):
                screen(first, end)
        for scroll_top in tops:
            screen(*rows_shown_at_top(scroll_top, visible, total))
        for start, _ in jumps or likely:
            screen(*rows_shown_after_jump(start // per_row, top, visible, total))
        keys = [(cursor, cursor + 1) for cursor in view.input.likely_cursors()]
        for selected in jumps if foreseen else [*keys, *likely]:
            selected_rows(selected)
        return slices

    def _paint_slice(self, piece: Slice) -> bool:
        """Paint a slice; whether any of its rows was not painted already."""
        first, end, selected = piece
        return self._view.painting.prepare_rows(first, end - first, selected) > 0

"""Where the cursor may go next, for the grid and the text view to prepare.

A jump far into a file brings a screen and a text window nothing was made
for: on dense content laying out and painting the screen, and building its
text, each cost more than a frame. The places a jump leads to are often
known before the jump, though, and the views prepare them while the user
rests (:mod:`~mojiscope.app.grid.ahead`, the text view's windows): since
the selection and the cursor are painted over the grid's row strips, a
place is prepared by its rows and its text alone.

A :class:`Forecast` gathers what is known, from sources the window wires to
it in one place (:class:`~mojiscope.app.window.main_window.MainWindow`):

- a jump about to be made (:meth:`Forecast.foresee`): Go to as the offset is
  typed, Find as the needle is typed (its match found ahead), the Problems
  row under the mouse or the keyboard, the place on the overview strip
  where the mouse rests. While there is one, only it is prepared:
  no other key can come first, and what the views keep would not hold more;
- jumps a key may make (asked for when the views plan): Find Next and
  Previous, whose matches the search commands found ahead (``finds``), and
  Next and Previous Anomaly where the index knows (``anomalies``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

Selected = tuple[int, int]
"""Bytes ``[start, end)`` a jump selects, the cursor on ``start``."""


class Forecast(QObject):
    """The jumps the views prepare for; ``changed`` when they change."""

    changed = Signal()

    def __init__(
        self,
        finds: Callable[[], list[Selected]],
        anomalies: Callable[[], list[int]],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._finds, self._anomalies = finds, anomalies
        self._foreseen: Selected | None = None

    def foresee(self, selected: Selected | None) -> None:
        """A jump about to be made will select bytes ``selected`` (None: no
        jump is about to be made any more)."""
        if selected != self._foreseen:
            self._foreseen = selected
            self.changed.emit()

    def foresee_offset(self, offset: int | None) -> None:
        """A jump about to be made will put the cursor on ``offset`` (None: none)."""
        self.foresee(None if offset is None else (offset, offset + 1))

    def likely_changed(self) -> None:
        """The jumps a key may make have changed (a search ahead found them)."""
        self.changed.emit()

    def foreseen(self) -> list[int]:
        """Where the jump about to be made puts the cursor (empty: none)."""
        return [] if self._foreseen is None else [self._foreseen[0]]

    def next_finds(self) -> list[int]:
        """Where Find Next and Find Previous would put the cursor, where found ahead."""
        return [start for start, _ in self._finds()]

    def next_anomalies(self) -> list[int]:
        """Where Next and Previous Anomaly would put the cursor, where the index knows."""
        return self._anomalies()

"""Work done while the user rests, a piece per turn of the event loop.

The views prepare what the next key is likely to need (the grid paints the
screens a key would bring, the text view builds their text) once the user
has been still a moment. :class:`IdleWork` holds that schedule: each
:meth:`~IdleWork.restart` (a paint, a cursor move) drops the pieces left and
waits ``quiet_ms`` again; then ``plan()`` names the pieces, and ``do(piece)``
runs them, one turn of the event loop at a time, so a key pressed meanwhile
waits for one piece at most. ``do`` returns whether it did any work: pieces
already done cost nothing and do not end a turn. Both waits are
:class:`~mojiscope.app.window.timers.Later` timers: under
:func:`~mojiscope.app.window.timers.at_once` the whole plan runs at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QObject

from mojiscope.app.window.timers import Later, at_once_now

Piece = TypeVar("Piece")


class IdleWork(Generic[Piece]):
    """``plan`` and ``do`` run on the GUI thread, after ``quiet_ms`` of rest."""

    def __init__(
        self,
        parent: QObject,
        quiet_ms: int,
        plan: Callable[[], list[Piece]],
        do: Callable[[Piece], bool],
    ) -> None:
        self._plan, self._do = plan, do
        self._pieces: list[Piece] = []
        self._quiet = Later(parent, quiet_ms, self._start)
        self._turn = Later(parent, 0, self._one_turn)

    def restart(self) -> None:
        """Drop the pieces left; plan again once the user has rested."""
        self._pieces.clear()
        self._turn.stop()
        self._quiet.start()

    def pending(self) -> bool:
        """Whether work is waiting for the rest or under way."""
        return self._quiet.pending() or bool(self._pieces)

    def _start(self) -> None:
        self._pieces = self._plan()
        self._turn.start()

    def _one_turn(self) -> None:
        """Run pieces until one did some work (all of them under ``at_once``)."""
        while self._pieces:
            if self._do(self._pieces.pop(0)) and not at_once_now():
                break
        if self._pieces:
            self._turn.start()

"""Work the window does a little later: a turn of the event loop after the
grid, once the user rests, or once a burst of changes pauses.

Every such wait in the app is a :class:`Later`: the text view and the
inspector following the grid a turn later, the looks that wait for the
cursor to rest (the mojibake hint, measuring a cut run), the refreshes that
gather a burst of changes into one. Each constant a :class:`Later` is made
with states its trade-off where it is defined.

A test about the order of things rather than their timing runs under
:func:`at_once`: while it holds, a :class:`Later` started does its work
there and then, as if the wait were over (as qutebrowser's tests stub their
timers and napari's slicer is forced synchronous). Time itself is never
faked: a test about timing uses the real waits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QObject, QTimer

FOLLOW_MS = 0
"""The views that follow the grid (the text view, the inspector) do so a
turn of the event loop after it: the grid's new screen and their new text
each take a frame, rather than one frame both."""

_at_once = 0
"""How many :func:`at_once` blocks hold now."""


class Later:
    """``work`` run once, ``ms`` milliseconds after the last :meth:`start`
    (0: at the next turn of the event loop), on the GUI thread; owned by
    ``parent`` (it stops with it)."""

    def __init__(self, parent: QObject, ms: int, work: Callable[[], object]) -> None:
        self._work = work
        self._timer = QTimer(parent, singleShot=True, interval=ms)
        self._timer.timeout.connect(self._run)

    def start(self) -> None:
        """Run the work ``ms`` from now (again from now if it was waiting);
        at once under :func:`at_once`."""
        if _at_once:
            self._timer.stop()
            self._run()
        else:
            self._timer.start()

    def stop(self) -> None:
        """Do not run the work (until started again)."""
        self._timer.stop()

    def pending(self) -> bool:
        """Whether the work waits to run."""
        return self._timer.isActive()

    def _run(self) -> None:
        self._work()


def at_once_now() -> bool:
    """Whether an :func:`at_once` block holds now."""
    return _at_once > 0


@contextmanager
def at_once() -> Iterator[None]:
    """Within the block, every :class:`Later` started runs its work at once."""
    global _at_once
    _at_once += 1
    try:
        yield
    finally:
        _at_once -= 1

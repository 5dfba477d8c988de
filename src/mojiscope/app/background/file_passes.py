"""The window's passes over the whole file, one at a time, leaving a core free.

Each shown format's index and the summary read the whole file in child
processes. Side by side they keep every core of a small machine busy, and a
busy child holds its core for as long as the kernel works for it (a kernel
that does not preempt itself holds a core through a page fault taking in
part of a file not cached, idle priority or not): the window's event loop
then stalls for frames.

So the passes queue in :class:`FilePasses`: one runs at a time, in the
order asked for (a pass the user waits on, as the inspector measuring a
text run, goes to the front), and a pass that could use a pool of
processes uses :func:`window_workers` of them, every core but one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QObject

from mojiscope.app.background.jobs import JobHandle
from mojiscope.core.index.pool import pool_size

StartPass = Callable[[], JobHandle | None]
"""Starts a pass when its turn comes: its job's handle, or ``None`` if there
is nothing to do any more (the turn goes on to the next)."""


def window_workers() -> int:
    """Processes a window's pass may use at once: every core but one (at
    least one), so that the window always has a core to wake on."""
    return max(pool_size() - 1, 1)


class FilePasses(QObject):
    """Runs the passes it is asked for one after another, each once the one
    before has ended (succeeded, failed or cancelled)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._waiting: deque[tuple[object, StartPass]] = deque()
        self._running: JobHandle | None = None

    def ask(self, owner: object, start: StartPass, *, first: bool = False) -> None:
        """Queue ``start`` for ``owner`` (the index keeper, the summary), at the
        back, or at the front when ``first`` (a pass the user waits on),
        unless ``owner`` has a pass waiting already; it starts at once if
        nothing runs."""
        if not self.waiting(owner):
            if first:
                self._waiting.appendleft((owner, start))
            else:
                self._waiting.append((owner, start))
        self._run_next()

    def withdraw(self, owner: object) -> None:
        """Drop ``owner``'s waiting pass (its running job it cancels itself:
        the next pass starts once that has ended)."""
        self._waiting = deque(entry for entry in self._waiting if entry[0] is not owner)

    def waiting(self, owner: object) -> bool:
        """Whether ``owner`` has a pass queued, not started yet."""
        return any(entry[0] is owner for entry in self._waiting)

    def busy(self) -> bool:
        """Whether a pass runs now."""
        return self._running is not None

    def _run_next(self) -> None:
        while self._running is None and self._waiting:
            _owner, start = self._waiting.popleft()
            self._watch(start())

    def _watch(self, handle: JobHandle | None) -> None:
        if handle is not None and handle.running:
            self._running = handle
            # A method of this object, never a closure: Qt drops it with it.
            handle.finished.connect(self._ended)

    def _ended(self) -> None:
        if self._running is not None and self.sender() is self._running:
            self._running = None
            self._run_next()

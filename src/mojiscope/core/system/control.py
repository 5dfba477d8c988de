"""Progress and cancellation for long operations over a source.

A scan over a large file (the next anomaly, an index, a conversion, a
mojibake chain verified over the whole file) takes a :class:`Control` and
calls :meth:`Control.step` after each chunk: it reports how far the scan got
and raises :class:`Cancelled` if the caller asked it to stop. The core never
knows who is asking: the app's job runner passes a control whose callbacks
cross to the GUI thread, the command line one that draws a progress bar, and
a plain call :data:`UNCONTROLLED`, which never cancels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


class Cancelled(Exception):  # noqa: N818 - a control-flow signal, not an error
    """The caller asked a long operation to stop; nothing it returned is valid."""


def _never() -> bool:
    return False


def _ignore(_done: int) -> None:
    return None


def _drop(_partial: object) -> None:
    return None


@dataclass(frozen=True)
class Control:
    """How a long operation reports and is stopped.

    ``progress(done)`` receives the units done so far (bytes, usually),
    never decreasing; ``cancelled()`` is polled between chunks; ``emit``
    receives partial results a caller may show before the end (the first
    rows of a loss report, say). All three are called from the thread that
    runs the operation.
    """

    progress: Callable[[int], None] = field(default=_ignore)
    cancelled: Callable[[], bool] = field(default=_never)
    emit: Callable[[object], None] = field(default=_drop)

    def step(self, done: int) -> None:
        """Report ``done`` units, then raise :class:`Cancelled` if asked to stop."""
        self.progress(done)
        if self.cancelled():
            raise Cancelled

    def check(self) -> None:
        """Raise :class:`Cancelled` if asked to stop (without reporting)."""
        if self.cancelled():
            raise Cancelled

    def offset(self, base: int) -> Control:
        """The same control with ``base`` added to every progress report: for
        a sub-operation that counts from 0 inside a larger one."""
        outer = self.progress
        return Control(lambda done: outer(base + done), self.cancelled, self.emit)


#: For a call nobody watches: no progress, never cancelled.
UNCONTROLLED = Control()

"""Text windows built once and kept: the text view's decoded text around a cursor.

Building the text a view shows around the cursor (a few KiB of characters,
stand-ins, marks) costs several milliseconds on dense content, and a jump
needs a new one. :class:`TextWindows` keeps the few built last, so a key
that goes back (Page Up after Page Down, back to where a jump came from)
finds its window built. A kept window serves every cursor it holds far
enough from its edges (:func:`covers`), exactly as the view would
otherwise keep showing it.
"""

from __future__ import annotations

from collections import OrderedDict

from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import FormatChoice
from mojiscope.app.model.text_window import Displays, TextWindow

KEPT = 6
"""Windows kept: the one shown and the last few before it (a few KiB of text each)."""


def covers(window: TextWindow, cursor: int, radius: int, size: int) -> bool:
    """Whether ``window`` (built with ``radius`` bytes each side) can stay
    shown for ``cursor``: the cursor is in it, at least a quarter radius from
    either edge unless that edge is the file's."""
    margin = radius // 4
    if not window.piece_count:
        return False
    return (window.byte_start == 0 or cursor >= window.byte_start + margin) and (
        window.byte_end >= size or cursor < window.byte_end - margin
    )


def build_window(
    document: Document,
    choice: FormatChoice,
    cursor: int,
    radius: int,
    displays: Displays,
) -> TextWindow:
    """The text of ``choice``'s characters within ``radius`` bytes of ``cursor``,
    shown as ``displays`` says."""
    lo = max(0, cursor - radius)
    hi = min(document.size, cursor + radius)
    runs = document.runs(choice, lo, hi)
    data_start = runs[0].offsets[0] if runs else lo
    data = document.read(data_start, runs[-1].offsets[-1] if runs else hi)
    return TextWindow.build(runs, data, data_start, displays)


class TextWindows:
    """The last few windows built for one document, format and radius."""

    def __init__(self) -> None:
        self._look: tuple[int, str, int] | None = None
        self._windows: OrderedDict[tuple[int, int], TextWindow] = OrderedDict()
        self.built = 0
        """Windows built so far (the rest were found kept)."""

    def clear(self) -> None:
        """Forget every window (the document decodes differently now)."""
        self._windows.clear()

    def find(
        self, document: Document, choice: FormatChoice, cursor: int, radius: int
    ) -> TextWindow | None:
        """A kept window that can be shown for ``cursor``, or None."""
        self._same_look(document, choice, radius)
        for key, window in reversed(self._windows.items()):
            if covers(window, cursor, radius, document.size):
                self._windows.move_to_end(key)
                return window
        return None

    def window_for(
        self,
        document: Document,
        choice: FormatChoice,
        cursor: int,
        radius: int,
        displays: Displays,
    ) -> TextWindow:
        """A kept window for ``cursor``, else one built around it (and kept)."""
        window = self.find(document, choice, cursor, radius)
        if window is None:
            window = build_window(document, choice, cursor, radius, displays)
            self.built += 1
            self._windows[(window.byte_start, window.byte_end)] = window
            while len(self._windows) > KEPT:
                self._windows.popitem(last=False)
        return window

    def _same_look(self, document: Document, choice: FormatChoice, radius: int) -> None:
        look = (id(document), choice.key, radius)
        if look != self._look:
            self._windows.clear()
            self._look = look

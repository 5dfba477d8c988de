"""Preparing a jump before it is made: Go to's screen, ready before Enter.

A jump far into a file brings a screen nothing was painted ahead for, and
on dense content laying out, painting and building its text costs several
frames. Go to is typed, though, and the target is known digit by digit
(:class:`~mojiscope.app.dialogs.goto.GotoDialog` tells it as it changes):
:class:`JumpTarget` hands it to the grid's painting ahead and the text
view's building ahead, which prepare it alone (no other key can come
first), in slices, while the user is still typing, so that Enter only shows
what is ready. Typing stays responsive: each slice is a few rows, the same
work the views do ahead at every rest. The Problems list does the same for
the row the keyboard is on (:attr:`~mojiscope.app.panels.problems.ProblemsPanel.pointed`):
while it has the focus, Enter jumps there and no grid key can come first
(and the row the mouse rests on, which a click would jump to). The Find
dialog does it for the match its needle leads to, as typed, found ahead
(:meth:`~mojiscope.app.window.commands.SearchCommands.find_dialog`), with the
match's bytes selected as Enter will select them.
:func:`prepare_likely_jumps` hands the views, as well, what the jump keys
(F3 and F8, with Shift) would select next.
"""

from __future__ import annotations

from collections.abc import Callable

from mojiscope.app.grid.view import GridView
from mojiscope.app.panels.text_view import TextView


class JumpTarget:
    """The bytes an open dialog (or the Problems list) will jump to and
    select, if any, for the views to prepare."""

    def __init__(self, grid: GridView, text_view: TextView) -> None:
        self._target: tuple[int, int] | None = None
        self._grid, self._text_view = grid, text_view
        grid.ahead.jump_targets = self.selections
        text_view.jump_targets = self.offsets

    def offsets(self) -> list[int]:
        """Where the cursor will be, as a list of guesses (empty when there is none)."""
        return [] if self._target is None else [self._target[0]]

    def selections(self) -> list[tuple[int, int]]:
        """The bytes ``[start, end)`` the jump will select, the cursor on ``start``."""
        return [] if self._target is None else [self._target]

    def set(self, target: int | None) -> None:
        """The target is now the byte at ``target`` (None: no offset, the
        dialog closed, or the list lost the focus)."""
        self.select(None if target is None else (target, target + 1))

    def select(self, target: tuple[int, int] | None) -> None:
        """The target is now bytes ``[start, end)``, or none."""
        if target == self._target:
            return
        self._target = target
        self.guesses_changed()

    def guesses_changed(self) -> None:
        """Where a jump may land has changed (this target, or another
        guess): the views plan what they prepare again once still."""
        self._grid.ahead.guesses_changed()
        self._text_view.guesses_changed()


def prepare_likely_jumps(
    grid: GridView,
    text_view: TextView,
    finds: Callable[[], list[tuple[int, int]]],
    anomalies: Callable[[], list[int]],
) -> None:
    """Have the views prepare, besides the keys' pages and ends, what a jump
    key would select next: ``finds`` (F3 / Shift+F3 just after a find,
    found ahead), else ``anomalies`` (F8 / Shift+F8 where the index knows:
    the span's first byte, its end is not known without decoding). Not
    both: they would not fit in what the views keep."""

    def likely() -> list[tuple[int, int]]:
        return finds() or [(start, start + 1) for start in anomalies()]

    grid.ahead.likely_selections = likely
    grid.ahead.repeat_selections = finds  # just after a find, F3 again is likeliest
    text_view.guesses += [grid.input.likely_cursors, lambda: [start for start, _ in likely()]]

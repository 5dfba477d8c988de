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
the row the keyboard is on (:attr:`~mojiscope.app.problems.ProblemsPanel.pointed`):
while it has the focus, Enter jumps there and no grid key can come first.
"""

from __future__ import annotations

from mojiscope.app.grid.view import GridView
from mojiscope.app.text_view import TextView


class JumpTarget:
    """The offset an open dialog (or the focused Problems list) will jump to,
    if any, for the views to prepare."""

    def __init__(self, grid: GridView, text_view: TextView) -> None:
        self._target: int | None = None
        self._grid, self._text_view = grid, text_view
        grid.ahead.jump_targets = self.offsets
        text_view.jump_targets = self.offsets

    def offsets(self) -> list[int]:
        """The target, as a list of guesses (empty when there is none)."""
        return [] if self._target is None else [self._target]

    def set(self, target: int | None) -> None:
        """The target is now ``target`` (None: no offset, the dialog closed,
        or the list lost the focus)."""
        if target == self._target:
            return
        self._target = target
        self.guesses_changed()

    def guesses_changed(self) -> None:
        """Where a jump may land has changed (this target, or another
        guess): the views plan what they prepare again once still."""
        self._grid.ahead.guesses_changed()
        self._text_view.guesses_changed()

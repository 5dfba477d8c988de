"""The grid's palette: every kind a fill and a non-colour cue; the border a
kind is drawn with is the one the models keep apart."""

from __future__ import annotations

from PySide6.QtCore import Qt

from mojiscope.app.grid.palette import grid_palette
from mojiscope.app.model.borders import BORDERED_KINDS


def test_the_palette_draws_a_border_exactly_for_the_kinds_runs_keep_apart(qapp) -> None:  # type: ignore[no-untyped-def]
    palette = grid_palette(qapp.palette())
    drawn = {kind for kind, style in palette.kinds.items() if style.border != Qt.PenStyle.NoPen}
    assert drawn == BORDERED_KINDS

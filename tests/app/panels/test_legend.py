"""The Legend: one row per highlighted kind, with the grid's own cue, and it
follows the palette (light or dark) it is shown in."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from mojiscope.app.grid.palette import grid_palette
from mojiscope.app.panels.legend import SWATCH_H, SWATCH_W, Legend, swatch
from mojiscope.app.window.theme import dark_palette
from mojiscope.core import SpanKind


def swatch_corners(legend: Legend) -> list[QColor]:
    """The top-left pixel of every swatch shown: the base colour it is drawn on."""
    labels = [label for label in legend.findChildren(QLabel) if not label.pixmap().isNull()]
    return [QColor(label.pixmap().toImage().pixel(0, 0)) for label in labels]


def test_every_kind_but_text_has_a_row_with_its_cue(qtbot) -> None:  # type: ignore[no-untyped-def]
    legend = Legend()
    qtbot.addWidget(legend)
    colours = grid_palette(legend.palette())
    assert [kind for kind, _cue in legend.rows] == list(colours.kinds)
    assert set(colours.kinds) == set(SpanKind) - {SpanKind.TEXT}
    for kind, cue in legend.rows:
        assert cue == colours.kinds[kind].cue_words and cue


def test_the_legend_shows_a_swatch_per_kind(qtbot) -> None:  # type: ignore[no-untyped-def]
    legend = Legend()
    qtbot.addWidget(legend)
    assert len(swatch_corners(legend)) == len(legend.rows)


def test_swatch_is_drawn_in_the_kinds_fill(qapp: QApplication) -> None:
    colours = grid_palette(QPalette(qapp.palette()))
    for kind, style in colours.kinds.items():
        image = swatch(colours, kind).toImage()
        assert (image.width(), image.height()) == (SWATCH_W, SWATCH_H)
        seen = {image.pixel(x, y) for x in range(SWATCH_W) for y in range(SWATCH_H)}
        # Hatched fills mix the fill and the ink; the fill shows somewhere.
        assert style.fill.rgb() in seen, kind


def test_legend_redraws_its_swatches_in_a_dark_palette(qtbot) -> None:  # type: ignore[no-untyped-def]
    legend = Legend()
    qtbot.addWidget(legend)
    legend.setPalette(QPalette(QColor("#f0f0f0")))
    light = grid_palette(legend.palette()).base
    assert all(corner == light for corner in swatch_corners(legend))
    legend.setPalette(dark_palette())
    dark = dark_palette().color(QPalette.ColorRole.Base)
    corners = swatch_corners(legend)
    assert corners and all(corner == dark for corner in corners)
    assert len(legend.rows) == len(grid_palette(dark_palette()).kinds)


def test_legend_in_the_window_opens_from_the_view_menu(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.legend_dock.close()
    (entry,) = [a for a in window.view_menu.actions() if a.text() == "&Legend"]
    assert not entry.isChecked()
    entry.trigger()
    assert window.legend_dock.isVisible()
    qtbot.waitUntil(lambda: not window.legend.visibleRegion().isEmpty(), timeout=3000)

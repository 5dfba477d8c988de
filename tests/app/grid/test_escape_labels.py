"""An escaped byte's label (XTF-8, UTF-8b) fills one character cell: its two
hex digits stack, each at a readable size, in the text's colour, in light
and dark alike."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage, QPalette
from pytestqt.qtbot import QtBot

from mojiscope.app.grid.fonts import monospace_font
from mojiscope.app.grid.glyph_pictures import GlyphPictures
from mojiscope.app.grid.layout import Geometry, Metrics
from mojiscope.app.grid.palette import grid_palette
from mojiscope.app.model.glyphs import Glyph, GlyphStyle


def inked_rows(image: QImage) -> list[int]:
    """Rows holding any pixel that is not the background (the corner's)."""
    background = image.pixel(0, 0)
    return [
        y
        for y in range(image.height())
        if any(image.pixel(x, y) != background for x in range(image.width()))
    ]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_two_digits_of_an_escaped_byte_stack_in_one_cell(qtbot: QtBot, dark: bool) -> None:
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor("#202124" if dark else "#ffffff"))
    metrics = Metrics.for_font(monospace_font())
    geometry = Geometry(metrics, 16, 4096, 1)
    colours = grid_palette(palette)
    pictures = GlyphPictures(metrics, geometry, colours, 1.0)
    image = pictures.picture(Glyph("80", GlyphStyle.BYTE), 1, False).toImage()
    rows = inked_rows(image)
    middle = image.height() / 2
    top, bottom = [y for y in rows if y < middle], [y for y in rows if y >= middle]
    assert top and bottom  # one digit above, one below
    assert len(top) >= 5 and len(bottom) >= 5  # each digit at least 5 pixels tall
    assert set(range(rows[0], rows[-1] + 1)) - set(rows)  # a gap: two lines, not one squeezed
    inks = {QColor(image.pixel(x, y)).rgb() for y in rows for x in range(image.width())}
    assert QColor(colours.text).rgb() in inks

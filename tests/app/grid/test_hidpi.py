"""The high-DPI glyph path: at devicePixelRatio 2 glyph pictures are drawn with
twice the pixels over the same logical cells, and the window renders sharp
(twice the pixels) under QT_SCALE_FACTOR=2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication

from mojiscope.app.grid.fonts import monospace_font
from mojiscope.app.grid.glyph_pictures import GlyphPictures
from mojiscope.app.grid.layout import Geometry, Metrics
from mojiscope.app.grid.palette import grid_palette
from mojiscope.app.model.glyphs import glyph_for_char

SCREENSHOT_SIZE = (1400, 900)  # mojiscope.app.main.SCREENSHOT_SIZE


def pictures(qapp: QApplication, ratio: float) -> GlyphPictures:
    metrics = Metrics.for_font(monospace_font())
    geometry = Geometry(metrics, 16, 256, 1)
    return GlyphPictures(metrics, geometry, grid_palette(QPalette(qapp.palette())), ratio)


def ink_box(image: QImage) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the pixels that are not transparent."""
    xs, ys = [], []
    for y in range(image.height()):
        for x in range(image.width()):
            if image.pixelColor(x, y).alpha() > 60:
                xs.append(x)
                ys.append(y)
    assert xs, "the glyph picture is empty"
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize(("char", "cells"), [("A", 1), ("\x00", 1), ("\u202e", 1), ("中", 2)])
def test_picture_at_ratio_2_has_twice_the_pixels_over_the_same_cells(
    qapp: QApplication, char: str, cells: int
) -> None:
    glyph = glyph_for_char(char)
    normal = pictures(qapp, 1.0).picture(glyph, cells, dim=False)
    sharp = pictures(qapp, 2.0).picture(glyph, cells, dim=False)
    assert sharp.devicePixelRatio() == 2.0
    assert sharp.width() == 2 * normal.width() and sharp.height() == 2 * normal.height()
    # Same logical size: the columns lay both out alike.
    assert sharp.deviceIndependentSize() == normal.deviceIndependentSize()
    # Drawn at the finer resolution, not scaled up: the ink lies where the
    # ratio-1 ink lies, doubled, give or take antialiasing.
    left, top, right, bottom = ink_box(normal.toImage())
    left2, top2, right2, bottom2 = ink_box(sharp.toImage())
    for one, two in ((left, left2), (top, top2), (right, right2), (bottom, bottom2)):
        assert abs(two - 2 * one) <= 3, (
            char,
            (left, top, right, bottom),
            (left2, top2, right2, bottom2),
        )


@pytest.mark.gui  # starts Qt in a subprocess
def test_window_under_scale_factor_2_renders_at_twice_the_pixels(tmp_path: Path) -> None:
    # A new process: the scale factor is read when QApplication starts.
    shot = tmp_path / "hidpi.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR="2")
    code = (
        "import sys\n"
        "from mojiscope.cli.main import main\n"
        f"sys.exit(main(['gui', '--screenshot', {str(shot)!r}]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (2 * SCREENSHOT_SIZE[0], 2 * SCREENSHOT_SIZE[1])

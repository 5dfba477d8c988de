"""Theme switching: MOJISCOPE_THEME / apply_theme force a light or dark palette,
and the grid and legend take their colours from it."""

from __future__ import annotations

from argparse import Namespace
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication

from mojiscope.app.grid.palette import grid_palette, is_dark
from mojiscope.app.main import run_gui
from mojiscope.app.window.main_window import MainWindow
from mojiscope.app.window.theme import apply_theme, dark_palette


@pytest.fixture
def app_theme(qapp: QApplication) -> Iterator[QApplication]:
    """The application, with its style and palette put back after the test."""
    style, palette = qapp.style().name(), QPalette(qapp.palette())
    yield qapp
    qapp.setStyle(style)
    qapp.setPalette(palette)


def commonest_lightness(image: QImage) -> int:
    """Lightness of the colour covering most of ``image`` (its background)."""
    counts = Counter(
        image.pixel(x, y) for x in range(0, image.width(), 5) for y in range(0, image.height(), 5)
    )
    return QColor.fromRgb(counts.most_common(1)[0][0]).lightness()


def test_dark_theme_makes_a_dark_palette_and_grid_colours(app_theme: QApplication) -> None:
    assert apply_theme(app_theme, "dark")
    assert app_theme.style().name().lower() == "fusion"
    assert is_dark(app_theme.palette())
    colours = grid_palette(app_theme.palette())
    assert colours.dark and colours.base == QColor("#1e1f22")


def test_light_theme_after_dark_is_light_again(app_theme: QApplication) -> None:
    apply_theme(app_theme, "dark")
    assert apply_theme(app_theme, " Light ")  # trimmed, any case
    assert not is_dark(app_theme.palette())
    assert not grid_palette(app_theme.palette()).dark


def test_unknown_theme_is_refused_and_changes_nothing(app_theme: QApplication) -> None:
    before = app_theme.palette().color(QPalette.ColorRole.Window)
    assert not apply_theme(app_theme, "solarized")
    assert app_theme.palette().color(QPalette.ColorRole.Window) == before


def test_switching_theme_repaints_an_open_window_in_the_new_colours(
    app_theme: QApplication, demo_window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    apply_theme(app_theme, "light")
    qtbot.wait(10)
    assert commonest_lightness(demo_window.grid.viewport().grab().toImage()) > 200
    apply_theme(app_theme, "dark")
    qtbot.wait(10)
    assert commonest_lightness(demo_window.grid.viewport().grab().toImage()) < 60


@pytest.mark.parametrize(("theme", "dark"), [("dark", True), ("light", False)])
def test_mojiscope_theme_variable_sets_the_screenshot_palette(
    app_theme: QApplication,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    theme: str,
    dark: bool,
) -> None:
    monkeypatch.setenv("MOJISCOPE_THEME", theme)
    shot = tmp_path / "shot.png"
    args = Namespace(file=None, screenshot=str(shot), select=None, formats=None)
    assert run_gui(args) == 0
    lightness = commonest_lightness(QImage(str(shot)))
    assert (lightness < 90) if dark else (lightness > 200), lightness


def test_a_palette_set_in_code_reaches_the_grid_colours(qapp: QApplication) -> None:
    # No application-wide change: grid_palette reads whatever palette it is given.
    assert grid_palette(dark_palette()).dark
    assert grid_palette(dark_palette()).text == QColor("#e6e6e6")

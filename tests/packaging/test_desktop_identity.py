"""One application id and one icon: the desktop entry, the AppStream metainfo,
the hicolor PNGs and the window all name and draw the same thing."""

from __future__ import annotations

import configparser
import importlib.util
import xml.etree.ElementTree as ET
from argparse import Namespace
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from mojiscope.app.main import run_gui
from mojiscope.app.window.icon import APP_ID, HICOLOR_SIZES, application_icon, icon_image

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(PACKAGING / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_runs_mojiscope_on_files_with_the_apps_icon() -> None:
    entry = desktop_entry()
    assert entry["Exec"] == "mojiscope %F"
    assert entry["Icon"] == APP_ID
    assert "text/plain" in entry["MimeType"].split(";")
    assert entry["Categories"].endswith(";")


def test_metainfo_names_the_entry_and_a_screenshot() -> None:
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    images = [image.text or "" for image in root.iter("image")]
    assert images and all(image.endswith(".png") for image in images)
    for image in images:  # the pictures referenced are the repository's own
        assert (PACKAGING.parent / image.split("/main/", 1)[1]).is_file(), image


@pytest.mark.parametrize("size", HICOLOR_SIZES)
def test_icon_is_drawn_at_every_hicolor_size(qapp: QApplication, size: int) -> None:
    image = icon_image(size)
    assert (image.width(), image.height()) == (size, size)
    assert image.pixelColor(0, 0).alpha() == 0  # the rounded corner is transparent
    centre = image.pixelColor(size // 2, size // 2)
    assert centre.alpha() == 255
    colours = {image.pixel(x, y) for x in range(size) for y in range(size)}
    assert len(colours) >= 8


def test_window_icon_offers_every_size(qapp: QApplication) -> None:
    icon = application_icon()
    sizes = sorted(size.width() for size in icon.availableSizes())
    assert sizes == sorted(HICOLOR_SIZES)


def test_the_app_sets_its_icon_and_desktop_id(qapp: QApplication, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    args = Namespace(file=None, screenshot=str(shot), select=None, formats=None)
    assert run_gui(args) == 0
    assert QGuiApplication.desktopFileName() == APP_ID
    assert not qapp.windowIcon().isNull()
    assert qapp.windowIcon().availableSizes()


def test_render_icons_writes_the_hicolor_tree(qapp: QApplication, tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("render_icons", PACKAGING / "render_icons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.render(tmp_path)
    expected = {f"{s}x{s}/apps/{APP_ID}.png" for s in HICOLOR_SIZES}
    expected.add(f"scalable/apps/{APP_ID}.svg")
    assert {str(path.relative_to(tmp_path)) for path in written} == expected
    assert all(path.stat().st_size > 0 for path in written)

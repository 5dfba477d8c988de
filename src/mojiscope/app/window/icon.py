"""The application's icon and desktop identity, drawn from ``resources/mojiscope.svg``.

One SVG is the only picture of the icon: the window's icon is rendered from
it here at start-up, and the packaging build renders the freedesktop hicolor
PNGs with :func:`icon_image` too, so the two can never differ. The SVG is read
with :mod:`importlib.resources` (it works from a wheel and from a frozen
bundle alike) and drawn with QtSvg directly, so no icon-engine plugin is
needed.
"""

from __future__ import annotations

from importlib import resources

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

# The reverse-DNS id of the desktop entry, the AppStream component and the
# themed icon; Wayland compositors match the window to the entry by it.
APP_ID = "io.github.mojiscope.Mojiscope"
ICON_RESOURCE = "mojiscope.svg"
# The freedesktop hicolor sizes the bundle installs (and the window offers).
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)


def icon_svg() -> bytes:
    """The SVG source of the icon, as shipped in ``mojiscope.resources``."""
    return resources.files("mojiscope.resources").joinpath(ICON_RESOURCE).read_bytes()


def icon_image(size: int) -> QImage:
    """The icon drawn at ``size`` x ``size`` pixels on a transparent background."""
    renderer = QSvgRenderer(QByteArray(icon_svg()))
    if not renderer.isValid():
        raise ValueError(f"{ICON_RESOURCE} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
    finally:
        painter.end()
    return image


def application_icon() -> QIcon:
    """The window icon at every hicolor size (needs a QGuiApplication)."""
    icon = QIcon()
    for size in HICOLOR_SIZES:
        icon.addPixmap(QPixmap.fromImage(icon_image(size)))
    return icon

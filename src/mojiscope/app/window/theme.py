"""Forcing a light or dark palette (for screenshots and for users who want one).

By default the app follows the system: Qt hands the system colour scheme to
the application palette and every view reads its colours from the palette.
``MOJISCOPE_THEME=dark`` (or ``light``) overrides it with Qt's Fusion style
and a palette made here.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

_DARK = {
    QPalette.ColorRole.Window: "#2b2d30",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1e1f22",
    QPalette.ColorRole.AlternateBase: "#313338",
    QPalette.ColorRole.ToolTipBase: "#3c3f41",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#3c3f41",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Highlight: "#3d6fb4",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#6fa8ff",
    QPalette.ColorRole.Mid: "#4a4d52",
    QPalette.ColorRole.PlaceholderText: "#8c8c8c",
}


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette


def apply_theme(app: QApplication, theme: str) -> bool:
    """Apply "dark" or "light" (Fusion style); False for any other name."""
    name = theme.strip().lower()
    if name not in ("dark", "light"):
        return False
    app.setStyle("Fusion")
    style = app.style()
    app.setPalette(dark_palette() if name == "dark" else style.standardPalette())
    return True

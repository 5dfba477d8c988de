"""The grid's monospace font, and whether any installed font can draw a glyph."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QFont, QFontDatabase, QFontInfo, QTextLayout

PREFERRED_MONOSPACE = ("DejaVu Sans Mono", "Noto Sans Mono", "Liberation Mono", "Consolas")


def monospace_font() -> QFont:
    """The system's fixed-pitch font, or a known monospace family if the
    system one is not fixed pitch (offscreen Qt has few fonts)."""
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    if not QFontInfo(font).fixedPitch():
        families = set(QFontDatabase.families())
        for family in PREFERRED_MONOSPACE:
            if family in families:
                font = QFont(family)
                break
        font.setStyleHint(QFont.StyleHint.TypeWriter)
    font.setPointSizeF(max(font.pointSizeF(), 9.0))
    font.setKerning(False)
    return font


@lru_cache(maxsize=4096)
def _can_draw(family: str, point_size: float, text: str) -> bool:
    font = QFont(family)
    font.setPointSizeF(point_size)
    layout = QTextLayout(text, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    runs = layout.glyphRuns()
    return bool(runs) and all(
        0 not in run.glyphIndexes() and run.rawFont().fontTable("cmap") for run in runs
    )


def can_draw(font: QFont, text: str) -> bool:
    """True when ``font`` or a font Qt falls back to has a glyph for every
    character of ``text``: shaping produces no glyph 0 (the missing glyph),
    and no run comes from Qt's box engine, the stand-in Qt uses when no
    installed font has the script at all (it draws empty boxes; it is the
    one font without a character map)."""
    return _can_draw(font.family(), font.pointSizeF(), text)

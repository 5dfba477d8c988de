"""Whether a character can be drawn: a character no installed font has shows
its code point (``‹0710›`` in the text view, ``0710`` in the grid), never a
box.

Found with Syriac and Thaana on a machine with only DejaVu: Qt shapes them
with its box engine (glyph 1, not the missing glyph 0), so the old check
said "drawable" and a screenshot showed empty boxes."""  # noqa: RUF002 - the stand-in marks are the subject

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QFont, QFontDatabase, QRawFont
from PySide6.QtWidgets import QApplication

from mojiscope.app.grid.fonts import can_draw, monospace_font
from mojiscope.app.model.document import Document
from mojiscope.app.window.main_window import MainWindow

SAMPLES = {
    "Latin": "A",
    "euro sign": "\u20ac",
    "CJK": "\u4e2d",
    "Syriac": "\u0710",
    "Thaana": "\u0780",
}


def installed_font_has(char: str) -> bool:
    """Whether any installed family maps ``char`` in its character map."""
    return any(
        QRawFont.fromFont(QFont(family)).supportsCharacter(ord(char))
        for family in QFontDatabase.families()
    )


@pytest.mark.parametrize("char", SAMPLES.values(), ids=SAMPLES.keys())
def test_drawable_exactly_when_an_installed_font_has_it(qapp: QApplication, char: str) -> None:
    assert can_draw(monospace_font(), char) == installed_font_has(char)


@settings(max_examples=300, deadline=None)
@example("\U0001ee24")
@given(st.characters(categories=("L", "N", "P", "S", "Zs")))
def test_any_visible_character_is_drawable_only_when_a_font_has_it(
    qapp: QApplication, char: str
) -> None:
    """Letters, digits, punctuation, symbols and spaces of every script
    (format characters and marks are shaped apart: zero width, or on a base).

    Not "exactly when": a font may have a character Qt never falls back to
    from the monospace font. U+1EE24 (ARABIC MATHEMATICAL INITIAL HEH) is in
    DejaVu Sans, yet Qt shapes it with DejaVu Sans Mono's missing glyph: it
    is not drawable, and shows its code point rather than a box (this
    property asked for both ways until it drew that character)."""
    assert installed_font_has(char) or not can_draw(monospace_font(), char)


def test_latin_is_always_drawable(qapp: QApplication) -> None:
    assert can_draw(monospace_font(), "A")


def test_syriac_without_a_font_shows_its_code_point(
    window: MainWindow,
    text_shown,  # type: ignore[no-untyped-def]
) -> None:
    window.set_formats(["utf-8"], persist=False)
    window.open_document(Document.from_bytes("a\u0710b".encode(), "Syriac alaph"))
    shown = "\u0710" if installed_font_has("\u0710") else "\u20390710\u203a"
    assert text_shown(window).toPlainText() == f"a{shown}b"

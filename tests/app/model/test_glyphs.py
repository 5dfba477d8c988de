"""How each class of code point is shown."""

from __future__ import annotations

from mojiscope.app.model.glyphs import DOTTED_CIRCLE, GlyphStyle, glyph_for_cell, glyph_for_char
from mojiscope.core import Span, SpanKind


def test_c0_controls_become_control_pictures_with_their_names_as_fallback() -> None:
    assert glyph_for_char("\x00") == ("\u2400", GlyphStyle.SYMBOL, "NUL")
    assert glyph_for_char("\n") == ("\u240a", GlyphStyle.SYMBOL, "LF")
    assert glyph_for_char("\x7f") == ("\u2421", GlyphStyle.SYMBOL, "DEL")


def test_c1_control_is_named() -> None:
    assert glyph_for_char("\x85") == ("NEL", GlyphStyle.SMALL, "")


def test_combining_mark_sits_on_a_dotted_circle() -> None:
    glyph = glyph_for_char("\u0301")
    assert glyph.text == DOTTED_CIRCLE + "\u0301"
    assert glyph.style is GlyphStyle.PLAIN


def test_bidi_controls_get_their_own_style() -> None:
    assert glyph_for_char("\u202e") == ("RLO", GlyphStyle.BIDI, "")
    assert glyph_for_char("\u2067").text == "RLI"


def test_invisibles_and_unusual_spaces_are_named() -> None:
    assert glyph_for_char("\u200b").text == "ZWSP"
    assert glyph_for_char("\u00a0").text == "NBSP"
    assert glyph_for_char("\ufeff").text == "BOM"


def test_private_use_noncharacters_and_surrogates_show_their_code_point() -> None:
    assert glyph_for_char("\ue000").text == "E000"
    assert glyph_for_char("\ufffe").text == "FFFE"
    assert glyph_for_char("\ud800").text == "D800"


def test_ordinary_characters_are_themselves() -> None:
    for char in "aZ€𝔘ע ":
        assert glyph_for_char(char) == (char, GlyphStyle.PLAIN, "")


def test_escape_cell_shows_the_byte_it_keeps_and_beyond_its_value() -> None:
    escape = Span(SpanKind.ESCAPE, 3, 4, 3, 4)
    assert glyph_for_cell("\uef80", escape, b"\x80").text == "80"
    beyond = Span(SpanKind.BEYOND, 0, 5, 0, 1, None, 0x2110A0)
    assert glyph_for_cell("\ufffd", beyond, b"\xf8\x80\x80\x80\x80").text == "2110A0"

"""How to show one decoded character so that nothing is invisible.

Core says what class a code point is in (:mod:`mojiscope.core.words.charclass`);
this module decides how each class is drawn:

* C0 controls and DEL: their control picture (U+2400 block), with the
  mnemonic (``NUL``, ``LF``) as a fallback where no font has the picture;
* C1 controls, bidi controls, invisible characters, unusual spaces, the BOM:
  a short mnemonic in small type (``NEL``, ``RLO``, ``ZWSP``, ``NBSP``);
  bidi controls in their own colour, since they can reorder what a reader sees;
* combining marks: on a dotted circle U+25CC; variation selectors as ``VS1``..;
* private-use, noncharacters, unassigned code points and surrogates: the code
  point in small hex;
* everything else: itself.

Span kinds add cases the caller handles: an ``escape`` shows the byte it
keeps, a ``beyond`` span shows its value, and the Corrected UTF-8 magic
number (8 bytes, 4 code points that are no text) shows ``MAGIC`` as one
label, as a BOM shows ``BOM`` (see :func:`glyph_for_cell`).
"""

from __future__ import annotations

import enum
from functools import lru_cache
from typing import NamedTuple

from mojiscope.core import Reason, Span, SpanKind
from mojiscope.core.words.charclass import CharClass, classify


class GlyphStyle(enum.Enum):
    PLAIN = "plain"
    """The character itself, in the text colour."""
    SYMBOL = "symbol"
    """A stand-in picture (control picture), in the symbol colour."""
    SMALL = "small"
    """A mnemonic or hex number in small type, in the symbol colour."""
    BIDI = "bidi"
    """A bidi control's mnemonic in small type, in the bidi colour."""
    BYTE = "byte"
    """An escaped byte's hex digits, stacked in bold small type, in the escape's ink."""


class Glyph(NamedTuple):
    text: str
    style: GlyphStyle
    fallback: str = ""
    """Small text to draw instead when no font has ``text`` (control pictures)."""


C0_NAMES = [
    "NUL",
    "SOH",
    "STX",
    "ETX",
    "EOT",
    "ENQ",
    "ACK",
    "BEL",
    "BS",
    "HT",
    "LF",
    "VT",
    "FF",
    "CR",
    "SO",
    "SI",
    "DLE",
    "DC1",
    "DC2",
    "DC3",
    "DC4",
    "NAK",
    "SYN",
    "ETB",
    "CAN",
    "EM",
    "SUB",
    "ESC",
    "FS",
    "GS",
    "RS",
    "US",
]
C1_NAMES = [
    "PAD",
    "HOP",
    "BPH",
    "NBH",
    "IND",
    "NEL",
    "SSA",
    "ESA",
    "HTS",
    "HTJ",
    "VTS",
    "PLD",
    "PLU",
    "RI",
    "SS2",
    "SS3",
    "DCS",
    "PU1",
    "PU2",
    "STS",
    "CCH",
    "MW",
    "SPA",
    "EPA",
    "SOS",
    "SGCI",
    "SCI",
    "CSI",
    "ST",
    "OSC",
    "PM",
    "APC",
]
MNEMONICS: dict[int, str] = {
    0x061C: "ALM", 0x200E: "LRM", 0x200F: "RLM", 0x202A: "LRE", 0x202B: "RLE",
    0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO", 0x2066: "LRI", 0x2067: "RLI",
    0x2068: "FSI", 0x2069: "PDI",
    0x200B: "ZWSP", 0x200C: "ZWNJ", 0x200D: "ZWJ", 0x2060: "WJ", 0x00AD: "SHY",
    0x180E: "MVS", 0x034F: "CGJ", 0x2061: "FA", 0x2062: "IT", 0x2063: "IS", 0x2064: "IP",
    0x00A0: "NBSP", 0x2028: "LS", 0x2029: "PS", 0x3000: "IDSP", 0x202F: "NNBSP",
    0x205F: "MMSP", 0x1680: "OGSP", 0xFEFF: "BOM",
    **{cp: "SP" for cp in range(0x2000, 0x200B)},
}  # fmt: skip
_HEX_CLASSES = frozenset(
    {CharClass.PRIVATE_USE, CharClass.NONCHARACTER, CharClass.UNASSIGNED, CharClass.SURROGATE}
)
DEL = 0x7F
DOTTED_CIRCLE = "\u25cc"
EMPTY = Glyph("", GlyphStyle.PLAIN)
MAGIC = Glyph("MAGIC", GlyphStyle.SMALL)
"""The label of the Corrected UTF-8 magic number, drawn across its 8 bytes."""


def _variation_selector(cp: int) -> int | None:
    if 0xFE00 <= cp <= 0xFE0F:
        return cp - 0xFE00 + 1
    if 0xE0100 <= cp <= 0xE01EF:
        return cp - 0xE0100 + 17
    return None


@lru_cache(maxsize=8192)
def glyph_for_char(char: str) -> Glyph:
    """How to draw one code point (see the module docstring)."""
    cp = ord(char)
    if cp < 0x20:
        return Glyph(chr(0x2400 + cp), GlyphStyle.SYMBOL, C0_NAMES[cp])
    if cp == DEL:
        return Glyph("\u2421", GlyphStyle.SYMBOL, "DEL")
    classes = classify(cp)
    if not classes:
        return Glyph(char, GlyphStyle.PLAIN)
    if CharClass.C1_CONTROL in classes:
        return Glyph(C1_NAMES[cp - 0x80], GlyphStyle.SMALL)
    if CharClass.BIDI_CONTROL in classes:
        return Glyph(MNEMONICS[cp], GlyphStyle.BIDI)
    if cp in MNEMONICS:
        return Glyph(MNEMONICS[cp], GlyphStyle.SMALL)
    if CharClass.COMBINING in classes:
        selector = _variation_selector(cp)
        if selector is not None:
            return Glyph(f"VS{selector}", GlyphStyle.SMALL)
        return Glyph(DOTTED_CIRCLE + char, GlyphStyle.PLAIN)
    if classes & _HEX_CLASSES or CharClass.INVISIBLE in classes:
        return Glyph(f"{cp:04X}", GlyphStyle.SMALL)
    if CharClass.WHITESPACE in classes:
        return Glyph("SP", GlyphStyle.SMALL)
    return Glyph(char, GlyphStyle.PLAIN)


def glyph_for_cell(text: str, span: Span, cell_bytes: bytes) -> Glyph:
    """How to draw one cell, the character ``text`` of ``span`` over
    ``cell_bytes`` (the one rule of every view: the grid draws it, the text
    view names its stand-ins after it, the inspector's table shows it): an
    escape shows the byte(s) it keeps, a ``beyond`` span its value, a magic
    number one label, anything else its character."""
    if span.kind == SpanKind.ESCAPE:
        return Glyph(cell_bytes.hex().upper(), GlyphStyle.BYTE)
    if span.kind == SpanKind.BEYOND and span.value is not None:
        return Glyph(f"{span.value:X}", GlyphStyle.SMALL)
    if span.reason == Reason.MAGIC_NUMBER:
        return MAGIC
    if not text:
        return EMPTY
    if len(text) == 1:
        return glyph_for_char(text)
    return Glyph("".join(glyph_for_char(c).text for c in text), GlyphStyle.PLAIN)

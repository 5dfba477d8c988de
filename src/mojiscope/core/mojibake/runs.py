"""Which characters read as UTF-8 seen through windows-1252 or latin-1: runs
of a lead byte's character and the continuation bytes' characters it needs.

Text that holds such runs likely still holds mojibake (``Ã©``, ``â€™``,
``â\\x80\\x99``); text repaired right holds few. :func:`utf8_runs` finds them
(the piece-by-piece repair undoes each, ``pieces.py``; the model counts them,
``features.py``). :func:`short_sequences` finds one such sequence a byte
short, where the reader lost a byte, and :func:`space_sequences` a lead
byte's character whose no-break space became a space (the piece-by-piece
repair guesses the byte).
The table is the mixed reader's (``extra_codecs.MIXED_1252``): either code
page's character for a byte.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

from mojiscope.core.mojibake.extra_codecs import MIXED_1252
from mojiscope.core.mojibake.lexicon import latin_letters


def _chars(lo: int, hi: int) -> str:
    """A character class of either code page's characters for bytes
    ``lo``-``hi``."""
    return _chars_of(range(lo, hi + 1))


def _chars_of(byte_values: Iterable[int]) -> str:
    """A character class of either code page's characters for the bytes
    (U+02C6 and U+0088 are both 88)."""
    members = (
        re.escape(c)
        for byte in byte_values
        for c in sorted({bytes([byte]).decode(MIXED_1252), chr(byte)})
    )
    return "[" + "".join(members) + "]"


@cache
def utf8_runs() -> re.Pattern[str]:
    """The pattern of one or more such sequences in a row."""
    cont = _chars(0x80, 0xBF)
    lead2, lead3, lead4 = _chars(0xC2, 0xDF), _chars(0xE0, 0xEF), _chars(0xF0, 0xF4)
    return re.compile(f"(?:{lead2}{cont}|{lead3}{cont}{{2}}|{lead4}{cont}{{3}})+")


@cache
def short_sequences() -> re.Pattern[str]:
    """The pattern of one sequence of three or four bytes with one
    continuation byte missing (``ã¨`` is と, E3 81 A8, whose 81 windows-1252
    has no character for), or with ``?`` or U+FFFD where one stood
    (``ã?—`` is し, E3 81 97). Two-byte sequences are left out: a lead
    byte's character alone (``Ã``, ``Ñ``) is a letter of its own too often."""
    cont = _chars(0x80, 0xBF)
    lead3, lead4 = _chars(0xE0, 0xEF), _chars(0xF0, 0xF4)
    stand_in = "[?\ufffd]"
    return re.compile(
        f"{lead3}(?:{stand_in}{cont}|{cont}(?:{stand_in}|(?!{cont})))"
        f"|{lead4}(?:{stand_in}{cont}{{2}}|{cont}{stand_in}{cont}"
        f"|{cont}{{2}}(?:{stand_in}|(?!{cont})))"
    )


@cache
def space_sequences() -> re.Pattern[str]:
    """The pattern of a lead byte's character before a space, where its
    continuation byte A0 (a no-break space, in either code page) makes a
    Latin letter the frequent words use, or the no-break space itself
    (``Ã `` is ``à``, ``Â `` is a no-break space): a program turned the
    no-break space into a space. Letters of other scripts are left out:
    the multiplication sign (D7) and A0 make a Hebrew letter, and a product
    written with it is no mojibake."""
    leads = []
    for byte in range(0xC2, 0xE0):
        made = bytes([byte, 0xA0]).decode("utf-8")
        latin = made in latin_letters() and "LATIN" in unicodedata.name(made, "")
        if made == "\xa0" or latin:
            leads.append(byte)
    return re.compile(_chars_of(leads) + " ")

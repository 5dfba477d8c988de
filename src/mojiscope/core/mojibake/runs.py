# ruff: noqa: RUF002 - mojibake is made of look-alike characters
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
page's character for a byte. :func:`mac_roman_runs` finds such runs seen
through mac-roman instead (``â€™`` is ``‚Äô`` there, ``é`` is ``√©``), and
:func:`latin1_stripped_runs` what latin-1 leaves where a program stripped
the C1 controls it read (``wÅaÅnie``, ``donât``).
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


#: The lead bytes of two-, three- and four-byte sequences.
_LEADS = ((0xC2, 0xDF), (0xE0, 0xEF), (0xF0, 0xF4))


def _runs(cont: str, lead2: str, lead3: str, lead4: str) -> re.Pattern[str]:
    """The pattern of one or more whole sequences in a row, from character
    classes of the continuation bytes and of the leads of two, three and
    four bytes."""
    return re.compile(f"(?:{lead2}{cont}|{lead3}{cont}{{2}}|{lead4}{cont}{{3}})+")


@cache
def utf8_runs() -> re.Pattern[str]:
    """The pattern of one or more such sequences in a row."""
    return _runs(_chars(0x80, 0xBF), *(_chars(lo, hi) for lo, hi in _LEADS))


@cache
def mac_roman_runs() -> re.Pattern[str]:
    """The pattern of one or more sequences of UTF-8 bytes in a row, each
    as mac-roman reads it and led by a sign (``‚Äô`` is ``’``, ``√©`` is
    ``é``; the model counts them, ``features.py``). Leads that are letters
    (but ``ƒ``, C4: ``ƒÖ`` is ``ą``), quotation marks, the ellipsis or the
    no-break space are left out: correct text puts those before an accented
    letter (French ``l’été`` is ``’é``, D5 8E)."""

    def chars(lo: int, hi: int, *, leads: bool = False) -> str:
        shown = bytes(range(lo, hi + 1)).decode("mac-roman")
        if leads:
            shown = "".join(c for c in shown if _leads(c))
        return "[" + re.escape(shown) + "]"

    return _runs(chars(0x80, 0xBF), *(chars(lo, hi, leads=True) for lo, hi in _LEADS))


@cache
def latin1_stripped_runs() -> re.Pattern[str]:
    """The pattern of what UTF-8 read as latin-1 leaves where a character's
    continuation bytes were all C1 controls, which a program stripped (the
    search fills them where it finds one, ``search.py``):

    * ``Ä`` or ``Å`` inside or at the end of a word written in small
      letters, the lead of ą ę ė ł ś ř... (Polish ``właśnie`` as
      ``wÅaÅnie``, ``zresztą`` as ``zresztÄ``; correct text writes neither
      capital there);
    * ``â``, the lead of ‘’“”…, where a quotation mark or an apostrophe
      stood: beside another, around a word (``âhelloâ``), before a sign
      but an apostrophe or a continuation byte's character (``â~/.rcâ``;
      ``â€™`` is a run of :func:`utf8_runs`), or in an English contraction
      (``donât``, ``whatâs``, ``Iâm``).

    Not ``È``: read as mac-roman, ``Québec`` is ``QuÈbec``, and no ``ș``
    (C8 99) was lost there; not ``â`` as Welsh and Friulian write it, a
    word of its own (``sydd â gwerth``, ``â'r``), a word's last letter
    (``Abilitâ i``) or before ``m`` (``ffrâm``); nor Romanian ``cât``."""
    # A sign after â that is no continuation byte's character (``â€™`` is
    # whole mojibake, counted as a run of its own).
    sign = "[^\\w\\s'\u2019" + _chars(0x80, 0xBF)[1:]
    return re.compile(
        "(?<=[a-z])[\u00c4\u00c5](?=[a-z]|\\s|\\Z)"
        f"|\u00e2(?=\u00e2)|\u00e2(?=[^\\W\\d_][^\\s\u00e2]*\u00e2)|\u00e2(?={sign})"
        "|(?<=[a-z])\u00e2(?=(?:s|ll|re|ve)\\b)|(?<=n)\u00e2(?=t\\b)|(?<=\\bI)\u00e2(?=[md]\\b)"
    )


#: Signs correct text puts before an accented letter.
_NOT_LEADS = "\u201c\u201d\u2018\u2019\u00ab\u00bb\u2026\u00a0"


def _leads(char: str) -> bool:
    """Whether mac-roman's ``char`` for a lead byte counts as one: a sign
    other than :data:`_NOT_LEADS`, or ``ƒ``."""
    return (char == "ƒ" or not char.isalpha()) and char not in _NOT_LEADS


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

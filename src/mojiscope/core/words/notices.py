"""Notices: characters that are valid text but worth a look before trusting it.

A *notice* is no decoding error: the bytes are well formed, and the text
holds a character that changes how it displays or what it means without
showing itself. The kinds, from :mod:`mojiscope.core.words.charclass`'s classes:

``bidi``
    Bidirectional controls (``bidi-control``): the text may display in
    another order than it is stored (Trojan Source, CVE-2021-42574).
``invisible``
    Invisible and zero-width characters (``invisible``): zero-width space
    and joiners, word joiner, soft hyphen, tags, Hangul fillers...
``private-use``
    Private-use characters (``private-use``): their meaning is agreed
    privately, and other software shows a box or another glyph.
``noncharacter``
    Noncharacters (``noncharacter``): reserved for a program's internal
    use, never meant to be exchanged.
``bom``
    U+FEFF inside the text (``bom``): a byte order mark that is not a
    signature at the start, as left by files joined together.

Only characters of ``text`` spans are notices: a BOM at the start is a
``signature`` span, an XTF-8 escape an ``escape`` span, a lone surrogate a
``surrogate`` span (anomalies, counted as such).

:func:`notice_table` classifies every code point once (a byte per code
point); :func:`text_notices` finds notices in decoded text and
:func:`utf8_notices` in well-formed UTF-8 bytes without decoding them:
only bytes that lead a multi-byte sequence are looked at, with numpy, so
ASCII costs a scan at memory speed.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from mojiscope.core.spans.event import TEXT_CODE
from mojiscope.core.words.charclass import (
    _UCD,
    BIDI_CONTROLS,
    BOM,
    HANGUL_FILLERS,
    MAX_CODE_POINT,
    PREPENDED_CONCATENATION_MARKS,
    CharClass,
    classify,
)

if TYPE_CHECKING:
    from mojiscope.core.codecs.decoding import Decoding


class Notice(StrEnum):
    """A kind of notice; the values are the names the command line takes."""

    BIDI = "bidi"
    INVISIBLE = "invisible"
    PRIVATE_USE = "private-use"
    NONCHARACTER = "noncharacter"
    BOM = "bom"


NOTICES: tuple[Notice, ...] = tuple(Notice)
#: Notice codes: a notice's index in :data:`NOTICES`, plus 1 (0 is none).
NOTICE_CODE: dict[Notice, int] = {n: i + 1 for i, n in enumerate(NOTICES)}

_OF_CLASS: dict[CharClass, Notice] = {
    CharClass.BIDI_CONTROL: Notice.BIDI,
    CharClass.INVISIBLE: Notice.INVISIBLE,
    CharClass.PRIVATE_USE: Notice.PRIVATE_USE,
    CharClass.NONCHARACTER: Notice.NONCHARACTER,
    CharClass.BOM: Notice.BOM,
}


class NoticeWords(NamedTuple):
    one: str
    many: str
    why: str


NOTICE_WORDS: dict[Notice, NoticeWords] = {
    Notice.BIDI: NoticeWords(
        "bidi control",
        "bidi controls",
        "the text may display in another order than it is stored",
    ),
    Notice.INVISIBLE: NoticeWords(
        "invisible character",
        "invisible characters",
        "zero-width and other characters that draw nothing but change the text",
    ),
    Notice.PRIVATE_USE: NoticeWords(
        "private-use character",
        "private-use characters",
        "their meaning is agreed privately; other software shows something else",
    ),
    Notice.NONCHARACTER: NoticeWords(
        "noncharacter",
        "noncharacters",
        "reserved for a program's own use, never meant to be exchanged",
    ),
    Notice.BOM: NoticeWords(
        "byte order mark inside the text",
        "byte order marks inside the text",
        "as left by files joined together; most readers show nothing there",
    ),
}


def notice_words(notice: Notice, count: int) -> str:
    """``4 bidi controls: the text may display in another order than it is stored``."""
    words = NOTICE_WORDS[notice]
    return f"{count:,} {words.one if count == 1 else words.many}: {words.why}"


def notice_of(cp: int) -> Notice | None:
    """The notice a code point in text is, if any (from its classes)."""
    for cls in classify(cp):
        notice = _OF_CLASS.get(cls)
        if notice is not None:
            return notice
    return None


@cache
def notice_table() -> npt.NDArray[np.uint8]:
    """Every code point's notice code (0 for none), indexed by code point.

    Built from the classes' definitions rather than by classifying 1.1
    million code points: private use and noncharacters are ranges, bidi
    controls and the BOM fixed sets, and the invisible characters the
    format characters (category Cf, found in the planes that have any: 0,
    1 and 14) less those that are visible or classed otherwise, plus the
    Hangul fillers. ``tests/core/words/test_notices.py`` holds it to
    :func:`notice_of` for every code point."""
    table = np.zeros(MAX_CODE_POINT + 1, np.uint8)
    table[0xE000:0xF900] = NOTICE_CODE[Notice.PRIVATE_USE]
    table[0xF0000:0x110000] = NOTICE_CODE[Notice.PRIVATE_USE]
    table[0xFDD0:0xFDF0] = NOTICE_CODE[Notice.NONCHARACTER]
    planes = np.arange(17) << 16
    table[planes | 0xFFFE] = NOTICE_CODE[Notice.NONCHARACTER]
    table[planes | 0xFFFF] = NOTICE_CODE[Notice.NONCHARACTER]
    category = _UCD.category
    for first, last in ((0, 0x20000), (0xE0000, 0xF0000)):
        for cp in range(first, last):
            if category(chr(cp)) == "Cf" and cp not in PREPENDED_CONCATENATION_MARKS:
                table[cp] = NOTICE_CODE[Notice.INVISIBLE]
    for cp in HANGUL_FILLERS:
        table[cp] = NOTICE_CODE[Notice.INVISIBLE]
    table[list(BIDI_CONTROLS)] = NOTICE_CODE[Notice.BIDI]
    table[BOM] = NOTICE_CODE[Notice.BOM]
    return table


class Found(NamedTuple):
    """Notices found: per notice code (index 0 unused) how many, and where
    the first and last start (offsets as the caller counts them; -1 when none)."""

    counts: npt.NDArray[np.int64]
    first: int
    last: int

    @property
    def total(self) -> int:
        return int(self.counts.sum())

    def named(self) -> dict[str, int]:
        """The counts by notice name, the kinds found only."""
        return {NOTICES[i - 1].value: int(n) for i, n in enumerate(self.counts) if i and n}


NONE_FOUND = Found(np.zeros(len(NOTICES) + 1, np.int64), -1, -1)


def _found(codes: npt.NDArray[np.uint8], where: npt.NDArray[np.int64]) -> Found:
    hit = np.flatnonzero(codes)
    if not len(hit):
        return NONE_FOUND
    counts = np.bincount(codes[hit], minlength=len(NOTICES) + 1).astype(np.int64)
    return Found(counts, int(where[hit[0]]), int(where[hit[-1]]))


def code_points(text: str) -> npt.NDArray[np.uint32]:
    """The code points of ``text`` (lone surrogates included) as an array."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)


def text_notices(text: str, at: int = 0) -> Found:
    """The notices in ``text``; offsets are character offsets plus ``at``."""
    if text.isascii():
        return NONE_FOUND
    cps = code_points(text)
    codes = notice_table()[cps]
    return _found(codes, np.arange(at, at + len(cps), dtype=np.int64))


_LEAD_LENGTH = np.zeros(256, np.uint8)
_LEAD_LENGTH[0xC2:0xE0] = 2
_LEAD_LENGTH[0xE0:0xF0] = 3
_LEAD_LENGTH[0xF0:0xF5] = 4


@cache
def _second_bytes() -> dict[int, npt.NDArray[np.bool_]]:
    """Per lead byte that can start a notice, which second bytes can
    (a lead byte and its first continuation fix the top bits of the code
    point: 6 bits remain free in a 3-byte sequence, 12 in a 4-byte one)."""
    table = notice_table() != 0
    out: dict[int, npt.NDArray[np.bool_]] = {}
    for lead in range(0xC2, 0xF5):
        size = int(_LEAD_LENGTH[lead])
        allowed = np.zeros(256, bool)
        for second in range(0x80, 0xC0):
            if size == 2:
                top, free = ((lead & 0x1F) << 6) | (second & 0x3F), 0
            elif size == 3:
                top, free = ((lead & 0x0F) << 6) | (second & 0x3F), 6
            else:
                top, free = ((lead & 0x07) << 6) | (second & 0x3F), 12
            first = top << free
            lowest = (0x80, 0x800, 0x10000)[size - 2]  # shorter forms are overlong
            if lowest <= first <= MAX_CODE_POINT and table[first : first + (1 << free)].any():
                allowed[second] = True
        if allowed.any():
            out[lead] = allowed
    return out


def utf8_notices(
    data: bytes, stop: int | None = None, at: int = 0, *, xtf8: bool = False, skip: int = 0
) -> Found:
    """The notices among the well-formed UTF-8 sequences of ``data`` that
    start before ``stop`` (default: the end; ``data`` may go on past it so
    that a sequence started before ``stop`` is whole); offsets are byte
    offsets plus ``at``. Exact for any bytes: a byte C2..F4 never continues
    a sequence, so every well-formed sequence it leads is a character of
    any UTF-8 decode of the bytes. With ``xtf8``, U+EF80..U+EFFF are left
    out (XTF-8's escapes and collisions: anomalies); sequences led before
    ``skip`` too (a BOM that is a signature).

    Fast where notices cannot be: a lead byte that can start one (C2, D8,
    E1-E3, EE, EF, F0, F3, F4) is looked for with ``memchr`` first, and
    only the leads present are located (numpy), kept where their second
    byte can lead on to a notice, and decoded. Text without such leads
    (ASCII, accented Latin, Cyrillic, most CJK) costs a few ``memchr``
    scans; English with typographic quotes or Japanese with kana, a
    vectorised pass per lead byte present."""
    stop = len(data) if stop is None else min(stop, len(data))
    if data.isascii():
        return NONE_FOUND
    seconds = _second_bytes()
    present = [lead for lead in seconds if _may_lead(data, lead, stop)]
    if not present:
        return NONE_FOUND
    raw = np.frombuffer(data, np.uint8)
    padded = np.concatenate((raw, np.zeros(3, np.uint8)))
    table = notice_table()
    counts = np.zeros(len(NOTICES) + 1, np.int64)
    first = last = -1
    for lead in present:
        where = np.flatnonzero(raw[skip:stop] == lead) + skip
        where = where[seconds[lead][padded[where + 1]]]
        if not len(where):
            continue
        cp, whole = _sequences(padded, where, int(_LEAD_LENGTH[lead]), lead)
        if xtf8:
            whole &= (cp < 0xEF80) | (cp > 0xEFFF)
        codes = np.where(whole, table[cp], 0).astype(np.uint8)
        hit = np.flatnonzero(codes)
        if len(hit):
            counts += np.bincount(codes[hit], minlength=len(NOTICES) + 1)
            lo, hi = int(where[hit[0]]) + at, int(where[hit[-1]]) + at
            first = lo if first < 0 else min(first, lo)
            last = max(last, hi)
    return Found(counts, first, last) if first >= 0 else NONE_FOUND


FEW_SECONDS = 4
"""A lead byte with at most this many second bytes that can lead on to a
notice is looked for with those two bytes (``E3 85``, ``C2 AD``): kana
lead with ``E3`` too, and would be located in vain."""


def _may_lead(data: bytes, lead: int, stop: int) -> bool:
    """Whether ``lead`` occurs before ``stop`` in a way that may start a
    notice, by C-speed searches: the byte alone (``memchr``), then for a
    3-byte lead the exact sequences (:func:`_three_byte_notices`: ``E2 80``
    leads typographic quotes and dashes too), else its two first bytes
    where few can lead on to one."""
    if data.find(lead, 0, stop) < 0:
        return False
    if _LEAD_LENGTH[lead] == 3:
        return _three_byte_notices(lead).search(data, 0, min(stop + 2, len(data))) is not None
    allowed = np.flatnonzero(_second_bytes()[lead])
    if len(allowed) > FEW_SECONDS:
        return True
    return any(data.find(bytes((lead, int(second))), 0, stop + 1) >= 0 for second in allowed)


@cache
def _three_byte_notices(lead: int) -> re.Pattern[bytes]:
    """The 3-byte sequences led by ``lead`` that are notices, as a pattern."""
    table = notice_table()
    branches = []
    for second in np.flatnonzero(_second_bytes()[lead]).tolist():
        base = ((lead & 0x0F) << 12) | ((second & 0x3F) << 6)
        thirds = [0x80 | k for k in range(64) if table[base | k]]
        if thirds:
            branches.append(re.escape(bytes((second,))) + _byte_class(thirds))
    return re.compile(re.escape(bytes((lead,))) + b"(?:" + b"|".join(branches) + b")")


def _byte_class(values: list[int]) -> bytes:
    """A regular expression character class matching exactly ``values``."""
    return b"[" + b"".join(re.escape(bytes((v,))) for v in values) + b"]"


def _sequences(
    padded: npt.NDArray[np.uint8], where: npt.NDArray[np.intp], size: int, lead: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """The code points the ``size``-byte sequences led by ``lead`` at
    ``where`` stand for, and whether each is well formed (its continuation
    bytes there, not overlong, no surrogate, not past U+10FFFF)."""
    cp = np.full(len(where), lead & (0x7F >> size), np.int64)
    whole = np.ones(len(where), bool)
    for k in range(1, size):
        following = padded[where + k]
        whole &= (following & 0xC0) == 0x80
        cp = (cp << 6) | (following & 0x3F)
    lowest = (0x80, 0x800, 0x10000)[size - 2]
    whole &= (cp >= lowest) & ((cp < 0xD800) | (cp > 0xDFFF)) & (cp <= MAX_CODE_POINT)
    return np.minimum(cp, MAX_CODE_POINT), whole


def decoding_notices(decoding: Decoding) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """The notices of a decoding's ``text`` spans: their codes and the
    character offsets (absolute, as the spans count) where they are, in order."""
    text = decoding.text
    if text.isascii():
        return np.zeros(0, np.uint8), np.zeros(0, np.int64)
    codes = notice_table()[code_points(text)]
    hit = np.flatnonzero(codes)
    if not len(hit):
        return np.zeros(0, np.uint8), np.zeros(0, np.int64)
    spans = decoding.spans
    chars = hit.astype(np.int64) + spans.char_start
    owner = np.searchsorted(spans.char_starts, chars, side="right") - 1
    in_text = spans.kinds[owner] == TEXT_CODE
    return codes[hit][in_text], chars[in_text]


def found_in_decoding(decoding: Decoding) -> Found:
    """:func:`decoding_notices` as counts, with the byte offsets where the
    first and last notice start."""
    codes, chars = decoding_notices(decoding)
    if not len(codes):
        return NONE_FOUND
    counts = np.bincount(codes, minlength=len(NOTICES) + 1).astype(np.int64)
    first = decoding.bytes_of_char(int(chars[0]))[0]
    last = decoding.bytes_of_char(int(chars[-1]))[0]
    return Found(counts, first, last)


def notice_ranges(decoding: Decoding, limit: int | None = None) -> list[tuple[int, int, Notice]]:
    """Each notice of ``decoding`` as (byte start, byte end, kind), in
    order (the first ``limit`` of them, when given)."""
    codes, chars = decoding_notices(decoding)
    if limit is not None:
        codes, chars = codes[:limit], chars[:limit]
    places = decoding.bytes_of_chars(int(char) for char in chars)
    return [
        (start, end, NOTICES[int(code) - 1])
        for (start, end), code in zip(places, codes, strict=True)
    ]

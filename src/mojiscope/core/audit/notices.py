"""Notices: characters in valid text worth a person's look, because they
change how the text displays or hide in it: bidi controls (Trojan Source,
CVE-2021-42574) and invisible characters (zero-width space and joiners, word
joiner, soft hyphen, tags, Hangul fillers...).

Which code points are notices is decided once, by :func:`notice_class`, from
:func:`mojiscope.core.words.charclass.classify`: the one place to change when
the index counts notices itself. From that set come two finders that give
the same answer: :func:`find_in_utf8` on UTF-8 bytes (byte offsets, no
decoding) and :func:`find_in_text` on decoded text (character indexes).
U+FEFF is not a notice (a signature at offset 0, see ``charclass``), nor is
U+FFFD (that is a loss, :mod:`mojiscope.core.audit.judge`).
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Iterator

from mojiscope.core.words.charclass import MAX_CODE_POINT, CharClass, classify

NOTICE_CLASSES: tuple[CharClass, ...] = (CharClass.BIDI_CONTROL, CharClass.INVISIBLE)
"""The character classes that are notices, in the order findings list them."""

_SURROGATES = range(0xD800, 0xE000)

NOTICE_PLANES = (0, 1, 14)
"""The planes that hold notices: format characters (Cf), the bidi controls and
the Hangul fillers are all in the BMP, plane 1 and plane 14 (tags). Looking
only there makes :func:`notice_points` a tenth of a full scan; a test holds
it to the full scan of the Unicode version in use."""


def notice_class(cp: int) -> CharClass | None:
    """The notice class of code point ``cp``, or None if it is not a notice."""
    classes = classify(cp)
    return next((c for c in NOTICE_CLASSES if c in classes), None)


@functools.cache
def notice_points() -> dict[int, CharClass]:
    """Every notice code point and its class (computed once)."""
    found: dict[int, CharClass] = {}
    for plane in NOTICE_PLANES:
        for cp in range(max(plane << 16, 0x80), min((plane + 1) << 16, MAX_CODE_POINT + 1)):
            if cp in _SURROGATES:
                continue
            cls = notice_class(cp)
            if cls is not None:
                found[cp] = cls
    return found


def _byte_class(values: list[int]) -> bytes:
    """A regex character class of byte values, as ranges."""
    values = sorted(values)
    out = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        lo = re.escape(bytes([values[i]]))
        out.append(lo if i == j else lo + b"-" + re.escape(bytes([values[j]])))
        i = j + 1
    return b"[" + b"".join(out) + b"]"


@functools.cache
def _utf8_pattern() -> re.Pattern[bytes]:
    """The UTF-8 encodings of every notice, grouped by all but their last byte."""
    groups: dict[bytes, list[int]] = defaultdict(list)
    for cp in notice_points():
        encoded = chr(cp).encode("utf-8")
        groups[encoded[:-1]].append(encoded[-1])
    return re.compile(
        b"|".join(re.escape(head) + _byte_class(tails) for head, tails in sorted(groups.items()))
    )


@functools.cache
def _text_pattern() -> re.Pattern[str]:
    points = sorted(notice_points())
    ranges: list[tuple[int, int]] = []
    for cp in points:
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1] = (ranges[-1][0], cp)
        else:
            ranges.append((cp, cp))
    body = "".join(
        re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
        for a, b in ranges
    )
    return re.compile(f"[{body}]")


def find_in_utf8(data: bytes, base: int = 0) -> Iterator[tuple[int, int, CharClass]]:
    """``(byte offset + base, code point, class)`` of each notice in UTF-8
    ``data`` (ill-formed bytes are passed over)."""
    if data.isascii():
        return
    points = notice_points()
    for match in _utf8_pattern().finditer(data):
        cp = ord(match.group().decode("utf-8"))
        yield match.start() + base, cp, points[cp]


def find_in_text(text: str) -> Iterator[tuple[int, int, CharClass]]:
    """``(character index, code point, class)`` of each notice in ``text``."""
    if text.isascii():
        return
    points = notice_points()
    for match in _text_pattern().finditer(text):
        cp = ord(match.group())
        yield match.start(), cp, points[cp]

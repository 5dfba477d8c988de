"""The words that describe spans, bytes and values, in one place.

The inspector panel, the legend, ``mojiscope inspect`` and the conversion
report all say what a span kind means, what a reason means, how some bytes
look in hex and which code point a value is. They say it with these
functions, so one input reads the same everywhere. Reasons are described by
:data:`~mojiscope.core.spans.event.REASON_WORDS` (kept beside the enum it
describes, so a new reason cannot be added without its words) and
re-exported here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from mojiscope.core.spans.event import REASON_WORDS, SpanKind
from mojiscope.core.words.charclass import char_name

__all__ = [
    "KIND_WORDS",
    "REASON_WORDS",
    "byte_range",
    "describe_char",
    "describe_chars",
    "describe_value",
    "hex_bytes",
    "plural",
]

#: Plain words for each span kind (legend, inspector, reports).
KIND_WORDS: dict[SpanKind, str] = {
    SpanKind.TEXT: "well-formed text",
    SpanKind.INVALID: "ill-formed bytes, replaced by U+FFFD",
    SpanKind.ESCAPE: "bytes kept losslessly as escape characters",
    SpanKind.SURROGATE: "a lone surrogate the format carries",
    SpanKind.COLLISION: "a real character from the escape range",
    SpanKind.SIGNATURE: "byte order mark or magic number at offset 0",
    SpanKind.RESERVED: "bytes reserved for a future extension",
    SpanKind.BEYOND: "a code point above U+10FFFF",
    SpanKind.WARNING: "well-formed but discouraged or risky",
}

_LAST_CODE_POINT = 0x10FFFF


def describe_char(char: str, *, named: bool = False) -> str:
    """``U+002F '/'`` (with ``named``: ``U+002F '/' SOLIDUS``). The glyph is
    left out for controls, surrogates, private-use, unassigned, format and
    separator characters other than the space, which do not print.

    >>> describe_char("/", named=True)
    "U+002F '/' SOLIDUS"
    >>> describe_char("\\u202e")
    'U+202E'
    """
    cp = ord(char)
    words = f"U+{cp:04X}"
    if unicodedata.category(char)[0] not in "CZ" or char == " ":
        words += f" {char!r}"
    return f"{words} {char_name(cp)}" if named else words


def describe_chars(chars: str, limit: int = 8) -> str:
    """Up to ``limit`` characters as :func:`describe_char` gives them, then
    the total count when there are more."""
    shown = " ".join(describe_char(c) for c in chars[:limit])
    return shown + (f" ... ({len(chars)} characters)" if len(chars) > limit else "")


#: How many alternatives a guess names before it counts the rest.
SHOWN_ALTERNATIVES = 8


def alternatives_words(alternatives: Iterable[str]) -> str:
    """What a guessed character could also have been, in words, for after
    the guess: ``or ö, ü``, or ``nothing else fits``; past
    :data:`SHOWN_ALTERNATIVES` the rest counted (a lost byte of a Han
    character may have made any of 60-odd): ``or 市, 布, … and 55 more``."""
    listed = list(alternatives)
    if not listed:
        return "nothing else fits"
    others = ", ".join(listed[:SHOWN_ALTERNATIVES])
    rest = len(listed) - SHOWN_ALTERNATIVES
    return f"or {others}" + (f" and {rest} more" if rest > 0 else "")


def describe_value(value: int, *, named: bool = False) -> str:
    """A code point in words, including values no ``str`` can hold (Corrected
    UTF-8 reaches U+8421109F): ``U+110000``, or with ``named``
    ``U+110000, above U+10FFFF (the end of Unicode)``. Within Unicode, as
    :func:`describe_char`.

    >>> describe_value(0x8421109F, named=True)
    'U+8421109F, above U+10FFFF (the end of Unicode)'
    """
    if 0 <= value <= _LAST_CODE_POINT:
        return describe_char(chr(value), named=named)
    words = f"U+{value:04X}"
    return f"{words}, above U+10FFFF (the end of Unicode)" if named else words


def hex_bytes(data: bytes, limit: int = 16, total: int | None = None) -> str:
    """``C0 AF``; a run longer than ``limit`` is cut, with its total length
    (``total``, when ``data`` holds only the first bytes of a longer run).

    >>> hex_bytes(b"\\xc0\\xaf")
    'C0 AF'
    >>> hex_bytes(bytes(20), limit=4)
    '00 00 00 00 ... (20 bytes)'
    """
    length = len(data) if total is None else total
    shown = data[:limit].hex(" ").upper()
    return shown + (f" ... ({length} bytes)" if length > limit else "")


def byte_range(start: int, end: int) -> str:
    """Bytes ``[start, end)`` as the window shows a range: in hex and
    inclusive (an empty range as its start alone).

    >>> byte_range(0x1A, 0x20), byte_range(5, 6), byte_range(7, 7)
    ('0x1A..0x1F', '0x5', '0x7')
    """
    if end - start <= 1:
        return f"0x{start:X}"
    return f"0x{start:X}..0x{end - 1:X}"


def shown_text(text: str) -> str:
    """Characters as they show, those that do not print (controls,
    surrogates, private use, format and separator characters other than the
    space) as ``<U+XXXX>``.

    >>> shown_text("caf\\xe9 \\ud800\\x85")
    'café <U+D800><U+0085>'
    """
    return "".join(
        c if unicodedata.category(c)[0] not in "CZ" or c == " " else f"<U+{ord(c):04X}>"
        for c in text
    )


def plural(count: int, noun: str) -> str:
    """A count and its noun, ``s`` added unless the count is one.

    >>> plural(1, "character"), plural(2, "character"), plural(1024, "byte")
    ('1 character', '2 characters', '1,024 bytes')
    """
    return f"{count:,} {noun}{'' if count == 1 else 's'}"

"""Reading offsets the user types, as hex editors accept them.

An *offset* (Go to, Ctrl+G) is one of:

* a number: decimal ``1234``, hex ``0x4D2``, with ``_`` separators allowed,
  and an optional binary size suffix ``K``, ``M``, ``G`` or ``T``
  (``512K`` = 524288, ``0x10M`` = 16 MiB, ``1.5M``);
* ``+n`` / ``-n``: that many bytes after or before the cursor;
* ``end`` (the last byte), or ``end-n``: n bytes before the last byte;
* ``p%``: that fraction of the way through the file (``50%``, ``12.5%``).

A *range* (``--select``) is ``START:END`` with END exclusive and optional.
"""

from __future__ import annotations

import re
from fractions import Fraction

_SUFFIXES = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_AMOUNT = re.compile(
    r"(?P<hex>0x[0-9a-f_]*)(?P<hsuf>[kmgt]?)"
    r"|(?P<dec>[0-9][0-9_]*(?:\.[0-9]+)?)(?P<dsuf>[kmgt]?)"
    r"|(?P<bare>[0-9a-f]+)",
    re.IGNORECASE,
)
_HELP = "write 1234, 0x4D2, 512K, 1.5M, +16, -0x10, end, end-100 or 50%"


class OffsetError(ValueError):
    """The text is not an offset (the message says why, in words)."""


ECHO_CHARS = 24
"""Characters of the user's text an error message repeats at most: a long
paste makes a short message (one that fits the Go to dialog)."""


FAR_OUTSIDE = 10**20
"""An offset this far outside the file is not written out in the message."""


def _cut(text: str) -> str:
    """``text`` stripped, cut after :data:`ECHO_CHARS` characters with "…"."""
    text = text.strip()
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…"


def _quoted(text: str) -> str:
    """``text`` as an error message repeats it: quoted, cut as :func:`_cut` cuts."""
    text = text.strip()
    return repr(text) if len(text) <= ECHO_CHARS else f"{text[:ECHO_CHARS]!r}…"


def _amount(text: str) -> int:
    """A byte count: decimal or 0x hex, with an optional K/M/G/T suffix."""
    match = _AMOUNT.fullmatch(text.strip())
    if match is None or not text.isascii():
        raise OffsetError(f"{_quoted(text)} is not an offset: {_HELP}")
    if match["bare"] is not None:
        raise OffsetError(
            f"{_quoted(text)} looks like hex: write it with 0x (0x{_cut(match['bare'])})"
        )
    if match["hex"] is not None:
        digits = match["hex"][2:].replace("_", "")
        if not digits:
            raise OffsetError(f"{_quoted(text)} has no hex digits after 0x")
        return int(digits, 16) * _SUFFIXES[match["hsuf"].lower()]
    number = Fraction(match["dec"].replace("_", ""))
    scaled = number * _SUFFIXES[match["dsuf"].lower()]
    if scaled.denominator != 1:
        raise OffsetError(f"{_quoted(text)} is not a whole number of bytes")
    return int(scaled)


def _percentage(text: str, size: int) -> int:
    try:
        fraction = Fraction(text.strip().removesuffix("%").strip())
    except ValueError:
        raise OffsetError(f"{_quoted(text)} is not a percentage: write 50% or 12.5%") from None
    if not 0 <= fraction <= 100:
        raise OffsetError(f"{_quoted(text)}: a percentage goes from 0% to 100%")
    return min(int(fraction * size / 100), max(size - 1, 0))


def parse_offset(text: str, current: int, size: int) -> int:
    """The byte offset ``text`` names (see the module docstring); ``current``
    is the cursor, ``size`` the file's size. Raises :class:`OffsetError`
    for bad text or an offset outside ``[0, size)``."""
    stripped = text.strip()
    lowered = stripped.lower()
    last = size - 1
    if not stripped:
        raise OffsetError(f"empty: {_HELP}")
    if lowered.endswith("%"):
        target = _percentage(stripped, size)
    elif lowered.startswith("end"):
        rest = lowered[3:].strip()
        if not rest:
            target = last
        elif rest.startswith("-"):
            target = last - _amount(rest[1:])
        else:
            raise OffsetError(f"{_quoted(stripped)}: after 'end' write -n (end-100) or nothing")
    elif stripped[0] in "+-":
        amount = _amount(stripped[1:])
        target = current + amount if stripped[0] == "+" else current - amount
    else:
        target = _amount(stripped)
    if not 0 <= target < max(size, 1):
        if abs(target) >= FAR_OUTSIDE:  # its digits alone would not fit in a line
            raise OffsetError(f"{_quoted(text)} is far outside the file (0..{max(last, 0):,})")
        where = f"{target:,}" if target < 0 else f"{target:,} (0x{target:X})"
        raise OffsetError(f"offset {where} is outside the file (0..{max(last, 0):,})")
    return target


def parse_range(text: str, size: int) -> tuple[int, int]:
    """``START:END`` (END exclusive and optional) clipped to the document."""
    start_text, sep, end_text = text.partition(":")
    if not sep:
        raise OffsetError(f"{_quoted(text)} is not a range: write START:END, e.g. 0x10:0x20")
    start = _amount(start_text)
    end = _amount(end_text) if end_text.strip() else size
    if end <= start:
        raise OffsetError(f"range {_quoted(text)} is empty: END must be greater than START")
    return min(start, size), min(end, size)

"""Reading offsets the user types: ``1234``, ``0x4D2``, ``+16``, ``-0x10``, ``START:END``."""

from __future__ import annotations

import re

_NUMBER = re.compile(r"\s*([+-]?)\s*(0[xX][0-9a-fA-F_]+|[0-9][0-9_]*|[0-9a-fA-F]+)\s*")


class OffsetError(ValueError):
    """The text is not an offset (the message says why, in words)."""


def _number(text: str) -> tuple[str, int]:
    match = _NUMBER.fullmatch(text)
    if match is None:
        raise OffsetError(
            f"{text.strip()!r} is not an offset: write decimal (1234), hex (0x4D2), "
            "or +/- for relative moves (+16, -0x10)"
        )
    sign, digits = match.groups()
    if digits[:2].lower() == "0x":
        return sign, int(digits[2:].replace("_", ""), 16)
    if digits.isdigit() or "_" in digits:
        return sign, int(digits.replace("_", ""))
    raise OffsetError(f"{digits!r} looks like hex: write it with 0x (0x{digits})")


def parse_offset(text: str, current: int, size: int) -> int:
    """The byte offset ``text`` names. ``+n``/``-n`` move from ``current``.
    Raises :class:`OffsetError` for bad text or an offset outside ``[0, size)``."""
    sign, value = _number(text)
    target = current + value if sign == "+" else current - value if sign == "-" else value
    if not 0 <= target < max(size, 1):
        raise OffsetError(
            f"offset {target} (0x{max(target, 0):X}) is outside the file (0..{size - 1})"
        )
    return target


def parse_range(text: str, size: int) -> tuple[int, int]:
    """``START:END`` (end exclusive, each decimal or 0x hex) clipped to the document."""
    start_text, sep, end_text = text.partition(":")
    if not sep:
        raise OffsetError(f"{text!r} is not a range: write START:END, e.g. 0x10:0x20")
    _, start = _number(start_text)
    _, end = _number(end_text) if end_text.strip() else ("", size)
    if end <= start:
        raise OffsetError(f"range {text!r} is empty: END must be greater than START")
    return min(start, size), min(end, size)

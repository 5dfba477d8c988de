"""Python bytes literals (``b'He\\x6c\\x6co\\n'``) inside pasted hex.

:func:`~mojiscope.core.paste.hex.parse_hex` reads a bytes literal among other
hex tokens with :func:`read_bytes_literal`, which decodes it as Python would
and raises :class:`~mojiscope.core.errors.HexParseError` at the line and
column of the first escape it cannot read.
"""

from __future__ import annotations

from mojiscope.core.errors import HexParseError

__all__ = ["HEX_DIGITS", "read_bytes_literal", "show_char"]

HEX_DIGITS = frozenset("0123456789abcdefABCDEF")

_SIMPLE_ESCAPES = {
    "\\": 0x5C,
    "'": 0x27,
    '"': 0x22,
    "a": 0x07,
    "b": 0x08,
    "f": 0x0C,
    "n": 0x0A,
    "r": 0x0D,
    "t": 0x09,
    "v": 0x0B,
}


def show_char(area: str, pos: int) -> str:
    """How an error names the character at ``pos``: quoted, or its code point."""
    if pos >= len(area):
        return "end of line"
    char = area[pos]
    if not char.isprintable():
        return f"U+{ord(char):04X}"
    return '"\'"' if char == "'" else f"'{char}'"


def read_bytes_literal(area: str, start: int, end: int, number: int, column0: int) -> bytes:
    """Decode the bytes literal ``area[start:end]`` (quotes included) as Python
    would; an error is placed at line ``number`` and at ``column0`` (the
    0-based column where ``area`` starts on that line) plus its position."""
    out = bytearray()
    pos = start + 2
    stop = end - 1
    while pos < stop:
        char = area[pos]
        if char != "\\":
            if not char.isascii():
                raise HexParseError(
                    f"found {show_char(area, pos)} in a bytes literal, expected ASCII or an escape",
                    number,
                    column0 + pos + 1,
                )
            out.append(ord(char))
            pos += 1
            continue
        code = area[pos + 1]
        if code in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[code])
            pos += 2
        elif code == "x":
            digits = area[pos + 2 : pos + 4]
            if len(digits) < 2 or any(d not in HEX_DIGITS for d in digits):
                good = next((i for i, d in enumerate(digits) if d not in HEX_DIGITS), len(digits))
                bad = pos + 2 + good
                shown = "the closing quote" if bad >= stop else show_char(area, bad)
                raise HexParseError(
                    f"found {shown}, expected two hex digits after '\\x'",
                    number,
                    column0 + bad + 1,
                )
            out.append(int(digits, 16))
            pos += 4
        elif code in "01234567":
            digits_end = pos + 1
            while digits_end < min(pos + 4, stop) and area[digits_end] in "01234567":
                digits_end += 1
            value = int(area[pos + 1 : digits_end], 8)
            if value > 0xFF:
                raise HexParseError(
                    f"found octal escape '{area[pos:digits_end]}' above \\377, "
                    "expected a byte value",
                    number,
                    column0 + pos + 1,
                )
            out.append(value)
            pos = digits_end
        else:
            raise HexParseError(
                f"found unknown escape '\\{code}' in a bytes literal, expected one of "
                "\\\\ \\' \\\" \\a \\b \\f \\n \\r \\t \\v \\xHH \\ooo",
                number,
                column0 + pos + 1,
            )
    return bytes(out)

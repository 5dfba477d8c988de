"""Words for what one byte sequence means, where a span cannot say it.

A CESU-8 surrogate pair or Modified UTF-8's ``C0 80`` is well-formed, so its
span is plain ``text`` with no reason; yet it is exactly what a user opening
a class file or an Oracle export wants explained. :func:`describe_sequence`
gives the inspector (and the command line) one line for the bytes of one
character or one span in a format: what they encode, and how that format
differs from UTF-8 there. It returns ``None`` when plain words about the
character say it all.
"""

from __future__ import annotations

import unicodedata

from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.registry import get_format

_CESU_FAMILY = ("cesu-8", "mutf-8")
_FORMAT_NAMES = {"cesu-8": "CESU-8", "mutf-8": "Modified UTF-8"}


def describe_sequence(fmt: Format | str, data: bytes) -> str | None:
    """One line saying what ``data`` (the bytes of one character or one
    span, as decoded by ``fmt``) means, for the sequences whose meaning a
    span's kind and reason do not carry; ``None`` for any other."""
    fmt = get_format(fmt)
    if fmt.id not in _CESU_FAMILY or not data:
        return None
    name = _FORMAT_NAMES[fmt.id]
    java = fmt.id == "mutf-8"
    if java and data == b"\xc0\x80":
        return (
            f"C0 80: U+0000 (NUL) in {name}'s two-byte form, so that no 00 byte "
            "appears in the string (UTF-8 writes 00)"
        )
    if java and data == b"\x00":
        return f"00: a raw NUL byte, which {name} never writes (U+0000 is C0 80)"
    units = _surrogate_units(data)
    if units is not None and len(units) == 2 and units[0] < 0xDC00 <= units[1]:
        char = 0x10000 + ((units[0] - 0xD800) << 10) + (units[1] - 0xDC00)
        return (
            f"{_hex(data)}: {_char(char)} as a surrogate pair, lead U+{units[0]:04X} "
            f"({_hex(data[:3])}) then trail U+{units[1]:04X} ({_hex(data[3:])}), "
            f"each a 3-byte sequence; UTF-8 writes it as {_hex(chr(char).encode())}"
        )
    if units is not None and len(units) == 1:
        half = "lead" if units[0] < 0xDC00 else "trail"
        if java:
            return (
                f"{_hex(data)}: the lone {half} surrogate U+{units[0]:04X}, which a Java "
                "string may hold; unpaired, it stands for no character"
            )
        return (
            f"{_hex(data)}: the {half} surrogate U+{units[0]:04X} with no partner; "
            f"{name} allows surrogates only in pairs"
        )
    return _four_byte_words(data, name)


def _four_byte_words(data: bytes, name: str) -> str | None:
    if len(data) != 4 or not 0xF0 <= data[0] <= 0xF4:
        return None
    try:
        char = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    pair = char.encode("utf-16-be")
    units = [int.from_bytes(pair[:2], "big"), int.from_bytes(pair[2:], "big")]
    written = (chr(units[0]) + chr(units[1])).encode("utf-8", "surrogatepass")
    return (
        f"{_hex(data)}: {_char(ord(char))} in UTF-8's 4-byte form, which {name} "
        f"forbids; it writes the surrogate pair {_hex(written)}"
    )


def _surrogate_units(data: bytes) -> list[int] | None:
    """The surrogates a run of 3-byte ``ED A0..BF xx`` sequences encodes, or
    ``None`` if ``data`` is not such a run."""
    if len(data) % 3 or len(data) > 6:
        return None
    units = []
    for i in range(0, len(data), 3):
        lead, second, third = data[i : i + 3]
        if lead != 0xED or not 0xA0 <= second <= 0xBF or not 0x80 <= third <= 0xBF:
            return None
        units.append(0xD000 | ((second & 0x3F) << 6) | (third & 0x3F))
    return units


def _hex(data: bytes) -> str:
    return data.hex(" ").upper()


def _char(cp: int) -> str:
    """``U+1F4A9 PILE OF POO``, or just the code point if it has no name."""
    name = unicodedata.name(chr(cp), "")
    return f"U+{cp:04X} {name}" if name else f"U+{cp:04X}"

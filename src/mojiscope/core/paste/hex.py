"""Read bytes from hex that a user pasted, in whatever shape it came.

People paste hex from everywhere: a debugger, a C array, a URL, a Python
``repr``, ``xxd``, ``hexdump -C``. :func:`parse_hex` reads all of these and
returns the bytes, or raises :class:`~mojiscope.core.errors.HexParseError`
naming the 1-based line and column of the first thing it cannot read, what
it found there and what it expected.

Grammar
-------
The text is read line by line (``\\n``, ``\\r\\n`` or ``\\r`` end a line;
columns count code points). Each line is one of:

*xxd line*
    ``[space] OFFSET ": " HEXAREA ["  " ASCII]`` where OFFSET is 8 or more hex
    digits. HEXAREA ends at the first run of two spaces; the ASCII column
    after it is checked and dropped. Example: ``00000000: 4865 6c6c 6f0a  Hello.``
    A line is an xxd line only when that ASCII column is there and shows
    exactly the area's bytes (printable ASCII as itself, anything else as
    ``.``; spaces at its ends may be lost in a paste): otherwise it is a
    plain line, and ``0011223344556677: 8899`` is ten bytes, not an offset
    and two bytes.

*hexdump -C line*
    ``[space] OFFSET "  " HEXAREA "|" ASCII "|"`` with OFFSET of 8 or more hex
    digits. Everything from the first ``|`` on is the ASCII column and is
    dropped. Example: ``00000000  48 65 6c 6c 6f 0a  |Hello.|``

*offset line*
    After a hexdump -C line, a line holding only an OFFSET (the total length
    that ``hexdump -C`` prints last) is checked and dropped; it ends the dump.

*repeat line*
    After a dump line (either kind), a line holding only ``*`` means "the
    previous line repeats until the offset of the next dump or offset line"
    (``hexdump -C`` squeezes repeated lines so, ``xxd -a`` squeezes zero lines).
    The repeats are written out.

*plain line*
    Anything else: a HEXAREA on its own.

A text whose first ``{`` comes before any quote, after nothing or a C
declaration, is a C or C++ array (``{ 0x43, 0x61 };``, ``xxd -i`` output;
see :func:`~mojiscope.core.paste.c_arrays.looks_like_c_array`) and is read by
:func:`mojiscope.core.paste.c_arrays.parse_c_array` instead, with C's rules.

A HEXAREA is a sequence of tokens:

- separators: any run of whitespace (``str.isspace``), ``,``, ``:`` or ``;``;
- a run of hex digits ``[0-9A-Fa-f]`` of even length: two digits per byte
  (``48656c``, ``48 65 6c``). A run of odd length is an error;
- ``0x`` or ``0X`` followed by an even-length run (``0x48``, ``0x4865``);
- ``\\x`` or ``\\X`` followed by exactly two hex digits (``\\x48\\x65``);
- ``%`` followed by exactly two hex digits (URL encoding, ``%48%65``);
- a Python bytes literal ``b'...'`` or ``b"..."`` on one line, holding
  ASCII characters (standing for themselves) and the escapes ``\\\\ \\' \\"
  \\a \\b \\f \\n \\r \\t \\v \\xHH \\ooo`` (``b'He\\x6c\\x6co\\n'``).

Within a dump (consecutive dump, repeat and offset lines) every offset must
follow on from the one before: a missing or reordered line is an error rather
than silently lost data. The first dump line may start at any offset.

Not understood, because nothing in the text tells them apart from the forms
above: ``xxd -e`` (little-endian groups), ``xxd -b`` (bits) and plain
``hexdump`` without ``-C`` (16-bit little-endian words; its 7-digit offsets
usually fail as odd runs).

Speed: a line with no bytes literal is checked by one regular expression and
converted by :meth:`bytes.fromhex`; the token-by-token path runs only to read
bytes literals or to locate an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mojiscope.core.errors import HexParseError
from mojiscope.core.paste.bytes_literal import HEX_DIGITS, read_bytes_literal, show_char
from mojiscope.core.paste.c_arrays import SEPARATORS, looks_like_c_array, parse_c_array

__all__ = ["DEFAULT_LIMIT", "parse_hex"]

DEFAULT_LIMIT = 256 * 1024 * 1024
"""Most bytes a paste may describe, checked after every line (``*`` repeat
lines before they are written out)."""


# One token at a position: the first alternative that matches wins.
_TOKEN = re.compile(
    r"(?P<sep>[\s,:;]+)"
    r"|0[xX](?P<pfx>(?:[0-9a-fA-F]{2})+)"
    r"|\\[xX](?P<esc>[0-9a-fA-F]{2})"
    r"|%(?P<pct>[0-9a-fA-F]{2})"
    r"|(?P<lit>[bB](?:'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"))"
    r"|(?P<run>(?:[0-9a-fA-F]{2})+)"
)
# A whole area of tokens holding no quote (so no bytes literal), tokenised
# exactly as repeated _TOKEN.match calls do: the same alternatives in the same
# order, and the possessive quantifiers never give back what they matched, so
# the fast and the slow path agree. No capturing groups: CPython 3.11's re
# raises SystemError for some captures inside possessive repeats.
_AREA = re.compile(
    r"(?:[\s,:;]"
    r"|0[xX](?:[0-9a-fA-F]{2})++"
    r"|\\[xX][0-9a-fA-F]{2}"
    r"|%[0-9a-fA-F]{2}"
    r"|(?:[0-9a-fA-F]{2})++"
    r")*+"
)


def _only_digits(area: str) -> str:
    """The hex digits of an area that _AREA accepted. There every x/X belongs
    to a 0x or \\x prefix and every % to an escape, so deleting separators,
    then the prefixes, leaves only the digits: once the separators are gone,
    the leftmost "0x" is still the prefix's own, as no digit run holds an x.
    String methods, because a regular expression substitution costs a
    Python-level match object for every byte of a long paste."""
    digits = area.translate(SEPARATORS)
    for mark in ("\\x", "\\X", "0x", "0X", "%"):
        digits = digits.replace(mark, "")
    return digits


_XXD_LINE = re.compile(r"\s*(?P<offset>[0-9a-fA-F]{8,}): ")
_HEXDUMP_LINE = re.compile(r"\s*(?P<offset>[0-9a-fA-F]{8,})  (?P<area>[^|]*)\|.*\|\s*")
_OFFSET_LINE = re.compile(r"\s*(?P<offset>[0-9a-fA-F]{8,})\s*")
_REPEAT_LINE = re.compile(r"\s*\*\s*")


def parse_hex(text: str, *, limit: int = DEFAULT_LIMIT) -> bytes:
    """Return the bytes that ``text`` spells in any form the module docstring lists.

    Raises :class:`HexParseError` (1-based line and column) at the first thing
    that is not in the grammar, or at the line that takes the text past
    ``limit`` bytes. A ``text`` that is not a ``str`` or a ``limit`` that is
    not an int is a :class:`TypeError`; a negative ``limit`` a :class:`ValueError`.

    >>> parse_hex("43 61 66 C3 A9")
    b'Caf\\xc3\\xa9'
    >>> parse_hex("0x43, 0x61, 0x66, 0xC3, 0xA9")
    b'Caf\\xc3\\xa9'
    >>> parse_hex("43 6G")
    Traceback (most recent call last):
    ...
    mojiscope.core.errors.HexParseError: line 1, column 5: ...
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise TypeError(f"limit must be an int, not {type(limit).__name__}")
    if limit < 0:
        raise ValueError(f"limit must not be negative, not {limit}")
    if looks_like_c_array(text):
        return parse_c_array(text, limit=limit)
    reader = _Reader(limit)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        reader.read_line(line, number)
    reader.finish()
    return bytes(reader.out)


@dataclass
class _Dump:
    """Where we are inside a run of dump lines."""

    kind: str  # "xxd" or "hexdump"
    next_offset: int  # the offset the next dump line must have
    last_line: bytes  # what a "*" line repeats
    repeat_line: int = 0  # line number of a pending "*", or 0


class _Reader:
    def __init__(self, limit: int) -> None:
        self.out = bytearray()
        self.limit = limit
        self.dump: _Dump | None = None

    def read_line(self, line: str, number: int) -> None:
        if not line.strip():
            return
        before = len(self.out)
        self._read_any_line(line, number)
        if len(self.out) > self.limit:
            raise HexParseError(
                f"found byte {self.limit + 1} on this line ({len(self.out) - before} bytes), "
                f"which makes the data longer than the limit of {self.limit} bytes",
                number,
                1,
            )

    def _read_any_line(self, line: str, number: int) -> None:
        if (match := _XXD_LINE.match(line)) and (area := _xxd_area(line, match)):
            self._dump_line("xxd", line, number, match.start("offset"), *area)
        elif match := _HEXDUMP_LINE.fullmatch(line):
            start, end = match.span("area")
            self._dump_line("hexdump", line, number, match.start("offset"), start, end)
        elif _REPEAT_LINE.fullmatch(line) and self.dump is not None:
            if self.dump.repeat_line:
                raise HexParseError("found a second '*' line, expected a dump line", number, 1)
            self.dump.repeat_line = number
        elif (
            (match := _OFFSET_LINE.fullmatch(line))
            and self.dump is not None
            and self.dump.kind == "hexdump"
        ):
            # hexdump -C ends with the total length: the dump is over.
            self._reach_offset(line, number, match.start("offset"))
            self.dump = None
        else:
            self._leave_dump()
            self._read_area(line, 0, len(line), number)

    def finish(self) -> None:
        self._leave_dump()

    def _dump_line(
        self, kind: str, line: str, number: int, offset_at: int, start: int, end: int
    ) -> None:
        if self.dump is not None and self.dump.kind != kind:
            self._leave_dump()
        if self.dump is None:
            self.dump = _Dump(kind, int(_offset_digits(line, offset_at), 16), b"")
        self._reach_offset(line, number, offset_at)
        before = len(self.out)
        self._read_area(line, start, end, number)
        self.dump.last_line = bytes(self.out[before:])
        self.dump.next_offset += len(self.dump.last_line)

    def _reach_offset(self, line: str, number: int, offset_at: int) -> None:
        """Check a dump line's offset, writing out the repeats a '*' stands for."""
        assert self.dump is not None
        dump = self.dump
        offset = int(_offset_digits(line, offset_at), 16)
        gap = offset - dump.next_offset
        column = offset_at + 1
        if dump.repeat_line:
            unit = len(dump.last_line)
            if unit == 0 or gap < 0 or gap % unit:
                raise HexParseError(
                    f"found offset {offset:08x}, expected {dump.next_offset:08x} plus a whole "
                    f"number of repeated {unit}-byte lines",
                    number,
                    column,
                )
            if len(self.out) + gap > self.limit:
                raise HexParseError(
                    f"found offset {offset:08x}, which makes the data longer than the "
                    f"limit of {self.limit} bytes",
                    number,
                    column,
                )
            self.out += dump.last_line * (gap // unit)
            dump.next_offset = offset
            dump.repeat_line = 0
        elif gap:
            raise HexParseError(
                f"found offset {offset:08x}, expected {dump.next_offset:08x} "
                "(is a line missing or out of order?)",
                number,
                column,
            )

    def _leave_dump(self) -> None:
        if self.dump is not None and self.dump.repeat_line:
            raise HexParseError(
                "found '*' (repeated lines) with no offset after it, expected a dump line "
                "or offset line that says where the repeat ends",
                self.dump.repeat_line,
                1,
            )
        self.dump = None

    def _read_area(self, line: str, start: int, end: int, number: int) -> None:
        self.out += _area_bytes(line[start:end], number, start)


def _area_bytes(area: str, number: int, start: int) -> bytes:
    """The bytes a HEXAREA spells; ``number`` and ``start`` (the area's
    column, 0-based) place an error."""
    if "'" not in area and '"' not in area and _AREA.fullmatch(area):
        return bytes.fromhex(_only_digits(area))
    out = bytearray()
    pos = 0
    while pos < len(area):
        match = _TOKEN.match(area, pos)
        if match is None:
            message, at = _diagnose(area, pos)
            raise HexParseError(message, number, start + at + 1)
        kind = match.lastgroup
        if kind == "lit":
            out += read_bytes_literal(area, pos, match.end(), number, start)
        elif kind is not None and kind != "sep":
            out += bytes.fromhex(match[kind])
        pos = match.end()
    return bytes(out)


def _xxd_area(line: str, match: re.Match[str]) -> tuple[int, int] | None:
    """Where the hex area of an xxd line is, if ``line`` is one: after the
    offset, an area of hex, then two spaces and the ASCII column that xxd
    prints for exactly those bytes (spaces at either end of it may be lost
    in a paste). Anything else (``0011223344556677: 8899``) is not a dump
    line but plain hex, so that no bytes are silently taken for an offset."""
    start = match.end()
    end = line.find("  ", start)
    if end < 0:
        return None
    try:
        data = _area_bytes(line[start:end], 0, start)
    except HexParseError:
        return None
    shown = "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in data)
    if not data or line[end:].strip(" ") != shown.strip(" "):
        return None
    return start, end


def _offset_digits(line: str, at: int) -> str:
    end = at
    while end < len(line) and line[end] in HEX_DIGITS:
        end += 1
    return line[at:end]


def _diagnose(area: str, pos: int) -> tuple[str, int]:
    """Say what is wrong at ``pos``, where no token matches; return (message, position)."""
    char = area[pos]
    pair = area[pos : pos + 2]
    if char == "%" or pair in ("\\x", "\\X"):
        lead = "%" if char == "%" else pair
        first = pos + len(lead)
        bad = next((i for i in range(first, first + 2) if _not_hex(area, i)), first)
        return f"found {show_char(area, bad)}, expected two hex digits after '{lead}'", bad
    if pair in ("0x", "0X"):
        digits_start = pos + 2
        if _not_hex(area, digits_start):
            return f"found {show_char(area, digits_start)}, expected hex digits after '{pair}'", (
                digits_start
            )
        return _diagnose_run(area, digits_start)
    if char in "bB" and area[pos + 1 : pos + 2] in ("'", '"'):
        quote = area[pos + 1]
        return (
            f"found end of line inside a bytes literal, expected its closing quote ({quote})",
            len(area),
        )
    if char in HEX_DIGITS:
        return _diagnose_run(area, pos)
    if char == "\\":
        return f"found {show_char(area, pos)}, expected a hex digit or a '\\x' escape", pos
    return f"found {show_char(area, pos)}, expected a hex digit", pos


def _diagnose_run(area: str, pos: int) -> tuple[str, int]:
    """``pos`` is a hex digit where no token matches: the run it is in is odd or ends badly."""
    start = pos
    while start > 0 and area[start - 1] in HEX_DIGITS and not _escape_digits_end(area, start):
        start -= 1
    end = pos
    while end < len(area) and area[end] in HEX_DIGITS:
        end += 1
    after = end < len(area) and not _TOKEN.match(area, end)
    if after:
        return _diagnose(area, end)
    run = area[start:end]
    return (
        f"found an odd number of hex digits ({len(run)}) in '{run}', expected two per byte",
        start,
    )


def _escape_digits_end(area: str, pos: int) -> bool:
    """True when the two digits before ``pos`` belong to a ``\\xHH`` or ``%HH`` escape."""
    if pos >= 3 and area[pos - 3] == "%":
        return True
    return pos >= 4 and area[pos - 4 : pos - 2] in ("\\x", "\\X")


def _not_hex(area: str, pos: int) -> bool:
    return pos >= len(area) or area[pos] not in HEX_DIGITS

"""CSV and TSV as the segment map reads them: records, fields, columns.

A table's rows went through programs one by one (Excel saved some, a script
others), so the segment map (``segments.py``) judges a table record by
record and, where a record is only partly misread, field by field. This
module knows the shape of such files, in bytes and byte offsets:

* :func:`sniff_table` looks at the first lines and says whether the text is
  a table, with which delimiter (``,``, ``;``, TAB or ``|``: the one that
  cuts most lines into the same number of fields, at least two) and the
  header's names (none when the first record holds a number or non-ASCII
  bytes: it is data, and columns go by number);
* :func:`fields` cuts one record into fields, RFC 4180 style: a field in
  double quotes may hold the delimiter, line ends and doubled quotes; a
  stray quote inside an unquoted field is kept as text;
* :func:`quoted_line_ends` says whether a stretch of the file holds a line
  end inside quotes (a record of several lines) and, only then, where the
  records end (:func:`record_ends`).

Everything here is bytes: every delimiter, quote and line end is ASCII,
which no UTF-8 sequence and no misreading of one contains, so a misread
field is cut where the original was.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

import numpy as np

#: Delimiters tried, in order of preference when two fit as well.
DELIMITERS = b",;\t|"
#: Lines looked at to sniff a table.
SNIFF_LINES = 50
QUOTE = 0x22
_NUMBER = re.compile(rb"[-+]?[0-9][0-9.,]*")
_KEEP_QUOTES_AND_ENDS = bytes(b for b in range(256) if b not in (QUOTE, 0x0A))


@dataclass(frozen=True)
class TableShape:
    """A table: its delimiter (one byte) and the names of its columns (the
    first record's fields, decoded as UTF-8 with replacement)."""

    delimiter: int
    header: tuple[str, ...]

    @property
    def name(self) -> str:
        """``CSV (;)``, ``TSV``: what the table is, in words."""
        if self.delimiter == 0x09:
            return "TSV"
        return f"CSV ({chr(self.delimiter)})"

    def column_name(self, column: int) -> str:
        """The header's name for ``column`` (counted from 0), or its number."""
        if 0 <= column < len(self.header) and self.header[column].strip():
            return self.header[column].strip()
        return f"column {column + 1}"


def _field_pattern(delimiter: int) -> re.Pattern[bytes]:
    d = re.escape(bytes([delimiter]))
    return re.compile(b'"(?:[^"]|"")*"(?=' + d + b"|\\r?\\n|\\r|$)|[^" + d + b"\\r\\n]*")


_PATTERNS: dict[int, re.Pattern[bytes]] = {}


def fields(record: bytes, delimiter: int) -> list[tuple[int, int]]:
    """The fields of one record as byte ranges ``[start, end)`` of
    ``record`` (without delimiters, quotes kept, the record's line end
    excluded). An empty record is one empty field."""
    end = len(record)
    if record.endswith(b"\n"):
        end -= 2 if record.endswith(b"\r\n") else 1
    pieces = record[:end].split(bytes([delimiter]))
    if QUOTE in record:
        requoted = _requoted(pieces, delimiter)
        if requoted is None:
            return _fields_by_pattern(record, delimiter, end)
        pieces = requoted
    out: list[tuple[int, int]] = []
    position = 0
    for value in pieces:
        out.append((position, position + len(value)))
        position += len(value) + 1
    return out


def _requoted(pieces: list[bytes], delimiter: int) -> list[bytes] | None:
    """Pieces cut at every delimiter joined back where a quoted field held
    delimiters (a piece opening a quote with an odd number of quotes runs
    on); ``None`` for quotes that do not open fields (left to the pattern)."""
    out: list[bytes] = []
    open_field: list[bytes] | None = None
    for piece in pieces:
        if open_field is not None:
            open_field.append(piece)
            if piece.count(b'"') % 2 == 1:
                out.append(bytes([delimiter]).join(open_field))
                open_field = None
            continue
        quotes = piece.count(b'"')
        if quotes and not piece.startswith(b'"'):
            return None
        if quotes % 2 == 1:
            open_field = [piece]
        else:
            out.append(piece)
    if open_field is not None:
        return None
    return out


def _fields_by_pattern(record: bytes, delimiter: int, end: int) -> list[tuple[int, int]]:
    pattern = _PATTERNS.get(delimiter)
    if pattern is None:
        pattern = _PATTERNS[delimiter] = _field_pattern(delimiter)
    out: list[tuple[int, int]] = []
    position = 0
    while True:
        match = pattern.match(record, position, end)
        assert match is not None  # the second branch matches the empty string
        stop = match.end()
        if stop < end and record[stop] != delimiter:  # a stray quote: take it as text
            stop = record.find(bytes([delimiter]), stop, end)
            stop = end if stop < 0 else stop
        out.append((position, stop))
        if stop >= end:
            return out
        position = stop + 1


def _count_fields(line: bytes, delimiter: int) -> int:
    return len(fields(line, delimiter))


def sniff_table(head: bytes) -> TableShape | None:
    """The table ``head`` (the first bytes of a file) starts, or ``None``.

    A delimiter fits when at least 90% of the first :data:`SNIFF_LINES`
    complete lines have the same number of fields, at least two, with it;
    of those that fit, the one making the most fields wins. Lines inside
    quotes are joined first, so a quoted line end does not spoil the count."""
    cut = head.rfind(b"\n")
    if cut < 0:
        return None
    records = _records(head[: cut + 1])[:SNIFF_LINES]
    if len(records) < 2:
        return None
    best: tuple[int, int] | None = None
    for delimiter in DELIMITERS:
        counts = Counter(_count_fields(r, delimiter) for r in records)
        width, seen = counts.most_common(1)[0]
        if width >= 2 and seen >= 0.9 * len(records) and (best is None or width > best[1]):
            best = (delimiter, width)
    if best is None:
        return None
    delimiter = best[0]
    first = records[0]
    names = [first[a:b].strip(b'"') for a, b in fields(first, delimiter)]
    if any(_NUMBER.fullmatch(name.strip()) for name in names) or not first.isascii():
        return TableShape(delimiter, ())  # a record of data, not names: columns go by number
    return TableShape(delimiter, tuple(name.decode("utf-8", "replace") for name in names))


def _records(data: bytes) -> list[bytes]:
    """``data`` (whole lines) cut into records, quoted line ends kept inside."""
    ends = record_ends(data)
    starts = [0, *(e for e in ends[:-1])]
    return [data[a:b] for a, b in zip(starts, ends, strict=True) if b > a]


def quoted_line_ends(data: bytes) -> bool:
    """Whether ``data`` (starting outside quotes) holds a line end inside
    double quotes, or ends inside them. Fast: only the quotes and line ends
    are kept (in C), and doubled quotes, which change nothing, are dropped."""
    if QUOTE not in data:
        return False
    kept = data.translate(None, _KEEP_QUOTES_AND_ENDS)
    while b'""' in kept:
        kept = kept.replace(b'""', b"")
    return QUOTE in kept


def record_ends(data: bytes) -> list[int]:
    """Where the records of ``data`` (starting outside quotes) end: just
    after each line end outside quotes, and at the end of ``data`` if it
    does not end with one."""
    arr = np.frombuffer(data, np.uint8)
    line_ends = np.flatnonzero(arr == 0x0A)
    if QUOTE in data:
        quotes = np.flatnonzero(arr == QUOTE)
        inside = np.searchsorted(quotes, line_ends) % 2 == 1
        line_ends = line_ends[~inside]
    ends = (line_ends + 1).tolist()
    if not ends or ends[-1] != len(data):
        ends.append(len(data))
    return [e for e in ends if e > 0]

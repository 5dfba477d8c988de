"""Byte offsets as a person counts them: a line (from 1) and a column (from 1,
in code points of the line decoded with the file's encoding), as code hosts
place an annotation.

Lines end at LF (a CRLF file's CR is the line's last character; in UTF-16
and UTF-32, LF in that form, counted at any alignment). The
newlines before an offset are counted in chunks of :data:`CHUNK` bytes, so
locating an offset deep in a large file reads up to it once, in bounded
memory, and several offsets are located in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable

from mojiscope.core.audit.findings import Location
from mojiscope.core.system.source import Source

CHUNK = 1 << 20
LINE_LOOK_BACK = 1 << 16
"""The most bytes of a line before an offset decoded for its column; past
that the column counts bytes."""


def locate(source: Source, offsets: Iterable[int], encoding: str = "utf-8") -> dict[int, Location]:
    """Each offset's :class:`Location` (offsets past the end are clipped)."""
    wanted = sorted(set(offsets))
    newline = _newline(encoding)
    found: dict[int, Location] = {}
    line = 1
    line_start = 0
    position = 0
    size = len(source)
    for offset in wanted:
        offset_clipped = min(max(offset, 0), size)
        while position < offset_clipped:
            end = min(position + CHUNK, offset_clipped)
            piece = source.read(position, end)
            newlines = piece.count(newline)
            if newlines:
                line += newlines
                line_start = position + piece.rindex(newline) + len(newline)
            position = end
        column = _column(source, line_start, offset_clipped, encoding)
        found[offset] = Location(offset, line, column)
    return found


def _newline(encoding: str) -> bytes:
    if encoding.startswith(("utf-16", "utf-32")):
        return "\n".encode(encoding.replace("utf-16", "utf-16-").replace("utf-32", "utf-32-"))
    return b"\n"


def _column(source: Source, line_start: int, offset: int, encoding: str) -> int:
    if offset - line_start > LINE_LOOK_BACK:
        return offset - line_start + 1
    before = source.read(line_start, offset)
    if before.isascii():
        return len(before) + 1
    try:
        return len(before.decode(encoding, "replace")) + 1
    except LookupError:
        return len(before) + 1

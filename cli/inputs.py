"""The bytes a command reads: a file, standard input, or hex on the command line.

Every command streams: a file is read with ordinary buffered reads, not a
memory map (a map counts every page read so far in the process's resident
memory, so a 1 GB file would cost 1 GB), standard input is read as it comes,
and nothing holds the whole input. Starting at ``--offset`` snaps back to
the format's resynchronisation point (:meth:`Format.resync`): for a file it
looks at the file itself (a memory map touching one page); for standard
input the bytes before the offset are skipped, keeping the last
:data:`LOOKBEHIND` of them to resynchronise in.
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, Self

from mojiscope.cli.errors import UsageError
from mojiscope.core import FileSource, Format, Source

#: Bytes kept before ``--offset`` on standard input to resynchronise in.
LOOKBEHIND = 1 << 16


class _WindowSource(Source):
    """Bytes ``[base, base + len(data))`` of a larger stream, with absolute
    offsets; reads outside the window are clipped to it."""

    def __init__(self, base: int, data: bytes, name: str) -> None:
        self.base = base
        self.data = data
        self.name = name

    def __len__(self) -> int:
        return self.base + len(self.data)

    def read(self, start: int, end: int) -> bytes:
        lo = min(max(start - self.base, 0), len(self.data))
        hi = min(max(end - self.base, lo), len(self.data))
        return self.data[lo:hi]


@dataclass
class ByteInput:
    """An open input: ``stream`` is read from ``position``; ``size`` is known
    for files and hex, ``None`` for standard input."""

    name: str
    stream: BinaryIO
    size: int | None
    path: str | None = None
    position: int = 0
    _pushback: bytes = field(default=b"", repr=False)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.path is not None:
            self.stream.close()

    def read(self, size: int) -> bytes:
        """Up to ``size`` bytes (fewer only at the end of the input)."""
        if self._pushback:
            data, self._pushback = self._pushback[:size], self._pushback[size:]
            if len(data) < size:
                data += self.stream.read(size - len(data))
        else:
            data = self.stream.read(size)
        self.position += len(data)
        return data

    def chunks(self, size: int) -> Iterator[bytes]:
        while chunk := self.read(size):
            yield chunk

    def start_at(self, fmt: Format, offset: int) -> int:
        """Position the input at the resynchronisation point at or before
        ``offset`` and return it. Raises :class:`UsageError` if ``offset`` is
        past the end of a file."""
        if self.size is not None and offset > self.size:
            size = f"{self.size} bytes"
            raise UsageError(f"--offset {offset} is past the end of {self.name} ({size})")
        if offset == 0:
            return 0
        if self.path is not None and self.size is not None:  # a regular file
            with FileSource(self.path) as source:
                start = fmt.resync(source, offset)
            self.stream.seek(start)
            self.position = start
            return start
        return self._start_in_stream(fmt, offset)

    def _start_in_stream(self, fmt: Format, offset: int) -> int:
        base = max(0, offset - LOOKBEHIND)
        while self.position < base:
            if not self.read(min(1 << 20, base - self.position)):
                break
        window = self.read(offset - base + LOOKBEHIND) if self.position == base else b""
        if base + len(window) < offset:
            ended = self.position
            raise UsageError(f"--offset {offset} is past the end of {self.name} ({ended} bytes)")
        start = max(base, fmt.resync(_WindowSource(base, window, self.name), offset))
        self._pushback = window[start - base :] + self._pushback
        self.position = start
        return start


def open_input(file: str | None, hex_text: str | None) -> ByteInput:
    """Open ``FILE``, ``-`` (standard input) or ``--hex`` text. Raises
    :class:`OSError` for an unreadable file and
    :class:`~mojiscope.core.HexParseError` for bad hex."""
    if hex_text is not None:
        from mojiscope.core.hexparse import parse_hex

        data = parse_hex(hex_text)
        return ByteInput("<hex>", io.BytesIO(data), len(data))
    if file is None or file == "-":
        return ByteInput("<stdin>", sys.stdin.buffer, None)
    stream = open(file, "rb")  # noqa: SIM115 - closed by ByteInput.__exit__
    try:
        size = _file_size(stream)
    except OSError:
        stream.close()
        raise
    return ByteInput(file, stream, size, path=file)


def _file_size(stream: BinaryIO) -> int | None:
    """The size of a regular file; ``None`` for a pipe or device."""
    info = os.fstat(stream.fileno())
    return info.st_size if stat.S_ISREG(info.st_mode) else None

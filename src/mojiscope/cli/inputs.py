"""The bytes a command reads: a file, standard input, or hex on the command line.

Every command streams: a file is read with ordinary buffered reads, not a
memory map (a map counts every page read so far in the process's resident
memory, so a 1 GB file would cost 1 GB), standard input is read as it comes,
and nothing holds the whole input. Starting at ``--offset`` snaps back to
the format's resynchronisation point (:meth:`Format.resync`): for a file it
looks at the file itself (a memory map touching one page). Standard input cannot seek, so it is
decoded from its first byte instead
(:func:`mojiscope.core.codecs.stream_offset.decode_from`).
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO, Self

from mojiscope.cli.errors import UsageError
from mojiscope.core import FileSource, Format
from mojiscope.core.system.source import open_regular_file


@dataclass
class ByteInput:
    """An open input: ``stream`` is read from ``position``; ``size`` is known
    for files and hex, ``None`` for standard input."""

    name: str
    stream: BinaryIO
    size: int | None
    path: str | None = None
    position: int = 0

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.path is not None:
            self.stream.close()

    def read(self, size: int) -> bytes:
        """Up to ``size`` bytes (fewer only at the end of the input)."""
        data = self.stream.read(size)
        self.position += len(data)
        return data

    def chunks(self, size: int) -> Iterator[bytes]:
        while chunk := self.read(size):
            yield chunk

    @property
    def seekable(self) -> bool:
        """True for a regular file, which :meth:`start_at` can seek in."""
        return self.path is not None and self.size is not None

    def reading_of(self, fmt: Format) -> Format:
        """:meth:`Format.reading_of` this regular file (``fmt`` for any other input)."""
        if self.path is None or not self.size:
            return fmt
        with FileSource(self.path) as source:
            return fmt.reading_of(source)

    def start_at(self, fmt: Format, offset: int) -> int:
        """Position a regular file at the resynchronisation point at or before
        ``offset`` and return it; at the very end, the end (no span holds
        it). Raises :class:`UsageError` if ``offset`` is past the end."""
        if self.size is not None and offset > self.size:
            size = f"{self.size} bytes"
            raise UsageError(f"--offset {offset} is past the end of {self.name} ({size})")
        if offset == 0:
            return 0
        if self.path is None or self.size is None:
            raise ValueError("only a regular file can start at an offset; decode a stream from 0")
        start = offset
        if offset < self.size:
            with FileSource(self.path) as source:
                start = fmt.resync(source, offset)
        self.stream.seek(start)
        self.position = start
        return start


def open_input(file: str | None, hex_text: str | None) -> ByteInput:
    """Open ``FILE``, ``-`` (standard input) or ``--hex`` text. Raises
    :class:`OSError` for an unreadable file and
    :class:`~mojiscope.core.HexParseError` for bad hex."""
    if hex_text is not None:
        from mojiscope.core.paste.hex import parse_hex

        data = parse_hex(hex_text)
        return ByteInput("<hex>", io.BytesIO(data), len(data))
    if file is None or file == "-":
        return ByteInput("<stdin>", sys.stdin.buffer, None)
    # A FIFO, device or socket is refused at once (opening one could wait
    # for a writer forever); standard input is `-`.
    stream = open_regular_file(file)
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

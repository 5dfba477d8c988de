"""The input of a conversion: what may be converted, read in chunks.

A conversion reads a :class:`~mojiscope.core.system.source.Source`, bytes, a file
path or a binary stream, :func:`iter_chunks` at a time, in bounded memory.
A regular file whose size changes while it is read (cut short or grown by
another program) is reported with :class:`SourceChangedError`, naming the
offset where reading ended: the bytes converted are then not the file as it
is. The engine (:mod:`mojiscope.core.conversion.engine`) chooses the chunk
sizes.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from typing import Protocol

from mojiscope.core.errors import MojiscopeError
from mojiscope.core.system.page_cache import forget_cached, page_in_memory, worth_releasing
from mojiscope.core.system.source import Source

#: Bytes read per chunk unless the caller says otherwise. Random bytes decode
#: to about one span per 1.5 bytes; at this size a chunk's spans and
#: temporaries stay well under 50 MB.
CHUNK_SIZE = 1 << 18


class SourceChangedError(MojiscopeError, ValueError):
    """The input file changed size while it was being read: the bytes
    converted are not the file as it is (``offset`` is where reading ended)."""

    def __init__(self, name: str, size_before: int, size_after: int, offset: int) -> None:
        self.name, self.offset = name, offset
        self.size_before, self.size_after = size_before, size_after
        super().__init__(
            f"{name} changed while it was read: it had {size_before:,} bytes, has "
            f"{size_after:,} now, and reading ended at byte offset {offset:,}"
        )

    def __reduce__(self) -> tuple[type[SourceChangedError], tuple[str, int, int, int]]:
        """Pickled with its own arguments (it crosses from a child process)."""
        return (type(self), (self.name, self.size_before, self.size_after, self.offset))


class _Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


Input = Source | bytes | bytearray | memoryview | str | os.PathLike[str] | _Readable


ChunkSize = int | Callable[[], int]


def iter_chunks(source: Input, chunk_size: ChunkSize = CHUNK_SIZE) -> Iterator[bytes]:
    """The bytes of ``source`` in order, ``chunk_size`` at a time (or, if it
    is a function, as many as it returns before each read).

    ``str`` and path-likes are file paths (read, not mapped: a memory map
    would count every page read so far in the process's resident memory);
    objects with ``read`` are binary streams; a :class:`Source` is sliced.
    A regular file (by path or as an open file) whose size changes while it
    is read raises :class:`SourceChangedError` after its last chunk; a large
    one not cached (:func:`~mojiscope.core.system.page_cache.worth_releasing`) is not
    kept cached as it goes (each chunk's pages may go once the next is
    asked for).
    """
    if isinstance(source, str | os.PathLike):
        with open(source, "rb", buffering=0) as file:  # no read-ahead: offsets exact
            yield from iter_chunks(file, chunk_size)
        return
    size = _sizer(chunk_size)
    fd = _file_descriptor(source)
    if fd is not None:
        yield from _iter_file_chunks(source, fd, size)  # type: ignore[arg-type]
    elif isinstance(source, Source):
        start = 0
        while start < len(source):
            chunk = source.read(start, start + size())
            start += len(chunk)
            yield chunk
    elif isinstance(source, bytes | bytearray | memoryview):
        view = memoryview(source).cast("B")
        start = 0
        while start < len(view):
            chunk = bytes(view[start : start + size()])
            start += len(chunk)
            yield chunk
    else:
        while chunk := source.read(size()):
            yield chunk


def _sizer(chunk_size: ChunkSize) -> Callable[[], int]:
    if callable(chunk_size):
        return chunk_size
    return lambda: chunk_size


def _file_descriptor(source: object) -> int | None:
    """The descriptor of an open file object, ``None`` for anything else."""
    fileno = getattr(source, "fileno", None)
    if fileno is None or isinstance(source, Source):
        return None
    try:
        return int(fileno())
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        return None


def _regular_size(fd: int) -> int | None:
    info = os.fstat(fd)
    return info.st_size if stat.S_ISREG(info.st_mode) else None


def _iter_file_chunks(file: _Readable, fd: int, size: Callable[[], int]) -> Iterator[bytes]:
    """An open file's chunks; for a regular file, check that its size stayed
    what it was when reading began (a file cut or grown under the reader)."""
    size_before = _regular_size(fd)
    tell = getattr(file, "tell", None)
    offset = int(tell()) if size_before is not None and tell is not None else 0
    passing = size_before is not None and worth_releasing(
        size_before, lambda offset: page_in_memory(fd, offset)
    )
    while chunk := file.read(size()):
        offset += len(chunk)
        yield chunk
        if passing:  # converted: its cached pages may go
            forget_cached(fd, offset - len(chunk), offset)
    if size_before is None:
        return
    size_after = _regular_size(fd)
    if size_after != size_before or offset != size_before:
        name = str(getattr(file, "name", "the input"))
        raise SourceChangedError(name, size_before, size_after or 0, offset)

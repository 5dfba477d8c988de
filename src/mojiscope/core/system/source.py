"""The bytes being inspected: an in-memory buffer or a memory-mapped file.

A :class:`Source` never reads a whole large file: :class:`FileSource` maps it
and hands out slices, so the operating system pages in only what is looked at.
"""

from __future__ import annotations

import contextlib
import errno
import mmap
import os
import stat
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, Self

from mojiscope.core.system.page_cache import forget_cached, page_in_memory


class Source(ABC):
    """Random access to a run of bytes. Slices past the end are clipped."""

    name: str
    #: Whether the bytes grew fewer while they were read (only a file's can).
    shrunk: bool = False

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def read(self, start: int, end: int) -> bytes:
        """Bytes ``[start, end)``, clipped to the source."""

    def close(self) -> None:  # noqa: B027 - a no-op by default is the contract
        """Release what the source holds; reading after closing is an error."""

    def in_memory(self, offset: int) -> bool:
        """Whether reading the byte at ``offset`` needs nothing read in
        first (a source held in memory: always)."""
        return True

    def release(self, start: int, end: int, *, keep_cached: bool = False) -> None:  # noqa: B027 - a no-op by default
        """The caller is done with bytes ``[start, end)`` for now (a scan has
        passed them): a source backed by a file lets the operating system
        drop their pages (from this process only, when ``keep_cached``: the
        system's cache keeps them for whoever reads them next). Reading them
        again stays correct, only slower."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class BytesSource(Source):
    """Bytes held in memory (pasted hex, a test vector)."""

    def __init__(self, data: bytes, name: str = "<bytes>") -> None:
        self._data = bytes(data)
        self.name = name

    def __len__(self) -> int:
        return len(self._data)

    def read(self, start: int, end: int) -> bytes:
        return self._data[max(start, 0) : max(end, 0)]


class FileSource(Source):
    """A file mapped into memory, read-only. An empty file maps to nothing.

    Opening costs the same for 1 KB and 1 GB: nothing is read until sliced.
    Raises :class:`OSError` (with the path) if the file cannot be opened.

    If another program truncates the file while it is mapped, touching a
    page past the new end would kill the process (SIGBUS); so every read
    first checks the file's current size and reads no further than it.
    ``shrunk`` then turns true, and the lost bytes read as missing.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.name = str(self.path)
        self.shrunk = False
        self._file = open_regular_file(self.path)
        try:
            size = os.fstat(self._file.fileno()).st_size
            self._size = size
            self._map: mmap.mmap | None = (
                mmap.mmap(self._file.fileno(), 0, access=mmap.ACCESS_READ) if size else None
            )
        except BaseException:
            self._file.close()
            raise

    def __len__(self) -> int:
        return self._size

    def read(self, start: int, end: int) -> bytes:
        if self._map is None:
            return b""
        limit = self._size
        now = os.fstat(self._file.fileno()).st_size
        if now < limit:
            self.shrunk = True
            limit = now
        start = min(max(start, 0), limit)
        end = min(max(end, start), limit)
        return self._map[start:end]

    def in_memory(self, offset: int) -> bool:
        """:func:`page_in_memory` for this file."""
        return page_in_memory(self._file.fileno(), offset)

    def release(self, start: int, end: int, *, keep_cached: bool = False) -> None:
        """Drop the pages of ``[start, end)`` (widened to whole pages) from this
        process's mapping and, unless ``keep_cached``, from the page cache,
        where no other process maps them (see
        :mod:`~mojiscope.core.system.page_cache`), so that a pass over a file
        larger than memory reuses the same few pages. Kept cached, they
        leave this process's resident memory only: a pass over two files
        holds neither in its memory however large they are, and the files
        stay cached for the next reader."""
        if self._map is None:
            return
        page = mmap.PAGESIZE
        lo = max(start, 0) // page * page
        hi = min(-(-max(end, 0) // page) * page, len(self._map))
        if hi <= lo:
            return
        if hasattr(mmap, "MADV_DONTNEED"):
            with contextlib.suppress(OSError):  # advice only: else it reads as before
                self._map.madvise(mmap.MADV_DONTNEED, lo, hi - lo)
        if not keep_cached:
            forget_cached(self._file.fileno(), lo, hi)

    def close(self) -> None:
        if self._map is not None:
            self._map.close()
            self._map = None
            self._size = 0
        self._file.close()


_FILE_TYPES = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def not_regular_reason(mode: int) -> str | None:
    """What a file of this ``st_mode`` is, if it is not a regular file."""
    for test, words in _FILE_TYPES:
        if test(mode):
            return words
    return None if stat.S_ISREG(mode) else "not a regular file"


def open_regular_file(path: str | os.PathLike[str]) -> BinaryIO:
    """Open ``path`` for reading, refusing at once anything but a regular file.

    The file is opened without blocking, so a FIFO with no writer cannot
    freeze the caller, and checked with ``fstat`` on what was opened (no
    race between a check and the open). Raises :class:`OSError` naming the
    path: ``IsADirectoryError`` for a folder, ``EINVAL`` with the kind of
    file otherwise.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        reason = not_regular_reason(mode)
        if reason == "a directory":
            raise IsADirectoryError(errno.EISDIR, "Is a directory", os.fspath(path))
        if reason is not None:
            raise OSError(errno.EINVAL, f"not a regular file: it is {reason}", os.fspath(path))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


class WindowSource(Source):
    """Bytes ``[base, base + len(data))`` of a larger input that is not all
    at hand (a stream read once), with absolute offsets; reads outside the
    window are clipped to it."""

    def __init__(self, base: int, data: bytes, name: str = "<window>") -> None:
        self.base = base
        self.data = data
        self.name = name

    def __len__(self) -> int:
        return self.base + len(self.data)

    def read(self, start: int, end: int) -> bytes:
        lo = min(max(start - self.base, 0), len(self.data))
        hi = min(max(end - self.base, lo), len(self.data))
        return self.data[lo:hi]


class SliceSource(Source):
    """Bytes ``[start, end)`` of another source as a source of their own,
    offsets counted from ``start`` (a selection explained or exported as if
    it were a file); nothing is read until asked for, and closing it leaves
    the other source open."""

    def __init__(self, inner: Source, start: int, end: int) -> None:
        self.inner = inner
        self.start = max(0, min(start, len(inner)))
        self.end = max(self.start, min(end, len(inner)))

    def __len__(self) -> int:
        return self.end - self.start

    def read(self, start: int, end: int) -> bytes:
        lo = self.start + min(max(start, 0), len(self))
        hi = self.start + min(max(end, 0), len(self))
        return self.inner.read(lo, max(lo, hi))


def as_source(data: bytes | bytearray | memoryview | Source) -> Source:
    """Wrap bytes-like data in a :class:`BytesSource`; pass a Source through."""
    if isinstance(data, Source):
        return data
    return BytesSource(bytes(data))


def read_once(source: Source, start: int = 0) -> Callable[[int], bytes]:
    """``read(size)`` over ``source`` from ``start`` on, for a pass that
    reads each byte once: what it has handed out leaves this process's
    memory as it goes (:meth:`Source.release`, kept cached), so the pass
    holds no more of a mapped file than the chunk it reads."""
    position = start

    def read(size: int) -> bytes:
        nonlocal position
        data = source.read(position, position + size)
        if data:
            source.release(position, position + len(data), keep_cached=True)
        position += len(data)
        return data

    return read

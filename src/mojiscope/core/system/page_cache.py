"""Passing over a large file without keeping it cached.

An index or a conversion reads a whole file once. On a file larger than
memory, what it read would crowd out everything else cached, and taking
fresh pages for a file not cached yet is slow enough to hold up every
other process on a small machine. So a pass over a large file that
is not cached lets go of what it has passed (:func:`forget_cached`, and
:meth:`~mojiscope.core.system.source.FileSource.release` for a mapping). The page
cache then reuses the same few pages. A file already cached stays cached
(:func:`worth_releasing`). See docs/PERFORMANCE.md.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import mmap
import os
from collections.abc import Callable
from typing import Any

RELEASE_MIN = 256 << 20
"""Files at least this large, not cached, are not kept cached as a pass over
the whole of them goes (:func:`worth_releasing`)."""


LARGEST_FOLIO = 2 << 20
"""The largest block of pages the system caches as one (a huge page): it
goes only when an advice covers all of it."""


RELEASE_SAMPLES = 16
"""Pages looked at, spread over a file, to tell whether it is cached."""


def worth_releasing(size: int, in_memory: Callable[[int], bool]) -> bool:
    """Whether a pass over a file of ``size`` bytes should let go of the pages
    it passes: a file of at least :data:`RELEASE_MIN` bytes, most of which
    is not in memory now (``in_memory`` says, for :data:`RELEASE_SAMPLES`
    offsets spread over it). A file already cached stays cached: whoever
    had it there may want it again, as the next format's index does, and
    dropping a cached 1 GB file as it was indexed cost the index half its
    speed here. Ask before the pass reads anything: once it runs, the system
    reads ahead of it (8 MiB here)."""
    if size < RELEASE_MIN:
        return False
    offsets = [size * k // RELEASE_SAMPLES for k in range(RELEASE_SAMPLES)]
    return sum(not in_memory(offset) for offset in offsets) * 2 > len(offsets)


def page_in_memory(fd: int, offset: int) -> bool:
    """Whether the page holding ``offset`` of the file open as ``fd`` is
    cached now (``mincore`` on a mapping of that one page, which reads
    nothing: a hole in a sparse file not read yet is not cached either).
    Where the system cannot say, yes."""
    calls = _page_calls()
    if calls is None or offset < 0:
        return True
    map_page, unmap, mincore = calls
    page = mmap.PAGESIZE
    start = offset // page * page
    address = map_page(None, page, mmap.PROT_READ, mmap.MAP_SHARED, fd, start)
    if address is None or address == ctypes.c_void_p(-1).value:
        return True
    try:
        resident = ctypes.c_ubyte(0)
        if mincore(ctypes.c_void_p(address), page, ctypes.byref(resident)) != 0:
            return True
        return bool(resident.value & 1)
    finally:
        unmap(ctypes.c_void_p(address), page)


@functools.cache
def _page_calls() -> tuple[Any, Any, Any] | None:
    """The C library's ``mmap``, ``munmap`` and ``mincore``, where it has them."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        map_page, unmap, mincore = libc.mmap, libc.munmap, libc.mincore
    except (OSError, AttributeError):
        return None
    map_page.restype = ctypes.c_void_p
    map_page.argtypes = [
        ctypes.c_void_p,
        ctypes.c_size_t,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int64,
    ]
    unmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_ubyte)]
    return map_page, unmap, mincore


def forget_cached(fd: int, start: int, end: int) -> None:
    """Advise the operating system that bytes ``[start, end)`` of the file
    open as ``fd`` will not be needed again soon (their cached pages may go,
    unless a process maps them). The advice reaches back
    :data:`LARGEST_FOLIO` before ``start``, so that a block cached as one
    across ``start``, which the advice for the bytes before it could not
    drop whole, goes too: callers advise range after range as they pass.
    Advice only: where it is not taken, nothing changes."""
    if end > start and hasattr(os, "posix_fadvise"):
        lo = max(start - LARGEST_FOLIO, 0)
        with contextlib.suppress(OSError):
            os.posix_fadvise(fd, lo, end - lo, os.POSIX_FADV_DONTNEED)

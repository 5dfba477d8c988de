"""Keeping freed memory for the next chunk: glibc's allocator, tuned for scans.

A scan over a large file allocates and frees the same few arrays for every
chunk, some hundreds of kilobytes each. glibc gives a block above its mmap
threshold (128 KiB at first) straight back to the system when it is freed,
and trims the top of its heap past 128 KiB: so each chunk's arrays are fresh
pages that the kernel zeroes on first touch. On bytes dense with errors
that is more than half of an index's time in a new process (64 MB of random
bytes, 2026-11-24: 2.0 s, and 0.9 s with the settings below). A process
that has run a while has raised its own thresholds (glibc adapts them as
blocks are freed), so this matters for short-lived processes: the command
line, a background child, a pool's worker.

:func:`keep_freed_memory` sets both thresholds (16 MiB to map, 64 MiB to
trim) so a chunk reuses what the previous one freed. Peak memory does not
change (the same arrays are live at once); up to 64 MiB of freed memory may
stay with the process until it ends.
"""

from __future__ import annotations

import ctypes

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 16 << 20
TRIM_THRESHOLD = 64 << 20


def keep_freed_memory() -> bool:
    """Raise glibc's mmap and trim thresholds for this process (see the
    module docstring). True if set; False where the C library has no
    ``mallopt`` (not glibc), which changes nothing else."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    )

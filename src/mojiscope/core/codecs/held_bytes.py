"""The input bytes a streamed decode has read but not yet decided.

A streamed decode hands chunks to an incremental decoder and keeps the bytes
the decoder has not decided yet, to show a span's bytes once it is decided
(an anomaly listing, a strict error). Two things keep that bounded:

* appending is amortised O(1) (a ``bytearray``, never ``bytes + bytes``,
  which copies everything held at every chunk);
* a token of unbounded length (Corrected UTF-8's reserved run, an STF-7 run
  of chunks) is one span however long, and the incremental decoder keeps
  only its first bytes while it is open (``Format.droppable_run``). Here,
  too, a run longer than :data:`LIMIT` keeps only its first and its last
  :data:`EDGE` bytes; the middle is a *hole* of known length, and the bytes
  given out for a range across it are the ones on either side.
"""

from __future__ import annotations

from typing import NamedTuple

#: Held bytes past which the middle is let go.
LIMIT = 1 << 22
#: Bytes kept on each side of the hole.
EDGE = 1 << 16


class Taken(NamedTuple):
    """Bytes ``[start, start + length)`` of the input, with ``hole_length``
    of them missing at ``hole_at`` (relative), if a hole fell in them."""

    data: bytes
    start: int
    length: int
    hole_at: int = 0
    hole_length: int = 0

    def slice(self, byte_start: int, byte_end: int) -> bytes:
        """The held bytes of absolute ``[byte_start, byte_end)``: all of them,
        or, across the hole, those on either side of it."""
        lo, hi = byte_start - self.start, byte_end - self.start
        if not self.hole_length or hi <= self.hole_at:
            return self.data[lo:hi]
        after = self.hole_at + self.hole_length
        if lo >= after:
            return self.data[lo - self.hole_length : hi - self.hole_length]
        before = self.data[lo : self.hole_at] if lo < self.hole_at else b""
        return before + self.data[self.hole_at : max(self.hole_at, hi - self.hole_length)]


class HeldBytes:
    """Bytes from absolute offset :attr:`start` on, appended at the end and
    taken from the front (see the module docstring)."""

    def __init__(self, start: int = 0) -> None:
        self.start = start
        self._buffer = bytearray()
        self._hole_at: int | None = None  # index in _buffer where the hole is
        self._hole_length = 0

    def __len__(self) -> int:
        """How many input bytes are held, the hole's included."""
        return len(self._buffer) + self._hole_length

    def append(self, chunk: bytes) -> None:
        self._buffer += chunk

    def trim(self) -> None:
        """If more than :data:`LIMIT` bytes are held, let go of the middle,
        keeping :data:`EDGE` bytes at each end. Call it after taking what
        was decided, so that only undecided bytes fall in the hole."""
        if len(self._buffer) <= LIMIT:
            return
        at = EDGE if self._hole_at is None else self._hole_at
        drop = len(self._buffer) - at - EDGE
        del self._buffer[at : at + drop]
        self._hole_at = at
        self._hole_length += drop

    def take(self, length: int) -> Taken:
        """Remove the first ``length`` input bytes and return them."""
        start = self.start
        self.start += length
        hole_at, hole_length = self._hole_at, self._hole_length
        if hole_at is None or length <= hole_at:
            data = _head(self._buffer, length)
            del self._buffer[:length]
            if hole_at is not None:
                self._hole_at = hole_at - length
            return Taken(data, start, length)
        if length < hole_at + hole_length:  # ends inside the hole: part of it stays
            data = bytes(self._buffer[:hole_at])
            del self._buffer[:hole_at]
            self._hole_at, self._hole_length = 0, hole_at + hole_length - length
            return Taken(data, start, length, hole_at, length - hole_at)
        # The whole hole is in what is taken: it goes with it.
        kept = length - hole_length
        data = bytes(self._buffer[:kept])
        del self._buffer[:kept]
        self._hole_at, self._hole_length = None, 0
        return Taken(data, start, length, hole_at, hole_length)


def _head(buffer: bytearray, length: int) -> bytes:
    """``bytes(buffer[:length])`` in one copy, not two (a bytearray slice is
    a copy of its own); the views are released, so ``buffer`` may resize."""
    with memoryview(buffer) as view, view[:length] as head:
        return bytes(head)

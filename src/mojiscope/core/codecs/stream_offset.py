"""Starting a streamed decode at an offset of an input read from its first byte.

A file can seek: ``inspect --offset`` on a file asks :meth:`Format.resync`
for the point at or before the offset where decoding may begin, seeks there
and decodes (:func:`~mojiscope.core.codecs.streaming.decode_stream`). Two inputs
cannot do that and are decoded from byte 0 instead, in bounded memory, the
spans before the offset decoded and dropped:

* standard input, which can be read only once. The last :data:`LOOKBEHIND`
  bytes before the offset are kept, and when the format's resync is exact and
  finds its point inside them, the result is what a file gives; when it
  would need to look further back (a run of reserved bytes 100 KB long), the
  decode from byte 0 says where the span holding the offset begins, which is
  where a file begins too;
* a format whose resync is a guess (:attr:`Format.exact_resync` is false:
  code pages where no byte says "a character starts here"): only a decode
  from byte 0 knows which bytes pair up, so the result begins at the span
  holding the offset in that decode (a text run is cut at the character
  boundary at or before the offset).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from mojiscope.core.codecs.format import Format, Policy
from mojiscope.core.codecs.streaming import (
    CHUNK_SIZE,
    Piece,
    PolicyStream,
    Read,
    clip_piece,
    decoded_pieces,
)
from mojiscope.core.errors import MojiscopeError
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import WindowSource

#: Bytes kept before (and read after) the offset to resynchronise in.
LOOKBEHIND = 1 << 16


class OffsetPastEndError(MojiscopeError):
    """The input ended before the offset asked for."""

    def __init__(self, offset: int, size: int) -> None:
        self.offset = offset
        self.size = size
        super().__init__(f"offset {offset} is past the end of the input ({size} bytes)")


class _Recorder:
    """Reads through ``read``, keeping the bytes from offset ``keep_from`` on."""

    def __init__(self, read: Read, keep_from: int) -> None:
        self._read = read
        self.keep_from = keep_from
        self.position = 0
        self.kept = bytearray()
        self.recording = True
        self.ended = False

    def read(self, size: int) -> bytes:
        data = self._read(size)
        if size and not data:
            self.ended = True
        if self.recording:
            self.kept += data[max(self.keep_from - self.position, 0) :]
        self.position += len(data)
        return data


def _start(fmt: Format, recorder: _Recorder, offset: int, exact: bool) -> int:
    """Where the result begins (see the module docstring)."""
    recorder.recording = False
    if recorder.position < offset:
        raise OffsetPastEndError(offset, recorder.position)
    if recorder.ended and recorder.position == offset:
        return offset  # at the very end: no span holds it
    base = recorder.keep_from
    if exact:
        point = fmt.resync(WindowSource(base, bytes(recorder.kept)), offset)
        if point > base or base == 0:
            return point
    return offset


def decode_from(
    fmt: Format,
    read: Read,
    offset: int,
    *,
    end: int | None = None,
    policy: Policy = "maximal-subpart",
    exact: bool | None = None,
    started: Callable[[int], None] | None = None,
    chunk_size: int = CHUNK_SIZE,
    control: Control = UNCONTROLLED,
) -> Iterator[Piece]:
    """The pieces of ``[offset, end)`` of the input ``read`` gives from its
    byte 0, beginning where the module docstring says: at the format's
    resync point when ``exact`` (default :attr:`Format.exact_resync`), else
    at the span holding ``offset``. ``started(first_byte)`` hears where that
    is, once, before the first piece. Raises :class:`OffsetPastEndError` (before
    yielding anything) if the input ends before ``offset``."""
    exact = fmt.exact_resync if exact is None else exact
    recorder = _Recorder(read, max(0, offset - LOOKBEHIND))
    reach = offset + LOOKBEHIND
    empty = end is not None and end <= offset
    pieces = decoded_pieces(fmt, recorder.read, 0, None if empty else end, chunk_size, control)
    rebase = PolicyStream(fmt, policy)
    held: list[Piece] = []
    start: int | None = None
    for piece in pieces:
        if start is not None:
            piece = clip_piece(fmt, piece, start)
            if len(piece.spans):
                yield rebase(piece)
            continue
        piece = clip_piece(fmt, piece, recorder.keep_from)  # nothing before it is wanted
        if len(piece.spans):
            held.append(piece)
        if recorder.position < reach and not recorder.ended:
            continue
        start = _start(fmt, recorder, offset, exact)
        if empty:
            _begin(fmt, held, start, started)
            return
        yield from (rebase(p) for p in _begin(fmt, held, start, started))
    if start is None:
        start = _start(fmt, recorder, offset, exact)
        kept = _begin(fmt, held, start, started)
        if not empty:
            yield from (rebase(p) for p in kept)


def _begin(
    fmt: Format, held: list[Piece], start: int, started: Callable[[int], None] | None
) -> list[Piece]:
    """The held pieces from ``start`` on; tells ``started`` where they begin."""
    kept = [p for p in (clip_piece(fmt, piece, start) for piece in held) if len(p.spans)]
    held.clear()
    if started is not None:
        started(kept[0].spans.byte_start if kept else start)
    return kept

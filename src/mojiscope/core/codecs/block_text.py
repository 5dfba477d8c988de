"""The block machinery STF-7 and Corrected UTF-8 share.

Both decode a block with numpy the same way: every token (a byte, a
sequence, a truncated or reserved run) is one character, so the text is one
array of code points turned into a ``str`` by one C-level decode
(:func:`code_unit_type`, :func:`text_from_code_units`), and the few tokens
that are not plain text are collected as :class:`Specials`, from which the
block's :class:`SpanTable` is built with a ``text`` span in each gap. Both
also scan a whole input for bytes of some ranges without a mask
(:func:`any_byte_in_ranges`), walk back over runs of unbounded length a
piece at a time (:func:`last_not_in`), and encode long text in pieces
(:func:`encode_in_pieces`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding
from mojiscope.core.spans.event import KIND_CODE, SpanKind
from mojiscope.core.spans.table import NO_VALUE, SpanTable, join
from mojiscope.core.system.source import Source

IntArray = npt.NDArray[np.int64]
#: Integers of whichever width an array happens to hold.
AnyInts = npt.NDArray[np.integer[Any]]
ByteArray = npt.NDArray[np.uint8]
BoolArray = npt.NDArray[np.bool_]
UnitArray = npt.NDArray[np.unsignedinteger[Any]]

REPLACEMENT = 0xFFFD
_TEXT, _INVALID = KIND_CODE[SpanKind.TEXT], KIND_CODE[SpanKind.INVALID]

#: Bytes per block when decoding a whole input (the block driver honours
#: :attr:`Format.preferred_block`): large enough that numpy's per-call costs
#: fade, small enough that the temporaries (a few times the block) stay
#: within reach of the cache and are reused by the allocator block after
#: block.
WHOLE_INPUT_BLOCK = 1 << 18


class Specials:
    """A block's non-``text`` spans as parallel arrays in byte order, with
    offsets relative to the block. Each covers ``[byte_starts[i],
    byte_ends[i])`` and the one character at ``char_starts[i]``."""

    __slots__ = ("byte_ends", "byte_starts", "char_starts", "kinds", "reasons", "values")

    def __init__(
        self,
        byte_starts: npt.ArrayLike,
        byte_ends: npt.ArrayLike,
        char_starts: npt.ArrayLike,
        kind: int | npt.ArrayLike,
        reason: int | npt.ArrayLike,
        values: npt.ArrayLike | None = None,
    ) -> None:
        """Scalar ``kind`` and ``reason`` apply to every span; ``values``
        defaults to none."""
        self.byte_starts = np.asarray(byte_starts, np.int64)
        self.byte_ends = np.asarray(byte_ends, np.int64)
        self.char_starts = np.asarray(char_starts, np.int64)
        k = len(self.byte_starts)
        self.kinds = np.broadcast_to(np.asarray(kind, np.uint8), (k,))
        self.reasons = np.broadcast_to(np.asarray(reason, np.uint8), (k,))
        self.values = (
            np.full(k, NO_VALUE, np.int64) if values is None else np.asarray(values, np.int64)
        )

    def __len__(self) -> int:
        return len(self.byte_starts)

    @classmethod
    def merged(cls, parts: list[Specials]) -> Specials | None:
        """All parts as one, in byte order (parts never overlap)."""
        parts = [p for p in parts if len(p)]
        if len(parts) <= 1:
            return parts[0] if parts else None
        starts = np.concatenate([p.byte_starts for p in parts])
        order = np.argsort(starts, kind="stable")
        return cls(
            starts[order],
            np.concatenate([p.byte_ends for p in parts])[order],
            np.concatenate([p.char_starts for p in parts])[order],
            np.concatenate([p.kinds for p in parts])[order],
            np.concatenate([p.reasons for p in parts])[order],
            np.concatenate([p.values for p in parts])[order],
        )

    def replaced_chars(self) -> IntArray:
        """Character offsets of the error spans, whose character is U+FFFD."""
        error = self.kinds == _INVALID
        error |= self.kinds == KIND_CODE[SpanKind.RESERVED]
        error |= self.kinds == KIND_CODE[SpanKind.BEYOND]
        chars: IntArray = self.char_starts[error]
        return chars

    def table(self, n_bytes: int, n_chars: int) -> SpanTable:
        """The block's spans: these, and a ``text`` span in each gap between
        them, tiling ``n_bytes`` bytes and ``n_chars`` characters (built by
        :meth:`SpanTable.from_events`, when something reads them)."""
        k = len(self)
        if k == 0:
            return single_text_span(n_bytes, n_chars)
        return SpanTable.from_events(
            self.byte_starts,
            self.byte_ends - self.byte_starts,
            self.kinds,
            self.reasons,
            self.values,
            self.char_starts,
            np.ones(k, np.int64),
            n_bytes,
            n_chars,
        )


def prepend_span(kind: int, reason: int, n_bytes: int, n_chars: int, table: SpanTable) -> SpanTable:
    """One span over the first ``n_bytes`` bytes and ``n_chars`` characters
    (a signature), followed by ``table`` shifted past it."""
    one = np.zeros(1, np.int64)
    head = SpanTable.from_events(
        one,
        one + n_bytes,
        one + kind,
        one + reason,
        one + NO_VALUE,
        one,
        one + n_chars,
        n_bytes,
        n_chars,
    )
    return join([head, table.shifted(n_bytes, n_chars)])


def code_unit_type(widest: int, n_wide: int, n_chars: int) -> type[np.unsignedinteger[Any]]:
    """The array type in which to build ``n_chars`` characters of text whose
    widest code point is ``widest`` and at most ``n_wide`` of which are not
    ASCII: bytes decode as latin-1; of the wider codecs, CPython's UTF-16
    decoder is the fastest on mostly-ASCII text, its UTF-32 decoder on the rest."""
    if widest < 0x100:
        return np.uint8
    if widest < 0x10000 and 4 * n_wide < n_chars:
        return np.uint16
    return np.uint32


def text_from_code_units(units: UnitArray) -> str:
    """One C-level decode of an array of code points (never a surrogate) in
    a type :func:`code_unit_type` chose."""
    codec = {1: "latin-1", 2: "utf-16-le", 4: "utf-32-le"}[units.dtype.itemsize]
    return units.tobytes().decode(codec)


#: Bytes per piece when scanning a whole input for bytes of some ranges: the
#: piece and one scratch array of its size stay in the cache while each
#: range is tested.
SCAN_PIECE = 1 << 18


#: Bytes read at a time when walking back over a run of unbounded length.
BACKWARD_PIECE = 1 << 16


def last_not_in(src: Source, offset: int, run_bytes: bytes) -> int:
    """The offset of the last byte before ``offset`` that is not one of
    ``run_bytes``, or -1: read backwards a piece at a time, so that a long
    run costs time linear in its length and memory bounded by the piece."""
    hi = offset
    while hi > 0:
        lo = max(0, hi - BACKWARD_PIECE)
        stripped = src.read(lo, hi).rstrip(run_bytes)
        if stripped:
            return lo + len(stripped) - 1
        hi = lo
    return -1


def any_byte_in_ranges(data: bytes, ranges: tuple[tuple[int, int], ...]) -> bool:
    """Whether some byte of ``data`` lies in one of ``ranges``, each given as
    (first byte, width less one). Per range and piece of
    :data:`SCAN_PIECE` bytes, one subtraction into a reused scratch array
    and one reduction: the least byte less ``first`` (uint8 arithmetic
    wraps) is within the width exactly when some byte is in the range. No
    mask, no temporary the size of the input."""
    whole = np.frombuffer(data, np.uint8)
    scratch = np.empty(min(len(whole), SCAN_PIECE), np.uint8)
    for lo in range(0, len(whole), SCAN_PIECE):
        piece = whole[lo : lo + SCAN_PIECE]
        out = scratch[: len(piece)]
        for first, width in ranges:
            if first:
                np.subtract(piece, np.uint8(first), out=out)
                if int(out.min()) <= width:
                    return True
            elif int(piece.min()) <= width:  # a range from 00: no subtraction
                return True
    return False


#: Characters per piece when encoding long text: encodings of these formats
#: depend on nothing but the character, so text may be cut anywhere.
ENCODE_PIECE = 1 << 16


def encode_in_pieces(encode_piece: Callable[[str], Encoding], text: str) -> Encoding:
    """``encode_piece`` over pieces of ``text``, joined (pieces keep numpy's
    temporaries small, which on long text is faster than one huge call)."""
    if len(text) <= ENCODE_PIECE:
        return encode_piece(text)
    parts = [encode_piece(text[i : i + ENCODE_PIECE]) for i in range(0, len(text), ENCODE_PIECE)]
    tables: list[SpanTable] = []
    byte_pos = 0
    for i, part in enumerate(parts):
        tables.append(part.spans.shifted(byte_pos, i * ENCODE_PIECE))
        byte_pos += len(part.data)
    return Encoding(b"".join(p.data for p in parts), join(tables))

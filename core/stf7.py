"""STF-7, the Silly 7-bit Transformation Format (``specs/stf-7.txt``).

Every byte is 7-bit and falls in one of three classes:

* **direct** (00..20, 30..39, 41..5A, 61..7A, 7F): the character with that value;
* **non-final chunk** (21..2F, 3A): a 4-bit chunk (values 0..F) that more
  chunks follow;
* **final chunk** (3B..40, 5B..60, 7B..7E): the last 4-bit chunk of a value.

A character that is not direct is written as 2..6 chunks, most significant
first. FORMATS.md fixes what the spec leaves open (our copy lost its list of
the decoder's "two rules"):

1. The chunk count must be minimal: 2 chunks only for U+0021..U+00FF values
   that are not direct, 3 above U+00FF, 4 above U+0FFF, 5 above U+FFFF, 6
   above U+FFFFF. Anything else, including a final chunk on its own, is
   ``invalid`` (``overlong``).
2. The value must be a scalar value: ``surrogate``, ``out-of-range`` (above
   U+10FFFF) and ``too-long`` (more than 6 chunks) are ``invalid``.

One U+FFFD per bad sequence, up to and including its final chunk. Pending
chunks that a direct byte, a byte >= 80 or the end interrupts are ``invalid``
(``truncated``); every byte >= 80 is ``invalid`` (``non-ascii``) on its own.
``3A 2F 3A 7E`` (U+FEFF) at offset 0 is a ``signature``. Indirectly written
ASCII (``${`` for ``<``) is well-formed but is how ``<script>`` slips past a
byte filter as ``${script$}``, so it is a ``warning`` (``indirect-ascii``).

How decoding is vectorised. Every token (a direct byte, a run of non-final
chunks with the final chunk that closes it, a truncated run, a final chunk on
its own, a byte >= 80) yields exactly one character, so a token's character
offset is its byte offset less the extra bytes of the runs before it. numpy
finds the runs of non-final chunks (each run is a sequence or a truncation),
packs each sequence's nibbles into its value with a few gathers, and looks
closely only at the few sequences that can be anything but plain text. The
text is the input with the non-final chunks deleted (``bytes.translate``),
each closing chunk overwritten by its character, decoded in one C call. When
sequences are dense and all well-formed in shape, a shorter path applies:
every byte that is not a non-final chunk ends one character, so the values
of those bytes' tokens are the text, with nothing to delete or insert.

Seeking (the spec's rule): decoding may start at a direct byte or just past a
final chunk (or past a byte >= 80, which closes any sequence too), never
inside a run of chunks.

The block helpers below (:class:`Specials`, the
code-unit text builders) are shared with :mod:`mojiscope.core.cutf8`, which
decodes the same way: one character per token, few tokens that are not text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from mojiscope.core.events import single_text_span
from mojiscope.core.format import Encoding, Errors, Format
from mojiscope.core.source import Source, as_source
from mojiscope.core.spans import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spantable import NO_VALUE, SpanTable, join

IntArray = npt.NDArray[np.int64]
#: Integers of whichever width an array happens to hold.
AnyInts = npt.NDArray[np.integer[Any]]
ByteArray = npt.NDArray[np.uint8]
BoolArray = npt.NDArray[np.bool_]
UnitArray = npt.NDArray[np.unsignedinteger[Any]]

#: Chunk bytes by chunk value 0..F.
NON_FINAL_CHUNKS = b"!\"#$%&'()*+,-./:"
FINAL_CHUNKS = b";<=>?@[\\]^_`{|}~"
DIRECT_BYTES = bytes([*range(0x00, 0x21), *range(0x30, 0x3A), *range(0x41, 0x5B)])
DIRECT_BYTES += bytes([*range(0x61, 0x7B), 0x7F])
BOM = b":/:~"
MAX_CHUNKS = 6

_NIBBLE = bytearray(256)
for _value, _byte in enumerate(NON_FINAL_CHUNKS):
    _NIBBLE[_byte] = _value
for _value, _byte in enumerate(FINAL_CHUNKS):
    _NIBBLE[_byte] = _value
#: ``bytes.translate`` table: each chunk byte to its 4-bit value, others to 0.
NIBBLE_TABLE = bytes(_NIBBLE)
_IS_DIRECT = np.zeros(256, np.bool_)
_IS_DIRECT[list(DIRECT_BYTES)] = True
_NON_FINAL_OF = np.frombuffer(NON_FINAL_CHUNKS, np.uint8)
_FINAL_OF = np.frombuffer(FINAL_CHUNKS, np.uint8)

_TEXT, _INVALID, _WARNING, _SIGNATURE = (
    KIND_CODE[k] for k in (SpanKind.TEXT, SpanKind.INVALID, SpanKind.WARNING, SpanKind.SIGNATURE)
)
_R_OVERLONG, _R_SURROGATE, _R_RANGE, _R_TOO_LONG, _R_TRUNCATED, _R_NON_ASCII, _R_INDIRECT = (
    REASON_CODE[r]
    for r in (
        Reason.OVERLONG,
        Reason.SURROGATE,
        Reason.OUT_OF_RANGE,
        Reason.TOO_LONG,
        Reason.TRUNCATED,
        Reason.NON_ASCII,
        Reason.INDIRECT_ASCII,
    )
)
REPLACEMENT = 0xFFFD

#: Bytes per block when decoding a whole input (the block driver honours
#: :attr:`Format.preferred_block`): large enough that numpy's per-call costs
#: fade, small enough that the temporaries (a few times the block) stay
#: within reach of the cache and are reused by the allocator block after
#: block (measured in fresh processes, three runs each: 256 KiB blocks took
#: 191-195 ms on 32 MB of CJK text where 128 KiB took 203-223 ms, and ran
#: level or ahead on multilingual text; decoding one block over and over,
#: 1 MiB fell behind 256 and 512 KiB again).
WHOLE_INPUT_BLOCK = 1 << 18


# -- shared: spans from the few tokens that are not plain text ----------------


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
        them, tiling ``n_bytes`` bytes and ``n_chars`` characters."""
        k = len(self)
        if k == 0:
            return single_text_span(n_bytes, n_chars)
        starts, ends, cstarts = self.byte_starts, self.byte_ends, self.char_starts
        prev_end = np.concatenate(([0], ends[:-1]))
        gap = starts > prev_end
        tail = int(ends[-1]) < n_bytes
        slot = np.arange(k)
        slot += np.cumsum(gap)
        text_slot = slot[gap] - 1
        total = k + len(text_slot) + tail
        kinds = np.full(total, _TEXT, np.uint8)
        reasons = np.zeros(total, np.uint8)
        values = np.full(total, NO_VALUE, np.int64)
        bstarts = np.empty(total + 1, np.int64)
        cstarts_out = np.empty(total + 1, np.int64)
        kinds[slot] = self.kinds
        reasons[slot] = self.reasons
        values[slot] = self.values
        bstarts[slot] = starts
        cstarts_out[slot] = cstarts
        bstarts[text_slot] = prev_end[gap]
        cstarts_out[text_slot] = np.concatenate(([0], cstarts[:-1] + 1))[gap]
        if tail:
            bstarts[total - 1] = ends[-1]
            cstarts_out[total - 1] = cstarts[-1] + 1
        bstarts[total] = n_bytes
        cstarts_out[total] = n_chars
        return SpanTable(kinds, reasons, bstarts, cstarts_out, values)


def prepend_span(kind: int, reason: int, n_bytes: int, n_chars: int, table: SpanTable) -> SpanTable:
    """One span over the first ``n_bytes`` bytes and ``n_chars`` characters
    (a signature), followed by ``table`` shifted past it."""
    head = SpanTable(
        np.array([kind], np.uint8),
        np.array([reason], np.uint8),
        np.array([0, n_bytes], np.int64),
        np.array([0, n_chars], np.int64),
        np.array([NO_VALUE], np.int64),
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


# -- decoding -------------------------------------------------------------------


def _non_final_mask(b: ByteArray) -> BoolArray:
    """Bytes 21..2F and 3A (uint8 arithmetic wraps: one compare per range)."""
    mask: BoolArray = (b - np.uint8(0x21)) <= np.uint8(0x0E)
    mask |= b == 0x3A
    return mask


def _final_mask(b: ByteArray) -> BoolArray:
    """Bytes 3B..40, 5B..60 and 7B..7E."""
    mask: BoolArray = (b - np.uint8(0x3B)) <= np.uint8(5)
    mask |= (b - np.uint8(0x5B)) <= np.uint8(5)
    mask |= (b - np.uint8(0x7B)) <= np.uint8(3)
    return mask


#: Indexed by the chunk count less one (index 0: a direct byte, whose value
#: the dense path puts back; more than 6 chunks clip to index 6): the bits
#: the value may use; the least value that needs that many chunks (2-chunk
#: values are checked against the direct set instead); and the bound under
#: which a sequence deserves a closer look (every 2- and 6-chunk one does).
_VALUE_MASK = np.array([0xF, 0xFF, 0xFFF, 0xFFFF, 0xFFFFF, 0xFFFFFF, 0xFFFFFF], np.uint32)
_LEAST_VALUE = np.array([0, 0, 0x100, 0x1000, 0x10000, 0x100000, 0], np.int64)
_LOOK_BELOW = np.array([0, 0x100, 0x100, 0x1000, 0x10000, 1 << 24, 1 << 24], np.int64)


class _Runs:
    """The runs of non-final chunks of a block. A run closed by the final
    chunk after it is a sequence (``end`` is that final chunk's offset); any
    other is truncated. ``extra`` is the bytes of each token beyond its one
    character, and ``char`` the character offset of each token."""

    def __init__(self, b: ByteArray, is_non_final: BoolArray, is_final: BoolArray) -> None:
        padded = np.zeros(len(b) + 2, np.bool_)
        padded[1:-1] = is_non_final
        edges = np.flatnonzero(padded[1:] != padded[:-1])
        self.start: IntArray = edges[0::2]
        self.end: IntArray = edges[1::2]
        ends_inside = self.end
        if len(ends_inside) and ends_inside[-1] == len(b):
            ends_inside = ends_inside[:-1]  # a run that reaches the end stays open
        self.closed = np.zeros(len(self.start), np.bool_)
        self.closed[: len(ends_inside)] = is_final[ends_inside]
        self.all_closed = bool(self.closed.all())
        self.extra = self.end - self.start
        if not self.all_closed:
            self.extra -= ~self.closed
        self.extra_upto = np.cumsum(self.extra)
        self.char = self.start + self.extra
        self.char -= self.extra_upto

    def __len__(self) -> int:
        return len(self.start)

    def chars_at(self, positions: IntArray) -> IntArray:
        """Character offsets of single-byte tokens at ``positions``."""
        extra_before = np.concatenate(([0], self.extra_upto))[
            np.searchsorted(self.start, positions)
        ]
        chars: IntArray = positions - extra_before
        return chars


def _nibbles_at(b: ByteArray, positions: IntArray) -> ByteArray:
    """The chunk values of the bytes at ``positions``."""
    return np.frombuffer(b[positions].tobytes().translate(NIBBLE_TABLE), np.uint8)


def _sequence_values(
    data: bytes, b: ByteArray, last: IntArray, extra: IntArray
) -> npt.NDArray[np.uint32]:
    """The value of each sequence whose final chunk is at ``last`` and which
    has ``extra`` non-final chunks (only the last 6 chunks are read: longer
    sequences are ``too-long`` whatever they hold).

    Sparse sequences gather their bytes; dense ones pack the nibbles of the
    whole block four to a 16-bit unit first, so that a value of up to four
    chunks is one gather (two for five or six chunks).
    """
    chunks = min(int(extra.max()) + 1, MAX_CHUNKS)
    if 8 * len(last) < len(b):
        value = _nibbles_at(b, last).astype(np.uint32)
        for k in range(1, chunks):
            value |= _nibbles_at(b, np.maximum(last - k, 0)).astype(np.uint32) << np.uint32(4 * k)
    else:
        pad = MAX_CHUNKS  # leading zero nibbles: no index goes below 0
        nibbles = np.frombuffer(bytes(pad) + data.translate(NIBBLE_TABLE), np.uint8)
        pairs = nibbles[:-1] << np.uint8(4)  # pairs[i]: nibbles i and i+1
        pairs |= nibbles[1:]
        quads = pairs[:-2].astype(np.uint16) << np.uint16(8)  # quads[i]: nibbles i..i+3
        quads |= pairs[2:]
        value = quads[last + (pad - 3)].astype(np.uint32)
        if chunks > 4:
            value |= pairs[last + (pad - 5)].astype(np.uint32) << np.uint32(16)
    value &= np.take(_VALUE_MASK, extra, mode="clip")
    return value


#: Kind and reason of each 2-chunk value: direct ones are overlong, other
#: ASCII is indirect (a warning), 80..FF plain text.
_TWO_CHUNK_KIND = np.where(_IS_DIRECT, _INVALID, np.where(np.arange(256) < 0x7F, _WARNING, _TEXT))
_TWO_CHUNK_KIND = _TWO_CHUNK_KIND.astype(np.uint8)
_TWO_CHUNK_REASON = np.where(
    _IS_DIRECT, _R_OVERLONG, np.where(np.arange(256) < 0x7F, _R_INDIRECT, 0)
)
_TWO_CHUNK_REASON = _TWO_CHUNK_REASON.astype(np.uint8)


def _classify(value: AnyInts, extra: IntArray) -> tuple[ByteArray, ByteArray]:
    """Kind and reason codes of complete sequences (FORMATS.md's two rules)."""
    if len(extra) and int(extra.max()) == 1:  # all 2-chunk (punctuation, Latin-1)
        return _TWO_CHUNK_KIND[value], _TWO_CHUNK_REASON[value]
    n = len(value)
    kinds = np.full(n, _TEXT, np.uint8)
    reasons = np.zeros(n, np.uint8)
    two = extra == 1
    least = np.take(_LEAST_VALUE, extra, mode="clip")
    overlong = np.where(two, _IS_DIRECT[value & 0xFF], value < least)
    too_long = extra >= MAX_CHUNKS
    overlong &= ~too_long
    indirect = two & (value < 0x7F) & ~overlong
    kinds[indirect] = _WARNING
    reasons[indirect] = _R_INDIRECT
    # Later rules win: an overlong surrogate is overlong, a long run too-long.
    for mask, reason in (
        ((value >> 11) == 0xD800 >> 11, _R_SURROGATE),
        (value > 0x10FFFF, _R_RANGE),
        (overlong, _R_OVERLONG),
        (too_long, _R_TOO_LONG),
    ):
        kinds[mask] = _INVALID
        reasons[mask] = reason
    return kinds, reasons


def _sequences(data: bytes, b: ByteArray, runs: _Runs, code_points: IntArray) -> Specials | None:
    """Decode the closed runs into ``code_points`` (one per run, U+FFFD for a
    bad one) and return those that are not plain text."""
    closed = None if runs.all_closed else np.flatnonzero(runs.closed)
    last = runs.end if closed is None else runs.end[closed]
    if not len(last):
        return None
    extra = runs.extra if closed is None else runs.extra[closed]
    value = _sequence_values(data, b, last, extra)
    suspect = value < np.take(_LOOK_BELOW, extra, mode="clip")
    suspect |= (value >> 11) == 0xD800 >> 11
    look = np.flatnonzero(suspect)
    kinds, reasons = _classify(value[look], extra[look])
    special = np.flatnonzero(kinds != _TEXT)
    shown = value[look[special]].astype(np.int64)
    value[look[kinds == _INVALID]] = REPLACEMENT
    if closed is None:
        code_points[:] = value
    else:
        code_points[closed] = value
    if not len(special):
        return None
    shown[(kinds[special] != _INVALID) | (reasons[special] == _R_TOO_LONG)] = NO_VALUE
    sel = look[special] if closed is None else closed[look[special]]
    return Specials(
        runs.start[sel], runs.end[sel] + 1, runs.char[sel], kinds[special], reasons[special], shown
    )


def _single_byte_errors(
    data: bytes, b: ByteArray, runs: _Runs, is_final: BoolArray, n_final: int
) -> list[Specials]:
    """Final chunks with no run before them (one chunk: overlong, with their
    value) and bytes >= 80 (non-ascii)."""
    out: list[Specials] = []
    if n_final > int(np.count_nonzero(runs.closed)):
        lone = is_final.copy()
        lone[runs.end[runs.closed]] = False
        at = np.flatnonzero(lone)
        out.append(
            Specials(at, at + 1, runs.chars_at(at), _INVALID, _R_OVERLONG, _nibbles_at(b, at))
        )
    if not data.isascii():
        at = np.flatnonzero(b >= 0x80)
        out.append(Specials(at, at + 1, runs.chars_at(at), _INVALID, _R_NON_ASCII))
    return out


def decode_stf7(data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    """Decode a block that ends at a safe cut (or the end of the input);
    ``at_start`` says whether it begins the stream, where a BOM may stand."""
    if at_start and data.startswith(BOM):
        text, table = decode_stf7(data[len(BOM) :], False)
        return "\ufeff" + text, prepend_span(_SIGNATURE, REASON_CODE[Reason.BOM], 4, 1, table)
    n = len(data)
    if n == 0:
        return "", SpanTable.empty()
    b = np.frombuffer(data, np.uint8)
    is_final = _final_mask(b)
    is_non_final = _non_final_mask(b)
    n_final = int(np.count_nonzero(is_final))
    if not n_final and not is_non_final.any() and data.isascii():
        return data.decode("ascii"), single_text_span(n, n)
    if 4 * n_final >= n:  # sequences are dense: try the path that needs no deletion
        dense = _dense_and_well_formed(data, b, is_non_final, is_final, n_final)
        if dense is not None:
            units, specials = dense
            text = text_from_code_units(units)
            if specials is None:
                return text, single_text_span(n, len(units))
            return text, specials.table(n, len(units))
    return _decode_any(data, b, is_non_final, is_final, n_final)


def _decode_any(
    data: bytes, b: ByteArray, is_non_final: BoolArray, is_final: BoolArray, n_final: int
) -> tuple[str, SpanTable]:
    """The general path: runs of non-final chunks found first, then every
    kind of token, ill-formed ones included."""
    n = len(data)
    runs = _Runs(b, is_non_final, is_final)
    code_points = np.full(len(runs), REPLACEMENT, np.int64)
    parts = _single_byte_errors(data, b, runs, is_final, n_final)
    sequences = _sequences(data, b, runs, code_points)
    if sequences is not None:
        parts.append(sequences)
    if not runs.all_closed:
        cut = np.flatnonzero(~runs.closed)
        parts.append(
            Specials(runs.start[cut], runs.end[cut], runs.char[cut], _INVALID, _R_TRUNCATED)
        )
    specials = Specials.merged(parts)
    n_chars = n - int(runs.extra_upto[-1]) if len(runs) else n
    text = _text(data, runs, code_points, specials, n_chars)
    if specials is None:
        return text, single_text_span(n, n_chars)
    return text, specials.table(n, n_chars)


def _dense_and_well_formed(
    data: bytes, b: ByteArray, is_non_final: BoolArray, is_final: BoolArray, n_final: int
) -> tuple[UnitArray, Specials | None] | None:
    """For a block without ill-formed tokens (each final chunk closes a run,
    each run is closed, no byte above 7F): every byte that is not a
    non-final chunk ends one character, so the characters are those bytes'
    values (a direct byte's own, a sequence's), with no bytes to delete.
    The code units of the text and the spans that are not plain text, or
    ``None`` if the block is not of that kind."""
    if is_non_final[-1] or not data.isascii():
        return None
    # Each final chunk closes a run exactly when as many final chunks follow
    # a non-final one as there are final chunks; each run is closed exactly
    # when as many runs end (a non-final chunk followed by another byte) as
    # final chunks close one.
    closing = int(np.count_nonzero(is_final[1:] & is_non_final[:-1]))
    if closing != n_final or closing != int(np.count_nonzero(is_non_final[:-1] > is_non_final[1:])):
        return None
    ends = np.flatnonzero(~is_non_final)  # the last byte of every character
    extra = np.empty_like(ends)  # non-final chunks before each
    extra[0] = ends[0]
    np.subtract(ends[1:], ends[:-1], out=extra[1:])
    extra[1:] -= 1
    value = _sequence_values(data, b, ends, extra)
    direct = np.flatnonzero(extra == 0)
    if len(direct):
        value[direct] = b[ends[direct]]  # direct bytes are themselves
    suspect = value < np.take(_LOOK_BELOW, extra, mode="clip")
    suspect |= (value >> 11) == 0xD800 >> 11
    look = np.flatnonzero(suspect)
    specials = None
    if len(look):
        kinds, reasons = _classify(value[look], extra[look])
        special = np.flatnonzero(kinds != _TEXT)
        if len(special):
            chars = look[special]
            shown = value[chars].astype(np.int64)
            kinds, reasons = kinds[special], reasons[special]
            shown[(kinds != _INVALID) | (reasons == _R_TOO_LONG)] = NO_VALUE
            value[chars[kinds == _INVALID]] = REPLACEMENT
            last = ends[chars]
            specials = Specials(last - extra[chars], last + 1, chars, kinds, reasons, shown)
    widest = int(value.max())
    return value.astype(code_unit_type(widest, len(value), len(value))), specials


def decode_any_path(data: bytes) -> tuple[str, SpanTable]:
    """A block (not at the start) decoded by the general path alone, never
    the dense one: for the tests that hold both to the same answers."""
    b = np.frombuffer(data, np.uint8)
    is_final = _final_mask(b)
    return _decode_any(data, b, _non_final_mask(b), is_final, int(np.count_nonzero(is_final)))


def _text(
    data: bytes, runs: _Runs, code_points: IntArray, specials: Specials | None, n_chars: int
) -> str:
    """The block's text: each byte that is not a non-final chunk stands for
    one character (itself if direct), and a truncated run for a U+FFFD."""
    kept = np.frombuffer(data.translate(None, NON_FINAL_CHUNKS), np.uint8)
    replaced = specials.replaced_chars() if specials is not None else np.zeros(0, np.int64)
    widest = int(code_points.max()) if len(code_points) else 0
    if len(replaced):
        widest = max(widest, REPLACEMENT)
    out = kept.astype(code_unit_type(widest, len(code_points) + len(replaced), n_chars))
    if not runs.all_closed:
        truncated_chars = runs.char[~runs.closed]
        out = np.insert(out, truncated_chars - np.arange(len(truncated_chars)), REPLACEMENT)
    if len(code_points):
        out[runs.char] = code_points
    if len(replaced):
        out[replaced] = REPLACEMENT
    if len(out) != n_chars:
        raise AssertionError("stf-7: text and spans disagree")
    return text_from_code_units(out)


#: The ranges of chunk bytes, as (first byte, width less one); commas and
#: full stops first, since text that has chunk bytes mostly has those.
CHUNK_RANGES = ((0x21, 0x2F - 0x21), (0x3A, 0x40 - 0x3A), (0x5B, 0x60 - 0x5B), (0x7B, 0x7E - 0x7B))


#: Chunks of a long run the incremental decoder holds: more than
#: :data:`MAX_CHUNKS`, so a run held this short is still too long.
KEEP_OF_LONG_RUN = MAX_CHUNKS + 2


def stf7_safe_cut(data: bytes, at_start: bool = False) -> int:
    """Just past the last byte that is not a non-final chunk: a run of
    pending chunks at the end may yet be continued (the BOM is a complete
    sequence, so ``at_start`` changes nothing)."""
    del at_start
    return len(data.rstrip(NON_FINAL_CHUNKS))


# -- encoding -------------------------------------------------------------------


def _chunk_counts(code_points: npt.NDArray[np.uint32]) -> IntArray:
    """Bytes each code point takes: 1 if direct, else its minimal chunk count."""
    counts = 2 + (code_points >= 0x100).astype(np.int64)
    for bound in (0x1000, 0x10000, 0x100000):
        counts += code_points >= bound
    counts[(code_points < 0x80) & _IS_DIRECT[code_points & 0xFF]] = 1
    return counts


def _encode_code_points(code_points: npt.NDArray[np.uint32], counts: IntArray) -> bytes:
    """The STF-7 bytes of scalar values (the caller replaced surrogates)."""
    ends = np.cumsum(counts)
    out = np.empty(int(ends[-1]) if len(ends) else 0, np.uint8)
    direct = counts == 1
    out[ends[direct] - 1] = code_points[direct]
    indirect = np.flatnonzero(~direct)
    cps = code_points[indirect]
    at = ends[indirect] - 1
    out[at] = _FINAL_OF[cps & 0xF]
    counts = counts[indirect]
    for j in range(1, MAX_CHUNKS):
        more = np.flatnonzero(counts > j)
        if not len(more):
            break
        cps, at, counts = cps[more], at[more] - 1, counts[more]
        out[at] = _NON_FINAL_OF[(cps >> (4 * j)) & 0xF]
    return out.tobytes()


def _code_points_of(text: str) -> npt.NDArray[np.uint32]:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)


# -- the format -----------------------------------------------------------------


class Stf7(Format):
    """STF-7: every scalar value in 7-bit bytes; ASCII letters, digits,
    controls and space as themselves, everything else as 2..6 chunk bytes."""

    id = "stf-7"
    aliases: ClassVar[tuple[str, ...]] = ("stf7",)
    description = "STF-7: the Silly 7-bit Transformation Format (chunked, 7-bit)"
    lookahead = MAX_CHUNKS
    preferred_block = WHOLE_INPUT_BLOCK

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        return decode_stf7(data, at_start)

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        return stf7_safe_cut(data)

    def decode_whole(
        self, data: bytes | bytearray | memoryview, errors: Errors
    ) -> tuple[str, SpanTable] | None:
        """Text of direct bytes only, in one call; anything else goes to the
        block driver (in :data:`preferred_block` pieces)."""
        del errors  # only input without errors comes this way
        raw = bytes(data)
        if any_byte_in_ranges(raw, CHUNK_RANGES):
            return None
        try:  # the ASCII decoder checks for bytes >= 80 itself, at copying speed
            text = raw.decode("ascii")
        except UnicodeDecodeError:
            return None  # non-ascii bytes: errors, for the block driver to report
        return text, single_text_span(len(raw), len(raw))

    def droppable_run(self, data: bytes) -> tuple[int, int] | None:
        """``data`` without a safe cut is all non-final chunks: beyond
        :data:`KEEP_OF_LONG_RUN` of them the run is ``too-long`` if a final
        chunk closes it and ``truncated`` if not, with no value either way,
        so the chunks past those may go."""
        if len(data) <= KEEP_OF_LONG_RUN:
            return None
        return KEEP_OF_LONG_RUN, len(data)

    def resync(self, source: Source, offset: int) -> int:
        """The spec's seeking rule, backwards: decoding may start at
        ``offset`` if a direct byte or a byte >= 80 stands there; otherwise
        it starts before the run of non-final chunks that ends at
        ``offset``, just past the final chunk or direct byte before it. The
        run has no bound: it is walked back a piece at a time."""
        src = as_source(source)
        here = src.read(offset, offset + 1)
        if here and (_IS_DIRECT[here[0]] or here[0] >= 0x80):
            return offset
        return last_not_in(src, offset, NON_FINAL_CHUNKS) + 1

    def char_byte_lengths(self, chars: str) -> list[int]:
        lengths: list[int] = _chunk_counts(_code_points_of(chars)).tolist()
        return lengths

    def encode_spans(self, text: str) -> Encoding:
        """Surrogates have no encoding: U+FFFD's 4 chunks stand in for each,
        in an ``invalid`` (``unencodable``) span."""
        if text.isascii():
            data = text.encode("ascii")
            if not any_byte_in_ranges(data, CHUNK_RANGES):  # nothing but direct characters
                return Encoding(data, single_text_span(len(data), len(text)))
        return encode_in_pieces(self._encode_piece, text)

    def _encode_piece(self, text: str) -> Encoding:
        code_points = _code_points_of(text)
        surrogate = np.flatnonzero((code_points >> 11) == 0xD800 >> 11)
        if len(surrogate):
            code_points = code_points.copy()
            code_points[surrogate] = REPLACEMENT
        counts = _chunk_counts(code_points)
        data = _encode_code_points(code_points, counts)
        if not len(surrogate):
            return Encoding(data, single_text_span(len(data), len(text)))
        ends = np.cumsum(counts)[surrogate]
        unencodable = Specials(ends - 4, ends, surrogate, _INVALID, REASON_CODE[Reason.UNENCODABLE])
        return Encoding(data, unencodable.table(len(data), len(text)))


STF7 = Stf7()

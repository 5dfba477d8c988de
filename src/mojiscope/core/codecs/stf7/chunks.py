"""What STF-7's bytes mean: the three byte classes, chunk values, and the
two rules (FORMATS.md) that make a complete sequence well-formed or not.

Direct bytes (00..20, 30..39, 41..5A, 61..7A, 7F) are themselves; non-final
chunks (21..2F, 3A) and final chunks (3B..40, 5B..60, 7B..7E) carry 4 bits
each, most significant first. :func:`sequence_values` packs the chunks of
many sequences at once; :func:`classify` applies the minimal chunk count and
the scalar-value rule to them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.block_text import AnyInts, BoolArray, ByteArray, IntArray
from mojiscope.core.spans.event import KIND_CODE, REASON_CODE, Reason, SpanKind

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
IS_DIRECT = np.zeros(256, np.bool_)
IS_DIRECT[list(DIRECT_BYTES)] = True
NON_FINAL_OF = np.frombuffer(NON_FINAL_CHUNKS, np.uint8)
FINAL_OF = np.frombuffer(FINAL_CHUNKS, np.uint8)

TEXT, INVALID, WARNING, SIGNATURE = (
    KIND_CODE[k] for k in (SpanKind.TEXT, SpanKind.INVALID, SpanKind.WARNING, SpanKind.SIGNATURE)
)
R_OVERLONG, R_SURROGATE, R_RANGE, R_TOO_LONG, R_TRUNCATED, R_NON_ASCII, R_INDIRECT = (
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

#: The ranges of chunk bytes, as (first byte, width less one); commas and
#: full stops first, since text that has chunk bytes mostly has those.
CHUNK_RANGES = ((0x21, 0x2F - 0x21), (0x3A, 0x40 - 0x3A), (0x5B, 0x60 - 0x5B), (0x7B, 0x7E - 0x7B))


def non_final_mask(b: ByteArray) -> BoolArray:
    """Bytes 21..2F and 3A (uint8 arithmetic wraps: one compare per range)."""
    mask: BoolArray = (b - np.uint8(0x21)) <= np.uint8(0x0E)
    mask |= b == 0x3A
    return mask


def final_mask(b: ByteArray) -> BoolArray:
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
LOOK_BELOW = np.array([0, 0x100, 0x100, 0x1000, 0x10000, 1 << 24, 1 << 24], np.int64)


def nibbles_at(b: ByteArray, positions: IntArray) -> ByteArray:
    """The chunk values of the bytes at ``positions``."""
    return np.frombuffer(b[positions].tobytes().translate(NIBBLE_TABLE), np.uint8)


def sequence_values(
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
        value = nibbles_at(b, last).astype(np.uint32)
        for k in range(1, chunks):
            value |= nibbles_at(b, np.maximum(last - k, 0)).astype(np.uint32) << np.uint32(4 * k)
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
_TWO_CHUNK_KIND = np.where(IS_DIRECT, INVALID, np.where(np.arange(256) < 0x7F, WARNING, TEXT))
_TWO_CHUNK_KIND = _TWO_CHUNK_KIND.astype(np.uint8)
_TWO_CHUNK_REASON = np.where(IS_DIRECT, R_OVERLONG, np.where(np.arange(256) < 0x7F, R_INDIRECT, 0))
_TWO_CHUNK_REASON = _TWO_CHUNK_REASON.astype(np.uint8)


def classify(value: AnyInts, extra: IntArray) -> tuple[ByteArray, ByteArray]:
    """Kind and reason codes of complete sequences (FORMATS.md's two rules)."""
    if len(extra) and int(extra.max()) == 1:  # all 2-chunk (punctuation, Latin-1)
        return _TWO_CHUNK_KIND[value], _TWO_CHUNK_REASON[value]
    n = len(value)
    kinds = np.full(n, TEXT, np.uint8)
    reasons = np.zeros(n, np.uint8)
    two = extra == 1
    least = np.take(_LEAST_VALUE, extra, mode="clip")
    overlong = np.where(two, IS_DIRECT[value & 0xFF], value < least)
    too_long = extra >= MAX_CHUNKS
    overlong &= ~too_long
    indirect = two & (value < 0x7F) & ~overlong
    kinds[indirect] = WARNING
    reasons[indirect] = R_INDIRECT
    # Later rules win: an overlong surrogate is overlong, a long run too-long.
    for mask, reason in (
        ((value >> 11) == 0xD800 >> 11, R_SURROGATE),
        (value > 0x10FFFF, R_RANGE),
        (overlong, R_OVERLONG),
        (too_long, R_TOO_LONG),
    ):
        kinds[mask] = INVALID
        reasons[mask] = reason
    return kinds, reasons

"""What Corrected UTF-8's bytes mean: lead and continuation bytes, the
offset of each sequence length, the values of complete sequences, and the
code points that earn a ``warning`` or a ``beyond`` span (FORMATS.md).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.block_text import (
    AnyInts,
    BoolArray,
    ByteArray,
    IntArray,
)
from mojiscope.core.spans.event import KIND_CODE, REASON_CODE, Reason, SpanKind

FORMAT_ID = "corrected-utf-8"
MAGIC_NUMBER = bytes.fromhex("EF B7 9D ED B2 AE 00 0A")
MAGIC_TEXT = "\U00010e7d\ued4e\x00\n"
MAX_CODE_POINT = 0x8421109F
CONTINUATION_BYTES = bytes(range(0x80, 0xC0))
#: The longest sequence a Corrected UTF-8 decoder reads (a 6-byte one).
MAX_SEQUENCE = 6

#: Per sequence length 1..6: its offset, its first code point, its lead marker.
OFFSETS = (0, 0, 0xA0, 0x8A0, 0x110A0, 0x2110A0, 0x42110A0)
FIRST_CODE_POINT = (*OFFSETS[:3], 0x8A0, 0x110A0, 0x2110A0, 0x42110A0)
LEAD_MARKS = (0, 0x00, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC)
#: The further offset of 3-byte sequences whose value would land on a
#: surrogate (raw CF60 and up): the surrogate gap.
GAP = 0x800

TEXT, INVALID, RESERVED, BEYOND, WARNING, SIGNATURE = (
    KIND_CODE[k]
    for k in (
        SpanKind.TEXT,
        SpanKind.INVALID,
        SpanKind.RESERVED,
        SpanKind.BEYOND,
        SpanKind.WARNING,
        SpanKind.SIGNATURE,
    )
)
R_STRAY, R_TRUNCATED, R_RESERVED, R_BEYOND, R_NUL, R_CONTROL = (
    REASON_CODE[r]
    for r in (
        Reason.STRAY_CONTINUATION,
        Reason.TRUNCATED,
        Reason.RESERVED_LEAD,
        Reason.BEYOND_UNICODE,
        Reason.NUL,
        Reason.DISCOURAGED_CONTROL,
    )
)

#: Continuation bytes each lead byte wants (0 for ASCII; -1 for FE/FF, whose
#: run of continuation bytes has no length; -2 for a continuation byte).
NEED = np.zeros(256, np.int8)
NEED[0x80:0xC0] = -2
NEED[0xC0:0xE0] = 1
NEED[0xE0:0xF0] = 2
NEED[0xF0:0xF8] = 3
NEED[0xF8:0xFC] = 4
NEED[0xFC:0xFE] = 5
NEED[0xFE:] = -1
#: Payload bits of a lead byte, by continuation bytes wanted (0..5).
LEAD_BITS = np.array([0x7F, 0x1F, 0x0F, 0x07, 0x03, 0x01], np.int64)
OFFSET_BY_NEED = np.array(OFFSETS[1:], np.int64)


def with_value_warnings(
    value: AnyInts, special: IntArray, kinds: ByteArray, reasons: ByteArray
) -> tuple[IntArray, ByteArray, ByteArray]:
    """Add the well-formed tokens that are not plain text: values beyond
    U+10FFFF and the separators U+2028, U+2029."""
    odd = (value >> 1) == 0x2028 >> 1
    if int(value.max(initial=0)) > 0x10FFFF:
        odd |= value > 0x10FFFF
    more = np.flatnonzero(odd)
    if not len(more):
        return special, kinds, reasons
    beyond = value[more] > 0x10FFFF
    more_kinds = np.where(beyond, BEYOND, WARNING).astype(np.uint8)
    more_reasons = np.where(beyond, R_BEYOND, R_CONTROL).astype(np.uint8)
    if not len(special):
        return more, more_kinds, more_reasons
    every = np.concatenate((special, more))
    order = np.argsort(every, kind="stable")
    return (
        every[order],
        np.concatenate((kinds, more_kinds))[order],
        np.concatenate((reasons, more_reasons))[order],
    )


def sequence_values(
    b: ByteArray, pos: IntArray, need: AnyInts, lead: ByteArray
) -> npt.NDArray[np.uint32]:
    """Code points of complete sequences at ``pos`` with ``need``
    continuation bytes each and lead bytes ``lead`` (offsets and the
    surrogate gap applied).

    The continuation bytes' payloads are read ``longest`` at a time, two per
    gather when sequences are dense (payload pairs are packed over the whole
    block first), and shorter sequences shift off what they read too far.
    """
    if not len(pos):
        return np.zeros(0, np.uint32)
    longest = int(need.max())
    uniform = int(need.min()) == longest
    payload = np.zeros(len(b) + MAX_SEQUENCE, np.uint8)  # reads past the end find zeros
    np.bitwise_and(b, np.uint8(0x3F), out=payload[: len(b)])
    value = np.zeros(len(pos), np.uint32)
    at = pos + 1
    remaining = longest
    if remaining >= 2 and 8 * len(pos) >= len(b):
        pairs = payload[:-1].astype(np.uint16) << np.uint16(6)
        pairs |= payload[1:]
        while remaining >= 2:
            value <<= np.uint32(12)
            value |= pairs[at]
            remaining -= 2
            if remaining:
                at += 2
    while remaining:
        value <<= np.uint32(6)
        value |= payload[at]
        remaining -= 1
        if remaining:
            at += 1
    if uniform:
        value |= (lead & LEAD_BITS[longest]).astype(np.uint32) << np.uint32(6 * longest)
        value += np.uint32(OFFSET_BY_NEED[longest])
        if longest == 2:
            np.add(value, np.uint32(GAP), out=value, where=value >= 0xD800)
        return value
    value >>= (6 * (longest - need)).astype(np.uint32)  # what shorter ones read too far
    lead_bits = (lead & np.take(LEAD_BITS, need)).astype(np.uint32)
    value |= lead_bits << (6 * need).astype(np.uint32)
    value += np.take(OFFSET_BY_NEED, need).astype(np.uint32)
    np.add(value, np.uint32(GAP), out=value, where=(value >= 0xD800) & (need == 2))
    return value


def control_mask(b: ByteArray) -> BoolArray:
    """00..09 and 0B..1F: a byte xor 0A, less one, is below 1F exactly then."""
    mask: BoolArray = ((b ^ np.uint8(0x0A)) - np.uint8(1)) < np.uint8(0x1F)
    return mask


#: The C0 controls but LF, as (first byte, width less one) ranges: 00..09, 0B..1F.
CONTROL_RANGES = ((0x00, 0x09), (0x0B, 0x1F - 0x0B))

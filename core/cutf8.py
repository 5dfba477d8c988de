"""Corrected UTF-8 (``specs/corrected-utf-8.md``), and its code-point API.

The byte shapes are those of the original (RFC 2044) UTF-8: a lead byte
00..7F, C0..DF, E0..EF, F0..F7, F8..FB or FC..FD followed by 0..5
continuation bytes 80..BF. The *raw* value those bits spell gets an offset
per length, so that every sequence of the right shape is the unique
encoding of one code point and no overlong form exists:

======  ===========  ==================================================
bytes   offset       code points
======  ===========  ==================================================
1       0            U+0000..U+007F
2       +0xA0        U+00A0..U+089F (C1 controls U+0080..U+009F skipped)
3       +0x8A0       U+08A0..U+D7FF (raw 0000..CF5F)
3       +0x10A0      U+E000..U+1109F (raw CF60..FFFF; surrogates skipped)
4       +0x110A0     U+110A0..U+21109F
5       +0x2110A0    U+2110A0..U+421109F
6       +0x42110A0   U+42110A0..U+8421109F
======  ===========  ==================================================

Decoding (FORMATS.md): a value above U+10FFFF is a ``beyond`` span carrying
the value (a Python ``str`` cannot hold it; the text gets U+FFFD, and
:func:`decode_code_points` keeps it). FE or FF and every continuation byte
after it is one ``reserved`` span (reserved for longer sequences). A stray
continuation byte, or a lead cut short, is ``invalid`` (``stray-continuation``
/ ``truncated``), one U+FFFD per maximal subpart. The magic number
``EF B7 9D ED B2 AE 00 0A`` at offset 0 is a ``signature`` span holding its
four characters U+10E7D U+ED4E U+0000 U+000A; it is stripped only on request
(:meth:`CorrectedUtf8.decode_stripping_signature`). ``warning`` spans, one
per character: U+0000 anywhere else (``nul``: the spec's MUST NOT); the
other C0 controls except U+000A, and U+2028, U+2029 (``discouraged-control``:
its SHOULD NOTs). U+007F is not a C0 control and is plain text.

Encoding a ``str``: the C1 controls and surrogates have no encoding (strict
raises, replace writes U+FFFD's encoding).

How decoding is vectorised: every token (an ASCII byte, a sequence, a
truncated sequence, a reserved run, a stray continuation byte) is one
character. When high bytes are dense (a third of the block or more, as in
CJK) and every lead has exactly its continuation bytes, the bytes that are
not continuation bytes are the characters: their values, computed with a
few gathers, are the text. Otherwise numpy finds the non-ASCII tokens (from
the positions of the high bytes), computes the values of the complete
sequences, and the text is the input without its continuation bytes, each
lead overwritten by its character. Either way the text comes from one C-level
decode of a code point array, and ASCII input is one ``bytes.decode``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from mojiscope.core.arguments import check_errors
from mojiscope.core.errors import EncodeError
from mojiscope.core.events import single_text_span
from mojiscope.core.format import Encoding, Errors, Format
from mojiscope.core.source import Source, as_source
from mojiscope.core.spans import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spantable import SpanTable
from mojiscope.core.stf7 import (
    REPLACEMENT,
    WHOLE_INPUT_BLOCK,
    AnyInts,
    BoolArray,
    ByteArray,
    IntArray,
    Specials,
    any_byte_in_ranges,
    code_unit_type,
    encode_in_pieces,
    prepend_span,
    text_from_code_units,
)

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
_GAP = 0x800

_TEXT, _INVALID, _RESERVED, _BEYOND, _WARNING, _SIGNATURE = (
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
_R_STRAY, _R_TRUNCATED, _R_RESERVED, _R_BEYOND, _R_NUL, _R_CONTROL = (
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
_NEED = np.zeros(256, np.int8)
_NEED[0x80:0xC0] = -2
_NEED[0xC0:0xE0] = 1
_NEED[0xE0:0xF0] = 2
_NEED[0xF0:0xF8] = 3
_NEED[0xF8:0xFC] = 4
_NEED[0xFC:0xFE] = 5
_NEED[0xFE:] = -1
#: Payload bits of a lead byte, by continuation bytes wanted (0..5).
_LEAD_BITS = np.array([0x7F, 0x1F, 0x0F, 0x07, 0x03, 0x01], np.int64)
_OFFSET_BY_NEED = np.array(OFFSETS[1:], np.int64)


# -- decoding -------------------------------------------------------------------


class _Heads:
    """The non-ASCII tokens of a block, found by their first byte: a lead
    (with the continuation bytes ``attached`` after it), FE/FF (with its whole
    continuation run), or the first of a run of stray continuation bytes
    (``attached``: the strays after it)."""

    def __init__(self, b: ByteArray) -> None:
        signed = b.view(np.int8)
        if 3 * int(np.count_nonzero(signed < 0)) < len(b):
            self._from_high_bytes(b, signed)
        else:
            self._from_non_continuation_bytes(b, signed)

    def _from_high_bytes(self, b: ByteArray, signed: npt.NDArray[np.int8]) -> None:
        high = np.flatnonzero(signed < 0)
        byte = b[high]
        follows_high = np.zeros(len(high), np.bool_)
        follows_high[1:] = high[1:] == high[:-1] + 1
        joined = follows_high & (byte < 0xC0)  # a continuation byte right after a high byte
        first = np.flatnonzero(~joined)
        self.pos: IntArray = high[first]
        self.byte: ByteArray = byte[first]
        self.attached: IntArray = np.diff(first, append=len(high)) - 1

    def _from_non_continuation_bytes(self, b: ByteArray, signed: npt.NDArray[np.int8]) -> None:
        n = len(b)
        starts = np.flatnonzero(signed >= -64)
        kept = b[starts]
        gap = np.diff(starts, append=n)
        ascii_then_strays = (kept < 0x80) & (gap > 1)
        keep = np.flatnonzero((kept >= 0x80) | ascii_then_strays)
        pos, attached, byte = starts[keep], gap[keep] - 1, kept[keep]
        shift = ascii_then_strays[keep]
        pos[shift] += 1  # the strays after an ASCII byte start at the byte after it
        attached[shift] -= 1
        byte[shift] = 0x80
        lead_in = int(starts[0]) if len(starts) else n  # continuation bytes opening the block
        if lead_in:
            pos = np.concatenate(([0], pos))
            attached = np.concatenate(([lead_in - 1], attached))
            byte = np.concatenate((np.array([0x80], np.uint8), byte))
        self.pos, self.byte, self.attached = pos, byte, attached


class _Tokens:
    """Every non-ASCII token of a block, in byte order, one character each:
    its ``pos``, ``length`` in bytes, ``value`` (U+FFFD unless a complete
    sequence) and ``char`` offset; ``special`` indexes the tokens that are
    not plain text, with their ``kinds`` and ``reasons``."""

    def __init__(self, b: ByteArray, heads: _Heads) -> None:
        need = np.take(_NEED, heads.byte)
        self.pos = heads.pos
        self._extra_upto: IntArray | None = None
        self.length: AnyInts
        if bool((heads.attached == need).all()):  # complete sequences, nothing stray
            self.length = need + 1
            self.value: npt.NDArray[np.integer[Any]] = sequence_values(
                b, heads.pos, need, heads.byte
            )
            special = np.zeros(0, np.int64)
            kinds = reasons = np.zeros(0, np.uint8)
            self.total_extra = int(need.sum())
            self.char = self.pos - self.extra_upto + need
        else:
            special, kinds, reasons = self._ill_formed(b, heads, need)
            self.total_extra = int(self.extra_upto[-1])
            self.char = self.pos - self.extra_upto + (self.length - 1)
        self.special, self.kinds, self.reasons = _with_value_warnings(
            self.value, special, kinds, reasons
        )

    @property
    def extra_upto(self) -> IntArray:
        """Bytes beyond their one character, of the tokens up to each."""
        if self._extra_upto is None:
            self._extra_upto = np.cumsum(self.length - 1)
        return self._extra_upto

    def _ill_formed(
        self, b: ByteArray, heads: _Heads, need: AnyInts
    ) -> tuple[IntArray, ByteArray, ByteArray]:
        """Truncated sequences, reserved runs and strays (each stray its own
        token); sets ``pos``, ``length`` and ``value``."""
        attached = heads.attached
        complete = (need > 0) & (attached >= need)
        stray_head = need == -2
        length = np.where(complete, need, attached) + 1
        length[stray_head] = 1
        strays_after = np.where(complete | stray_head, attached - np.maximum(need, 0), 0)
        kind = np.full(len(need), _INVALID, np.uint8)
        reason = np.full(len(need), _R_TRUNCATED, np.uint8)
        reason[stray_head] = _R_STRAY
        kind[need == -1] = _RESERVED
        reason[need == -1] = _R_RESERVED
        value = np.full(len(need), REPLACEMENT, np.int64)
        done = np.flatnonzero(complete)
        value[done] = sequence_values(b, heads.pos[done], need[done], heads.byte[done])
        kind[done] = _TEXT
        self.pos, self.length, self.value, kind, reason = _with_strays(
            heads.pos, length, value, kind, reason, strays_after
        )
        special = np.flatnonzero(kind != _TEXT)
        return special, kind[special], reason[special]

    def chars_at(self, positions: IntArray) -> IntArray:
        """Character offsets of ASCII bytes at ``positions``."""
        before = np.searchsorted(self.pos, positions)
        chars: IntArray = positions - np.concatenate(([0], self.extra_upto))[before]
        return chars

    def specials(self) -> Specials:
        s = self.special
        pos = self.pos[s]
        values = np.where(self.kinds == _BEYOND, self.value[s].astype(np.int64), -1)
        return Specials(pos, pos + self.length[s], self.char[s], self.kinds, self.reasons, values)


def _with_value_warnings(
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
    more_kinds = np.where(beyond, _BEYOND, _WARNING).astype(np.uint8)
    more_reasons = np.where(beyond, _R_BEYOND, _R_CONTROL).astype(np.uint8)
    if not len(special):
        return more, more_kinds, more_reasons
    every = np.concatenate((special, more))
    order = np.argsort(every, kind="stable")
    return (
        every[order],
        np.concatenate((kinds, more_kinds))[order],
        np.concatenate((reasons, more_reasons))[order],
    )


def _with_strays(
    pos: IntArray,
    length: IntArray,
    value: IntArray,
    kind: ByteArray,
    reason: ByteArray,
    strays_after: IntArray,
) -> tuple[IntArray, IntArray, IntArray, ByteArray, ByteArray]:
    """The tokens with each stray continuation byte after a head made a
    one-byte ``invalid`` token of its own, in byte order."""
    if not strays_after.any():
        return pos, length, value, kind, reason
    count = strays_after + 1
    owner = np.repeat(np.arange(len(pos)), count)
    rank = np.arange(len(owner)) - np.repeat(np.cumsum(count) - count, count)
    is_stray = rank > 0
    out_pos = pos[owner] + np.where(is_stray, length[owner] + rank - 1, 0)
    out_length = np.where(is_stray, 1, length[owner])
    out_value = np.where(is_stray, REPLACEMENT, value[owner])
    out_kind = np.where(is_stray, _INVALID, kind[owner]).astype(np.uint8)
    out_reason = np.where(is_stray, _R_STRAY, reason[owner]).astype(np.uint8)
    return out_pos, out_length, out_value, out_kind, out_reason


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
        value |= (lead & _LEAD_BITS[longest]).astype(np.uint32) << np.uint32(6 * longest)
        value += np.uint32(_OFFSET_BY_NEED[longest])
        if longest == 2:
            np.add(value, np.uint32(_GAP), out=value, where=value >= 0xD800)
        return value
    value >>= (6 * (longest - need)).astype(np.uint32)  # what shorter ones read too far
    lead_bits = (lead & np.take(_LEAD_BITS, need)).astype(np.uint32)
    value |= lead_bits << (6 * need).astype(np.uint32)
    value += np.take(_OFFSET_BY_NEED, need).astype(np.uint32)
    np.add(value, np.uint32(_GAP), out=value, where=(value >= 0xD800) & (need == 2))
    return value


def _control_mask(b: ByteArray) -> BoolArray:
    """00..09 and 0B..1F: a byte xor 0A, less one, is below 1F exactly then."""
    mask: BoolArray = ((b ^ np.uint8(0x0A)) - np.uint8(1)) < np.uint8(0x1F)
    return mask


#: The C0 controls but LF, as (first byte, width less one) ranges: 00..09, 0B..1F.
CONTROL_RANGES = ((0x00, 0x09), (0x0B, 0x1F - 0x0B))


def _control_warnings(b: ByteArray, tokens: _Tokens | None) -> Specials | None:
    """NUL (``nul``) and the C0 controls but LF (``discouraged-control``)."""
    control = _control_mask(b)
    if not control.any():
        return None
    at = np.flatnonzero(control)
    chars = at if tokens is None else tokens.chars_at(at)
    reason = np.where(b[at] == 0, _R_NUL, _R_CONTROL)
    return Specials(at, at + 1, chars, _WARNING, reason)


class _Decoded:
    """A block decoded to code points: ``units`` holds one code point per
    character (in the narrowest array type that holds the text, or uint32
    with values beyond U+10FFFF kept if ``wide``), and ``specials`` the spans
    that are not plain text."""

    def __init__(self, data: bytes, wide: bool, dense_path: bool = True) -> None:
        b = np.frombuffer(data, np.uint8)
        n = len(data)
        self.units: npt.NDArray[np.unsignedinteger[Any]]
        if data.isascii():
            self.specials = _control_warnings(b, None)
            self.n_chars = n
            self.units = b.astype(np.uint32) if wide else b
            return
        clean = _dense_and_well_formed(b) if dense_path else None
        if clean is not None:
            value, self.specials = clean
            self.n_chars = len(value)
            self.units = self._narrowed(value, wide)
            return
        heads = _Heads(b)
        tokens = _Tokens(b, heads)
        self.n_chars = n - tokens.total_extra
        parts = [tokens.specials()]
        controls = _control_warnings(b, tokens)
        if controls is not None:
            parts.append(controls)
        self.specials = Specials.merged(parts)
        units = self._narrowed(tokens.value, wide)
        self.units = self._with_ascii(data, tokens, units)

    def _narrowed(
        self, value: npt.NDArray[np.integer[Any]], wide: bool
    ) -> npt.NDArray[np.unsignedinteger[Any]]:
        """``value`` as code units: U+FFFD for values beyond Unicode unless
        ``wide``, in the type :func:`code_unit_type` picks for the block."""
        if wide:
            return value.astype(np.uint32)
        widest = int(value.max()) if len(value) else 0
        if widest > 0x10FFFF:
            value = np.where(value > 0x10FFFF, REPLACEMENT, value)
            widest = REPLACEMENT
        return value.astype(code_unit_type(widest, len(value), self.n_chars))

    def _with_ascii(
        self, data: bytes, tokens: _Tokens, units: npt.NDArray[np.unsignedinteger[Any]]
    ) -> npt.NDArray[np.unsignedinteger[Any]]:
        """The block's code units: the non-ASCII tokens' ``units`` among the
        ASCII bytes, a U+FFFD for each stray continuation byte."""
        kept = np.frombuffer(data.translate(None, CONTINUATION_BYTES), np.uint8)
        out = kept.astype(units.dtype)
        strays = tokens.special[tokens.reasons == _R_STRAY]
        if len(strays):
            at = tokens.char[strays]
            out = np.insert(out, at - np.arange(len(at)), REPLACEMENT)
        out[tokens.char] = units
        if len(out) != self.n_chars:
            raise AssertionError("corrected-utf-8: text and spans disagree")
        return out


def _dense_and_well_formed(
    b: ByteArray,
) -> tuple[npt.NDArray[np.uint32], Specials | None] | None:
    """When high bytes are dense (a third of the block or more) and every
    lead has exactly the continuation bytes it wants: the code point of
    every character (one per byte that is not a continuation byte) and the
    spans that are not plain text. ``None`` otherwise."""
    signed = b.view(np.int8)
    if 3 * int(np.count_nonzero(signed < 0)) < len(b):
        return None
    starts = np.flatnonzero(signed >= -64)
    if not len(starts) or starts[0]:
        return None
    first = b[starts]
    need = np.take(_NEED, first)
    continuations = np.diff(starts, append=len(b))
    continuations -= 1
    if not bool((continuations == need).all()):
        return None
    value = sequence_values(b, starts, need, first)
    index, kinds, reasons = _with_value_warnings(
        value, np.zeros(0, np.int64), np.zeros(0, np.uint8), np.zeros(0, np.uint8)
    )
    at = np.flatnonzero(_control_mask(first))
    if len(at):
        index = np.concatenate((index, at))
        kinds = np.concatenate((kinds, np.full(len(at), _WARNING, np.uint8)))
        reasons = np.concatenate((reasons, np.where(first[at] == 0, _R_NUL, _R_CONTROL)))
        order = np.argsort(index, kind="stable")
        index, kinds, reasons = index[order], kinds[order], reasons[order]
    if not len(index):
        return value, None
    pos = starts[index]
    values = np.where(kinds == _BEYOND, value[index].astype(np.int64), -1)
    return value, Specials(pos, pos + need[index] + 1, index, kinds, reasons, values)


def decode_any_path(data: bytes) -> tuple[str, SpanTable]:
    """A block (not at the start) decoded by the general path alone, never
    the dense one: for the tests that hold both to the same answers."""
    decoded = _Decoded(data, wide=False, dense_path=False)
    text = text_from_code_units(decoded.units)
    if decoded.specials is None:
        return text, single_text_span(len(data), decoded.n_chars)
    return text, decoded.specials.table(len(data), decoded.n_chars)


def decode_cutf8(data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    """Decode a block that ends at a safe cut (or the end of the input);
    ``at_start`` says whether it begins the stream, where the magic number
    may stand."""
    if at_start and data.startswith(MAGIC_NUMBER):
        text, table = decode_cutf8(data[len(MAGIC_NUMBER) :], False)
        signature = prepend_span(
            _SIGNATURE, REASON_CODE[Reason.MAGIC_NUMBER], len(MAGIC_NUMBER), 4, table
        )
        return MAGIC_TEXT + text, signature
    if not data:
        return "", SpanTable.empty()
    decoded = _Decoded(data, wide=False)
    text = text_from_code_units(decoded.units)
    if decoded.specials is None:
        return text, single_text_span(len(data), decoded.n_chars)
    return text, decoded.specials.table(len(data), decoded.n_chars)


def cutf8_safe_cut(data: bytes, at_start: bool) -> int:
    """The largest safe cut: before the last lead byte if its sequence may
    still grow (it is short of continuation bytes, or it is FE/FF, whose run
    has no end), else the end. Never inside what may become the magic
    number at the start of a stream."""
    n = len(data)
    if at_start and n < len(MAGIC_NUMBER) and MAGIC_NUMBER.startswith(data):
        return 0
    last = len(data.rstrip(CONTINUATION_BYTES)) - 1
    if last < 0:
        return n  # only continuation bytes: strays, each already decided
    need = int(_NEED[data[last]])
    if need == -1 or n - 1 - last < need:
        return last
    return n


def decode_code_points(
    data: bytes | bytearray | memoryview, strip_signature: bool = False
) -> list[int]:
    """The code points of ``data`` as integers, values above U+10FFFF kept
    (each ill-formed token gives U+FFFD, as in the text). With
    ``strip_signature``, a leading magic number gives nothing."""
    raw = bytes(data)
    if strip_signature and raw.startswith(MAGIC_NUMBER):
        raw = raw[len(MAGIC_NUMBER) :]
    if not raw:
        return []
    units: list[int] = _Decoded(raw, wide=True).units.tolist()
    return units


# -- encoding -------------------------------------------------------------------


def sequence_lengths(code_points: npt.NDArray[np.integer[Any]]) -> IntArray:
    """Bytes each code point takes (C1 and surrogates must be gone)."""
    lengths = 1 + (code_points >= 0x80).astype(np.int64)
    for first in FIRST_CODE_POINT[3:]:
        lengths += code_points >= first
    return lengths


class EncodedCodePoints:
    """Corrected UTF-8 bytes of encodable code points (no C1 control, no
    surrogate, none above U+8421109F), and where each one's encoding ends.

    When few code points are non-ASCII, the ASCII is copied as it is and room
    for the others' continuation bytes is made with one ``np.insert``; when
    many are, every code point's length and place is computed.
    """

    def __init__(self, code_points: npt.NDArray[np.integer[Any]]) -> None:
        wide = np.flatnonzero(code_points >= 0x80)
        self._wide = wide
        self._extra_upto = np.zeros(0, np.int64)
        self._ends: IntArray | None = None
        if not len(wide):
            self.data = code_points.astype(np.uint8).tobytes()
            return
        value = code_points[wide].astype(np.int64)
        length = sequence_lengths(value)
        if 8 * len(wide) < len(code_points):
            extra = length - 1
            self._extra_upto = np.cumsum(extra)
            out = np.insert(code_points.astype(np.uint8), np.repeat(wide + 1, extra), 0)
            end = wide + self._extra_upto + 1
        else:
            lengths = np.ones(len(code_points), np.int64)
            lengths[wide] = length
            self._ends = np.cumsum(lengths)
            out = np.empty(int(self._ends[-1]), np.uint8)
            out[self._ends - 1] = code_points  # ASCII in place; the rest overwritten below
            end = self._ends[wide]
        _write_sequences(out, value, length, end)
        self.data = out.tobytes()

    def ends(self, indices: IntArray) -> IntArray:
        """Byte offsets just past the encodings of the code points at ``indices``."""
        if self._ends is not None:
            at: IntArray = self._ends[indices]
            return at
        taken = np.searchsorted(self._wide, indices, side="right")
        ends: IntArray = indices + 1 + np.concatenate(([0], self._extra_upto))[taken]
        return ends


def _write_sequences(out: ByteArray, value: IntArray, length: IntArray, end: IntArray) -> None:
    """Write the multi-byte sequences of ``value`` (``length`` bytes each,
    ending at ``end``) into ``out``."""
    raw = value - np.take(_OFFSETS, length)
    raw[(length == 3) & (value >= 0xE000)] -= _GAP
    out[end - length] = np.take(_LEAD_MARKS, length) | (raw >> (6 * (length - 1)))
    for k in range(1, MAX_SEQUENCE):  # the k-th byte from the end of each
        out[end - k] = 0x80 | ((raw >> (6 * (k - 1))) & 0x3F)
        more = np.flatnonzero(length > k + 1)
        if not len(more):
            break
        raw, end, length = raw[more], end[more], length[more]


def _unencodable(code_points: AnyInts) -> IntArray:
    """Indices of C1 controls and surrogates."""
    bad = (code_points >> 5) == 0x80 >> 5  # 80..9F
    bad |= (code_points >> 11) == 0xD800 >> 11
    return np.flatnonzero(bad)


_REPLACEMENT_BYTES = 3  # U+FFFD is a 3-byte sequence (EE BD 9D)


def _refuse_non_integers(given: np.ndarray) -> None:
    """Raise for code points that are not all integers (:class:`TypeError`),
    or are integers too large for int64 (:class:`ValueError`)."""
    for index, value in enumerate(given.tolist()):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(
                f"code_points must be integers, not {type(value).__name__} (at index {index})"
            )
        if not 0 <= value <= MAX_CODE_POINT:
            raise ValueError(f"code point {value:#x} at index {index} is outside 0..0x8421109F")


def encode_code_points(code_points: Sequence[int] | IntArray, errors: Errors = "strict") -> bytes:
    """Corrected UTF-8 bytes of integers across the whole range, U+0000 to
    U+8421109F. C1 controls and surrogates have no encoding: ``strict``
    raises :class:`EncodeError`, ``replace`` writes U+FFFD. An integer
    outside the range is a :class:`ValueError` under both."""
    check_errors(errors)
    given = np.asarray(code_points).reshape(-1)
    if len(given) and given.dtype.kind not in "iu":
        _refuse_non_integers(given)
    cps = given.astype(np.int64)
    if len(cps) and (int(cps.min()) < 0 or int(cps.max()) > MAX_CODE_POINT):
        bad = int(np.flatnonzero((cps < 0) | (cps > MAX_CODE_POINT))[0])
        raise ValueError(f"code point {int(cps[bad]):#x} at index {bad} is outside 0..0x8421109F")
    unencodable = _unencodable(cps)
    if len(unencodable):
        first = int(unencodable[0])
        if errors == "strict":
            raise EncodeError(
                CUTF8.id,
                "\ufffd" * first + chr(int(cps[first])),
                first,
                int(EncodedCodePoints(cps[:first]).ends(np.array([first - 1]))[0]) if first else 0,
                "C1 controls and surrogates have no encoding in Corrected UTF-8",
            )
        cps = cps.copy()
        cps[unencodable] = REPLACEMENT
    return EncodedCodePoints(cps).data


# -- the format -----------------------------------------------------------------


class CorrectedUtf8(Format):
    """Corrected UTF-8: UTF-8's shapes with per-length offsets (no overlong
    forms, no C1 controls, no surrogates) up to U+8421109F."""

    id = "corrected-utf-8"
    aliases: ClassVar[tuple[str, ...]] = ("cutf-8", "cutf8", "corrected-utf8")
    description = "Corrected UTF-8: no overlong forms, no C1 or surrogates, up to U+8421109F"
    lookahead = len(MAGIC_NUMBER)
    preferred_block = WHOLE_INPUT_BLOCK
    signature_text: ClassVar[str] = MAGIC_TEXT

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        return decode_cutf8(data, at_start)

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        return cutf8_safe_cut(data, at_start)

    def decode_whole(
        self, data: bytes | bytearray | memoryview, errors: Errors
    ) -> tuple[str, SpanTable] | None:
        """ASCII with no control to warn of, in one call; anything else goes to the
        block driver (in :data:`preferred_block` pieces)."""
        del errors  # only input without errors comes this way
        raw = bytes(data)
        if raw.isascii() and not any_byte_in_ranges(raw, CONTROL_RANGES):
            return raw.decode("ascii"), single_text_span(len(raw), len(raw))
        return None

    def resync(self, source: Source, offset: int) -> int:
        """The start of the token holding byte ``offset``: back over at most 5
        continuation bytes to the lead that owns them; further only inside a
        reserved run, back to its FE/FF. A stray continuation byte is a
        token of its own, so decoding may start at it. Inside a magic
        number at the start, the start."""
        src = as_source(source)
        if offset < len(MAGIC_NUMBER) and src.read(0, len(MAGIC_NUMBER)) == MAGIC_NUMBER:
            return 0
        here = src.read(offset, offset + 1)
        if not here or _NEED[here[0]] != -2:
            return offset
        lo = max(0, offset - (MAX_SEQUENCE - 1))
        before = src.read(lo, offset).rstrip(CONTINUATION_BYTES)
        if before:
            head = lo + len(before) - 1
            need = int(_NEED[before[-1]])
            owns = need == -1 or offset - head <= need
            return head if owns else offset
        return _reserved_run_start(src, lo, offset)

    def char_byte_lengths(self, chars: str) -> list[int]:
        code_points = np.frombuffer(chars.encode("utf-32-le", "surrogatepass"), np.uint32)
        lengths: list[int] = sequence_lengths(code_points.astype(np.int64)).tolist()
        return lengths

    def encode_spans(self, text: str) -> Encoding:
        """C1 controls and surrogates have no encoding: U+FFFD stands in for
        each, in an ``invalid`` (``unencodable``) span."""
        if text.isascii():
            data = text.encode("ascii")
            return Encoding(data, single_text_span(len(data), len(text)))
        return encode_in_pieces(self._encode_piece, text)

    def _encode_piece(self, text: str) -> Encoding:
        cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
        unencodable = _unencodable(cps)
        if len(unencodable):
            cps = cps.copy()
            cps[unencodable] = REPLACEMENT
        encoded = EncodedCodePoints(cps)
        data = encoded.data
        if not len(unencodable):
            return Encoding(data, single_text_span(len(data), len(text)))
        ends = encoded.ends(unencodable)
        marked = Specials(
            ends - _REPLACEMENT_BYTES, ends, unencodable, _INVALID, REASON_CODE[Reason.UNENCODABLE]
        )
        return Encoding(data, marked.table(len(data), len(text)))


def _reserved_run_start(src: Source, lo: int, offset: int) -> int:
    """The FE/FF that a long run of continuation bytes before ``offset``
    (from ``lo`` at least) belongs to, or ``offset`` if the run is strays."""
    step = 64
    while lo > 0:
        lo = max(0, lo - step)
        before = src.read(lo, offset).rstrip(CONTINUATION_BYTES)
        if before:
            return lo + len(before) - 1 if before[-1] >= 0xFE else offset
        step *= 4
    return offset


_OFFSETS = np.array(OFFSETS, np.int64)
_LEAD_MARKS = np.array(LEAD_MARKS, np.int64)

CUTF8 = CorrectedUtf8()

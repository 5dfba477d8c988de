"""Corrected UTF-8's general decoding path: any block, ill-formed tokens
included. The non-ASCII tokens are found by their first byte
(:class:`Heads`), made whole with their lengths, values and character
offsets (:class:`Tokens`), each stray continuation byte a token of its own;
the text is the input without its continuation bytes, each lead overwritten
by its character (see :mod:`mojiscope.core.codecs.cutf8.format`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.block_text import (
    REPLACEMENT,
    AnyInts,
    ByteArray,
    IntArray,
    Specials,
)
from mojiscope.core.codecs.cutf8.sequences import (
    BEYOND,
    INVALID,
    NEED,
    R_CONTROL,
    R_NUL,
    R_RESERVED,
    R_STRAY,
    R_TRUNCATED,
    RESERVED,
    TEXT,
    WARNING,
    control_mask,
    sequence_values,
    with_value_warnings,
)
from mojiscope.core.spans.table import NO_VALUE


class Heads:
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


class Tokens:
    """Every non-ASCII token of a block, in byte order, one character each:
    its ``pos``, ``length`` in bytes, ``value`` (U+FFFD unless a complete
    sequence) and ``char`` offset; ``special`` indexes the tokens that are
    not plain text, with their ``kinds`` and ``reasons``."""

    def __init__(self, b: ByteArray, heads: Heads) -> None:
        need = np.take(NEED, heads.byte)
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
        self.special, self.kinds, self.reasons = with_value_warnings(
            self.value, special, kinds, reasons
        )

    @property
    def extra_upto(self) -> IntArray:
        """Bytes beyond their one character, of the tokens up to each."""
        if self._extra_upto is None:
            self._extra_upto = np.cumsum(self.length - 1)
        return self._extra_upto

    def _ill_formed(
        self, b: ByteArray, heads: Heads, need: AnyInts
    ) -> tuple[IntArray, ByteArray, ByteArray]:
        """Truncated sequences, reserved runs and strays (each stray its own
        token); sets ``pos``, ``length`` and ``value``."""
        attached = heads.attached
        complete = (need > 0) & (attached >= need)
        stray_head = need == -2
        length = np.where(complete, need, attached) + 1
        length[stray_head] = 1
        strays_after = np.where(complete | stray_head, attached - np.maximum(need, 0), 0)
        kind = np.full(len(need), INVALID, np.uint8)
        reason = np.full(len(need), R_TRUNCATED, np.uint8)
        reason[stray_head] = R_STRAY
        kind[need == -1] = RESERVED
        reason[need == -1] = R_RESERVED
        value = np.full(len(need), REPLACEMENT, np.int64)
        done = np.flatnonzero(complete)
        value[done] = sequence_values(b, heads.pos[done], need[done], heads.byte[done])
        kind[done] = TEXT
        self.pos, self.length, self.value, kind, reason = with_strays(
            heads.pos, length, value, kind, reason, strays_after
        )
        special = np.flatnonzero(kind != TEXT)
        return special, kind[special], reason[special]

    def chars_at(self, positions: IntArray) -> IntArray:
        """Character offsets of ASCII bytes at ``positions``."""
        before = np.searchsorted(self.pos, positions)
        chars: IntArray = positions - np.concatenate(([0], self.extra_upto))[before]
        return chars

    def specials(self) -> Specials:
        s = self.special
        pos = self.pos[s]
        values = np.where(self.kinds == BEYOND, self.value[s].astype(np.int64), NO_VALUE)
        return Specials(pos, pos + self.length[s], self.char[s], self.kinds, self.reasons, values)


def with_strays(
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
    out_kind = np.where(is_stray, INVALID, kind[owner]).astype(np.uint8)
    out_reason = np.where(is_stray, R_STRAY, reason[owner]).astype(np.uint8)
    return out_pos, out_length, out_value, out_kind, out_reason


def control_warnings(b: ByteArray, tokens: Tokens | None) -> Specials | None:
    """NUL (``nul``) and the C0 controls but LF (``discouraged-control``)."""
    control = control_mask(b)
    if not control.any():
        return None
    at = np.flatnonzero(control)
    chars = at if tokens is None else tokens.chars_at(at)
    reason = np.where(b[at] == 0, R_NUL, R_CONTROL)
    return Specials(at, at + 1, chars, WARNING, reason)

"""Corrected UTF-8 encoding, of a ``str`` and of integers across the whole
range (values above U+10FFFF, which a ``str`` cannot hold): each code point
less its length's offset, in RFC 2044 UTF-8's bit layout. C1 controls and
surrogates have no encoding.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.arguments import check_errors
from mojiscope.core.codecs.block_text import (
    REPLACEMENT,
    AnyInts,
    ByteArray,
    IntArray,
    Specials,
    encode_in_pieces,
)
from mojiscope.core.codecs.cutf8.sequences import (
    FIRST_CODE_POINT,
    FORMAT_ID,
    GAP,
    INVALID,
    LEAD_MARKS,
    MAX_CODE_POINT,
    MAX_SEQUENCE,
    OFFSETS,
)
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Errors
from mojiscope.core.errors import EncodeError
from mojiscope.core.spans.event import REASON_CODE, Reason

_OFFSETS = np.array(OFFSETS, np.int64)
_LEAD_MARKS = np.array(LEAD_MARKS, np.int64)


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
    raw[(length == 3) & (value >= 0xE000)] -= GAP
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
                FORMAT_ID,
                "\ufffd" * first + chr(int(cps[first])),
                first,
                int(EncodedCodePoints(cps[:first]).ends(np.array([first - 1]))[0]) if first else 0,
                "C1 controls and surrogates have no encoding in Corrected UTF-8",
            )
        cps = cps.copy()
        cps[unencodable] = REPLACEMENT
    return EncodedCodePoints(cps).data


def encode_cutf8(text: str) -> Encoding:
    """C1 controls and surrogates have no encoding: U+FFFD stands in for
    each, in an ``invalid`` (``unencodable``) span."""
    if text.isascii():
        data = text.encode("ascii")
        return Encoding(data, single_text_span(len(data), len(text)))
    return encode_in_pieces(_encode_piece, text)


def _encode_piece(text: str) -> Encoding:
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
        ends - _REPLACEMENT_BYTES, ends, unencodable, INVALID, REASON_CODE[Reason.UNENCODABLE]
    )
    return Encoding(data, marked.table(len(data), len(text)))

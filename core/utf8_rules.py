"""The byte rules of UTF-8 (Unicode Table 3-7) as lookup tables, and the
reasons an ill-formed maximal subpart is ill-formed.

Shared by the two decoding paths of :mod:`mojiscope.core.utf8_family`: the
scalar functions here serve the sparse path (a few errors, inspected one at a
time); the tables serve the vectorised path (numpy, every byte at once). Both
must agree; the tests check that they do on random bytes.

A *maximal subpart* (Unicode D93b) is the longest prefix of a well-formed
sequence starting at an unconvertible offset, or one byte. Its reason:

* ``stray-continuation``: it is a lone 80..BF byte;
* ``overlong``: C0, C1, or E0 followed by 80..9F, or F0 followed by 80..8F;
* ``surrogate``: ED followed by A0..BF (UTF-8 only; WTF-8 accepts these);
* ``out-of-range``: F5..F7, or F4 followed by 90..BF;
* ``invalid-byte``: F8..FF;
* ``truncated``: a valid lead whose sequence is cut by a byte that does not
  continue it, or by the end of the input.
"""

from __future__ import annotations

import numpy as np

from mojiscope.core.spans import Reason

#: Continuation bytes each lead byte needs (0 for ASCII and for bytes that
#: cannot start a sequence).
NEED = np.zeros(256, np.uint8)
NEED[0xC2:0xE0] = 1
NEED[0xE0:0xF0] = 2
NEED[0xF0:0xF5] = 3

#: Bytes that start a well-formed sequence.
GOOD_LEAD = np.zeros(256, bool)
GOOD_LEAD[0x00:0x80] = True
GOOD_LEAD[0xC2:0xF5] = True


def second_byte_bounds(wtf: bool) -> tuple[np.ndarray, np.ndarray]:
    """Per lead byte, the inclusive range its second byte must fall in.
    Bytes that need no second byte get an empty range (lo > hi). WTF-8 raises
    ED's upper bound to BF, admitting surrogates."""
    lo = np.ones(256, np.uint8)
    hi = np.zeros(256, np.uint8)
    lo[0xC2:0xF5] = 0x80
    hi[0xC2:0xF5] = 0xBF
    lo[0xE0], hi[0xED] = 0xA0, 0x9F
    lo[0xF0], hi[0xF4] = 0x90, 0x8F
    if wtf:
        hi[0xED] = 0xBF
    return lo, hi


def second_byte_range(lead: int, wtf: bool) -> tuple[int, int]:
    if lead == 0xE0:
        return 0xA0, 0xBF
    if lead == 0xED:
        return 0x80, 0xBF if wtf else 0x9F
    if lead == 0xF0:
        return 0x90, 0xBF
    if lead == 0xF4:
        return 0x80, 0x8F
    return 0x80, 0xBF


# Reason codes for the vectorised path: the reason a lead byte gives when the
# subpart is just that byte and the next byte is not a continuation at all.
R_NONE, R_STRAY, R_OVERLONG, R_SURROGATE, R_RANGE, R_BYTE, R_TRUNC = range(7)
REASON_OF_CODE: tuple[Reason | None, ...] = (
    None,
    Reason.STRAY_CONTINUATION,
    Reason.OVERLONG,
    Reason.SURROGATE,
    Reason.OUT_OF_RANGE,
    Reason.INVALID_BYTE,
    Reason.TRUNCATED,
)

BASE_REASON = np.full(256, R_TRUNC, np.uint8)
BASE_REASON[0x00:0x80] = R_NONE
BASE_REASON[0x80:0xC0] = R_STRAY
BASE_REASON[0xC0:0xC2] = R_OVERLONG
BASE_REASON[0xF5:0xF8] = R_RANGE
BASE_REASON[0xF8:0x100] = R_BYTE

#: For E0, ED, F0 and F4: the reason when the second byte *is* a continuation
#: byte but outside the lead's range.
SECOND_BYTE_REASON = np.full(256, R_TRUNC, np.uint8)
SECOND_BYTE_REASON[0xE0] = R_OVERLONG
SECOND_BYTE_REASON[0xED] = R_SURROGATE
SECOND_BYTE_REASON[0xF0] = R_OVERLONG
SECOND_BYTE_REASON[0xF4] = R_RANGE


def is_continuation(byte: int) -> bool:
    return byte & 0xC0 == 0x80


def subpart_reason(data: bytes, start: int, end: int) -> Reason:
    """Why the maximal subpart ``data[start:end]`` is ill-formed."""
    lead = data[start]
    code = int(BASE_REASON[lead])
    if code == R_TRUNC and end - start == 1 and start + 1 < len(data):
        second = data[start + 1]
        if is_continuation(second):
            code = int(SECOND_BYTE_REASON[lead])
    reason = REASON_OF_CODE[code]
    assert reason is not None
    return reason


def would_be_value(data: bytes, start: int) -> int | None:
    """The value an overlong, surrogate or out-of-range sequence at ``start``
    would have encoded, if all its bytes are present (``C0 AF`` -> 0x2F)."""
    lead = data[start]
    if 0xC0 <= lead <= 0xC1:
        length, value = 2, lead & 0x1F
    elif lead in (0xE0, 0xED):
        length, value = 3, lead & 0x0F
    elif 0xF0 <= lead <= 0xF7:
        length, value = 4, lead & 0x07
    else:
        return None
    tail = data[start + 1 : start + length]
    if len(tail) < length - 1 or not all(is_continuation(b) for b in tail):
        return None
    for b in tail:
        value = (value << 6) | (b & 0x3F)
    return value


def vector_would_be_values(
    b0: np.ndarray, b1: np.ndarray, b2: np.ndarray, b3: np.ndarray
) -> np.ndarray:
    """Vectorised :func:`would_be_value` over gathered lead/following bytes:
    -1 where there is no value to report."""
    c1 = (b1 & 0xC0) == 0x80
    c2 = (b2 & 0xC0) == 0x80
    c3 = (b3 & 0xC0) == 0x80
    t1 = (b1 & 0x3F).astype(np.int64)
    t2 = (b2 & 0x3F).astype(np.int64)
    t3 = (b3 & 0x3F).astype(np.int64)
    v2 = ((b0 & 0x1F).astype(np.int64) << 6) | t1
    v3 = ((b0 & 0x0F).astype(np.int64) << 12) | (t1 << 6) | t2
    v4 = ((b0 & 0x07).astype(np.int64) << 18) | (t1 << 12) | (t2 << 6) | t3
    two = (b0 >= 0xC0) & (b0 <= 0xC1) & c1
    three = ((b0 == 0xE0) | (b0 == 0xED)) & c1 & c2
    four = (b0 >= 0xF0) & (b0 <= 0xF7) & c1 & c2 & c3
    out = np.full(len(b0), -1, np.int64)
    out[two] = v2[two]
    out[three] = v3[three]
    out[four] = v4[four]
    return out

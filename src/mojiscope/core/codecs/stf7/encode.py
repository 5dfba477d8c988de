"""STF-7 encoding: each scalar value as itself (direct) or as its minimal
number of chunks; a surrogate, which has no encoding, as U+FFFD's chunks in
an ``invalid`` (``unencodable``) span."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.block_text import (
    REPLACEMENT,
    IntArray,
    Specials,
    any_byte_in_ranges,
    encode_in_pieces,
)
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding
from mojiscope.core.codecs.stf7.chunks import (
    CHUNK_RANGES,
    FINAL_OF,
    INVALID,
    IS_DIRECT,
    MAX_CHUNKS,
    NON_FINAL_OF,
)
from mojiscope.core.spans.event import REASON_CODE, Reason


def chunk_counts(code_points: npt.NDArray[np.uint32]) -> IntArray:
    """Bytes each code point takes: 1 if direct, else its minimal chunk count."""
    counts = 2 + (code_points >= 0x100).astype(np.int64)
    for bound in (0x1000, 0x10000, 0x100000):
        counts += code_points >= bound
    counts[(code_points < 0x80) & IS_DIRECT[code_points & 0xFF]] = 1
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
    out[at] = FINAL_OF[cps & 0xF]
    counts = counts[indirect]
    for j in range(1, MAX_CHUNKS):
        more = np.flatnonzero(counts > j)
        if not len(more):
            break
        cps, at, counts = cps[more], at[more] - 1, counts[more]
        out[at] = NON_FINAL_OF[(cps >> (4 * j)) & 0xF]
    return out.tobytes()


def code_points_of(text: str) -> npt.NDArray[np.uint32]:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)


def encode_stf7(text: str) -> Encoding:
    """Surrogates have no encoding: U+FFFD's 4 chunks stand in for each,
    in an ``invalid`` (``unencodable``) span."""
    if text.isascii():
        data = text.encode("ascii")
        if not any_byte_in_ranges(data, CHUNK_RANGES):  # nothing but direct characters
            return Encoding(data, single_text_span(len(data), len(text)))
    return encode_in_pieces(_encode_piece, text)


def _encode_piece(text: str) -> Encoding:
    code_points = code_points_of(text)
    surrogate = np.flatnonzero((code_points >> 11) == 0xD800 >> 11)
    if len(surrogate):
        code_points = code_points.copy()
        code_points[surrogate] = REPLACEMENT
    counts = chunk_counts(code_points)
    data = _encode_code_points(code_points, counts)
    if not len(surrogate):
        return Encoding(data, single_text_span(len(data), len(text)))
    ends = np.cumsum(counts)[surrogate]
    unencodable = Specials(ends - 4, ends, surrogate, INVALID, REASON_CODE[Reason.UNENCODABLE])
    return Encoding(data, unencodable.table(len(data), len(text)))

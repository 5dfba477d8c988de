"""STF-7's dense path: a block of many sequences, all well-formed in shape.

When each final chunk closes a run and each run is closed (and no byte is
above 7F), every byte that is not a non-final chunk ends one character, so
the values of those bytes' tokens are the text, with nothing to delete or
insert. Worth trying when final chunks are a quarter of the block or more.
"""

from __future__ import annotations

import numpy as np

from mojiscope.core.codecs.block_text import (
    REPLACEMENT,
    BoolArray,
    ByteArray,
    Specials,
    UnitArray,
    code_unit_type,
)
from mojiscope.core.codecs.stf7.chunks import (
    INVALID,
    LOOK_BELOW,
    R_TOO_LONG,
    TEXT,
    classify,
    sequence_values,
)
from mojiscope.core.spans.table import NO_VALUE


def dense_and_well_formed(
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
    value = sequence_values(data, b, ends, extra)
    direct = np.flatnonzero(extra == 0)
    if len(direct):
        value[direct] = b[ends[direct]]  # direct bytes are themselves
    suspect = value < np.take(LOOK_BELOW, extra, mode="clip")
    suspect |= (value >> 11) == 0xD800 >> 11
    look = np.flatnonzero(suspect)
    specials = None
    if len(look):
        kinds, reasons = classify(value[look], extra[look])
        special = np.flatnonzero(kinds != TEXT)
        if len(special):
            chars = look[special]
            shown = value[chars].astype(np.int64)
            kinds, reasons = kinds[special], reasons[special]
            shown[(kinds != INVALID) | (reasons == R_TOO_LONG)] = NO_VALUE
            value[chars[kinds == INVALID]] = REPLACEMENT
            last = ends[chars]
            specials = Specials(last - extra[chars], last + 1, chars, kinds, reasons, shown)
    widest = int(value.max())
    return value.astype(code_unit_type(widest, len(value), len(value))), specials

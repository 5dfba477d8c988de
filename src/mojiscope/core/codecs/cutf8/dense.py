"""Corrected UTF-8's dense path: when high bytes are a third of the block
or more and every lead has exactly its continuation bytes, the bytes that
are not continuation bytes are the characters, and their values, computed
with a few gathers, are the text.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.block_text import (
    ByteArray,
    Specials,
)
from mojiscope.core.codecs.cutf8.sequences import (
    BEYOND,
    NEED,
    R_CONTROL,
    R_NUL,
    WARNING,
    control_mask,
    sequence_values,
    with_value_warnings,
)
from mojiscope.core.spans.table import NO_VALUE


def dense_and_well_formed(
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
    need = np.take(NEED, first)
    continuations = np.diff(starts, append=len(b))
    continuations -= 1
    if not bool((continuations == need).all()):
        return None
    value = sequence_values(b, starts, need, first)
    index, kinds, reasons = with_value_warnings(
        value, np.zeros(0, np.int64), np.zeros(0, np.uint8), np.zeros(0, np.uint8)
    )
    at = np.flatnonzero(control_mask(first))
    if len(at):
        index = np.concatenate((index, at))
        kinds = np.concatenate((kinds, np.full(len(at), WARNING, np.uint8)))
        reasons = np.concatenate((reasons, np.where(first[at] == 0, R_NUL, R_CONTROL)))
        order = np.argsort(index, kind="stable")
        index, kinds, reasons = index[order], kinds[order], reasons[order]
    if not len(index):
        return value, None
    pos = starts[index]
    values = np.where(kinds == BEYOND, value[index].astype(np.int64), NO_VALUE)
    return value, Specials(pos, pos + need[index] + 1, index, kinds, reasons, values)

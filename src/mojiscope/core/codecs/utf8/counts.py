"""The anomalies of a UTF-8-family block, without decoding its text.

An index only counts: per chunk, the anomalies (non-``text`` spans) by kind
and reason, where the first and last start, and the bytes they cover. On
bytes dense with errors (random data: one anomaly every two or three bytes)
a full decode spends most of its time on what counting does not need: the
text, the character offsets, the span table. :func:`anomaly_events` finds
the same spans as :func:`~mojiscope.core.codecs.utf8.dense.dense_decode` with the
same rules (it calls the same pieces), and returns only their starts,
lengths, kinds and reasons, unordered. The tests hold the two to the same
answers on every kind of input.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.utf8.dense import (
    _code_points,
    _covered,
    _prefix_lengths,
    _special_sequences,
    ill_formed_reasons,
)
from mojiscope.core.codecs.utf8.engine import IllFormed, Variant
from mojiscope.core.spans.event import KIND_CODE, SpanKind

_INVALID = KIND_CODE[SpanKind.INVALID]
_ESCAPE = KIND_CODE[SpanKind.ESCAPE]


class Anomalies(NamedTuple):
    """Spans that are not ``text``, in no particular order; offsets are
    relative to the block."""

    starts: npt.NDArray[np.intp]
    lengths: npt.NDArray[np.intp]
    kinds: npt.NDArray[np.uint8]
    reasons: npt.NDArray[np.uint8]


def anomaly_events(variant: Variant, data: bytes, at_start: bool) -> Anomalies:
    """The anomalies a decode of ``data`` (a block ending at a safe cut, at
    the start of the source if ``at_start``) under ``variant`` would report."""
    n = len(data)
    b = np.frombuffer(data + b"\0\0\0", np.uint8)
    length, whole = _prefix_lengths(b, n, variant.wtf_surrogates)
    covered = _covered(length)
    bad = np.flatnonzero(~covered & ~whole)  # maximal subparts
    # Only sequences led by ED (surrogates) or EE (U+EF80..U+EFFF) can be
    # special among the well-formed ones; a BOM only at the start.
    lead = b[:n]
    candidates = (lead == 0xED) | (lead == 0xEE)
    if at_start and n:
        candidates[0] |= lead[0] == 0xEF  # a BOM
    maybe = np.flatnonzero(whole & ~covered & candidates)
    special = _special_sequences(
        data,
        at_start,
        maybe,
        _code_points(b, maybe, length[maybe]),
        variant.wtf_surrogates,
        variant.pua_collisions,
    )
    bad_len = length[bad]
    reasons = np.zeros(len(bad), np.uint8)
    ill_formed_reasons(b, bad, bad_len, reasons, None)
    kind = _INVALID if variant.ill_formed is IllFormed.REPLACE else _ESCAPE
    sp_pos, sp_kind, sp_reason, _values = special
    return Anomalies(
        np.concatenate((bad, sp_pos)),
        np.concatenate((bad_len.astype(np.intp), np.full(len(sp_pos), 3, np.intp))),
        np.concatenate((np.full(len(bad), kind, np.uint8), sp_kind)),
        np.concatenate((reasons, sp_reason)),
    )

"""STF-7's general decoding path: any block, ill-formed tokens included.

The runs of non-final chunks are found first (:class:`Runs`): a run that
the final chunk after it closes is a sequence, any other is truncated.
Every token yields one character, so a token's character offset is its byte
offset less the extra bytes of the runs before it. The sequences' values
are packed with a few gathers, and only those that can be anything but plain
text are classified. The text is the input with the non-final chunks
deleted (``bytes.translate``), each closing chunk overwritten by its
character, decoded in one C call.
"""

from __future__ import annotations

import numpy as np

from mojiscope.core.codecs.block_text import (
    REPLACEMENT,
    BoolArray,
    ByteArray,
    IntArray,
    Specials,
    code_unit_type,
    text_from_code_units,
)
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.stf7.chunks import (
    INVALID,
    LOOK_BELOW,
    NON_FINAL_CHUNKS,
    R_NON_ASCII,
    R_OVERLONG,
    R_TOO_LONG,
    R_TRUNCATED,
    TEXT,
    classify,
    nibbles_at,
    sequence_values,
)
from mojiscope.core.spans.table import NO_VALUE, SpanTable


class Runs:
    """The runs of non-final chunks of a block. A run closed by the final
    chunk after it is a sequence (``end`` is that final chunk's offset); any
    other is truncated. ``extra`` is the bytes of each token beyond its one
    character, and ``char`` the character offset of each token."""

    def __init__(self, b: ByteArray, is_non_final: BoolArray, is_final: BoolArray) -> None:
        padded = np.zeros(len(b) + 2, np.bool_)
        padded[1:-1] = is_non_final
        edges = np.flatnonzero(padded[1:] != padded[:-1])
        self.start: IntArray = edges[0::2]
        self.end: IntArray = edges[1::2]
        ends_inside = self.end
        if len(ends_inside) and ends_inside[-1] == len(b):
            ends_inside = ends_inside[:-1]  # a run that reaches the end stays open
        self.closed = np.zeros(len(self.start), np.bool_)
        self.closed[: len(ends_inside)] = is_final[ends_inside]
        self.all_closed = bool(self.closed.all())
        self.extra = self.end - self.start
        if not self.all_closed:
            self.extra -= ~self.closed
        self.extra_upto = np.cumsum(self.extra)
        self.char = self.start + self.extra
        self.char -= self.extra_upto

    def __len__(self) -> int:
        return len(self.start)

    def chars_at(self, positions: IntArray) -> IntArray:
        """Character offsets of single-byte tokens at ``positions``."""
        extra_before = np.concatenate(([0], self.extra_upto))[
            np.searchsorted(self.start, positions)
        ]
        chars: IntArray = positions - extra_before
        return chars


def _sequences(data: bytes, b: ByteArray, runs: Runs, code_points: IntArray) -> Specials | None:
    """Decode the closed runs into ``code_points`` (one per run, U+FFFD for a
    bad one) and return those that are not plain text."""
    closed = None if runs.all_closed else np.flatnonzero(runs.closed)
    last = runs.end if closed is None else runs.end[closed]
    if not len(last):
        return None
    extra = runs.extra if closed is None else runs.extra[closed]
    value = sequence_values(data, b, last, extra)
    suspect = value < np.take(LOOK_BELOW, extra, mode="clip")
    suspect |= (value >> 11) == 0xD800 >> 11
    look = np.flatnonzero(suspect)
    kinds, reasons = classify(value[look], extra[look])
    special = np.flatnonzero(kinds != TEXT)
    shown = value[look[special]].astype(np.int64)
    value[look[kinds == INVALID]] = REPLACEMENT
    if closed is None:
        code_points[:] = value
    else:
        code_points[closed] = value
    if not len(special):
        return None
    shown[(kinds[special] != INVALID) | (reasons[special] == R_TOO_LONG)] = NO_VALUE
    sel = look[special] if closed is None else closed[look[special]]
    return Specials(
        runs.start[sel], runs.end[sel] + 1, runs.char[sel], kinds[special], reasons[special], shown
    )


def _single_byte_errors(
    data: bytes, b: ByteArray, runs: Runs, is_final: BoolArray, n_final: int
) -> list[Specials]:
    """Final chunks with no run before them (one chunk: overlong, with their
    value) and bytes >= 80 (non-ascii)."""
    out: list[Specials] = []
    if n_final > int(np.count_nonzero(runs.closed)):
        lone = is_final.copy()
        lone[runs.end[runs.closed]] = False
        at = np.flatnonzero(lone)
        out.append(Specials(at, at + 1, runs.chars_at(at), INVALID, R_OVERLONG, nibbles_at(b, at)))
    if not data.isascii():
        at = np.flatnonzero(b >= 0x80)
        out.append(Specials(at, at + 1, runs.chars_at(at), INVALID, R_NON_ASCII))
    return out


def decode_general(
    data: bytes, b: ByteArray, is_non_final: BoolArray, is_final: BoolArray, n_final: int
) -> tuple[str, SpanTable]:
    """The general path: runs of non-final chunks found first, then every
    kind of token, ill-formed ones included."""
    n = len(data)
    runs = Runs(b, is_non_final, is_final)
    code_points = np.full(len(runs), REPLACEMENT, np.int64)
    parts = _single_byte_errors(data, b, runs, is_final, n_final)
    sequences = _sequences(data, b, runs, code_points)
    if sequences is not None:
        parts.append(sequences)
    if not runs.all_closed:
        cut = np.flatnonzero(~runs.closed)
        parts.append(Specials(runs.start[cut], runs.end[cut], runs.char[cut], INVALID, R_TRUNCATED))
    specials = Specials.merged(parts)
    n_chars = n - int(runs.extra_upto[-1]) if len(runs) else n
    text = _text(data, runs, code_points, specials, n_chars)
    if specials is None:
        return text, single_text_span(n, n_chars)
    return text, specials.table(n, n_chars)


def _text(
    data: bytes, runs: Runs, code_points: IntArray, specials: Specials | None, n_chars: int
) -> str:
    """The block's text: each byte that is not a non-final chunk stands for
    one character (itself if direct), and a truncated run for a U+FFFD."""
    kept = np.frombuffer(data.translate(None, NON_FINAL_CHUNKS), np.uint8)
    replaced = specials.replaced_chars() if specials is not None else np.zeros(0, np.int64)
    widest = int(code_points.max()) if len(code_points) else 0
    if len(replaced):
        widest = max(widest, REPLACEMENT)
    out = kept.astype(code_unit_type(widest, len(code_points) + len(replaced), n_chars))
    if not runs.all_closed:
        truncated_chars = runs.char[~runs.closed]
        out = np.insert(out, truncated_chars - np.arange(len(truncated_chars)), REPLACEMENT)
    if len(code_points):
        out[runs.char] = code_points
    if len(replaced):
        out[replaced] = REPLACEMENT
    if len(out) != n_chars:
        raise AssertionError("stf-7: text and spans disagree")
    return text_from_code_units(out)

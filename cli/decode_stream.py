"""Decoding an input in bounded memory, piece by piece, for ``inspect``.

:func:`decode_pieces` feeds the input through the format's incremental
decoder in chunks of :data:`CHUNK_SIZE` and yields :class:`DecodedPiece` s:
consecutive runs of spans with absolute byte offsets (from the start of the
input) and absolute character offsets (from the first decoded byte), each
with the bytes it covers. Only one chunk's spans exist at a time.

A range ``[start, end)`` (``--offset``/``--length``) decodes as
:meth:`Format.decode_window` does: it begins at the resynchronisation point
at or before ``start`` (the caller positions the input there) and holds every
span that starts before ``end``, whole; a ``text`` run that crosses ``end``
is cut at the first character boundary at or after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from mojiscope.cli.inputs import ByteInput
from mojiscope.core import Decoding, Format
from mojiscope.core.format import Policy, apply_policy
from mojiscope.core.spans import KIND_CODE, TEXT_CODE, SpanKind
from mojiscope.core.spantable import SpanTable

#: Bytes read per chunk. Random bytes make about one span per 1.5 bytes; at
#: this size a chunk's spans and the decoder's temporaries stay near 50 MB.
CHUNK_SIZE = 1 << 18
_INVALID = KIND_CODE[SpanKind.INVALID]


@dataclass(frozen=True)
class DecodedPiece:
    """Text and spans for input bytes ``[table.byte_start, table.byte_end)``;
    ``raw`` holds those bytes and ``text[0]`` is character ``table.char_start``."""

    text: str
    table: SpanTable
    raw: bytes

    def span_bytes(self, byte_start: int, byte_end: int) -> bytes:
        base = self.table.byte_start
        return self.raw[byte_start - base : byte_end - base]

    def span_text(self, char_start: int, char_end: int) -> str:
        base = self.table.char_start
        return self.text[char_start - base : char_end - base]


def clip_to_end(fmt: Format, text: str, table: SpanTable, end: int) -> tuple[str, SpanTable]:
    """Keep the spans that start before byte ``end``; cut a ``text`` span that
    runs past ``end`` at the first character boundary at or after it."""
    keep = int(np.searchsorted(table.byte_starts[:-1], end, side="left"))
    table = table[:keep]
    if keep and table.kinds[-1] == TEXT_CODE and table.byte_end > end:
        base = table.char_start
        last_chars = text[int(table.char_starts[-2]) - base : table.char_end - base]
        tail = last_chars[-(table.byte_end - end) :]  # every char is at least one byte
        byte_end, dropped = table.byte_end, 0
        for length in reversed(fmt.char_byte_lengths(tail)):
            if byte_end - length < end:
                break
            byte_end -= length
            dropped += 1
        byte_starts, char_starts = table.byte_starts.copy(), table.char_starts.copy()
        byte_starts[-1], char_starts[-1] = byte_end, char_starts[-1] - dropped
        table = SpanTable(table.kinds, table.reasons, byte_starts, char_starts, table.values)
    return text[: table.char_end - table.char_start], table


class PolicyStream:
    """Applies a replacement policy piece by piece, keeping character offsets
    running across pieces and a ``per-run`` run whole across a seam."""

    def __init__(self, fmt: Format, policy: Policy) -> None:
        self.fmt = fmt
        self.policy = policy
        self.chars = 0
        self.after_invalid = False

    def __call__(self, piece: DecodedPiece) -> DecodedPiece:
        if self.policy == "maximal-subpart":
            return piece
        decoding = apply_policy(Decoding(self.fmt, piece.text, piece.table), self.policy)
        table = decoding.spans.shifted(0, self.chars - decoding.spans.char_start)
        text = decoding.text
        if self.policy == "per-run" and self.after_invalid and table.kinds[0] == _INVALID:
            # The run began in the previous piece, which wrote its U+FFFD.
            char_starts = table.char_starts.copy()
            char_starts[1:] -= 1
            table = SpanTable(
                table.kinds, table.reasons, table.byte_starts, char_starts, table.values
            )
            text = text[1:]
        self.chars = table.char_end
        self.after_invalid = bool(table.kinds[-1] == _INVALID)
        return DecodedPiece(text, table, piece.raw)


def decode_pieces(
    fmt: Format,
    source: ByteInput,
    start: int,
    end: int | None,
    policy: Policy = "maximal-subpart",
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[DecodedPiece]:
    """Decode ``source`` (positioned at ``start``, a resynchronisation point)
    up to ``end`` (or its end) in replace mode; see the module docstring."""
    if end is not None and end <= start:
        return
    decoder = fmt.incremental_decoder("replace", start)
    rebase = PolicyStream(fmt, policy)
    step = max(8, fmt.lookahead)  # past ``end``: read a little at a time
    raw = b""
    while True:
        if end is None or source.position < end:
            want = chunk_size if end is None else min(chunk_size, end - source.position)
        else:
            want = step
        chunk = source.read(want)
        decoded = decoder.decode(chunk, final=not chunk)
        raw = raw + chunk if raw else chunk
        text, table = decoded.text, decoded.spans
        done = not chunk
        if end is not None and table.byte_end >= end:
            text, table = clip_to_end(fmt, text, table, end)
            done = True
        if len(table):
            covered = table.byte_end - table.byte_start
            yield rebase(DecodedPiece(text, table, raw[:covered]))
            raw = raw[covered:]
        if done:
            return

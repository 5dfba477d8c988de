"""A streamed decode with a replacement policy, in bounded memory.

:func:`decode_stream` reads an input through a ``read(size)`` callable,
:data:`CHUNK_SIZE` bytes at a time, feeds it to the format's incremental
decoder and yields :class:`Piece` s: consecutive runs of spans with absolute
byte offsets (from the start of the input) and character offsets counted from
the first span given, each with the bytes it covers. Only one chunk's spans
exist at a time, whatever the size of the input.

A range ``[start, end)`` of the input is given as :meth:`Format.decode_window`
gives a window: every span that holds a byte of it, whole, except that a
``text`` run that goes past ``end`` is cut at the first character boundary
at or after it, and a ``text`` or ``warning`` run that holds ``start`` at the
last boundary at or before it (where a decode from ``start`` would begin). Reading
begins at ``begin``: a resynchronisation point at or before ``start``
(:meth:`Format.resync`, exact when :attr:`Format.exact_resync`), or 0, which
is always exact: the spans before ``start`` are then decoded and dropped.

The replacement policy is applied last, piece by piece: character offsets
run on across pieces, and a ``per-run`` run of ``invalid`` spans that
crosses a seam writes its one U+FFFD once (:func:`apply_policy` works on a
whole decoding, which a stream never has).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format, Policy, apply_policy
from mojiscope.core.codecs.held_bytes import HeldBytes, Taken
from mojiscope.core.codecs.incremental import first_strict_error, strict_error_span
from mojiscope.core.errors import DecodeError
from mojiscope.core.spans.event import (
    ERROR_KINDS,
    KIND_CODE,
    KIND_CODES,
    REASON_CODES,
    Reason,
    Span,
    SpanKind,
)
from mojiscope.core.spans.table import NO_VALUE, SpanTable
from mojiscope.core.system.control import UNCONTROLLED, Control

#: Bytes read per chunk. Random bytes make about one span per 1.5 bytes; at
#: this size a chunk's spans and the decoder's temporaries stay near 50 MB.
CHUNK_SIZE = 1 << 18

_TEXT = KIND_CODE[SpanKind.TEXT]
_INVALID = KIND_CODE[SpanKind.INVALID]
_ERROR_CODES = sorted(KIND_CODE[k] for k in ERROR_KINDS)
#: Kinds of runs cut at a character boundary where a range begins or ends.
_CUT_KINDS = np.array([_TEXT, KIND_CODE[SpanKind.WARNING]], np.uint8)

Read = Callable[[int], bytes]
"""``read(size)``: the next bytes of the input, up to ``size`` (fewer only at its end)."""


_KIND_OBJECTS = np.array(KIND_CODES, dtype=object)
_REASON_OBJECTS = np.array(REASON_CODES, dtype=object)


class SpanColumns(NamedTuple):
    """Spans ``lo..hi`` of a piece as parallel lists, for writing many spans
    fast (a :class:`Span` object each costs as much as writing it).
    ``byte_starts`` and ``char_starts`` hold one more item: the end of the last."""

    kinds: list[SpanKind]
    reasons: list[Reason | None]
    values: list[int | None]
    byte_starts: list[int]
    char_starts: list[int]


@dataclass(frozen=True)
class Piece:
    """Text and spans for input bytes ``[spans.byte_start, spans.byte_end)``;
    ``raw`` holds those bytes (at least those around any span) and ``text[0]``
    is character ``spans.char_start``."""

    text: str
    spans: SpanTable
    raw: Taken

    def span_bytes(self, byte_start: int, byte_end: int) -> bytes:
        """The input bytes of ``[byte_start, byte_end)``; of a token too long
        to hold, its first and last bytes (see :mod:`mojiscope.core.codecs.held_bytes`)."""
        return self.raw.slice(byte_start, byte_end)

    def span_text(self, char_start: int, char_end: int) -> str:
        base = self.spans.char_start
        return self.text[char_start - base : char_end - base]

    def columns(self, lo: int, hi: int) -> SpanColumns:
        """Spans ``[lo, hi)`` of this piece as columns (see :class:`SpanColumns`)."""
        table = self.spans
        values = table.values[lo:hi]
        value_objects = values.astype(object)
        value_objects[values == NO_VALUE] = None
        return SpanColumns(
            _KIND_OBJECTS[table.kinds[lo:hi]].tolist(),
            _REASON_OBJECTS[table.reasons[lo:hi]].tolist(),
            value_objects.tolist(),
            table.byte_starts[lo : hi + 1].tolist(),
            table.char_starts[lo : hi + 1].tolist(),
        )

    def anomalies(self, limit: int) -> list[Span]:
        """The first ``limit`` spans that are not ``text``."""
        indices = np.flatnonzero(self.spans.kinds != _TEXT)[: max(limit, 0)]
        return [self.spans[i] for i in indices.tolist()]

    def first_error(self, fmt: Format) -> int | None:
        """Index of the first span strict decoding with ``fmt`` stops at."""
        return first_strict_error(fmt, self.spans)

    def strict_error(self, fmt: Format, index: int) -> DecodeError:
        """The error strict decoding raises at span ``index``, exactly as the
        API raises it (:func:`~mojiscope.core.codecs.incremental.strict_error_span`)."""
        span = strict_error_span(self.spans, index)
        return DecodeError(fmt.id, span, self.span_bytes(span.byte_start, span.byte_end))


def _cut_chars(
    fmt: Format, chars: str, n_bytes: int, offset: int, *, after: bool
) -> tuple[int, int]:
    """Where to cut a run of ``chars`` (``n_bytes`` bytes) near byte
    ``offset`` of it: at the last character boundary at or before it
    (``after=False``) or the first at or after it (``after=True``). Returns
    (characters, bytes) before the cut."""
    if len(chars) == n_bytes:
        return offset, offset
    done = 0
    for count, length in enumerate(fmt.char_byte_lengths(chars)):
        if done + length > offset:
            if after and done < offset:
                return count + 1, done + length
            return count, done
        done += length
    return len(chars), done


def clip_to_end(fmt: Format, text: str, table: SpanTable, end: int) -> tuple[str, SpanTable]:
    """Keep the spans that start before byte ``end``; cut a ``text`` run that
    goes past ``end`` at the first character boundary at or after it."""
    keep = int(np.searchsorted(table.byte_starts[:-1], end, side="left"))
    table = table[:keep]
    if keep and table.byte_end > end and table.kinds[-1] == _TEXT:
        last = table[-1]
        chars = text[last.char_start - table.char_start : last.char_end - table.char_start]
        n_bytes = last.byte_end - last.byte_start
        kept, kept_bytes = _cut_chars(fmt, chars, n_bytes, end - last.byte_start, after=True)
        byte_starts, char_starts = table.byte_starts.copy(), table.char_starts.copy()
        byte_starts[-1], char_starts[-1] = last.byte_start + kept_bytes, last.char_start + kept
        table = SpanTable(table.kinds, table.reasons, byte_starts, char_starts, table.values)
    return text[: table.char_end - table.char_start], table


def clip_to_start(fmt: Format, text: str, table: SpanTable, start: int) -> tuple[str, SpanTable]:
    """Drop the spans that end at or before byte ``start``; cut a ``text`` or
    ``warning`` run that holds ``start`` at the last character boundary at or
    before it. Character offsets stay as they were (the caller rebases them)."""
    base = table.char_start
    first = int(np.searchsorted(table.byte_starts[1:], start, side="right"))
    table = table[first:]
    if len(table) and table.byte_start < start and np.isin(table.kinds[0], _CUT_KINDS):
        head = table[0]
        chars = text[head.char_start - base : head.char_end - base]
        n_bytes = head.byte_end - head.byte_start
        skipped, skipped_bytes = _cut_chars(
            fmt, chars, n_bytes, start - head.byte_start, after=False
        )
        byte_starts, char_starts = table.byte_starts.copy(), table.char_starts.copy()
        byte_starts[0] += skipped_bytes
        char_starts[0] += skipped
        table = SpanTable(table.kinds, table.reasons, byte_starts, char_starts, table.values)
    return text[table.char_start - base :], table


class PolicyStream:
    """Applies a replacement policy piece by piece, counting characters from
    0 at the first piece and keeping a ``per-run`` run whole across a seam."""

    def __init__(self, fmt: Format, policy: Policy) -> None:
        self.fmt = fmt
        self.policy = policy
        self.chars = 0
        self.after_invalid = False

    def __call__(self, piece: Piece) -> Piece:
        if self.policy == "maximal-subpart":  # the decoder's own text: only rebase
            table = piece.spans.shifted(0, self.chars - piece.spans.char_start)
            self.chars = table.char_end
            return Piece(piece.text, table, piece.raw)
        decoding = apply_policy(Decoding(self.fmt, piece.text, piece.spans), self.policy)
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
        return Piece(text, table, piece.raw)


def decoded_pieces(
    fmt: Format, read: Read, begin: int, end: int | None, chunk_size: int, control: Control
) -> Iterator[Piece]:
    """The stream decoded from ``begin`` as the decoder gives it (character
    offsets from ``begin``, no policy), cut at ``end``."""
    decoder = fmt.incremental_decoder("replace", begin)
    position = begin
    held = HeldBytes(begin)
    while True:
        want = chunk_size
        if end is not None:  # near ``end``, read a little at a time
            want = min(chunk_size, end - position) if position < end else max(8, fmt.lookahead)
        chunk = read(want)
        position += len(chunk)
        decoded = decoder.decode(chunk, final=not chunk)
        held.append(chunk)
        text, table = decoded.text, decoded.spans
        piece_raw = held.take(table.byte_end - table.byte_start)
        held.trim()
        done = not chunk
        if end is not None and table.byte_end >= end:
            text, table = clip_to_end(fmt, text, table, end)
            done = True
        if len(table):
            yield Piece(text, table, piece_raw)
        if done:
            return
        control.step(position - begin)


def clip_piece(fmt: Format, piece: Piece, start: int) -> Piece:
    """``piece`` without what lies before byte ``start`` (see :func:`clip_to_start`)."""
    if piece.spans.byte_start >= start:
        return piece
    text, table = clip_to_start(fmt, piece.text, piece.spans, start)
    return Piece(text, table, piece.raw)


def decode_stream(
    fmt: Format,
    read: Read,
    *,
    begin: int = 0,
    start: int | None = None,
    end: int | None = None,
    policy: Policy = "maximal-subpart",
    chunk_size: int = CHUNK_SIZE,
    control: Control = UNCONTROLLED,
) -> Iterator[Piece]:
    """Decode the input ``read`` gives (positioned at byte ``begin``) in
    replace mode, yielding the pieces of ``[start, end)`` (``start``
    defaults to ``begin``, ``end`` to the end of the input); see the module
    docstring. ``control`` hears the bytes read after each chunk."""
    start = begin if start is None else max(start, begin)
    if end is not None and end <= start:
        return
    rebase = PolicyStream(fmt, policy)
    for piece in decoded_pieces(fmt, read, begin, end, chunk_size, control):
        piece = clip_piece(fmt, piece, start)
        if len(piece.spans):
            yield rebase(piece)


class SpanCounter:
    """Counts spans by kind and reason over a stream of pieces, as
    :meth:`Decoding.counts` counts one decoding: a ``text`` run that a seam
    between pieces splits counts once."""

    def __init__(self) -> None:
        self.spans = 0
        self.anomalies = 0
        self._pairs: dict[tuple[int, int], int] = {}
        self._ends_in_text = False

    def add(self, table: SpanTable) -> None:
        if not len(table):
            return
        pairs, tally = np.unique(
            table.kinds.astype(np.int64) * 256 + table.reasons, return_counts=True
        )
        for pair, n in zip(pairs.tolist(), tally.tolist(), strict=True):
            key = (pair // 256, pair % 256)
            self._pairs[key] = self._pairs.get(key, 0) + n
        self.spans += len(table)
        if self._ends_in_text and table.kinds[0] == _TEXT:  # one run across the seam
            self.spans -= 1
            self._pairs[(_TEXT, 0)] -= 1
        self._ends_in_text = bool(table.kinds[-1] == _TEXT)
        self.anomalies += int(np.count_nonzero(table.kinds != _TEXT))

    def counts(self) -> dict[tuple[SpanKind, Reason | None], int]:
        """Spans per (kind, reason), in the order of the enums, none zero."""
        return {
            (KIND_CODES[kind], REASON_CODES[reason]): n
            for (kind, reason), n in sorted(self._pairs.items())
            if n
        }

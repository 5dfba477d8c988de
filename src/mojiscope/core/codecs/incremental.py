"""The incremental decoder every format shares, and strictness.

:class:`IncrementalDecoder` feeds a stream, in chunks of any size, to a
format's three small methods (:meth:`Format.safe_cut`,
:meth:`Format.decode_block`, and :meth:`Format.droppable_run` for tokens of
unbounded length), in blocks of at most :data:`BLOCK_SIZE` bytes (or the
format's :attr:`Format.preferred_block`). :func:`raise_if_error` is what
``errors="strict"`` means, for it and for :meth:`Format.decode`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mojiscope.core.codecs.arguments import check_errors
from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.errors import DecodeError
from mojiscope.core.spans.event import ERROR_KINDS, KIND_CODE, REASON_CODE, Reason, Span
from mojiscope.core.spans.table import SpanTable, join

if TYPE_CHECKING:
    from mojiscope.core.codecs.format import Errors, Format

#: Bytes per block when decoding a large buffer. Large enough to amortise the
#: per-block costs, small enough that temporaries stay in cache-sized pieces.
BLOCK_SIZE = 1 << 20

_ERROR_CODES = sorted(KIND_CODE[k] for k in ERROR_KINDS)


class IncrementalDecoder:
    """Decodes a stream fed in chunks of any size, one ``decode`` call each.

    Protocol (as in ``codecs.IncrementalDecoder``): call :meth:`decode` with
    each chunk and ``final=False``; call it once more with ``final=True``
    (the last chunk, or ``b""``) to flush. Each call returns a
    :class:`Decoding` of the bytes it could decide: absolute byte offsets
    from the start of the stream and absolute character offsets from the
    start of the decoded text (``result.text[0]`` is character
    ``result.spans.char_start``). Bytes it cannot decide yet (an incomplete
    sequence, a possible signature) are held, never lost; empty chunks are
    fine anywhere. Of a token that may grow without bound (see
    :meth:`Format.droppable_run`) it holds only the first and last bytes and
    counts the rest, so memory stays bounded and time linear however long
    the token is (under strict, the error for such a token then carries its
    first bytes only; its offsets are exact). :func:`join_decodings` of all
    results equals one decode of the whole stream. Under ``strict``, a call
    raises :class:`DecodeError` at the first error span, with absolute
    offsets. :meth:`reset` forgets all
    state and returns to the start of a stream.

    ``start`` is where the stream begins in a larger source (a position from
    :meth:`Format.resync`): byte offsets count from there, and a signature is
    recognised only when ``start`` is 0. Character offsets count from 0.
    """

    def __init__(self, fmt: Format, errors: Errors = "replace", start: int = 0) -> None:
        check_errors(errors)
        self.format = fmt
        self.errors = errors
        self.start = start
        self.reset()

    def reset(self) -> None:
        self._pending = b""  # undecided bytes, held with any droppable middle dropped
        self._byte_pos = self.start  # stream offset of _pending[0]
        self._char_pos = 0
        self._dropped = 0  # bytes dropped from the middle of _pending's first token
        self._drop_at = 0  # where, relative to _pending[0]

    def decode(self, data: bytes | bytearray | memoryview, final: bool = False) -> Decoding:
        fmt = self.format
        rest = data if isinstance(data, bytes) else bytes(data)
        head = self._pending
        texts: list[str] = []
        tables: list[SpanTable] = []
        start_byte = self._byte_pos
        block_size = min(BLOCK_SIZE, fmt.preferred_block or BLOCK_SIZE)
        pos = 0
        while head or pos < len(rest):
            # A block with no safe cut grows geometrically (a long run of
            # chunks, say), so a long undecided token costs linear time.
            hi = min(len(rest), pos + max(block_size - len(head), 2 * len(head), 1))
            block = head + rest[pos:hi] if head else rest[pos:hi]
            pos = hi
            is_last = pos == len(rest)
            at_start = self._byte_pos == 0
            cut = len(block) if (final and is_last) else fmt.safe_cut(block, at_start=at_start)
            if cut == 0:
                head = self._without_droppable_middle(block)
                if is_last:
                    break  # not final: wait for more input
                continue
            text, table = fmt.decode_block(block[:cut], at_start=at_start)
            dropped = (self._drop_at, self._dropped)
            raise_if_error(fmt, self.errors, table, block, self._byte_pos, dropped)
            if self._dropped:
                table = _stretched(table, *dropped)
            texts.append(text)
            tables.append(table.shifted(self._byte_pos, self._char_pos))
            self._char_pos += len(text)
            self._byte_pos += cut + self._dropped
            self._dropped = 0
            head = block[cut:]
            if is_last and not final:
                head = self._without_droppable_middle(head)
                break
        self._pending = head
        text = texts[0] if len(texts) == 1 else "".join(texts)
        table = join(tables) if tables else SpanTable.empty(start_byte, self._char_pos)
        return Decoding(fmt, text, table)

    #: Undecided bytes beyond which the decoder asks the format what it may drop.
    HOLD_AT_MOST = 1 << 12

    def _without_droppable_middle(self, block: bytes) -> bytes:
        """``block`` (undecided: no safe cut) less the middle of its first
        token, if it is long and the format says the middle may go; the
        dropped bytes are counted, to be put back into the offsets."""
        if len(block) <= self.HOLD_AT_MOST:
            return block
        run = self.format.droppable_run(block)
        if run is None or (self._dropped and run[0] != self._drop_at):
            return block
        keep, end = run
        self._drop_at = keep
        self._dropped += end - keep
        return block[:keep] + block[end:]


def _stretched(table: SpanTable, at: int, by: int) -> SpanTable:
    """A block-relative ``table`` with ``by`` bytes put back before byte
    ``at``: the span holding byte ``at - 1`` grows, the spans after it move."""
    byte_starts = table.byte_starts.copy()
    byte_starts[byte_starts >= at] += by
    return SpanTable(table.kinds, table.reasons, byte_starts, table.char_starts, table.values)


def raise_if_error(
    fmt: Format,
    errors: str,
    table: SpanTable,
    block: bytes | bytearray | memoryview,
    shift: int,
    dropped: tuple[int, int] = (0, 0),
) -> None:
    """Under strict, raise at the first error span of a block-relative table;
    ``shift`` is the block's offset in the stream. ``dropped`` is (where,
    how many) bytes the incremental decoder dropped from the middle of the
    block's first token: the error's offsets count them, and its bytes are
    then the span's bytes up to the dropped ones."""
    if errors != "strict":
        return
    hit = first_strict_error(fmt, table)
    if hit is None:
        return
    span = strict_error_span(table, hit)
    at, count = dropped
    held = block[span.byte_start : span.byte_end]
    if count and span.byte_start < at <= span.byte_end:
        held = block[span.byte_start : at]
    b0 = span.byte_start + (count if span.byte_start >= at else 0)
    b1 = span.byte_end + (count if span.byte_end >= at else 0)
    absolute = span._replace(byte_start=b0 + shift, byte_end=b1 + shift)
    raise DecodeError(fmt.id, absolute, bytes(held))


def strict_error_span(table: SpanTable, index: int) -> Span:
    """The span strict decoding reports for an error at span ``index``: that
    span, except that a surrogate pair byte sequence (two adjacent
    ``surrogate-pair`` spans) is one error over both halves (FORMATS.md)."""
    span = table[index]
    if span.reason is Reason.SURROGATE_PAIR and index + 1 < len(table):
        after = table[index + 1]
        if after.reason is Reason.SURROGATE_PAIR and after.byte_start == span.byte_end:
            span = span._replace(byte_end=after.byte_end, char_end=after.char_end)
    return span


def first_strict_error(fmt: Format, table: SpanTable) -> int | None:
    """Index of the first span strict decoding with ``fmt`` raises at: one
    of an error kind, or one whose reason the format refuses under strict
    (:attr:`Format.strict_refuses`); ``None`` if there is none."""
    hit = table.first_error(_ERROR_CODES)
    if fmt.strict_refuses:
        refused = table.first_with_reason([REASON_CODE[r] for r in fmt.strict_refuses])
        if refused is not None and (hit is None or refused < hit):
            hit = refused
    return hit

"""The conversion engine: chunks in, converted blocks out, in bounded memory.

:mod:`mojiscope.core.conversion.convert` explains what a conversion does and what
counts as a loss; this module runs it. :func:`iter_conversion` reads the
input in chunks (:func:`~mojiscope.core.conversion.input.iter_chunks`: about
1 MiB at a time while it is mostly text, 256 KiB otherwise), decodes each with the source format's
incremental decoder in ``replace`` mode (so every span is seen) and encodes
the decided text with the target's ``encode_spans``, block by block, never
ending a block inside a run of context-sensitive characters (see the
conversion module's "How it runs").

Two facts about the whole stream ride on the blocks: the first block says
how the output's signature relates to the source's (:class:`SignatureChange`),
and the last one carries a :class:`SourceChangedError` when the input file
changed size while it was read (the output then converts bytes that are no
longer the file's: callers fail under strict and warn under replace).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np

from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.held_bytes import HeldBytes, Taken
from mojiscope.core.codecs.registry import get_format
from mojiscope.core.conversion.input import (
    CHUNK_SIZE,
    Input,
    SourceChangedError,
    iter_chunks,
)
from mojiscope.core.conversion.losses import (
    BlockContext,
    ConvertedSpans,
    LossBatch,
)
from mojiscope.core.conversion.offsets import Measure
from mojiscope.core.errors import MojiscopeError
from mojiscope.core.spans.event import KIND_CODE, TEXT_CODE
from mojiscope.core.spans.event import SpanKind as K
from mojiscope.core.spans.table import SpanTable, join
from mojiscope.core.system.control import UNCONTROLLED, Control

#: Bytes read per chunk after a chunk that was mostly text (at most one span
#: per :data:`SPARSE_BYTES_PER_SPAN` bytes): each chunk costs a fixed amount
#: of array work besides its bytes, so text converts in fewer, larger chunks.
#: Should such a chunk turn out dense, its decode costs about 50 MB and its
#: losses are still found in blocks of at most :data:`BLOCK_SPANS` spans.
#: A little under the incremental decoder's largest block (1 MiB), so that a
#: chunk and the few bytes held back from the last one never make a block more.
SPARSE_CHUNK_SIZE = (1 << 20) - (1 << 12)
#: A chunk with at least this many bytes per decoded span counts as sparse.
SPARSE_BYTES_PER_SPAN = 1 << 10
#: Most source spans encoded and checked for losses in one block (about the
#: spans of a :data:`CHUNK_SIZE` chunk of random bytes), so the memory for a
#: block's losses stays bounded however large and dense a chunk was.
BLOCK_SPANS = 1 << 17
#: Longest run of context-sensitive characters carried into the next block.
CONTEXT_LIMIT = 4096


class ConversionError(MojiscopeError, ValueError):
    """A conversion that cannot be set up (a signature the target lacks)."""


__all__ = [
    "BLOCK_SPANS",
    "CONTEXT_LIMIT",
    "SPARSE_BYTES_PER_SPAN",
    "SPARSE_CHUNK_SIZE",
    "ConversionError",
    "ConvertedBlock",
    "SignatureChange",
    "iter_conversion",
]


@dataclass(frozen=True)
class SignatureChange:
    """The signature that opened the source (``source``: its bytes, empty if
    none) and the one that opens the output (``target``). A signature is not
    text, so neither is a loss; a dialog still says when one is added or
    dropped, since a reader of the file sees the difference."""

    source: bytes
    target: bytes

    @property
    def change(self) -> str | None:
        """``"added"``, ``"dropped"``, or ``None`` when both or neither have one."""
        if self.target and not self.source:
            return "added"
        if self.source and not self.target:
            return "dropped"
        return None


@dataclass(frozen=True)
class ConvertedBlock:
    """Output bytes for consecutive input bytes ``[source_start, source_end)``
    and the losses among them. The first block carries ``signature``; the
    last one ``changed`` if the input file changed while it was read."""

    data: bytes
    source_start: int
    source_end: int
    losses: LossBatch
    signature: SignatureChange | None = None
    changed: SourceChangedError | None = None


def _context_sensitive(char: str) -> bool:
    return "\ud800" <= char <= "\udfff" or "\uef80" <= char <= "\uefff"


# -- the engine ------------------------------------------------------------------


def _split_table(table: SpanTable, char_pos: int, byte_pos: int) -> tuple[SpanTable, SpanTable]:
    """Split ``table`` at an absolute character position that is a span
    boundary or lies inside a ``text`` span at byte ``byte_pos``; spans with
    no characters at the position go to the head."""
    ends = table.char_starts[1:]
    k = int(np.searchsorted(ends, char_pos, side="right"))
    if k == len(table) or int(table.char_starts[k]) >= char_pos:
        return table[:k], table[k:]
    bs, cs = table.byte_starts, table.char_starts
    head = SpanTable(
        table.kinds[: k + 1],
        table.reasons[: k + 1],
        np.append(bs[: k + 1], byte_pos),
        np.append(cs[: k + 1], char_pos),
        table.values[: k + 1],
    )
    tail = SpanTable(
        table.kinds[k:],
        table.reasons[k:],
        np.concatenate(([byte_pos], bs[k + 1 :])),
        np.concatenate(([char_pos], cs[k + 1 :])),
        table.values[k:],
    )
    return head, tail


class _Converter:
    """Feeds chunks through the source decoder and encodes decided text in
    blocks (see the module docstring for the block rule).

    State: ``text`` holds decoded characters not yet encoded (``text[0]`` is
    character ``char0``), ``spans`` their source spans, ``held`` the input
    bytes those spans (and the undecided tail) come from, ``out_pos`` the
    number of bytes output so far.
    """

    def __init__(
        self,
        source_format: Format,
        target_format: Format,
        opening_signature: bytes | None,
        force_signature: bool,
    ) -> None:
        self.source_format = source_format
        self.target_format = target_format
        self.decoder = source_format.incremental_decoder("replace")
        self.source_measure = Measure(source_format)
        self.target_measure = Measure(target_format)
        self.opening_signature = opening_signature
        self.force_signature = force_signature
        self.held = HeldBytes()
        self.text, self.char0 = "", 0
        self.spans: SpanTable | None = None
        self.out_pos = 0
        self.started = False  # the first spans have been seen
        self.opened = False  # the output's opening signature has been decided
        self.had_source_signature = False
        self.source_signature = b""
        self.next_read = CHUNK_SIZE  # bytes to read next (see SPARSE_CHUNK_SIZE)

    def feed(self, chunk: bytes, final: bool = False) -> Iterator[ConvertedBlock]:
        """Decode ``chunk`` and yield the blocks that can be encoded now: at
        most :data:`BLOCK_SPANS` source spans each, then the rest (one block)."""
        decoded = self.decoder.decode(chunk, final)
        self.held.append(chunk)
        self.held.trim()  # a token of many megabytes keeps only its edges
        sparse = len(decoded.spans) * SPARSE_BYTES_PER_SPAN <= len(chunk)
        self.next_read = SPARSE_CHUNK_SIZE if sparse else CHUNK_SIZE
        if len(decoded.spans):
            self._take(decoded.text, decoded.spans)
        while self.spans is not None and len(self.spans) > BLOCK_SPANS:
            cut = self._choose_cut(int(self.spans.char_starts[BLOCK_SPANS]) - self.char0)
            if not cut:
                break
            opening = not self.opened
            yield self._encode_block(cut, self._opening() if opening else b"", opening)
        opening = (final or self.started) and not self.opened
        prefix = self._opening() if opening else b""
        cut = len(self.text) if final else self._choose_cut(len(self.text))
        if cut or opening or (final and self.spans is not None):
            yield self._encode_block(cut, prefix, opening)

    def _take(self, text: str, spans: SpanTable) -> None:
        if self.spans is None:  # nothing pending: ``self.text`` is empty
            self.spans, self.text, self.char0 = spans, text, spans.char_start
        else:
            self.spans = join([self.spans, spans])
            self.text += text
        if not self.started:
            self.started = True
            if spans.kinds[0] == KIND_CODE[K.SIGNATURE]:
                self._drop_source_signature()

    def _drop_source_signature(self) -> None:
        assert self.spans is not None
        first = self.spans[0]
        self.had_source_signature = True
        taken = self.held.take(first.byte_end - self.held.start)
        self.source_signature = taken.slice(first.byte_start, first.byte_end)
        self.spans = self.spans[1:]
        self.text = self.text[first.char_end - first.char_start :]
        self.char0 = first.char_end

    def _opening(self) -> bytes:
        """The signature that opens the output (asked for once)."""
        self.opened = True
        wanted = self.force_signature or self.had_source_signature
        return (self.opening_signature or b"") if wanted else b""

    def _choose_cut(self, end: int) -> int:
        """How many of the first ``end`` pending characters can be encoded
        now: all but a trailing run of context-sensitive characters, and never
        inside a source span other than ``text``."""
        text, spans = self.text, self.spans
        if spans is None or not text:
            return 0
        cut, floor = end, max(0, end - CONTEXT_LIMIT)
        while cut > floor and _context_sensitive(text[cut - 1]):
            cut -= 1
        if cut == floor > 0 and _is_lead(text[cut - 1]) and _is_trail(text[cut]):
            cut -= 1
        at = self.char0 + cut
        i = int(np.searchsorted(spans.char_starts, at, side="right")) - 1
        if 0 <= i < len(spans) and spans.kinds[i] != TEXT_CODE and int(spans.char_starts[i]) < at:
            cut = int(spans.char_starts[i]) - self.char0
        return cut

    def _split_pending(self, cut: int) -> SpanTable:
        """Detach and return the source spans of the first ``cut`` pending
        characters (splitting a ``text`` span the cut falls in)."""
        assert self.spans is not None
        spans, at = self.spans, self.char0 + cut
        if cut == len(self.text):
            self.spans = None
            return spans
        i = int(np.searchsorted(spans.char_starts, at, side="right")) - 1
        byte_pos = int(spans.byte_starts[i])
        if int(spans.char_starts[i]) < at:  # inside a text span: measure the part after the cut
            rest = self.text[cut : int(spans.char_starts[i + 1]) - self.char0]
            byte_pos = int(spans.byte_starts[i + 1]) - self.source_measure.length(rest)
        head, self.spans = _split_table(spans, at, byte_pos)
        return head

    def _encode_block(self, cut: int, prefix: bytes, opening: bool) -> ConvertedBlock:
        text = self.text[:cut]
        if self.spans is None:
            head = SpanTable.empty(self.held.start, self.char0)
        else:
            head = self._split_pending(cut)
        encoding = self.target_format.encode_spans(text)
        out_start = self.out_pos + len(prefix)
        encoded = encoding.spans.shifted(out_start, self.char0)
        found = None  # the losses are located when first asked for
        if len(head):
            found = ConvertedSpans(
                head, text, self.char0, encoded, self.source_measure, self.target_measure
            )
        raw = self.held.take(max(head.byte_end - self.held.start, 0))
        context = BlockContext(
            raw,
            encoding.data,
            out_start,
            text,
            self.char0,
            self.source_format.id,
            self.target_format.id,
            self.source_format.alternatives_at,
        )
        signature = SignatureChange(self.source_signature, prefix) if opening else None
        converted = ConvertedBlock(
            prefix + encoding.data,
            head.byte_start,
            head.byte_end,
            LossBatch(context, found),
            signature,
        )
        self.out_pos = out_start + len(encoding.data)
        self.text, self.char0 = self.text[cut:], self.char0 + cut
        return converted


def _is_lead(char: str) -> bool:
    return "\ud800" <= char <= "\udbff"


def _is_trail(char: str) -> bool:
    return "\udc00" <= char <= "\udfff"


def iter_conversion(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    *,
    signature: bool = False,
    chunk_size: int | None = None,
    control: Control = UNCONTROLLED,
) -> Iterator[ConvertedBlock]:
    """Convert ``source`` block by block, in order, in bounded memory.

    Concatenating every block's ``data`` gives the converted output; each
    block's ``losses`` lists the losses among its bytes with absolute
    offsets. Nothing is written anywhere. The input is read ``chunk_size``
    bytes at a time, or by default :data:`CHUNK_SIZE` bytes, and
    :data:`SPARSE_CHUNK_SIZE` after a chunk that was mostly text (the output
    and its losses are the same whatever the chunks). ``control.step(bytes_read)`` runs
    after each chunk (and may raise :class:`~mojiscope.core.system.control.Cancelled`).
    Raises :class:`ConversionError` if ``signature`` is asked of a target
    that has none.
    """
    source_format, target_format = get_format(from_format), get_format(to_format)
    target_signature = target_format.signature_bytes
    if signature and target_signature is None:
        raise ConversionError(f"{target_format.id} has no signature to write")
    converter = _Converter(source_format, target_format, target_signature, signature)
    changed: SourceChangedError | None = None
    read = 0
    try:
        for chunk in iter_chunks(source, chunk_size or (lambda: converter.next_read)):
            yield from converter.feed(chunk)
            read += len(chunk)
            control.step(read)
    except SourceChangedError as error:
        changed = error
    last = list(converter.feed(b"", final=True))
    if changed is not None:
        if not last:  # nothing was pending: an empty block carries the news
            context = BlockContext(Taken(b"", read, 0), b"", converter.out_pos, "", 0, "", "")
            last = [ConvertedBlock(b"", read, read, LossBatch(context))]
        last[-1] = replace(last[-1], changed=changed)
    yield from last

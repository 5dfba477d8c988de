"""Conversion: decode bytes with one format, encode the text with another, and
say what is lost, with byte offsets on both sides, before anything is written.

The command line's ``convert`` and the GUI's export dialog share this module.

How it runs
-----------
Input is read in chunks (a :class:`~mojiscope.core.source.Source`, bytes, a
path or a binary file object) and decoded with the source format's
incremental decoder in ``replace`` mode, so every span is seen; each decoded
block of text is encoded with the target's ``encode_spans``. Memory is
bounded by the chunk size whatever the input size: nothing holds the whole
text, the whole output or one object per span. The engine,
:func:`iter_conversion`, yields :class:`ConvertedBlock` s in order: output
bytes plus the block's :class:`LossBatch` (losses kept as arrays; a
:class:`Loss` object is built only when one is looked at).

Encoding a block on its own must give the bytes that encoding the whole text
at once would give. Only a few characters make a target's output depend on
their neighbours: surrogates (WTF-8 and WTF-16 join a lead directly followed
by a trail) and U+EF80..U+EFFF (XTF-8 and UTF-8b escapes, whose bytes may
re-form UTF-8 together). A block therefore never ends inside a run of those
characters: the run is carried into the next block (up to
:data:`CONTEXT_LIMIT` characters; a longer run is cut, never between a lead
and a trail surrogate, and an ``escapes-form-utf8`` run crossing that cut is
reported as two runs).

What counts as a loss (:class:`LossKind`)
-----------------------------------------
``replacement``
    a source span of kind ``invalid``, ``collision`` or ``reserved`` (bytes the
    source format cannot decode) became U+FFFD; ``reason`` is the span's.
``beyond-unicode``
    a Corrected UTF-8 ``beyond`` span: its ``value`` has no Unicode character.
``dropped-escape``
    a source ``escape`` span (UTF-8b surrogates, XTF-8 private-use escapes)
    whose characters the target cannot write, so the bytes they kept are gone.
    Escape characters that the target *can* write (XTF-8 escapes into UTF-8 as
    private-use characters, UTF-8b escapes into WTF-8 as lone surrogates) are
    not a loss: decoding the output with the target and encoding the text with
    the source format gives the original bytes back, which is what those
    escapes are for.
``unencodable``
    a character of well-formed source text that the target cannot represent
    (``chars`` names it). Characters that already stand for a loss above (a
    U+FFFD from a replacement) are not reported twice.
``joined-surrogates``
    the target (WTF-8, WTF-16) wrote a lead surrogate directly followed by a
    trail surrogate as one supplementary character, so it reads back as one
    character, not two surrogates.
``escapes-form-utf8``
    the target (XTF-8, UTF-8b) wrote escape characters whose bytes, side by
    side, form well-formed UTF-8, so they read back as that text, not as
    escapes.

Under ``errors="strict"`` every kind refuses the conversion: strict means the
output decodes back to exactly the decoded source text, or nothing is written.

Converting to the *same* format loses exactly the source's error spans (each
a ``replacement``): everything else, escapes and lone surrogates included,
encodes back to its own bytes, so a source without error spans converts to
itself byte for byte. (A legacy code page that maps two byte sequences to one
character would re-encode to the other sequence; the built-in ones do not.)

Signatures
----------
A signature is a property of an encoding, not part of the text: the source's
``signature`` span (a BOM, the Corrected UTF-8 magic number) is not encoded
as text. Instead the output begins with the *target's* signature
(:attr:`Format.signature_bytes`) when the source had one and the target has one; a
BOM therefore carries over as the target's BOM (UTF-8 EF BB BF to UTF-16LE
FF FE, which is also the target's encoding of U+FEFF), converting to the same
format keeps the signature byte for byte, and converting to a code page with
no signature drops it (not a loss: it carried no text). With
``signature=True`` the output begins with the target's signature whether or
not the source had one, never twice; a target without a signature is then an
error (:class:`ConversionError`).

Writing
-------
:func:`convert` writes through :func:`~mojiscope.core.atomic_write.atomic_output`:
a temporary file beside the destination, fsynced, then renamed over it. A
strict loss or any exception removes the temporary file, so no partial
output file ever exists (an existing destination is left untouched).
:func:`convert_stream` writes to an open binary stream instead (no
atomicity: callers spool to a temporary file first when they must not emit a
partial result). :func:`plan_conversion` writes nothing and returns the
report a conversion would produce.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, Protocol

import numpy as np

from mojiscope.core.atomic_write import atomic_output
from mojiscope.core.conversion_losses import (
    BlockContext,
    ConvertedSpans,
    Loss,
    LossBatch,
    LossKind,
    Measure,
    describe_loss,
    find_losses,
    no_losses,
)
from mojiscope.core.errors import MojiscopeError
from mojiscope.core.format import Errors, Format
from mojiscope.core.registry import get_format
from mojiscope.core.source import Source
from mojiscope.core.spans import KIND_CODE, TEXT_CODE
from mojiscope.core.spans import SpanKind as K
from mojiscope.core.spantable import SpanTable, join

__all__ = [
    "ConversionError",
    "ConversionLossError",
    "ConversionReport",
    "ConvertedBlock",
    "Loss",
    "LossBatch",
    "LossKind",
    "convert",
    "convert_stream",
    "describe_loss",
    "iter_chunks",
    "iter_conversion",
    "iter_losses",
    "plan_conversion",
]

#: Bytes read per chunk. Random bytes decode to about one span per 1.5 bytes;
#: at this size a chunk's spans and temporaries stay well under 50 MB.
CHUNK_SIZE = 1 << 18
#: Longest run of context-sensitive characters carried into the next block.
CONTEXT_LIMIT = 4096
#: Losses a report keeps as objects; the rest are only counted.
KEEP_LOSSES = 1000


class ConversionError(MojiscopeError, ValueError):
    """A conversion that cannot be set up (a signature the target lacks)."""


class ConversionLossError(MojiscopeError, UnicodeError):
    """A strict conversion met a loss; ``loss`` says where and why."""

    def __init__(self, loss: Loss) -> None:
        self.loss = loss
        super().__init__(describe_loss(loss, strict=True))


# -- signatures ----------------------------------------------------------------


# -- input ---------------------------------------------------------------------


class _Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


Input = Source | bytes | bytearray | memoryview | str | os.PathLike[str] | _Readable


def iter_chunks(source: Input, chunk_size: int = CHUNK_SIZE) -> Iterator[bytes]:
    """The bytes of ``source`` in order, ``chunk_size`` at a time.

    ``str`` and path-likes are file paths (read, not mapped: a memory map
    would count every page read so far in the process's resident memory);
    objects with ``read`` are binary streams; a :class:`Source` is sliced.
    """
    if isinstance(source, str | os.PathLike):
        with open(source, "rb") as file:
            yield from iter_chunks(file, chunk_size)
    elif isinstance(source, Source):
        for start in range(0, len(source), chunk_size):
            yield source.read(start, start + chunk_size)
    elif isinstance(source, bytes | bytearray | memoryview):
        view = memoryview(source).cast("B")
        for start in range(0, len(view), chunk_size):
            yield bytes(view[start : start + chunk_size])
    else:
        while chunk := source.read(chunk_size):
            yield chunk


@dataclass(frozen=True)
class ConvertedBlock:
    """Output bytes for consecutive input bytes ``[source_start, source_end)``
    and the losses among them."""

    data: bytes
    source_start: int
    source_end: int
    losses: LossBatch


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
    character ``char0``), ``spans`` their source spans, ``raw`` the input
    bytes from ``raw_start`` on that those spans (and the undecided tail)
    come from, ``out_pos`` the number of bytes output so far.
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
        self.raw, self.raw_start = b"", 0
        self.text, self.char0 = "", 0
        self.spans: SpanTable | None = None
        self.out_pos = 0
        self.started = False  # the first spans have been seen
        self.opened = False  # the output's opening signature has been decided
        self.had_source_signature = False

    def feed(self, chunk: bytes, final: bool = False) -> Iterator[ConvertedBlock]:
        """Decode ``chunk`` and yield the block (if any) that can be encoded now."""
        decoded = self.decoder.decode(chunk, final)
        self.raw = self.raw + chunk if self.raw else chunk
        if len(decoded.spans):
            self._take(decoded.text, decoded.spans)
        prefix = self._opening() if (final or self.started) and not self.opened else b""
        cut = len(self.text) if final else self._choose_cut()
        if cut or prefix or (final and self.spans is not None):
            yield self._encode_block(cut, prefix)

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
        self.spans = self.spans[1:]
        self.text = self.text[first.char_end - first.char_start :]
        self.char0 = first.char_end
        self.raw = self.raw[first.byte_end - self.raw_start :]
        self.raw_start = first.byte_end

    def _opening(self) -> bytes:
        """The signature that opens the output (asked for once)."""
        self.opened = True
        wanted = self.force_signature or self.had_source_signature
        return (self.opening_signature or b"") if wanted else b""

    def _choose_cut(self) -> int:
        """How many pending characters can be encoded now: all but a trailing
        run of context-sensitive characters, and never inside a source span
        other than ``text``."""
        text, spans = self.text, self.spans
        if spans is None or not text:
            return 0
        cut, floor = len(text), max(0, len(text) - CONTEXT_LIMIT)
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

    def _encode_block(self, cut: int, prefix: bytes) -> ConvertedBlock:
        text = self.text[:cut]
        if self.spans is None:
            head = SpanTable.empty(self.raw_start, self.char0)
        else:
            head = self._split_pending(cut)
        encoding = self.target_format.encode_spans(text)
        out_start = self.out_pos + len(prefix)
        encoded = encoding.spans.shifted(out_start, self.char0)
        losses = no_losses()
        if len(head):
            block = ConvertedSpans(
                head, text, self.char0, encoded, self.source_measure, self.target_measure
            )
            losses = find_losses(block)
        context = BlockContext(
            self.raw,
            self.raw_start,
            encoding.data,
            out_start,
            text,
            self.char0,
            self.source_format.id,
            self.target_format.id,
        )
        converted = ConvertedBlock(
            prefix + encoding.data, head.byte_start, head.byte_end, LossBatch(losses, context)
        )
        self.out_pos = out_start + len(encoding.data)
        self.text, self.char0 = self.text[cut:], self.char0 + cut
        self.raw = self.raw[head.byte_end - self.raw_start :]
        self.raw_start = head.byte_end
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
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[ConvertedBlock]:
    """Convert ``source`` block by block, in order, in bounded memory.

    Concatenating every block's ``data`` gives the converted output; each
    block's ``losses`` lists the losses among its bytes with absolute
    offsets. Nothing is written anywhere. Raises :class:`ConversionError` if
    ``signature`` is asked of a target that has none.
    """
    source_format, target_format = get_format(from_format), get_format(to_format)
    target_signature = target_format.signature_bytes
    if signature and target_signature is None:
        raise ConversionError(f"{target_format.id} has no signature to write")
    converter = _Converter(source_format, target_format, target_signature, signature)
    for chunk in iter_chunks(source, chunk_size):
        yield from converter.feed(chunk)
    yield from converter.feed(b"", final=True)


def iter_losses(
    source: Input, from_format: str | Format, to_format: str | Format, *, signature: bool = False
) -> Iterator[Loss]:
    """Every loss converting ``source`` would incur, in source order."""
    for block in iter_conversion(source, from_format, to_format, signature=signature):
        yield from block.losses


@dataclass
class ConversionReport:
    """What a conversion did or would do: sizes, loss counts per kind, and
    the first ``keep`` losses as objects."""

    source_format: str
    target_format: str
    keep: int = KEEP_LOSSES
    bytes_read: int = 0
    bytes_written: int = 0
    loss_count: int = 0
    counts: Counter[LossKind] = field(default_factory=Counter)
    losses: list[Loss] = field(default_factory=list)

    @property
    def lossless(self) -> bool:
        return self.loss_count == 0

    def add(self, block: ConvertedBlock) -> None:
        self.bytes_read = block.source_end
        self.bytes_written += len(block.data)
        found = len(block.losses)
        if found:
            self.loss_count += found
            self.counts.update(block.losses.counts())
            room = self.keep - len(self.losses)
            if room > 0:
                self.losses.extend(block.losses[:room])


def _run(
    blocks: Iterable[ConvertedBlock],
    report: ConversionReport,
    errors: Errors,
    write: Callable[[bytes], object] | None,
) -> ConversionReport:
    if errors not in ("strict", "replace"):
        raise ValueError(f"errors must be 'strict' or 'replace', not {errors!r}")
    for block in blocks:
        if errors == "strict" and len(block.losses):
            raise ConversionLossError(block.losses[0])
        if write is not None:
            write(block.data)
        report.add(block)
    return report


def plan_conversion(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    signature: bool = False,
    *,
    keep: int = KEEP_LOSSES,
) -> ConversionReport:
    """The report converting ``source`` would give, writing nothing (for a
    dialog that shows the losses before the user decides)."""
    blocks = iter_conversion(source, from_format, to_format, signature=signature)
    report = ConversionReport(get_format(from_format).id, get_format(to_format).id, keep)
    return _run(blocks, report, "replace", None)


def convert_stream(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    out: BinaryIO,
    errors: Errors = "strict",
    signature: bool = False,
    *,
    keep: int = KEEP_LOSSES,
) -> ConversionReport:
    """Convert into an open binary stream as the blocks come. Under
    ``strict``, raise :class:`ConversionLossError` at the first loss, having
    written only the blocks before it: use :func:`convert` for a file."""
    blocks = iter_conversion(source, from_format, to_format, signature=signature)
    report = ConversionReport(get_format(from_format).id, get_format(to_format).id, keep)
    return _run(blocks, report, errors, out.write)


def convert(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    out_path: str | os.PathLike[str],
    errors: Errors = "strict",
    signature: bool = False,
    *,
    keep: int = KEEP_LOSSES,
) -> ConversionReport:
    """Convert ``source`` into the file ``out_path``, atomically: the file
    appears whole when the conversion is done, or not at all. Under
    ``strict`` (the default) the first loss raises
    :class:`ConversionLossError` and nothing is written; under ``replace``
    losses are written as the target's replacement and reported."""
    with atomic_output(out_path) as out:
        return convert_stream(source, from_format, to_format, out, errors, signature, keep=keep)

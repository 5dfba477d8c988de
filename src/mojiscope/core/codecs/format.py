"""What every format is, and the machinery they all share.

A :class:`Format` implements three small things:

* :meth:`Format.decode_block`: decode bytes that end at a *safe cut* (see
  below) into text and spans, offsets relative to the block;
* :meth:`Format.safe_cut`: how much of a buffer can be decided without seeing
  what follows it;
* :meth:`Format.encode_spans`: text to bytes, with a span per unencodable run.

Everything else (whole decodes in blocks, strict mode, the incremental
decoder in :mod:`~mojiscope.core.codecs.incremental`, windows of a large source,
replacement policies) is built once on top of those, so every format gets
the same behaviour and the same tests.

A cut at ``n`` is *safe* when decoding ``data[:n]`` as a complete input gives
exactly the spans that decoding the whole stream gives for those bytes,
whatever bytes follow. For UTF-8 that is any position just before a byte that
is not a continuation byte, because no sequence, valid or ill-formed, ever
includes a non-continuation byte after its first.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

import numpy as np

from mojiscope.core.codecs.arguments import check_bytes, check_errors, check_text
from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.incremental import IncrementalDecoder as IncrementalDecoder
from mojiscope.core.codecs.incremental import raise_if_error
from mojiscope.core.errors import EncodeError
from mojiscope.core.spans.event import (
    KIND_CODE,
    REASON_WORDS,
    Reason,
    Span,
    SpanKind,
)
from mojiscope.core.spans.table import SpanTable, join
from mojiscope.core.system.source import Source, as_source

Errors = Literal["strict", "replace"]
Policy = Literal["maximal-subpart", "per-byte", "per-run"]
POLICIES: tuple[Policy, ...] = ("maximal-subpart", "per-byte", "per-run")

_INVALID = KIND_CODE[SpanKind.INVALID]


@dataclass(frozen=True)
class Encoding:
    """Bytes produced from text, with spans over (output bytes, input chars).

    Spans are ``text`` where the characters were encoded and ``invalid``
    (reason ``unencodable``) where they were replaced.
    """

    data: bytes
    spans: SpanTable


class Format(ABC):
    """One codec. Subclasses set the class attributes and the three methods."""

    id: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str]
    #: Bytes past a position that may be needed to decide the span there.
    lookahead: ClassVar[int] = 4
    #: How far back the default :meth:`resync` looks for the start of the
    #: sequence that holds a byte: a UTF-8 sequence has at most 3 bytes
    #: after its lead. (A format with its own :meth:`resync` documents its
    #: own distance there.)
    resync_distance: ClassVar[int] = 3
    #: Bytes per block this format decodes best in, if fewer than the driver's
    #: :data:`BLOCK_SIZE` (a vectorised decoder whose temporaries should stay
    #: small); ``None`` for the driver's.
    preferred_block: ClassVar[int | None] = None
    #: What this format writes first to say what it is (U+FEFF, a byte order
    #: mark, for most; Corrected UTF-8 has a magic number). Its bytes are
    #: :attr:`signature_bytes`.
    signature_text: ClassVar[str] = "\ufeff"
    #: Replacement policies this format accepts in :meth:`decode`.
    policies: ClassVar[tuple[Policy, ...]] = ("maximal-subpart",)
    #: Whether :meth:`resync` always finds a point where a decode agrees with
    #: a decode from the start. False for code pages that cannot tell a lead
    #: byte from a trail byte by looking (GB18030, Shift_JIS, Big5, EUC-*):
    #: their windows guess the alignment unless an index knows it.
    exact_resync: ClassVar[bool] = True
    #: Whether one byte sequence may decode to several characters (big5hkscs
    #: ``88 62`` is Ê + U+0304): then a text run with as many characters as
    #: bytes is not necessarily one byte a character, and is measured.
    multi_char_sequences: ClassVar[bool] = False
    #: Reasons strict decoding refuses although their spans are of a kind
    #: that is no error (a ``warning`` the format's spec makes a MUST NOT:
    #: Corrected UTF-8's U+0000 outside the magic number).
    strict_refuses: ClassVar[frozenset[Reason]] = frozenset()

    # -- what a subclass provides -------------------------------------------

    @abstractmethod
    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        """Decode ``data`` completely (it ends at a safe cut or at the end of
        the input). ``at_start`` says whether ``data[0]`` is the first byte of
        the stream, where a signature may stand. Offsets are relative."""

    @abstractmethod
    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        """The largest safe cut ``n <= len(data)``; 0 if none is known yet."""

    @abstractmethod
    def encode_spans(self, text: str) -> Encoding:
        """Encode ``text``, replacing what cannot be encoded, and say where."""

    def decode_whole(
        self, data: bytes | bytearray | memoryview, errors: Errors
    ) -> tuple[str, SpanTable] | None:
        """A fast path for a whole input: its text and spans if it can be
        decoded in one go (it is well-formed, say), else ``None`` (the
        default) and the block driver decodes it. Must give exactly what the
        block driver would. Under ``strict``, input with errors should go to
        the block driver, which stops at the first block that has one."""
        del data, errors
        return None

    def droppable_run(self, data: bytes) -> tuple[int, int] | None:
        """For ``data`` that has no safe cut (the token it opens is still
        undecided): ``(keep, end)`` if ``data[keep:end]`` may be dropped
        without changing the decode of ``data`` and of whatever follows,
        except that the span holding byte ``keep - 1`` is longer by the
        dropped bytes; ``None`` (the default) if nothing may be dropped.

        A format whose tokens can be arbitrarily long (Corrected UTF-8's
        reserved FE/FF run, STF-7's run of chunks) says so here, so that the
        incremental decoder holds a bounded number of bytes of such a token
        and reads it in time linear in its length. ``keep`` is the same for
        every call of a format (the decoder drops at one place per token)."""
        del data
        return None

    def resync(self, source: Source, offset: int) -> int:
        """A position ``<= offset`` at which decoding may begin and agree with
        a decode from the start. The default, for the UTF-8 family, steps
        back over at most :attr:`resync_distance` continuation bytes to the
        byte that starts their sequence (or stays at ``offset`` if none
        does: a stray is a token of its own)."""
        lo = max(0, offset - self.resync_distance)
        window = source.read(lo, offset + 1)
        for i in range(len(window) - 1, -1, -1):
            if window[i] & 0xC0 != 0x80:
                return lo + i
        return offset

    def reading_of(self, source: Source) -> Format:
        """The format that decodes ``source`` past its first bytes: this one,
        except for a format that follows a byte order mark (``utf-16``,
        ``utf-32``), which answers with the byte order the mark chose. A
        decode that starts in the middle of a source starts with this."""
        del source
        return self

    def aligned_resync(self, source: Source, offset: int) -> tuple[int, bool]:
        """:meth:`resync`, and whether its point is a guess (only a format
        whose :attr:`exact_resync` is False may guess; the default never does)."""
        return self.resync(source, offset), False

    def value_extent(self, span: Span, lead: int) -> int:
        """How many bytes from ``span.byte_start`` the sequence behind
        ``span.value`` takes (``lead`` is the byte there): by default the
        span's own length. A format whose value spans cover only the first
        bytes of that sequence (UTF-8 reports an overlong ``C0 AF`` as the
        maximal subpart ``C0`` and a stray ``AF``) says how far it reaches."""
        del lead
        return span.byte_end - span.byte_start

    def alternatives_at(self, offset: int) -> tuple[str, ...]:
        """For a reading that guesses (a repair plan's lost bytes, an
        ``invalid`` span with the reason ``guessed`` at byte ``offset``):
        the other characters the guess could have been. Others guess nothing."""
        del offset
        return ()

    def char_byte_lengths(self, chars: str) -> list[int]:
        """Encoded length of each character of a well-formed run."""
        return [len(self.encode_spans(c).data) for c in chars]

    # -- built on top --------------------------------------------------------

    def decode(
        self,
        data: bytes | bytearray | memoryview,
        errors: Errors = "replace",
        policy: Policy = "maximal-subpart",
    ) -> Decoding:
        """Decode all of ``data``. Under ``strict``, raise :class:`DecodeError`
        at the first span of an error kind (``invalid``, ``collision``,
        ``reserved``, ``beyond``). A wrong ``errors`` or ``policy`` is a
        :class:`ValueError` (a :class:`TypeError` for a wrong type), whatever
        the bytes."""
        check_bytes(data)
        check_errors(errors)
        self._check_policy(policy)
        quick = self.decode_whole(data, errors)
        if quick is not None:
            text, table = quick
            raise_if_error(self, errors, table, data, 0)
            return apply_policy(Decoding(self, text, table), policy)
        decoder = IncrementalDecoder(self, errors)
        decoding = decoder.decode(data, final=True)
        return apply_policy(decoding, policy)

    def incremental_decoder(self, errors: Errors = "replace", start: int = 0) -> IncrementalDecoder:
        return IncrementalDecoder(self, errors, start)

    def decode_window(
        self, source: Source | bytes, start: int, end: int, errors: Errors = "replace"
    ) -> Decoding:
        """Decode the spans that start in ``[start, end)`` of ``source``.

        The result begins at :meth:`resync` of ``start`` (at or before it) and
        ends at or after ``end``, at the end of the last span that starts
        before ``end``; offsets are absolute. It agrees with a decode of the
        whole source on every span it holds, except that a ``text`` run may
        be cut where the window is, and except when its
        ``alignment_guessed`` is True: then the format could not find a
        point it knows to be a character boundary (see
        :meth:`aligned_resync`) and began at its best guess.
        """
        check_errors(errors)
        begin, data, guessed = self.window_block(source, start, end)
        text, table = self.decode_block(data, at_start=begin == 0)
        raise_if_error(self, errors, table, data, begin)
        return Decoding(self, text, table.shifted(begin, 0), alignment_guessed=guessed)

    def window_block(self, source: Source | bytes, start: int, end: int) -> tuple[int, bytes, bool]:
        """The block :meth:`decode_window` decodes for ``[start, end)``:
        ``(begin, data, guessed)``, where ``begin`` is :meth:`aligned_resync`
        of ``start`` (``guessed`` as it says), and ``data`` the bytes from
        ``begin`` to the first safe cut at or after ``end``."""
        src = as_source(source)
        size = len(src)
        start = min(max(start, 0), size)
        end = min(max(end, start), size)
        begin, guessed = self.aligned_resync(src, start)
        at_start = begin == 0
        extra = self.lookahead
        while True:
            stop = min(size, end + extra)
            data = src.read(begin, stop)
            final = stop == size
            cut = len(data) if final else self.safe_cut(data, at_start=at_start)
            if final or cut >= end - begin:
                return begin, data[:cut], guessed
            extra *= 2

    def encode(self, text: str, errors: Errors = "strict") -> bytes:
        """Encode ``text``. Under ``strict``, raise :class:`EncodeError` at the
        first character this format cannot represent."""
        check_text(text)
        check_errors(errors)
        encoding = self.encode_spans(text)
        if errors == "strict":
            hit = encoding.spans.first_error([_INVALID])
            if hit is not None:
                span = encoding.spans[hit]
                reason = span.reason
                raise EncodeError(
                    self.id,
                    text,
                    span.char_start,
                    span.byte_start,
                    REASON_WORDS[reason] if reason else "unencodable",
                )
        return encoding.data

    @property
    def signature_bytes(self) -> bytes | None:
        """:attr:`signature_text` in this format, or ``None`` if it cannot be
        written (most legacy code pages have no byte order mark)."""
        try:
            return self.encode(self.signature_text, "strict")
        except EncodeError:
            return None

    def encode_with_signature(self, text: str, errors: Errors = "strict") -> bytes:
        """The signature, then ``text`` (once only, if ``text`` already
        starts with it). Raises :class:`EncodeError` if there is none."""
        signature = self.signature_bytes
        if signature is None:
            raise EncodeError(self.id, self.signature_text, 0, 0, "this format has no signature")
        data = self.encode(text, errors)
        return data if text.startswith(self.signature_text) else signature + data

    def decode_stripping_signature(
        self, data: bytes | bytearray | memoryview, errors: Errors = "replace"
    ) -> Decoding:
        """:meth:`decode`, without a leading signature (see :func:`strip_signature`)."""
        return strip_signature(self.decode(data, errors))

    def _check_policy(self, policy: object) -> None:
        if not isinstance(policy, str):
            raise TypeError(f"policy must be a str, not {type(policy).__name__}")
        if policy not in self.policies:
            raise ValueError(
                f"{self.id} has no replacement policy {policy!r}; it has {', '.join(self.policies)}"
            )

    def __repr__(self) -> str:
        return f"<Format {self.id}>"


def strip_signature(decoding: Decoding) -> Decoding:
    """``decoding`` without its leading ``signature`` span (a BOM or a magic
    number) and that span's characters, if it has one. Byte offsets stay
    absolute (the first span then starts after the signature); character
    offsets count from the first character after it."""
    spans = decoding.spans
    if not len(spans) or spans.kinds[0] != KIND_CODE[SpanKind.SIGNATURE]:
        return decoding
    first = spans[0]
    n_chars = first.char_end - first.char_start
    return Decoding(decoding.format, decoding.text[n_chars:], spans[1:].shifted(0, -n_chars))


def join_decodings(parts: Sequence[Decoding]) -> Decoding:
    """One decoding from consecutive parts (an incremental decoder's output)."""
    if not parts:
        raise ValueError("nothing to join")
    return Decoding(parts[0].format, "".join(p.text for p in parts), join([p.spans for p in parts]))


def apply_policy(decoding: Decoding, policy: Policy) -> Decoding:
    """Re-render ``invalid`` spans under a replacement policy.

    Spans stay one per maximal subpart; only the text differs: ``per-byte``
    writes one U+FFFD per byte, ``per-run`` one U+FFFD for a run of adjacent
    ``invalid`` spans (the first span of the run holds it, the others hold no
    character).
    """
    if policy == "maximal-subpart":
        return decoding
    table = decoding.spans
    kinds = table.kinds
    invalid = kinds == _INVALID
    if not invalid.any():
        return decoding
    old_chars = np.diff(table.char_starts)
    if policy == "per-byte":
        new_chars = np.where(invalid, np.diff(table.byte_starts), old_chars)
    else:
        follows_invalid = np.concatenate(([False], invalid[:-1]))
        new_chars = np.where(invalid, np.where(follows_invalid, 0, 1), old_chars)
    base = table.char_start
    new_starts = np.concatenate(([base], base + np.cumsum(new_chars))).astype(np.int64)
    pieces: list[str] = []
    text = decoding.text
    offsets = table.char_starts - base
    for i in range(len(table)):
        if invalid[i]:
            pieces.append("\ufffd" * int(new_chars[i]))
        else:
            pieces.append(text[int(offsets[i]) : int(offsets[i + 1])])
    new_table = SpanTable(table.kinds, table.reasons, table.byte_starts, new_starts, table.values)
    return Decoding(
        decoding.format,
        "".join(pieces),
        new_table,
        alignment_guessed=decoding.alignment_guessed,
    )

"""The result of decoding a source, or a window of it, with one format.

A :class:`Decoding` holds the text and its spans (compact, see
:mod:`mojiscope.core.spans.table`) and answers the questions every view asks:
which span holds byte *b*, which bytes make character *c*, where is the next
or previous anomaly.

Offsets: ``spans`` carry absolute byte offsets into the source and character
offsets into ``text`` (``text[0]`` is character ``spans.char_start``, which
is 0 for a decode and for a window).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from itertools import accumulate
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from mojiscope.core.spans.event import KIND_CODE, Span, SpanKind
from mojiscope.core.spans.table import SpanTable

if TYPE_CHECKING:
    from mojiscope.core.codecs.format import Format
    from mojiscope.core.spans.charmap import RunMap

_TEXT = KIND_CODE[SpanKind.TEXT]


class Decoding:
    """Text plus spans for bytes ``[spans.byte_start, spans.byte_end)``.

    The fields are set once, by the constructor, and never change; what is
    derived from them (the index of anomalies, the maps of long text runs,
    see :mod:`mojiscope.core.spans.charmap`) is computed on first use and kept with
    the decoding, so it is built once per decoding and dropped with it.

    ``alignment_guessed`` is True for a window whose start the format had to
    guess (a multi-byte code page far from any byte it can resynchronise
    on): its first characters may differ from a decode of the whole source.
    """

    def __init__(
        self, format: Format, text: str, spans: SpanTable, *, alignment_guessed: bool = False
    ) -> None:
        self.format = format
        self.text = text
        self.spans = spans
        self.alignment_guessed = alignment_guessed

    def __repr__(self) -> str:
        return f"<Decoding {self.format.id} of {self.spans!r}>"

    @cached_property
    def run_maps(self) -> dict[int, RunMap]:
        """Maps of this decoding's long text runs, by the run's byte start
        (filled by :func:`mojiscope.core.spans.charmap.char_offsets`)."""
        return {}

    @property
    def byte_start(self) -> int:
        return self.spans.byte_start

    @property
    def byte_end(self) -> int:
        return self.spans.byte_end

    def span_at_byte(self, offset: int) -> Span:
        """The span holding byte ``offset`` (clamped to this decoding)."""
        return self.spans[self.spans.index_at_byte(offset)]

    def span_at_char(self, offset: int) -> Span:
        return self.spans[self.spans.index_at_char(offset)]

    def one_byte_a_char(self, span: Span) -> bool:
        """Whether ``span``'s characters map one to one onto its bytes: it has
        as many of each, and is not a text run of a format where one
        sequence may make several characters (then it has to be measured)."""
        if span.char_end - span.char_start != span.byte_end - span.byte_start:
            return False
        return not (self.format.multi_char_sequences and span.kind == SpanKind.TEXT)

    def char_byte_offsets(self, span: Span) -> list[int]:
        """Byte offsets at which each character of ``span`` starts, plus the
        span's end: ``len(result) == span.char_end - span.char_start + 1``
        (so ``[span.byte_start]`` for a span that holds no character, as
        under the per-run policy).

        A span whose character count equals its byte count maps one to one
        (escapes, per-byte replacement); a one-character span covers all its
        bytes; a text or warning run is measured by re-encoding, which is
        exact because ``format.encode(chars) == bytes`` holds for such spans.
        """
        n_chars = span.char_end - span.char_start
        n_bytes = span.byte_end - span.byte_start
        if n_chars == 0:
            return [span.byte_start]
        if self.one_byte_a_char(span):
            return list(range(span.byte_start, span.byte_end + 1))
        if n_chars == 1:
            return [span.byte_start, span.byte_end]
        if span.kind in (SpanKind.TEXT, SpanKind.WARNING, SpanKind.SIGNATURE):
            base = self.spans.char_start  # text[0] is character ``base``
            chars = self.text[span.char_start - base : span.char_end - base]
            return list(accumulate(self.format.char_byte_lengths(chars), initial=span.byte_start))
        # Several characters for several bytes with no 1:1 map (rare): share evenly.
        return [span.byte_start + (n_bytes * i) // n_chars for i in range(n_chars + 1)]

    def bytes_of_char(self, offset: int) -> tuple[int, int]:
        """The byte range ``[start, end)`` that decoded to character ``offset``."""
        return self.bytes_of_chars([offset])[0]

    def bytes_of_chars(self, offsets: Iterable[int]) -> list[tuple[int, int]]:
        """:meth:`bytes_of_char` of each of ``offsets`` (a span's characters
        are measured once for all the offsets inside it)."""
        measured: dict[int, list[int]] = {}
        found = []
        for offset in offsets:
            index = self.spans.index_at_char(offset)
            span = self.spans[index]
            if index not in measured:
                measured[index] = self.char_byte_offsets(span)
            starts = measured[index]
            i = min(max(offset - span.char_start, 0), len(starts) - 2)
            found.append((starts[i], starts[i + 1]))
        return found

    def char_of_byte(self, offset: int) -> tuple[int, int]:
        """The characters ``[start, end)`` that byte ``offset`` contributes to
        (empty when it contributes none, as under the per-run policy)."""
        span = self.span_at_byte(offset)
        offsets = self.char_byte_offsets(span)
        for i in range(len(offsets) - 1):
            if offsets[i] <= offset < offsets[i + 1]:
                return span.char_start + i, span.char_start + i + 1
        return span.char_start, span.char_end

    @cached_property
    def _anomaly_indices(self) -> npt.NDArray[np.intp]:
        """Indices of the spans that are not ``text``, in order."""
        return np.flatnonzero(self.spans.kinds != _TEXT)

    def next_anomaly(self, after_byte: int) -> Span | None:
        """The first non-``text`` span starting after byte ``after_byte``."""
        idx = self._anomaly_indices
        starts = self.spans.byte_starts[idx]
        j = int(np.searchsorted(starts, after_byte, side="right"))
        return self.spans[int(idx[j])] if j < len(idx) else None

    def previous_anomaly(self, before_byte: int) -> Span | None:
        """The last non-``text`` span starting before byte ``before_byte``."""
        idx = self._anomaly_indices
        starts = self.spans.byte_starts[idx]
        j = int(np.searchsorted(starts, before_byte, side="left")) - 1
        return self.spans[int(idx[j])] if j >= 0 else None

    def counts(self) -> dict[tuple[str, str | None], int]:
        """Number of spans per (kind, reason), by their names, in the order of
        the enums (:class:`~mojiscope.core.codecs.streaming.SpanCounter` counts a
        stream of pieces the same way)."""
        from mojiscope.core.codecs.streaming import SpanCounter

        counter = SpanCounter()
        counter.add(self.spans)
        return {
            (kind.value, reason.value if reason else None): n
            for (kind, reason), n in counter.counts().items()
        }

"""The result of decoding a source, or a window of it, with one format.

A :class:`Decoding` holds the text and its spans (compact, see
:mod:`mojiscope.core.spantable`) and answers the questions every view asks:
which span holds byte *b*, which bytes make character *c*, where is the next
or previous anomaly.

Offsets: ``spans`` carry absolute byte offsets into the source and character
offsets into ``text`` (``text[0]`` is character ``spans.char_start``, which
is 0 for a decode and for a window).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from mojiscope.core.spans import KIND_CODE, Span, SpanKind
from mojiscope.core.spantable import SpanTable

if TYPE_CHECKING:
    from mojiscope.core.format import Format

_TEXT = KIND_CODE[SpanKind.TEXT]


@dataclass(frozen=True, eq=False)
class Decoding:
    """Text plus spans for bytes ``[spans.byte_start, spans.byte_end)``."""

    format: Format
    text: str
    spans: SpanTable
    #: True for a window whose start the format had to guess (a multi-byte
    #: code page far from any byte it can resynchronise on): its first
    #: characters may differ from a decode of the whole source.
    alignment_guessed: bool = False
    _anomalies: list[np.ndarray] = field(default_factory=list, repr=False)

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
        if n_chars == n_bytes:
            return list(range(span.byte_start, span.byte_end + 1))
        if n_chars == 1:
            return [span.byte_start, span.byte_end]
        if span.kind in (SpanKind.TEXT, SpanKind.WARNING, SpanKind.SIGNATURE):
            chars = self.text[span.char_start : span.char_end]
            offsets = [span.byte_start]
            for length in self.format.char_byte_lengths(chars):
                offsets.append(offsets[-1] + length)
            return offsets
        # Several characters for several bytes with no 1:1 map (rare): share evenly.
        return [span.byte_start + (n_bytes * i) // n_chars for i in range(n_chars + 1)]

    def bytes_of_char(self, offset: int) -> tuple[int, int]:
        """The byte range ``[start, end)`` that decoded to character ``offset``."""
        span = self.span_at_char(offset)
        offsets = self.char_byte_offsets(span)
        i = min(max(offset - span.char_start, 0), len(offsets) - 2)
        return offsets[i], offsets[i + 1]

    def char_of_byte(self, offset: int) -> tuple[int, int]:
        """The characters ``[start, end)`` that byte ``offset`` contributes to
        (empty when it contributes none, as under the per-run policy)."""
        span = self.span_at_byte(offset)
        offsets = self.char_byte_offsets(span)
        for i in range(len(offsets) - 1):
            if offsets[i] <= offset < offsets[i + 1]:
                return span.char_start + i, span.char_start + i + 1
        return span.char_start, span.char_end

    def _anomaly_indices(self) -> np.ndarray:
        if not self._anomalies:
            self._anomalies.append(np.flatnonzero(self.spans.kinds != _TEXT))
        return self._anomalies[0]

    def next_anomaly(self, after_byte: int) -> Span | None:
        """The first non-``text`` span starting after byte ``after_byte``."""
        idx = self._anomaly_indices()
        starts = self.spans.byte_starts[idx]
        j = int(np.searchsorted(starts, after_byte, side="right"))
        return self.spans[int(idx[j])] if j < len(idx) else None

    def previous_anomaly(self, before_byte: int) -> Span | None:
        """The last non-``text`` span starting before byte ``before_byte``."""
        idx = self._anomaly_indices()
        starts = self.spans.byte_starts[idx]
        j = int(np.searchsorted(starts, before_byte, side="left")) - 1
        return self.spans[int(idx[j])] if j >= 0 else None

    def counts(self) -> dict[tuple[str, str | None], int]:
        """Number of spans per (kind, reason)."""
        from mojiscope.core.spans import KIND_CODES, REASON_CODES

        pairs = self.spans.kinds.astype(np.int64) * 256 + self.spans.reasons
        values, counts = np.unique(pairs, return_counts=True)
        out: dict[tuple[str, str | None], int] = {}
        for v, c in zip(values.tolist(), counts.tolist(), strict=True):
            reason = REASON_CODES[v % 256]
            out[(KIND_CODES[v // 256].value, reason.value if reason else None)] = c
        return out

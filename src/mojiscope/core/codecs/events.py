"""Small pieces the decoders share when they build a block's text and spans:
one ``text`` span over a whole well-formed block, and characters replaced
by U+FFFD at given places (a collision's character, say)."""

from __future__ import annotations

import numpy as np

from mojiscope.core.spans.table import SpanTable


def replace_at(text: str, positions: list[int]) -> str:
    """``text`` with the character at each of ``positions`` (ascending) replaced by U+FFFD."""
    pieces = []
    prev = 0
    for p in positions:
        pieces.append(text[prev:p])
        pieces.append("\ufffd")
        prev = p + 1
    pieces.append(text[prev:])
    return "".join(pieces)


def single_text_span(n_bytes: int, n_chars: int) -> SpanTable:
    """One ``text`` span over ``n_bytes`` bytes and ``n_chars`` characters
    (none if there are no bytes)."""
    if n_bytes == 0:
        return SpanTable.empty()
    none = np.zeros(0, np.int64)
    return SpanTable.from_events(none, none, none, none, none, none, none, n_bytes, n_chars)

"""Spans from decode events, for codecs whose events are few.

A sparse decode lets CPython's C decoder produce the text in one call while
an error handler records each event; this module finds each event's place
in the text and hands the events to :meth:`SpanTable.from_events` (the one
way spans are built), without touching every character in Python.
"""

from __future__ import annotations

import numpy as np

from mojiscope.core.spans import KIND_CODE, SpanKind
from mojiscope.core.spantable import SpanTable

#: ``(byte_start, byte_end, kind code, reason code, value, first char, n chars)``;
#: kind -1 marks a silent event (a genuine character that looks like one).
Event = tuple[int, int, int, int, int, str, int]

_TEXT = KIND_CODE[SpanKind.TEXT]
_COLLISION = KIND_CODE[SpanKind.COLLISION]


def merge_events(a: list[Event], b: list[Event]) -> list[Event]:
    """Two event lists merged in byte order."""
    if not b:
        return a
    return sorted(a + b, key=lambda e: e[0])


def build_from_events(text: str, n_bytes: int, events: list[Event]) -> tuple[str, SpanTable]:
    """Spans for a block decoded in one C call, from its events in byte
    order. Each event's character offset is found with ``str.find`` of its
    first character, so every occurrence of that character in ``text`` must
    be an event: a genuine occurrence is passed in as a silent event (kind
    -1, which stays part of the text run). ``collision`` events have their
    character replaced by U+FFFD in the returned text."""
    kept = [e for e in events if e[2] >= 0]  # silent events stay in the text runs
    char_pos = np.zeros(len(kept), np.int64)
    collisions: list[int] = []
    at = i = 0
    find = text.find
    for _, _, kind, _, _, first, n_chars in events:
        c0 = find(first, at)
        if kind < 0:  # a genuine character that looks like an event's
            at = c0 + 1
            continue
        at = c0 + n_chars
        char_pos[i] = c0
        i += 1
        if kind == _COLLISION:
            collisions.append(c0)
    if collisions:
        text = replace_at(text, collisions)
    pos = np.array([e[0] for e in kept], np.int64)
    table = SpanTable.from_events(
        pos,
        np.array([e[1] for e in kept], np.int64) - pos,
        np.array([e[2] for e in kept], np.uint8),
        np.array([e[3] for e in kept], np.uint8),
        np.array([e[4] for e in kept], np.int64),
        char_pos,
        np.array([e[6] for e in kept], np.int64),
        n_bytes,
        len(text),
    )
    return text, table


def replace_at(text: str, positions: list[int]) -> str:
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

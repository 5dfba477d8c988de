"""Spans from decode events, for codecs whose events are few.

A sparse decode lets CPython's C decoder produce the text in one call while
an error handler records each event; this module turns those events into a
:class:`SpanTable` without touching every character in Python.
"""

from __future__ import annotations

import numpy as np

from mojiscope.core.spans import KIND_CODE, SpanKind
from mojiscope.core.spantable import NO_VALUE, SpanTable

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
    kinds: list[int] = []
    reasons: list[int] = []
    bstarts: list[int] = []
    cstarts: list[int] = []
    values: list[int] = []
    collisions: list[int] = []
    byte_pos = char_pos = 0
    find = text.find
    for b0, b1, kind, reason, value, first, n_chars in events:
        c0 = find(first, char_pos)
        in_text_run = bool(kinds) and kinds[-1] == _TEXT
        if (b0 > byte_pos or kind < 0) and not in_text_run:
            kinds.append(_TEXT)
            reasons.append(0)
            bstarts.append(byte_pos)
            cstarts.append(char_pos)
            values.append(NO_VALUE)
        if kind < 0:  # a genuine U+FFFD: part of the text run
            byte_pos, char_pos = b1, c0 + 1
            continue
        kinds.append(kind)
        reasons.append(reason)
        bstarts.append(b0)
        cstarts.append(c0)
        values.append(value)
        if kind == _COLLISION:
            collisions.append(c0)
        byte_pos, char_pos = b1, c0 + n_chars
    if byte_pos < n_bytes and not (kinds and kinds[-1] == _TEXT):
        kinds.append(_TEXT)
        reasons.append(0)
        bstarts.append(byte_pos)
        cstarts.append(char_pos)
        values.append(NO_VALUE)
    if collisions:
        text = replace_at(text, collisions)
    table = SpanTable(
        np.array(kinds, np.uint8),
        np.array(reasons, np.uint8),
        np.array([*bstarts, n_bytes], np.int64),
        np.array([*cstarts, len(text)], np.int64),
        np.array(values, np.int64),
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
    if n_bytes == 0:
        return SpanTable.empty()
    return SpanTable(
        np.zeros(1, np.uint8),
        np.zeros(1, np.uint8),
        np.array([0, n_bytes], np.int64),
        np.array([0, n_chars], np.int64),
        np.full(1, NO_VALUE, np.int64),
    )

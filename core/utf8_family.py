"""One engine for the UTF-8 family: ``utf-8``, ``utf-8b``, ``wtf-8``, ``xtf-8``.

They differ only in what an ill-formed maximal subpart becomes and in two
special well-formed cases, so a :class:`Variant` names those choices and one
engine decodes every block with one of two paths:

* **sparse**: CPython's own UTF-8 decoder runs over the block with an error
  handler that records each event (CPython reports exactly the W3C maximal
  subparts) and returns the variant's characters for it. The text comes out
  of C in one pass; each event's character offset is then found with
  ``str.find`` of its first character, which is unambiguous because every
  occurrence of such a character in the text is an event (genuine U+FFFD in
  the input is located in the bytes and counted as a silent event). When a
  block turns out to hold more than about one event per KiB, the handler
  gives up and the block goes to the other path.
* **dense**: numpy classifies every byte at once (lead class, second-byte
  range, continuation checks), finds where each sequence starts, and builds
  the span arrays without a Python loop per byte; the text still comes from
  one CPython decode call.

Both paths produce the same spans; the tests hold them to it.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import numpy as np

from mojiscope.core import utf8_rules as rules
from mojiscope.core.spans import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.events import Event as _Event
from mojiscope.core.events import build_from_events, merge_events, single_text_span
from mojiscope.core.spantable import NO_VALUE, SpanTable

BOM = b"\xef\xbb\xbf"
_VALUE_REASONS = (Reason.OVERLONG, Reason.SURROGATE, Reason.OUT_OF_RANGE)
_TEXT, _INVALID, _ESCAPE, _SURROGATE, _COLLISION, _SIGNATURE = (
    KIND_CODE[k]
    for k in (
        SpanKind.TEXT,
        SpanKind.INVALID,
        SpanKind.ESCAPE,
        SpanKind.SURROGATE,
        SpanKind.COLLISION,
        SpanKind.SIGNATURE,
    )
)
_COLLISION_BYTES = re.compile(rb"\xee[\xbe\xbf][\x80-\xbf]")


class IllFormed(Enum):
    """What an ill-formed maximal subpart becomes."""

    REPLACE = "replace"  # one U+FFFD, an ``invalid`` span
    SURROGATE_ESCAPE = "surrogateescape"  # U+DC00+byte per byte, an ``escape`` span
    PUA_ESCAPE = "pua"  # U+EF80|(byte&0x7F) per byte, an ``escape`` span


@dataclass(frozen=True)
class Variant:
    ill_formed: IllFormed
    wtf_surrogates: bool = False  # ED A0..BF xx is a ``surrogate`` span (WTF-8)
    pua_collisions: bool = False  # U+EF80..U+EFFF in the input is a ``collision``

    @property
    def escapes(self) -> bool:
        return self.ill_formed is not IllFormed.REPLACE

    def escape_chars(self, raw: bytes) -> str:
        if self.ill_formed is IllFormed.SURROGATE_ESCAPE:
            return "".join(chr(0xDC00 + b) for b in raw)
        return "".join(chr(0xEF80 | (b & 0x7F)) for b in raw)


class _TooDense(Exception):
    """Raised from the recording handler to hand a block to the dense path."""


# -- the sparse path ----------------------------------------------------------



class _Recorder:
    """The state of one sparse decode: the events so far, and the limit past
    which the block is too dense for this path."""

    def __init__(self, variant: Variant, data: bytes, limit: int) -> None:
        self.variant = variant
        self.data = data
        self.limit = limit
        self.events: list[_Event] = []

    def handle(self, exc: UnicodeDecodeError) -> tuple[str, int]:
        if len(self.events) >= self.limit:
            raise _TooDense
        data = self.data
        start, end = exc.start, exc.end
        variant = self.variant
        if variant.wtf_surrogates and _is_surrogate_seq(data, start):
            return self._surrogate(start)
        raw = data[start:end]
        reason = rules.subpart_reason(data, start, end)
        value = rules.would_be_value(data, start) if reason in _VALUE_REASONS else None
        if variant.escapes:
            chars = variant.escape_chars(raw)
            kind = _ESCAPE
        else:
            chars = "\ufffd"
            kind = _INVALID
        self.events.append(
            (start, end, kind, REASON_CODE[reason], NO_VALUE if value is None else value, chars[0], len(chars))
        )
        return chars, end

    def _surrogate(self, start: int) -> tuple[str, int]:
        data = self.data
        unit = ((data[start] & 0x0F) << 12) | ((data[start + 1] & 0x3F) << 6) | (data[start + 2] & 0x3F)
        is_lead = unit < 0xDC00
        paired = (
            _is_surrogate_seq(data, start + 3) and data[start + 4] >= 0xB0
            if is_lead
            else start >= 3 and _is_surrogate_seq(data, start - 3) and data[start - 2] < 0xB0
        )
        if paired:
            event = (start, start + 3, _INVALID, REASON_CODE[Reason.SURROGATE_PAIR], unit, "\ufffd", 1)
        else:
            event = (start, start + 3, _SURROGATE, 0, unit, chr(unit), 1)
        self.events.append(event)
        return event[5], start + 3


def _is_surrogate_seq(data: bytes, start: int) -> bool:
    """``ED A0..BF 80..BF`` at ``start``."""
    return (
        start + 2 < len(data)
        and data[start] == 0xED
        and 0xA0 <= data[start + 1] <= 0xBF
        and 0x80 <= data[start + 2] <= 0xBF
    )


_active: list[_Recorder] = []


def _dispatch(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError) or not _active:
        raise exc
    return _active[-1].handle(exc)


_HANDLER = "mojiscope-utf8-record"
codecs.register_error(_HANDLER, _dispatch)


def _sparse_decode(variant: Variant, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    recorder = _Recorder(variant, data, limit=64 + len(data) // 1024)
    _active.append(recorder)
    try:
        text = str(data, "utf-8", _HANDLER)
    finally:
        _active.pop()
    events = recorder.events
    if at_start and data.startswith(BOM):
        events.insert(0, (0, 3, _SIGNATURE, REASON_CODE[Reason.BOM], NO_VALUE, "\ufeff", 1))
    if variant.pua_collisions and (b"\xee\xbe" in data or b"\xee\xbf" in data):
        events = merge_events(events, _collision_events(data))
    if not events:
        return text, single_text_span(len(data), len(text))
    if not variant.escapes or any(e[5] == "\ufffd" for e in events):
        events = merge_events(events, _genuine_replacement_chars(data))
    return build_from_events(text, len(data), events)


def _collision_events(data: bytes) -> list[_Event]:
    code = REASON_CODE[Reason.ESCAPE_RANGE]
    out: list[_Event] = []
    for m in _COLLISION_BYTES.finditer(data):
        ch = m.group().decode("utf-8")
        out.append((m.start(), m.end(), _COLLISION, code, ord(ch), ch, 1))
    return out


def _genuine_replacement_chars(data: bytes) -> list[_Event]:
    """U+FFFD written in the input itself: silent events, so that every
    U+FFFD in the text is accounted for when locating events."""
    out: list[_Event] = []
    pos = data.find(b"\xef\xbf\xbd")
    while pos >= 0:
        out.append((pos, pos + 3, -1, 0, NO_VALUE, "\ufffd", 1))
        pos = data.find(b"\xef\xbf\xbd", pos + 3)
    return out


# -- the dense path -----------------------------------------------------------

_REASON_CODE_OF_RULE = np.array([REASON_CODE[r] for r in rules.REASON_OF_CODE], np.uint8)
_BOUNDS = {False: rules.second_byte_bounds(False), True: rules.second_byte_bounds(True)}


def _dense_decode(variant: Variant, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    n = len(data)
    b = np.frombuffer(data + b"\0\0\0", np.uint8)
    b0, b1, b2, b3 = b[:n], b[1 : n + 1], b[2 : n + 2], b[3 : n + 3]
    lo, hi = _BOUNDS[variant.wtf_surrogates]
    need = rules.NEED[b0]
    a1 = (b1 >= lo[b0]) & (b1 <= hi[b0])
    a2 = a1 & ((b2 & 0xC0) == 0x80) & (need >= 2)
    a3 = a2 & ((b3 & 0xC0) == 0x80) & (need >= 3)
    length = 1 + a1.view(np.uint8) + a2.view(np.uint8) + a3.view(np.uint8)
    # A byte is the first of a sequence unless an earlier lead's sequence
    # (valid or a maximal subpart) covers it.
    covered = np.zeros(n, bool)
    covered[1:] |= length[:-1] >= 2
    covered[2:] |= length[:-2] >= 3
    covered[3:] |= length[:-3] >= 4
    starts = np.flatnonzero(~covered)
    lead = b0[starts]
    seq_len = length[starts]
    valid = (seq_len > need[starts]) & rules.GOOD_LEAD[lead]

    kind = np.where(valid, _TEXT, _ESCAPE if variant.escapes else _INVALID).astype(np.uint8)
    reason = np.zeros(len(starts), np.uint8)
    value = np.full(len(starts), NO_VALUE, np.int64)
    bad = np.flatnonzero(~valid)
    if len(bad):
        _fill_error_reasons(b, starts[bad], lead[bad], reason, value, bad)
    if variant.wtf_surrogates:
        _mark_surrogates(b, starts, lead, kind, reason, value)
    if variant.pua_collisions:
        coll = np.flatnonzero((lead == 0xEE) & (b1[starts] >= 0xBE) & valid)
        if len(coll):
            s = starts[coll]
            kind[coll] = _COLLISION
            reason[coll] = REASON_CODE[Reason.ESCAPE_RANGE]
            value[coll] = 0xE000 | ((b1[s].astype(np.int64) & 0x3F) << 6) | (b2[s] & 0x3F)
    if at_start and data.startswith(BOM):
        kind[0] = _SIGNATURE
        reason[0] = REASON_CODE[Reason.BOM]

    chars_per_start = seq_len.astype(np.int64) if variant.escapes else None
    if chars_per_start is not None:
        chars_per_start[kind != _ESCAPE] = 1
    table = _spans_from_starts(starts, kind, reason, value, chars_per_start, n)
    text = _dense_text(variant, data, table)
    if len(text) != table.char_end:
        raise AssertionError("utf-8 dense path: text and spans disagree")
    return text, table


def _fill_error_reasons(
    b: np.ndarray, pos: np.ndarray, lead: np.ndarray, reason: np.ndarray, value: np.ndarray, where: np.ndarray
) -> None:
    second = b[pos + 1]
    code = rules.BASE_REASON[lead]
    special = (code == rules.R_TRUNC) & ((second & 0xC0) == 0x80)
    code = np.where(special, rules.SECOND_BYTE_REASON[lead], code)
    reason[where] = _REASON_CODE_OF_RULE[code]
    wants_value = (code == rules.R_OVERLONG) | (code == rules.R_SURROGATE) | (code == rules.R_RANGE)
    if wants_value.any():
        idx = np.flatnonzero(wants_value)
        p = pos[idx]
        value[where[idx]] = rules.vector_would_be_values(b[p], b[p + 1], b[p + 2], b[p + 3])


def _mark_surrogates(
    b: np.ndarray, starts: np.ndarray, lead: np.ndarray, kind: np.ndarray, reason: np.ndarray, value: np.ndarray
) -> None:
    sur = np.flatnonzero((lead == 0xED) & (b[starts + 1] >= 0xA0) & (kind == _TEXT))
    if not len(sur):
        return
    p = starts[sur]
    units = 0xD000 | ((b[p + 1].astype(np.int64) & 0x3F) << 6) | (b[p + 2] & 0x3F)
    kind[sur] = _SURROGATE
    value[sur] = units
    is_lead = units < 0xDC00
    # A lead directly followed by a trail (the next start, 3 bytes on) is a
    # surrogate pair byte sequence: both halves are invalid.
    next_is_trail = np.zeros(len(sur), bool)
    consecutive = (sur[1:] == sur[:-1] + 1) & (p[1:] == p[:-1] + 3)
    next_is_trail[:-1] = consecutive & is_lead[:-1] & ~is_lead[1:]
    pair = next_is_trail.copy()
    pair[1:] |= next_is_trail[:-1]
    kind[sur[pair]] = _INVALID
    reason[sur[pair]] = REASON_CODE[Reason.SURROGATE_PAIR]


def _spans_from_starts(
    starts: np.ndarray,
    kind: np.ndarray,
    reason: np.ndarray,
    value: np.ndarray,
    chars_per_start: np.ndarray | None,
    n_bytes: int,
) -> SpanTable:
    """Group sequence starts into spans: each non-text start is its own span,
    consecutive text starts form one run."""
    special = kind != _TEXT
    first = special.copy()
    first[1:] |= special[:-1]
    first[0] = True
    heads = np.flatnonzero(first)
    if chars_per_start is None:
        char_of_start = heads.astype(np.int64)
        total_chars = len(starts)
    else:
        cum = np.concatenate(([0], np.cumsum(chars_per_start)))
        char_of_start = cum[heads]
        total_chars = int(cum[-1])
    return SpanTable(
        kind[heads],
        reason[heads],
        np.concatenate((starts[heads].astype(np.int64), [n_bytes])),
        np.concatenate((char_of_start, [total_chars])).astype(np.int64),
        value[heads],
    )


def _dense_text(variant: Variant, data: bytes, table: SpanTable) -> str:
    if variant.ill_formed is IllFormed.SURROGATE_ESCAPE:
        return str(data, "utf-8", "surrogateescape")
    if variant.ill_formed is IllFormed.PUA_ESCAPE:
        units = np.frombuffer(
            str(data, "utf-8", "surrogateescape").encode("utf-32-le", "surrogatepass"), np.uint32
        ).copy()
        units[(units >= 0xEF80) & (units <= 0xEFFF)] = 0xFFFD  # collisions
        esc = (units >= 0xDC80) & (units <= 0xDCFF)
        units[esc] += 0xEF80 - 0xDC80
        return units.tobytes().decode("utf-32-le")
    if not variant.wtf_surrogates:
        return str(data, "utf-8", "replace")
    # WTF-8: decode the runs between surrogate sequences with CPython.
    sur = np.flatnonzero(
        (table.kinds == _SURROGATE)
        | ((table.kinds == _INVALID) & (table.reasons == REASON_CODE[Reason.SURROGATE_PAIR]))
    )
    pieces: list[str] = []
    prev = 0
    for i in sur.tolist():
        b0 = int(table.byte_starts[i])
        pieces.append(str(data[prev:b0], "utf-8", "replace"))
        pieces.append(chr(int(table.values[i])) if table.kinds[i] == _SURROGATE else "\ufffd")
        prev = b0 + 3
    pieces.append(str(data[prev:], "utf-8", "replace"))
    return "".join(pieces)


# -- choosing a path ------------------------------------------------------------


def decode_block(variant: Variant, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    """Decode a block (ending at a safe cut), sparse path first."""
    try:
        return _sparse_decode(variant, data, at_start)
    except _TooDense:
        return _dense_decode(variant, data, at_start)


DecodePath = Callable[[Variant, bytes, bool], tuple[str, SpanTable]]
#: Both paths by name, for the tests that hold them to the same answers.
PATHS: dict[str, DecodePath] = {"sparse": _sparse_decode, "dense": _dense_decode}


def safe_cut(data: bytes, at_start: bool, wtf: bool) -> int:
    """The largest safe cut (see :mod:`mojiscope.core.format`): just before
    the last byte that is not a continuation byte, looking at most 4 bytes
    back; or the whole buffer if that byte is ASCII or there is none (every
    trailing continuation byte is then already decided). WTF-8 also never
    cuts between a lead surrogate sequence and what may be its trail."""
    n = len(data)
    cut = n
    for i in range(n - 1, max(n - 5, -1), -1):
        if data[i] & 0xC0 != 0x80:
            cut = n if data[i] < 0x80 else i
            break
    if wtf:
        while cut >= 3 and _is_surrogate_seq(data, cut - 3) and data[cut - 2] < 0xB0:
            cut -= 3  # a lead surrogate sequence waits for what follows it
    del at_start  # a BOM is a complete sequence: the rule above never splits it
    return cut

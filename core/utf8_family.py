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

from mojiscope.core import utf8_rules as rules
from mojiscope.core.events import Event as _Event
from mojiscope.core.events import build_from_events, merge_events, single_text_span
from mojiscope.core.recording import RecordingHandler
from mojiscope.core.spans import COLLISION_CODE as _COLLISION
from mojiscope.core.spans import ESCAPE_CODE as _ESCAPE
from mojiscope.core.spans import INVALID_CODE as _INVALID
from mojiscope.core.spans import REASON_CODE, Reason
from mojiscope.core.spans import SIGNATURE_CODE as _SIGNATURE
from mojiscope.core.spans import SURROGATE_CODE as _SURROGATE
from mojiscope.core.spantable import NO_VALUE, SpanTable
from mojiscope.core.utf8_dense import dense_decode

BOM = b"\xef\xbb\xbf"
_VALUE_REASONS = (Reason.OVERLONG, Reason.SURROGATE, Reason.OUT_OF_RANGE)
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


class _TooDense(Exception):  # noqa: N818 - a control-flow signal, not an error
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
        if variant.wtf_surrogates and data[start] == 0xED:
            if _is_surrogate_seq(data, start):
                return self._surrogate(start)
            if start + 1 < len(data) and 0xA0 <= data[start + 1] <= 0xBF:
                end = start + 2  # a surrogate cut short: in WTF-8 one truncated subpart
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
            (
                start,
                end,
                kind,
                REASON_CODE[reason],
                NO_VALUE if value is None else value,
                chars[0],
                len(chars),
            )
        )
        return chars, end

    def _surrogate(self, start: int) -> tuple[str, int]:
        data = self.data
        unit = (
            ((data[start] & 0x0F) << 12)
            | ((data[start + 1] & 0x3F) << 6)
            | (data[start + 2] & 0x3F)
        )
        is_lead = unit < 0xDC00
        paired = (
            _is_surrogate_seq(data, start + 3) and data[start + 4] >= 0xB0
            if is_lead
            else start >= 3 and _is_surrogate_seq(data, start - 3) and data[start - 2] < 0xB0
        )
        if paired:
            event = (
                start,
                start + 3,
                _INVALID,
                REASON_CODE[Reason.SURROGATE_PAIR],
                unit,
                "\ufffd",
                1,
            )
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


_HANDLER = RecordingHandler("mojiscope-utf8-record")


def _sparse_decode(variant: Variant, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    recorder = _Recorder(variant, data, limit=64 + len(data) // 1024)
    text = _HANDLER.decode(data, "utf-8", recorder.handle)
    events = recorder.events
    if at_start and data.startswith(BOM):
        events.insert(0, (0, 3, _SIGNATURE, REASON_CODE[Reason.BOM], NO_VALUE, "\ufeff", 1))
    if variant.pua_collisions and _may_collide(data):
        events = merge_events(events, _collision_events(data))
    if not events:
        return text, single_text_span(len(data), len(text))
    replacements = sum(1 for e in events if e[5] == "\ufffd")
    if replacements and text.count("\ufffd") > replacements:
        events = merge_events(events, _genuine_replacement_chars(data))
    return build_from_events(text, len(data), events)


def decode_well_formed(
    variant: Variant, data: bytes | bytearray | memoryview
) -> tuple[str, SpanTable] | None:
    """The whole input in one C call when it is well-formed UTF-8 (the common
    case, and then every variant agrees with UTF-8 but for a BOM and, in
    XTF-8, collisions); ``None`` at the first ill-formed byte."""
    # A failed strict decode copies its whole input into the exception, so
    # look at the first 64 KiB before betting the whole input on it.
    try:
        codecs.utf_8_decode(data[:_PROBE], "strict", False)
        text = str(data, "utf-8")
    except UnicodeDecodeError:
        return None
    raw = data if isinstance(data, bytes) else bytes(data)
    events: list[_Event] = []
    if raw.startswith(BOM):
        events.append((0, 3, _SIGNATURE, REASON_CODE[Reason.BOM], NO_VALUE, "\ufeff", 1))
    if variant.pua_collisions and _may_collide(raw):
        events = merge_events(events, _collision_events(raw))
    if not events:
        return text, single_text_span(len(raw), len(text))
    return build_from_events(text, len(raw), events)


def _may_collide(data: bytes) -> bool:
    """Whether ``data`` may hold U+EF80..U+EFFF (lead byte EE): a one-byte
    search runs at memchr speed, a two-byte one byte by byte."""
    return data.find(b"\xee") >= 0


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


def _dense_decode(variant: Variant, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    escapes = {
        IllFormed.REPLACE: None,
        IllFormed.SURROGATE_ESCAPE: "surrogate",
        IllFormed.PUA_ESCAPE: "pua",
    }[variant.ill_formed]
    return dense_decode(
        data,
        at_start,
        escapes=escapes,
        wtf=variant.wtf_surrogates,
        collisions=variant.pua_collisions,
    )


# -- choosing a path ------------------------------------------------------------


def decode_block(variant: Variant, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    """Decode a block (ending at a safe cut): the sparse path unless a sample
    of the block already shows more than one error per KiB."""
    if (
        len(data) > 4 * _SAMPLE
        and str(data[:_SAMPLE], "utf-8", "replace").count("\ufffd") > _SAMPLE // 1024
    ):
        return _dense_decode(variant, data, at_start)
    try:
        return _sparse_decode(variant, data, at_start)
    except _TooDense:
        return _dense_decode(variant, data, at_start)


_SAMPLE = 16384
_PROBE = 65536
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

"""UTF-16 and WTF-16 in both byte orders.

WTF-16 is UTF-16 without the well-formedness constraint: an unpaired
surrogate code unit is a ``surrogate`` span holding that code point, with
the reason ``unpaired-lead`` or ``unpaired-trail``. The ``utf-16le``/
``utf-16be`` formats are the strict forms, where it is ``invalid``
(``lone-surrogate``). An odd final byte is ``invalid`` (``truncated``);
``FF FE``/``FE FF`` at offset 0 is a ``signature``. In ``utf-16le``/
``utf-16be`` a first character U+FFFE is a ``warning`` (``swapped-bom``): it
is what a byte order mark looks like read in the other byte order.

``utf-16`` follows the byte order mark as readers do (see
:mod:`mojiscope.core.byte_order`): big-endian after ``FE FF``, little-endian
after ``FF FE`` or, with a ``warning`` (``no-bom``) on the first character,
when there is none.

Decoding runs CPython's UTF-16 decoder with a recording error handler (see
:mod:`mojiscope.core.events`); encoding uses ``surrogatepass``, which writes a
lone surrogate as its own unit and a lead-trail pair of surrogate code points
as the pair of units, i.e. as the supplementary character (flagged).
"""

from __future__ import annotations

import re
from typing import ClassVar, Literal

from mojiscope.core.byte_order import ByteOrderFollowing
from mojiscope.core.encode_runs import SpecialRun, encode_by_runs
from mojiscope.core.events import Event, build_from_events, merge_events, single_text_span
from mojiscope.core.format import Encoding, Format
from mojiscope.core.recording import RecordingHandler
from mojiscope.core.source import Source
from mojiscope.core.spans import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spantable import NO_VALUE, SpanTable

_INVALID = KIND_CODE[SpanKind.INVALID]
_SURROGATE = KIND_CODE[SpanKind.SURROGATE]
_SIGNATURE = KIND_CODE[SpanKind.SIGNATURE]
_WARNING = KIND_CODE[SpanKind.WARNING]
_SURROGATES = re.compile("[\ud800-\udfff]+")


class _Utf16Recorder:
    def __init__(self, fmt: _Utf16Like, data: bytes) -> None:
        self.fmt = fmt
        self.data = data
        self.events: list[Event] = []

    def handle(self, exc: UnicodeDecodeError) -> tuple[str, int]:
        start = exc.start
        if exc.end - start >= 2:
            unit = int.from_bytes(self.data[start : start + 2], self.fmt.byteorder)
            if self.fmt.wobbly:
                unpaired = Reason.UNPAIRED_LEAD if unit < 0xDC00 else Reason.UNPAIRED_TRAIL
                reason = REASON_CODE[unpaired]
                self.events.append((start, start + 2, _SURROGATE, reason, unit, chr(unit), 1))
                return chr(unit), start + 2
            reason = REASON_CODE[Reason.LONE_SURROGATE]
            self.events.append((start, start + 2, _INVALID, reason, unit, "\ufffd", 1))
            return "\ufffd", start + 2
        reason = REASON_CODE[Reason.TRUNCATED]
        self.events.append((start, exc.end, _INVALID, reason, NO_VALUE, "\ufffd", 1))
        return "\ufffd", exc.end


_HANDLER = RecordingHandler("mojiscope-utf16-record")


class _Utf16Like(Format):
    byteorder: ClassVar[Literal["little", "big"]]
    codec: ClassVar[str]
    bom: ClassVar[bytes]
    wobbly: ClassVar[bool]
    #: What a first character that is not a byte order mark says: nothing,
    #: ``swapped-bom`` if it is U+FFFE, or ``no-bom`` whatever it is (the
    #: byte order was a guess).
    first_char_warning: ClassVar[Reason | None] = None
    lookahead = 4

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        recorder = _Utf16Recorder(self, data)
        text = _HANDLER.decode(data, self.codec, recorder.handle)
        events = recorder.events
        if at_start and data.startswith(self.bom):
            events.insert(0, (0, 2, _SIGNATURE, REASON_CODE[Reason.BOM], NO_VALUE, "\ufeff", 1))
        warning = self._first_char_warning(text, events) if at_start else None
        if not events and warning is None:
            return text, single_text_span(len(data), len(text))
        events = merge_events(events, self._genuine_replacement_chars(data))
        if warning is not None:
            events = [warning, *(e for e in events if e[0] != 0)]
        return build_from_events(text, len(data), events)

    def _first_char_warning(self, text: str, events: list[Event]) -> Event | None:
        """The ``warning`` event on the first character, if it is text that
        deserves one (an error or a signature there says more)."""
        reason = self.first_char_warning
        if reason is None or not text or (events and events[0][0] == 0):
            return None
        if reason is Reason.SWAPPED_BOM and text[0] != "\ufffe":
            return None
        n_bytes = 4 if text[0] > "\uffff" else 2
        return (0, n_bytes, _WARNING, REASON_CODE[reason], NO_VALUE, text[0], 1)

    def _genuine_replacement_chars(self, data: bytes) -> list[Event]:
        unit = "\ufffd".encode(self.codec)
        out: list[Event] = []
        pos = data.find(unit)
        while pos >= 0:
            if pos % 2 == 0:
                out.append((pos, pos + 2, -1, 0, NO_VALUE, "\ufffd", 1))
            pos = data.find(unit, pos + 1)
        return out

    def _is_lead(self, unit_bytes: bytes) -> bool:
        return 0xD800 <= int.from_bytes(unit_bytes, self.byteorder) <= 0xDBFF

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        """Whole units only, and never between a lead surrogate and the unit
        after it."""
        cut = len(data) - len(data) % 2
        if cut >= 2 and self._is_lead(data[cut - 2 : cut]):
            cut -= 2
        return cut

    def resync(self, source: Source, offset: int) -> int:
        start = offset - offset % 2
        if start >= 2:
            unit = int.from_bytes(source.read(start, start + 2), self.byteorder)
            if 0xDC00 <= unit <= 0xDFFF and self._is_lead(source.read(start - 2, start)):
                return start - 2
        return start

    def char_byte_lengths(self, chars: str) -> list[int]:
        return [4 if c > "\uffff" else 2 for c in chars]

    def encode_spans(self, text: str) -> Encoding:
        try:
            data = text.encode(self.codec)
            return Encoding(data, single_text_span(len(data), len(text)))
        except UnicodeEncodeError:
            return encode_by_runs(
                text, _SURROGATES, lambda s: s.encode(self.codec), self._surrogate_run
            )

    def _surrogate_run(self, run: str) -> list[SpecialRun]:
        pieces: list[SpecialRun] = []
        for i, c in enumerate(run):
            pairs_up = (c < "\udc00" and i + 1 < len(run) and run[i + 1] >= "\udc00") or (
                c >= "\udc00" and i > 0 and run[i - 1] < "\udc00"
            )
            unit = c.encode(self.codec, "surrogatepass")
            if not self.wobbly:
                pieces.append(("\ufffd".encode(self.codec), SpanKind.INVALID, Reason.UNENCODABLE))
            elif pairs_up:
                pieces.append((unit, SpanKind.WARNING, Reason.SURROGATE_PAIR))
            else:
                pieces.append((unit, SpanKind.TEXT, None))
        return pieces


class Wtf16Le(_Utf16Like):
    """WTF-16, little-endian: UTF-16 that carries unpaired surrogates."""

    id = "wtf-16le"
    aliases = ("wtf16le", "wtf-16")
    description = "WTF-16 little-endian: UTF-16 plus unpaired surrogates"
    byteorder, codec, bom, wobbly = "little", "utf-16-le", b"\xff\xfe", True


class Wtf16Be(_Utf16Like):
    """WTF-16, big-endian."""

    id = "wtf-16be"
    aliases = ("wtf16be",)
    description = "WTF-16 big-endian: UTF-16 plus unpaired surrogates"
    byteorder, codec, bom, wobbly = "big", "utf-16-be", b"\xfe\xff", True


class Utf16Le(_Utf16Like):
    """UTF-16, little-endian, strict: unpaired surrogates are invalid."""

    id = "utf-16le"
    aliases = ("utf16le", "utf-16-le")
    description = "UTF-16 little-endian (unpaired surrogates are errors)"
    byteorder, codec, bom, wobbly = "little", "utf-16-le", b"\xff\xfe", False
    first_char_warning = Reason.SWAPPED_BOM


class Utf16Be(_Utf16Like):
    """UTF-16, big-endian, strict."""

    id = "utf-16be"
    aliases = ("utf16be", "utf-16-be")
    description = "UTF-16 big-endian (unpaired surrogates are errors)"
    byteorder, codec, bom, wobbly = "big", "utf-16-be", b"\xfe\xff", False
    first_char_warning = Reason.SWAPPED_BOM


class _Utf16Reading(_Utf16Like):
    """How ``utf-16`` reads a stream once its head has chosen the byte order
    (a byte order mark, or none: little-endian, the first character flagged)."""

    id = "utf-16"
    description = "UTF-16 as read after its byte order mark"
    wobbly = False


class Utf16(ByteOrderFollowing):
    """UTF-16 as readers read it: big-endian after ``FE FF``, little-endian
    after ``FF FE`` or, with a ``no-bom`` warning, when there is no mark."""

    id = "utf-16"
    aliases = ("utf16",)
    description = "UTF-16 following its byte order mark (none: little-endian, flagged)"
    unit, little_bom, big_bom = 2, b"\xff\xfe", b"\xfe\xff"
    lookahead = 4


WTF16LE = Wtf16Le()
WTF16BE = Wtf16Be()
UTF16LE = Utf16Le()
UTF16BE = Utf16Be()


class _Utf16LittleReading(_Utf16Reading):
    byteorder, codec, bom = "little", "utf-16-le", b"\xff\xfe"


class _Utf16UnmarkedReading(_Utf16LittleReading):
    first_char_warning = Reason.NO_BOM


class _Utf16BigReading(_Utf16Reading):
    byteorder, codec, bom = "big", "utf-16-be", b"\xfe\xff"


Utf16.little = _Utf16LittleReading()
Utf16.little_unmarked = _Utf16UnmarkedReading()
Utf16.big = _Utf16BigReading()
UTF16 = Utf16()

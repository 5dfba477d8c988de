"""UTF-16 and WTF-16 in both byte orders.

WTF-16 is UTF-16 without the well-formedness constraint: an unpaired
surrogate code unit is a ``surrogate`` span holding that code point. The
``utf-16le``/``utf-16be`` formats are the strict forms, where it is
``invalid`` (``lone-surrogate``). An odd final byte is ``invalid``
(``truncated``); ``FF FE``/``FE FF`` at offset 0 is a ``signature``.

Decoding runs CPython's UTF-16 decoder with a recording error handler (see
:mod:`mojiscope.core.events`); encoding uses ``surrogatepass``, which writes a
lone surrogate as its own unit and a lead-trail pair of surrogate code points
as the pair of units, i.e. as the supplementary character (flagged).
"""

from __future__ import annotations

import re
from typing import ClassVar, Literal

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
                self.events.append((start, start + 2, _SURROGATE, 0, unit, chr(unit), 1))
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
    lookahead = 4

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        recorder = _Utf16Recorder(self, data)
        text = _HANDLER.decode(data, self.codec, recorder.handle)
        events = recorder.events
        if at_start and data.startswith(self.bom):
            events.insert(0, (0, 2, _SIGNATURE, REASON_CODE[Reason.BOM], NO_VALUE, "\ufeff", 1))
        if not events:
            return text, single_text_span(len(data), len(text))
        events = merge_events(events, self._genuine_replacement_chars(data))
        return build_from_events(text, len(data), events)

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
    aliases = ("utf16le", "utf-16", "utf16")
    description = "UTF-16 little-endian (unpaired surrogates are errors)"
    byteorder, codec, bom, wobbly = "little", "utf-16-le", b"\xff\xfe", False


class Utf16Be(_Utf16Like):
    """UTF-16, big-endian, strict."""

    id = "utf-16be"
    aliases = ("utf16be",)
    description = "UTF-16 big-endian (unpaired surrogates are errors)"
    byteorder, codec, bom, wobbly = "big", "utf-16-be", b"\xfe\xff", False


WTF16LE = Wtf16Le()
WTF16BE = Wtf16Be()
UTF16LE = Utf16Le()
UTF16BE = Utf16Be()

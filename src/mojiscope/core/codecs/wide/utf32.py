"""UTF-32 in both byte orders, and ``utf-32`` following its byte order mark.

Every character is one 32-bit code unit, so a block is decoded with numpy
at once: a unit above 10FFFF is ``invalid`` (``out-of-range``, its value
kept), a surrogate unit D800..DFFF is ``invalid`` (``surrogate``), and one to
three bytes left at the end are ``invalid`` (``truncated``); each bad unit is
one U+FFFD. The text comes from one call of CPython's UTF-32 decoder over
the units with the bad ones replaced. ``FF FE 00 00`` (``00 00 FE FF``
big-endian) at offset 0 is a ``signature``. A unit boundary is a
resynchronisation point, and every unit decides itself, so a stream can be
cut at any multiple of four bytes.

``utf-32`` follows the byte order mark as readers do (see
:mod:`mojiscope.core.codecs.wide.byte_order`): big-endian after ``00 00 FE FF``,
little-endian after ``FF FE 00 00`` or, with a ``warning`` (``no-bom``) on
the first character, when there is none. A big-endian mark read as
``utf-32le`` is the unit FFFE0000, which is ``out-of-range``.
"""

from __future__ import annotations

import re
from typing import ClassVar, Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.encode_runs import SpecialRun, encode_by_runs
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Errors, Format
from mojiscope.core.codecs.wide.byte_order import ByteOrderFollowing
from mojiscope.core.spans.event import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spans.table import NO_VALUE, SpanTable
from mojiscope.core.system.source import Source

_INVALID = KIND_CODE[SpanKind.INVALID]
_OUT_OF_RANGE = REASON_CODE[Reason.OUT_OF_RANGE]
_SURROGATE = REASON_CODE[Reason.SURROGATE]
_TRUNCATED = REASON_CODE[Reason.TRUNCATED]
_SURROGATES = re.compile("[\ud800-\udfff]+")
_UNIT = 4


class _Utf32Like(Format):
    byteorder: ClassVar[Literal["little", "big"]]
    codec: ClassVar[str]
    bom: ClassVar[bytes]
    #: ``no-bom`` on the first character when a block starts the stream
    #: (the little-endian reading of ``utf-32`` without a mark), else None.
    first_char_warning: ClassVar[Reason | None] = None
    lookahead = _UNIT

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        whole = len(data) - len(data) % _UNIT
        dtype = "<u4" if self.byteorder == "little" else ">u4"
        units = np.frombuffer(data, dtype, count=whole // _UNIT)
        out_of_range = units > 0x10FFFF
        surrogate = (units >= 0xD800) & (units <= 0xDFFF)
        bad = out_of_range | surrogate
        opening = self._opening_event(units, bad) if at_start else None
        if opening is None and whole == len(data) and not bad.any():
            text = data.decode(self.codec)
            return text, single_text_span(len(data), len(text))
        fixed = np.where(bad, 0xFFFD, units).astype("<u4")
        text = fixed.tobytes().decode("utf-32-le") + ("\ufffd" if whole < len(data) else "")
        index = np.flatnonzero(bad)
        events = _Events(
            index,
            np.full(len(index), _INVALID, np.uint8),
            np.where(out_of_range[index], _OUT_OF_RANGE, _SURROGATE).astype(np.uint8),
            units[index].astype(np.int64),
        )
        if opening is not None:
            events = _Events.concat(_Events.one(0, *opening), events)
        if whole < len(data):
            events = _Events.concat(events, _Events.one(whole // _UNIT, _INVALID, _TRUNCATED))
        return text, events.table(len(data), len(text))

    def decode_whole(
        self, data: bytes | bytearray | memoryview, errors: Errors
    ) -> tuple[str, SpanTable] | None:
        """The whole input as one block: every unit decides itself, so the
        block driver's pieces would only be joined again (a copy of the text)."""
        return self.decode_block(bytes(data), at_start=True)

    def _opening_event(self, units: np.ndarray, bad: np.ndarray) -> tuple[int, int] | None:
        """``(kind, reason)`` of a ``signature`` event for a byte order mark
        at offset 0, or of the first character's warning; ``None`` for
        neither (or when the first unit is bad, which says more)."""
        if not len(units) or bad[0]:
            return None
        if units[0] == 0xFEFF:
            return KIND_CODE[SpanKind.SIGNATURE], REASON_CODE[Reason.BOM]
        if self.first_char_warning is not None:
            return KIND_CODE[SpanKind.WARNING], REASON_CODE[self.first_char_warning]
        return None

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        """Any unit boundary: each unit decides itself."""
        return len(data) - len(data) % _UNIT

    def resync(self, source: Source, offset: int) -> int:
        return offset - offset % _UNIT

    def char_byte_lengths(self, chars: str) -> list[int]:
        return [_UNIT] * len(chars)

    def encode_spans(self, text: str) -> Encoding:
        """UTF-32 in this byte order; a surrogate (a ``str`` may hold one)
        has no UTF-32 form: ``invalid`` (``unencodable``), written as U+FFFD."""
        try:
            data = text.encode(self.codec)
            return Encoding(data, single_text_span(len(data), len(text)))
        except UnicodeEncodeError:
            return encode_by_runs(text, _SURROGATES, lambda s: s.encode(self.codec), self._refuse)

    def _refuse(self, run: str) -> list[SpecialRun]:
        replacement = "\ufffd".encode(self.codec)
        return [(replacement, SpanKind.INVALID, Reason.UNENCODABLE) for _ in run]


class _Events(NamedTuple):
    """One-unit events as arrays: each covers its ``unit`` (an index; the
    last may be the short tail after the last whole unit) and one character."""

    unit: npt.NDArray[np.int64]
    kind: npt.NDArray[np.uint8]
    reason: npt.NDArray[np.uint8]
    value: npt.NDArray[np.int64]

    @classmethod
    def one(cls, unit: int, kind: int, reason: int) -> _Events:
        return cls(
            np.array([unit], np.int64),
            np.array([kind], np.uint8),
            np.array([reason], np.uint8),
            np.array([NO_VALUE], np.int64),
        )

    @classmethod
    def concat(cls, first: _Events, second: _Events) -> _Events:
        return cls(
            np.concatenate((first.unit, second.unit)),
            np.concatenate((first.kind, second.kind)),
            np.concatenate((first.reason, second.reason)),
            np.concatenate((first.value, second.value)),
        )

    def table(self, n_bytes: int, n_chars: int) -> SpanTable:
        pos = self.unit * _UNIT
        return SpanTable.from_events(
            pos,
            np.minimum(_UNIT, n_bytes - pos),
            self.kind,
            self.reason,
            self.value,
            self.unit,
            np.ones(len(pos), np.int64),
            n_bytes,
            n_chars,
        )


class Utf32Le(_Utf32Like):
    """UTF-32, little-endian."""

    id = "utf-32le"
    aliases = ("utf32le", "utf-32-le")
    description = "UTF-32 little-endian (values above 10FFFF and surrogates are errors)"
    byteorder, codec, bom = "little", "utf-32-le", b"\xff\xfe\x00\x00"


class Utf32Be(_Utf32Like):
    """UTF-32, big-endian."""

    id = "utf-32be"
    aliases = ("utf32be", "utf-32-be")
    description = "UTF-32 big-endian (values above 10FFFF and surrogates are errors)"
    byteorder, codec, bom = "big", "utf-32-be", b"\x00\x00\xfe\xff"


class _Utf32Reading(_Utf32Like):
    """How ``utf-32`` reads a stream once its head has chosen the byte order."""

    id = "utf-32"
    description = "UTF-32 as read after its byte order mark"


class _Utf32LittleReading(_Utf32Reading):
    byteorder, codec, bom = "little", "utf-32-le", b"\xff\xfe\x00\x00"


class _Utf32UnmarkedReading(_Utf32LittleReading):
    first_char_warning = Reason.NO_BOM


class _Utf32BigReading(_Utf32Reading):
    byteorder, codec, bom = "big", "utf-32-be", b"\x00\x00\xfe\xff"


class Utf32(ByteOrderFollowing):
    """UTF-32 as readers read it: big-endian after ``00 00 FE FF``,
    little-endian after ``FF FE 00 00`` or, flagged, when there is no mark."""

    id = "utf-32"
    aliases = ("utf32",)
    description = "UTF-32 following its byte order mark (none: little-endian, flagged)"
    unit, little_bom, big_bom = _UNIT, b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"
    lookahead = _UNIT
    little = _Utf32LittleReading()
    little_unmarked = _Utf32UnmarkedReading()
    big = _Utf32BigReading()


UTF32LE = Utf32Le()
UTF32BE = Utf32Be()
UTF32 = Utf32()

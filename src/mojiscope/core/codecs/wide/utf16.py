"""UTF-16 and WTF-16 in both byte orders.

WTF-16 is UTF-16 without the well-formedness constraint: an unpaired
surrogate code unit is a ``surrogate`` span holding that code point, with
the reason ``unpaired-lead`` or ``unpaired-trail``. The ``utf-16le``/
``utf-16be`` formats are the strict forms, where it is ``invalid``
(``lone-surrogate``). An odd final byte is ``invalid`` (``truncated``); in
the strict forms a lead surrogate just before it joins it in that one span
(one U+FFFD, as WHATWG's decoder reads ``00 D8 41``: see :func:`_ends_in_lead`);
``FF FE``/``FE FF`` at offset 0 is a ``signature``. In ``utf-16le``/
``utf-16be`` a first character U+FFFE is a ``warning`` (``swapped-bom``): it
is what a byte order mark looks like read in the other byte order.

``utf-16`` follows the byte order mark as readers do (see
:mod:`mojiscope.core.codecs.wide.byte_order`): big-endian after ``FE FF``, little-endian
after ``FF FE`` or, with a ``warning`` (``no-bom``) on the first character,
when there is none.

A well-formed block decodes in one call of CPython's UTF-16 decoder; a
block with a lone surrogate or an odd final byte is read as an array of
units with numpy (which units pair, which are lone, where each character
starts), since an error handler would cost a Python call per bad unit.
Encoding uses ``surrogatepass``, which writes a lone surrogate as its own
unit and a lead-trail pair of surrogate code points as the pair of units,
i.e. as the supplementary character (flagged).
"""

from __future__ import annotations

import re
from typing import ClassVar, Literal

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.encode_runs import SpecialRun, encode_by_runs
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Format
from mojiscope.core.codecs.wide.byte_order import ByteOrderFollowing
from mojiscope.core.spans.event import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spans.table import NO_VALUE, SpanTable
from mojiscope.core.system.source import Source

_INVALID = KIND_CODE[SpanKind.INVALID]
_SURROGATE = KIND_CODE[SpanKind.SURROGATE]
_SIGNATURE = KIND_CODE[SpanKind.SIGNATURE]
_WARNING = KIND_CODE[SpanKind.WARNING]
_UNPAIRED_LEAD = REASON_CODE[Reason.UNPAIRED_LEAD]
_UNPAIRED_TRAIL = REASON_CODE[Reason.UNPAIRED_TRAIL]
_LONE_SURROGATE = REASON_CODE[Reason.LONE_SURROGATE]
_TRUNCATED = REASON_CODE[Reason.TRUNCATED]
_SURROGATES = re.compile("[\ud800-\udfff]+")


_Events = tuple[
    npt.NDArray[np.int64],  # byte start
    npt.NDArray[np.int64],  # byte length
    npt.NDArray[np.uint8],  # kind code
    npt.NDArray[np.uint8],  # reason code
    npt.NDArray[np.int64],  # value
    npt.NDArray[np.int64],  # character
]
"""Events in byte order as arrays, one character each."""


def _one_event(start: int, length: int, kind: int, reason: int, *, char: int) -> _Events:
    return (
        np.array([start], np.int64),
        np.array([length], np.int64),
        np.array([kind], np.uint8),
        np.array([reason], np.uint8),
        np.array([NO_VALUE], np.int64),
        np.array([char], np.int64),
    )


def _table(events: list[_Events], n_bytes: int, n_chars: int) -> SpanTable:
    """The spans of ``events`` (in byte order, apart) and the text between them."""
    start, length, kind, reason, value, char = (
        np.concatenate(c) for c in zip(*events, strict=True)
    )
    ones = np.ones(len(start), np.int64)
    return SpanTable.from_events(start, length, kind, reason, value, char, ones, n_bytes, n_chars)


def _code_points(
    units: npt.NDArray[np.uint16], paired_trail: npt.NDArray[np.bool_]
) -> npt.NDArray[np.uint32]:
    """The code point of each character of ``units``: a unit's value, or a
    pair's (its lead's place holds it, its trail's is dropped)."""
    points = units.astype(np.uint32)
    leads = np.flatnonzero(paired_trail) - 1
    points[leads] = 0x10000 + ((points[leads] - 0xD800) << 10) + (points[leads + 1] - 0xDC00)
    return points[~paired_trail]


def _str_of(points: npt.NDArray[np.uint32]) -> str:
    """``points`` as a str, lone surrogates and all, in one C call. (CPython's
    decoders hand each lone surrogate to an error handler, ``surrogatepass``
    too, a Python call apiece.) numpy's UCS-4
    strings drop trailing NULs: a sentinel after the last keeps them."""
    ucs4 = np.append(points, 1).astype("<u4")
    return str(ucs4.view(f"<U{len(ucs4)}")[0])[:-1]


def _surrogates(
    units: npt.NDArray[np.uint16],
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """``(lone, paired trail)`` masks over ``units``: a lead followed by a
    trail is a pair; every other surrogate unit is lone."""
    high = units & 0xFC00
    lead, trail = high == 0xD800, high == 0xDC00
    paired_trail = np.zeros_like(trail)
    paired_trail[1:] = trail[1:] & lead[:-1]
    paired_lead = np.zeros_like(lead)
    paired_lead[:-1] = paired_trail[1:]
    return (lead & ~paired_lead) | (trail & ~paired_trail), paired_trail


def _ends_in_lead(units: npt.NDArray[np.uint16]) -> bool:
    """Whether the last unit is a lead surrogate. Before an odd final byte
    (the first half of its trail, cut off), the strict forms read the lead
    and that byte as one ``invalid`` (``truncated``) span, one U+FFFD, as
    WHATWG's decoder, encoding_rs, Node, the JDK and CPython do; WTF-16
    carries the lead as its ``surrogate`` span and the byte is ``truncated``
    on its own. A trail surrogate before the odd byte is lone in every form
    and stays its own span."""
    return len(units) > 0 and 0xD800 <= int(units[-1]) <= 0xDBFF


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
        try:
            text = data.decode(self.codec)  # well-formed: in one C call
        except UnicodeDecodeError:
            return self._decode_ill_formed(data, at_start)
        opening = self._opening_event(text) if at_start and text else None
        if opening is None:
            return text, single_text_span(len(data), len(text))
        return text, _table([_one_event(0, *opening, char=0)], len(data), len(text))

    def _decode_ill_formed(self, data: bytes, at_start: bool) -> tuple[str, SpanTable]:
        """A block with lone surrogates or an odd byte at its end, with numpy
        rather than an error handler called once per unit."""
        whole = len(data) - len(data) % 2
        dtype = "<u2" if self.byteorder == "little" else ">u2"
        units = np.frombuffer(data, dtype, count=whole // 2)
        lone, paired_trail = _surrogates(units)
        if self.wobbly:
            text = _str_of(_code_points(units, paired_trail))
        else:
            text = np.where(lone, 0xFFFD, units).astype(dtype).tobytes().decode(self.codec)
        cut_lead = whole < len(data) and not self.wobbly and _ends_in_lead(units)
        text += "\ufffd" if whole < len(data) and not cut_lead else ""
        index = np.flatnonzero(lone)
        if cut_lead:
            index = index[:-1]  # the lead is in the truncated span
        # A character per unit, and one per pair: a unit's character is its
        # index less the paired trails before it.
        trails_before: npt.NDArray[np.int64] = np.cumsum(paired_trail) - paired_trail
        if self.wobbly:
            lead = units[index] < 0xDC00
            reason = np.where(lead, _UNPAIRED_LEAD, _UNPAIRED_TRAIL).astype(np.uint8)
        else:
            reason = np.full(len(index), _LONE_SURROGATE, np.uint8)
        events = [
            (
                index * 2,
                np.full(len(index), 2, np.int64),
                np.full(len(index), _SURROGATE if self.wobbly else _INVALID, np.uint8),
                reason,
                units[index].astype(np.int64),
                index - trails_before[index],
            )
        ]
        opening = self._opening_event(text) if at_start and whole and not lone[0] else None
        if opening is not None:
            events.insert(0, _one_event(0, *opening, char=0))
        if cut_lead:
            events.append(_one_event(whole - 2, 3, _INVALID, _TRUNCATED, char=len(text) - 1))
        elif whole < len(data):
            events.append(_one_event(whole, 1, _INVALID, _TRUNCATED, char=len(text) - 1))
        return text, _table(events, len(data), len(text))

    def _opening_event(self, text: str) -> tuple[int, int, int] | None:
        """``(n bytes, kind, reason)`` of the event on the first character:
        a ``signature`` for a byte order mark, or the format's warning on it
        if it deserves one; None for neither."""
        if text[0] == "\ufeff":
            return 2, _SIGNATURE, REASON_CODE[Reason.BOM]
        reason = self.first_char_warning
        if reason is None or (reason is Reason.SWAPPED_BOM and text[0] != "\ufffe"):
            return None
        return 4 if text[0] > "\uffff" else 2, _WARNING, REASON_CODE[reason]

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
        """The unit holding ``offset``, or the lead before it when that unit
        is a trail (a pair) or, in the strict forms, the odd final byte (a
        lead cut short: see :func:`_ends_in_lead`)."""
        start = offset - offset % 2
        if start >= 2:
            unit_bytes = source.read(start, start + 2)
            unit = int.from_bytes(unit_bytes, self.byteorder)
            joins = 0xDC00 <= unit <= 0xDFFF if len(unit_bytes) == 2 else not self.wobbly
            if joins and self._is_lead(source.read(start - 2, start)):
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

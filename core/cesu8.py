"""CESU-8 (``cesu-8``) and Java's Modified UTF-8 (``mutf-8``).

Both are UTF-8 for the Basic Multilingual Plane, but write a supplementary
character as its UTF-16 surrogate pair, each half a 3-byte sequence
(``ED A0..AF xx ED B0..BF xx``, six bytes): Unicode Technical Report #26 for
CESU-8 (Oracle, older MySQL ``utf8``), the JVM specification's
``CONSTANT_Utf8`` (4.4.7) for Modified UTF-8 (class files, JNI, DEX).

Decoding, as spans:

* a surrogate pair is ``text`` (one supplementary character; encoding it
  gives the same six bytes back); :func:`mojiscope.core.sequence_words.describe_sequence`
  says what the pair means, since a ``text`` span carries no words;
* a well-formed 4-byte UTF-8 sequence is ``invalid`` (``four-byte-form``),
  one U+FFFD, its value the code point it would have been;
* a lone surrogate sequence: in CESU-8 ``invalid`` (``surrogate``), its value
  the surrogate; in Modified UTF-8 a ``surrogate`` span (``unpaired-lead`` /
  ``unpaired-trail``) holding it, because Java strings hold lone surrogates
  and the JVM writes and reads them as 3-byte sequences;
* ``ED A0..BF`` cut short is one ``invalid`` (``truncated``) span of two bytes;
* Modified UTF-8 only: ``C0 80`` is ``text`` (U+0000), a raw ``00`` byte is
  ``invalid`` (``raw-nul``);
* everything else follows UTF-8: one U+FFFD per maximal subpart, with
  UTF-8's reasons and values (so ``C0 80`` in CESU-8 is an overlong NUL);
* ``EF BB BF`` at offset 0 is a ``signature``, as in UTF-8.

Well-formed input is decoded by CPython's C codecs in a few passes (UTF-8
with ``surrogatepass``, then UTF-16 joins the pairs). Otherwise CPython's
UTF-8 decoder finds the ill-formed subsequences through a recording error
handler, which also takes the surrogate sequences and ``C0 80`` it reports;
the two things UTF-8 accepts but these formats do not (4-byte sequences, raw
``00``) are found with a regular expression; the text between events is
well-formed UTF-8, decoded in C.

Encoding writes supplementary characters as pairs and, in Modified UTF-8,
U+0000 as ``C0 80`` and a lone surrogate as its 3-byte sequence (a lead
directly followed by a trail would read back as one character: a
``warning`` ``surrogate-pair``, as in WTF-8). CESU-8 cannot encode a lone
surrogate (``unencodable``).
"""

from __future__ import annotations

import re
from typing import ClassVar

from mojiscope.core.encode_runs import SpecialRun, encode_by_runs
from mojiscope.core.events import single_text_span
from mojiscope.core.format import Encoding, Errors, Format
from mojiscope.core.recording import RecordingHandler
from mojiscope.core.source import Source
from mojiscope.core.spans import Reason, SpanKind
from mojiscope.core.spantable import SpanListBuilder, SpanTable

BOM = b"\xef\xbb\xbf"
_FOUR_BYTE = re.compile(
    rb"\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}"
)
_FOUR_BYTE_LEAD = re.compile(rb"[\xf0-\xf4]")
_REPLACEMENT = "\ufffd"

#: ``(byte_start, byte_end, kind, reason, value, characters)``
Event = tuple[int, int, SpanKind, Reason | None, int | None, str]

_HANDLER = RecordingHandler("mojiscope-cesu8-record")


def _is_continuation(byte: int) -> bool:
    return 0x80 <= byte <= 0xBF


def utf8_reason(data: bytes, start: int, end: int) -> tuple[Reason, int | None]:
    """The reason (and the value it would have meant, when all its bytes are
    there) of the ill-formed UTF-8 maximal subpart ``data[start:end]``, as
    CPython reports it: FORMATS.md's UTF-8 reasons."""
    lead = data[start]
    second = data[start + 1] if start + 1 < len(data) else -1
    if _is_continuation(lead):
        return Reason.STRAY_CONTINUATION, None
    if lead >= 0xF8:
        return Reason.INVALID_BYTE, None
    overlong_second = {0xE0: (0x80, 0x9F), 0xF0: (0x80, 0x8F)}.get(lead, (1, 0))
    if lead in (0xC0, 0xC1) or overlong_second[0] <= second <= overlong_second[1]:
        reason = Reason.OVERLONG
    elif lead == 0xED and 0xA0 <= second <= 0xBF:
        reason = Reason.SURROGATE
    elif lead >= 0xF5 or (lead == 0xF4 and 0x90 <= second <= 0xBF):
        reason = Reason.OUT_OF_RANGE
    else:
        return Reason.TRUNCATED, None
    length = 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
    whole = data[start : start + length]
    if len(whole) < length or not all(_is_continuation(b) for b in whole[1:]):
        return reason, None
    value = lead & (0x7F >> length)
    for byte in whole[1:]:
        value = (value << 6) | (byte & 0x3F)
    return reason, value


def _unit(data: bytes, start: int) -> int:
    """The surrogate a 3-byte sequence ``ED A0..BF xx`` at ``start`` encodes."""
    return 0xD000 | ((data[start + 1] & 0x3F) << 6) | (data[start + 2] & 0x3F)


def _is_lead_surrogate(data: bytes, start: int) -> bool:
    """Whether ``data[start:start + 3]`` is a lead surrogate sequence."""
    return (
        len(data) >= start + 3
        and data[start] == 0xED
        and 0xA0 <= data[start + 1] <= 0xAF
        and _is_continuation(data[start + 2])
    )


def _pair_at(data: bytes, start: int) -> bool:
    """Whether a lead surrogate sequence at ``start`` is followed by a trail."""
    return (
        start + 5 < len(data)
        and data[start + 3] == 0xED
        and 0xB0 <= data[start + 4] <= 0xBF
        and _is_continuation(data[start + 5])
    )


class _Recorder:
    """Collects the events of one block from CPython's error callbacks."""

    def __init__(self, data: bytes, java: bool) -> None:
        self.data = data
        self.java = java
        self.events: list[Event] = []

    def handle(self, exc: UnicodeDecodeError) -> tuple[str, int]:
        data, start = self.data, exc.start
        lead = data[start]
        second = data[start + 1] if start + 1 < len(data) else -1
        if lead == 0xED and 0xA0 <= second <= 0xBF:
            return "", self._surrogate_sequence(start)
        if self.java and lead == 0xC0 and second == 0x80:
            self.events.append((start, start + 2, SpanKind.TEXT, None, None, "\x00"))
            return "", start + 2
        reason, value = utf8_reason(data, start, exc.end)
        self.events.append((start, exc.end, SpanKind.INVALID, reason, value, _REPLACEMENT))
        return "", exc.end

    def _surrogate_sequence(self, start: int) -> int:
        """Record the pair, lone surrogate or cut-short sequence at ``start``
        (``ED A0..BF``) and return where decoding resumes."""
        data = self.data
        if start + 2 >= len(data) or not _is_continuation(data[start + 2]):
            self.events.append(
                (start, start + 2, SpanKind.INVALID, Reason.TRUNCATED, None, _REPLACEMENT)
            )
            return start + 2
        unit = _unit(data, start)
        if unit < 0xDC00 and _pair_at(data, start):
            char = chr(0x10000 + ((unit - 0xD800) << 10) + (_unit(data, start + 3) - 0xDC00))
            self.events.append((start, start + 6, SpanKind.TEXT, None, None, char))
            return start + 6
        if self.java:
            half = Reason.UNPAIRED_LEAD if unit < 0xDC00 else Reason.UNPAIRED_TRAIL
            self.events.append((start, start + 3, SpanKind.SURROGATE, half, unit, chr(unit)))
        else:
            self.events.append(
                (start, start + 3, SpanKind.INVALID, Reason.SURROGATE, unit, _REPLACEMENT)
            )
        return start + 3


class _Cesu8Like(Format):
    #: Modified UTF-8: NUL as C0 80, raw 00 invalid, lone surrogates carried.
    java: ClassVar[bool]
    lookahead = 7
    #: Ill-formed blocks hold a Python tuple per event (up to one per byte
    #: on random input): smaller blocks keep that bounded.
    preferred_block = 1 << 16
    special_chars: ClassVar[re.Pattern[str]]

    # -- decoding ------------------------------------------------------------

    def decode_whole(
        self, data: bytes | bytearray | memoryview, errors: Errors
    ) -> tuple[str, SpanTable] | None:
        raw = bytes(data)
        text = None if raw.startswith(BOM) else self._well_formed(raw)
        return None if text is None else (text, single_text_span(len(raw), len(text)))

    def _well_formed(self, data: bytes) -> str | None:
        """The text of ``data`` if it is well-formed throughout (no event but
        pairs and C0 80), in C passes; else ``None``."""
        if self.java:
            if b"\x00" in data:
                return None
            data = data.replace(b"\xc0\x80", b"\x00")
        if _FOUR_BYTE_LEAD.search(data):
            return None
        try:
            wide = data.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            return None
        if b"\xed" not in data:
            return wide
        try:  # UTF-16 joins each pair and refuses a lone surrogate
            return wide.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
        except UnicodeDecodeError:
            return None

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        signed = at_start and data.startswith(BOM)
        if not signed:
            text = self._well_formed(data)
            if text is not None:
                return text, single_text_span(len(data), len(text))
        events = self._events(data)
        if signed:
            events.insert(0, (0, 3, SpanKind.SIGNATURE, Reason.BOM, None, "\ufeff"))
        return _build(data, events)

    def _events(self, data: bytes) -> list[Event]:
        recorder = _Recorder(data, self.java)
        _HANDLER.decode(data, "utf-8", recorder.handle)
        events = recorder.events
        accepted_by_utf8: list[Event] = [
            (
                m.start(),
                m.end(),
                SpanKind.INVALID,
                Reason.FOUR_BYTE_FORM,
                ord(m.group().decode()),
                _REPLACEMENT,
            )
            for m in _FOUR_BYTE.finditer(data)
        ]
        if self.java:
            accepted_by_utf8 += [
                (m.start(), m.end(), SpanKind.INVALID, Reason.RAW_NUL, None, _REPLACEMENT)
                for m in re.finditer(b"\x00", data)
            ]
        if accepted_by_utf8:
            events = sorted(events + accepted_by_utf8, key=lambda e: e[0])
        return events

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        """Before the last byte that is not a continuation byte (among the
        last four; after them all if there is none), and never right after a
        lead surrogate sequence, which the next bytes may pair."""
        n = len(data)
        cut = n
        for i in range(n - 1, max(n - 4, 0) - 1, -1):
            if not _is_continuation(data[i]):
                cut = i
                break
        if cut >= 3 and _is_lead_surrogate(data, cut - 3):
            cut -= 3
        return cut

    def resync(self, source: Source, offset: int) -> int:
        """A sequence start at most 3 bytes back, or the lead half of a pair
        whose trail starts there."""
        start = super().resync(source, offset)
        around = source.read(start - 3, start + 3) if start >= 3 else b""
        if _is_lead_surrogate(around, 0) and _pair_at(around, 0):
            return start - 3
        return start

    # -- encoding ------------------------------------------------------------

    def char_byte_lengths(self, chars: str) -> list[int]:
        java = self.java
        return [
            (2 if java and c == "\x00" else 1)
            if c < "\x80"
            else 2
            if c < "\u0800"
            else 3
            if c < "\U00010000"
            else 6
            for c in chars
        ]

    def encode_spans(self, text: str) -> Encoding:
        if not self.special_chars.search(text):
            data = text.encode("utf-8")
            return Encoding(data, single_text_span(len(data), len(text)))
        return encode_by_runs(text, self.special_chars, str.encode, self._special_run)

    def _special_run(self, run: str) -> list[SpecialRun]:
        pieces: list[SpecialRun] = []
        for i, c in enumerate(run):
            if c == "\x00":
                pieces.append((b"\xc0\x80", SpanKind.TEXT, None))
            elif c >= "\U00010000":
                pieces.append((pair_bytes(c), SpanKind.TEXT, None))
            elif not self.java:
                pieces.append((_REPLACEMENT.encode(), SpanKind.INVALID, Reason.UNENCODABLE))
            else:
                pieces.append(_lone_surrogate_piece(run, i))
        return pieces


def pair_bytes(char: str) -> bytes:
    """A supplementary character as CESU-8 writes it: its UTF-16 surrogate
    pair, each half a 3-byte sequence."""
    offset = ord(char) - 0x10000
    pair = chr(0xD800 + (offset >> 10)) + chr(0xDC00 + (offset & 0x3FF))
    return pair.encode("utf-8", "surrogatepass")


def _lone_surrogate_piece(run: str, i: int) -> SpecialRun:
    """A surrogate written as its own 3-byte sequence; flagged when a lead
    is directly followed by a trail (or a trail directly follows a lead):
    those six bytes read back as one supplementary character."""
    c = run[i]
    pairs_up = (c < "\udc00" and i + 1 < len(run) and "\udc00" <= run[i + 1] <= "\udfff") or (
        c >= "\udc00" and i > 0 and "\ud800" <= run[i - 1] < "\udc00"
    )
    data = c.encode("utf-8", "surrogatepass")
    if pairs_up:
        return data, SpanKind.WARNING, Reason.SURROGATE_PAIR
    return data, SpanKind.TEXT, None


def _build(data: bytes, events: list[Event]) -> tuple[str, SpanTable]:
    """Text and spans from a block's events in byte order; the bytes between
    events are well-formed UTF-8."""
    builder = SpanListBuilder()
    pieces: list[str] = []
    pos = 0
    for start, end, kind, reason, value, chars in events:
        if start > pos:
            gap = data[pos:start].decode("utf-8")
            pieces.append(gap)
            builder.add_text(start - pos, len(gap))
        pieces.append(chars)
        builder.add(kind, end - start, len(chars), reason, value)
        pos = end
    if pos < len(data):
        gap = data[pos:].decode("utf-8")
        pieces.append(gap)
        builder.add_text(len(data) - pos, len(gap))
    return "".join(pieces), builder.build()


class Cesu8(_Cesu8Like):
    """CESU-8 (Unicode TR #26): supplementary characters only as two 3-byte
    surrogate sequences."""

    id = "cesu-8"
    aliases = ("cesu8",)
    description = (
        "CESU-8: UTF-8 with supplementary characters as surrogate pairs (Oracle, MySQL utf8)"
    )
    java = False
    special_chars = re.compile("[\ud800-\udfff\U00010000-\U0010ffff]+")


class Mutf8(_Cesu8Like):
    """Java's Modified UTF-8: CESU-8 plus U+0000 only as ``C0 80``."""

    id = "mutf-8"
    aliases = ("mutf8", "modified-utf-8", "java-modified-utf-8")
    description = "Modified UTF-8 (Java class files, JNI, DEX): CESU-8 pairs, NUL as C0 80"
    java = True
    special_chars = re.compile("[\x00\ud800-\udfff\U00010000-\U0010ffff]+")


CESU8 = Cesu8()
MUTF8 = Mutf8()

"""CESU-8 (``cesu-8``) and Java's Modified UTF-8 (``mutf-8``).

Both are UTF-8 for the Basic Multilingual Plane, but write a supplementary
character as its UTF-16 surrogate pair, each half a 3-byte sequence
(``ED A0..AF xx ED B0..BF xx``, six bytes): Unicode Technical Report #26 for
CESU-8 (Oracle, older MySQL ``utf8``), the JVM specification's
``CONSTANT_Utf8`` (4.4.7) for Modified UTF-8 (class files, JNI, DEX).

Decoding, as spans:

* a surrogate pair is ``text`` (one supplementary character; encoding it
  gives the same six bytes back); :func:`mojiscope.core.words.sequences.describe_sequence`
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
with ``surrogatepass``, then UTF-16 joins the pairs). Otherwise a regular
expression finds the sequences where these formats part from UTF-8 (surrogate
sequences, 4-byte sequences, and ``C0 80`` in Modified UTF-8; its raw ``00``
bytes, which a binary dump or UTF-16 text holds by the million, are found
with numpy), each is masked as that many FF bytes, and the ``utf-8`` format
decodes the block in one go; each mask's spans then become the sequence's
own span (a raw ``00``'s, all at once: its mask's one U+FFFD is already its
character, only the reason differs). This
is exact because each such sequence begins with a byte that is never a
continuation byte and ends where UTF-8 also ends a subpart, so no UTF-8
sequence or maximal subpart crosses into it, exactly as with FF.

Encoding writes supplementary characters as pairs and, in Modified UTF-8,
U+0000 as ``C0 80`` and a lone surrogate as its 3-byte sequence (a lead
directly followed by a trail would read back as one character: a
``warning`` ``surrogate-pair``, as in WTF-8). CESU-8 cannot encode a lone
surrogate (``unencodable``).
"""

from __future__ import annotations

import re
from typing import ClassVar

import numpy as np

from mojiscope.core.codecs.encode_runs import SpecialRun, encode_by_runs
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Errors, Format
from mojiscope.core.codecs.utf8.variants import UTF8
from mojiscope.core.spans.event import KIND_CODE, REASON_CODE, Reason, SpanKind
from mojiscope.core.spans.table import NO_VALUE, SpanTable
from mojiscope.core.system.source import Source

BOM = b"\xef\xbb\xbf"
_FOUR_BYTE = (
    rb"\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}"
)
#: Where CESU-8 parts from UTF-8: a pair, a lone or cut-short surrogate
#: sequence, a 4-byte sequence. Alternatives are tried in order, longest first.
_CESU_SPECIAL = re.compile(
    rb"\xed[\xa0-\xaf][\x80-\xbf]\xed[\xb0-\xbf][\x80-\xbf]|\xed[\xa0-\xbf][\x80-\xbf]?|"
    + _FOUR_BYTE
)
#: Modified UTF-8 adds C0 80 (and the raw 00 byte: see :func:`_decode_around_specials`).
_MUTF_SPECIAL = re.compile(_CESU_SPECIAL.pattern + rb"|\xc0\x80")
_FOUR_BYTE_LEAD = re.compile(rb"[\xf0-\xf4]")
_REPLACEMENT = "\ufffd"
_TEXT = KIND_CODE[SpanKind.TEXT]

#: ``(kind, reason, value, characters)`` of one special sequence.
Special = tuple[SpanKind, Reason | None, int | None, str]


def _is_continuation(byte: int) -> bool:
    return 0x80 <= byte <= 0xBF


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


def _special(seq: bytes, java: bool) -> Special:
    """What one sequence found by the special pattern is (see the module
    docstring)."""
    if seq == b"\xc0\x80":
        return SpanKind.TEXT, None, None, "\x00"
    if seq[0] != 0xED:
        return SpanKind.INVALID, Reason.FOUR_BYTE_FORM, ord(seq.decode()), _REPLACEMENT
    if len(seq) == 2:
        return SpanKind.INVALID, Reason.TRUNCATED, None, _REPLACEMENT
    unit = _unit(seq, 0)
    if len(seq) == 6:
        char = 0x10000 + ((unit - 0xD800) << 10) + (_unit(seq, 3) - 0xDC00)
        return SpanKind.TEXT, None, None, chr(char)
    if java:
        half = Reason.UNPAIRED_LEAD if unit < 0xDC00 else Reason.UNPAIRED_TRAIL
        return SpanKind.SURROGATE, half, unit, chr(unit)
    return SpanKind.INVALID, Reason.SURROGATE, unit, _REPLACEMENT


class _Cesu8Like(Format):
    #: Modified UTF-8: NUL as C0 80, raw 00 invalid, lone surrogates carried.
    java: ClassVar[bool]
    lookahead = 7
    #: The UTF-8 format decodes between the special sequences; its dense
    #: path likes blocks of this size.
    preferred_block = 1 << 19
    special_chars: ClassVar[re.Pattern[str]]
    special_bytes: ClassVar[re.Pattern[bytes]]

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
        if not (at_start and data.startswith(BOM)):
            text = self._well_formed(data)
            if text is not None:
                return text, single_text_span(len(data), len(text))
        return _decode_around_specials(data, at_start, self.special_bytes, self.java)

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


def _decode_around_specials(
    data: bytes, at_start: bool, special: re.Pattern[bytes], java: bool
) -> tuple[str, SpanTable]:
    """Decode a block: the ``utf-8`` format decodes it in one go with every
    special sequence masked as that many FF bytes (each one ``invalid`` span
    of one U+FFFD, which neither joins nor splits its neighbours, just as
    the special sequence does not), then each mask's spans become the
    special sequence's one span and adjacent ``text`` spans are merged.
    In Modified UTF-8 (``java``) every raw ``00`` byte is masked too, and its
    mask's span takes the reason ``raw-nul`` (kind, value and character are
    already the mask's), all in one numpy step, never a Python step per byte."""
    found = [(m.start(), m.end(), _special(m.group(), java)) for m in special.finditer(data)]
    raw = np.frombuffer(data, np.uint8)
    raw_nuls = np.flatnonzero(raw == 0) if java else np.empty(0, np.intp)
    if not found and not len(raw_nuls):
        return UTF8.decode_block(data, at_start=at_start)
    masked = raw.copy()
    masked[raw_nuls] = 0xFF
    for start, end, _ in found:
        masked[start:end] = 0xFF
    text, table = UTF8.decode_block(masked.tobytes(), at_start=at_start)
    byte_starts, char_starts = table.byte_starts, table.char_starts
    first = np.searchsorted(byte_starts, [start for start, _, _ in found])
    kinds, reasons, values = table.kinds.copy(), table.reasons.copy(), table.values.copy()
    reasons[np.searchsorted(byte_starts, raw_nuls)] = REASON_CODE[Reason.RAW_NUL]
    n_chars = np.diff(char_starts)
    keep = np.ones(len(kinds), np.bool_)
    pieces: list[str] = []
    previous = 0
    for i, (start, end, (kind, reason, value, chars)) in zip(first.tolist(), found, strict=True):
        keep[i + 1 : i + end - start] = False  # the mask's other bytes
        kinds[i], reasons[i] = KIND_CODE[kind], REASON_CODE[reason]
        values[i] = NO_VALUE if value is None else value
        n_chars[i] = len(chars)
        at = int(char_starts[i])
        pieces += [text[previous:at], chars]
        previous = at + end - start
    pieces.append(text[previous:])
    kinds, reasons, values, n_chars = kinds[keep], reasons[keep], values[keep], n_chars[keep]
    starts = byte_starts[:-1][keep]
    merged = np.ones(len(kinds), np.bool_)
    merged[1:] = ~((kinds[1:] == _TEXT) & (kinds[:-1] == _TEXT))
    chars_before = np.concatenate(([0], np.cumsum(n_chars)))
    out = "".join(pieces)
    return out, SpanTable(
        kinds[merged],
        reasons[merged],
        np.append(starts[merged], len(data)),
        np.append(chars_before[:-1][merged], len(out)),
        values[merged],
    )


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
    special_bytes = _CESU_SPECIAL


class Mutf8(_Cesu8Like):
    """Java's Modified UTF-8: CESU-8 plus U+0000 only as ``C0 80``."""

    id = "mutf-8"
    aliases = ("mutf8", "modified-utf-8", "java-modified-utf-8")
    description = "Modified UTF-8 (Java class files, JNI, DEX): CESU-8 pairs, NUL as C0 80"
    java = True
    special_chars = re.compile("[\x00\ud800-\udfff\U00010000-\U0010ffff]+")
    special_bytes = _MUTF_SPECIAL


CESU8 = Cesu8()
MUTF8 = Mutf8()

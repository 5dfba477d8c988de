"""The UTF-8 family formats: ``utf-8``, ``utf-8b``, ``wtf-8``, ``xtf-8``.

Decoding is the shared engine of :mod:`mojiscope.core.codecs.utf8.engine`; this
module states each format's choices and its encoder, plus the byte-to-byte
functions the WTF-8 and XTF-8 specifications define under their own names.
"""

from __future__ import annotations

import re
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.encode_runs import SpecialRun, encode_by_runs
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Errors, Format, Policy
from mojiscope.core.codecs.utf8 import engine
from mojiscope.core.spans.event import Reason, Span, SpanKind
from mojiscope.core.spans.table import SpanTable

_SURROGATES = re.compile("[\ud800-\udfff]+")
_REPLACEMENT = "\ufffd".encode()


def _utf8_length(char: str) -> int:
    return 1 if char < "\x80" else 2 if char < "\u0800" else 3 if char < "\U00010000" else 4


def utf8_lengths(code_points: npt.NDArray[np.uint32]) -> npt.NDArray[np.int64]:
    """Each code point's UTF-8 length (a lone surrogate's is 3, as WTF-8 writes it)."""
    cps = code_points
    return 1 + (cps >= 0x80).astype(np.int64) + (cps >= 0x800) + (cps >= 0x10000)


def _utf8_char_lengths(chars: str) -> list[int]:
    """Each character's UTF-8 length (:func:`utf8_lengths`)."""
    if len(chars) < 64:  # numpy's per-call cost would show
        return [_utf8_length(c) for c in chars]
    cps = np.frombuffer(chars.encode("utf-32-le", "surrogatepass"), np.uint32)
    return list(utf8_lengths(cps).tolist())


def _unencodable(run: str) -> list[SpecialRun]:
    return [(_REPLACEMENT, SpanKind.INVALID, Reason.UNENCODABLE) for _ in run]


class _Utf8Like(Format):
    variant: ClassVar[engine.Variant]
    #: Blocks for the block driver (dense errors, streams): the dense path's
    #: temporaries are several times the block, and smaller blocks let the
    #: allocator reuse them; smaller still, numpy's per-call costs show.
    preferred_block = 1 << 19

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        return engine.decode_block(self.variant, data, at_start)

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        return engine.safe_cut(data, at_start, self.variant.wtf_surrogates)

    def decode_whole(
        self, data: bytes | bytearray | memoryview, errors: Errors
    ) -> tuple[str, SpanTable] | None:
        return engine.decode_whole(self.variant, data, errors)

    def char_byte_lengths(self, chars: str) -> list[int]:
        return _utf8_char_lengths(chars)

    def value_extent(self, span: Span, lead: int) -> int:
        """The whole sequence the lead begins, 2, 3 or 4 bytes: a span with
        a value (a surrogate, a collision, or an overlong, surrogate or
        out-of-range subpart) stands for it, though an ill-formed one holds
        only its maximal subpart, the lead, and the continuation bytes after
        it are spans of their own."""
        del span
        return 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4

    def encode_spans(self, text: str) -> Encoding:
        return _plain_utf8(text) or encode_by_runs(text, _SURROGATES, str.encode, _unencodable)


def _plain_utf8(text: str) -> Encoding | None:
    """``text`` as UTF-8 in one C call, all one ``text`` span; ``None`` if it
    holds a surrogate, which each format treats in its own way."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # the error holds the text itself, not a copy
        return None
    return Encoding(data, single_text_span(len(data), len(text)))


class Utf8(_Utf8Like):
    """UTF-8 as the W3C Encoding Standard decodes it: one U+FFFD per maximal
    subpart. Encoding a lone surrogate is an error (replace writes U+FFFD)."""

    id = "utf-8"
    aliases = ("utf8", "u8")
    description = "UTF-8, W3C decoder: one U+FFFD per maximal subpart"
    policies: ClassVar[tuple[Policy, ...]] = ("maximal-subpart", "per-byte", "per-run")
    variant = engine.Variant(engine.IllFormed.REPLACE)


class Utf8b(_Utf8Like):
    """UTF-8b (PEP 383): each byte of an ill-formed subsequence decodes to
    U+DC00+byte, and encodes back; any other lone surrogate is unencodable."""

    id = "utf-8b"
    aliases = ("utf8b", "surrogateescape")
    description = "UTF-8b (PEP 383): bad bytes kept as lone surrogates U+DC80..U+DCFF"
    variant = engine.Variant(engine.IllFormed.SURROGATE_ESCAPE)

    def encode_spans(self, text: str) -> Encoding:
        return _plain_utf8(text) or encode_by_runs(
            text, _SURROGATES, str.encode, _escapes_or_unencodable
        )

    def char_byte_lengths(self, chars: str) -> list[int]:
        return [
            1 if "\udc80" <= c <= "\udcff" else n
            for c, n in zip(chars, _utf8_char_lengths(chars), strict=True)
        ]


def _escapes_or_unencodable(run: str) -> list[SpecialRun]:
    """UTF-8b: U+DC80..U+DCFF are escaped bytes; other surrogates are not."""
    pieces: list[SpecialRun] = []
    for c in run:
        if "\udc80" <= c <= "\udcff":
            pieces.append((bytes([ord(c) - 0xDC00]), SpanKind.TEXT, None))
        else:
            pieces.append((_REPLACEMENT, SpanKind.INVALID, Reason.UNENCODABLE))
    return _flag_reformed_utf8(pieces)


def _flag_reformed_utf8(pieces: list[SpecialRun]) -> list[SpecialRun]:
    """Mark escaped bytes that, written side by side, form well-formed UTF-8
    (U+EFC3 U+EFA9 -> C3 A9 = "é"): decoding will not give them back. Only
    escapes written next to each other can combine; a replaced character
    between them keeps them apart."""
    out: list[SpecialRun] = []
    group: list[SpecialRun] = []
    for piece in [*pieces, (b"", SpanKind.INVALID, None)]:
        if piece[1] is SpanKind.TEXT:
            group.append(piece)
            continue
        decoded = str(b"".join(p[0] for p in group), "utf-8", "surrogateescape")
        if all("\udc80" <= c <= "\udcff" for c in decoded):
            out.extend(group)
        else:
            out.extend((data, SpanKind.WARNING, Reason.ESCAPES_FORM_UTF8) for data, _, _ in group)
        group = []
        if piece[0]:
            out.append(piece)
    return out


class Wtf8(_Utf8Like):
    """WTF-8: generalized UTF-8 that carries lone surrogates (``surrogate``
    spans). A surrogate pair written as two 3-byte sequences is ill-formed.
    Encoding joins a lead surrogate followed by a trail surrogate into one
    supplementary code point, as the specification says, so such a pair in a
    ``str`` does not round-trip (the encoding spans flag it)."""

    id = "wtf-8"
    aliases = ("wtf8",)
    description = "WTF-8: UTF-8 plus lone surrogates (JavaScript and Windows strings)"
    lookahead = 7
    variant = engine.Variant(engine.IllFormed.REPLACE, wtf_surrogates=True)

    def resync(self, source: object, offset: int) -> int:
        from mojiscope.core.system.source import Source

        assert isinstance(source, Source)
        start = super().resync(source, offset)
        # A trail surrogate sequence may be the second half of a pair.
        if start >= 3 and source.read(start, start + 2)[:1] == b"\xed":
            before = source.read(start - 3, start)
            if len(before) == 3 and before[0] == 0xED and 0xA0 <= before[1] <= 0xAF:
                return start - 3
        return start

    def encode_spans(self, text: str) -> Encoding:
        return _plain_utf8(text) or encode_by_runs(
            text, _SURROGATES, str.encode, _wtf8_surrogate_run
        )


def _wtf8_surrogate_run(run: str) -> list[SpecialRun]:
    """Lone surrogates are written as themselves; a lead directly followed by
    a trail becomes the 4-byte form of the pair (flagged: it will decode as
    one supplementary character, not two surrogates)."""
    joined = run.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    if joined == run:
        return [(run.encode("utf-8", "surrogatepass"), SpanKind.TEXT, None)]
    pieces: list[SpecialRun] = []
    i = 0
    while i < len(run):
        c = run[i]
        if c < "\udc00" and i + 1 < len(run) and run[i + 1] >= "\udc00":
            pair = (run[i : i + 2]).encode("utf-16-le", "surrogatepass").decode("utf-16-le")
            data = pair.encode("utf-8")
            pieces.append((data[:2], SpanKind.WARNING, Reason.SURROGATE_PAIR))
            pieces.append((data[2:], SpanKind.WARNING, Reason.SURROGATE_PAIR))
            i += 2
        else:
            pieces.append((c.encode("utf-8", "surrogatepass"), SpanKind.TEXT, None))
            i += 1
    return pieces


_XTF8_SPECIAL = re.compile("[\ud800-\udfff\uef80-\uefff]+")


class Xtf8(_Utf8Like):
    """XTF-8 (OPTU): bytes of ill-formed subsequences decode to
    U+EF80|(byte&0x7F); a real U+EF80..U+EFFF in the input is a ``collision``.
    Encoding writes U+EF80..U+EFFF as the single byte 0x80|(cp&0x7F), which
    can never be ASCII, and everything else as UTF-8.

    In the specification's own terms, its *encoding* (hybrid bytes to valid
    UTF-8) is :func:`xtf8_encode` and its *decoding* is :func:`xtf8_decode`.
    """

    id = "xtf-8"
    aliases = ("xtf8", "optu", "optu-8")
    description = "XTF-8 / OPTU: bad bytes kept as private-use U+EF80..U+EFFF"
    variant = engine.Variant(engine.IllFormed.PUA_ESCAPE, pua_collisions=True)

    def encode_spans(self, text: str) -> Encoding:
        plain = _plain_utf8(text)
        if plain is not None and (text.isascii() or plain.data.find(b"\xee") < 0):
            return plain  # no U+E000..U+EFFF, so no escape range character
        return encode_by_runs(text, _XTF8_SPECIAL, str.encode, _xtf8_special_run)

    def char_byte_lengths(self, chars: str) -> list[int]:
        return [
            1 if "\uef80" <= c <= "\uefff" else n
            for c, n in zip(chars, _utf8_char_lengths(chars), strict=True)
        ]


def _xtf8_special_run(run: str) -> list[SpecialRun]:
    pieces: list[SpecialRun] = []
    for c in run:
        if "\uef80" <= c <= "\uefff":
            pieces.append((bytes([0x80 | (ord(c) & 0x7F)]), SpanKind.TEXT, None))
        else:
            pieces.append((_REPLACEMENT, SpanKind.INVALID, Reason.UNENCODABLE))
    return _flag_reformed_utf8(pieces)


def xtf8_encode(hybrid: bytes, errors: Errors = "replace") -> bytes:
    """The XTF-8 spec's *encoding*: hybrid bytes (UTF-8 mixed with binary) to
    valid UTF-8. Collisions (a real U+EF80..U+EFFF) are replaced by U+FFFD, or
    raise under ``strict``.

    >>> xtf8_encode(b"caf\\xe9").decode()
    'caf\\uefe9'
    >>> xtf8_decode(xtf8_encode(b"caf\\xe9"))
    b'caf\\xe9'
    """
    return UTF8.encode(XTF8.decode(hybrid, errors).text)


def xtf8_decode(utf8: bytes, errors: Errors = "replace") -> bytes:
    """The XTF-8 spec's *decoding*: valid UTF-8 back to the hybrid bytes.
    Ill-formed input is replaced by U+FFFD, or raises under ``strict``."""
    return XTF8.encode(UTF8.decode(utf8, errors).text, "replace")


def wtf8_concat(left: bytes, right: bytes) -> bytes:
    """Concatenate two WTF-8 strings, joining a trailing lead surrogate of
    ``left`` and a leading trail surrogate of ``right`` into the 4-byte form
    of their supplementary code point (the WTF-8 spec's concatenation).

    >>> wtf8_concat(b"\\xed\\xa0\\xbd", b"\\xed\\xb2\\xa9").hex(" ")
    'f0 9f 92 a9'
    >>> wtf8_concat(b"a", b"b")
    b'ab'
    """
    if (
        len(left) >= 3
        and len(right) >= 3
        and left[-3] == 0xED
        and 0xA0 <= left[-2] <= 0xAF
        and 0x80 <= left[-1] <= 0xBF
        and right[0] == 0xED
        and 0xB0 <= right[1] <= 0xBF
        and 0x80 <= right[2] <= 0xBF
    ):
        pair = (left[-3:] + right[:3]).decode("utf-8", "surrogatepass")
        joined = pair.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
        return left[:-3] + joined.encode("utf-8") + right[3:]
    return left + right


UTF8 = Utf8()
UTF8B = Utf8b()
WTF8 = Wtf8()
XTF8 = Xtf8()

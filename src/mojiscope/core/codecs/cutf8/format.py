"""Corrected UTF-8 (``docs/specs/corrected-utf-8.md``), and its code-point API.

The byte shapes are those of the original (RFC 2044) UTF-8: a lead byte
00..7F, C0..DF, E0..EF, F0..F7, F8..FB or FC..FD followed by 0..5
continuation bytes 80..BF. The *raw* value those bits spell gets an offset
per length, so that every sequence of the right shape is the unique
encoding of one code point and no overlong form exists:

======  ===========  ==================================================
bytes   offset       code points
======  ===========  ==================================================
1       0            U+0000..U+007F
2       +0xA0        U+00A0..U+089F (C1 controls U+0080..U+009F skipped)
3       +0x8A0       U+08A0..U+D7FF (raw 0000..CF5F)
3       +0x10A0      U+E000..U+1109F (raw CF60..FFFF; surrogates skipped)
4       +0x110A0     U+110A0..U+21109F
5       +0x2110A0    U+2110A0..U+421109F
6       +0x42110A0   U+42110A0..U+8421109F
======  ===========  ==================================================

Decoding (FORMATS.md): a value above U+10FFFF is a ``beyond`` span carrying
the value (a Python ``str`` cannot hold it; the text gets U+FFFD, and
:func:`decode_code_points` keeps it). FE or FF and every continuation byte
after it is one ``reserved`` span (reserved for longer sequences). A stray
continuation byte, or a lead cut short, is ``invalid`` (``stray-continuation``
/ ``truncated``), one U+FFFD per maximal subpart. The magic number
``EF B7 9D ED B2 AE 00 0A`` at offset 0 is a ``signature`` span holding its
four characters U+10E7D U+ED4E U+0000 U+000A; it is stripped only on request
(:meth:`CorrectedUtf8.decode_stripping_signature`). ``warning`` spans, one
per character: U+0000 anywhere else (``nul``: the spec's MUST NOT, so
strict decoding refuses it, see :attr:`CorrectedUtf8.strict_refuses`); the
other C0 controls except U+000A, and U+2028, U+2029 (``discouraged-control``:
its SHOULD NOTs). U+007F is not a C0 control and is plain text.

Encoding a ``str``: the C1 controls and surrogates have no encoding (strict
raises, replace writes U+FFFD's encoding).

How decoding is vectorised: every token (an ASCII byte, a sequence, a
truncated sequence, a reserved run, a stray continuation byte) is one
character. When high bytes are dense (a third of the block or more, as in
CJK) and every lead has exactly its continuation bytes, the bytes that are
not continuation bytes are the characters: their values, computed with a
few gathers, are the text. Otherwise numpy finds the non-ASCII tokens (from
the positions of the high bytes), computes the values of the complete
sequences, and the text is the input without its continuation bytes, each
lead overwritten by its character. Either way the text comes from one C-level
decode of a code point array, and ASCII input is one ``bytes.decode``.

The module is in parts of one job each: :mod:`~mojiscope.core.codecs.cutf8.sequences`
(byte meanings, sequence values, warnings), :mod:`~mojiscope.core.codecs.cutf8.general`
(the general path), :mod:`~mojiscope.core.codecs.cutf8.dense` (the dense path),
:mod:`~mojiscope.core.codecs.cutf8.encode` (encoding); the block machinery is
:mod:`~mojiscope.core.codecs.block_text`, shared with STF-7. Here: the choice of
path, the code-point API, the safe cut, seeking and the :class:`Format`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.block_text import (
    REPLACEMENT,
    WHOLE_INPUT_BLOCK,
    Specials,
    any_byte_in_ranges,
    code_unit_type,
    last_not_in,
    prepend_span,
    text_from_code_units,
)
from mojiscope.core.codecs.cutf8.dense import dense_and_well_formed
from mojiscope.core.codecs.cutf8.encode import encode_code_points, encode_cutf8, sequence_lengths
from mojiscope.core.codecs.cutf8.general import Heads, Tokens, control_warnings
from mojiscope.core.codecs.cutf8.sequences import (
    CONTINUATION_BYTES,
    CONTROL_RANGES,
    MAGIC_NUMBER,
    MAGIC_TEXT,
    MAX_SEQUENCE,
    NEED,
    R_STRAY,
    SIGNATURE,
)
from mojiscope.core.codecs.events import single_text_span
from mojiscope.core.codecs.format import Encoding, Errors, Format
from mojiscope.core.spans.event import REASON_CODE, Reason
from mojiscope.core.spans.table import SpanTable
from mojiscope.core.system.source import Source, as_source

__all__ = ["CUTF8", "CorrectedUtf8", "decode_code_points", "encode_code_points"]


class _Decoded:
    """A block decoded to code points: ``units`` holds one code point per
    character (in the narrowest array type that holds the text, or uint32
    with values beyond U+10FFFF kept if ``wide``), and ``specials`` the spans
    that are not plain text."""

    def __init__(self, data: bytes, wide: bool, dense_path: bool = True) -> None:
        b = np.frombuffer(data, np.uint8)
        n = len(data)
        self.units: npt.NDArray[np.unsignedinteger[Any]]
        if data.isascii():
            self.specials = control_warnings(b, None)
            self.n_chars = n
            self.units = b.astype(np.uint32) if wide else b
            return
        clean = dense_and_well_formed(b) if dense_path else None
        if clean is not None:
            value, self.specials = clean
            self.n_chars = len(value)
            self.units = self._narrowed(value, wide)
            return
        heads = Heads(b)
        tokens = Tokens(b, heads)
        self.n_chars = n - tokens.total_extra
        parts = [tokens.specials()]
        controls = control_warnings(b, tokens)
        if controls is not None:
            parts.append(controls)
        self.specials = Specials.merged(parts)
        units = self._narrowed(tokens.value, wide)
        self.units = self._with_ascii(data, tokens, units)

    def _narrowed(
        self, value: npt.NDArray[np.integer[Any]], wide: bool
    ) -> npt.NDArray[np.unsignedinteger[Any]]:
        """``value`` as code units: U+FFFD for values beyond Unicode unless
        ``wide``, in the type :func:`code_unit_type` picks for the block."""
        if wide:
            return value.astype(np.uint32)
        widest = int(value.max()) if len(value) else 0
        if widest > 0x10FFFF:
            value = np.where(value > 0x10FFFF, REPLACEMENT, value)
            # The width is that of what is left: a supplementary character
            # beside the masked values still needs 32-bit units.
            widest = int(value.max())
        return value.astype(code_unit_type(widest, len(value), self.n_chars))

    def _with_ascii(
        self, data: bytes, tokens: Tokens, units: npt.NDArray[np.unsignedinteger[Any]]
    ) -> npt.NDArray[np.unsignedinteger[Any]]:
        """The block's code units: the non-ASCII tokens' ``units`` among the
        ASCII bytes, a U+FFFD for each stray continuation byte."""
        kept = np.frombuffer(data.translate(None, CONTINUATION_BYTES), np.uint8)
        out = kept.astype(units.dtype)
        strays = tokens.special[tokens.reasons == R_STRAY]
        if len(strays):
            at = tokens.char[strays]
            out = np.insert(out, at - np.arange(len(at)), REPLACEMENT)
        out[tokens.char] = units
        if len(out) != self.n_chars:
            raise AssertionError("corrected-utf-8: text and spans disagree")
        return out


def decode_by_general_path_only(data: bytes) -> tuple[str, SpanTable]:
    """A block (not at the start) decoded by the general path alone, never
    the dense one: a test hook, for the tests that hold both paths to the
    same answers."""
    decoded = _Decoded(data, wide=False, dense_path=False)
    text = text_from_code_units(decoded.units)
    if decoded.specials is None:
        return text, single_text_span(len(data), decoded.n_chars)
    return text, decoded.specials.table(len(data), decoded.n_chars)


def decode_cutf8(data: bytes, at_start: bool) -> tuple[str, SpanTable]:
    """Decode a block that ends at a safe cut (or the end of the input);
    ``at_start`` says whether it begins the stream, where the magic number
    may stand."""
    if at_start and data.startswith(MAGIC_NUMBER):
        text, table = decode_cutf8(data[len(MAGIC_NUMBER) :], False)
        signature = prepend_span(
            SIGNATURE, REASON_CODE[Reason.MAGIC_NUMBER], len(MAGIC_NUMBER), 4, table
        )
        return MAGIC_TEXT + text, signature
    if not data:
        return "", SpanTable.empty()
    decoded = _Decoded(data, wide=False)
    text = text_from_code_units(decoded.units)
    if decoded.specials is None:
        return text, single_text_span(len(data), decoded.n_chars)
    return text, decoded.specials.table(len(data), decoded.n_chars)


def cutf8_safe_cut(data: bytes, at_start: bool) -> int:
    """The largest safe cut: before the last lead byte if its sequence may
    still grow (it is short of continuation bytes, or it is FE/FF, whose run
    has no end), else the end. Never inside what may become the magic
    number at the start of a stream."""
    n = len(data)
    if at_start and n < len(MAGIC_NUMBER) and MAGIC_NUMBER.startswith(data):
        return 0
    last = len(data.rstrip(CONTINUATION_BYTES)) - 1
    if last < 0:
        return n  # only continuation bytes: strays, each already decided
    need = int(NEED[data[last]])
    if need == -1 or n - 1 - last < need:
        return last
    return n


def decode_code_points(
    data: bytes | bytearray | memoryview, strip_signature: bool = False
) -> list[int]:
    """The code points of ``data`` as integers, values above U+10FFFF kept
    (each ill-formed token gives U+FFFD, as in the text). With
    ``strip_signature``, a leading magic number gives nothing.

    >>> [hex(v) for v in decode_code_points(b"A\\xfd\\xbf\\xbf\\xbf\\xbf\\xbf")]
    ['0x41', '0x8421109f']
    """
    raw = bytes(data)
    if strip_signature and raw.startswith(MAGIC_NUMBER):
        raw = raw[len(MAGIC_NUMBER) :]
    if not raw:
        return []
    units: list[int] = _Decoded(raw, wide=True).units.tolist()
    return units


class CorrectedUtf8(Format):
    """Corrected UTF-8: UTF-8's shapes with per-length offsets (no overlong
    forms, no C1 controls, no surrogates) up to U+8421109F."""

    id = "corrected-utf-8"
    aliases: ClassVar[tuple[str, ...]] = ("cutf-8", "cutf8", "corrected-utf8")
    description = "Corrected UTF-8: no overlong forms, no C1 or surrogates, up to U+8421109F"
    lookahead = len(MAGIC_NUMBER)
    preferred_block = WHOLE_INPUT_BLOCK
    signature_text: ClassVar[str] = MAGIC_TEXT
    #: The spec: U+0000 MUST NOT appear but in the magic number (FORMATS.md).
    strict_refuses: ClassVar[frozenset[Reason]] = frozenset({Reason.NUL})

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        return decode_cutf8(data, at_start)

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        return cutf8_safe_cut(data, at_start)

    def decode_whole(
        self, data: bytes | bytearray | memoryview, errors: Errors
    ) -> tuple[str, SpanTable] | None:
        """ASCII with no control to warn of, in one call; anything else goes to the
        block driver (in :data:`preferred_block` pieces)."""
        del errors  # only input without errors comes this way
        raw = bytes(data)
        if raw.isascii() and not any_byte_in_ranges(raw, CONTROL_RANGES):
            return raw.decode("ascii"), single_text_span(len(raw), len(raw))
        return None

    def droppable_run(self, data: bytes) -> tuple[int, int] | None:
        """``data`` without a safe cut that opens with FE/FF is a reserved
        run of continuation bytes still open: one ``reserved`` span, one
        U+FFFD, whatever the bytes, so all but its first bytes may go."""
        if len(data) <= MAX_SEQUENCE or data[0] < 0xFE:
            return None
        return MAX_SEQUENCE, len(data)

    def resync(self, source: Source, offset: int) -> int:
        """The start of the token holding byte ``offset``: back over at most 5
        continuation bytes to the lead that owns them; further only inside a
        reserved run, back to its FE/FF. A stray continuation byte is a
        token of its own, so decoding may start at it. Inside a magic
        number at the start, the start."""
        src = as_source(source)
        if offset < len(MAGIC_NUMBER) and src.read(0, len(MAGIC_NUMBER)) == MAGIC_NUMBER:
            return 0
        here = src.read(offset, offset + 1)
        if not here or NEED[here[0]] != -2:
            return offset
        lo = max(0, offset - (MAX_SEQUENCE - 1))
        before = src.read(lo, offset).rstrip(CONTINUATION_BYTES)
        if before:
            head = lo + len(before) - 1
            need = int(NEED[before[-1]])
            owns = need == -1 or offset - head <= need
            return head if owns else offset
        return _reserved_run_start(src, lo, offset)

    def char_byte_lengths(self, chars: str) -> list[int]:
        code_points = np.frombuffer(chars.encode("utf-32-le", "surrogatepass"), np.uint32)
        lengths: list[int] = sequence_lengths(code_points.astype(np.int64)).tolist()
        return lengths

    def encode_spans(self, text: str) -> Encoding:
        """C1 controls and surrogates have no encoding: U+FFFD stands in for
        each, in an ``invalid`` (``unencodable``) span."""
        return encode_cutf8(text)


def _reserved_run_start(src: Source, lo: int, offset: int) -> int:
    """The FE/FF that a long run of continuation bytes before ``offset``
    (from ``lo`` at least) belongs to, or ``offset`` if the run is strays."""
    head = last_not_in(src, lo, CONTINUATION_BYTES)
    if head >= 0 and src.read(head, head + 1)[0] >= 0xFE:
        return head
    return offset


CUTF8 = CorrectedUtf8()

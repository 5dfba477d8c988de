"""The decode event: what happened to which bytes.

A :class:`Span` says that bytes ``[byte_start, byte_end)`` of a source decoded
to characters ``[char_start, char_end)`` of the text, and how (``kind``) and
why (``reason``). Spans tile both the bytes and the text: no gaps, no overlaps,
in order. Kinds and reasons are closed enums; both are :class:`enum.StrEnum`
so they compare equal to their names (``span.kind == "invalid"``).

Spans are stored compactly (see :mod:`mojiscope.core.spans.table`); a ``Span``
object exists only when someone asks for one.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class SpanKind(StrEnum):
    """What happened to a run of bytes (FORMATS.md, the vocabulary table)."""

    TEXT = "text"
    INVALID = "invalid"
    ESCAPE = "escape"
    SURROGATE = "surrogate"
    COLLISION = "collision"
    SIGNATURE = "signature"
    RESERVED = "reserved"
    BEYOND = "beyond"
    WARNING = "warning"


class Reason(StrEnum):
    """Why a span is not plain text. Every non-``text`` span names one."""

    # UTF-8 family (an ``escape`` span carries the reason its bytes needed escaping)
    STRAY_CONTINUATION = "stray-continuation"
    OVERLONG = "overlong"
    SURROGATE = "surrogate"
    OUT_OF_RANGE = "out-of-range"
    INVALID_BYTE = "invalid-byte"
    TRUNCATED = "truncated"
    # WTF-8 / UTF-16
    SURROGATE_PAIR = "surrogate-pair"
    LONE_SURROGATE = "lone-surrogate"
    # legacy code pages
    UNMAPPED = "unmapped"
    # STF-7
    NON_ASCII = "non-ascii"
    TOO_LONG = "too-long"
    INDIRECT_ASCII = "indirect-ascii"
    # Corrected UTF-8
    NUL = "nul"
    DISCOURAGED_CONTROL = "discouraged-control"
    RESERVED_LEAD = "reserved-lead"
    BEYOND_UNICODE = "beyond-unicode"
    # signatures and collisions
    BOM = "bom"
    MAGIC_NUMBER = "magic-number"
    ESCAPE_RANGE = "escape-range"
    # encoding direction
    UNENCODABLE = "unencodable"
    ESCAPES_FORM_UTF8 = "escapes-form-utf8"
    # lone surrogates a format carries (WTF-8, WTF-16)
    UNPAIRED_LEAD = "unpaired-lead"
    UNPAIRED_TRAIL = "unpaired-trail"
    # CESU-8, Java's Modified UTF-8, UTF-16/UTF-32 byte order
    FOUR_BYTE_FORM = "four-byte-form"
    RAW_NUL = "raw-nul"
    NO_BOM = "no-bom"
    SWAPPED_BOM = "swapped-bom"
    # legacy code pages: a duplicate mapping (cp932 FC 41 reads as 魵, written EE E2)
    NON_CANONICAL = "non-canonical"
    # a repaired reading (mojibake): bytes its chain of misreadings cannot have made
    NOT_FROM_CHAIN = "not-from-chain"
    # a repair plan (mojibake): a character whose lost byte the explainer guessed
    GUESSED = "guessed"


#: Kinds at which ``errors="strict"`` decoding raises.
ERROR_KINDS: frozenset[SpanKind] = frozenset(
    {SpanKind.INVALID, SpanKind.COLLISION, SpanKind.RESERVED, SpanKind.BEYOND}
)

#: Small integer codes used by the compact span storage. Order is part of the
#: storage format: append, never reorder.
KIND_CODES: tuple[SpanKind, ...] = tuple(SpanKind)
KIND_CODE: dict[SpanKind, int] = {k: i for i, k in enumerate(KIND_CODES)}
#: Kind codes by name, for code that works on the compact arrays.
(
    TEXT_CODE,
    INVALID_CODE,
    ESCAPE_CODE,
    SURROGATE_CODE,
    COLLISION_CODE,
    SIGNATURE_CODE,
    RESERVED_CODE,
    BEYOND_CODE,
    WARNING_CODE,
) = (KIND_CODE[k] for k in SpanKind)
REASON_CODES: tuple[Reason | None, ...] = (None, *Reason)
REASON_CODE: dict[Reason | None, int] = {r: i for i, r in enumerate(REASON_CODES)}

REASON_WORDS: dict[Reason, str] = {
    Reason.STRAY_CONTINUATION: "a continuation byte (80..BF) with no lead byte before it",
    Reason.OVERLONG: "an overlong form: a longer encoding of a value that has a shorter one",
    Reason.SURROGATE: "a UTF-16 surrogate value (U+D800..U+DFFF), which this format forbids",
    Reason.OUT_OF_RANGE: "a value above U+10FFFF, the end of Unicode",
    Reason.INVALID_BYTE: "a byte (F8..FF) that never occurs in UTF-8",
    Reason.TRUNCATED: "a sequence cut short by a byte that does not continue it, or by the end",
    Reason.SURROGATE_PAIR: "half of a surrogate pair written as two 3-byte sequences "
    "(CESU-8 style); WTF-8 requires the 4-byte form",
    Reason.LONE_SURROGATE: "an unpaired UTF-16 surrogate code unit",
    Reason.UNMAPPED: "a byte this code page leaves undefined",
    Reason.NON_ASCII: "a byte above 7F in a 7-bit format",
    Reason.TOO_LONG: "more chunks than any Unicode value needs",
    Reason.INDIRECT_ASCII: "ASCII written indirectly, which slips past filters that look "
    "for the direct byte",
    Reason.NUL: "U+0000, which Corrected UTF-8 forbids outside the magic number",
    Reason.DISCOURAGED_CONTROL: "a control character that should not appear in text",
    Reason.RESERVED_LEAD: "a sequence led by FE or FF, reserved for a future extension",
    Reason.BEYOND_UNICODE: "a code point above U+10FFFF",
    Reason.BOM: "a byte order mark",
    Reason.MAGIC_NUMBER: "the Corrected UTF-8 magic number",
    Reason.ESCAPE_RANGE: "a real character from the escape range U+EF80..U+EFFF, which "
    "would be read back as an escaped byte",
    Reason.UNENCODABLE: "a character the target format cannot represent",
    Reason.ESCAPES_FORM_UTF8: "escaped bytes that, written out, form valid UTF-8 and so "
    "will not read back as escapes",
    Reason.UNPAIRED_LEAD: "a lead (high) surrogate with no trail surrogate after it",
    Reason.UNPAIRED_TRAIL: "a trail (low) surrogate with no lead surrogate before it",
    Reason.FOUR_BYTE_FORM: "a 4-byte sequence, which this format forbids: it writes a "
    "supplementary character as two 3-byte surrogates",
    Reason.RAW_NUL: "a raw 00 byte, which this format forbids: it writes U+0000 as C0 80",
    Reason.NO_BOM: "no byte order mark: read as little-endian, as most readers do",
    Reason.SWAPPED_BOM: "U+FFFE at the start: a byte order mark read in the wrong byte order",
    Reason.NON_CANONICAL: "bytes this code page reads as a character it writes as other "
    "bytes (a duplicate mapping): encoding the text back does not give these bytes",
    Reason.NOT_FROM_CHAIN: "bytes this chain of misreadings cannot have made, so it cannot "
    "undo them",
    Reason.GUESSED: "bytes standing where something was lost or changed (a byte, an accent, "
    "a letter or its case): the repair guessed what it was, and the bytes cannot say",
}


class Span(NamedTuple):
    """One decode event. Offsets are absolute byte offsets into the source and
    code-point offsets into the decoded text; ends are exclusive.

    ``value`` is the code point a ``beyond`` span stands for, or for an
    ``invalid`` overlong/surrogate/out-of-range sequence whose bytes are all
    present, the value it would have encoded; otherwise ``None``.
    """

    kind: SpanKind
    byte_start: int
    byte_end: int
    char_start: int
    char_end: int
    reason: Reason | None = None
    value: int | None = None

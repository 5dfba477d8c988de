"""Conversions run whole, their losses as tuples, and the pieces and format
pairs the conversion properties combine."""

from __future__ import annotations

from mojiscope.core import Encoding, Format
from mojiscope.core.conversion.engine import iter_conversion
from mojiscope.core.conversion.losses import Loss
from mojiscope.core.spans.builder import SpanListBuilder
from mojiscope.core.spans.event import Reason, SpanKind
from mojiscope.core.spans.table import SpanTable


class Ucs2Le(Format):
    """A test format: 16-bit units, each its own character, never paired, so
    a lead unit followed by a trail unit decodes to two surrogates."""

    id = "test-ucs-2le"
    description = "test only: UCS-2 little-endian, surrogates unpaired"

    def decode_block(self, data: bytes, *, at_start: bool) -> tuple[str, SpanTable]:
        even = len(data) - len(data) % 2
        text = "".join(map(chr, memoryview(data[:even]).cast("H")))
        builder = SpanListBuilder()
        builder.add_text(even, len(text))
        if even < len(data):
            builder.add(SpanKind.INVALID, 1, 1, Reason.TRUNCATED)
            text += "\ufffd"
        return text, builder.build()

    def safe_cut(self, data: bytes, *, at_start: bool) -> int:
        return len(data) - len(data) % 2

    def encode_spans(self, text: str) -> Encoding:
        data = text.encode("utf-16-le", "surrogatepass")
        builder = SpanListBuilder()
        builder.add_text(len(data), len(text))
        return Encoding(data, builder.build())

    def char_byte_lengths(self, chars: str) -> list[int]:
        return [2] * len(chars)


UCS2 = Ucs2Le()


def run(
    data: bytes, source: str | Format, target: str | Format, **kw: object
) -> tuple[bytes, list[Loss]]:
    blocks = list(iter_conversion(data, source, target, **kw))  # type: ignore[arg-type]
    return b"".join(b.data for b in blocks), [loss for b in blocks for loss in b.losses]


def summary(losses: list[Loss]) -> list[tuple[object, ...]]:
    return [
        (x.kind, x.source_start, x.source_end, x.target_start, x.target_end, x.reason, x.chars)
        for x in losses
    ]


PIECES = [
    b"a",
    b"a long run of plain text, so that losses are sparse in it. " * 4,
    b" ",
    "é".encode(),
    "💩".encode(),
    b"\xed\xa0\xbd",  # lead surrogate in wtf-8
    b"\xed\xb2\xa9",  # trail surrogate in wtf-8
    "\uefc3".encode(),
    "\uefa9".encode(),
    b"\xc3",
    b"\xa9",
    b"\xff",
    b"\xe2\x82",
    b"\xef\xbb\xbf",
    b"\x00",
    b"\x3d\xd8",
    b"\xa9\xdc",
    "\uefc3\uefa9".encode(),  # escapes that re-form "é" in xtf-8
    "\udcc3\udca9".encode("utf-8", "surrogatepass"),  # the same in utf-8b
    b"\x3d\xd8\xa9\xdc",  # a lead unit then a trail unit
]


PAIRS = [
    ("utf-8", "xtf-8"),
    ("wtf-8", "utf-8b"),
    ("wtf-8", "xtf-8"),
    ("utf-8b", "wtf-16le"),
    ("xtf-8", "cp1252"),
    ("wtf-16le", "wtf-8"),
    ("utf-8", "utf-16be"),
    ("utf-16le", "utf-8b"),
    (UCS2, "wtf-8"),
    (UCS2, "wtf-16be"),
]

"""A byte-at-a-time Corrected UTF-8 decoder written from
docs/specs/corrected-utf-8.md and the decisions in FORMATS.md, with no numpy and
no cleverness: the oracle the fast paths in ``mojiscope.core.codecs.cutf8.format*`` are
held to.

Spans are tuples ``(kind, byte_start, byte_end, char_start, char_end,
reason, value)`` with kinds and reasons as their words, adjacent ``text``
spans merged, as ``Span`` gives them. :func:`decode` also returns the code
points, values above U+10FFFF kept (what ``decode_code_points`` gives).
"""

from __future__ import annotations

MAGIC_NUMBER = bytes.fromhex("EF B7 9D ED B2 AE 00 0A")
MAGIC_TEXT = "\U00010e7d\ued4e\x00\n"

#: The spec's table: the offset added to the raw value, by sequence length.
OFFSET = {1: 0, 2: 0xA0, 3: 0x8A0, 4: 0x110A0, 5: 0x2110A0, 6: 0x42110A0}

SpanTuple = tuple[str, int, int, int, int, str | None, int | None]


def is_continuation(byte: int) -> bool:
    return 0x80 <= byte <= 0xBF


def continuation_bytes_wanted(lead: int) -> int:
    """C0..DF want 1, E0..EF 2, F0..F7 3, F8..FB 4, FC..FD 5."""
    for wanted, below in ((1, 0xE0), (2, 0xF0), (3, 0xF8), (4, 0xFC), (5, 0xFE)):
        if lead < below:
            return wanted
    raise ValueError(f"{lead:#x} is not a lead byte")


def value_of(sequence: bytes) -> int:
    """The raw bits (RFC 2044 layout) plus the length's offset; 3-byte sums
    at or above U+D800 skip the surrogates (a further +0x800)."""
    wanted = len(sequence) - 1
    raw = sequence[0] & (0x3F >> wanted)
    for byte in sequence[1:]:
        raw = raw << 6 | (byte & 0x3F)
    value = raw + OFFSET[len(sequence)]
    if len(sequence) == 3 and value >= 0xD800:
        value += 0x800
    return value


class _Out:
    """Text, code points and spans as they are emitted, text spans merged."""

    def __init__(self) -> None:
        self.code_points: list[int] = []
        self.spans: list[SpanTuple] = []

    def emit(
        self,
        kind: str,
        b0: int,
        b1: int,
        code_points: list[int],
        reason: str | None = None,
        value: int | None = None,
    ) -> None:
        c0 = len(self.code_points)
        self.code_points.extend(code_points)
        if kind == "text" and self.spans and self.spans[-1][0] == "text":
            last = self.spans.pop()
            b0, c0 = last[1], last[3]
        self.spans.append((kind, b0, b1, c0, len(self.code_points), reason, value))


def decode(data: bytes) -> tuple[str, list[SpanTuple], list[int]]:
    """The whole of ``data``, as a decode from the start of a stream: text
    (U+FFFD for each value beyond Unicode), spans, and code points."""
    out = _Out()
    i = 0
    if data.startswith(MAGIC_NUMBER):
        out.emit("signature", 0, 8, [ord(c) for c in MAGIC_TEXT], "magic-number")
        i = 8
    while i < len(data):
        i = _token(data, i, out)
    text = "".join(chr(min(cp, 0xFFFD) if cp > 0x10FFFF else cp) for cp in out.code_points)
    return text, out.spans, out.code_points


def _token(data: bytes, i: int, out: _Out) -> int:
    """Emit the token that starts at ``i``; return where the next starts."""
    byte = data[i]
    if byte < 0x80:
        if byte == 0:
            out.emit("warning", i, i + 1, [0], "nul")
        elif byte < 0x20 and byte != 0x0A:
            out.emit("warning", i, i + 1, [byte], "discouraged-control")
        else:
            out.emit("text", i, i + 1, [byte])
        return i + 1
    if is_continuation(byte):
        out.emit("invalid", i, i + 1, [0xFFFD], "stray-continuation")
        return i + 1
    j = i + 1
    if byte >= 0xFE:  # reserved: FE/FF and every continuation byte after it
        while j < len(data) and is_continuation(data[j]):
            j += 1
        out.emit("reserved", i, j, [0xFFFD], "reserved-lead")
        return j
    wanted = continuation_bytes_wanted(byte)
    while j < len(data) and j - i <= wanted and is_continuation(data[j]):
        j += 1
    if j - i - 1 < wanted:
        out.emit("invalid", i, j, [0xFFFD], "truncated")
        return j
    value = value_of(data[i:j])
    if value > 0x10FFFF:
        out.emit("beyond", i, j, [value], "beyond-unicode", value)
    elif value in (0x2028, 0x2029):
        out.emit("warning", i, j, [value], "discouraged-control")
    else:
        out.emit("text", i, j, [value])
    return j

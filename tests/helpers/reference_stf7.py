"""A byte-at-a-time STF-7 decoder written from docs/specs/stf-7.txt and the
decisions in FORMATS.md, with no numpy and no cleverness: the oracle the
fast paths in ``mojiscope.core.codecs.stf7.format*`` are held to.

Spans are tuples ``(kind, byte_start, byte_end, char_start, char_end,
reason, value)`` with kinds and reasons as their words, adjacent ``text``
spans merged, as ``Span`` gives them.
"""

from __future__ import annotations

NON_FINAL = b"!\"#$%&'()*+,-./:"  # chunk values 0..F, every chunk but the last
FINAL = b";<=>?@[\\]^_`{|}~"  # chunk values 0..F, the last chunk
BOM = b":/:~"

#: The least value that needs each chunk count (rule 1: minimal count).
LEAST_FOR_COUNT = {3: 0x100, 4: 0x1000, 5: 0x10000, 6: 0x100000}

SpanTuple = tuple[str, int, int, int, int, str | None, int | None]


def is_direct(byte: int) -> bool:
    """00..20, 30..39, 41..5A, 61..7A and 7F stand for themselves."""
    return (
        byte <= 0x20
        or 0x30 <= byte <= 0x39
        or 0x41 <= byte <= 0x5A
        or 0x61 <= byte <= 0x7A
        or byte == 0x7F
    )


def classify(nibbles: list[int]) -> tuple[str, str | None, int | None, str]:
    """Kind, reason, value shown and character of a complete sequence."""
    count = len(nibbles)
    if count > 6:
        return "invalid", "too-long", None, "\ufffd"
    value = 0
    for nibble in nibbles:
        value = value << 4 | nibble
    if count == 1 or (count == 2 and is_direct(value)):
        return "invalid", "overlong", value, "\ufffd"
    if count >= 3 and value < LEAST_FOR_COUNT[count]:
        return "invalid", "overlong", value, "\ufffd"
    if value > 0x10FFFF:
        return "invalid", "out-of-range", value, "\ufffd"
    if 0xD800 <= value <= 0xDFFF:
        return "invalid", "surrogate", value, "\ufffd"
    if count == 2 and value < 0x7F:
        return "warning", "indirect-ascii", None, chr(value)
    return "text", None, None, chr(value)


class _Out:
    """Text and spans as they are emitted, text spans merged."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.spans: list[SpanTuple] = []

    def emit(
        self,
        kind: str,
        b0: int,
        b1: int,
        chars: str,
        reason: str | None = None,
        value: int | None = None,
    ) -> None:
        c0 = len(self.text)
        self.text.extend(chars)
        if kind == "text" and self.spans and self.spans[-1][0] == "text":
            last = self.spans.pop()
            b0, c0 = last[1], last[3]
        self.spans.append((kind, b0, b1, c0, len(self.text), reason, value))


def decode(data: bytes) -> tuple[str, list[SpanTuple]]:
    """The whole of ``data``, as a decode from the start of a stream."""
    out = _Out()
    i = 0
    if data.startswith(BOM):
        out.emit("signature", 0, 4, "\ufeff", "bom")
        i = 4
    run_start: int | None = None
    nibbles: list[int] = []

    def close_truncated(at: int) -> None:
        nonlocal run_start, nibbles
        if run_start is not None:
            out.emit("invalid", run_start, at, "\ufffd", "truncated")
        run_start, nibbles = None, []

    for pos in range(i, len(data)):
        byte = data[pos]
        if byte >= 0x80:
            close_truncated(pos)
            out.emit("invalid", pos, pos + 1, "\ufffd", "non-ascii")
        elif byte in NON_FINAL:
            if run_start is None:
                run_start = pos
            nibbles.append(NON_FINAL.index(byte))
        elif byte in FINAL:
            start = pos if run_start is None else run_start
            kind, reason, value, char = classify([*nibbles, FINAL.index(byte)])
            out.emit(kind, start, pos + 1, char, reason, value)
            run_start, nibbles = None, []
        else:
            close_truncated(pos)
            out.emit("text", pos, pos + 1, chr(byte))
    close_truncated(len(data))
    return "".join(out.text), out.spans

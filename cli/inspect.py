"""``mojiscope inspect``: what a format makes of some bytes, span by span.

With ``--json``, one JSON object per line per span, in order::

    {"kind": "invalid", "bytes": [2, 3], "chars": [2, 3], "reason": "overlong",
     "value": 47, "text": "\\ufffd"}

``bytes`` are absolute offsets into the input; ``chars`` count code points
from the first decoded byte (the resynchronisation point when ``--offset`` is
given); ``text`` is what the span contributes under ``--policy``. Output is
ASCII: every other character, lone surrogates included, is a ``\\uXXXX``
escape, so each line is valid JSON whatever the bytes were. A ``text`` run is
one object unless it is longer than :data:`MAX_TEXT_RUN` characters: such a
run is written as consecutive ``text`` objects, split where the input was
read in chunks (merge adjacent ``text`` objects to get the runs back), so
memory stays bounded on a file of any size.

Without ``--json``: a summary (size, format, counts by kind and reason, and
the first :data:`SHOWN_ANOMALIES` anomalies with offsets, bytes and reasons
in words).

Under ``--errors strict`` the output stops at the first span of an error
kind (everything before it has been written) and the command exits 1 with
the offset and reason on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii as json_string  # type: ignore[attr-defined]
from typing import BinaryIO, TextIO

import numpy as np

from mojiscope.cli.decode_stream import DecodedPiece, decode_pieces
from mojiscope.cli.errors import EXIT_OK, UsageError
from mojiscope.cli.inputs import open_input
from mojiscope.core import ERROR_KINDS, DecodeError, Format, Span, get_format
from mojiscope.core.describe import REASON_WORDS, describe_value, hex_bytes
from mojiscope.core.spans import (
    KIND_CODE,
    KIND_CODES,
    REASON_CODES,
    TEXT_CODE,
    SpanKind,
)
from mojiscope.core.spantable import NO_VALUE

#: Longest ``text`` run written as one JSON object (in characters).
MAX_TEXT_RUN = 1 << 20
#: Spans turned into JSON lines at a time.
BATCH = 8192
#: Anomalies listed by the summary.
SHOWN_ANOMALIES = 20

_ERROR_CODES = np.array(sorted(KIND_CODE[k] for k in ERROR_KINDS), np.uint8)
_KIND_JSON = [json_string(k.value) for k in KIND_CODES]
_REASON_JSON = ["null" if r is None else json_string(r.value) for r in REASON_CODES]


def first_error(piece: DecodedPiece) -> int | None:
    """Index of the piece's first span of an error kind."""
    hits = np.flatnonzero(np.isin(piece.table.kinds, _ERROR_CODES))
    return int(hits[0]) if len(hits) else None


def strict_error(fmt: Format, piece: DecodedPiece, index: int) -> DecodeError:
    span = piece.table[index]
    return DecodeError(fmt.id, span, piece.span_bytes(span.byte_start, span.byte_end))


def _json_line(
    kind: int, b0: int, b1: int, c0: int, c1: int, reason: int, value: int, text: str
) -> str:
    value_json = "null" if value == NO_VALUE else str(value)
    return (
        f'{{"kind": {_KIND_JSON[kind]}, "bytes": [{b0}, {b1}], "chars": [{c0}, {c1}], '
        f'"reason": {_REASON_JSON[reason]}, "value": {value_json}, "text": {json_string(text)}}}\n'
    )


@dataclass
class _TextRun:
    """A ``text`` span held back because the next piece may continue it."""

    byte_start: int
    byte_end: int
    char_start: int
    char_end: int
    parts: list[str]

    def line(self) -> str:
        text = "".join(self.parts)
        return _json_line(
            TEXT_CODE,
            self.byte_start,
            self.byte_end,
            self.char_start,
            self.char_end,
            0,
            NO_VALUE,
            text,
        )


class JsonWriter:
    """Writes pieces as JSON lines, joining a ``text`` run across pieces.

    Lines are built and written :data:`BATCH` spans at a time, so a piece of
    random bytes (a span per byte or two) never holds all its lines at once.
    """

    def __init__(self, out: BinaryIO, fmt: Format, strict: bool) -> None:
        self.out = out
        self.fmt = fmt
        self.strict = strict
        self.held: _TextRun | None = None

    def write(self, piece: DecodedPiece) -> None:
        """Write the piece's spans; under strict, raise at its first error span."""
        table = piece.table
        error = first_error(piece) if self.strict else None
        stop = len(table) if error is None else error
        first = self._continue_held(piece, stop)
        ends_open = error is None and stop > first and table.kinds[stop - 1] == TEXT_CODE
        last = stop - 1 if ends_open else stop
        for lo in range(first, last, BATCH):
            self._write_spans(piece, lo, min(lo + BATCH, last))
        if ends_open:
            b0, b1 = (int(b) for b in table.byte_starts[last : last + 2])
            c0, c1 = (int(c) for c in table.char_starts[last : last + 2])
            self.held = _TextRun(b0, b1, c0, c1, [piece.span_text(c0, c1)])
        if error is not None:
            self.out.flush()
            raise strict_error(self.fmt, piece, error)

    def _write_spans(self, piece: DecodedPiece, lo: int, hi: int) -> None:
        table = piece.table
        kinds, reasons = table.kinds[lo:hi].tolist(), table.reasons[lo:hi].tolist()
        values = table.values[lo:hi].tolist()
        bs, cs = table.byte_starts[lo : hi + 1].tolist(), table.char_starts[lo : hi + 1].tolist()
        text, base = piece.text, table.char_start
        lines = [
            _json_line(
                k,
                bs[i],
                bs[i + 1],
                cs[i],
                cs[i + 1],
                reasons[i],
                values[i],
                text[cs[i] - base : cs[i + 1] - base],
            )
            for i, k in enumerate(kinds)
        ]
        self.out.write("".join(lines).encode("ascii"))

    def _continue_held(self, piece: DecodedPiece, stop: int) -> int:
        """Extend or flush the held text run; return the first span still to write."""
        held, table = self.held, piece.table
        if held is None:
            return 0
        first = 0
        if stop and table.kinds[0] == TEXT_CODE and held.char_end - held.char_start < MAX_TEXT_RUN:
            held.byte_end, held.char_end = int(table.byte_starts[1]), int(table.char_starts[1])
            held.parts.append(piece.span_text(table.char_start, held.char_end))
            first = 1
            if len(table) == 1:
                return first  # the run may go on in the next piece
        self.out.write(held.line().encode("ascii"))
        self.held = None
        return first

    def close(self) -> None:
        if self.held is not None:
            self.out.write(self.held.line().encode("ascii"))
            self.held = None
        self.out.flush()


@dataclass
class Summary:
    """Counts and the first anomalies, gathered piece by piece."""

    fmt: Format
    strict: bool
    spans: int = 0
    chars: int = 0
    byte_start: int | None = None
    byte_end: int = 0
    counts: Counter[tuple[int, int]] = field(default_factory=Counter)
    anomalies: list[tuple[Span, bytes]] = field(default_factory=list)
    anomaly_count: int = 0
    ends_in_text: bool = False

    def add(self, piece: DecodedPiece) -> None:
        table = piece.table
        if self.strict and (error := first_error(piece)) is not None:
            raise strict_error(self.fmt, piece, error)
        if self.byte_start is None:
            self.byte_start = table.byte_start
        self.byte_end, self.chars = table.byte_end, table.char_end
        pairs, tally = np.unique(
            table.kinds.astype(np.int64) * 256 + table.reasons, return_counts=True
        )
        self.counts.update(
            {(p // 256, p % 256): n for p, n in zip(pairs.tolist(), tally.tolist(), strict=True)}
        )
        self.spans += len(table)
        if self.ends_in_text and table.kinds[0] == TEXT_CODE:  # one run across the seam
            self.spans -= 1
            self.counts[(TEXT_CODE, 0)] -= 1
        self.ends_in_text = bool(table.kinds[-1] == TEXT_CODE)
        anomalous = np.flatnonzero(table.kinds != TEXT_CODE)
        self.anomaly_count += len(anomalous)
        for i in anomalous[: SHOWN_ANOMALIES - len(self.anomalies)].tolist():
            span = table[i]
            self.anomalies.append((span, piece.span_bytes(span.byte_start, span.byte_end)))

    def lines(self, name: str, size: int | None, policy: str) -> Iterable[str]:
        fmt = self.fmt
        size_text = f"{size:,} bytes" if size is not None else f"{self.byte_end:,} bytes read"
        yield f"source:     {name}, {size_text}"
        yield f"format:     {fmt.id} ({fmt.description})"
        start = self.byte_start if self.byte_start is not None else 0
        yield (
            f"decoded:    bytes {start}..{max(start, self.byte_end)} "
            f"into {self.chars:,} characters (policy {policy})"
        )
        yield f"spans:      {self.spans:,}"
        for (kind, reason), n in sorted(self.counts.items()):
            reason_code = REASON_CODES[reason]
            reason_name = reason_code.value if reason_code else ""
            yield f"  {KIND_CODES[kind].value:<10} {reason_name:<20} {n:>12,}"
        if not self.anomaly_count:
            yield "anomalies:  none"
            return
        shown = len(self.anomalies)
        more = f"; the first {shown}:" if shown < self.anomaly_count else ":"
        yield f"anomalies:  {self.anomaly_count:,}{more}"
        width = max(len(anomaly_offset(span)) for span, _ in self.anomalies)
        for span, data in self.anomalies:
            yield "  " + describe_anomaly(span, data, width)


def anomaly_offset(span: Span) -> str:
    return f"0x{span.byte_start:08X} ({span.byte_start})"


def describe_anomaly(span: Span, data: bytes, offset_width: int = 0) -> str:
    """``0x00000002 (2)  C0  invalid, overlong: ...; it would have meant
    U+002F '/'``, the offset padded to ``offset_width`` so that the bytes
    of a list of anomalies line up."""
    where = f"{anomaly_offset(span):<{offset_width}}"
    what = span.kind.value
    if span.reason is not None:
        what += f", {span.reason.value}: {REASON_WORDS[span.reason]}"
    if span.value is not None:
        meant = "it would have meant" if span.kind == SpanKind.INVALID else "value"
        what += f"; {meant} {describe_value(span.value)}"
    return f"{where}  {hex_bytes(data, 8):<12}  {what}"


def run_inspect(args: argparse.Namespace) -> int:
    fmt = get_format(args.format)
    if args.policy not in fmt.policies:
        raise UsageError(
            f"{fmt.id} has no --policy {args.policy} (it has: {', '.join(fmt.policies)})"
        )
    strict = args.errors == "strict"
    with open_input(args.file, args.hex) as source:
        start = source.start_at(fmt, args.offset) if args.offset else 0
        if start != args.offset:
            print(
                f"mojiscope: --offset {args.offset} is inside a sequence; "
                f"starting at byte {start}, the nearest boundary before it",
                file=sys.stderr,
            )
        end = None if args.length is None else args.offset + args.length
        if args.length == 0:
            end = start  # an empty range holds no span
        pieces = decode_pieces(fmt, source, start, end, args.policy)
        if args.json:
            _write_json(pieces, fmt, strict)
        else:
            summary = Summary(fmt, strict)
            for piece in pieces:
                summary.add(piece)
            _print_lines(summary.lines(source.name, source.size, args.policy), sys.stdout)
    return EXIT_OK


def _write_json(pieces: Iterable[DecodedPiece], fmt: Format, strict: bool) -> None:
    writer = JsonWriter(sys.stdout.buffer, fmt, strict)
    for piece in pieces:
        writer.write(piece)
    writer.close()


def _print_lines(lines: Iterable[str], out: TextIO) -> None:
    for line in lines:
        out.write(line + "\n")
    out.flush()

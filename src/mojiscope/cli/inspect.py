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

With ``--offset``, a regular file is read from the format's
resynchronisation point at or before the offset. Standard input, hex, and a
format whose resynchronisation is a guess (:attr:`Format.exact_resync`) are
decoded from byte 0 in bounded memory and give what a file gives, or where
a file's start would be a guess, the truth
(:mod:`mojiscope.core.codecs.stream_offset`). An offset at the very end holds no span.

Under ``--errors strict`` the output stops at the first span of an error
kind (everything before it has been written) and the command exits 1 with
the offset and reason on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii as json_string
from typing import BinaryIO, TextIO

from mojiscope.cli.errors import EXIT_OK, UsageError
from mojiscope.cli.inputs import ByteInput, open_input
from mojiscope.core import Format, Reason, Span, SpanKind, get_format
from mojiscope.core.codecs.stream_offset import OffsetPastEndError, decode_from
from mojiscope.core.codecs.streaming import Piece, SpanCounter, decode_stream
from mojiscope.core.words.describe import REASON_WORDS, describe_value, hex_bytes

#: Longest ``text`` run written as one JSON object (in characters).
MAX_TEXT_RUN = 1 << 20
#: Spans turned into JSON lines at a time.
BATCH = 8192
#: Anomalies listed by the summary.
SHOWN_ANOMALIES = 20

_KIND_JSON = {k: json_string(k.value) for k in SpanKind}
_REASON_JSON: dict[Reason | None, str] = {r: json_string(r.value) for r in Reason}
_REASON_JSON[None] = "null"


def _json_line(
    kind: SpanKind,
    b0: int,
    b1: int,
    c0: int,
    c1: int,
    reason: Reason | None,
    value: int | None,
    text: str,
) -> str:
    value_json = "null" if value is None else str(value)
    return (
        f'{{"kind": {_KIND_JSON[kind]}, "bytes": [{b0}, {b1}], "chars": [{c0}, {c1}], '
        f'"reason": {_REASON_JSON[reason]}, "value": {value_json}, "text": {json_string(text)}}}\n'
    )


@dataclass
class _TextRun:
    """A ``text`` span held back because the next piece may continue it."""

    span: Span
    parts: list[str]

    def line(self) -> str:
        s = self.span
        text = "".join(self.parts)
        return _json_line(
            s.kind, s.byte_start, s.byte_end, s.char_start, s.char_end, None, None, text
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

    def write(self, piece: Piece) -> None:
        """Write the piece's spans; under strict, raise at its first error span."""
        table = piece.spans
        error = piece.first_error(self.fmt) if self.strict else None
        stop = len(table) if error is None else error
        first = self._continue_held(piece, stop)
        ends_open = error is None and stop > first and table[stop - 1].kind == SpanKind.TEXT
        last = stop - 1 if ends_open else stop
        for lo in range(first, last, BATCH):
            self._write_spans(piece, lo, min(lo + BATCH, last))
        if ends_open:
            span = table[last]
            self.held = _TextRun(span, [piece.span_text(span.char_start, span.char_end)])
        if error is not None:
            self.out.flush()
            raise piece.strict_error(self.fmt, error)

    def _write_spans(self, piece: Piece, lo: int, hi: int) -> None:
        kinds, reasons, values, bs, cs = piece.columns(lo, hi)
        text, base = piece.text, piece.spans.char_start
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

    def _continue_held(self, piece: Piece, stop: int) -> int:
        """Extend or flush the held text run; return the first span still to write."""
        held, table = self.held, piece.spans
        if held is None:
            return 0
        first = 0
        run = held.span
        if stop and table[0].kind == SpanKind.TEXT and run.char_end - run.char_start < MAX_TEXT_RUN:
            head = table[0]
            held.span = run._replace(byte_end=head.byte_end, char_end=head.char_end)
            held.parts.append(piece.span_text(head.char_start, head.char_end))
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
    origin: int = 0
    """Where the range begins: the start shown when no span was decoded."""
    chars: int = 0
    byte_start: int | None = None
    byte_end: int = 0
    counter: SpanCounter = field(default_factory=SpanCounter)
    anomalies: list[tuple[Span, bytes]] = field(default_factory=list)

    def add(self, piece: Piece) -> None:
        table = piece.spans
        if self.strict and (error := piece.first_error(self.fmt)) is not None:
            raise piece.strict_error(self.fmt, error)
        if self.byte_start is None:
            self.byte_start = table.byte_start
        self.byte_end, self.chars = table.byte_end, table.char_end
        self.counter.add(table)
        for span in piece.anomalies(SHOWN_ANOMALIES - len(self.anomalies)):
            # The first bytes are all a listing shows (a span may be 1 GB long).
            head_end = min(span.byte_end, span.byte_start + SHOWN_BYTES)
            self.anomalies.append((span, piece.span_bytes(span.byte_start, head_end)))

    def lines(self, name: str, size: int | None, policy: str) -> Iterable[str]:
        fmt = self.fmt
        size_text = f"{size:,} bytes" if size is not None else f"{self.byte_end:,} bytes read"
        yield f"source:     {name}, {size_text}"
        yield f"format:     {fmt.id} ({fmt.description})"
        start = self.byte_start if self.byte_start is not None else self.origin
        yield (
            f"decoded:    bytes {start}..{max(start, self.byte_end)} "
            f"into {self.chars:,} characters (policy {policy})"
        )
        yield f"spans:      {self.counter.spans:,}"
        for (kind, reason), n in self.counter.counts().items():
            reason_name = reason.value if reason else ""
            yield f"  {kind.value:<10} {reason_name:<20} {n:>12,}"
        anomaly_count = self.counter.anomalies
        if not anomaly_count:
            yield "anomalies:  none"
            return
        shown = len(self.anomalies)
        more = f"; the first {shown}:" if shown < anomaly_count else ":"
        yield f"anomalies:  {anomaly_count:,}{more}"
        width = max(len(anomaly_offset(span)) for span, _ in self.anomalies)
        for span, data in self.anomalies:
            yield "  " + describe_anomaly(span, data, width)


def anomaly_offset(span: Span) -> str:
    return f"0x{span.byte_start:08X} ({span.byte_start})"


#: Bytes of an anomaly its listing shows (then "... (N bytes)").
SHOWN_BYTES = 8


def describe_anomaly(span: Span, data: bytes, offset_width: int = 0) -> str:
    """``0x00000002 (2)  C0  invalid, overlong: ...; it would have meant
    U+002F '/'``, the offset padded to ``offset_width`` so that the bytes
    of a list of anomalies line up. ``data`` holds the span's first bytes
    (at least :data:`SHOWN_BYTES` of them, or all)."""
    where = f"{anomaly_offset(span):<{offset_width}}"
    what = span.kind.value
    if span.reason is not None:
        what += f", {span.reason.value}: {REASON_WORDS[span.reason]}"
    if span.value is not None:
        meant = "it would have meant" if span.kind == SpanKind.INVALID else "value"
        what += f"; {meant} {describe_value(span.value)}"
    length = span.byte_end - span.byte_start
    return f"{where}  {hex_bytes(data, SHOWN_BYTES, length):<12}  {what}"


def run_inspect(args: argparse.Namespace) -> int:
    fmt = get_format(args.format)
    if args.policy not in fmt.policies:
        raise UsageError(
            f"{fmt.id} has no --policy {args.policy} (it has: {', '.join(fmt.policies)})"
        )
    strict = args.errors == "strict"
    with open_input(args.file, args.hex) as source:
        pieces = _pieces(fmt, source, args)
        try:
            if args.json:
                _write_json(pieces, fmt, strict)
            else:
                summary = Summary(fmt, strict, origin=args.offset or 0)
                for piece in pieces:
                    summary.add(piece)
                _print_lines(summary.lines(source.name, source.size, args.policy), sys.stdout)
        except OffsetPastEndError as error:
            raise UsageError(
                f"--offset {args.offset} is past the end of {source.name} ({error.size} bytes)"
            ) from None
    return EXIT_OK


def _pieces(fmt: Format, source: ByteInput, args: argparse.Namespace) -> Iterator[Piece]:
    """The decoded pieces of ``--offset``/``--length``: from the format's
    resync point for a file it may seek in, else from byte 0 (see
    :mod:`mojiscope.core.codecs.stream_offset`)."""
    offset = args.offset or 0
    end = None if args.length is None else offset + args.length

    def started(first: int) -> None:
        if first != offset:
            print(
                f"mojiscope: --offset {offset} is inside a sequence; "
                f"starting at byte {first}, the nearest boundary before it",
                file=sys.stderr,
            )

    if offset and not (source.seekable and fmt.exact_resync):
        return decode_from(fmt, source.read, offset, end=end, policy=args.policy, started=started)
    if offset:
        fmt = source.reading_of(fmt)  # a BOM at byte 0 still says how to read byte N
    start = source.start_at(fmt, offset)
    started(start)
    if args.length == 0:
        end = start  # an empty range holds no span
    return decode_stream(fmt, source.read, begin=start, end=end, policy=args.policy)


def _write_json(pieces: Iterable[Piece], fmt: Format, strict: bool) -> None:
    writer = JsonWriter(sys.stdout.buffer, fmt, strict)
    for piece in pieces:
        writer.write(piece)
    writer.close()


def _print_lines(lines: Iterable[str], out: TextIO) -> None:
    for line in lines:
        out.write(line + "\n")
    out.flush()

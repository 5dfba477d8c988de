"""``mojiscope diff A B [-f A_FORMAT [-f B_FORMAT]] [--json]``: two files
compared with their encodings in mind (:mod:`mojiscope.core.compare.files`),
and ``mojiscope diff --textconv FILE``: one file's text, for git.

Text output: a line per file (its format, size and line ends), the verdict
in a sentence (``the same text in another encoding: a.txt is UTF-16LE with
a byte order mark, b.txt UTF-8``), what else differs, then the first places
where the texts differ, each with its lines and the bytes they start at,
and its focus: the characters that differ on each side with their bytes::

    @@ a.txt line 8, bytes 0x16B..0x1A0; b.txt line 8, bytes 0x16B..0x1A4
    - 0x0000016B  Ligne 7 : le café est très chaud
    + 0x0000016B  Ligne sept : le café est très chaud
      a.txt 0x00000171..0x00000172 '7' (37)  b.txt 0x00000171..0x00000175 'sept' (73 65 70 74)
    ... and 4 more places

For binary files, the places are byte ranges with both sides' bytes in hex.
``--json`` prints the whole comparison as one JSON object on one line
(``verdict``, ``words``, ``a``, ``b``, ``chain``, ``places``, ``hunks``,
``byte_runs``, ``more``, ``notes``).

``-f`` reads a file in a format instead of the one a first look at its
start finds (the first ``-f`` for A, the second for B; one ``-f`` for both).

Exit codes, as ``diff`` and ``cmp`` have them: 0 when the bytes are
identical, 1 when the files differ in any way, 2 for trouble.

``--textconv FILE`` prints FILE's text as UTF-8 (read in its own format,
a byte order mark left out, line ends as they are; a binary file as lines
of hex): what git's ``textconv`` wants, so that ``git diff`` shows the
lines of UTF-16 and legacy files (docs/COMPARE.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator

from mojiscope.cli.errors import EXIT_OK, EXIT_STRICT, UsageError
from mojiscope.cli.summary import open_source
from mojiscope.core import FileSource, Source, get_format
from mojiscope.core.codecs.streaming import decode_stream
from mojiscope.core.compare.files import FileComparison, FileSide, VerdictKind, compare_files
from mojiscope.core.compare.hunks import HunkSide
from mojiscope.core.index.first_look import first_look
from mojiscope.core.spans.event import SpanKind

#: Characters of a line or a focus a text line shows.
SHOWN_CHARS = 100
#: Bytes of a focus shown in hex.
SHOWN_HEX = 12
#: Bytes per line of a binary file's text for git.
HEX_ROW = 16


def run_diff(args: argparse.Namespace) -> int:
    names = list(args.files)
    if args.textconv:
        if len(names) != 1:
            raise UsageError("--textconv takes one file")
        return _textconv(names[0])
    if len(names) != 2:
        raise UsageError("diff compares two files: mojiscope diff A B")
    fixed = [get_format(name).id for name in args.format or []]
    if len(fixed) > 2:
        raise UsageError("diff takes at most two -f: one for each file")
    formats = (fixed[0], fixed[-1]) if fixed else (None, None)
    with FileSource(names[0]) as a, FileSource(names[1]) as b:
        result = compare_files(a, b, names=(names[0], names[1]), formats=formats)
        if args.json:
            sys.stdout.write(json.dumps(result.as_json(), ensure_ascii=True) + "\n")
        else:
            sys.stdout.write("".join(line + "\n" for line in comparison_lines(result, a, b)))
    return EXIT_OK if result.kind == VerdictKind.IDENTICAL else EXIT_STRICT


def comparison_lines(result: FileComparison, a: Source, b: Source) -> Iterator[str]:
    """The text report (see the module docstring); ``a`` and ``b`` give the
    bytes of each place's focus."""
    if result.kind != VerdictKind.IDENTICAL:
        for side in (result.a, result.b):
            yield _side_line(side)
    yield result.words
    for note in result.notes:
        yield f"  {note}"
    for hunk in result.hunks:
        yield from _hunk_lines((result.a.name, hunk.a, a), (result.b.name, hunk.b, b))
    for run in result.byte_runs:
        yield f"@@ bytes 0x{run.start:X}..0x{run.end:X} ({run.start:,}..{run.end:,})"
        more = "..." if run.end - run.start > len(run.a) or run.end - run.start > len(run.b) else ""
        yield f"- {run.a.hex(' ').upper() or '(past the end)'}{more if run.a else ''}"
        yield f"+ {run.b.hex(' ').upper() or '(past the end)'}{more if run.b else ''}"
    if result.more:
        yield f"... and {result.more:,} more place{'s' if result.more != 1 else ''}"


def _side_line(side: FileSide) -> str:
    parts = [side.format_words, f"{side.size:,} bytes"]
    if side.line_ends:
        parts.append(f"line ends {side.line_ends}")
    return f"{side.name}: " + ", ".join(parts)


def _hunk_lines(*sides: tuple[str, HunkSide, Source]) -> Iterator[str]:
    (name_a, a, _), (name_b, b, _) = sides
    yield f"@@ {name_a} {_where(a)}; {name_b} {_where(b)}"
    for mark, side in (("-", a), ("+", b)):
        for line in side.lines:
            yield f"{mark} 0x{line.start:08X}  {_shown(line.text)}"
        if side.count > len(side.lines):
            yield f"{mark} ... {side.count - len(side.lines):,} more lines"
    yield "  " + "  ".join(f"{name} {_focus(side, source)}" for name, side, source in sides)


def _where(side: HunkSide) -> str:
    lines = (
        f"line {side.line:,}"
        if side.count <= 1
        else (f"lines {side.line:,}-{side.line + side.count - 1:,}")
    )
    return f"{lines}, bytes 0x{side.start:X}..0x{side.end:X}"


def _focus(side: HunkSide, source: Source) -> str:
    """``0x00000171..0x00000172 '7' (37)``: the focus, its text and bytes."""
    data = source.read(side.focus_start, min(side.focus_end, side.focus_start + SHOWN_HEX))
    more = "..." if side.focus_end - side.focus_start > SHOWN_HEX else ""
    text = repr(side.focus[:SHOWN_CHARS]) + ("..." if len(side.focus) > SHOWN_CHARS else "")
    return (
        f"0x{side.focus_start:08X}..0x{side.focus_end:08X} {text} ({data.hex(' ').upper()}{more})"
    )


def _shown(text: str) -> str:
    """A line's text as shown: as it is when printable, else as a literal."""
    clipped = text[:SHOWN_CHARS]
    more = "..." if len(text) > SHOWN_CHARS else ""
    return (clipped if clipped.isprintable() else repr(clipped)) + more


def _textconv(path: str) -> int:
    """FILE's text for git (see the module docstring)."""
    with open_source(path, None) as (_name, source):
        look = first_look(source)
        out = sys.stdout
        if look.binary or not look.readings:
            for line in _hex_rows(source):
                out.write(line + "\n")
            return EXIT_OK
        fmt = get_format(look.readings[0])
        position = 0

        def read(size: int) -> bytes:
            nonlocal position
            data = source.read(position, position + size)
            position += len(data)
            return data

        first = True
        for piece in decode_stream(fmt, read):
            text = piece.text
            if first:
                first = False
                spans = piece.spans
                if len(spans) and spans[0].kind == SpanKind.SIGNATURE:
                    text = text[spans[0].char_end - spans.char_start :]
            out.write(text)
    return EXIT_OK


def _hex_rows(source: Source) -> Iterator[str]:
    for at in range(0, len(source), HEX_ROW):
        yield f"{at:08X}  {source.read(at, at + HEX_ROW).hex(' ').upper()}"

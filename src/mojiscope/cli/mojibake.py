"""``mojiscope mojibake``: which chain of misreadings made these bytes, where, and the repair.

::

    mojiscope mojibake FILE... | --hex HEX [--json] [--candidates N]
    mojiscope mojibake FILE --segments [--json]
    mojiscope mojibake FILE --fix -o OUT [--errors strict|replace] [--json] [--journal JOURNAL]
    mojiscope mojibake --undo JOURNAL -o OUT [REPAIRED]

The explaining is :mod:`mojiscope.core.mojibake`'s; this module reads the
inputs and prints. An input of at most 32 KiB is explained whole; a larger
file from windows around its non-ASCII bytes (``explain_source``; a file is
never read whole to be explained), standard input from its first 32 KiB.

* Plain output: per input, its name, then the candidates best first, each
  with its confidence, its chain in words and the start of its text.
* ``--json``: one JSON object per input per line, ``{"source": name,
  "candidates": [{"text", "chain", "confidence", "ranges", "lost", "parts",
  "differs"}, ...], "sampled": bool}``; when the bytes are most likely fine
  the first candidate is their text unchanged with an empty chain.
* ``--segments``: the segment map of the whole input (which parts were
  misread how): plain, a line per segment, ``0x1A..0x1F`` (inclusive, as the
  window shows ranges), its rows, kind, chain and confidence, then the counts
  and, for a CSV or TSV, the misread values per column; ``--json``, one
  object per segment (:func:`~mojiscope.core.mojibake.plan.segment_record`:
  ``"bytes": [start, end]``, ``"kind"``, ``"chain"``, ``"confidence"``,
  ``"row"``, ``"column"``, ``"lost"``), the segments tiling the input. That
  output is a repair plan: ``mojiscope convert --from "repair:plan:FILE"``
  writes its repair.
* ``--fix -o OUT`` (one input): the repair of the segment map, each segment
  undone with its own chain and the rest kept byte for byte, written as
  UTF-8 through the one conversion run, atomically. Strict by default:
  bytes no chain undoes and bytes the explainer guessed are losses, and the
  first one stops it (exit 1, no OUT); ``--errors replace`` writes U+FFFD
  for the first and the guess for the second, and reports each as
  ``convert`` does (a count and the first ones, or with ``--json`` one
  JSON object on stderr's last line listing every one).
* ``--journal JOURNAL`` (with ``--fix``): the undo journal of the repair
  (:mod:`~mojiscope.core.mojibake.journal`); ``--undo JOURNAL -o OUT
  [REPAIRED]`` writes the original bytes back from the repaired file (the
  journal's output path when REPAIRED is not given), refusing a file the
  journal was not made for.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from mojiscope.cli.convert_report import CappedLines, JsonLine, ReportFormat
from mojiscope.cli.errors import EXIT_OK, EXIT_STRICT, UsageError
from mojiscope.cli.inputs import open_input
from mojiscope.core import BytesSource, FileSource, Source
from mojiscope.core.conversion.convert import ConversionLossError, run_conversion
from mojiscope.core.conversion.loss_report import ConversionReport
from mojiscope.core.mojibake import Explanation, Oddity, explain
from mojiscope.core.mojibake.explain import SAMPLE_BYTES, explain_source
from mojiscope.core.mojibake.journal import undo_repair, write_journal
from mojiscope.core.mojibake.judge import LEARN_CONFIDENCE
from mojiscope.core.mojibake.plan import RepairPlan, segment_record
from mojiscope.core.mojibake.plan_reading import PlanReading
from mojiscope.core.mojibake.reading import reading_name
from mojiscope.core.mojibake.segment import Segment, SegmentKind
from mojiscope.core.mojibake.segment_map import SegmentMap, batch_segments
from mojiscope.core.mojibake.segments import map_segments, table_of
from mojiscope.core.mojibake.wording import chain_words, people_words
from mojiscope.core.system.atomic_write import atomic_output
from mojiscope.core.words.describe import alternatives_words, byte_range

#: Characters of each candidate's text shown in plain output.
SHOWN = 72
#: Standard input (or hex) held in memory for --segments and --fix at most.
MEMORY_INPUT = 64 << 20


def _check(args: argparse.Namespace) -> None:
    if args.undo:
        if not args.output or len(args.files) > 1 or args.hex or args.fix or args.segments:
            raise UsageError("--undo JOURNAL needs -o OUT and at most one REPAIRED file")
        return
    if bool(args.files) == bool(args.hex):
        raise UsageError("give FILE... or --hex HEX (not both)")
    if args.fix and (not args.output or len(args.files) > 1):
        raise UsageError("--fix needs one input and -o OUT")
    if args.output and not args.fix:
        raise UsageError("-o OUT goes with --fix or --undo")
    if args.journal and not args.fix:
        raise UsageError("--journal goes with --fix")
    if args.fix and args.segments:
        raise UsageError("--fix and --segments are two commands: run one, then the other")
    if args.candidates < 1:
        raise UsageError("--candidates must be at least 1")


def _head(name: str | None, hex_text: str | None) -> tuple[str, bytes]:
    """The input's name and its first bytes (enough to explain)."""
    with open_input(name, hex_text) as source:
        return source.name, source.stream.read(SAMPLE_BYTES + 1)


def run_mojibake(args: argparse.Namespace) -> int:
    _check(args)
    if args.undo:
        return _undo(args)
    if args.fix:
        return _fix(args.files[0] if args.files else None, args)
    inputs = args.files or [None]
    for name in inputs:
        if args.segments:
            _segments(name, args)
            continue
        label, head = _head(name, args.hex)
        if len(head) > SAMPLE_BYTES and name not in (None, "-"):
            with FileSource(name) as source:  # read where its bytes are interesting
                explanations = explain_source(source, limit=args.candidates)
        else:
            explanations = explain(head, limit=args.candidates)
        if args.json:
            print(json.dumps(as_json(label, explanations)))
        else:
            _print_plain(label, explanations)
            if len(head) <= SAMPLE_BYTES:
                _print_fix_differs(head, explanations[0], name)
    return EXIT_OK


def _print_fix_differs(data: bytes, best: Explanation, name: str | None) -> None:
    """What ``--fix`` writes, when it is not the best reading's text: a small
    input's segment map reads each line on its own (the explainer's best
    reading may read a mixed text one way; Russian read as windows-1252
    beside UTF-8 read so is two) and takes no reading under
    ``judge.LEARN_CONFIDENCE``: then how to write the best one whole."""
    source = BytesSource(data)
    found = segment_map(source)
    plan = RepairPlan(tuple(found), len(data))
    written: list[bytes] = []
    run_conversion(data, PlanReading(plan), "utf-8", errors="replace", write=written.append)
    if b"".join(written).decode("utf-8", "replace") != best.text:
        sys.stdout.write(f"  --fix writes segment by segment: {found.words()}\n")
        if best.confidence < LEARN_CONFIDENCE and best.misread and not (best.parts or best.lost):
            sys.stdout.write(
                "  (it leaves a reading it is not sure of; to write this one: "
                f"mojiscope convert {shlex.quote(name or '-')} "
                f'--from "{reading_name(best.chain)}" --to utf-8)\n'
            )


def as_json(label: str, explanations: list[Explanation]) -> dict[str, object]:
    """The issue's JSON shape for one input (with lost bytes, parts and differences)."""
    return {
        "source": label,
        "sampled": explanations[0].sampled,
        "read": [list(r) for r in explanations[0].read],
        "candidates": [
            {
                "text": e.text,
                "chain": e.words,
                "confidence": e.confidence,
                "ranges": [list(r) for r in e.ranges],
                "lost": [
                    {
                        "range": [x.start, x.end],
                        "what": x.what,
                        "guess": x.guess,
                        "alternatives": list(x.alternatives),
                    }
                    for x in e.lost
                ],
                "parts": [{"range": [p.start, p.end], "chain": p.chain.words} for p in e.parts],
                "letters_lost": [list(r) for r in e.letters_lost],
                "oddities": [
                    {"range": [x.start, x.end], "what": x.what, **({"was": x.was} if x.was else {})}
                    for x in e.oddities
                ],
                "doubt": e.doubt,
                "differs": e.differs,
            }
            for e in explanations
        ],
    }


def _print_plain(label: str, explanations: list[Explanation]) -> None:
    out = sys.stdout
    read = explanations[0].read
    parts = "1 part" if len(read) == 1 else f"{len(read):,} parts"
    sampled = f" (explained from {parts} of it)" if explanations[0].sampled else ""
    out.write(f"{label}{sampled}\n")
    for rank, e in enumerate(explanations, 1):
        chain = "; ".join(people_words(e.words)) if e.words else "fine as it is"
        text = e.text[:SHOWN].replace("\n", "⏎") + ("…" if len(e.text) > SHOWN else "")
        out.write(f"  {rank}. {e.confidence:.2f}  {chain}\n       {text}\n")
        for lost in e.lost:
            out.write(
                f"       bytes {lost.start}-{lost.end}: {lost.what}, guessed {lost.guess!r} "
                f"({alternatives_words(lost.alternatives)})\n"
            )
        if e.letters_lost:
            out.write(f"       {_letters_lost_words(e.letters_lost)}\n")
        if e.oddities:
            out.write(f"       {_oddities_words(e.oddities)}\n")
        if e.doubt:
            out.write(f"       not sure: {e.doubt}\n")
    out.flush()


def _oddities_words(found: tuple[Oddity, ...]) -> str:
    """What damage leaves and no reading explains, in words."""
    first = _first_places(
        [f"{x.start}-{x.end} ({x.what}{f', {x.was}?' if x.was else ''})" for x in found]
    )
    places = "1 place looks" if len(found) == 1 else f"{len(found):,} places look"
    return f"{places} like damage no reading explains, at bytes {first}"


def _letters_lost_words(ranges: tuple[tuple[int, int], ...]) -> str:
    """Where letters were lost before the bytes were written, in words."""
    first = _first_places([f"{start}-{end}" for start, end in ranges])
    letters = "a letter" if len(ranges) == 1 else f"{len(ranges):,} letters"
    return (
        f"{letters} lost before the bytes were written (U+FFFD or ?) at bytes {first}: "
        "nothing in the bytes says which"
    )


def _first_places(places: list[str]) -> str:
    """The first three places, and how many more."""
    more = f" and {len(places) - 3:,} more" if len(places) > 3 else ""
    return ", ".join(places[:3]) + more


# -- the whole input: segments and the repair ------------------------------------------


@contextlib.contextmanager
def _whole(name: str | None, hex_text: str | None) -> Iterator[tuple[str, Source, str | None]]:
    """The whole input as a source: a file mapped (its path too), or
    standard input and hex held in memory (up to :data:`MEMORY_INPUT`)."""
    if name not in (None, "-"):
        assert name is not None
        with FileSource(name) as source:
            yield name, source, name
        return
    with open_input(name, hex_text) as stream:
        data = stream.stream.read(MEMORY_INPUT + 1)
        if len(data) > MEMORY_INPUT:
            raise UsageError(f"more than {MEMORY_INPUT >> 20} MB on standard input: give a FILE")
        yield stream.name, BytesSource(data), None


def segment_map(source: Source) -> SegmentMap:
    """The segment map of all of ``source`` (the pages read are let go as it goes)."""
    found = SegmentMap(len(source), table_of(source))
    for batch in map_segments(source):
        found.add(batch)
        source.release(0, batch.done)
    return found


def _segments(name: str | None, args: argparse.Namespace) -> None:
    with _whole(name, args.hex) as (label, source, _path):
        found = SegmentMap(len(source), table_of(source))
        held: Segment | None = None
        out = sys.stdout
        table = found.table
        for batch in map_segments(source):
            found.add(batch)
            source.release(0, batch.done)
            for segment in batch_segments(batch, found.chains):
                if held is not None and held.joins(segment):
                    held = held.joined(segment)
                    continue
                if held is not None:
                    _print_segment(out, held, found, args.json)
                held = segment
        if held is not None:
            _print_segment(out, held, found, args.json)
        if not args.json:
            what = f"{table.name}, " if table is not None else ""
            out.write(f"{label}: {what}{found.words()}\n")
            columns = found.columns()
            if columns:
                counts = ", ".join(f"{c.name} {c.misread:,}" for c in columns)
                out.write(f"misread values per column: {counts}\n")
        out.flush()


def _print_segment(out: TextIO, segment: Segment, found: SegmentMap, as_json: bool) -> None:
    column = (
        found.table.column_name(segment.column)
        if found.table is not None and segment.column >= 0
        else None
    )
    if as_json:
        print(json.dumps(segment_record(segment, column)), file=out)
        return
    where = f"row {segment.row}" + (f", {column}" if column else "")
    words = "; ".join(chain_words(segment.chain))
    reading = segment.kind.value + (f": {words}" if words else "")
    guesses = f", {len(segment.lost)} guessed" if segment.lost else ""
    print(
        f"  {byte_range(segment.start, segment.end)}  {where}  {reading}"
        f" ({segment.confidence:.2f}{guesses})",
        file=out,
    )


def _fix(name: str | None, args: argparse.Namespace) -> int:
    """Repair the input segment by segment into ``args.output`` (see the module)."""
    strict = args.errors == "strict"
    shape: type[ReportFormat] = JsonLine if args.json else CappedLines
    with _whole(name, args.hex) as (label, source, path):
        found = segment_map(source)
        plan = RepairPlan(tuple(found), len(source))
        reading = PlanReading(plan, f"repair of {label}")
        report = ConversionReport(reading, "utf-8", keep=shape.keep)
        told = shape(report, sys.stderr, strict=strict)
        try:
            with atomic_output(args.output) as out:
                run_conversion(
                    path if path is not None else source,
                    reading,
                    "utf-8",
                    errors=args.errors,
                    write=out.write,
                    report=report,
                    each_loss=told.loss if shape.every_loss else None,
                    report_all=shape.every_loss,
                )
        except ConversionLossError as refused:
            if not shape.every_loss:
                raise  # one line from the command's error handler
            print(
                f"mojiscope: {refused}; nothing was written "
                "(--errors replace writes and reports every loss)",
                file=sys.stderr,
            )
            told.finish(0)
            return EXIT_STRICT
        _say_fixed(found, plan)
        if args.journal:
            count = write_journal(
                source, reading, args.output, args.journal, source_name=str(Path(path or label))
            )
            print(f"mojiscope: journal {args.journal}: {count:,} changed ranges", file=sys.stderr)
        told.finish(report.bytes_written)  # last: a JSON report stays stderr's last line
    return EXIT_OK


def _say_fixed(found: SegmentMap, plan: RepairPlan) -> None:
    repaired = [s for s in plan.segments if s.repairs]
    guessed = sum(len(s.lost) for s in plan.segments)
    if not repaired:
        print("mojiscope: fine as it is, written unchanged", file=sys.stderr)
        return
    kinds = sorted({s.kind.value for s in repaired if s.kind is not SegmentKind.FINE})
    print(
        f"mojiscope: repaired {len(repaired):,} segment{'s' if len(repaired) != 1 else ''} "
        f"({', '.join(kinds)}): {found.words()}"
        + (f"; {guessed:,} guessed byte{'s' if guessed != 1 else ''}" if guessed else ""),
        file=sys.stderr,
    )


def _undo(args: argparse.Namespace) -> int:
    from mojiscope.core.mojibake.journal import read_head

    journal = args.undo
    repaired = args.files[0] if args.files else read_head(journal).output_path
    head = undo_repair(journal, repaired, args.output)
    print(
        f"mojiscope: wrote the original {head.source_size:,} bytes back to {args.output} "
        "(SHA-256 checked)",
        file=sys.stderr,
    )
    return EXIT_OK

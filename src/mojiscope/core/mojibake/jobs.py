"""The explainer's long operations, shaped to run in a child process.

The window runs them with :func:`~mojiscope.core.system.child_job.run_in_child`
(the model and the search are Python that would hold the interpreter lock
against the window's thread); each takes the child's control first and
picklable arguments, a path or bytes, never an open source:

* :func:`explain_range`: the readings of bytes ``[start, end)`` of a file
  (or of some bytes), each with its repair plan and the preview of that
  repair, the first :data:`PREVIEW_BYTES` decoded through the plan exactly as
  an export writes them (:class:`Explained`); a range larger than
  :data:`~mojiscope.core.mojibake.explain.SAMPLE_BYTES` is explained from
  where its bytes are interesting (``explain_source``);
* :func:`segment_file` and :func:`segment_bytes`: the segment map, its
  table's shape emitted first, then each batch as it is made;
* :func:`verify_plan`: a plan's repair over all its bytes, counting the
  losses without writing;
* :func:`journal_export` and :func:`undo_journal`: the undo journal of an
  export, and the undo.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from mojiscope.core.codecs.registry import get_format
from mojiscope.core.conversion.convert import plan_conversion
from mojiscope.core.conversion.loss_report import ConversionReport
from mojiscope.core.mojibake.explain import SAMPLE_BYTES, Explanation, explain, explain_source
from mojiscope.core.mojibake.journal import JournalHead, undo_repair, write_journal
from mojiscope.core.mojibake.plan import RepairPlan, plan_of_explanation
from mojiscope.core.mojibake.plan_reading import PlanReading
from mojiscope.core.mojibake.segment import Segment, SegmentKind
from mojiscope.core.mojibake.segments import map_segments, table_of
from mojiscope.core.system.control import Control
from mojiscope.core.system.source import BytesSource, FileSource, SliceSource, Source

#: Bytes of a range decoded for the preview of each reading.
PREVIEW_BYTES = 8192


@dataclass(frozen=True)
class Explained:
    """What :func:`explain_range` found: the bytes shown (the first
    :data:`PREVIEW_BYTES` of the range, cut at a line end), the readings, and
    for each its plan over the whole range (``None`` when a sample cannot
    say what every part of the range is) and its preview text."""

    shown: bytes
    explanations: list[Explanation]
    plans: list[RepairPlan | None]
    previews: list[str]


def _range_source(path: str | None, data: bytes | None, start: int, end: int) -> Source:
    if path is not None:
        return SliceSource(FileSource(path), start, end)
    return BytesSource((data or b"")[start:end])


def plan_of(explanation: Explanation, size: int) -> RepairPlan | None:
    """The plan an explanation gives for all ``size`` bytes it explained:
    its own when it read them all; one chain over all of them when it read a
    sample and found one chain with nothing guessed; else ``None``."""
    if not explanation.sampled:
        return plan_of_explanation(explanation, size)
    if explanation.parts or explanation.lost:
        return None
    chain = explanation.chain
    kind = (
        SegmentKind.FINE
        if chain.is_identity
        else (SegmentKind.MISREAD if chain.layers else SegmentKind.LEGACY)
    )
    return RepairPlan((Segment(0, size, kind, chain, explanation.confidence),), size)


def preview(plan: RepairPlan, shown: bytes) -> str:
    """The first bytes of the plan's range as its repair writes them."""
    return PlanReading(plan).incremental_decoder("replace").decode(shown, final=True).text


def shown_bytes(source: Source) -> bytes:
    """The first :data:`PREVIEW_BYTES` of ``source``, cut after a line end (or
    an ASCII byte) when one is near, so no character is cut."""
    data = source.read(0, PREVIEW_BYTES)
    if len(data) < len(source):
        cut = data.rfind(b"\n") + 1 or len(data.rstrip(bytes(range(0x80, 0x100))))
        data = data[: cut or len(data)]
    return data


def explain_range(
    control: Control,
    path: str | None,
    data: bytes | None,
    start: int,
    end: int,
    limit: int = 5,
) -> Explained:
    """The readings of bytes ``[start, end)`` of the file at ``path`` (or of
    ``data``), with their plans and previews (see :class:`Explained`)."""
    source = _range_source(path, data, start, end)
    control.check()
    size = len(source)
    if size > SAMPLE_BYTES:
        explanations = explain_source(source, limit=limit, control=control)
    else:
        explanations = explain(source.read(0, size), limit=limit)
    shown = shown_bytes(source)
    plans = [plan_of(e, size) for e in explanations]
    previews = [
        preview(p, shown) if p is not None else e.text
        for e, p in zip(explanations, plans, strict=True)
    ]
    return Explained(shown, explanations, plans, previews)


def segment_file(control: Control, path: str, workers: int | None = None) -> int:
    """The segment map of the file at ``path``: its table's shape (or
    ``None``) emitted first, then every batch; returns the file's size.
    ``workers``: processes for a large file (``map_segments``'s default when
    ``None``)."""
    with FileSource(path) as source:
        control.emit(table_of(source))
        for batch in map_segments(source, control=control, workers=workers):
            control.emit(batch)
            source.release(0, batch.done)
        return len(source)


def segment_bytes(control: Control, data: bytes) -> int:
    """:func:`segment_file` for bytes that have no file (pasted)."""
    source = BytesSource(data)
    control.emit(table_of(source))
    for batch in map_segments(source, control=control):
        control.emit(batch)
    return len(data)


def verify_plan(
    control: Control, path: str | None, data: bytes | None, start: int, end: int, plan: RepairPlan
) -> ConversionReport:
    """The losses of ``plan``'s repair over bytes ``[start, end)``, all of
    them read, nothing written."""
    source = _range_source(path, data, start, end)
    return plan_conversion(source, PlanReading(plan), "utf-8", control=control)


def undo_journal(control: Control, journal: str, repaired: str, output: str) -> JournalHead:
    """:func:`~mojiscope.core.mojibake.journal.undo_repair` in a child process."""
    return undo_repair(journal, repaired, output, control=control)


def journal_export(
    control: Control,
    path: str | None,
    data: bytes | None,
    start: int,
    end: int,
    reading: str,
    output: str,
    journal: str,
) -> int:
    """The undo journal of an export that wrote ``reading``'s repair of bytes
    ``[start, end)`` to ``output`` (see :func:`~mojiscope.core.mojibake.journal.write_journal`)."""
    source = _range_source(path, data, start, end)
    name = (
        f"{path} (bytes {start}-{end})"
        if path is not None and (start or end != _size(path))
        else path or "<bytes>"
    )
    return write_journal(
        source, get_format(reading), output, journal, source_name=name, control=control
    )


def _size(path: str) -> int:
    return os.stat(path).st_size

"""A repair plan: which chain undoes which bytes, and the guesses.

A :class:`RepairPlan` is a run of :class:`~mojiscope.core.mojibake.segment.Segment`\\ s
that tile the bytes ``[0, size)`` it is for, each undone with its own chain
(the empty chain keeps its bytes as they are) and, for a lossy repair, the
bytes it guesses. It comes from the segment map of a whole file
(:func:`plan_of_map`), from one explanation of some bytes
(:func:`plan_of_explanation`: a selection in the window, a small input on
the command line) or from a file (:func:`read_plan`).

Its text form is JSON Lines, one object per segment, the same objects
``mojiscope mojibake FILE --segments --json`` prints (:func:`segment_record`)::

    {"bytes": [120, 188], "kind": "misread", "chain": ["utf-8 read as windows-1252"],
     "confidence": 0.99, "row": 3, "column": -1, "lost": []}

``lost`` holds the guesses: ``{"bytes": [s, e], "what": ..., "guess": "”",
"alternatives": ["“"]}``. The plan is read as a format, ``repair:plan:PATH``
(:mod:`~mojiscope.core.mojibake.plan_reading`), so that the command line's
``--fix``, ``convert --from`` and the window's export all write it through
the one conversion run.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mojiscope.core.errors import MojiscopeError
from mojiscope.core.mojibake.chain import IDENTITY, Chain
from mojiscope.core.mojibake.explain import Explanation
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.segment import Segment, SegmentKind, tiled

#: The version of the plan's text form (a field of the journal, too).
PLAN_VERSION = 1


class PlanError(MojiscopeError, ValueError):
    """A plan that cannot be read or does not tile its bytes (one line
    naming the segment and what was expected)."""


@dataclass(frozen=True)
class RepairPlan:
    """Segments tiling bytes ``[0, size)``, in order (see the module)."""

    segments: tuple[Segment, ...]
    size: int

    def __post_init__(self) -> None:
        position = 0
        for i, segment in enumerate(self.segments):
            if segment.start != position or segment.end < segment.start:
                raise PlanError(
                    f"segment {i + 1} covers bytes {segment.start}-{segment.end}: "
                    f"expected it to start at byte {position}"
                )
            position = segment.end
        if position != self.size:
            raise PlanError(f"the segments end at byte {position}, the bytes at {self.size}")

    @property
    def repairs(self) -> list[Segment]:
        """The segments the repair changes (a chain or guesses)."""
        return [s for s in self.segments if s.repairs]

    @property
    def guesses(self) -> list[Lost]:
        return [x for s in self.segments for x in s.lost]

    def single_chain(self) -> Chain | None:
        """The one chain that undoes every byte, when the plan is that and
        nothing more (no guesses, no part kept as it is)."""
        chains = {s.chain for s in self.segments}
        if len(chains) == 1 and not self.guesses:
            chain = chains.pop()
            return None if chain.is_identity else chain
        return None


def segment_record(segment: Segment, column_name: str | None = None) -> dict[str, object]:
    """One segment as a JSON object (the module docstring's shape)."""
    record: dict[str, object] = {
        "bytes": [segment.start, segment.end],
        "kind": segment.kind.value,
        "chain": segment.words,
        "confidence": segment.confidence,
        "row": segment.row,
        "column": segment.column,
    }
    if column_name is not None:
        record["column_name"] = column_name
    record["lost"] = [
        {
            "bytes": [x.start, x.end],
            "what": x.what,
            "guess": x.guess,
            "alternatives": list(x.alternatives),
        }
        for x in segment.lost
    ]
    return record


def _chain_of(words: object, where: str) -> Chain:
    from mojiscope.core.errors import UnknownFormatError
    from mojiscope.core.mojibake.reading import parse_reading_name

    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise PlanError(f'{where}: "chain" should be a list of steps in words')
    if not words:
        return IDENTITY
    try:
        return parse_reading_name("repair:" + "; ".join(words))
    except UnknownFormatError as error:
        raise PlanError(f"{where}: {error}") from None


def segment_of_record(record: object, where: str) -> Segment:
    """The segment a JSON object describes (:class:`PlanError` if it is not one)."""
    if not isinstance(record, dict):
        raise PlanError(f"{where}: expected a JSON object for a segment")
    try:
        start, end = (int(x) for x in record["bytes"])
        kind = SegmentKind(record.get("kind", "fine"))
        lost = tuple(
            Lost(
                int(x["bytes"][0]),
                int(x["bytes"][1]),
                str(x.get("what", "")),
                str(x["guess"]),
                tuple(str(a) for a in x.get("alternatives", ())),
            )
            for x in record.get("lost", ())
        )
        confidence = float(record.get("confidence", 1.0))
        row, column = int(record.get("row", -1)), int(record.get("column", -1))
    except (KeyError, TypeError, ValueError) as error:
        raise PlanError(f"{where}: not a segment ({error})") from None
    chain = _chain_of(record.get("chain", []), where)
    return Segment(start, end, kind, chain, confidence, row, column, lost)


def plan_lines(plan: RepairPlan) -> Iterator[str]:
    """The plan's text form, one JSON line per segment."""
    for segment in plan.segments:
        yield json.dumps(segment_record(segment)) + "\n"


def read_plan(path: str | Path) -> RepairPlan:
    """The plan in the JSON Lines file at ``path`` (objects other than
    segments, with no ``"bytes"``, are skipped)."""
    segments = []
    try:
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                if not line.strip():
                    continue
                where = f"{path}, line {number}"
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as error:
                    raise PlanError(f"{where}: not JSON ({error.msg})") from None
                if isinstance(record, dict) and "bytes" not in record:
                    continue
                segments.append(segment_of_record(record, where))
    except OSError as error:
        raise PlanError(f"cannot read the plan {path}: {error.strerror or error}") from None
    size = segments[-1].end if segments else 0
    return RepairPlan(tuple(segments), size)


def plan_of_segments(segments: Iterable[Segment], size: int) -> RepairPlan:
    return RepairPlan(tuple(segments), size)


def plan_of_explanation(explanation: Explanation, size: int) -> RepairPlan:
    """The plan of one explanation of bytes ``[0, size)``: its parts (each
    with its chain), or its chain over all of them, and its guesses in the
    segment that holds them."""
    confidence = explanation.confidence
    if explanation.unchanged:
        return RepairPlan((Segment(0, size, SegmentKind.FINE, IDENTITY, confidence),), size)
    pieces: list[tuple[int, int, Chain]]
    if explanation.parts:
        pieces = [(p.start, p.end, p.chain) for p in explanation.parts]
    else:
        pieces = [(0, size, explanation.chain)]
    segments = []
    for start, end, chain in pieces:
        lost = tuple(x for x in explanation.lost if start <= x.start < end)
        if lost:
            kind = SegmentKind.LOSSY
        elif chain.is_identity:
            kind = SegmentKind.FINE
        else:
            kind = SegmentKind.MISREAD if chain.layers else SegmentKind.LEGACY
        segments.append(Segment(start, end, kind, chain, confidence, lost=lost))
    return RepairPlan(tuple(tiled(segments, 0, size, confidence)), size)

"""Repair plans as the export reads them: a format name for a plan, and the
part of a segment map's plan a preview shows.

The export runs in a child process and reads its source through a format
name. A plan one chain undoes is that chain's reading
(``repair:<chain words>``); any other plan is saved to a file of its own and
named ``repair:plan:PATH`` (:func:`saved_plan`), so that the child reads the
same plan the panel previewed.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path

from mojiscope.core.mojibake import reading_name
from mojiscope.core.mojibake.plan import RepairPlan, plan_lines
from mojiscope.core.mojibake.plan_reading import plan_name
from mojiscope.core.mojibake.segment_map import SegmentMap

_PLANS: list[Path] = []


def saved_plan(plan: RepairPlan) -> str:
    """``plan`` saved to a file of its own (in a folder removed when the
    program ends) and the format name that reads it."""
    if not _PLANS:
        folder = Path(tempfile.mkdtemp(prefix="mojiscope-plans-"))
        atexit.register(shutil.rmtree, folder, True)
        _PLANS.append(folder)
    handle, path = tempfile.mkstemp(suffix=".plan.jsonl", dir=_PLANS[0])
    with open(handle, "w", encoding="utf-8") as file:
        file.writelines(plan_lines(plan))
    return plan_name(path)


def repair_format(plan: RepairPlan) -> str:
    """The format name of ``plan``'s repair: its one chain's reading, or the
    plan saved (see the module docstring)."""
    chain = plan.single_chain()
    if chain is not None:
        return reading_name(chain)
    return saved_plan(plan)


def head_plan(found: SegmentMap, cut: int) -> RepairPlan:
    """The map's plan over its first ``cut`` bytes only (the preview's): the
    segments that begin before ``cut``, the last one cut there."""
    last = found.index_at(cut - 1) if cut else -1
    segments = []
    for i in range(last + 1):
        segment = found.segment(i)
        if segment.end > cut:
            lost = tuple(x for x in segment.lost if x.end <= cut)
            segment = replace(segment, end=cut, lost=lost)
        segments.append(segment)
    return RepairPlan(tuple(segments), cut)

"""A repair plan: segments that tile their bytes, made from a segment map or
an explanation, saved and read back as JSON Lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from mojiscope.core.mojibake import explain
from mojiscope.core.mojibake.chain import IDENTITY, Chain, Misreading
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.plan import (
    PlanError,
    RepairPlan,
    plan_lines,
    plan_of_explanation,
    read_plan,
)
from mojiscope.core.mojibake.segment import Segment, SegmentKind

ONCE = Chain((Misreading("utf-8", "windows-1252"),))


def test_segments_must_tile_the_bytes() -> None:
    fine = Segment(0, 4, SegmentKind.FINE)
    RepairPlan((fine, Segment(4, 9, SegmentKind.MISREAD, ONCE)), 9)
    with pytest.raises(
        PlanError, match="segment 2 covers bytes 5-9: expected it to start at byte 4"
    ):
        RepairPlan((fine, Segment(5, 9, SegmentKind.MISREAD, ONCE)), 9)
    with pytest.raises(PlanError, match="end at byte 4, the bytes at 9"):
        RepairPlan((fine,), 9)


def test_a_plan_saved_reads_back_the_same(tmp_path: Path) -> None:
    lost = Lost(5, 8, "question mark", "\u201d", ("\u201c",))
    plan = RepairPlan(
        (
            Segment(0, 5, SegmentKind.FINE, IDENTITY, 1.0, 0),
            Segment(5, 12, SegmentKind.LOSSY, ONCE, 0.42, 1, 2, (lost,)),
            Segment(12, 20, SegmentKind.LEGACY, Chain((), "cp1251"), 0.9, 2),
        ),
        20,
    )
    path = tmp_path / "plan.jsonl"
    path.write_text("".join(plan_lines(plan)), encoding="utf-8")
    assert read_plan(path) == plan
    assert plan.single_chain() is None and plan.guesses == [lost]


def test_a_broken_plan_file_is_one_line_naming_where(tmp_path: Path) -> None:
    path = tmp_path / "plan.jsonl"
    path.write_text('{"bytes": [0, 3], "chain": ["nonsense here"]}\n')
    with pytest.raises(PlanError, match=r"plan.jsonl, line 1: .*step 1"):
        read_plan(path)
    path.write_text("not json\n")
    with pytest.raises(PlanError, match="line 1: not JSON"):
        read_plan(path)
    with pytest.raises(PlanError, match="cannot read the plan"):
        read_plan(tmp_path / "missing.jsonl")


def test_the_plan_of_an_explanation_keeps_its_parts_and_guesses() -> None:
    data = "ok déjà\n".encode() + "Café crème\n".encode().decode("cp1252").encode()
    best = explain(data)[0]
    plan = plan_of_explanation(best, len(data))
    assert [s.kind for s in plan.segments][-1] is SegmentKind.MISREAD
    assert plan.segments[-1].chain == ONCE
    fine = explain(b"plain")[0]
    assert plan_of_explanation(fine, 5).segments == (
        Segment(0, 5, SegmentKind.FINE, IDENTITY, fine.confidence),
    )

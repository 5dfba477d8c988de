"""A repair plan named as a format the export's child process reads: one
chain by its reading, any other plan saved to a file of its own."""

from __future__ import annotations

from pathlib import Path

from mojiscope.app.model.repair_plans import repair_format
from mojiscope.core import decode
from mojiscope.core.mojibake import Chain, Misreading, reading_name
from mojiscope.core.mojibake.plan import RepairPlan
from mojiscope.core.mojibake.segment import Segment, SegmentKind

MISREAD = Chain((Misreading("utf-8", "windows-1252"),))
FINE = "Déjà vu\n".encode()
DAMAGED = "Café crème\n".encode().decode("windows-1252").encode()


def test_a_plan_one_chain_undoes_is_that_chains_reading() -> None:
    plan = RepairPlan((Segment(0, len(DAMAGED), SegmentKind.MISREAD, MISREAD, 0.99),), len(DAMAGED))
    name = repair_format(plan)
    assert name == reading_name(MISREAD)
    assert decode(DAMAGED, name).text == "Café crème\n"


def test_any_other_plan_is_saved_and_reads_as_the_panel_shows_it() -> None:
    data = FINE + DAMAGED
    plan = RepairPlan(
        (
            Segment(0, len(FINE), SegmentKind.FINE),
            Segment(len(FINE), len(data), SegmentKind.MISREAD, MISREAD, 0.99),
        ),
        len(data),
    )
    name = repair_format(plan)
    assert name.startswith("repair:plan:")
    assert Path(name.removeprefix("repair:plan:")).is_file()
    assert decode(data, name).text == "Déjà vu\nCafé crème\n"

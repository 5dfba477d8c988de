"""A repair plan read as a format: each segment through its own chain,
guesses as losses of their own that strict refuses and replace writes, one
name a child process or another command finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from mojiscope.core import DecodeError, get_format
from mojiscope.core.conversion.convert import ConversionLossError, run_conversion
from mojiscope.core.conversion.losses import LossKind
from mojiscope.core.mojibake.chain import IDENTITY, Chain, Misreading
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.plan import RepairPlan, plan_lines
from mojiscope.core.mojibake.plan_reading import PlanReading, plan_name
from mojiscope.core.mojibake.segment import Segment, SegmentKind
from mojiscope.core.spans.event import Reason

ONCE = Chain((Misreading("utf-8", "windows-1252"),))
TWICE = Chain((Misreading("utf-8", "windows-1252"),) * 2)
FINE = "déjà ok\n".encode()
ONCE_LINE = "Café crème\n".encode().decode("cp1252").encode()
TWICE_LINE = ONCE_LINE.decode().encode().decode("cp1252").encode()
LOST_LINE = "“quoted”\n".encode().decode("cp1252", "replace").replace("\ufffd", "?").encode()


def mixed_plan() -> tuple[bytes, RepairPlan]:
    data = FINE + ONCE_LINE + TWICE_LINE + LOST_LINE
    a, b, c = len(FINE), len(FINE + ONCE_LINE), len(FINE + ONCE_LINE + TWICE_LINE)
    mark = LOST_LINE.index(b"?")
    lost = Lost(c + mark - 5, c + mark + 1, "question mark", "”", ("“",))  # â€? is ”
    segments = (
        Segment(0, a, SegmentKind.FINE),
        Segment(a, b, SegmentKind.MISREAD, ONCE),
        Segment(b, c, SegmentKind.MISREAD, TWICE),
        Segment(c, len(data), SegmentKind.LOSSY, ONCE, lost=(lost,)),
    )
    return data, RepairPlan(segments, len(data))


def converted(data: bytes, reading: object, errors: str = "replace") -> tuple[bytes, object]:
    out: list[bytes] = []
    report = run_conversion(data, reading, "utf-8", errors=errors, write=out.append)  # type: ignore[arg-type]
    return b"".join(out), report


def test_each_segment_is_read_through_its_own_chain_and_guesses_are_written() -> None:
    data, plan = mixed_plan()
    written, report = converted(data, PlanReading(plan))
    assert written.decode() == "déjà ok\nCafé crème\nCafé crème\n“quoted”\n"
    (loss,) = report.losses  # type: ignore[attr-defined]
    assert loss.kind is LossKind.GUESS and loss.reason is Reason.GUESSED
    assert loss.chars == "”" and loss.alternatives == ("“",)
    assert "guessed U+201D" in loss.message and "U+201C" in loss.message


def test_strict_refuses_a_guess_before_writing() -> None:
    data, plan = mixed_plan()
    with pytest.raises(ConversionLossError, match="guessed"):
        converted(data, PlanReading(plan), "strict")
    with pytest.raises(DecodeError, match="guessed"):
        PlanReading(plan).decode(data, "strict")


def test_bytes_a_chain_cannot_have_made_and_bytes_past_the_plan_are_losses() -> None:
    data = "real €\n".encode()
    plan = RepairPlan((Segment(0, len(data), SegmentKind.MISREAD, ONCE),), len(data))
    decoding = PlanReading(plan).decode(data + b"tail")
    assert decoding.text == "real \ufffd\n\ufffd"
    reasons = [s.reason for s in decoding.spans if s.kind == "invalid"]
    assert reasons == [Reason.NOT_FROM_CHAIN, Reason.NOT_FROM_CHAIN]


def test_fed_in_pieces_the_same_text_and_offsets() -> None:
    data, plan = mixed_plan()
    reading = PlanReading(plan)
    whole = reading.decode(data)
    decoder = reading.incremental_decoder()
    parts = [decoder.decode(data[i : i + 3]) for i in range(0, len(data), 3)]
    parts.append(decoder.decode(b"", final=True))
    assert "".join(p.text for p in parts) == whole.text
    spans = [s for p in parts for s in p.spans if s.kind != "text"]
    assert [(s.byte_start, s.reason) for s in spans] == [
        (s.byte_start, s.reason) for s in whole.spans if s.kind != "text"
    ]


def test_a_window_is_decoded_from_the_piece_it_falls_in() -> None:
    data, plan = mixed_plan()
    window = PlanReading(plan).decode_window(data, len(FINE) + 2, len(FINE) + 4)
    assert window.text.startswith("Café") and window.spans.byte_start == len(FINE)


def test_the_registry_finds_a_plan_saved_to_a_file(tmp_path: Path) -> None:
    data, plan = mixed_plan()
    path = tmp_path / "plan.jsonl"
    path.write_text("".join(plan_lines(plan)), encoding="utf-8")
    reading = get_format(plan_name(path))
    assert isinstance(reading, PlanReading) and reading.plan == plan
    assert converted(data, plan_name(path))[0] == converted(data, PlanReading(plan))[0]
    with pytest.raises(Exception, match="no repair plan at"):
        get_format("repair:plan:" + str(tmp_path / "nowhere.jsonl"))


def test_kept_segments_are_read_as_utf8_and_their_bad_bytes_are_replacements() -> None:
    data = b"ok \xff\n"
    plan = RepairPlan((Segment(0, len(data), SegmentKind.LOSSY, IDENTITY),), len(data))
    written, report = converted(data, PlanReading(plan))
    assert written == "ok \ufffd\n".encode()
    assert report.losses[0].kind is LossKind.REPLACEMENT  # type: ignore[attr-defined]

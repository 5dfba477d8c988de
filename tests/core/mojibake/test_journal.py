"""The undo journal: every changed range, checked against the output when
written, and undone to the source's exact bytes (a property); a journal
made for another file is refused and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.properties import property_settings
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from mojiscope.core import BytesSource
from mojiscope.core.conversion.convert import run_conversion
from mojiscope.core.mojibake.journal import JournalError, read_head, undo_repair, write_journal
from mojiscope.core.mojibake.plan import RepairPlan
from mojiscope.core.mojibake.plan_reading import PlanReading
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.mojibake.segments import map_segments, table_of

PROPERTY = property_settings(20, HealthCheck.function_scoped_fixture)


def repair_with_journal(data: bytes, folder: Path) -> tuple[Path, Path, Path]:
    source_path, out, journal = folder / "in.txt", folder / "out.txt", folder / "in.journal"
    source_path.write_bytes(data)
    source = BytesSource(data)
    found = SegmentMap(len(data), table_of(source))
    for batch in map_segments(source):
        found.add(batch)
    reading = PlanReading(RepairPlan(tuple(found), len(data)))
    with open(out, "wb") as file:
        run_conversion(data, reading, "utf-8", errors="replace", write=file.write)
    write_journal(source, reading, str(out), str(journal), source_name=str(source_path))
    return source_path, out, journal


DAMAGED = "Café crème\n".encode().decode("cp1252").encode()


def test_the_journal_records_each_changed_range_and_undoes_it(tmp_path: Path) -> None:
    data = b"fine line\n" + DAMAGED + b"bad \xff byte\n" + DAMAGED
    _, out, journal = repair_with_journal(data, tmp_path)
    lines = [json.loads(line) for line in journal.read_text().splitlines()]
    assert lines[0]["journal"] == "mojiscope repair" and lines[0]["version"] == 1
    assert lines[-1] == {"end": True, "changes": len(lines) - 2}
    first = lines[1]
    assert first["bytes"] == [10, 10 + len(DAMAGED)] and bytes.fromhex(first["old"]) == DAMAGED
    assert bytes.fromhex(first["new"]) == "Café crème\n".encode()
    assert first["chain"] == ["utf-8 read as windows-1252"]
    head = undo_repair(str(journal), str(out), tmp_path / "back.txt")
    assert (tmp_path / "back.txt").read_bytes() == data
    assert head.source_size == len(data) and read_head(str(journal)) == head


def test_a_journal_for_another_file_is_refused_and_nothing_written(tmp_path: Path) -> None:
    _, out, journal = repair_with_journal(DAMAGED * 3, tmp_path)
    other = tmp_path / "other.txt"
    other.write_bytes(out.read_bytes() + b"x")
    with pytest.raises(JournalError, match="not the file this journal was made for"):
        undo_repair(str(journal), str(other), tmp_path / "back.txt")
    assert not (tmp_path / "back.txt").exists()
    cut = tmp_path / "cut.journal"
    cut.write_text("".join(journal.read_text().splitlines(True)[:-1]))
    with pytest.raises(JournalError, match="cut short"):
        undo_repair(str(cut), str(out), tmp_path / "back.txt")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_journal_that_does_not_match_the_output_is_not_written(tmp_path: Path) -> None:
    source_path, out, journal = repair_with_journal(DAMAGED, tmp_path)
    journal.unlink()
    out.write_bytes(out.read_bytes().replace("crème".encode(), b"creme"))
    source = BytesSource(DAMAGED)
    found = SegmentMap(len(DAMAGED))
    for batch in map_segments(source):
        found.add(batch)
    reading = PlanReading(RepairPlan(tuple(found), len(DAMAGED)))
    with pytest.raises(JournalError, match="does not hold the repaired bytes"):
        write_journal(source, reading, str(out), str(journal))
    assert not journal.exists()
    del source_path


LINES = [DAMAGED, b"plain\n", "déjà vu\n".encode(), b"\xe9t\xe9\n", b"\x00\x01bin\n", b"x\xc3\n"]


@PROPERTY
@given(st.lists(st.one_of(st.sampled_from(LINES), st.binary(max_size=12)), max_size=12))
def test_undo_gives_the_source_back_exactly(tmp_path: Path, parts: list[bytes]) -> None:
    data = b"".join(parts)
    _, out, journal = repair_with_journal(data, tmp_path)
    back = tmp_path / "back.bin"
    undo_repair(str(journal), str(out), back)
    assert back.read_bytes() == data

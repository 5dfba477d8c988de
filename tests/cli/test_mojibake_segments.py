"""``mojiscope mojibake --segments``: the segment map of a whole file, as
lines and as JSON objects that tile the file, run as a real process (issue 36)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from helpers.mixed_files import DEV_SEEDS, mixed_file

Mojiscope = Callable[..., Any]  # conftest.run_mojiscope


def test_json_is_one_object_per_segment_and_the_segments_tile_the_file(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    mixed = mixed_file(DEV_SEEDS[2])
    path = tmp_path / "mixed.csv"
    path.write_bytes(mixed.data)
    run = mojiscope("mojibake", path, "--segments", "--json")
    assert run.returncode == 0, run.stderr
    segments = run.json_lines()
    assert segments[0]["bytes"][0] == 0 and segments[-1]["bytes"][1] == len(mixed.data)
    for before, after in itertools.pairwise(segments):
        assert before["bytes"][1] == after["bytes"][0]
    kinds = {s["kind"] for s in segments}
    assert {"fine", "misread"} <= kinds
    misread = next(s for s in segments if s["kind"] == "misread")
    assert misread["chain"][0].startswith("utf-8 read as") and 0 < misread["confidence"] <= 1
    assert {"row", "column", "lost"} <= set(misread)


def test_plain_lines_show_inclusive_hex_ranges_counts_and_columns(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    rows = ["name;city\n"] + [f"{n};Málaga\n" for n in ("José", "Zoë", "Jürgen")]
    damaged = rows[0] + rows[1].encode().decode("cp1252") + rows[2] + rows[3]
    path = tmp_path / "people.csv"
    path.write_bytes(damaged.encode())
    run = mojiscope("mojibake", path, "--segments")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.decode().splitlines()
    start = len(rows[0])
    end = start + len(rows[1].encode().decode("cp1252").encode())
    assert (
        f"  0x{start:X}..0x{end - 1:X}  row 1  misread: utf-8 read as windows-1252 ("
        in "\n".join(lines)
    )
    assert lines[-2] == f"{path}: CSV (;), 1 row read as windows-1252 once, 3 fine"
    assert lines[-1] == "misread values per column: name 1, city 1"


def test_the_json_segments_are_a_plan_convert_writes(mojiscope: Mojiscope, tmp_path: Path) -> None:
    mixed = mixed_file(DEV_SEEDS[3])
    path, plan, fixed, converted = (tmp_path / n for n in ("m.csv", "m.plan", "fixed", "conv"))
    path.write_bytes(mixed.data)
    run = mojiscope("mojibake", path, "--segments", "--json")
    plan.write_bytes(run.stdout)
    assert mojiscope("mojibake", path, "--fix", "-o", fixed, "--errors", "replace").returncode == 0
    run = mojiscope(
        "convert",
        path,
        "--from",
        f"repair:plan:{plan}",
        "--to",
        "utf-8",
        "-o",
        converted,
        "--errors",
        "replace",
    )
    assert run.returncode == 0, run.stderr
    assert converted.read_bytes() == fixed.read_bytes()
    json.loads(plan.read_text().splitlines()[0])


def test_a_fine_file_of_several_chunks_is_mapped_without_error(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    path = tmp_path / "fine.csv"
    row = "1,José,Málaga,café crème\n".encode()
    path.write_bytes(row * ((9 << 20) // len(row)))  # over two 4 MiB chunks
    result = mojiscope("mojibake", path, "--segments")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines[0] == f"  0x0..0x{path.stat().st_size - 1:X}  row 0  fine (1.00)"
    assert lines[1].endswith(f"{(9 << 20) // len(row):,} fine")

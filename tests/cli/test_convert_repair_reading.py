"""``mojiscope convert --from "repair:<chain words>"``: a mojibake repair is a
source format like any other (core/mojibake/reading.py), strict by default."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

Mojiscope = Callable[..., Any]  # conftest.run_mojiscope (test modules do not import conftest)

CHAIN = "repair:utf-8 read as windows-1252"


def test_convert_from_a_repair_writes_the_repaired_utf8_and_verifies(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    source = tmp_path / "cafe.csv"
    source.write_bytes("Café;crème\n".encode().decode("cp1252").encode())
    out = tmp_path / "fixed.csv"
    run = mojiscope("convert", source, "--from", CHAIN, "--to", "utf-8", "-o", out, "--verify")
    assert run.returncode == 0, run.stderr
    assert out.read_bytes() == "Café;crème\n".encode()
    assert "verified" in run.stderr


def test_strict_convert_from_a_repair_stops_at_bytes_the_chain_cannot_undo(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    source = tmp_path / "mixed.txt"
    source.write_bytes(b"Caf\xc3\x83\xc2\xa9 \xe2\x82\xac\n")  # "CafÃ©" then a real "€"
    out = tmp_path / "fixed.txt"
    run = mojiscope("convert", source, "--from", CHAIN, "--to", "utf-8", "-o", out)
    assert run.returncode == 1
    assert not out.exists()
    (line,) = run.stderr_lines
    assert "byte offset 8" in line and "not-from-chain" in line

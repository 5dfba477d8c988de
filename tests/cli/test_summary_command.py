"""``mojiscope inspect --summary``: every format's verdict and rank, as text or JSON lines."""

from __future__ import annotations

from pathlib import Path

FRENCH = ("héllo wörld, ça va? " * 200).encode()


def test_summary_ranks_every_format_with_utf8_first(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "french.txt"
    path.write_bytes(FRENCH)
    run = mojiscope("inspect", "--summary", path, "--json")
    assert run.returncode == 0, run.stderr
    records = run.json_lines()
    assert [r["rank"] for r in records] == list(range(1, len(records) + 1))
    assert records[0]["format"] == "utf-8" and records[0]["verdict"] == "valid UTF-8"
    assert set(records[0]) == {"format", "bytes", "counts", "reasons", "verdict", "rank"}
    ids = {r["format"] for r in records}
    assert {"utf-8", "wtf-8", "xtf-8", "stf-7", "corrected-utf-8", "cp1252"} <= ids
    stf7 = next(r for r in records if r["format"] == "stf-7")
    assert str(stf7["verdict"]).startswith("not STF-7: ")
    assert all(r["bytes"] == len(FRENCH) for r in records)


def test_summary_text_says_what_it_looks_like(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "french.txt"
    path.write_bytes(FRENCH)
    run = mojiscope("inspect", "--summary", path, "-f", "utf-8", "-f", "cp1252")
    lines = run.stdout.decode().splitlines()
    assert lines[0] == f"{path}: {len(FRENCH):,} bytes"
    assert lines[1].startswith("looks like UTF-8; as cp1252 it reads as mojibake")
    assert lines[2].split() == ["1", "utf-8", "valid", "UTF-8"]
    assert lines[3].split()[:2] == ["2", "cp1252"]


def test_summary_of_standard_input_and_hex(mojiscope) -> None:  # type: ignore[no-untyped-def]
    run = mojiscope("inspect", "--summary", "-", "-f", "wtf-8", "--json", stdin=b"a\xed\xa0\x80b")
    assert run.json_lines()[0]["verdict"] == "valid WTF-8 with 1 lone surrogate"
    run = mojiscope("inspect", "--summary", "--hex", "61 ff", "-f", "utf-8", "--json")
    assert run.json_lines()[0]["counts"] == {"invalid": 1}


def test_inspect_still_needs_one_format_without_summary(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "a.txt"
    path.write_bytes(b"abc")
    run = mojiscope("inspect", path)
    assert run.returncode == 2
    assert run.stderr_lines == [
        "mojiscope: inspect needs --format ID (or --summary for every format)"
    ]
    run = mojiscope("inspect", path, "-f", "utf-8", "-f", "cp1252")
    assert run.returncode == 2 and "one --format" in run.stderr
    run = mojiscope("inspect", "--summary", path, "--offset", "1")
    assert run.returncode == 2 and "no --offset" in run.stderr
    assert mojiscope("inspect", path, "-f", "utf-8").returncode == 0

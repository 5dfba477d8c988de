"""``mojiscope mojibake --fix``: each part repaired with its own chain, every
U+FFFD and every guess written reported as ``convert`` reports them, the
undo journal, and ``--undo`` (issue 36), run as real processes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from helpers.mixed_files import DEV_SEEDS, mixed_file

Mojiscope = Callable[..., Any]  # conftest.run_mojiscope

#: ” read by a program with Python's strict cp1252 that wrote ? for 9D.
LOST = "“quoted”\n".encode().decode("cp1252", "replace").replace("\ufffd", "?").encode()


def test_a_mixed_file_is_repaired_part_by_part(mojiscope: Mojiscope, tmp_path: Path) -> None:
    mixed = mixed_file(DEV_SEEDS[4])
    path, out = tmp_path / "mixed.csv", tmp_path / "fixed.csv"
    path.write_bytes(mixed.data)
    run = mojiscope("mojibake", path, "--fix", "-o", out, "--errors", "replace")
    assert run.returncode == 0, run.stderr
    fixed = out.read_bytes().splitlines(keepends=True)
    for line, got in zip(mixed.lines, fixed, strict=True):
        if line.kind == "fine":
            assert got == line.original  # byte for byte
    right = sum(got == line.original for line, got in zip(mixed.lines, fixed, strict=True))
    assert right >= len(mixed.lines) - 2
    assert "mojiscope: repaired " in run.stderr


def test_strict_refuses_a_guess_and_replace_writes_it_and_says_so(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    path, out = tmp_path / "quotes.txt", tmp_path / "out.txt"
    path.write_bytes(b"He said " + LOST)
    strict = mojiscope("mojibake", path, "--fix", "-o", out)
    assert strict.returncode == 1 and not out.exists()
    assert "the repair guessed U+201D" in strict.stderr and "nothing was written" in strict.stderr
    run = mojiscope("mojibake", path, "--fix", "-o", out, "--errors", "replace", "--json")
    assert run.returncode == 0, run.stderr
    assert out.read_text("utf-8") == "He said “quoted”\n"
    report = json.loads(run.stderr_lines[-1])
    assert report["counts"] == {"guess": 1}
    (guess,) = report["losses"]
    assert guess["kind"] == "guess" and guess["becomes"] == "E2 80 9D (U+201D)"
    assert guess["bytes"][1] == len(b"He said " + LOST) - 1


def test_every_replacement_written_is_reported_with_its_offset(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    bad = b"fine\n" + b"junk \x01\x02\x03\x04\x05\x06\x07\x08\x0b\xff\xfe\n" * 30
    path, out = tmp_path / "junk.txt", tmp_path / "out.txt"
    path.write_bytes(bad)
    run = mojiscope("mojibake", path, "--fix", "-o", out, "--errors", "replace")
    assert run.returncode == 0, run.stderr
    assert "mojiscope: 60 losses converting" in run.stderr
    assert "byte offset 19 (0x13)" in run.stderr and "... and 40 more" in run.stderr
    assert out.read_bytes().count("\ufffd".encode()) == 60
    run = mojiscope("mojibake", path, "--fix", "-o", out, "--errors", "replace", "--json")
    losses = json.loads(run.stderr_lines[-1])["losses"]
    assert len(losses) == 60 and losses[0]["bytes"] == [19, 20]


def test_journal_and_undo_give_the_original_back(mojiscope: Mojiscope, tmp_path: Path) -> None:
    mixed = mixed_file(DEV_SEEDS[5])
    path, out, journal, back = (tmp_path / n for n in ("in.csv", "out.csv", "in.journal", "back"))
    path.write_bytes(mixed.data + b"junk \x01\x02\x03\x04\x05\x06\x07\x08\x0b\xff\n")
    run = mojiscope(
        "mojibake", path, "--fix", "-o", out, "--errors", "replace", "--journal", journal
    )
    assert run.returncode == 0, run.stderr
    assert "changed ranges" in run.stderr
    head = json.loads(journal.read_text().splitlines()[0])
    assert head["version"] == 1 and head["source"]["size"] == path.stat().st_size
    run = mojiscope("mojibake", "--undo", journal, "-o", back)  # the output path from the journal
    assert run.returncode == 0, run.stderr
    assert back.read_bytes() == path.read_bytes()
    out.write_bytes(out.read_bytes() + b"edited")
    run = mojiscope("mojibake", "--undo", journal, "-o", tmp_path / "again", out)
    assert run.returncode == 2 and len(run.stderr_lines) == 1
    assert "is not the file this journal was made for" in run.stderr
    assert not (tmp_path / "again").exists()


def test_iso_2022_jp_whose_escapes_were_stripped_is_written_back_whole(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    text = "From: tanaka\nSubject: こんにちは\n\nいつもお世話になっております。\nprice: $5\n"
    path, out = tmp_path / "mail.txt", tmp_path / "fixed.txt"
    path.write_bytes(text.encode("iso-2022-jp").replace(b"\x1b", b""))
    run = mojiscope("mojibake", path, "--fix", "-o", out)
    assert run.returncode == 0, run.stderr
    assert out.read_text(encoding="utf-8") == text
    assert "mojiscope: repaired 1 segment" in run.stderr


def test_a_large_log_has_its_iso_2022_jp_lines_without_escapes_written_back(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    # Beyond the 32 KiB the explainer reads whole, the segment map reads
    # the file line by line: the lines holding a shift are judged, the
    # others (a price in dollars, $BUILD) stay byte for byte.
    plain = "2026-12-01 INFO job $BUILD done, cost $5 (B)\n" * 600
    japanese = "2026-12-01 WARN 株式会社ワークタンクの関戸と申します。\n"
    text = plain + japanese + plain + japanese
    path, out = tmp_path / "app.log", tmp_path / "fixed.log"
    data = text.encode("iso-2022-jp").replace(b"\x1b", b"")
    assert len(data) > 32 * 1024
    path.write_bytes(data)
    run = mojiscope("mojibake", path, "--fix", "-o", out)
    assert run.returncode == 0, run.stderr
    assert out.read_text(encoding="utf-8") == text
    assert "repaired 2 segments (legacy): 2 rows in iso-2022-jp/no-escapes" in run.stderr


def test_usage_of_the_new_options_is_one_line(mojiscope: Mojiscope, tmp_path: Path) -> None:
    for args in (
        ("mojibake", "--undo", "j"),
        ("mojibake", "x", "--journal", "j"),
        ("mojibake", "x", "--fix", "--segments", "-o", "o"),
    ):
        run = mojiscope(*args)
        assert run.returncode == 2 and len(run.stderr_lines) == 1, run.stderr


def test_file_names_git_quoted_as_octal_escapes_are_read_back_and_written_on_request(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    names = ["docs/中文.md", "Größe.txt", "ファイル.csv"]
    octal = {b: f"\\{b:03o}" for b in range(0x80, 0x100)}
    listing = "".join(f'"{name.encode().decode("latin-1").translate(octal)}"\n' for name in names)
    path, out = tmp_path / "status.txt", tmp_path / "fixed.txt"
    path.write_text(listing, "ascii")
    shown = mojiscope("mojibake", path).stdout.decode().splitlines()
    assert shown[1].endswith("0.50  utf-8 read as octal-escapes")
    assert "code and logs write bytes as these escapes on purpose" in shown[3]
    assert shown[-1] == (
        f"  (it leaves a reading it is not sure of; to write this one: mojiscope convert {path} "
        '--from "repair:utf-8 read as octal-escapes" --to utf-8)'
    )
    # Unsure (a shell script's printf "\303\251" is correct as it is), so
    # --fix leaves it; the repair, named, converts like any format.
    fix = mojiscope("mojibake", path, "--fix", "-o", out)
    assert fix.returncode == 0 and out.read_text("ascii") == listing
    run = mojiscope(
        "convert", path, "--from", "repair:utf-8 read as octal-escapes", "--to", "utf-8", "-o", out
    )
    assert run.returncode == 0, run.stderr
    assert out.read_text("utf-8") == "".join(f'"{name}"\n' for name in names)


def test_json_escapes_whose_backslashes_were_stripped_are_written_back(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    path, out = tmp_path / "export.txt", tmp_path / "fixed.txt"
    path.write_bytes(b"Chris Rudolphu2019s cry: u201cAvalanche!u201d\nIt wasnu2019t there.\n")
    shown = mojiscope("mojibake", path).stdout.decode().splitlines()
    assert shown[1].endswith("written as json/no-backslash")
    run = mojiscope("mojibake", path, "--fix", "-o", out)
    assert run.returncode == 0, run.stderr
    expect = "Chris Rudolph\u2019s cry: \u201cAvalanche!\u201d\nIt wasn\u2019t there.\n"
    assert out.read_text("utf-8") == expect


def test_cyrillic_written_as_its_low_bytes_is_written_back(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    # A PDF library's text layer keeps the low byte of each character.
    path, out = tmp_path / "extracted.txt", tmp_path / "fixed.txt"
    path.write_bytes(b"Title: 2;048<8@ ?CB8=\nAuthor: \x1f@825B\n")
    shown = mojiscope("mojibake", path).stdout.decode().splitlines()
    assert shown[1].endswith("written as cyrillic/low-bytes")
    run = mojiscope("mojibake", path, "--fix", "-o", out)
    assert run.returncode == 0, run.stderr
    title = "\u0432\u043b\u0430\u0434\u0438\u043c\u0438\u0440 \u043f\u0443\u0442\u0438\u043d"
    author = "\u041f\u0440\u0438\u0432\u0435\u0442"  # the capital is a control byte
    assert out.read_text("utf-8") == f"Title: {title}\nAuthor: {author}\n"
    convert = mojiscope(
        "convert", path, "--from", "repair:written as cyrillic/low-bytes", "--to", "utf-8"
    )
    assert convert.returncode == 0, convert.stderr
    assert convert.stdout == out.read_bytes()


def test_text_a_lenient_utf8_decoder_read_is_written_back_with_each_guess_reported(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    path, out = tmp_path / "lenient.txt", tmp_path / "out.txt"
    path.write_text("ǡ ne sert ࠲ien d'鴯uffer la peine.\nid;name\n", "utf-8")
    strict = mojiscope("mojibake", path, "--fix", "-o", out)
    assert strict.returncode == 1 and not out.exists()
    run = mojiscope("mojibake", path, "--fix", "-o", out, "--errors", "replace", "--json")
    assert run.returncode == 0, run.stderr
    assert out.read_text("utf-8") == "Ça ne sert à rien d'étouffer la peine.\nid;name\n"
    report = json.loads(run.stderr_lines[-1])
    assert report["counts"] == {"guess": 3}
    assert [loss["bytes"][0] for loss in report["losses"]] == [0, 11, 20]

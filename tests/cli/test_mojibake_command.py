"""``mojiscope mojibake``: explanations as text and JSON, and ``--fix``
written atomically, strict by default (issue 14), run as a real process."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

Mojiscope = Callable[..., Any]  # conftest.run_mojiscope (test modules do not import conftest)

CAFE = "Café crème, thé à la menthe".encode().decode("cp1252").encode()


def test_json_gives_one_object_per_input_best_first(mojiscope: Mojiscope, tmp_path: Path) -> None:
    damaged, fine = tmp_path / "damaged.txt", tmp_path / "fine.txt"
    damaged.write_bytes(CAFE)
    fine.write_bytes("Ελληνικά και ελληνικά".encode())
    run = mojiscope("mojibake", "--json", damaged, fine)
    assert run.returncode == 0, run.stderr
    first, second = run.json_lines()
    assert first["source"] == str(damaged)
    best = first["candidates"][0]  # type: ignore[index]
    assert best["text"] == "Café crème, thé à la menthe"
    assert best["chain"] == ["utf-8 read as windows-1252"]
    assert 0.5 < best["confidence"] <= 1.0
    assert best["ranges"][0] == [3, 7]
    fine_best = second["candidates"][0]  # type: ignore[index]
    assert fine_best["chain"] == [] and fine_best["text"] == "Ελληνικά και ελληνικά"


def test_hex_input_and_plain_output(mojiscope: Mojiscope) -> None:
    run = mojiscope("mojibake", "--hex", "43 61 66 C3 83 C2 A9", "--candidates", "2")
    assert run.returncode == 0
    lines = run.stdout.decode().splitlines()
    assert lines[0] == "<hex>"
    assert lines[1].endswith("utf-8 read as windows-1252") and lines[2].strip() == "Café"
    assert len([line for line in lines if line.startswith("  ") and ". " in line[:6]]) == 2


def test_fix_writes_the_repair(mojiscope: Mojiscope, tmp_path: Path) -> None:
    source, out = tmp_path / "in.csv", tmp_path / "out.csv"
    source.write_bytes(CAFE)
    run = mojiscope("mojibake", source, "--fix", "-o", out)
    assert run.returncode == 0, run.stderr
    assert out.read_text("utf-8") == "Café crème, thé à la menthe"
    assert "read as windows-1252 once" in run.stderr


JUNK = b"tail \x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0e\xff junk\n"  # binary: no chain reads it


def test_fix_over_a_large_file_is_strict(mojiscope: Mojiscope, tmp_path: Path) -> None:
    source, out = tmp_path / "big.csv", tmp_path / "out.csv"
    out.write_bytes(b"old content")
    body = ("Café crème;thé\n" * 5000).encode().decode("cp1252").encode()
    source.write_bytes(body + JUNK)
    run = mojiscope("mojibake", source, "--fix", "-o", out)
    assert run.returncode == 1
    assert run.stderr.startswith(f"mojiscope: byte offset {len(body) + 15} (0x")
    assert "nothing was written" in run.stderr and len(run.stderr_lines) == 1
    assert out.read_bytes() == b"old content"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.csv", "out.csv"]


def test_fix_over_a_large_file_with_replace(mojiscope: Mojiscope, tmp_path: Path) -> None:
    source, out = tmp_path / "big.csv", tmp_path / "out.csv"
    body = ("Café crème;thé\n" * 5000).encode().decode("cp1252").encode()
    source.write_bytes(body + JUNK)
    run = mojiscope("mojibake", source, "--fix", "-o", out, "--errors", "replace")
    assert run.returncode == 0, run.stderr
    assert out.read_bytes() == ("Café crème;thé\n" * 5000).encode() + JUNK.replace(
        b"\xff", "\ufffd".encode()
    )
    assert f"byte offset {len(body) + 15} (0x" in run.stderr  # the U+FFFD written is reported


def test_usage_errors_are_one_line(mojiscope: Mojiscope, tmp_path: Path) -> None:
    for args in (
        ("mojibake",),
        ("mojibake", "--fix", "--hex", "41"),
        ("mojibake", "--hex", "41", "-o", "x"),
    ):
        run = mojiscope(*args)
        assert run.returncode == 2
        assert len(run.stderr_lines) == 1 and run.stderr.startswith("mojiscope: ")


def test_letters_lost_before_the_bytes_were_written_are_named(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    path = tmp_path / "strings.txt"
    path.write_bytes("actions.create=Xq\ufffdzv un document\nlieu: Kora?de\n".encode())
    plain = mojiscope("mojibake", path)
    assert plain.returncode == 0, plain.stderr
    lines = plain.stdout.decode().splitlines()
    assert lines[1].strip() == "1. 0.50  fine as it is"
    assert "2 letters lost before the bytes were written" in lines[3]
    assert "at bytes 17-20, 45-46:" in lines[3]
    run = mojiscope("mojibake", "--json", path)
    best = run.json_lines()[0]["candidates"][0]
    assert best["letters_lost"] == [[17, 20], [45, 46]] and best["confidence"] == 0.5


def test_what_damage_leaves_where_no_reading_explains_it_is_named(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    path = tmp_path / "titles.txt"
    path.write_bytes("Ville de Qu\u00c8bec\nXq\u2564zv wrote\n".encode())
    plain = mojiscope("mojibake", path)
    assert plain.returncode == 0, plain.stderr
    lines = plain.stdout.decode().splitlines()
    assert lines[1].strip() == "1. 0.50  fine as it is"
    assert lines[3].strip() == (
        "2 places look like damage no reading explains, at bytes 11-13 (a capital after a "
        "lower-case letter), 19-22 (a sign between two letters)"
    )
    best = mojiscope("mojibake", "--json", path).json_lines()[0]["candidates"][0]
    assert best["oddities"] == [
        {"range": [11, 13], "what": "a capital after a lower-case letter"},
        {"range": [19, 22], "what": "a sign between two letters"},
    ]


def test_a_word_stripped_of_its_letters_is_named_with_what_it_may_have_been(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    path = tmp_path / "authors.csv"
    path.write_bytes(b"id,name\n1,Vclav Novek\n")  # written as ASCII, letters dropped
    plain = mojiscope("mojibake", path)
    assert plain.returncode == 0, plain.stderr
    lines = plain.stdout.decode().splitlines()
    assert lines[1].strip() == "1. 0.50  fine as it is"
    assert lines[3].strip() == (
        "2 places look like damage no reading explains, at bytes 10-15 (a word that lost "
        "letters no byte marks, Václav?), 16-21 (a word that lost letters no byte marks, "
        "Nováček?)"
    )
    best = mojiscope("mojibake", "--json", path).json_lines()[0]["candidates"][0]
    assert [odd["was"] for odd in best["oddities"]] == ["Václav", "Nováček"]


def test_a_repair_held_at_unsure_says_why(mojiscope: Mojiscope, tmp_path: Path) -> None:
    path = tmp_path / "note.txt"
    path.write_bytes("Using GBP currency the symbol displays as \u00c2\u00a3\n".encode())
    plain = mojiscope("mojibake", path)
    assert plain.returncode == 0, plain.stderr
    lines = plain.stdout.decode().splitlines()
    # The line says how text shows: the text as it is first, the repair second.
    assert lines[1].strip() == "1. 0.50  fine as it is"
    assert lines[3].strip() == (
        "not sure: the next reading repairs mojibake here, but a line it changes says how "
        "some text shows, so the mojibake is most likely quoted on purpose"
    )
    assert lines[4].strip() == "2. 0.50  utf-8 read as windows-1252"
    assert lines[6].strip() == (
        "not sure: a line it changes says how some text shows, so it may quote this "
        "mojibake on purpose"
    )
    candidates = mojiscope("mojibake", "--json", path).json_lines()[0]["candidates"]
    assert candidates[0]["doubt"] == lines[3].strip().removeprefix("not sure: ")
    assert candidates[1]["doubt"] == lines[6].strip().removeprefix("not sure: ")


def test_a_large_file_says_how_many_parts_of_it_were_read(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    # Japanese mail whose ISO-2022-JP escapes were stripped, 60 KB of it:
    # the explainer reads its head, one part, and reads it back.
    line = "いつもお世話になっております。 ok\n"
    path = tmp_path / "mail.txt"
    path.write_bytes((line * 2000).encode("iso-2022-jp").replace(b"\x1b", b""))
    plain = mojiscope("mojibake", path)
    assert plain.returncode == 0, plain.stderr
    lines = plain.stdout.decode().splitlines()
    assert lines[0] == f"{path} (explained from 1 part of it)"
    assert lines[1].strip() == "1. 1.00  written as iso-2022-jp/no-escapes"
    assert lines[2].strip().startswith("いつもお世話になっております。 ok⏎")


#: Hindi read as windows-1252 twice, a byte lost as ``?`` under the two layers
#: (the development split's ``lost-layers`` class): the explainer guesses the
#: lost bytes deeper than the repair plan can, so ``--fix`` writes otherwise.
TWICE_WITH_A_LOST_BYTE = (
    "c383c2a0c382c2a4c3a2e282acc2a0c383c2a0c382c2a4c382c2aac383c2a0c382c2a4c3a2e282acc2a2"
    "c383c2a0c382c2a5c3a2e282acc2a120c383c2a0c382c2a4c382c2b2c383c2a0c382c2a4c382c2bfc383"
    "c2a0c382c2a4c3823f20c383c2a0c382c2a4c382c2abc383c2a0c382c2a5c3a2e282acc2b9c383c2a0c3"
    "82c2a4c382c2b2c383c2a0c382c2a5c3823fc383c2a0c382c2a4c382c2a1c383c2a0c382c2a4c382c2b0"
)


def test_the_plain_listing_says_what_fix_writes_when_the_best_reading_is_not_it(
    mojiscope: Mojiscope, tmp_path: Path
) -> None:
    # A row written as windows-1252 beside a row of UTF-8 read as
    # windows-1252: the explainer reads the whole text one way, which spoils
    # the other row; the segment map reads each row on its own.
    data = "id,text\n1,Größe über alles\n".encode("cp1252")
    data += "2,café crème au lait\n".encode().decode("cp1252").encode()
    listing = mojiscope("mojibake", "--hex", data.hex()).stdout.decode()
    assert listing.splitlines()[-1] == (
        "  --fix writes segment by segment: "
        "1 row read as windows-1252 once, 1 row in windows-1252, 1 fine"
    )
    mixed, fixed = tmp_path / "mixed.csv", tmp_path / "mixed-fixed.csv"
    mixed.write_bytes(data)
    assert mojiscope("mojibake", mixed, "--fix", "-o", fixed).returncode == 0
    assert fixed.read_text("utf-8").splitlines()[1:] == [
        "1,Größe über alles",
        "2,café crème au lait",
    ]
    # Two layers and a lost byte: the best reading is what --fix writes.
    listing = mojiscope("mojibake", "--hex", TWICE_WITH_A_LOST_BYTE).stdout.decode()
    assert "--fix writes" not in listing
    russian = "Съешь же ещё этих мягких булок"
    german = "Die Größe der Übersetzung hängt von der Qualität ab"
    rows = [
        f"1,{russian}".encode("cp1251").decode("cp1252"),  # Russian read as windows-1252
        f"2,{german}".encode().decode("cp1252"),  # UTF-8 read as windows-1252
    ]
    path = tmp_path / "letters.csv"
    path.write_bytes("".join(f"{row}\n" for row in ["id,text", *rows, "3,plain"]).encode())
    listing = mojiscope("mojibake", path).stdout.decode()
    assert "--fix writes" not in listing  # the best reading is what --fix writes
    assert "windows-1251 read as windows-1252 (some parts)" in listing.splitlines()[1]
    fixed = tmp_path / "fixed.csv"
    assert mojiscope("mojibake", path, "--fix", "-o", fixed).returncode == 0
    assert fixed.read_text("utf-8").splitlines()[1:3] == [f"1,{russian}", f"2,{german}"]

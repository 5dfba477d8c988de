"""The UTF family on the command line, run as a real process: ``utf-16``
following the byte order mark end to end (issue 17), ``utf-32`` and the
CESU-8 / Modified UTF-8 pair."""

from __future__ import annotations

import pytest

BIG_ENDIAN_WITH_BOM = b"\xfe\xff\x00h\x00i"


def test_convert_from_utf16_reads_a_big_endian_file_with_bom(mojiscope, tmp_path):
    """Issue 17: this wrote U+FFFE U+6800 U+6900 ("￾栀椀") and said nothing.
    The BOM carries over as the target's (conversion's signature rule)."""
    source = tmp_path / "be.txt"
    source.write_bytes(BIG_ENDIAN_WITH_BOM)
    target = tmp_path / "out.txt"
    run = mojiscope("convert", source, "--from", "utf-16", "--to", "utf-8", "-o", target)
    assert (run.returncode, run.stderr) == (0, "")
    assert target.read_bytes() == b"\xef\xbb\xbfhi"


def test_inspect_utf16_names_the_bom_and_utf16le_names_it_swapped(mojiscope, tmp_path):
    source = tmp_path / "be.txt"
    source.write_bytes(BIG_ENDIAN_WITH_BOM)
    following = mojiscope("inspect", source, "-f", "utf-16", "--json")
    records = following.json_lines()
    assert [(r["kind"], r["reason"], r["text"]) for r in records] == [
        ("signature", "bom", "\ufeff"),
        ("text", None, "hi"),
    ]
    wrong_order = mojiscope("inspect", source, "-f", "utf-16le", "--json").json_lines()
    assert (wrong_order[0]["kind"], wrong_order[0]["reason"]) == ("warning", "swapped-bom")


def test_inspect_utf16_without_bom_warns_that_the_order_was_guessed(mojiscope):
    run = mojiscope("inspect", "--hex", "68 00 69 00", "-f", "utf-16")
    assert run.returncode == 0
    assert "no-bom" in run.stdout.decode()


def test_convert_to_utf32_and_back(mojiscope, tmp_path):
    source = tmp_path / "in.txt"
    source.write_bytes("h\u00e9 \U0001f600".encode())
    wide = tmp_path / "wide.txt"
    back = tmp_path / "back.txt"
    assert (
        mojiscope("convert", source, "--from", "utf-8", "--to", "utf-32be", "-o", wide).returncode
        == 0
    )
    assert wide.read_bytes() == "h\u00e9 \U0001f600".encode("utf-32-be")
    assert (
        mojiscope("convert", wide, "--from", "utf-32be", "--to", "utf-8", "-o", back).returncode
        == 0
    )
    assert back.read_bytes() == source.read_bytes()


@pytest.mark.parametrize(
    ("fmt", "bom", "codec"),
    [("utf-16", b"\xfe\xff", "utf-16-be"), ("utf-32", b"\x00\x00\xfe\xff", "utf-32-be")],
)
def test_offset_into_a_big_endian_file_reads_it_big_endian(mojiscope, tmp_path, fmt, bom, codec):
    """inspect --offset N on a file follows the BOM at byte 0, as stdin does."""
    text = "héllo wörld " * 400
    path = tmp_path / "be.txt"
    path.write_bytes(bom + text.encode(codec))
    args = ("inspect", "-f", fmt, "--offset", "1000", "--length", "40", "--json")
    from_file = mojiscope(*args[:1], str(path), *args[1:])
    from_stdin = mojiscope(*args[:1], "-", *args[1:], stdin=path.read_bytes())
    assert from_file.returncode == from_stdin.returncode == 0
    assert from_file.json_lines() == from_stdin.json_lines()
    assert "".join(r["text"] for r in from_file.json_lines()) in text

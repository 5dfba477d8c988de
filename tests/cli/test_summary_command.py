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
    assert set(records[0]) == {"format", "bytes", "counts", "reasons", "verdict", "rank", "notices"}
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


#: One text per notice kind, in UTF-8, and what the summary calls it.
NOTICE_TEXTS = {
    "bidi": 'if access == "user\u202e \u2066// admin\u2069\u2066":',
    "invisible": "pass\u200bword and soft\u00adhyphen",
    "private-use": "the logo \ue000 here",
    "noncharacter": "marker \ufdd0 inside",
    "bom": "joined\ufefffiles",
}


def test_each_notice_kind_is_counted_and_gates(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for kind, text in NOTICE_TEXTS.items():
        path = tmp_path / f"{kind}.txt"
        path.write_bytes(text.encode())
        run = mojiscope("inspect", "--summary", path, "-f", "utf-8", "--json")
        assert run.returncode == 0, run.stderr
        notices = run.json_lines()[0]["notices"]
        assert isinstance(notices, dict) and set(notices) == {kind}, (kind, notices)
        gate = mojiscope("inspect", "--summary", path, "-f", "utf-8", "--fail-on", kind)
        assert gate.returncode == 1
        assert gate.stderr_lines[-1].startswith(f"mojiscope: {path}: utf-8 has ")
        assert gate.stderr_lines[-1].endswith(f" {kind}")
        others = ",".join(k for k in NOTICE_TEXTS if k != kind)
        assert (
            mojiscope("inspect", "--summary", path, "-f", "utf-8", "--fail-on", others).returncode
            == 0
        )
    bidi = mojiscope("inspect", "--summary", tmp_path / "bidi.txt", "-f", "utf-8")
    assert "4 bidi controls: the text may display in another order than it is stored" in (
        bidi.stdout.decode()
    )


def test_a_bom_at_the_start_is_a_signature_not_a_notice(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffplain".encode())
    run = mojiscope("inspect", "--summary", path, "-f", "utf-8", "--fail-on", "bom", "--json")
    assert run.returncode == 0 and run.json_lines()[0]["notices"] == {}


def test_the_gate_takes_error_kinds_and_the_first_ranked_format(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"abc \xff def")
    assert (
        mojiscope("inspect", "--summary", bad, "-f", "utf-8", "--fail-on", "invalid").returncode
        == 1
    )
    lone = tmp_path / "lone.txt"
    lone.write_bytes(b"abc \xed\xa0\x80 def")
    run = mojiscope("inspect", "--summary", lone, "-f", "wtf-8", "--fail-on", "surrogate,bidi")
    assert run.returncode == 1 and run.stderr_lines[-1].endswith("wtf-8 has 1 surrogate")
    clean = tmp_path / "clean.txt"
    clean.write_bytes(b"plain ASCII text\n")
    run = mojiscope("inspect", "--summary", clean, "--fail-on", "error,bidi,invisible")
    assert run.returncode == 0, run.stderr
    unknown = mojiscope("inspect", "--summary", clean, "--fail-on", "bidi,nonsense")
    assert unknown.returncode == 2 and "unknown kind 'nonsense'" in unknown.stderr
    alone = mojiscope("inspect", clean, "-f", "utf-8", "--fail-on", "bidi")
    assert alone.returncode == 2 and "--fail-on goes with --summary" in alone.stderr


def test_compare_lists_each_differing_range(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "lone.bin"
    path.write_bytes(b"abc\xed\xa0\x80def caf\xc3\xa9 \xed\xb0\x80 z")
    run = mojiscope("compare", path, "-f", "utf-8", "-f", "wtf-8", "--json")
    assert run.returncode == 0, run.stderr
    records = run.json_lines()
    assert [r["bytes"] for r in records] == [[3, 6], [16, 19]]
    assert records[0]["formats"][1] == {  # type: ignore[index]
        "format": "wtf-8",
        "text": "\ud800",
        "kinds": ["surrogate:unpaired-lead"],
    }
    text = mojiscope("compare", path, "-f", "utf-8", "-f", "wtf-8", "-f", "cp1252")
    lines = text.stdout.decode().splitlines()
    assert "utf-8 and wtf-8 differ at 2 places: lone surrogates" in lines
    assert any(line.startswith("utf-8 and cp1252 differ at 3 places") for line in lines)
    one = mojiscope("compare", path, "-f", "utf-8")
    assert one.returncode == 2 and "at least two formats" in one.stderr

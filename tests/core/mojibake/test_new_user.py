"""The files a new user made (issue 35), each explained right, or fine as
it is where it is fine, or at least not confidently wrong."""

from __future__ import annotations

from importlib import resources

from mojiscope.core.mojibake import explain

WIN = "whatwg-windows-1252"


def test_excel_csv_saved_as_windows_1252_is_written_as_windows_1252() -> None:
    text = "Name;City;Note\r\nJosé;Málaga;café crème\r\nSøren;København;€100\r\n"
    best = explain(text.encode("cp1252"))[0]
    assert best.words == ["written as windows-1252"]
    assert best.text == text


def test_csv_misread_twice_with_a_byte_lost_to_fffd_is_not_a_confident_one_layer_repair() -> None:
    text = "Name;City\r\nÁlvaro;Málaga\r\nCafé;Córdoba\r\n"
    once = text.encode().decode(WIN)
    # The second reader's strict cp1252 has no character for 81 ("Á" is C3 81): U+FFFD.
    twice = once.encode().decode("cp1252", "replace")
    best = explain(twice.encode())[0]
    assert "Ã" not in best.text or best.confidence < 0.5
    assert best.text == text or best.confidence < 0.9


def test_valid_wtf8_list_of_windows_file_names_is_fine_as_it_is() -> None:
    names = ["report\udc00final.docx", "photo\ud83d.jpg", "plain.txt", "data\udfff.csv"]
    data = "\n".join(names).encode("utf-8", "surrogatepass") + b"\n"
    assert b"\xed\xb0\x80" in data and b"\xed\xa0\xbd" in data
    best = explain(data)[0]
    assert best.unchanged


def test_shift_jis_read_as_windows_1252_with_fffd_holes_is_not_fine_at_full_confidence() -> None:
    text = "新しい資料を添付しました。ご確認ください。よろしくお願いします。"
    damaged = text.encode("shift_jis").decode("cp1252", "replace").encode()
    assert "\ufffd".encode() in damaged
    best = explain(damaged)[0]
    assert not (best.unchanged and best.confidence >= 0.9)
    # Pieces of it read as UTF-8 by chance: a repair that leaves the U+FFFD holes is not sure.
    assert best.text == text or best.confidence <= 0.5, (best.words, best.confidence)


def test_the_bundled_demo_is_not_called_legacy_bytes_with_confidence() -> None:
    demo = resources.files("mojiscope.resources").joinpath("demo.bin").read_bytes()
    best = explain(demo)[0]
    assert best.chain.stored_as in ("utf-8",) or best.confidence < 0.5
    assert best.words != ["written as cp850"]
    # Its one misread line is repaired; its ill-formed bytes are no lost U+FFFD.
    assert best.words == ["utf-8 read as windows-1252 (some parts)"]
    assert best.confidence >= 0.9

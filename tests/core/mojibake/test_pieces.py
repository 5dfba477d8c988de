# ruff: noqa: RUF001, RUF003 - mojibake is made of look-alike characters
"""The piece-by-piece reading: runs undone each on its own beside correct
characters, and a sequence a byte short beside them read with its lost byte
guessed, over exactly the bytes of that sequence."""

from __future__ import annotations

from mojiscope.core.conversion.convert import run_conversion
from mojiscope.core.mojibake import explain
from mojiscope.core.mojibake.chain import Chain
from mojiscope.core.mojibake.guess import DROPPED, LOST_NBSP, QUESTION_MARK, SPACE
from mojiscope.core.mojibake.pieces import Reading, legacy_pieces, piecewise
from mojiscope.core.mojibake.plan import plan_of_explanation
from mojiscope.core.mojibake.plan_reading import PlanReading

# と (E3 81 A8) read as windows-1252, its 81 dropped, beside 空 read whole.
KANA_LOST = "<TD>記憶ã¨ç©º</TD>".encode()


def _plain(data: bytes) -> Reading | None:
    """The piece-by-piece reading that guesses nothing."""
    return next((r for r in piecewise(data) if not r[0].guesses), None)


def _lost(data: bytes) -> list[Reading]:
    """The piece-by-piece readings that guess lost bytes."""
    return [r for r in piecewise(data) if r[0].guesses]


def _written(data: bytes, rank: int = 0) -> str:
    """What a reading's repair plan writes (as Export repaired… does)."""
    out: list[bytes] = []
    plan = PlanReading(plan_of_explanation(explain(data)[rank], len(data)))
    run_conversion(data, plan, "utf-8", errors="replace", write=out.append)
    return b"".join(out).decode("utf-8")


def test_runs_are_undone_and_the_rest_kept() -> None:
    found = _plain("Divisão … ClassificaÃ§Ã£o".encode())
    assert found is not None
    reading, parts = found
    assert reading.text == "Divisão … Classificação"
    assert not reading.guesses
    assert [p.chain.is_identity for p in parts] == [True, False, True]  # ..., Ã§Ã£, o


def test_a_sequence_a_byte_short_beside_a_run_has_its_byte_guessed() -> None:
    (found,) = _lost(KANA_LOST)
    reading, parts = found
    assert reading.text == "<TD>記憶と空</TD>"
    (guess,) = reading.guesses
    assert (guess.what, guess.char) == (DROPPED, "と")
    # The guess stands over the stored characters ã and ¨, and the repaired
    # part is the two sequences, which meet, as one.
    assert (guess.start, guess.end) == (6, 8)
    assert [(p.start, p.end, p.chain.is_identity) for p in parts] == [
        (0, 10, True),
        (10, 20, False),
        (20, 25, True),
    ]


def test_a_byte_lost_in_a_piece_is_guessed_by_the_characters_around_it() -> None:
    # 字 (E5 AD 97) lost its soft hyphen; 吗 (E5 90 97) would have lost an
    # undefined byte. The piece after it, ç¬¦, is 符: 字符 is a word, 吗符 no pair.
    data = "canalå—ç¬¦é›†".encode()
    (found,) = _lost(data)
    assert found[0].text == "canal字符集"


def test_without_lost_the_sequence_a_byte_short_is_kept() -> None:
    found = _plain(KANA_LOST)
    assert found is not None
    assert found[0].text == "<TD>記憶ã¨空</TD>"


def test_the_explainer_repairs_it_and_the_plan_writes_what_it_shows() -> None:
    best = explain(KANA_LOST)[0]
    assert best.text == "<TD>記憶と空</TD>"
    (lost,) = best.lost
    assert KANA_LOST[lost.start : lost.end] == "ã¨".encode()
    assert _written(KANA_LOST) == best.text


def test_a_stand_in_inside_a_sequence_is_guessed() -> None:
    # し (E3 81 97) read as strict cp1252, its 81 written as "?".
    data = "新しい新ã?—".encode()
    (found,) = _lost("しい ç©º ".encode() + data)
    assert found[0].text.endswith("新し")
    assert found[0].guesses[0].what == QUESTION_MARK


def test_no_lost_reading_without_a_short_sequence_or_a_whole_run() -> None:
    assert _lost("Divisão … ClassificaÃ§Ã£o".encode()) == []
    assert piecewise("記憶ã¨".encode()) == []  # no run shows the reading
    assert _lost(b"\xff " + "ClassificaÃ§Ã£o ã¨".encode()) == []  # no UTF-8


def test_correct_accents_before_quotes_beside_a_run_stay() -> None:
    # é” and é’ are a lead byte's character and a continuation byte's: they
    # are read with a byte guessed, and that reading loses to keeping them.
    best = explain("café’s and Ã©t perché”".encode())[0]
    assert best.text == "café’s and ét perché”"
    assert not best.lost


def test_a_space_that_was_a_no_break_space_beside_correct_accents() -> None:
    # à bientôt: Ã and A0 read as windows-1252, the A0 turned into a space.
    data = "Voilà Ã  bientôt".encode()
    (found,) = _lost(data)
    assert found[0].text == "Voilà à bientôt"
    (guess,) = found[0].guesses
    assert (guess.what, guess.char, guess.start, guess.end) == (SPACE, "à", 6, 8)
    best = explain(data)[0]
    assert best.text == "Voilà à bientôt"
    assert _written(data) == best.text


def test_the_space_kept_where_the_no_break_space_was_lost() -> None:
    # HTML collapsed the no-break space and the space after it: Ã bientôt.
    data = "Voilà Ã bientôt".encode()
    found, kept = _lost(data)  # the space taken for the no-break space, then kept
    assert found[0].text == "Voilà àbientôt"
    assert kept[0].text == "Voilà à bientôt"
    (guess,) = kept[0].guesses
    assert (guess.what, guess.start, guess.end) == (LOST_NBSP, 6, 7)
    readings = explain(data)
    rank = [r.text for r in readings].index("Voilà à bientôt")
    assert _written(data, rank) == "Voilà à bientôt"


def test_a_space_alone_needs_no_whole_run_but_a_byte_short_does() -> None:
    assert _lost("Rendez-vous Ã  Paris".encode()) != []
    assert piecewise("Rendez-vous ã¨ Paris".encode()) == []


# One word typed on a machine that wrote windows-1252, in UTF-8 text.
STRAY = "Il caffè è pronto, perché sì\n".encode().replace("è".encode(), b"\xe8", 1)


def test_stray_legacy_bytes_are_read_in_their_code_page_and_the_rest_as_utf8() -> None:
    readings = {r.text: parts for r, parts in legacy_pieces(STRAY)}
    parts = readings["Il caffè è pronto, perché sì\n"]
    assert [(p.start, p.end, p.chain) for p in parts] == [
        (0, 7, Chain()),
        (7, 8, Chain((), "windows-1252")),
        (8, len(STRAY), Chain()),
    ]
    best = explain(STRAY)[0]
    assert best.text == "Il caffè è pronto, perché sì\n" and best.confidence >= 0.9
    assert best.ranges == ((7, 8),)  # the byte read as windows-1252, not the UTF-8 beside it
    assert _written(STRAY) == best.text


def test_a_first_line_a_legacy_code_page_wrote_is_read_so_beside_utf8() -> None:
    data = "Привет, мир\n".encode("cp1251") + "Как дела?\n".encode()
    best = explain(data)[0]
    assert best.text == "Привет, мир\nКак дела?\n"
    assert best.words == ["written as cp1251 (some parts)"]
    assert _written(data) == best.text


def test_no_legacy_pieces_without_utf8_beside_them_or_a_code_page_that_reads_them() -> None:
    assert legacy_pieces("Привет, мир".encode("cp1251")) == []  # the whole is legacy
    assert legacy_pieces(b"caf\xc3\xa9") == []  # no byte that is no UTF-8
    # A cut character at the end: every code page reads its lead byte, but
    # the text as it is (cut, U+FFFD) is the likelier reading.
    cut = "Größe und Qualität, naï".encode()[:-1]
    assert legacy_pieces(cut) and explain(cut)[0].text.endswith("na\ufffd")

# ruff: noqa: RUF001 - mojibake is the subject
"""Mojibake whose case changed after it was misread: a small letter the undo
made inside a word of capitals is given back its capital, and a lead put in
small letters its capital where that makes its character whole, each as a
guess the repair writes, and nothing else changes."""

from __future__ import annotations

from helpers.changes import changed_places
from helpers.properties import property_settings
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.mojibake import explain
from mojiscope.core.mojibake.capitals import capitals_restored, small_leads_lifted
from mojiscope.core.mojibake.guess import CAPITAL, SMALL

WORDS = st.sampled_from(["férias", "são", "paulo", "josé", "münchen", "café", "rua", "ok", "Été"])


def _undone(text: str) -> tuple[str, bytes]:
    """``text`` misread as windows-1252, put in capitals, and the undo's
    bytes and text (one byte a stored character)."""
    stored = text.encode().decode("windows-1252", "replace").upper()
    raw = stored.encode("windows-1252", "replace")
    return raw.decode("utf-8", "replace"), raw


def test_a_small_letter_the_undo_made_among_capitals_is_given_its_capital() -> None:
    repaired, raw = _undone("férias")
    assert repaired == "FéRIAS"
    found = capitals_restored(repaired, raw)
    assert found is not None
    text, guesses = found
    assert text == "FÉRIAS"
    assert [(g.start, g.end, g.what, g.char, g.at_char) for g in guesses] == [
        (1, 3, CAPITAL, "É", 1)
    ]


def test_letters_in_a_word_not_all_capitals_or_not_made_by_the_undo_are_kept() -> None:
    assert capitals_restored("Café PARIS", "Café PARIS".encode()) is None
    assert capitals_restored("éTé", "éTé".encode()) is None  # one capital says too little
    # A word of one letter is read by the whole text's capitals.
    found = capitals_restored("BOUTON à DEUX", "BOUTON à DEUX".encode())
    assert found is not None and found[0] == "BOUTON À DEUX"
    assert capitals_restored("Bouton à deux", "Bouton à deux".encode()) is None
    assert capitals_restored("aBCD", b"aBCD") is None  # an ASCII letter no undo made
    # A small sign (circled a), in no word: no letter, and no word to read.
    assert capitals_restored("ⓐ", "ⓐ".encode()) is None
    assert capitals_restored("ABC ⓐ DEF", "ABC ⓐ DEF".encode()) is None


@property_settings(200)
@given(words=st.lists(WORDS, min_size=1, max_size=5))
def test_only_letters_the_undo_made_change_and_only_to_their_capitals(words: list[str]) -> None:
    repaired, raw = _undone(" ".join(words))
    found = capitals_restored(repaired, raw)
    if found is None:
        return
    text, guesses = found
    assert len(text) == len(repaired)
    changed = changed_places(repaired, text)
    assert changed == [g.at_char for g in guesses]
    for g in guesses:
        assert text[g.at_char] == repaired[g.at_char].upper() == g.char
        assert g.end - g.start > 1 and not raw[g.start : g.end].isascii()


def test_the_explainer_gives_back_the_capitals_of_a_registry_in_capitals() -> None:
    best = explain("RUA JOSÃ© BONIFÃ¡CIO, SÃ£O PAULO".encode())[0]
    assert best.text == "RUA JOSÉ BONIFÁCIO, SÃO PAULO"
    assert {lost.what for lost in best.lost} == {CAPITAL}
    assert [lost.guess for lost in best.lost] == ["É", "Á", "Ã"]


def test_a_word_the_undo_made_whole_keeps_its_case() -> None:
    # Beside capitals in ASCII, a word all of whose letters the undo made
    # is as it was written: STR_KB_TIPS does not make Поради capitals.
    assert explain('STR_KB_TIPS: "ÐŸÐ¾Ñ€Ð°Ð´Ð¸:"'.encode())[0].text == 'STR_KB_TIPS: "Поради:"'


def test_leads_put_in_small_letters_are_given_their_capitals_where_that_makes_them_whole() -> None:
    found = small_leads_lifted("intã©rieure", "windows-1252")
    assert found is not None
    text, guesses = found
    assert text == "intérieure"
    assert [(g.start, g.end, g.what, g.char, g.at_char) for g in guesses] == [(3, 5, SMALL, "é", 3)]
    found = small_leads_lifted("ä\x8dtrnã¡ct", "latin-1")
    assert found is not None and found[0] == "čtrnáct"


def test_leads_beside_capitals_alone_or_making_a_control_are_kept() -> None:
    assert small_leads_lifted("íŒŒì¼", "windows-1252") is None  # capitals: bytes were lost
    assert small_leads_lifted("Finishing â¢ Polished", "windows-1252") is None  # alone
    assert small_leads_lifted("theâ€ok", "windows-1252") is None  # Â€ is a control
    assert small_leads_lifted("café", "windows-1252") is None  # é has nothing to lead
    # A correct é before a curly quote: É and the quote's byte are C9 92, ɒ.
    assert small_leads_lifted("café’s", "windows-1252") is None


@property_settings(200)
@given(words=st.lists(WORDS, min_size=1, max_size=5))
def test_lifted_leads_only_change_to_their_capitals_and_make_whole_utf8(words: list[str]) -> None:
    stored = " ".join(words).encode().decode("windows-1252", "replace").lower()
    found = small_leads_lifted(stored, "windows-1252")
    if found is None:
        return
    text, guesses = found
    raw = stored.encode("windows-1252")
    lifted = bytes(text.encode())
    assert len(lifted) == len(raw)
    changed = changed_places(raw, lifted)
    assert changed == [g.start for g in guesses]
    for g in guesses:
        assert stored[g.start].upper().encode("windows-1252")[0] == lifted[g.start]
        assert text[g.at_char] == g.char


def test_the_explainer_reads_back_mojibake_put_in_small_letters() -> None:
    best = explain("joe l'aventure intãƒâ©rieure".encode())[0]
    assert best.text == "joe l'aventure intérieure"
    assert {lost.what for lost in best.lost} == {SMALL}


@property_settings(300)
@given(
    text=st.text(
        alphabet=st.one_of(
            st.sampled_from("AB é ß ǅ ª ⓐ ã©ƒ\x8d’"),
            st.characters(codec="utf-8", exclude_categories=("Cs",)),
        ),
        max_size=40,
    )
)
def test_any_text_gets_its_capitals_and_leads_read_back_or_none_and_nothing_else(
    text: str,
) -> None:
    # Any repaired text (its UTF-8 the undo's bytes): only small letters
    # the undo made of two or more bytes become their capitals.
    found = capitals_restored(text, text.encode())
    if found is not None:
        restored, guesses = found
        assert len(restored) == len(text) and guesses
        for g in guesses:
            assert text[g.at_char].upper() == restored[g.at_char] == g.char
    # Any stored text, as windows-1252 or latin-1 read it.
    for encoding in ("windows-1252", "latin-1"):
        lifted = small_leads_lifted(text, encoding)
        if lifted is not None:
            repaired, guesses = lifted
            assert guesses and all(repaired[g.at_char] == g.char for g in guesses)

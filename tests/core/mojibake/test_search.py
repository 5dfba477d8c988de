# ruff: noqa: RUF001, RUF003 - Cyrillic letters are the subject
"""The search: a bounded search finds what the full one finds, Western
text read as another code page (Cyrillic Windows among them) is offered
back only through its words, a look-alike letter only into a known one, and
a word that lost several letters is read back whole where a known word fits,
text that lost every continuation byte to stripped C1 controls or to
windows-1252 is read back,
and legacy text read by a neighbour's code page (Cyrillic in another
Cyrillic one, UTF-8 by a Russian console) is read back, unsure."""

from __future__ import annotations

import pytest
from helpers.changes import changed_places
from helpers.properties import property_settings
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.mojibake import IDENTITY, Chain, Misreading, explain
from mojiscope.core.mojibake.chain import damage, python_codec
from mojiscope.core.mojibake.explain import UNSURE_CONFIDENCE
from mojiscope.core.mojibake.features import fold
from mojiscope.core.mojibake.guess import C1_STRIPPED
from mojiscope.core.mojibake.hypothesis import scored, settled
from mojiscope.core.mojibake.lexicon import known_words
from mojiscope.core.mojibake.oddities import odd_places
from mojiscope.core.mojibake.search import (
    NEIGHBOUR_READERS,
    UNFITTED,
    WESTERN_MISREADERS,
    commoner,
    search,
    undo_first,
    utf8_layers_only,
    western_origins,
)

PROPERTY = property_settings(300)


LATIN_ROWS = st.lists(
    st.sampled_from(["José Müller", "Ana Núñez", "Åström", "Groß", "Kraków", "Ã©tÃ©", "ok", "\n"]),
    max_size=20,
).map(",".join)


@PROPERTY
@given(text=LATIN_ROWS)
def test_a_bounded_search_finds_the_same_readings_and_leaves_only_legacy_origins_bound(
    text: str,
) -> None:
    full = search(scored(text, IDENTITY))
    fast = search(scored(text, IDENTITY), bound=True)
    assert sorted(full, key=lambda h: h.text) == sorted(map(settled, fast), key=lambda h: h.text)
    assert [h.price for h in full] == sorted(settled(h).price for h in fast)
    for h in fast:
        if h.bound:
            assert h.chain.layers[0].written != "utf-8"
            assert h.price <= settled(h).price
            assert all(h.price > u.price for u in fast if not u.bound and utf8_layers_only(u))
        else:
            assert h == next(f for f in full if f.text == h.text)


WESTERN_WORDS = ["Théâtre", "Québec", "español", "många", "café", "naïve", "Zürich", "garçon"]
WESTERN_TEXT = [*WESTERN_WORDS, "de", "la", "and", "à"]


@PROPERTY
@given(
    words=st.lists(st.sampled_from(WESTERN_TEXT), min_size=1, max_size=6),
    reader=st.sampled_from(WESTERN_MISREADERS),
)
def test_western_text_read_as_a_code_page_is_offered_back_only_through_words(
    words: list[str], reader: str
) -> None:
    original = " ".join(words)
    try:
        text = original.encode("cp1252").decode(python_codec(reader))
    except UnicodeError:
        return
    found = western_origins(text)
    odd = bool(odd_places(text))
    for hypothesis in found:  # each reading replays to the text it undoes
        assert damage(hypothesis.chain, hypothesis.text) == text.encode()
        changed = changed_places(text, hypothesis.text)
        assert all(hypothesis.text[i].isalpha() for i in changed)
        places = [start for start, _, _ in odd_places(text)]
        at = 0
        for before, after in zip(text.split(" "), hypothesis.text.split(" "), strict=True):
            if before != after:  # a word read back becomes known or held a mark of damage
                held = any(at <= place < at + len(before) for place in places)
                assert fold(after) in known_words() or held
                if not odd:  # without a mark of damage, only words unknown as they stand
                    assert fold(before) not in known_words()
            at += len(before) + 1
    misread = [t for w, t in zip(words, text.split(" "), strict=True) if w != t]
    known = all(fold(w) in known_words() for w in words)
    if misread and known and (odd or not any(fold(t) in known_words() for t in misread)):
        assert original in [h.text for h in found]


def test_western_text_read_as_cyrillic_windows_is_read_back() -> None:
    # ü is FC in windows-1252, which cp1251 (a Russian Windows) reads as ь.
    best = explain("Mьnchen".encode())[0]
    assert best.text == "München"
    assert best.chain == Chain((Misreading("windows-1252", "cp1251"),))
    # Training never draws this misreading: how sure the repair is, is not known.
    assert best.confidence == UNSURE_CONFIDENCE
    assert best.doubt == (
        "the model was never fitted on this misreading, so how often it is right is not known"
    )
    assert [h.text for h in western_origins("Zьrich")] == ["Zürich"]


def test_a_word_holding_a_look_alike_letter_is_read_back_only_into_a_known_word() -> None:
    # A Cyrillic а (E0 in cp1251, à in windows-1252) inside a Latin name was
    # typed or pasted so: Michàel is no word, so nothing is offered.
    assert western_origins("West Michаel, GU") == []
    assert explain("West Michаel, GU".encode())[0].text == "West Michаel, GU"
    # ñ is F1, cp1251's с: España is a known word, so it is offered.
    assert [h.text for h in western_origins("Espaсa")] == ["España"]


def test_a_text_whose_only_letters_beyond_ascii_look_latin_lost_no_byte() -> None:
    # Е (Cyrillic) is C5 in cp1251, the lead byte of Ř (C5 98) whose 98
    # cp1251 drops: but a look-alike inside a Latin name was typed or
    # pasted, and no byte is guessed for it.
    assert undo_first("Mr. Еdward Smith", "cp1251") is None
    assert explain("Mr. Еdward Smith".encode())[0].unchanged
    # Any other letter beyond ASCII, and a dropped byte is guessed as ever:
    # Á is C3 81, and windows-1252 has no 81.
    guessed = undo_first("Ãlvaro", "cp1252")
    assert guessed is not None and guessed[0] == "Álvaro"
    assert [g.what for g in guessed[1]] == ["dropped"]


def test_of_two_chains_that_give_one_text_the_commoner_names_it() -> None:
    # cp1254 writes É and Ñ as windows-1252 does: whatever the model prices
    # lower, the text is named after the commoner writer, and a UTF-8 writer
    # before any; a shorter chain before a longer.
    western = Chain((Misreading("windows-1252", "cp437"),))
    turkish = Chain((Misreading("cp1254", "cp437"),))
    utf8 = Chain((Misreading("utf-8", "cp437"),))
    assert commoner(western, turkish) and not commoner(turkish, western)
    assert commoner(utf8, western)
    assert commoner(western, Chain((*western.layers, Misreading("utf-8", "windows-1252"))))


def test_words_that_lost_several_letters_to_stripped_c1_controls_are_read_back_whole() -> None:
    # Cyrillic UTF-8 read as latin-1 loses every letter whose second byte is
    # 80-9F where the C1 controls are stripped: П, р and т of привет each
    # keep only their lead byte. Each hole alone may be 32 letters; the
    # known word they make together is the guess (not Асивес).
    text = "Привет, как дела?"
    stripped = "".join(c for c in text.encode().decode("latin-1") if not "\x80" <= c <= "\x9f")
    found = undo_first(stripped, "latin-1")
    assert found is not None
    repaired, guesses = found
    assert repaired == text
    assert [g.char for g in guesses] == ["П", "р", "т"]


def stripped_of_c1(text: str) -> str:
    """``text`` as UTF-8 read as latin-1, its C1 controls stripped."""
    return "".join(c for c in text.encode().decode("latin-1") if not "\x80" <= c <= "\x9f")


@pytest.mark.parametrize(
    ("text", "stripped"),
    [
        ("Skompresowany obraz płyty CD", "Skompresowany obraz pÅyty CD"),
        ("netikėta failo pabaiga", "netikÄta failo pabaiga"),
        ("nie powiodło się", "nie powiodÅo siÄ"),
    ],
)
def test_text_that_lost_every_continuation_byte_to_stripped_c1_controls_is_read_back(
    text: str, stripped: str
) -> None:
    # No continuation byte of A0-BF is left to show UTF-8 read as latin-1;
    # a capital lead's letter after a small one inside a word shows it.
    assert stripped_of_c1(text) == stripped
    best = explain(stripped.encode())[0]
    assert best.text == text
    assert best.words[0] == "utf-8 read as latin-1"
    assert C1_STRIPPED in {lost.what for lost in best.lost}


@pytest.mark.parametrize("text", ["接続できませんでした。", "ファイル名を表示", "檔案名稱尚未指定"])
def test_a_character_that_lost_both_its_bytes_to_windows_1252_is_guessed(text: str) -> None:
    # き is E3 81 8D and 名 E5 90 8D: cp1252 has no character for 81, 8D or
    # 90, so a program that drops what it cannot read keeps only the lead.
    seen = text.encode().decode("cp1252", "ignore")
    assert "ã" in seen or "å" in seen
    best = explain(seen.encode())[0]
    assert best.text == text
    assert best.words == ["utf-8 read as cp1252", "repaired: dropped"]


@pytest.mark.parametrize("text", ["Åsa och Örjan åker till Ärla", "Straße", "Am cât de mult"])
def test_correct_text_with_a_capital_lead_or_a_circumflex_is_left_as_it_is(text: str) -> None:
    assert explain(text.encode())[0].text == text


@pytest.mark.parametrize(
    "text",
    ["существует, но не является каталогом", "Добрый день, как дела?"],
)
def test_cyrillic_that_lost_its_c1_controls_is_read_back_not_as_thai(text: str) -> None:
    # Its lead bytes D0 and D1 are cp874's SARA A and MAI HAN-AKAT, which no
    # Thai word begins with: no Thai origin is offered, and the latin-1
    # reading, each hole filled from the words it makes, comes first.
    stripped = "".join(c for c in text.encode().decode("latin-1") if not "\x80" <= c <= "\x9f")
    found = explain(stripped.encode())
    assert found[0].text == text
    assert not any(layer.written == "cp874" for e in found for layer in e.chain.layers)


def test_thai_read_as_windows_1252_is_still_read_back_through_cp874() -> None:
    text = "สวัสดีครับ ทดสอบ ภาษาไทย"
    found = explain(text.encode("cp874").decode("cp1252", "replace").encode())
    assert found[0].text == text
    assert found[0].chain.layers[0] == Misreading("cp874", "windows-1252")


RUSSIAN = "Съешь же ещё этих мягких французских булок, да выпей чаю"
#: The text each writer writes: Russian, or for Central European Windows Polish.
WRITTEN = dict.fromkeys(("cp1251", "koi8-r", "cp866"), RUSSIAN) | {
    "cp1250": "Zażółć gęślą jaźń, pchnąć w tę łódź jeża"
}


@pytest.mark.parametrize(
    ("writer", "reader"),
    [(writer, reader) for reader, writers in NEIGHBOUR_READERS.items() for writer in writers],
)
def test_legacy_text_read_by_a_neighbours_code_page_is_read_back_unsure(
    writer: str, reader: str
) -> None:
    # KOI8-R read as cp1251 is "рТЙЧЕФ", cp1251 read by a DOS console "╧ЁштхЄ".
    text = WRITTEN[writer]
    seen = text.encode(python_codec(writer)).decode(python_codec(reader))
    best = explain(seen.encode())[0]
    assert best.text == text
    assert best.chain == Chain((Misreading(writer, reader),))
    # Training never draws these misreadings: how sure the repair is, is not known.
    assert best.confidence <= UNSURE_CONFIDENCE


def test_utf8_read_by_a_russian_console_is_read_back_unsure() -> None:
    seen = RUSSIAN.encode().decode("cp866")  # "╨С╤К╨╡╤И╤М ..."
    best = explain(seen.encode())[0]
    assert (best.text, best.chain) == (RUSSIAN, Chain((Misreading("utf-8", "cp866"),)))
    assert best.confidence == UNSURE_CONFIDENCE


@pytest.mark.parametrize(
    "text", [RUSSIAN, "Zażółć gęślą jaźń", "Příliš žluťoučký kůň úpěl ďábelské ódy", "Новая папка"]
)
def test_correct_cyrillic_and_central_european_text_is_fine_as_it_is(text: str) -> None:
    best = explain(text.encode())[0]
    assert best.unchanged and best.confidence > 0.9


@pytest.mark.parametrize("text", [RUSSIAN, WRITTEN["cp1250"], "Новая папка, Документы"])
def test_text_that_shows_nothing_a_neighbour_leaves_is_offered_no_neighbours_reading(
    text: str,
) -> None:
    readings = search(scored(text, IDENTITY))
    assert not any(h.chain.layers and h.chain.layers[0] in UNFITTED for h in readings)


def test_a_cyrillic_word_in_capitals_has_the_neighbours_tried() -> None:
    # What KOI8-R and cp1251 make of each other's lower-case letters; a
    # heading in capitals has them tried too, and the text as it is wins.
    readings = search(scored("ВНИМАНИЕ: " + RUSSIAN, IDENTITY))
    assert any(h.chain.layers and h.chain.layers[0] in UNFITTED for h in readings)
    assert explain(("ВНИМАНИЕ: " + RUSSIAN).encode())[0].unchanged


@pytest.mark.parametrize("text", ["¿Acepta esta firma?", "°C", "© 2024 Example", "™ and more"])
def test_a_sign_at_the_start_is_no_cut_character_where_the_rest_is_as_it_was(text: str) -> None:
    # Read as windows-1252, these signs are continuation bytes: the tail of
    # a cut character. A repair that makes nothing but that cut explains
    # nothing, and is not offered.
    assert all(r.text == text or "\ufffd" not in r.text for r in explain(text.encode()))
    assert explain(text.encode())[0].text == text


def test_a_cut_character_beside_other_mojibake_or_alone_is_still_read_as_cut() -> None:
    assert explain("©tÃ© chaud".encode())[0].text == "\ufffdté chaud"
    assert explain("ãƒ".encode())[0].text == "\ufffd"

# ruff: noqa: RUF001, RUF003 - accented letters are the subject
"""The frequent-word table: per language, its words holding a non-ASCII
letter, and for a language written in Latin script its commonest ASCII
words, which tell the language of a text whose accented letters were lost."""

from __future__ import annotations

from mojiscope.core.mojibake.lexicon import (
    common_symbols,
    completion_words,
    fill_words,
    fillings,
    han_pairs,
    known_bigrams,
    known_words,
    language_words,
    letter_pairs,
    script_letters,
    script_pairs,
    sign_rank,
)


def _languages_of(word: str) -> list[frozenset[str]]:
    return [words for words in language_words() if word in words]


def test_a_latin_script_language_holds_its_commonest_ascii_words() -> None:
    (portuguese,) = _languages_of("você")
    assert {"que", "para", "não", "muito"} <= portuguese
    assert all(len(word) > 1 for word in portuguese if word.isascii())


def test_a_language_in_another_script_holds_no_ascii_word() -> None:
    cyrillic = _languages_of("что")
    assert cyrillic
    assert not any(word.isascii() for words in cyrillic for word in words)


def test_the_words_beyond_ascii_are_the_known_words() -> None:
    beyond = set().union(*(w for words in language_words() for w in [words] if w))
    assert {word for word in beyond if not word.isascii()} == set(known_words())


def test_pairs_the_words_hold_often_weigh_more_than_rare_ones() -> None:
    pairs, lefts, rights = letter_pairs()
    assert pairs["^н"] > 100 * pairs.get("^ы", 0.0)  # words begin with н, hardly ever with ы
    assert pairs["ца"] > pairs["цю"] > 0
    # Each character's totals are those of its pairs.
    assert lefts["щ"] == sum(n for pair, n in pairs.items() if pair[0] == "щ")
    assert rights["щ"] == sum(n for pair, n in pairs.items() if pair[1] == "щ")


def test_the_known_bigrams_are_the_pairs_but_han_beside_han() -> None:
    pairs = letter_pairs()[0]
    assert "有序" in pairs and "有序" not in known_bigrams()
    assert known_bigrams() == {p for p in pairs if not all("\u3400" <= c <= "\u9fff" for c in p)}


def test_the_han_pairs_are_the_pairs_of_two_han_characters() -> None:
    pairs = letter_pairs()[0]
    assert {"你好", "世界", "東京"} <= han_pairs()
    assert "低挫" not in han_pairs()  # 你好 read from GBK bytes as EUC-JP
    assert han_pairs() | known_bigrams() == set(pairs)
    assert not han_pairs() & known_bigrams()


def test_a_rarer_word_differing_from_a_commoner_only_beyond_ascii_is_left_out() -> None:
    # French étre is mostly être misspelt; Turkish kısıtlı has no commoner twin.
    words = completion_words()
    assert "être" in words and "étre" not in words
    assert "kısıtlı" in words and "kısıtlı" not in known_words()


def test_the_scripts_no_word_list_writes_have_their_dictionarys_letters_and_pairs() -> None:
    letters = script_letters()
    # Thai, Lao, Sinhala, Telugu, Malayalam and Gujarati; none a word list's.
    for letter in "กກකకകક":
        assert letter in letters
    assert not set(letters) & set("".join(known_words()))
    # Each script's shares sum to one, and a common letter outweighs a rare one.
    assert abs(sum(v for c, v in letters.items() if "\u0e00" <= c <= "\u0e7f") - 1) < 0.02
    assert letters["ก"] > 10 * letters["ฦ"]
    # Telugu words end in the vowel sign u more often than in the virama.
    assert script_pairs()["ు$"] > 3 * script_pairs()["్$"]
    assert not set(script_pairs()) & set(letter_pairs()[0])


def test_the_letters_known_words_put_in_a_words_holes_come_commonest_first() -> None:
    # пр?в?т (holes after пр and в): привет is a known word, so its letters
    # are among the fillings, and no filling puts a letter where the pieces
    # stand; a word no known word completes has none.
    found = fillings(("пр", "в", "т"))
    assert (("и", "е"), completion_words()["привет"]) in found
    assert [place for _letters, place in found] == sorted(place for _letters, place in found)
    assert all(len(letters) == 2 for letters, _place in found)
    assert fillings(("пр", "в", "дддд")) == ()


def test_the_common_symbols_are_those_written_as_words_of_their_own() -> None:
    symbols = common_symbols()
    assert {"♪", "★", "☺", "✓", "♥", "😂", "👍"} <= symbols
    # Pictures of things few write: what misread bytes make of E2 and F0 leads.
    assert not {"☬", "❬", "⚴", "🗠"} & symbols


def test_the_signs_come_in_order_of_how_often_the_training_texts_use_them() -> None:
    assert sign_rank("\u2014") < sign_rank("\u2013")  # — is used about three times as often
    assert sign_rank("«") < sign_rank("\u2014")
    assert sign_rank("a") == sign_rank("€") > sign_rank("\u2013")  # not punctuation there


def test_the_fill_words_hold_rarer_words_of_other_alphabets_after_the_known_ones() -> None:
    words = fill_words()
    assert "изображения" in words and "изображения" not in known_words()
    assert all(len(word) >= 5 and not word.isascii() for word in words)
    # Placed after their language's known words, as completion_words places its own.
    assert completion_words()["для"] < words["изображения"]


def test_a_word_of_another_alphabet_with_several_holes_is_filled_from_the_fill_words() -> None:
    # вместить, far down the Russian list, with с, т and т lost (read as
    # latin-1 whose C1 controls were stripped): found by its length and first letter.
    found = fillings(("вме", "", "и", "ь"))
    assert (("с", "т", "т"), fill_words()["вместить"]) in found
    # Its last letter finds it where its first is a hole.
    assert any(letters == ("в",) for letters, _ in fillings(("", "местить")))

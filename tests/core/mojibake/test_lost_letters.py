"""Letters lost before the bytes were written, guessed back from the words:
only holes change, each into a letter that makes a word the lexicon knows,
and a hole no word explains is kept."""

from __future__ import annotations

from helpers.changes import changed_places
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake.features import fold
from mojiscope.core.mojibake.lexicon import completion_words, fill_words, known_words
from mojiscope.core.mojibake.lost_letters import (
    AS_FFFD,
    AS_QUESTION_MARK,
    edge_holes,
    guess_letters,
    holes,
)

WORDS = sorted(w for w in known_words() if w.isalpha() and 3 <= len(w) <= 12)


@st.composite
def damaged_words(draw: st.DrawFn) -> tuple[str, str]:
    """A line of known words, some or all non-ASCII letters of some of them
    lost as U+FFFD or ?, and maybe a U+FFFD standing alone between two."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
    stand = draw(st.sampled_from(["\ufffd", "?"]))
    damaged = []
    for word in words:
        spots = [i for i, c in enumerate(word) if c >= "\x80"]
        if spots and draw(st.booleans()):
            lost = draw(st.lists(st.sampled_from(spots), min_size=1, unique=True))
            word = "".join(stand if i in lost else c for i, c in enumerate(word))
        damaged.append(word)
    if len(damaged) > 1 and draw(st.booleans()):  # a word of its own lost (Italian è)
        damaged.insert(draw(st.integers(1, len(damaged) - 1)), "\ufffd")
    return " ".join(words), " ".join(damaged)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(case=damaged_words())
def test_only_holes_change_each_into_a_letter_that_makes_a_known_word(
    case: tuple[str, str],
) -> None:
    _original, damaged = case
    found = guess_letters(damaged)
    if found is None:
        return
    filled, guesses = found
    assert len(filled) == len(damaged)
    changed = changed_places(damaged, filled)
    assert changed == [g.start for g in guesses]
    for guess in guesses:
        assert damaged[guess.start] in ("\ufffd", "?") and guess.char == filled[guess.start]
        assert guess.what == (AS_FFFD if damaged[guess.start] == "\ufffd" else AS_QUESTION_MARK)
        start = filled.rfind(" ", 0, guess.start) + 1
        end = filled.find(" ", guess.start)
        word = fold(filled[start : end if end >= 0 else None])
        assert word in completion_words() or word in fill_words()


def test_the_letter_the_text_uses_comes_first() -> None:
    found = guess_letters("Cr\ufffder une nouvelle pr\ufffdsentation")
    assert found is not None
    assert found[0] == "Créer une nouvelle présentation"
    # présentation (French, whose é the text uses), then prä- and præsentation.
    assert found[1][1].alternatives == ("ä", "æ")


def test_a_word_with_several_holes_is_filled_by_the_known_words_that_fit_them() -> None:
    found = guess_letters("Ven\ufffdl\ufffdinen, d\ufffdj\ufffd, Informa\ufffd\ufffdes")
    assert found is not None
    assert found[0] == "Venäläinen, déjà, Informações"
    assert [g.char for g in found[1]] == ["ä", "ä", "é", "à", "ç", "õ"]
    assert [g.start for g in found[1]] == [3, 5, 13, 15, 25, 26]


def test_of_the_words_of_the_text_s_language_that_fit_the_more_frequent_comes_first() -> None:
    # Vietnamese "bạn" and "bán", "gặp" and "góp" all fit; the first of each
    # pair is the commoner word.
    found = guess_letters("{100}{}{B?n g?p thương gia Bill.}")
    assert found is not None
    assert found[0] == "{100}{}{Bạn gặp thương gia Bill.}"
    assert "á" in found[1][0].alternatives


def test_the_other_fitting_words_give_each_hole_its_alternatives() -> None:
    found = guess_letters("m\ufffds")
    assert found is not None
    (guess,) = found[1]
    letters = {guess.char, *guess.alternatives}
    assert {"á", "é", "ê", "ē", "ū"} <= letters
    assert all(f"m{c}s" in completion_words() for c in letters)
    assert len(guess.alternatives) == len(letters) - 1


def test_a_place_name_beyond_the_frequent_words_completes_its_word() -> None:
    # Goražde is no frequent word of Bosnian, but it is among its 50,000.
    assert "goražde" not in known_words()
    found = guess_letters("6252   Bosnian-Podrinje Canton Gora?de        BIH")
    assert found is not None and "Goražde" in found[0]
    # A known word still comes before a rarer one that fits the same holes.
    assert completion_words()["café"] < completion_words()["goražde"]


def test_a_word_the_lists_hold_only_without_its_ending_is_completed_from_its_stem() -> None:
    # The lists hold ungültig, not ungültiges; a stem of fewer than six
    # letters completes nothing (s?gav is no Swedish säga with a v).
    assert "ungültiges" not in completion_words() and "ungültig" in completion_words()
    found = guess_letters("Der Server benutzt eine ung\ufffdltiges Zertifikat")
    assert found is not None and found[0] == "Der Server benutzt eine ungültiges Zertifikat"
    assert [(g.start, g.char) for g in found[1]] == [(27, "ü")]
    assert "säga" in completion_words() and guess_letters("liiga s\ufffdgav") is None


def test_holes_no_word_explains_are_kept() -> None:
    assert guess_letters("Xq\ufffdzv, \ufffd, Gqr?dx, x.php?id=1, Is it? Yes") is None
    assert [at for at, _ in holes("a\ufffdb c?d x.php?id=1")] == [1, 5]


def test_a_short_word_s_letters_come_from_the_language_of_the_text_s_other_words() -> None:
    portuguese = guess_letters("Eu n\ufffdo sei se ele est\ufffd em casa")
    spanish = guess_letters("Es m\ufffds f\ufffdcil de lo que parece")
    assert portuguese is not None and portuguese[0] == "Eu não sei se ele está em casa"
    assert spanish is not None and spanish[0] == "Es más fácil de lo que parece"


def test_a_question_mark_after_a_word_that_lost_letters_as_u_fffd_ends_a_question() -> None:
    found = guess_letters("Voulez-vous cr\ufffder? Oui, d\ufffdj\ufffd!")
    assert found is not None and found[0] == "Voulez-vous créer? Oui, déjà!"
    # A ? that begins or ends a word is no lost letter: only Narl?dere's is.
    found = guess_letters("Narl?dere ?mranl?")
    assert found is not None and found[0] == "Narl\u0131dere ?mranl?"


def test_capitals_are_guessed_where_the_word_is_written_in_capitals() -> None:
    found = guess_letters("ESPA\ufffdOL")
    assert found is not None and found[0] == "ESPAÑOL"


def test_a_sentence_s_first_letter_is_guessed_a_capital() -> None:
    found = guess_letters("\ufffdber die Br\ufffdcke. \ufffdber den Fluss, \ufffdber alles")
    assert found is not None
    assert found[0] == "Über die Brücke. Über den Fluss, über alles"


def test_a_hole_standing_alone_between_words_is_a_one_letter_word_of_the_text_s_language() -> None:
    italian = guess_letters("il certificato \ufffd stato revocato")
    french = guess_letters("Je vais \ufffd Paris demain avec mon frère")
    assert italian is not None and italian[0] == "il certificato è stato revocato"
    assert french is not None and french[0] == "Je vais à Paris demain avec mon frère"
    assert [g.char for g in italian[1]] == ["è"]


def test_a_hole_alone_beside_a_digit_a_sign_or_in_no_known_language_is_kept() -> None:
    assert guess_letters("il prezzo \ufffd 100 euro") is None  # € as likely as a letter
    assert guess_letters("the file \ufffd was lost") is None  # English has no such word
    assert guess_letters("x \ufffd y") is None
    assert guess_letters("il certificato ? stato") is None  # a ? alone is a question mark


def test_a_diamond_glued_to_a_word_is_u_fffd_as_a_font_draws_it() -> None:
    # Subtitles copied from a screen: the player drew U+FFFD as a diamond.
    found = guess_letters("perci\u25c7 cercher\u25c6 di chiamare il bar")
    assert found is not None
    assert found[0] == "perci\u00f2 cercher\u00f2 di chiamare il bar"
    assert [g.what for g in found[1]] == [AS_FFFD, AS_FFFD]
    # Standing alone, a diamond is a bullet.
    assert holes("\u25c6 first item \u25c7 second") == []


def test_question_marks_side_by_side_inside_a_word_are_a_letter_each() -> None:
    assert [at for at, _ in holes("actualiza??es")] == [9, 10]
    found = guess_letters("Não foi possível obter as actualiza??es do sistema")
    assert found is not None and "actualizações" in found[0]
    assert [g.what for g in found[1]] == [AS_QUESTION_MARK, AS_QUESTION_MARK]


def test_a_question_mark_at_a_word_s_edge_is_a_letter_where_a_word_of_the_language_fits() -> None:
    # Before a space and a word in small letters, a word's last ? may be a
    # letter: here utilisé is French, as the text is.
    found = guess_letters("le mot de passe du compte utilis? pour l'enregistrement")
    assert found is not None and "utilisé pour" in found[0]
    # A word of its own before the ? asks a question (kto? is Polish "who?").
    assert guess_letters("kto? ja") is None
    assert guess_letters("Tak? nie") is None
    # Before a capital, or at the end, a ? ends a sentence.
    assert guess_letters("le compte utilis? Pour") is None
    assert edge_holes("le compte utilis? pour") == [16]
    assert edge_holes("le compte utilis?") == []

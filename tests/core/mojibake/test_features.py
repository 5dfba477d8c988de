# ruff: noqa: RUF001, RUF003 - accented letters are the subject
"""The text features' shortcuts give the counts the plain definitions give:
the accented letters no one language uses, counted for all languages at
once, held against the sum per language on random accented text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake import features
from mojiscope.core.mojibake.lexicon import language_letters

ACCENTED = st.text(
    st.sampled_from("aeiouAEIOU ,\nßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿĀāăąćčďđęěğıłńňőœřśşšţťůűźżžƒǎ"),
    max_size=200,
)


def _plain_coherence(text: str) -> float:
    found: dict[str, int] = {}
    for char in {c for c in set(text) if c >= "\xc0"}:
        if ("\xc0" <= char <= "\u024f" or "\u1e00" <= char <= "\u1eff") and char.isalpha():
            lower = char.casefold()
            if len(lower) == 1 and lower >= "\x80":
                found[lower] = found.get(lower, 0) + text.count(char)
    if not found:
        return 0.0
    covered = max(
        sum(n for c, n in found.items() if c in letters) for letters in language_letters()
    )
    return float(sum(found.values()) - covered)


@settings(max_examples=300, deadline=None)
@given(text=ACCENTED)
def test_coherence_counts_as_the_sum_per_language(text: str) -> None:
    assert features.letters_no_language_uses(text) == _plain_coherence(text)


def test_coherence_counts_letters_no_language_uses_together() -> None:
    # ő is Hungarian's, ø Danish and Norwegian's: one of them is left over.
    assert features.letters_no_language_uses("ő ø") == 1.0
    assert features.letters_no_language_uses("ő ő") == 0.0


#: A character of each class, as the rules of ``features._tables`` give them
#: in order (an earlier rule wins: ``É`` is a Latin-1 capital, not Latin).
ONE_OF_EACH = (
    ("a", "ascii-letter"), ("7", "digit"), ("\t", "space"), ("\x01", "control"),
    ("!", "ascii-punct"), ("\xa0", "nbsp"), ("\ufffd", "fffd"), (features.INVALID, "invalid"),
    ("\x85", "c1"),
    ("\ud800", "surrogate"), ("\ue000", "private"), ("\u0378", "private"),
    ("ｱ", "halfwidth-kana"), ("\u0301", "mark"), ("ʰ", "modifier"), ("É", "latin1-capital"),
    ("é", "latin"), ("ŉ", "latin-rare"), ("α", "greek"), ("ж", "cyrillic"),
    ("ђ", "cyrillic-rare"), ("ѣ", "cyrillic-rare"), ("א", "hebrew"), ("ب", "arabic"),
    ("ก", "thai"), ("あ", "kana"), ("的", "han"), ("龘", "han-rare"), ("한", "hangul"),
    ("퓿", "hangul-rare"), ("ሀ", "other-letter"), ("€", "sign"), ("¤", "latin1-sign"),
    ("─", "box"), ("→", "math"), ("☺", "symbol"), ("☬", "symbol-rare"),
    ("。", "cjk-punct"), ("‰", "other"), ("\U0001f600", "symbol"), ("\U0001f5e0", "symbol-rare"),
    ("\U00010000", "other"),
)  # fmt: skip


def test_each_class_has_its_characters() -> None:
    text = "".join(char for char, _ in ONE_OF_EACH)
    got = [features.CLASSES[k] for k in features.classes_of(text)]
    assert got == [name for _, name in ONE_OF_EACH]
    assert {name for _, name in ONE_OF_EACH} == set(features.CLASSES)


def test_a_quotation_of_mojibake_alone_counts_where_a_repair_changed_it() -> None:
    origin = "Strange use of “â€”” and 'Ã©' in README.md"
    assert features.quoted("Strange use of “—” and 'é' in README.md", origin) == 2
    assert features.quoted("Strange use of “—” and 'Ã©' in README.md", origin) == 1
    assert features.quotations(origin) == 2


def test_a_repair_of_the_whole_line_quotes_nothing_on_purpose() -> None:
    # The title is mojibake outside its quotation marks too.
    origin = 'Òàíöåâàëüíûé ðàé 7 "Ðóññêèé"'
    assert features.quoted('Танцевальный рай 7 "Русский"', origin) == 0
    assert features.quoted('Òàíöåâàëüíûé ðàé 7 "Русский"', origin) == 1


def test_a_quotation_holding_ascii_or_a_space_is_no_mojibake_shown_on_purpose() -> None:
    # A quoted word misread (a CSV cell, a title) is damage like any other.
    for origin in ('"CafÃ©"', "“Ã© Ã¨”", "«Ã»"):
        assert features.quotations(origin) == 0
        assert features.quoted("x", origin) == 0


def test_a_repair_duplicates_words_the_text_held_but_a_table_row_only_its_own() -> None:
    # Mojibake quoted beside its repair: the repair makes ä twice.
    assert features.duplicates("Ä und ä statt ä", "Ä und Ã¤ statt ä") == 1
    assert features.duplicates("Before: stößt\nAfter: stößt", "Before: stÃ¶ÃŸt\nAfter: stößt") == 1
    # A misread row repeating a correct row's value is no quotation.
    origin = "1;São Paulo\n2;SÃ£o Paulo\n"
    assert features.duplicates("1;São Paulo\n2;São Paulo\n", origin) == 0
    # Rows of unlike fields are no table.
    assert features.duplicates("1;São\n2;3;São\n", "1;São\n2;3;SÃ£o\n") == 1
    # A table is what the segment map takes for one: a quoted field may hold
    # the delimiter (two fields a row here, though the commas differ).
    origin = '1,"Paulo, SÃ£o"\n2,São\n'
    assert features.duplicates('1,"Paulo, São"\n2,São\n', origin) == 0


def test_a_word_folding_to_ascii_is_known_only_with_its_sharp_s_after_a_vowel() -> None:
    # The word lists fold ß to ss and hold only non-ASCII words: Straße is
    # taken as known, but no German word starts with ß or writes it after a
    # consonant (ü read through cp1250 as ß: fßr, ßzenet).
    known = features.WORD_FEATURES.index("word-known")
    unknown = features.WORD_FEATURES.index("word-unknown")
    for word in ("Straße", "heißen", "Fuß", "GROẞ"):
        assert features.token_terms(word)[known] == 1, word
    for word in ("ßzenet", "fßr", "Mßller"):
        terms = features.token_terms(word)
        assert (terms[known], terms[unknown]) == (0, 1), word


def test_a_word_the_rarer_words_hold_is_listed_but_not_known() -> None:
    # kısıtlı is among Turkish's 50,000 most frequent words, not its 1,200.
    at = {name: features.WORD_FEATURES.index(name) for name in features.WORD_FEATURES}
    for word, known, listed in (("Kısıtlı", 0, 1), ("être", 1, 1), ("Kýsýtlý", 0, 0)):
        terms = features.token_terms(word)
        assert (terms[at["word-known"]], terms[at["word-unknown"]]) == (known, 1 - known), word
        assert terms[at["word-listed"]] == listed, word


def test_neighbouring_han_characters_count_where_the_words_hold_them_as_a_pair() -> None:
    at = features.LOCAL + features.TEXT_FEATURES.index("han-pairs-known")
    # 你好 and 世界; the comma between them is no Han character.
    assert features.text_features("你好，世界")[at] == 2
    assert features.text_features("低挫")[at] == 0
    assert features.text_features("café")[at] == 0


def test_bytes_that_are_no_utf8_are_scored_apart_from_a_replacement_character() -> None:
    data = b"caff\xe8 " + "è \ufffd".encode()
    text = features.scored_text(data)
    assert text == f"caff{features.INVALID} è \ufffd"
    classes = [features.CLASSES[k] for k in features.classes_of(text)]
    assert classes[4] == "invalid"
    assert classes[-1] == "fffd"


def test_a_greek_word_in_capitals_is_known_without_its_accents() -> None:
    # Greek capitals leave the tonos out: ΕΛΛΑΔΑ is Ελλάδα.
    known = features.WORD_FEATURES.index("word-known")
    assert features.token_terms("ΕΛΛΑΔΑ")[known] == 1
    assert features.token_terms("Ελλάδα")[known] == 1
    assert features.token_terms("Ελλαδα")[known] == 0  # in small letters the accent is written

"""The frequent-word table: per language, its words holding a non-ASCII
letter, and for a language written in Latin script its commonest ASCII
words, which tell the language of a text whose accented letters were lost."""

from __future__ import annotations

from mojiscope.core.mojibake.lexicon import known_words, language_words


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

"""What the explainer knows of real words: the tables ``lexicon.json.gz``
and ``fill_words.json.gz`` beside this module, derived from wordfreq's word lists by
``tools/mojibake/lexicon.py`` (generated; never edited by hand).

* :func:`known_words`: frequent words holding a non-ASCII letter, lower case,
  over 40-odd languages;
* :func:`language_words`: per language, those words and, for a language
  written in Latin script, its most frequent ASCII words: what tells which
  language a text is in;
* :func:`language_letters`: per language, the non-ASCII letters its frequent
  words use (text uses one language's set; mojibake mixes several);
* :func:`script_letters` and :func:`script_pairs`: for scripts none of
  those languages writes, how often each letter and each pair of
  neighbouring characters stands in the words of its spelling dictionary;
* :func:`letter_pairs`: pairs of neighbouring characters, one not ASCII,
  that those words hold (``^`` and ``$`` mark a word's ends), and how often
  (:func:`known_bigrams`: those pairs, but Han beside Han, which are
  :func:`han_pairs`);
* :func:`common_han` and :func:`common_hangul`: the most frequent Han
  characters and Hangul syllables (:func:`han_rank`: a Han character's
  place among them); :func:`common_symbols`: the symbols and emoji
  written most often; :func:`sign_rank`: a punctuation mark's place among
  those the training texts use;
* :func:`completion_words`: the known words and, per language written in
  Latin script, less frequent words (place names and surnames among them):
  what a word whose letters a writer lost may be (``lost_letters.py``),
  each with its place among its language's words, and the words the
  model counts as listed (``features.py``); :func:`fillings`: the letters
  they put in a word's holes, commonest first (``lost_letters.py`` and
  ``lost.py``); :func:`fill_words`: for languages written in another
  alphabet, their less frequent words, what a guessed letter may complete
  (``word_fills.py``).

The data is CC BY-SA 4.0 (wordfreq's, Robyn Speer et al.); the script
tables are counts over Debian's hunspell dictionaries.
"""

from __future__ import annotations

import gzip
import json
import math
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from importlib import resources
from itertools import chain

import numpy as np
import numpy.typing as npt

#: The first and last character of the alphabets :func:`fill_words` are
#: written in: Greek, Cyrillic, Hebrew and Arabic.
FILL_ALPHABETS = ("\u0370", "\u06ff")
#: How finely the table holds a pair's frequency: units per natural log
#: (``tools/mojibake/lexicon.py``).
PAIR_STEPS = 4


@cache
def _table() -> dict[str, object]:
    raw = resources.files(__package__).joinpath("lexicon.json.gz").read_bytes()
    table: dict[str, object] = json.loads(gzip.decompress(raw))
    return table


def _words_by_language() -> dict[str, str]:
    words = _table()["words"]
    assert isinstance(words, dict)
    return words


@cache
def known_words() -> frozenset[str]:
    return frozenset(w for text in _words_by_language().values() for w in text.split())


def known_in_capitals(lower: str) -> bool:
    """Whether ``lower``, a Greek word written in capitals and casefolded,
    is a known word whose accents the capitals left out, as Greek writes
    capitals (``ΕΛΛΑΔΑ`` is ``Ελλάδα``)."""
    return _unaccented(lower) in _greek_unaccented()


@cache
def _greek_unaccented() -> frozenset[str]:
    """The known Greek words without their accents and diaereses."""
    return frozenset(_unaccented(w) for w in known_words() if "\u0370" <= w[0] <= "\u03ff")


def _unaccented(word: str) -> str:
    """``word`` without its combining marks (accents, diaereses)."""
    nfd = unicodedata.normalize("NFD", word)
    return "".join(c for c in nfd if unicodedata.category(c) != "Mn")


@cache
def completion_words() -> dict[str, int]:
    """The words that complete a word with lost letters: the known words and,
    for a language written in Latin script, its less frequent words holding
    a non-ASCII letter, fewer such letters than ASCII ones; each with its
    place among its language's, the commonest first (the best place where
    several languages hold it)."""
    completions = _table()["completions"]
    assert isinstance(completions, dict)
    return _best_places(
        enumerate(text.split() + str(completions.get(language, "")).split())
        for language, text in _words_by_language().items()
    )


def _best_places(languages: Iterable[Iterable[tuple[int, str]]]) -> dict[str, int]:
    """Each word of the languages' ranked lists with its best place."""
    places: dict[str, int] = {}
    for ranked in languages:
        for place, word in ranked:
            places[word] = min(place, places.get(word, place))
    return places


@cache
def fill_words() -> dict[str, int]:
    """Per language written in another alphabet (Cyrillic, Greek, Hebrew,
    Arabic), its less frequent words beyond the known ones, each with its
    place among its language's words (the best place where several hold
    it): what a letter guessed in a word of those scripts may complete
    (``изображения``, whose ``я`` windows-1252 loses the 8F of;
    :mod:`.word_fills`), and words the model counts as listed. Read from
    ``fill_words.json.gz`` the first time a word of those alphabets asks
    (:func:`fill_place`)."""
    raw = resources.files(__package__).joinpath("fill_words.json.gz").read_bytes()
    fills: dict[str, str] = json.loads(gzip.decompress(raw))
    known = _words_by_language()
    # Placed after the language's known words, as completion_words places its own.
    return _best_places(
        enumerate(text.split(), len(known.get(language, "").split()))
        for language, text in fills.items()
    )


def _in_fill_alphabets(char: str) -> bool:
    return FILL_ALPHABETS[0] <= char <= FILL_ALPHABETS[1]


def fill_place(word: str) -> int | None:
    """``word``'s place among :func:`fill_words`, or None; None at once for
    a word not begun in those alphabets (U+0370-U+06FF), which reads no table."""
    return fill_words().get(word) if word and _in_fill_alphabets(word[0]) else None


@cache
def language_words() -> tuple[frozenset[str], ...]:
    """Per language, its known words (:func:`known_words`) and its most
    frequent words of two or more ASCII letters (none for a language not
    written in Latin script), lower case."""
    ascii_words = _table()["ascii"]
    assert isinstance(ascii_words, dict)
    return tuple(
        frozenset(text.split()) | frozenset(str(ascii_words.get(language, "")).split())
        for language, text in _words_by_language().items()
    )


@cache
def language_letters() -> tuple[frozenset[str], ...]:
    """Per language, the lower-case non-ASCII letters of its frequent words."""
    found = []
    for text in _words_by_language().values():
        letters = frozenset(c for c in set(text) if c >= "\x80" and c.isalpha())
        if letters:
            found.append(letters)
    return tuple(found)


#: The Han characters the table counts (the CJK Unified Ideographs and
#: Extension A), as a regular expression's character range.
HAN = "\u3400-\u9fff"


def is_han(char: str) -> bool:
    """Whether ``char`` is a Han character of :data:`HAN`."""
    return "\u3400" <= char <= "\u9fff"


def _shares(keys: str, weights: str, size: int) -> dict[str, float]:
    """The table's ``keys`` (each ``size`` characters) and the shares their
    ``weights`` write (``0`` plus :data:`PAIR_STEPS` times minus the
    natural log)."""
    return {
        keys[size * i : size * i + size]: math.exp(-(ord(w) - 48) / PAIR_STEPS)
        for i, w in enumerate(weights)
    }


@cache
def _pairs() -> dict[str, float]:
    return _shares(str(_table()["pairs"]), str(_table()["pair_weights"]), 2)


@cache
def script_pairs() -> dict[str, float]:
    """For the scripts of :func:`script_letters`, how often each pair of
    neighbouring characters stands in the words of their spelling
    dictionaries (``^`` and ``$`` mark a word's ends; each script's words
    weigh one in all)."""
    return _shares(str(_table()["script_pairs"]), str(_table()["script_pair_weights"]), 2)


@cache
def script_letters() -> dict[str, float]:
    """Per letter of a script no language of the word lists writes (Thai,
    Lao, Sinhala, Telugu, Malayalam, Gujarati), its share of its script's
    letters in the words of that script's spelling dictionary."""
    return _shares(str(_table()["script_letters"]), str(_table()["script_letter_weights"]), 1)


@cache
def known_bigrams() -> frozenset[str]:
    """The pairs of :func:`letter_pairs` but Han beside Han (Han is judged
    by :func:`common_han`)."""
    return frozenset(pair for pair in _pairs() if not all(map(is_han, pair)))


@cache
def han_pairs() -> frozenset[str]:
    """The pairs of :func:`letter_pairs` of two Han characters: the words of
    Chinese and Japanese hold them (``你好``, ``東京``); misread bytes
    that decode to common Han characters seldom make one."""
    return frozenset(pair for pair in _pairs() if all(map(is_han, pair)))


@cache
def letter_pairs() -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    """How often each pair of neighbouring characters, one not ASCII, stands
    in the frequent words (``^`` and ``$`` mark a word's ends; each
    language's words weigh about one in all), and per character the total of
    its pairs as their first (``lefts``) and as their second (``rights``)."""
    return with_totals(_pairs())


def with_totals(
    pairs: dict[str, float],
) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    """``pairs``, and per character the total of its pairs as their first
    and as their second."""
    lefts: dict[str, float] = {}
    rights: dict[str, float] = {}
    for pair, frequency in pairs.items():
        lefts[pair[0]] = lefts.get(pair[0], 0.0) + frequency
        rights[pair[1]] = rights.get(pair[1], 0.0) + frequency
    return pairs, lefts, rights


@cache
def common_han() -> frozenset[str]:
    return frozenset(str(_table()["han"]))


@cache
def _han_order() -> dict[str, int]:
    return {char: rank for rank, char in enumerate(str(_table()["han"]))}


def han_rank(char: str) -> int:
    """Where ``char`` stands among :func:`common_han`, the commonest first
    (the table is in order of frequency); past them all for any other
    character."""
    order = _han_order()
    return order.get(char, len(order))


@cache
def _sign_order() -> dict[str, int]:
    return {char: rank for rank, char in enumerate(str(_table()["signs"]))}


def sign_rank(char: str) -> int:
    """Where ``char`` stands among the punctuation beyond ASCII that the
    training texts use, the commonest first (the em dash before the en dash); past
    them all for any other character."""
    order = _sign_order()
    return order.get(char, len(order))


@cache
def common_hangul() -> frozenset[str]:
    return frozenset(str(_table()["hangul"]))


@cache
def _hangul_order() -> dict[str, int]:
    return {char: rank for rank, char in enumerate(str(_table()["hangul"]))}


def hangul_rank(char: str) -> int:
    """Where ``char`` stands among :func:`common_hangul`, the commonest first;
    past them all for any other character."""
    order = _hangul_order()
    return order.get(char, len(order))


@cache
def common_symbols() -> frozenset[str]:
    """The symbols, dingbats and emoji people write most often as words of
    their own (``♪``, ``😂``, ``★``)."""
    return frozenset(str(_table()["symbols"]))


@cache
def latin_letters() -> frozenset[str]:
    """Non-ASCII letters that the frequent words use, both cases."""
    letters = {c for c in set("".join(_words_by_language().values())) if c >= "\x80"}
    return frozenset(letters | {c.upper() for c in letters if len(c.upper()) == 1})


def skeleton(word: str) -> str:
    """``word`` with each character beyond ASCII written ``?``."""
    return word.encode("ascii", "replace").decode("ascii")


@cache
def words_shaped() -> dict[str, tuple[str, ...]]:
    """The :func:`completion_words` by :func:`skeleton`: the words a word
    with holes may be are those of its own skeleton."""
    words = list(completion_words())
    skeletons = skeleton("\n".join(words)).split("\n")  # every word's at once
    found: dict[str, list[str]] = {}
    for shape, word in zip(skeletons, words, strict=True):
        found.setdefault(shape, []).append(word)
    return {shape: tuple(words) for shape, words in found.items()}


def _filling(word: str, pieces: tuple[str, ...]) -> tuple[str, ...] | None:
    """The letters ``word`` (of the pieces' skeleton) has between
    ``pieces``, or ``None`` when its other letters are not the pieces'."""
    letters = []
    at = 0
    for i, piece in enumerate(pieces):
        if i:
            letters.append(word[at])
            at += 1
        if not word.startswith(piece, at):
            return None
        at += len(piece)
    return tuple(letters)


@cache
def _fill_words_by_end() -> dict[tuple[int, str], tuple[str, ...]]:
    """The :func:`fill_words` by length and first letter, and by length and
    ``$`` and last letter (a word's skeleton, all ``?``, tells them apart
    only by length)."""
    found: dict[tuple[int, str], list[str]] = {}
    for word in fill_words():
        found.setdefault((len(word), word[0]), []).append(word)
        found.setdefault((len(word), "$" + word[-1]), []).append(word)
    return {key: tuple(words) for key, words in found.items()}


def _fill_words_like(pieces: tuple[str, ...]) -> tuple[str, ...]:
    """The :func:`fill_words` of the length of a word whose letters around
    its holes are ``pieces``, with its first letter, or its last where its
    first is a hole; none where both are."""
    length = sum(map(len, pieces)) + len(pieces) - 1
    if not any(map(_in_fill_alphabets, "".join(pieces))):
        return ()  # no word of those alphabets: the table is not read
    if pieces[0]:
        return _fill_words_by_end().get((length, pieces[0][0]), ())
    if pieces[-1]:
        return _fill_words_by_end().get((length, "$" + pieces[-1][-1]), ())
    return ()


@lru_cache(maxsize=4096)
def fillings(pieces: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], int], ...]:
    """The letters, one a hole, that make one of :func:`completion_words`
    or :func:`fill_words` of a word whose letters around its holes are
    ``pieces`` (folded), each with the best place of the words they make,
    the commonest first (``B?n`` is ``bạn`` before ``bán``; kept: a text
    repeats its damaged words)."""
    places = completion_words()
    shaped = ((w, places[w]) for w in words_shaped().get("?".join(map(skeleton, pieces)), ()))
    rarer = ((w, fill_words()[w]) for w in _fill_words_like(pieces))
    found: dict[tuple[str, ...], int] = {}
    for word, place in chain(shaped, rarer):
        letters = _filling(word, pieces)
        if letters is not None:
            found[letters] = min(place, found.get(letters, place))
    return tuple(sorted(found.items(), key=lambda item: item[1]))


#: The fewest letters a word stripped of some (:func:`stripped_form`) keeps
#: for :func:`stripped_word` to know it: shorter forms are too often a
#: word of a language wordfreq does not know (Afrikaans ``laai``), an
#: abbreviation or a name of their own.
STRIPPED_LETTERS = 5
#: What a writer that drops the letters it cannot write keeps, by its code page.
_STRIPPED_BY = ("ascii", "latin-1")


def stripped_form(word: str) -> tuple[str, ...]:
    """``word`` with its letters beyond ASCII, and beyond Latin-1, dropped
    (``Václav`` is ``Vclav``; Slovak ``príliš`` written as Latin-1 is
    ``príli``), each that differs from ``word`` and keeps
    :data:`STRIPPED_LETTERS` letters or more."""
    forms = (word.encode(codec, "ignore").decode(codec) for codec in _STRIPPED_BY)
    return tuple(dict.fromkeys(f for f in forms if f != word and len(f) >= STRIPPED_LETTERS))


def stripped_word(form: str) -> str | None:
    """The commonest of the :func:`completion_words` whose
    :func:`stripped_form` is ``form`` (lower case: ``vclav`` is
    ``václav``), unless ``form`` is a word of its own (one of them, or in
    the table's ``stripped_taken``: ``latin`` is a word, though ``latină``
    stripped); else ``None``."""
    keys, which, words = _stripped_index()
    key = np.uint32(_key(form))  # of the keys' type: another would copy them all
    at = int(np.searchsorted(keys, key))
    while at < len(keys) and keys[at] == key:  # forms whose keys are alike
        word = words[int(which[at])]
        if form in stripped_form(word):
            return word
        at += 1
    return None


def _key(form: str) -> int:
    """``form``'s key in :func:`_stripped_index`: 32 bits of its hash."""
    return hash(form) & 0xFFFFFFFF


#: How many words :func:`_stripped_index` strips at a time (bounds what it
#: holds while it builds).
_SLICE = 4096


@cache
def _stripped_index() -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32], list[str]]:
    """The keys (:func:`_key`) of the forms :func:`stripped_word` knows,
    sorted, the index in ``words`` of the word each stands for, and
    ``words`` (the completion words beyond ASCII, the commonest first): two
    megabytes, where a table of the forms themselves would hold thirty."""
    places = completion_words()
    words = sorted((w for w in places if not w.isascii()), key=places.__getitem__)
    taken = {_key(f) for f in str(_table()["stripped_taken"]).split()}
    keys = np.empty(2 * len(words), np.uint32)
    which = np.empty(2 * len(words), np.uint32)
    count = 0
    for start in range(0, len(words), _SLICE):
        some = words[start : start + _SLICE]
        joined = "\n".join(some)
        for codec in _STRIPPED_BY:  # every word's form at once
            forms = joined.encode(codec, "ignore").decode(codec).split("\n")
            for i, form in enumerate(forms):
                if len(form) >= STRIPPED_LETTERS and form != some[i] and form not in places:
                    key = _key(form)
                    if key not in taken:
                        keys[count], which[count] = key, start + i
                        count += 1
    order = np.lexsort((which[:count], keys[:count]))  # alike keys: the commonest word first
    return keys[order], which[order], words

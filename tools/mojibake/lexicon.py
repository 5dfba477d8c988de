"""Build core/mojibake/lexicon.json.gz (and fill_words.json.gz): what the explainer knows of real
words, derived from wordfreq's lists at training time (wordfreq itself is a
57 MB wheel and no run-time dependency).

It holds, over wordfreq's languages:

* ``words``: per language, its most frequent words that hold a non-ASCII
  letter (lower case; one-letter Latin words only from the very top of the list),
  space-separated; scripts written without spaces (Chinese, Japanese) give
  none;
* ``pairs`` and ``pair_weights``: pairs of neighbouring characters inside
  those languages' frequent words where one is not ASCII (``^``/``$`` mark a
  word's ends), seen often enough, and how often: the pairs concatenated,
  and per pair one character, ``0`` plus four times minus the natural log of
  its frequency summed over the languages (each language's words sum to
  about one);
* ``ascii``: per language written in Latin script (a tenth or more of its
  hundred most frequent words are ASCII letters), its most frequent words
  of two or more ASCII letters: with ``words``, what tells which language a
  text is in;
* ``han`` and ``hangul``: the most frequent Han characters of Chinese and
  Japanese, and Hangul syllables of Korean, in order;
* ``symbols``: the symbols, dingbats and emoji (what the model counts as
  symbols, ``features.SYMBOL_RANGES``) that stand as a word of their own
  most often over the languages, in order (``♪``, ``😂``, ``★``);
* ``signs``: the punctuation beyond ASCII that the training split's texts
  use (``texts.py``: gettext catalogs, Faker), in order of frequency
  (``«``, ``“``, the em dash before the en dash): what orders the signs a lost byte may
  have made where they are priced alike;
* ``completions``: per language written in Latin script, its words among
  the most frequent :data:`COMPLETION_SCANNED` beyond those of ``words``
  that hold a non-ASCII letter, fewer of them than ASCII ones (place names
  and surnames among them: ``goražde``, ``nordström``), in order, but
  a word that differs from a commoner one only in those letters (``étre``):
  what a word whose letters a writer lost (``Gora?de``) may be, and the
  model's ``word-listed`` (a word of a language, if no frequent one);
* ``fill_words`` (written to ``fill_words.json.gz``, read only where a
  word of those alphabets asks): per language written in another alphabet (Cyrillic,
  Greek, Hebrew, Arabic: :data:`FILL_LANGUAGES`), its words of letters
  among the most frequent :data:`FILL_SCANNED` beyond those of ``words``,
  of :data:`FILL_LETTERS` letters or more, in order: what a letter guessed
  in a word of those scripts may complete
  (``изображения``, whose ``я`` windows-1252 loses the 8F of), and
  counted as listed by the model;
* ``stripped_taken``: the forms of those words and of ``words`` with
  their letters beyond ASCII, or beyond Latin-1, dropped
  (``lexicon.stripped_form``) that are words of their own, at least
  :data:`OWN_WORD_FREQUENCY` in some language (``latin``, from
  ``latină``): where a text holds one, it is that word, not one whose
  letters a writer dropped (``stripped.py``).

* ``script_letters``/``script_letter_weights`` and
  ``script_pairs``/``script_pair_weights``: for the scripts no wordfreq
  language writes (Thai, Lao, Sinhala, Telugu, Malayalam, Gujarati), how
  often each letter and each pair of neighbouring characters stands in
  the words of that script's spelling dictionary (hunspell's, from
  Debian's ``hunspell-th``, ``-lo``, ``-si``, ``-te``, ``-ml``, ``-gu``;
  :data:`DICTIONARIES`), each word once: per script a share of its
  letters or pairs, written as ``pair_weights`` are. What ranks the
  letters a lost byte may have made in those scripts (``letters.py``).

wordfreq's data is CC BY-SA 4.0 (Robyn Speer et al.); the table is derived
from it and carries that license. The dictionaries are GPL (Sinhala,
Telugu, Malayalam, Gujarati) and LGPL (Thai, Lao); the table holds no word
of them, only how often letters and pairs stand in their words.
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
import unicodedata
from collections import Counter
from pathlib import Path

from texts import WORDFREQ_LANGUAGES, texts_by_split

from mojiscope.core.mojibake.features import is_symbol
from mojiscope.core.mojibake.lexicon import PAIR_STEPS, is_han, skeleton, stripped_form

OUT = Path(__file__).resolve().parents[2] / "src/mojiscope/core/mojibake/lexicon.json.gz"
#: ``fill_words``, a table of its own (read only for text in those alphabets).
FILL_OUT = OUT.with_name("fill_words.json.gz")
WORDS_PER_LANGUAGE = 1200
SCANNED = 30000
BIGRAM_SHARE = 5e-7
#: A one-letter word (of Latin script) is kept when it is among a language's
#: most frequent words (French "à", Portuguese "é"), not a stray letter further down.
SINGLE_LETTER_RANK = 200
#: Frequent ASCII words kept per language written in Latin script.
ASCII_WORDS = 200
#: How far down a language's list the words that complete a word with
#: lost letters go.
COMPLETION_SCANNED = 50000
#: The languages written in an alphabet other than Latin, with spaces
#: between words, whose letters' UTF-8 bytes a reader may lose (windows-1252
#: lacks 81 8D 8F 90 9D, latin-1's reader strips 80-9F): Cyrillic's
#: ``я``, D1 8F, Hebrew's final ``ם``, D7 9D, Greek's rho, CF 81.
FILL_LANGUAGES = ("ar", "bg", "el", "fa", "he", "mk", "ru", "uk")
#: How far down those languages' lists ``fill_words`` go.
FILL_SCANNED = 60000
#: The fewest letters a word of ``fill_words`` has: shorter ones so far down
#: the lists are as often a piece of mojibake or a name as a word
#: (``жика``, ``ле``: Greek read as KOI8-R).
FILL_LETTERS = 5
#: How often a word must stand in some language (a share of its words:
#: Zipf 2, once in ten million) to be a word of its own, not what is left
#: of a longer one (``stripped_taken``); rarer forms wordfreq holds are
#: mostly that (``cercher``, ``perci``).
OWN_WORD_FREQUENCY = 1e-7
#: How many of the symbols that stand as words the table keeps (of some
#: 1,000 wordfreq holds; the last kept stands about once in ten million
#: words, the rarer are mostly pictures of things, ``☬``, ``🗠``).
SYMBOLS = 500
#: The spelling dictionaries of scripts no wordfreq language writes, by the
#: Debian package that installs them (``apt-get install`` them to build the
#: table), and where.
DICTIONARIES = {
    "hunspell-th": "th_TH", "hunspell-lo": "lo_LA", "hunspell-si": "si_LK",
    "hunspell-te": "te_IN", "hunspell-ml": "ml_IN", "hunspell-gu": "gu_IN",
}  # fmt: skip
HUNSPELL = Path("/usr/share/hunspell")
#: The least share of a script's pairs that the table keeps.
SCRIPT_PAIR_SHARE = 1e-5
#: The share of a language's hundred most frequent words that are ASCII
#: letters from which it counts as written in Latin script (Vietnamese
#: 0.16; Russian, Greek, Arabic and the others 0).
LATIN_SHARE = 0.1


def _letters(word: str) -> bool:
    return all(unicodedata.category(c)[0] in "LM" for c in word)


def _ascii_word(word: str) -> bool:
    return word.isascii() and word.isalpha()


def _mostly_ascii_word(word: str) -> bool:
    """Letters, two or more, some beyond ASCII but fewer than half."""
    beyond = sum(c >= "\x80" for c in word)
    return len(word) > 1 and _letters(word) and 0 < 2 * beyond < len(word)


def _latin(char: str) -> bool:
    """A Latin letter: a one-letter word of Latin script ("à", "é", "å") is
    a word; one of another script (a Cyrillic "в", a Hangul syllable) is as
    often a letter of mojibake or a piece of a word as a word."""
    return unicodedata.name(char, "").startswith("LATIN")


def _weight(share: float) -> str:
    """A share as the table writes it: one character, ``0`` plus
    :data:`PAIR_STEPS` times minus its natural log, rounded."""
    return chr(48 + round(-PAIR_STEPS * math.log(share)))


def _weights(counts: Counter[str], floor: float = 0.0) -> tuple[str, str]:
    """``counts``' keys of a share of the total of at least ``floor``,
    sorted and concatenated, and their shares (:func:`_weight`)."""
    total = sum(counts.values())
    kept = sorted(k for k, n in counts.items() if n / total >= floor)
    return "".join(kept), "".join(_weight(counts[k] / total) for k in kept)


def _one_script(word: str) -> bool:
    """Letters beyond ASCII, all of one script (the first word of their
    Unicode names: ``THAI``, ``TELUGU``)."""
    scripts = {unicodedata.name(c, "").split(" ")[0] for c in word}
    return bool(word) and _letters(word) and not word.isascii() and len(scripts) == 1


def dictionary_words(package: str) -> list[str]:
    """The words of ``package``'s hunspell dictionary (affix flags cut off)."""
    path = HUNSPELL / f"{DICTIONARIES[package]}.dic"
    if not path.exists():
        raise SystemExit(f"{path} is missing: apt-get install {' '.join(DICTIONARIES)}")
    lines = path.read_text(encoding="utf-8").splitlines()[1:]  # the first is a count
    return [line.split("/", 1)[0].strip() for line in lines]


def script_tables(written: set[str]) -> dict[str, str]:
    """The ``script_*`` entries (see the module docstring) from the
    dictionaries' words written in one script whose letters no wordfreq
    language writes (``written``), each script's shares apart."""
    found: dict[str, list[str]] = {}
    for package in DICTIONARIES:
        letters: Counter[str] = Counter()
        pairs: Counter[str] = Counter()
        for word in dictionary_words(package):
            if _one_script(word) and not written.intersection(word):
                letters.update(word)
                pairs.update(a + b for a, b in itertools.pairwise(f"^{word}$"))
        for kind, counts, floor in (("letter", letters, 0.0), ("pair", pairs, SCRIPT_PAIR_SHARE)):
            keys, weights = _weights(counts, floor)
            found.setdefault(f"script_{kind}s", []).append(keys)
            found.setdefault(f"script_{kind}_weights", []).append(weights)
    return {name: "".join(parts) for name, parts in found.items()}


def _signs() -> str:
    """The punctuation beyond ASCII of the training split's texts, commonest first."""
    counts: Counter[str] = Counter()
    for text in texts_by_split()["train"]:
        counts.update(c for c in text.text if c >= "\x80" and unicodedata.category(c)[0] == "P")
    return "".join(c for c, _ in counts.most_common())


def build() -> dict[str, object]:
    import wordfreq

    words: dict[str, str] = {}
    ascii_words: dict[str, str] = {}
    bigrams: Counter[str] = Counter()
    han: Counter[str] = Counter()
    hangul: Counter[str] = Counter()
    symbols: Counter[str] = Counter()
    completions: dict[str, str] = {}
    fill_words: dict[str, str] = {}
    own_words: set[str] = set()
    for language in WORDFREQ_LANGUAGES:
        frequencies = wordfreq.get_frequency_dict(language)
        own_words.update(w for w, f in frequencies.items() if f >= OWN_WORD_FREQUENCY)
        ranked = wordfreq.top_n_list(language, SCANNED)
        for word, frequency in frequencies.items():
            if len(word.rstrip("\ufe0f")) == 1 and is_symbol(word[0]):
                symbols[word[0]] += frequency
        kept = []
        for rank, word in enumerate(ranked):
            frequency = frequencies.get(word, 0.0)
            for char in word:
                if is_han(char):
                    han[char] += frequency
                elif "\uac00" <= char <= "\ud7a3":
                    hangul[char] += frequency
            if word.isascii() or not _letters(word):
                continue
            marked = f"^{word}$"
            for a, b in itertools.pairwise(marked):
                if a >= "\x80" or b >= "\x80":
                    bigrams[a + b] += frequency
            word_like = len(word) > 1 or (rank < SINGLE_LETTER_RANK and _latin(word))
            if language not in ("zh", "ja") and len(kept) < WORDS_PER_LANGUAGE and word_like:
                kept.append(word)
        words[language] = " ".join(kept)
        if sum(map(_ascii_word, ranked[:100])) >= LATIN_SHARE * 100:
            plain = [w for w in ranked if _ascii_word(w) and len(w) > 1]
            ascii_words[language] = " ".join(plain[:ASCII_WORDS])
            known = set(kept)
            # Of words that differ only in their letters beyond ASCII (one
            # skeleton, as lost_letters indexes them), a rarer one is most
            # often a misspelling of the commoner (French "étre" of "être"):
            # only the commonest is kept.
            seen = {skeleton(w) for w in kept}
            rarer = []
            for w in wordfreq.top_n_list(language, COMPLETION_SCANNED):
                if _mostly_ascii_word(w) and w not in known and skeleton(w) not in seen:
                    seen.add(skeleton(w))
                    rarer.append(w)
            completions[language] = " ".join(rarer)
        if language in FILL_LANGUAGES:
            known = set(kept)
            frequent = wordfreq.top_n_list(language, FILL_SCANNED)
            rarer = [w for w in frequent if _letters(w) and w not in known]
            fill_words[language] = " ".join(
                w for w in rarer if len(w) >= FILL_LETTERS and not w.isascii()
            )
    pairs = sorted(b for b, f in bigrams.items() if f >= BIGRAM_SHARE)
    listed = " ".join([*words.values(), *completions.values()]).split()
    forms = {form for word in listed for form in stripped_form(word)}
    written = {c for pair in bigrams for c in pair if c >= "\x80"} | set(han) | set(hangul)
    return {
        **script_tables(written),
        "note": "GENERATED by tools/mojibake/lexicon.py from wordfreq (CC BY-SA 4.0),"
        " counts over hunspell dictionaries and the training texts' punctuation",
        "words": words,
        "ascii": ascii_words,
        "pairs": "".join(pairs),
        "pair_weights": "".join(_weight(bigrams[p]) for p in pairs),
        "han": "".join(c for c, _ in han.most_common(3500)),
        "hangul": "".join(c for c, _ in hangul.most_common(1800)),
        "symbols": "".join(c for c, _ in symbols.most_common(SYMBOLS)),
        "signs": _signs(),
        "completions": completions,
        "fill_words": fill_words,
        "stripped_taken": " ".join(sorted(forms & own_words)),
    }


def main() -> None:
    table = build()
    fills = table.pop("fill_words")
    for path, data in ((OUT, table), (FILL_OUT, fills)):
        raw = json.dumps(data, ensure_ascii=False, sort_keys=True).encode()
        path.write_bytes(gzip.compress(raw, mtime=0))
        print(f"wrote {path} ({path.stat().st_size} bytes, {len(raw)} raw)")


if __name__ == "__main__":
    main()

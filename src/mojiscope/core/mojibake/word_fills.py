"""Fills chosen by the words they make.

:func:`~.lost.decode_with_holes` ranks each hole's fills by characters:
the one priced lowest in its context comes first. A word says more: here
each guessed letter is switched to the alternative that makes the
commonest word the word lists know (``день``, not ``деня``); a word with
several holes takes the commonest known word its fills allow
(``Привет``, not ``Асивес``); a space taken for a no-break space is given
back where the byte dropped before it makes a known word (``así y``, not
``asày``), and a no-break space lost after its character is told from one
that became a space (:func:`space_given_back`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from mojiscope.core.codecs.legacy.whatwg import CODEC_NAME as WHATWG_1252
from mojiscope.core.mojibake.features import HAN_KANA, HANGUL, fold, script
from mojiscope.core.mojibake.guess import CUT, DROPPED, LAST_DROPPED, LOST_NBSP, SPACE, Guess
from mojiscope.core.mojibake.letters import lettering
from mojiscope.core.mojibake.lexicon import (
    completion_words,
    fill_place,
    fillings,
    han_pairs,
    is_han,
    known_words,
)


def _word_at(text: str, at: int) -> tuple[int, int]:
    """The span of the word (letters and combining marks) around ``text[at]``."""
    start, end = at, at + 1
    while start > 0 and lettering(text[start - 1]):
        start -= 1
    while end < len(text) and lettering(text[end]):
        end += 1
    return start, end


def _known(word: str) -> bool:
    """Whether the word lists know ``word``, or the word it is one misreading deeper."""
    return fold(word) in known_words() or fold(_word_deeper(word)) in known_words()


def _word_deeper(word: str) -> str:
    """``word`` one misreading deeper (UTF-8 read as windows-1252 undone), or
    as it is where it is no such misreading."""
    try:
        return word.encode(WHATWG_1252).decode("utf-8")
    except UnicodeError:
        return word


def by_words(text: str, guesses: list[Guess]) -> tuple[str, list[Guess]]:
    """Each guessed letter switched to the alternative that makes the
    commonest word the word lists know (:func:`_commonest_word`: ``Ã?`` in
    ``CAF?`` is ``É``, whatever the commoner letter is); a space taken for a no-break space
    given back, the byte dropped before it: ``asÃ y`` is ``así y``, not
    ``asày``); then words with several guesses (:func:`_by_whole_words`)."""
    out = list(guesses)
    if out and out[-1].what == CUT:
        dropping = any(guess.what == DROPPED for guess in out)
        text, out[-1] = _cut_or_dropped(text, out[-1], dropping)
    for i in range(len(out)):
        guess = out[i]
        at = guess.at_char
        # A no-break space one misreading deeper joins the words around it.
        if at < 0 or not guess.alternatives or not (guess.what == SPACE or lettering(guess.char)):
            continue
        start, end = _word_at(text, at)
        word = text[start:end]
        if len(word) < 2 or word.isascii():
            continue
        if guess.what != SPACE:
            text, out[i] = _commonest_word(text, guess, start, end)
        elif not _known(word):
            spaced = _dropped_before_space(text, out, i)
            if spaced is None and guess.char == "\xa0":  # a reading one misreading deeper
                spaced = _nbsp_lost(text, out, i)
            if spaced is not None:
                text, out = spaced
    return _by_whole_words(text, out)


def _cut_or_dropped(text: str, guess: Guess, dropping: bool) -> tuple[str, Guess]:
    """The character that ends ``text`` cut (:data:`CUT`) taken for one
    whose last byte the reader dropped (:data:`LAST_DROPPED`) where a fill
    (the guess's alternatives) closes the last quotation the text opened
    (``“hello”`` read as windows-1252 ends ``â€``: it lacks 9D), or, where
    the reader is seen ``dropping`` bytes elsewhere in the text, makes a
    word of three letters or more that the word lists know, in its case (no
    capital after a small letter), or goes on a word of kana, Hangul or Han
    (:func:`_goes_on`: ``ありがとう`` read as windows-1252 ends ``ã†``, its 81
    dropped): Hebrew's final ``ם`` is D7 9D, so
    ``שלום עולם`` so read ends with the multiplication sign, D7. A text cut
    short leaves the same bytes, and the lists know a word of some language
    for many a fill, so a fill alone says little. Else the cut, with no
    alternatives."""
    at = guess.at_char
    start, _ = _word_at(text, at)
    for fill in guess.alternatives:
        word = text[start:at] + fill
        closes = fill == "\u201d" and text.rfind("\u201c") > text.rfind("\u201d")
        listed = len(word) >= 3 and _place(word) is not None
        known = dropping and lettering(fill) and not _capital_after_small(text, at, fill)
        known = known and (listed or _goes_on(text[at - 1 : at], fill))
        if closes or known:
            rest = tuple(c for c in guess.alternatives if c != fill)
            return text[:at] + fill, replace(guess, what=LAST_DROPPED, char=fill, alternatives=rest)
    return text, replace(guess, alternatives=())


def _goes_on(before: str, fill: str) -> bool:
    """Whether ``fill`` goes on the word of the character ``before`` it, in
    a script whose words the word lists seldom hold whole (Japanese writes
    no spaces, Korean joins its particles): a Han character that makes a
    pair the lists hold with the one before it (``形式``, ``公司``), kana
    after kana or Han (``ありがと`` and ``う``, not ``㍆``; ``文字化`` and
    ``け``), Hangul after Hangul (``없`` and ``음``)."""
    if is_han(fill):
        return is_han(before) and before + fill in han_pairs()
    return script(fill) in (HAN_KANA, HANGUL) and script(fill) == script(before)


def _capital_after_small(text: str, at: int, char: str) -> bool:
    """Whether ``char`` at ``at`` would be a capital right after a small
    letter of ``text`` (``sobĄ``): no word is written so."""
    return char.isupper() and text[at - 1 : at].islower()


def _place(word: str) -> int | None:
    """Where the word lists place ``word`` (or the word it is one misreading
    deeper), the commonest first; None where they do not know it."""
    places = completion_words()
    forms = (fold(word), fold(_word_deeper(word)))
    known = [p for w in forms if (p := places.get(w, fill_place(w))) is not None]
    return min(known, default=None)


def _commonest_word(text: str, guess: Guess, start: int, end: int) -> tuple[str, Guess]:
    """``guess`` switched to the letter among it and its alternatives that
    makes the commonest word the word lists know (``день`` read as latin-1
    that lost its C1 controls keeps ``Ð`` and ``Ñ`` of its last two letters:
    ``день`` before ``деня``), in the word's case where two make one word
    (``sobą``, not ``sobĄ``); as it is where no alternative makes a
    commoner one."""
    at = guess.at_char
    word = text[start:end]

    def key(char: str, place: int) -> tuple[int, bool]:
        # Of fills the lists place alike (``ą`` and ``Ą`` make one word),
        # the one in the word's case.
        return place, _capital_after_small(text, at, char)

    best, best_place = guess.char, _place(word)
    for other in guess.alternatives:
        if len(other) != 1:
            continue
        place = _place(word[: at - start] + other + word[at - start + 1 :])
        if place is not None and (best_place is None or key(other, place) < key(best, best_place)):
            best, best_place = other, place
    if best == guess.char:
        return text, guess
    rest = tuple(c for c in guess.alternatives if c != best)
    switched = replace(guess, char=best, alternatives=(guess.char, *rest))
    return text[:at] + best + text[at + 1 :], switched


def _by_whole_words(text: str, guesses: list[Guess]) -> tuple[str, list[Guess]]:
    """Each word holding two or more guessed letters that the word lists do
    not know filled with the commonest word they know whose letters at the
    holes are among the guesses' (``Привет`` as UTF-8 read as latin-1 that
    lost its C1 controls keeps only the lead byte of three letters: the known word
    is read back, not ``Асивес``, the likeliest letter at each hole); the
    others as they are."""
    words: dict[tuple[int, int], list[int]] = {}
    for i, guess in enumerate(guesses):
        if guess.at_char >= 0 and guess.alternatives and lettering(guess.char):
            words.setdefault(_word_at(text, guess.at_char), []).append(i)
    out = list(guesses)
    for (start, end), spots in words.items():
        word = text[start:end]
        folded = fold(word)
        if len(spots) < 2 or len(folded) != len(word) or _known(word):
            continue
        places = [out[i].at_char - start for i in spots]
        cuts = [-1, *places, len(word)]
        pieces = tuple(folded[a + 1 : b] for a, b in pairwise(cuts))
        choices = [(out[i].char, *out[i].alternatives) for i in spots]
        allowed = [{fold(c) for c in chars} for chars in choices]
        found = next(
            (
                letters
                for letters, _place in fillings(pieces)
                if all(c in a for c, a in zip(letters, allowed, strict=True))
            ),
            None,
        )
        if found is None:
            continue
        for i, letter, chars in zip(spots, found, choices, strict=True):
            guess = out[i]
            at = guess.at_char
            char = next(c for c in chars if fold(c) == letter)
            if char == guess.char:
                continue
            rest = tuple(c for c in guess.alternatives if c != char)
            out[i] = replace(guess, char=char, alternatives=(guess.char, *rest))
            text = text[:at] + char + text[at + 1 :]
    return text, out


def _dropped_before_space(
    text: str, guesses: list[Guess], i: int
) -> tuple[str, list[Guess]] | None:
    """``text`` with the space that guess ``i`` took for a no-break space
    given back and the first of its alternatives that makes a known word
    before it taken instead (:data:`DROPPED`); None where none does."""
    at = guesses[i].at_char
    for other in guesses[i].alternatives:
        if len(other) != 1:
            continue
        spaced, out = space_given_back(text, guesses, i, other)
        start, end = _word_at(spaced, at)
        if len(_word_deeper(spaced[start:end])) >= 2 and _known(spaced[start:end]):
            return spaced, out
    return None


def _nbsp_lost(text: str, guesses: list[Guess], i: int) -> tuple[str, list[Guess]] | None:
    """``text`` with the space that guess ``i`` took for a no-break space
    given back after it (:data:`LOST_NBSP`), where the word that ends with
    the no-break space is one the word lists know one misreading deeper and
    a letter follows (``ÃƒÂ la``, read twice, is ``à la``; a reading of one
    misreading has this as a second reading, ``explain._space_kept``); None
    otherwise."""
    guess = guesses[i]
    at = guess.at_char + 1
    if at >= len(text) or not lettering(text[at]):
        return None
    spaced = text[:at] + " " + text[at:]
    start, _ = _word_at(spaced, at - 1)
    if not _known(spaced[start:at]):
        return None
    out = [replace(g, at_char=g.at_char + 1) if g.at_char >= at else g for g in guesses]
    out[i] = replace(guess, what=LOST_NBSP, end=guess.end - 1)
    return spaced, out


def space_given_back(
    text: str, guesses: Sequence[Guess], i: int, other: str
) -> tuple[str, list[Guess]]:
    """``text`` with the space that guess ``i`` (:data:`SPACE`) took for a
    no-break space given back, and ``other`` in its place, a byte dropped
    before the space (:data:`DROPPED`)."""
    guess = guesses[i]
    at = guess.at_char
    rest = tuple(c for c in guess.alternatives if c != other)
    out = [replace(g, at_char=g.at_char + 1) if g.at_char > at else g for g in guesses]
    out[i] = replace(
        guess, end=guess.end - 1, what=DROPPED, char=other, alternatives=(*rest, guess.char)
    )
    return text[:at] + other + " " + text[at + 1 :], out

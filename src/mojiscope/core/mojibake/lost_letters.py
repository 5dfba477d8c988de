"""Letters lost before the bytes were written, guessed back from the words.

A writer whose code page lacks a letter writes ``?`` for it (``Gora?de``),
and a reader that meets bytes it cannot decode puts U+FFFD for them (latin-1
``Créer`` read as UTF-8 is ``Cr�er``; copied from a screen, it may be the
diamond a font draws for it, ``perci◇``). No chain undoes that: the letter is
gone from the bytes. What is left is the word around it. When a letter in
each of a word's holes makes a word the languages' frequent words hold
(``lexicon.known_words``: ``Cr�er`` is ``créer``, ``d�j�`` is ``déjà``),
those letters are the guess, and the letters other such words put in a
hole its alternatives: first words of the language whose frequent words
the text uses most (``lexicon.language_words``: ``Eu n�o sei se ele
est�`` is Portuguese, so ``não``, not French ``néo``), then letters the
text uses elsewhere, then commoner letters (``letters.by_frequency``).
A word no known word completes may be an ending added to one: its stem's
letters are the guess then (German ``ung\ufffdltiges`` is ``ungültiges``,
as the lists hold ``ungültig``).
A U+FFFD standing alone between two words is a word of one letter when
the text's language has such a word that fits (Italian ``il certificato
\ufffd stato`` is ``è``). Any other hole with no letter in its word, and a
word no letters complete, keep their holes.

:func:`guess_letters` gives the text with the holes it can fill filled, and a
:class:`~.lost.Guess` for each (its offsets are the hole's character); the
explainer prices that text as a reading of its own, so the repair it shows is
the one the repair plan writes, each letter reported as a guess.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence
from functools import cache, lru_cache
from itertools import pairwise

from mojiscope.core.mojibake.features import WORD, fold
from mojiscope.core.mojibake.guess import Guess
from mojiscope.core.mojibake.letters import by_frequency
from mojiscope.core.mojibake.lexicon import fillings, language_words
from mojiscope.core.mojibake.offsets import source_offsets

#: Question marks between two letters of a word that is no web address or
#: query: what a writer puts for a letter its code page lacks (``Gora?de``,
#: ``actualiza??es``).
LETTER_LOST = re.compile(r"(?<![/=&.\w?])[^\W\d_]+(?:\?+[^\W\d_]+)+(?![/=&\w?])")
#: A run of letters and question marks, a question mark among them, that
#: is no web address or query (see :func:`edge_holes`).
_WORD_WITH_QUESTIONS = re.compile(r"(?<![/=&.\w?])(?=[^\W\d_]*\?)(?:[^\W\d_]|\?)+(?![/=&\w])")
#: Question marks that begin a word, before a small letter; and that end
#: one, before a space and a word that goes on in small letters.
_QUESTIONS_FIRST = re.compile(r"^\?+(?=[^\W\d_])")
_QUESTIONS_LAST = re.compile(r"\?+$")
#: What stood where the letter was lost (``Guess.what``).
AS_FFFD, AS_QUESTION_MARK = "letter lost as U+FFFD", "letter lost as ?"


@cache
def _alphabet() -> tuple[str, ...]:
    """The non-ASCII letters the frequent words use, commonest first."""
    return tuple(c for c in by_frequency() if c.isalpha())


#: U+FFFD as a font draws it, copied as a character (``perci◇ cercher◇``):
#: a diamond glued to a word's letters. Standing alone, it is a bullet.
DRAWN_FFFD = re.compile(r"(?<=[^\W\d_])[◇◆]|[◇◆](?=[^\W\d_])")


def holes(text: str) -> list[tuple[int, str]]:
    """Where letters were lost, in characters, and what stands there (a
    diamond of :data:`DRAWN_FFFD` counts as U+FFFD; a ``?`` of
    :data:`LETTER_LOST`)."""
    found = [(i, AS_FFFD) for i, char in enumerate(text) if char == "\ufffd"]
    if "◇" in text or "◆" in text:
        found += [(m.start(), AS_FFFD) for m in DRAWN_FFFD.finditer(text)]
    for match in LETTER_LOST.finditer(text):
        start = match.start()
        found += [(start + i, AS_QUESTION_MARK) for i, c in enumerate(match.group()) if c == "?"]
    return sorted(found)


def edge_holes(text: str) -> list[int]:
    """Question marks that may stand for letters at a word's edge: those
    that begin a word before a small letter (``?udio``), and those that end
    one before a space and a word in small letters (``utilis? pour``, ``p?
    serien``), of a word that is no web address or query. A question ends
    words so too (``ok? thanks``): these are letters only where a filling
    makes a word of the text's language (:func:`guess_letters`), and
    never after a word the languages' frequent words hold (``kto? ja``)."""
    found: list[int] = []
    for match in _WORD_WITH_QUESTIONS.finditer(text):
        word, start, end = match.group(), match.start(), match.end()
        if _in_languages(word.strip("?"), language_words()):
            continue
        first = _QUESTIONS_FIRST.match(word)
        if first and word[first.end()].islower():
            found += range(start, start + first.end())
        last = _QUESTIONS_LAST.search(word)
        after = text[end : end + 2]
        if last and last.start() > 0 and len(after) == 2 and after[0] == " " and after[1].islower():
            found += range(start + last.start(), end)
    return found


def letters_lost(data: bytes) -> tuple[tuple[int, int], ...]:
    """The byte ranges of :func:`holes` in ``data``, in order: each U+FFFD it
    holds as a character and each ``?`` standing for a letter. Bytes that
    are no UTF-8 (the demo's stray 80) are no such loss: read here as one
    lone surrogate each, they are neither."""
    text = data.decode("utf-8", "surrogateescape")
    found = holes(text)
    if not found:
        return ()
    offsets = source_offsets(text)
    return tuple((int(offsets[at]), int(offsets[at + 1])) for at, _what in found)


def _word(text: str, at: int, lost: Collection[int]) -> tuple[int, int] | None:
    """Where the word holding the hole at ``at`` starts and ends: the letters
    and holes (``lost``) around it, when it holds some letter and, if its
    holes are ``?``, no ``?`` stands right beside it (``Narl?dere ?mranl?``:
    a ``?`` at a word's end may be a letter lost too; beside a word whose
    letters were lost as U+FFFD, as in ``Voulez-vous cr\ufffder?``, it is a
    question mark)."""
    start, end = at, at + 1
    while start > 0 and (text[start - 1].isalpha() or start - 1 in lost):
        start -= 1
    while end < len(text) and (text[end].isalpha() or end in lost):
        end += 1
    word = text[start:end]
    if not any(c.isalpha() for c in word):
        return None
    if "?" in word and "?" in (text[start - 1 : start], text[end : end + 1]):
        return None
    return start, end


def _lone(text: str, at: int, lost: Collection[int]) -> bool:
    """Whether the hole at ``at`` is a word of its own, lost as U+FFFD
    between two words of letters (``il certificato \ufffd stato``: Italian
    ``è``); a ``?`` standing alone is a question mark, and a hole beside a
    digit or a sign may be no letter (``\ufffd 100`` for ``€ 100``)."""
    return (
        text[at] == "\ufffd"
        and at >= 2
        and text[at - 2].isalpha()
        and text[at - 1] == " "
        and text[at + 1 : at + 2] == " "
        and text[at + 2 : at + 3].isalpha()
        and at - 2 not in lost
        and at + 2 not in lost
    )


#: The end of a sentence: what may stand before its next one's first word.
_SENTENCE_END = re.compile(r"[.!?]\s")


def _starts_sentence(text: str, at: int) -> bool:
    """Whether the word at ``at`` is a sentence's first: only characters
    that are no letter, digit or ``_`` stand before it, back to the text's
    start or to the end of a sentence (``.``, ``!`` or ``?`` and a space)."""
    start = at
    while start > 0 and not (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    return start == 0 or _SENTENCE_END.search(text, start, at) is not None


@cache
def _ranks() -> dict[str, int]:
    return {letter: i for i, letter in enumerate(_alphabet())}


@lru_cache(maxsize=4096)
def _completions(pieces: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The letters, one a hole, that make a known word of a word whose
    letters around its holes are ``pieces`` (folded): one tuple per such
    word, those of the more frequent word first (its place among its
    language's words, ``lexicon.completion_words``: ``B?n`` is ``bạn``
    before ``bán``), then those of commoner letters (kept: a text repeats
    its damaged words)."""
    rank = _ranks()
    found = [
        (letters, place) for letters, place in fillings(pieces) if all(c in rank for c in letters)
    ]
    return tuple(
        letters for letters, _ in sorted(found, key=lambda f: (f[1], [rank[c] for c in f[0]]))
    )


def _capital(before: str, after: str, starts: bool) -> bool:
    """Whether a hole between the word's letters ``before`` and ``after``
    is a capital: beside capitals, or the first letter of a word written in
    capitals or of a sentence's first word (``starts``)."""
    return bool(before and before[-1].isupper() and (not after or after[0].isupper())) or (
        not before and ((len(after) > 1 and after.isupper()) or starts)
    )


def _languages(text: str, lost: Collection[int]) -> list[frozenset[str]]:
    """The words (``lexicon.language_words``) of the languages whose
    frequent words the text's whole words (none beside a hole in ``lost``:
    ``est`` of ``est\ufffd`` is no French word) are most often; none when
    none is."""
    counts = Counter(
        fold(match.group())
        for match in WORD.finditer(text)
        if match.start() - 1 not in lost and match.end() not in lost
    )
    scores = [sum(n for word, n in counts.items() if word in words) for words in language_words()]
    best = max(scores, default=0)
    return [
        words
        for words, score in zip(language_words(), scores, strict=True)
        if best and score == best
    ]


def _fillings(
    pieces: tuple[str, ...], used: set[str], starts: bool, languages: list[frozenset[str]]
) -> list[tuple[str, ...]]:
    """:func:`_completions` of a word's ``pieces``, those making a word of
    the text's ``languages`` first, then those whose letters the text uses
    (``used``), each letter in the case the word's letters beside its hole
    call for (``starts``: the word is a sentence's first)."""
    folded = tuple(fold(piece) for piece in pieces)

    def order(letters: tuple[str, ...]) -> tuple[bool, int]:
        known = _in_languages(_filled(folded, letters), languages)
        return not known, sum(c not in used for c in letters)

    found = sorted(_completions(folded), key=order)
    capitals = [
        _capital("".join(pieces[: k + 1]), "".join(pieces[k + 1 :]), starts and k == 0)
        for k in range(len(pieces) - 1)
    ]
    return [
        tuple(c.upper() if capital else c for c, capital in zip(letters, capitals, strict=True))
        for letters in found
    ]


#: The most letters an ending may hold that :func:`_stem_fillings` cuts off,
#: the fewest a stem keeps after its last hole, and the fewest it holds
#: (a shorter stem is too often some other language's word: ``s\ufffdgav``
#: is no ``säga`` and a ``v``).
ENDING, AFTER_HOLE, STEM = 3, 2, 6


def _stem_fillings(
    pieces: tuple[str, ...], used: set[str], starts: bool, languages: list[frozenset[str]]
) -> list[tuple[str, ...]]:
    """:func:`_fillings` of the word's stem where no known word is the whole
    word: the word with its last one to :data:`ENDING` letters cut off (the
    shortest ending first), at least :data:`AFTER_HOLE` letters left after
    its last hole and :data:`STEM` in all (``ung\ufffdltiges`` is
    ``ungültig`` and ``es``: the word lists hold a word's commoner forms)."""
    last = pieces[-1]
    length = sum(map(len, pieces)) + len(pieces) - 1
    for cut in range(1, ENDING + 1):
        if len(last) - cut < AFTER_HOLE or length - cut < STEM:
            break
        found = _fillings((*pieces[:-1], last[:-cut]), used, starts, languages)
        if found:
            return found
    return []


def _filled(pieces: tuple[str, ...], letters: tuple[str, ...]) -> str:
    """The word whose letters around its holes are ``pieces``, with
    ``letters`` in the holes."""
    return pieces[0] + "".join(c + piece for c, piece in zip(letters, pieces[1:], strict=True))


def _in_languages(word: str, languages: Sequence[frozenset[str]]) -> bool:
    """Whether ``word`` (folded) is a word of one of the ``languages``."""
    folded = fold(word)
    return any(folded in words for words in languages)


def guess_letters(text: str) -> tuple[str, tuple[Guess, ...]] | None:
    """``text`` with the holes of each word known words explain filled (see
    the module docstring), and the guesses; ``None`` when no hole is filled."""
    chars = list(text)
    used = set(text.lower())  # the text's letters, and those guessed so far
    edges = set(edge_holes(text)) if "?" in text else set()
    lost = dict(holes(text)) | dict.fromkeys(edges, AS_QUESTION_MARK)
    lost = dict(sorted(lost.items()))
    languages = _languages(text, lost) if lost else []
    guesses = []
    done: set[int] = set()
    for at in lost:
        word = None if at in done else _word(text, at, lost)
        if word is None:
            if at in done or not _lone(text, at, lost):
                continue
            word = (at, at + 1)
        start, end = word
        spots = [i for i in range(start, end) if i in lost]
        done.update(spots)
        cuts = [start - 1, *spots, end]
        pieces = tuple(text[a + 1 : b] for a, b in pairwise(cuts))
        starts = spots[0] == start and _starts_sentence(text, start)
        fillings = _fillings(pieces, used, starts, languages) or _stem_fillings(
            pieces, used, starts, languages
        )
        if end - start == 1 or edges.intersection(spots):
            # A word of one letter, or at a question mark that may be one:
            # only a word of the text's language.
            fillings = [f for f in fillings if _in_languages(_filled(pieces, f), languages)]
        if not fillings:
            continue
        best = fillings[0]
        for k, spot in enumerate(spots):
            others = dict.fromkeys(f[k] for f in fillings[1:] if f[k] != best[k])
            chars[spot] = best[k]
            guesses.append(Guess(spot, spot + 1, lost[spot], best[k], tuple(others), at_char=spot))
        used.update(c.lower() for c in best)
    return ("".join(chars), tuple(guesses)) if guesses else None

"""Second readings of a reading whose lost bytes were guessed
(``lost.py``), which the explainer prices beside it:

* :func:`variants`: one guess at a time switched to its first alternative,
  with how much rarer that is;
* :func:`keep_spaces`: each space a guess took for a lost no-break space
  kept where a letter follows it (HTML collapsed the two).
"""

from __future__ import annotations

from dataclasses import replace

from mojiscope.core.mojibake.guess import LOST_NBSP, SPACE, Guess
from mojiscope.core.mojibake.letters import rarity
from mojiscope.core.mojibake.word_fills import space_given_back


def keep_spaces(text: str, guesses: tuple[Guess, ...]) -> tuple[str, tuple[Guess, ...]]:
    """``text`` with each space a guess took for a lost no-break space put
    back where a letter follows it (:data:`SPACE` becomes
    :data:`LOST_NBSP`: ``Ã perturber`` is ``à perturber``, HTML collapsed
    the no-break space and the space after it); the guess then ends before
    the space, which its chain reads as a space."""
    out = list(guesses)
    for i in sorted(
        (i for i, g in enumerate(out) if g.what == SPACE and g.at_char >= 0),
        key=lambda i: -out[i].at_char,
    ):
        at = out[i].at_char + 1
        if at < len(text) and text[at] != " ":
            text = text[:at] + " " + text[at:]
            out[i] = replace(out[i], what=LOST_NBSP, end=out[i].end - 1)
            # The guesses after it stand one character further on.
            out = [replace(g, at_char=g.at_char + 1) if g.at_char >= at else g for g in out]
    return text, tuple(out)


def _rarity(chars: str) -> float:
    """:func:`~.letters.rarity` of a guess's character (its first, where a
    guess put more than one: a whole word's letters)."""
    return rarity(chars[:1]) if chars else 0.0


def variants(
    text: str, guesses: tuple[Guess, ...], limit: int = 4
) -> list[tuple[str, tuple[Guess, ...], float]]:
    """The text with one guess at a time replaced by its first alternative
    (a second reading when the guess was the commoner letter and the text
    means the rarer one; for a space taken for a no-break space, the space
    given back: ``às vezes`` or ``í s vezes``), with how much rarer the
    alternative is (``letters.rarity``: what the model, which prices a
    guess by its kind whatever its character, does not see; ``❀`` is a
    symbol as plausible as ``”`` is a sign, but far rarer)."""
    found = []
    for i, guess in enumerate(guesses[:limit]):
        if not guess.alternatives or guess.at_char < 0 or text[guess.at_char] != guess.char:
            continue
        other = guess.alternatives[0]
        delta = _rarity(other) - _rarity(guess.char)
        if guess.what == SPACE:
            spaced, out = space_given_back(text, guesses, i, other)
            found.append((spaced, tuple(out), delta))
            continue
        changed = text[: guess.at_char] + other + text[guess.at_char + 1 :]
        swapped = replace(guess, char=other, alternatives=(guess.char, *guess.alternatives[1:]))
        found.append((changed, (*guesses[:i], swapped, *guesses[i + 1 :]), delta))
    return found

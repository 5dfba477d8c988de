"""A reading of some bytes and its price: :class:`Hypothesis` (the text, the
chain that made it, the lost bytes it guessed, its price), priced by the
fitted model (:func:`scored`) or, until that is worth the work, by a lower
bound of it (:func:`bounded`, :func:`settled`). The search (``search.py``)
and every reading beside it (per part, piece by piece, lost letters) are
made of these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mojiscope.core.mojibake import model
from mojiscope.core.mojibake.chain import Chain
from mojiscope.core.mojibake.guess import PRICED_AS, Guess


@dataclass(frozen=True)
class Hypothesis:
    """A reading of the bytes: its text, the chain, the holes it filled (in
    bytes of the stored text's first undo), and its total price."""

    text: str
    chain: Chain
    guesses: tuple[Guess, ...] = ()
    price: float = field(default=0.0, compare=False)
    #: How many parts a per-part reading has, and whether its parts are pieces of lines.
    parts: int = field(default=0, compare=False)
    pieces: bool = field(default=False, compare=False)
    #: The text the model scored, when it is not ``text`` (bytes that are no
    #: UTF-8, scored as WTF-8 reads them).
    scored_text: str | None = field(default=None, compare=False)
    #: ``price`` is only a lower bound (``model.text_score_bound``): the
    #: text is not scored yet (a legacy origin of a ``bounded`` search).
    bound: bool = field(default=False, compare=False)

    @property
    def scored(self) -> str:
        """The text the model scores: ``scored_text`` where set, else ``text``."""
        return self.text if self.scored_text is None else self.scored_text


def guess_kinds(guesses: tuple[Guess, ...]) -> tuple[str, ...]:
    """The kinds the model prices ``guesses`` as (``lost.PRICED_AS``)."""
    return tuple(PRICED_AS.get(guess.what, guess.what) for guess in guesses)


def scored(text: str, chain: Chain, guesses: tuple[Guess, ...] = ()) -> Hypothesis:
    """A reading priced by the fitted model (``model.price``)."""
    return Hypothesis(text, chain, guesses, model.price(text, chain, guess_kinds(guesses)))


def bounded(text: str, chain: Chain, guesses: tuple[Guess, ...] = ()) -> Hypothesis:
    """A reading whose price is a lower bound of :func:`scored`'s, from the
    text's cheap features (``model.text_score_bound``); :func:`settled`
    scores it."""
    kinds = guess_kinds(guesses)
    price = -(model.text_score_bound(text) + model.chain_score(chain, kinds))
    return Hypothesis(text, chain, guesses, price, bound=True)


def settled(hypothesis: Hypothesis) -> Hypothesis:
    """``hypothesis`` priced by the model, if its price was a bound."""
    if not hypothesis.bound:
        return hypothesis
    return scored(hypothesis.text, hypothesis.chain, hypothesis.guesses)

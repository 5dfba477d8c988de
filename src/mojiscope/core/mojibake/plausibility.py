"""How unlikely a text is as something a person wrote: the explainer's
score of a text alone, from the fitted model (``model.py``, over the
features of ``features.py``).

:func:`cost` is minus the model's text score (lower: likelier);
:func:`isolated_price` the same for one character with no neighbours, which
ranks the guesses for a lost byte (``lost.py``). Comparing two readings of
the same bytes, the cheaper is the likelier; the chain's own share of the
evidence is added by :func:`mojiscope.core.mojibake.model.price`.
"""

from __future__ import annotations

from mojiscope.core.mojibake import model


def cost(text: str) -> float:
    """How unlikely ``text`` is by itself (see the module docstring)."""
    return -model.text_score(text)


def isolated_price(char: str) -> float:
    """The price of one character with no neighbours, as a letter rather than
    a word (``model.letter_score``)."""
    return -model.letter_score(char)

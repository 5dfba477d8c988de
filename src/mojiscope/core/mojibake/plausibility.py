"""How unlikely a text is as something a person wrote: the explainer's
score of a text alone, from the fitted model (``model.py``, over the
features of ``features.py``).

:func:`cost` is minus the model's text score (lower: likelier);
:func:`isolated_price` the same for one character with no neighbours, which
ranks the guesses for a lost byte (``lost.py``); :func:`word_likelier`
whether repairing some runs of bytes makes the word they stand in likelier
(the segment map's judge repairs a run only so, grouping a line's runs by
word with :func:`words_of_runs`). Comparing two readings of
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


def _word_bounds(data: bytes, start: int, end: int) -> tuple[int, int]:
    """Bytes ``[start, end)`` of ``data`` widened to the nearest byte on
    each side that is no ASCII letter, digit or non-ASCII byte."""
    while start > 0 and (data[start - 1] >= 0x80 or chr(data[start - 1]).isalnum()):
        start -= 1
    while end < len(data) and (data[end] >= 0x80 or chr(data[end]).isalnum()):
        end += 1
    return start, end


def words_of_runs(data: bytes, runs: list[tuple[int, int]]) -> list[list[int]]:
    """The indices of ``runs`` (in order) grouped by the word each lies in."""
    groups: list[list[int]] = []
    last_end = -1
    for i, (a, b) in enumerate(runs):
        start, end = _word_bounds(data, a, b)
        if groups and start <= last_end:
            groups[-1].append(i)
        else:
            groups.append([i])
        last_end = end
    return groups


def word_likelier(data: bytes, runs: list[tuple[int, int]], repairs: list[str | None]) -> bool:
    """Whether the word around ``runs`` (bytes of ``data``, valid UTF-8, in
    one word: :func:`_word_bounds`) reads likelier as text
    (:func:`cost`) with each run replaced by its repair."""
    if any(r is None for r in repairs):
        return False
    a, b = _word_bounds(data, runs[0][0], runs[-1][1])
    word = data[a:b].decode("utf-8")
    pieces, at = [], a
    for (start, end), repair in zip(runs, repairs, strict=True):
        assert repair is not None
        pieces += [data[at:start].decode("utf-8"), repair]
        at = end
    pieces.append(data[at:b].decode("utf-8"))
    return cost("".join(pieces)) < cost(word)

"""Mojibake a text quotes on purpose: a line that says how some text shows
(``the symbol displays as Â£``) or that holds its characters beyond ASCII
alone in quotation marks among ASCII words (``Strange use of "â€”"``).
A repair of such a line is most likely a correct text changed, so the
explainer puts every such repair behind the text as it is
(:func:`quoting_shift`) and says why (:func:`quoted_on_purpose`)."""

from __future__ import annotations

import re

from mojiscope.core.mojibake.features import quotation_spans
from mojiscope.core.mojibake.hypothesis import Hypothesis

#: How much dearer than the text as it is the cheapest repair of mojibake
#: quoted on purpose is at least (:func:`quoting_shift`): the text as it is
#: e times as likely.
QUOTING_MARGIN = 1.0


def quotes(hypothesis: Hypothesis, origin: str) -> bool:
    """Whether ``hypothesis`` is a repair of mojibake quoted on purpose
    (:func:`quoted_on_purpose`)."""
    if hypothesis.chain.is_identity and not hypothesis.parts:
        return False
    return bool(quoted_on_purpose(origin, hypothesis.text))


def quoting_shift(readings: list[Hypothesis], origin: str) -> float:
    """What every repair of mojibake quoted on purpose (:func:`quotes`)
    adds to its price, so that the text as it is comes
    :data:`QUOTING_MARGIN` before the cheapest (0 where it already does):
    ``the symbol displays as Â£`` quotes its mojibake on purpose. The same
    for each keeps their order, and a lower bound (``Hypothesis.bound``) a
    bound of its reading's price."""
    unchanged = next((h.price for h in readings if h.chain.is_identity and not h.parts), None)
    quoting = [h.price for h in readings if quotes(h, origin)]
    if unchanged is None or not quoting:
        return 0.0
    return max(0.0, unchanged + QUOTING_MARGIN - min(quoting))


#: How people say what some text shows where they quote its mojibake on
#: purpose: a verb of showing before ``as``, ``like`` or a quotation
#: (``displays as â€™``, ``shows “Ã©”``), what stands for what
#: (``instead of``, ``statt``, ``вместо``), what to replace
#: (``replace â€™ with``, ``replace all Ã©``), a line that begins ``Before:``,
#: ``After:``, ``Expected:`` or ``Actual:``. A verb alone (``Show hidden
#: files``) is none.
_SAYS_HOW_TEXT_SHOWS = re.compile(
    r"(?im)\b(?:display(?:s|ed)?|show(?:s|n|ed)?|appear(?:s|ed)?|render(?:s|ed)?"
    r"|come(?:s)? out|turn(?:s|ed)? into|bec[oa]mes?)"
    r"(?:\s+up)?\s*(?:\bas\b|\blike\b|[:\"'\u201c\u2018«`])"
    r"|\b(?:instead of|rather than|replaced? by|replaced? with|statt|anstatt|au lieu de"
    r"|en lugar de|en vez de|invece di|em vez de|zamiast|вместо)\b|代わりに|而不是|变成|显示为"
    r"|\breplac(?:e|es|ed|ing)(?:\s+(?:all|every|each|the))?\s+[\"'\u201c\u2018`]?[^\x00-\x7f]"
    r"|^\s*(?:before|after|expected|actual)\s*:"
)


#: Why a repair may undo mojibake quoted on purpose (:func:`quoted_on_purpose`).
_SAYS_HOW = "a line it changes says how some text shows"
_ALONE_IN_QUOTES = "a line it changes holds it alone in quotation marks"
_ASCII_WORD = re.compile(r"[A-Za-z]{2,}")


def quoted_on_purpose(origin: str, repaired: str) -> str:
    """Why the lines of ``origin`` that the repair to ``repaired`` changes
    may quote their mojibake on purpose, in words ("" where they do not):
    a line says how some text shows (:data:`_SAYS_HOW_TEXT_SHOWS`), or
    holds characters beyond ASCII only inside quotation marks, among words
    of ASCII letters outside them (``Strange use of "â€”" in README.md``;
    ``features.quotation_spans``). Where the repair changed the lines
    themselves, any line is asked. A file's other lines say nothing of its
    mojibake."""
    before, after = origin.splitlines(), repaired.splitlines()
    if len(before) == len(after):
        changed = [old for old, new in zip(before, after, strict=True) if old != new]
    else:
        changed = before
    if any(_SAYS_HOW_TEXT_SHOWS.search(line) for line in changed):
        return _SAYS_HOW
    if changed and all(_alone_in_quotes(line) for line in changed):
        return _ALONE_IN_QUOTES
    return ""


def _alone_in_quotes(line: str) -> bool:
    """Whether ``line``'s characters beyond ASCII all stand inside quotation
    marks, and words of ASCII letters outside them."""
    outside, at = [], 0
    for start, end in quotation_spans(line):
        outside.append(line[at:start])
        at = end
    if not at:
        return False
    rest = "".join(outside) + line[at:]
    return rest.isascii() and _ASCII_WORD.search(rest) is not None

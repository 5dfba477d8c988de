"""Plainly fine: Latin text that no reading the explainer knows would take
for damaged, decided without asking it.

``mojiscope scan`` judges thousands of small files, most of them correct
UTF-8 with a few accented letters; the explainer prices several readings of
each (about two milliseconds a file). :func:`plainly_fine` lets the judge
skip it for text that shows none of what a misreading leaves. It is true
only when all of these hold:

* the bytes are UTF-8 (the caller checks) holding only ASCII, Latin-1 and
  Latin Extended letters and signs (up to U+024F) and general punctuation
  and currency signs (U+2000-U+20CF): Greek, Cyrillic, box drawing, the
  mathematical signs Mac Roman reads bytes as, and every other script go to
  the explainer;
* none of the screen's marks (:mod:`.screen`): no reader's mojibake
  sequence (one is enough), one cut short before ``?``, U+FFFD, NUL, or
  what a legacy or Western misreading leaves; no ``Ã`` before a space
  (``à`` whose no-break space became a space);
* no oddity (:mod:`.oddities`), and no Latin-1 sign between two letters
  (``Azken·burugoiko``: cp1250 read as cp437; Catalan ``l·l`` goes to the
  explainer too);
* every word holding a non-ASCII letter is a word the lexicon knows, or is
  made only of letter pairs known words hold (:mod:`.lexicon`): a legacy
  text read as a Western code page (``Veèer``, Czech ``Večer``) makes pairs
  no language writes.

It is a filter, not a judgement: false means "ask the explainer", never
"damaged". docs/SCAN.md gives what it was checked on.
"""

from __future__ import annotations

import re

from mojiscope.core.mojibake.features import token_terms, tokens
from mojiscope.core.mojibake.oddities import odd_places
from mojiscope.core.mojibake.screen import MARKERS, legacy_marks, screen

#: A character outside the scripts and signs plain text may hold.
_OTHER = re.compile("[^\x00-\u024f\u2000-\u20cf]")
_LATIN = "A-Za-z\u00c0-\u024f"
#: A Latin-1 sign (U+00A1-U+00BF) between two letters.
_SIGN_IN_WORD = re.compile(f"[{_LATIN}][\u00a1-\u00bf][{_LATIN}]")
#: ``Ã`` before a space or the end: ``à`` read as windows-1252 is ``Ã`` and
#: a no-break space, which editors turn into a space.
_LOST_NO_BREAK = re.compile("\u00c3(?= |$)", re.MULTILINE)


def plainly_fine(data: bytes) -> bool:
    """Whether ``data``, valid UTF-8 that is not all ASCII, is plain Latin
    text showing nothing the misreadings the explainer knows leave (the
    module docstring's rules): true lets a judge skip the explainer; false
    says nothing about the text."""
    look = screen()
    if look.any_sequence(data) or look.partial(data) or legacy_marks(data):
        return False
    if any(marker.search(data) for marker in MARKERS):
        return False
    text = data.decode("utf-8")
    if _OTHER.search(text) or _SIGN_IN_WORD.search(text) or _LOST_NO_BREAK.search(text):
        return False
    if odd_places(text):
        return False
    return all(_plain_word(token) for token in tokens(text))


def _plain_word(token: str) -> bool:
    """Whether a word holding a non-ASCII letter is known, or made of known
    pairs (the model's word features: :func:`~.features.token_terms`); a
    word only the longer lists of rarer words hold is not enough."""
    known, _unknown, _mixed, _capital, _pairs_known, pairs_unknown, _listed = token_terms(token)
    return bool(known) or pairs_unknown == 0

"""How much a decoded text looks like real text in some language, in bits.

The model (``mojiscope/resources/text_model.json``, fitted by
``tests/data/detect/make_model.py`` on the development half of a corpus of
real translations) gives per language the cost of each character that is
not plain ASCII: ``-log2`` of how often the language's text uses it, in
half bits. :func:`text_cost` adds up, for the language that explains a
text best, the costs of its characters that are not plain ASCII (printable
ASCII, tab and line ends cost nothing: every ASCII-compatible reading of
the bytes has them alike). A character the language never used costs its
``unseen`` cost, a little more than the rarest one it did.

The same bytes read in two formats give two texts; the one that costs
fewer bits is the likelier reading. That compares a Japanese file read as
Shift_JIS (kana and common kanji, 8-12 bits each) with the same bytes read
as GB18030 (Han characters Chinese text seldom uses, 20 bits and more), or
KOI8-R read as KOI8-R with the same bytes read as cp1251 (Cyrillic letters
in the wrong case and order). A fitted model rather than rules: which
letters a language uses, and how often, is data, and rules per pair of
code pages would not scale to the fifty that share these bytes.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from operator import add

MODEL_FILE = "text_model.json"


BACKOFF = 6.0
"""Bits a pair of characters the language was never seen to write costs
beyond its second character's own cost."""
SHORTLIST = 6
"""Languages whose pairs are priced, the best by single characters."""
COST_SAMPLE = 1 << 16
"""Characters of a text that are priced."""


@dataclass(frozen=True)
class LanguageModel:
    """One language's costs (in bits): of each symbol (a character, or a
    class of plain ASCII: see :func:`symbols`), and of each symbol after
    another where either is not plain ASCII."""

    language: str
    costs: dict[str, float]
    pairs: dict[str, float]
    unseen: float

    def cost(self, counts: Counter[str]) -> float:
        """Bits for the symbols counted in ``counts``, one by one."""
        costs, unseen = self.costs, self.unseen
        return sum(costs.get(char, unseen) * n for char, n in counts.items())

    def pair_cost(self, pairs: Counter[str]) -> float:
        """Bits for the pairs of symbols counted in ``pairs``: a pair's own
        cost where the language wrote it, else its second symbol's plus
        :data:`BACKOFF`."""
        costs, known, unseen = self.costs, self.pairs, self.unseen
        return sum(
            (known[pair] if pair in known else costs.get(pair[1], unseen) + BACKOFF) * n
            for pair, n in pairs.items()
        )


def _expand(groups: dict[str, str], width: int) -> dict[str, float]:
    return {
        chars[i : i + width]: int(half_bits) / 2
        for half_bits, chars in groups.items()
        for i in range(0, len(chars), width)
    }


@cache
def models() -> tuple[LanguageModel, ...]:
    """The languages of the model file, read once."""
    raw = json.loads(files("mojiscope.resources").joinpath(MODEL_FILE).read_text("utf-8"))
    return tuple(
        LanguageModel(
            language, _expand(entry["costs"], 1), _expand(entry["pairs"], 2), entry["unseen"] / 2
        )
        for language, entry in raw.items()
    )


_CLASSES = str.maketrans(
    {
        **{chr(c): " " for c in range(0x20, 0x7F)},
        **{c: "a" for c in "abcdefghijklmnopqrstuvwxyz"},
        **{c: "A" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
        **{c: "0" for c in "0123456789"},
        "\t": " ",
        "\n": " ",
        "\r": " ",
    }
)
_PLAIN_SYMBOLS = frozenset("aA0 ")


def symbols(text: str) -> str:
    """``text`` as the model sees it: plain ASCII as its class (``a`` a
    lower-case letter, ``A`` an upper-case one, ``0`` a digit, `` ``
    anything else: space, punctuation, tab, line ends), every other
    character as itself."""
    return text.translate(_CLASSES)


def is_plain(char: str) -> bool:
    """Printable ASCII, tab, CR and LF: the characters that cost nothing alone."""
    return " " <= char <= "~" or char in "\t\n\r"


def unusual_counts(seen: str) -> Counter[str]:
    """How often each symbol of ``seen`` (from :func:`symbols`) that is not plain occurs."""
    counts = Counter(seen)
    for char in _PLAIN_SYMBOLS & counts.keys():
        del counts[char]
    return counts


def unusual_pairs(seen: str) -> Counter[str]:
    """How often each pair of neighbouring symbols of ``seen`` occurs where
    either is not plain. Every pair is counted at C speed (``map`` over two
    slices), and the pairs of two plain symbols, at most 16 of them, taken out."""
    pairs: Counter[str] = Counter(map(add, seen, seen[1:]))
    for pair in [p for p in pairs if p[0] in _PLAIN_SYMBOLS and p[1] in _PLAIN_SYMBOLS]:
        del pairs[pair]
    return pairs


def text_cost(text: str) -> tuple[float, str]:
    """(bits, language): what ``text`` (its first :data:`COST_SAMPLE`
    characters) costs in the language that explains it best, pricing each
    character that is not plain ASCII after the one before it, and each
    plain one after one that is not. A text of plain ASCII costs nothing
    (language ``""``)."""
    seen = symbols(text[:COST_SAMPLE])
    counts = unusual_counts(seen)
    if not counts:
        return 0.0, ""
    pairs = unusual_pairs(seen)
    shortlist = sorted((m.cost(counts), i) for i, m in enumerate(models()))[:SHORTLIST]
    chosen = [models()[i] for _, i in shortlist]
    return min((m.pair_cost(pairs), m.language) for m in chosen)

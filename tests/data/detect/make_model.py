"""Fit the text model the format ranking reads (``src/mojiscope/resources/text_model.json``).

    python tests/data/detect/make_model.py [--locale-dir /usr/share/locale]

Per language of ``make_corpus.ENCODINGS`` (plus English, for text with
few letters beyond ASCII): how often each character that is not plain
ASCII occurs in the language's translations, from the ``dev`` documents
only (every catalog whose domain is not held out, read whole, each capped
at :data:`CAP` characters so that the big ISO code lists do not outweigh
the rest). The held-out documents are never read here.

A character's cost is ``-log2`` of its share of all the characters of the
language (ASCII included), in half bits, rounded; characters seen fewer
than :data:`MIN_COUNT` times are left out and cost the language's
``unseen`` cost. The file lists, per language, the characters by cost.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
from collections import Counter
from pathlib import Path

from make_corpus import ENCODINGS, heldout, mo_strings

OUT = Path(__file__).resolve().parents[3] / "src" / "mojiscope" / "resources" / "text_model.json"
CAP = 200_000
MIN_COUNT = 2
MIN_PAIR_COUNT = 3
EXTRA_LANGUAGES = ("en_GB", "vi", "id", "nb", "gl", "eu")
"""Languages modelled beyond the corpus's, for files in them (not measured)."""


def plain(char: str) -> bool:
    """Printable ASCII, tab and line ends: costs nothing in any reading."""
    return " " <= char <= "~" or char in "\t\n\r"


def symbol(char: str) -> str:
    """What the model sees: plain ASCII as its class (``a`` a lower-case
    letter, ``A`` an upper-case one, ``0`` a digit, `` `` anything else),
    any other character as itself."""
    if not plain(char):
        return char
    if "a" <= char <= "z":
        return "a"
    if "A" <= char <= "Z":
        return "A"
    return "0" if "0" <= char <= "9" else " "


def half_bits(share: float) -> int:
    return round(-2 * math.log2(share))


def fit(texts: list[str]) -> dict[str, object]:
    counts: Counter[str] = Counter()
    pairs: Counter[str] = Counter()
    for text in texts:
        symbols = "".join(symbol(c) for c in text)
        counts.update(symbols)
        pairs.update(a + b for a, b in itertools.pairwise(symbols) if not (plain(a) and plain(b)))
    total = sum(counts.values())
    costs: dict[int, list[str]] = {}
    for char, n in counts.items():
        if n >= MIN_COUNT:
            costs.setdefault(half_bits(n / total), []).append(char)
    pair_costs: dict[int, list[str]] = {}
    for pair, n in pairs.items():
        if n >= MIN_PAIR_COUNT:
            pair_costs.setdefault(half_bits(n / counts[pair[0]]), []).append(pair)
    return {
        "unseen": half_bits(1 / total) + 2,  # half as likely as a character seen once
        "chars": total,
        "costs": {str(k): "".join(sorted(v)) for k, v in sorted(costs.items())},
        "pairs": {str(k): "".join(sorted(v)) for k, v in sorted(pair_costs.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--locale-dir", type=Path, default=Path("/usr/share/locale"))
    args = parser.parse_args()
    model: dict[str, object] = {}
    for language in (*ENCODINGS, *EXTRA_LANGUAGES):
        texts = []
        for path in sorted((args.locale_dir / language / "LC_MESSAGES").glob("*.mo")):
            if heldout(path.stem):
                continue
            texts.append("\n".join(mo_strings(path))[:CAP])
        if texts:
            model[language] = fit(texts)
    OUT.write_text(json.dumps(model, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(model)} languages -> {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()

"""Partial damage: a different chain for each line.

A CSV where some rows went through a misreading and others did not has no
single chain: the damaged rows' chain fails on, or spoils, the others. So the
text is cut into lines (with their line ends), each line is explained by the
chains found for the whole text and for its worst-looking lines, or left as
it is, and the cheapest choice per line wins. The result is one reading
whose :class:`Part`\\ s say which byte range got which chain.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from mojiscope.core.mojibake import model
from mojiscope.core.mojibake.chain import IDENTITY, Chain, ChainError, repair_text
from mojiscope.core.mojibake.hypothesis import Hypothesis, scored
from mojiscope.core.mojibake.readers import undoes_without_guessing
from mojiscope.core.mojibake.screen import legacy_marks
from mojiscope.core.mojibake.search import commoner, search, utf8_layers_only, western_origins

#: Lines searched on their own for chains (the worst-looking first).
SEARCHED_LINES = 4
#: Chains tried on every line.
TRIED_CHAINS = 6
#: A line with its line end (only LF ends a line: mojibake may hold U+0085).
LINE = re.compile(r"[^\n]*\n|[^\n]+")


@dataclass(frozen=True)
class Part:
    """Source bytes ``[start, end)`` and the chain that explains them."""

    start: int
    end: int
    chain: Chain


def _worst_lines(lines: list[str]) -> list[str]:
    costs = line_costs(list(lines))
    priced = [
        (c / max(1, len(line)), line)
        for c, line in zip(costs, lines, strict=True)
        if not line.isascii()
    ]
    return [line for _, line in sorted(priced, reverse=True)[:SEARCHED_LINES]]


def chains_for_parts(lines: list[str], whole: list[Hypothesis]) -> list[Chain]:
    """Candidate chains: the whole text's best, then its worst lines' best."""
    chains: list[Chain] = []
    for hypothesis in whole:
        if _usable(hypothesis) and hypothesis.chain not in chains:
            chains.append(hypothesis.chain)
    for chain in _legacy_chains(lines):
        if chain not in chains:
            chains.append(chain)
    if not undoes_without_guessing("".join(lines)):
        return chains[:TRIED_CHAINS]  # no line's search can find a usable chain
    for line in _worst_lines(lines):
        for hypothesis in search(scored(line, IDENTITY), legacy=False)[:2]:
            if _usable(hypothesis) and hypothesis.chain not in chains:
                chains.append(hypothesis.chain)
    return chains[:TRIED_CHAINS]


def _legacy_chains(lines: list[str]) -> list[Chain]:
    """The legacy origins of the lines that hold what legacy text misread
    as a Western code page leaves (``screen.legacy_marks``: Russian written
    as cp1251 and read as windows-1252, beside lines of UTF-8 read so; Western
    text read as a DOS code page, ``ESPA╤OL``): each such line's best
    reading from a legacy origin (``search.western_origins`` among them),
    without guesses. The
    whole text's legacy readings are not used: a legacy origin may be left
    priced by a bound there (``search.search``), and so may its place."""
    chains: list[Chain] = []
    if not legacy_marks("".join(lines).encode("utf-8", "surrogatepass")):
        return chains
    marked = [line for line in lines if legacy_marks(line.encode("utf-8", "surrogatepass"))]
    for line in marked[:SEARCHED_LINES]:
        readings = search(scored(line, IDENTITY))[:2] + western_origins(line)
        legacy = [
            h
            for h in sorted(readings, key=lambda h: h.price)
            if model.legacy_origin(h.chain) and not h.guesses and h.chain not in chains
        ]
        if legacy:
            # One text, two chains (cp1254 and windows-1252 write Western
            # letters alike): named by the commoner.
            best = legacy[0]
            for other in legacy[1:]:
                if other.text == best.text and commoner(other.chain, best.chain):
                    best = other
            chains.append(best.chain)
    return chains


def _usable(hypothesis: Hypothesis) -> bool:
    """Parts are UTF-8 misread: chains of UTF-8 layers, no lost bytes."""
    return utf8_layers_only(hypothesis)


def line_costs(lines: list[str | None]) -> list[float]:
    """The price of each line (``inf`` for ``None``), from one scoring pass
    over all of them (``model.line_prices``)."""
    present = [line if line is not None else "" for line in lines]
    prices = model.line_prices(present) if present else np.zeros(0)
    return [
        float(x) if line is not None else math.inf for x, line in zip(prices, lines, strict=True)
    ]


def _chain_price(chain: Chain) -> float:
    return 0.0 if chain.is_identity else -model.chain_score(chain)


def _repaired_lines(chain: Chain, lines: list[str]) -> list[str | None]:
    repaired: list[str | None] = []
    for line in lines:
        try:
            repaired.append(line if line.isascii() else repair_text(chain, line.encode("utf-8")))
        except ChainError:
            repaired.append(None)
    return repaired


def per_part(text: str, whole: list[Hypothesis]) -> tuple[Hypothesis, tuple[Part, ...]] | None:
    """The per-line reading of UTF-8 ``text``, if it uses more than one chain."""
    lines = LINE.findall(text)
    if len(lines) < 2:
        return None
    chains = chains_for_parts(lines, whole)
    if not chains:
        return None
    best_texts: list[str] = list(lines)
    best_chains: list[Chain] = [IDENTITY] * len(lines)
    best_prices = line_costs(list(lines))
    for chain in chains:
        repaired = _repaired_lines(chain, lines)
        for i, price in enumerate(line_costs(repaired)):
            candidate = repaired[i]
            if candidate is None or candidate == lines[i]:
                continue  # a chain that leaves a line as it is did not misread it
            cost = price + _chain_price(chain)
            if candidate == best_texts[i]:
                # One text, two chains: named by the commoner, priced by the cheaper.
                if commoner(chain, best_chains[i]):
                    best_chains[i] = chain
                best_prices[i] = min(cost, best_prices[i])
            elif cost < best_prices[i]:
                best_texts[i], best_chains[i], best_prices[i] = candidate, chain, cost
    parts: list[Part] = []
    offset = 0
    for line, chain in zip(lines, best_chains, strict=True):
        size = len(line.encode("utf-8"))
        if parts and parts[-1].chain == chain:
            parts[-1] = Part(parts[-1].start, offset + size, chain)
        else:
            parts.append(Part(offset, offset + size, chain))
        offset += size
    used = {part.chain for part in parts}
    if len(used) < 2:
        return None
    repaired_text = "".join(best_texts)
    main = next(part.chain for part in parts if not part.chain.is_identity)
    total = model.price(repaired_text, main, parts=len(parts))
    return Hypothesis(repaired_text, main, (), total, parts=len(parts)), tuple(parts)

"""Partial damage: a different chain for each line.

A CSV where some rows went through a misreading and others did not has no
single chain: the damaged rows' chain fails on, or spoils, the others. So the
text is cut into lines (with their line ends), each line is explained by the
chains found for the whole text and for its worst-looking lines, or left as
it is, and the cheapest choice per line wins. The result is one reading
whose :class:`Part`\\ s say which byte range got which chain.
"""

from __future__ import annotations

from dataclasses import dataclass

from mojiscope.core.mojibake.chain import IDENTITY, Chain, ChainError, repair_text
from mojiscope.core.mojibake.plausibility import cost
from mojiscope.core.mojibake.search import Hypothesis, prior, scored, search

#: Lines searched on their own for chains (the worst-looking first).
SEARCHED_LINES = 4
#: Chains tried on every line.
TRIED_CHAINS = 6
#: A reading's price for being partial.
PARTIAL_PRICE = 1.0


@dataclass(frozen=True)
class Part:
    """Source bytes ``[start, end)`` and the chain that explains them."""

    start: int
    end: int
    chain: Chain


def _worst_lines(lines: list[str]) -> list[str]:
    priced = [(cost(line) / max(1, len(line)), line) for line in lines if not line.isascii()]
    return [line for _, line in sorted(priced, reverse=True)[:SEARCHED_LINES]]


def chains_for_parts(lines: list[str], whole: list[Hypothesis]) -> list[Chain]:
    """Candidate chains: the whole text's best, then its worst lines' best."""
    chains: list[Chain] = []
    for hypothesis in whole:
        if _usable(hypothesis) and hypothesis.chain not in chains:
            chains.append(hypothesis.chain)
    for line in _worst_lines(lines):
        for hypothesis in search(scored(line, IDENTITY))[:2]:
            if _usable(hypothesis) and hypothesis.chain not in chains:
                chains.append(hypothesis.chain)
    return chains[:TRIED_CHAINS]


def _usable(hypothesis: Hypothesis) -> bool:
    """Parts are UTF-8 misread: chains of UTF-8 layers, no lost bytes."""
    layers = hypothesis.chain.layers
    return bool(layers) and not hypothesis.guesses and all(lay.written == "utf-8" for lay in layers)


def per_part(text: str, whole: list[Hypothesis]) -> tuple[Hypothesis, tuple[Part, ...]] | None:
    """The per-line reading of UTF-8 ``text``, if it uses more than one chain."""
    lines = text.splitlines(keepends=True)
    if len(lines) < 2:
        return None
    chains = chains_for_parts(lines, whole)
    if not chains:
        return None
    pieces: list[str] = []
    parts: list[Part] = []
    offset = 0
    total = 0.0
    for line in lines:
        raw = line.encode("utf-8")
        best_text, best_chain, best_price = line, IDENTITY, cost(line)
        if not line.isascii():
            for chain in chains:
                try:
                    repaired = repair_text(chain, raw)
                except ChainError:
                    continue
                price = cost(repaired) + prior(chain)
                if price < best_price:
                    best_text, best_chain, best_price = repaired, chain, price
        pieces.append(best_text)
        total += cost(best_text)
        if parts and parts[-1].chain == best_chain:
            parts[-1] = Part(parts[-1].start, offset + len(raw), best_chain)
        else:
            parts.append(Part(offset, offset + len(raw), best_chain))
        offset += len(raw)
    if len({part.chain for part in parts}) < 2:
        return None
    used = {part.chain for part in parts}
    total += PARTIAL_PRICE + sum(prior(chain) for chain in used)
    main = next(part.chain for part in parts if not part.chain.is_identity)
    return Hypothesis("".join(pieces), main, (), total), tuple(parts)

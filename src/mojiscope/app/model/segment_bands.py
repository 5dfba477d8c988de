"""The segment map as the views draw it, without Qt: readings, their colours
and the bands of the overview strip.

Every damaged segment of a :class:`~mojiscope.core.mojibake.segment_map.SegmentMap`
reads one way (:func:`readings`: a chain for misread and legacy bytes, and
one reading each for lossy and binary bytes); each reading has a label
(``read as windows-1252 twice``) and a colour from :data:`COLOURS`, the
same in the strip, the Mojibake panel's list and its counts, so a band
says which row of the list it is. :func:`segment_bands` gives the strip's
rectangles for a height in pixels: neighbouring segments of one reading
whose bands touch are one band, each band is at least :data:`MIN_BAND`
pixels high (one misread row in a gigabyte still shows), computed on
arrays, so a map of a million segments draws in milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mojiscope.core.mojibake.segment import KIND_CODES, SegmentKind
from mojiscope.core.mojibake.segment_map import SegmentMap, reading_words

#: Colours of the readings, in order of first appearance (Okabe and Ito's
#: palette, told apart by people with the common colour-vision deficiencies).
COLOURS = ("#E69F00", "#0072B2", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442")
#: Lossy and binary bytes: grey and black, whatever came first.
LOSSY_COLOUR, BINARY_COLOUR = "#8C8C8C", "#202020"
MIN_BAND = 3.0

_FINE = KIND_CODES.index(SegmentKind.FINE)
_LOSSY = KIND_CODES.index(SegmentKind.LOSSY)
_BINARY = KIND_CODES.index(SegmentKind.BINARY)


@dataclass(frozen=True)
class Reading:
    """One way a damaged segment reads: its key (see :func:`reading_keys`),
    its label and its colour."""

    key: int
    label: str
    colour: str


@dataclass(frozen=True)
class Band:
    """A rectangle of the strip, ``top`` to ``bottom`` pixels, of one reading."""

    top: float
    bottom: float
    key: int


def reading_keys(found: SegmentMap) -> npt.NDArray[np.int64]:
    """Per segment, the key of its reading: ``kind * 2**20 + chain number``
    (lossy and binary segments by their kind alone), -1 for fine ones."""
    arrays = found.arrays()
    kinds = arrays["kinds"].astype(np.int64)
    chains = arrays["chains"].astype(np.int64)
    keys = kinds * (1 << 20) + np.where((kinds == _LOSSY) | (kinds == _BINARY), 0, chains)
    return np.where(kinds == _FINE, -1, keys)


def readings(found: SegmentMap) -> dict[int, Reading]:
    """The readings of the map's damaged segments, in order of first
    appearance, with their labels and colours."""
    keys = reading_keys(found)
    damaged = keys[keys >= 0]
    if not len(damaged):
        return {}
    unique, first = np.unique(damaged, return_index=True)
    out: dict[int, Reading] = {}
    n = 0
    for key in unique[np.argsort(first)].tolist():
        kind, number = divmod(key, 1 << 20)
        if kind == _LOSSY:
            out[key] = Reading(key, "lossy", LOSSY_COLOUR)
        elif kind == _BINARY:
            out[key] = Reading(key, "binary", BINARY_COLOUR)
        else:
            out[key] = Reading(key, reading_words(found.chains[number]), COLOURS[n % len(COLOURS)])
            n += 1
    return out


def segment_bands(found: SegmentMap, height: float, size: int | None = None) -> list[Band]:
    """The strip's bands for ``found`` in ``height`` pixels standing for
    ``size`` bytes (the map's size by default); see the module docstring."""
    keys = reading_keys(found)
    damaged = np.flatnonzero(keys >= 0)
    if not len(damaged):
        return []
    arrays = found.arrays()
    scale = height / max(size if size is not None else found.size, 1)
    tops = arrays["starts"][damaged].astype(np.float64) * scale
    bottoms = np.maximum(arrays["ends"][damaged].astype(np.float64) * scale, tops + MIN_BAND)
    over = bottoms > height
    tops[over], bottoms[over] = np.maximum(height - MIN_BAND, 0.0), height
    ranks = keys[damaged]
    apart = (ranks[1:] != ranks[:-1]) | (tops[1:] > bottoms[:-1])
    firsts = np.concatenate(([0], np.flatnonzero(apart) + 1))
    lasts = np.concatenate((firsts[1:] - 1, [len(damaged) - 1]))
    return [
        Band(float(tops[a]), float(bottoms[b]), int(ranks[a]))
        for a, b in zip(firsts.tolist(), lasts.tolist(), strict=True)
    ]

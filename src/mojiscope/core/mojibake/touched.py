"""The source bytes a reading touches: what the Mojibake panel lists and a
repair rewrites (``Explanation.ranges``).

A code page passes ASCII through, so a repair of a misreading touches the
bytes beyond ASCII it reads; text written as ASCII (ISO-2022-JP without
its escapes, JSON without its backslashes, Cyrillic as low bytes, bytes
shown as escapes) touches the escapes or runs it reads back; UTF-16 touches
every byte. :func:`with_lost` widens the ranges over the bytes of each
guessed character.
"""

from __future__ import annotations

import re

from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.extra_codecs import ESCAPES, WRITTEN_AS_ASCII
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.hypothesis import Hypothesis
from mojiscope.core.mojibake.parts import Part

_NON_ASCII_RUN = re.compile(rb"[\x80-\xff]+")


def _runs(
    data: bytes, start: int = 0, end: int | None = None, gap: int = 0
) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for match in _NON_ASCII_RUN.finditer(data, start, len(data) if end is None else end):
        if runs and match.start() - runs[-1][1] <= gap:
            runs[-1] = (runs[-1][0], match.end())
        else:
            runs.append((match.start(), match.end()))
    return runs


def touched(
    data: bytes, hypothesis: Hypothesis, parts: tuple[Part, ...]
) -> tuple[tuple[int, int], ...]:
    """The source bytes a repair touches: the non-ASCII bytes it reads (every
    code page here passes ASCII through), joined across single ASCII bytes
    when the oldest text was a multi-byte code page or UTF-16; the escapes
    a repair of bytes shown as escapes reads."""
    chain = hypothesis.chain
    if chain.is_identity and not parts:
        return ()
    if chain.stored_as.startswith("utf-16") or any(
        lay.written.startswith("utf-16") for lay in chain.layers
    ):
        return ((0, len(data)),)
    way = WRITTEN_AS_ASCII.get(python_codec(chain.stored_as))
    if way is not None:
        return tuple((start, end) for start, end, _ in way.spans(data))
    shown = next((ESCAPES[lay.read_as] for lay in chain.layers if lay.read_as in ESCAPES), None)
    if shown is not None:  # ASCII: a character is a byte
        return tuple(shown.runs(data.decode("ascii", "replace")))
    if not chain.layers and not parts:
        try:
            return _stored_runs(hypothesis.text, chain.stored_as)
        except UnicodeEncodeError:  # a code page whose decoding does not encode back
            return tuple(_runs(data, gap=1))
    gap = 1 if any(lay.written != "utf-8" for lay in chain.layers) else 0
    if not parts:
        return tuple(_runs(data, gap=gap))
    runs: list[tuple[int, int]] = []
    for part in parts:
        if not part.chain.is_identity:
            runs += _runs(data, part.start, part.end, gap)
    return tuple(runs)


def _stored_runs(text: str, codec: str) -> tuple[tuple[int, int], ...]:
    """Legacy bytes on disk: the byte spans of the non-ASCII characters
    (exact for double-byte code pages, whose trail byte may be ASCII)."""
    runs: list[tuple[int, int]] = []
    offset = 0
    encoding = python_codec(codec)
    for char in text:
        size = len(char.encode(encoding)) if char >= "\x80" else 1
        if char >= "\x80":
            if runs and runs[-1][1] == offset:
                runs[-1] = (runs[-1][0], offset + size)
            else:
                runs.append((offset, offset + size))
        offset += size
    return tuple(runs)


def with_lost(
    ranges: tuple[tuple[int, int], ...], lost: tuple[Lost, ...]
) -> tuple[tuple[int, int], ...]:
    """``ranges`` widened to cover each lost character's bytes, merged and sorted."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted([*ranges, *((x.start, x.end) for x in lost)]):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return tuple(merged)

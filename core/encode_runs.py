"""Encoding text whose few special characters need handling of their own.

Most text encodes with one call of a CPython codec; only a handful of
characters (surrogates, escape-range characters) need a decision. A format
describes those characters with a regular expression and a function; this
module encodes the plain runs in bulk and builds the :class:`Encoding` spans.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mojiscope.core.format import Encoding
from mojiscope.core.spans import Reason, SpanKind
from mojiscope.core.spantable import SpanListBuilder

#: ``(bytes, kind, reason)`` for one run of special characters.
SpecialRun = tuple[bytes, SpanKind, Reason | None]


def encode_by_runs(
    text: str,
    special: re.Pattern[str],
    encode_plain: Callable[[str], bytes],
    encode_special: Callable[[str], list[SpecialRun]],
) -> Encoding:
    """Encode ``text``: runs matching ``special`` go to ``encode_special``,
    which returns consecutive pieces covering the run's characters in order
    (each piece's character count is its share of the run, given by
    :func:`split_counts`); the rest goes to ``encode_plain`` in bulk."""
    builder = SpanListBuilder()
    out: list[bytes] = []
    prev = 0
    for m in special.finditer(text):
        if m.start() > prev:
            chunk = encode_plain(text[prev : m.start()])
            out.append(chunk)
            builder.add_text(len(chunk), m.start() - prev)
        for (data, kind, reason), n_chars in zip(
            pieces := encode_special(m.group()), split_counts(m.group(), pieces), strict=True
        ):
            out.append(data)
            builder.add(kind, len(data), n_chars, reason)
        prev = m.end()
    if prev < len(text):
        chunk = encode_plain(text[prev:])
        out.append(chunk)
        builder.add_text(len(chunk), len(text) - prev)
    return Encoding(b"".join(out), builder.build())


def split_counts(run: str, pieces: list[SpecialRun]) -> list[int]:
    """Characters per piece: one each, unless a single piece covers the run."""
    if len(pieces) == 1:
        return [len(run)]
    if len(pieces) != len(run):
        raise ValueError("special-run pieces must be one per character or one for the run")
    return [1] * len(run)

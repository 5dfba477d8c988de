"""Encoding text whose few special characters need handling of their own.

Most text encodes with one call of a CPython codec; only a handful of
characters (surrogates, escape-range characters) need a decision. A format
describes those characters with a regular expression and a function; this
module encodes the plain runs in bulk and builds the :class:`Encoding` spans.
"""

from __future__ import annotations

import codecs
import re
import threading
from collections.abc import Callable, Iterator

from mojiscope.core.format import Encoding
from mojiscope.core.spans import Reason, SpanKind
from mojiscope.core.spantable import SpanListBuilder

#: ``(bytes, kind, reason)`` for one run of special characters.
SpecialRun = tuple[bytes, SpanKind, Reason | None]

#: The special characters of every Unicode format. Runs of them are found by
#: the UTF-8 encoder's own error machinery (PEP 293: one handler call per
#: maximal run of surrogates, in C), several times faster than the regular
#: expression engine scanning every character.
SURROGATE_RUNS = re.compile("[\ud800-\udfff]+")
_MARK_HANDLER = "mojiscope-surrogate-runs"
_marks = threading.local()


def _mark_run(error: UnicodeError) -> tuple[str, int]:
    assert isinstance(error, UnicodeEncodeError)
    _marks.runs.append((error.start, error.end))
    return "", error.end


codecs.register_error(_MARK_HANDLER, _mark_run)


def _surrogate_runs(text: str) -> list[tuple[int, int]]:
    _marks.runs = []
    text.encode("utf-8", _MARK_HANDLER)
    runs: list[tuple[int, int]] = _marks.runs
    return runs


def _special_runs(special: re.Pattern[str], text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each maximal run of characters ``special`` matches."""
    if special.pattern == SURROGATE_RUNS.pattern and special.flags == SURROGATE_RUNS.flags:
        yield from _surrogate_runs(text)
    else:
        for match in special.finditer(text):
            yield match.span()


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
    for start, end in _special_runs(special, text):
        if start > prev:
            chunk = encode_plain(text[prev:start])
            out.append(chunk)
            builder.add_text(len(chunk), start - prev)
        run = text[start:end]
        for (data, kind, reason), n_chars in zip(
            pieces := encode_special(run), split_counts(run, pieces), strict=True
        ):
            out.append(data)
            builder.add(kind, len(data), n_chars, reason)
        prev = end
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

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
from collections.abc import Callable, Iterable, Iterator

from mojiscope.core.codecs.format import Encoding
from mojiscope.core.spans.builder import SpanListBuilder
from mojiscope.core.spans.event import Reason, SpanKind

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

#: A byte UTF-8 never contains: written in place of each surrogate run, it
#: splits a one-pass encoding into its plain pieces.
_SEAM = b"\xff"
_SEAM_HANDLER = "mojiscope-surrogate-seams"


def _seam_run(error: UnicodeError) -> tuple[bytes, int]:
    assert isinstance(error, UnicodeEncodeError)
    _marks.runs.append((error.start, error.end))
    return _SEAM, error.end


codecs.register_error(_SEAM_HANDLER, _seam_run)


def _surrogate_runs(text: str) -> list[tuple[int, int]]:
    _marks.runs = []
    text.encode("utf-8", _MARK_HANDLER)
    runs: list[tuple[int, int]] = _marks.runs
    return runs


def _is_surrogate_runs(special: re.Pattern[str]) -> bool:
    return special.pattern == SURROGATE_RUNS.pattern and special.flags == SURROGATE_RUNS.flags


def _utf8_pieces(text: str) -> tuple[list[memoryview], list[tuple[int, int]]]:
    """``text`` encoded as UTF-8 in one C call, cut at its surrogate runs:
    the plain pieces (one more than the runs; views, not copies) and each
    run's ``(start, end)``."""
    _marks.runs = []
    data = text.encode("utf-8", _SEAM_HANDLER)
    runs: list[tuple[int, int]] = _marks.runs
    view, pieces, at = memoryview(data), [], 0
    for _ in runs:
        seam = data.index(_SEAM, at)
        pieces.append(view[at:seam])
        at = seam + 1
    pieces.append(view[at:])
    return pieces, runs


def _special_runs(special: re.Pattern[str], text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each maximal run of characters ``special`` matches."""
    if _is_surrogate_runs(special):
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
    :func:`split_counts`); the rest goes to ``encode_plain`` in bulk. UTF-8
    text (``str.encode``) cut at surrogates is encoded in one pass."""
    plain: list[memoryview] | None = None
    runs: Iterable[tuple[int, int]]
    if encode_plain is str.encode and _is_surrogate_runs(special):
        plain, runs = _utf8_pieces(text)
    else:
        runs = _special_runs(special, text)
    builder = SpanListBuilder()
    out: list[bytes | memoryview] = []
    prev = 0
    for i, (start, end) in enumerate(runs):
        if start > prev:
            chunk: bytes | memoryview = (
                plain[i] if plain is not None else encode_plain(text[prev:start])
            )
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
        chunk = plain[-1] if plain is not None else encode_plain(text[prev:])
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

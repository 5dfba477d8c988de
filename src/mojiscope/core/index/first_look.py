"""The first look at a source: which format it is in, from a sample of its start.

The whole-file summary (:mod:`~mojiscope.core.index.summary`) indexes every
format over every byte, which takes seconds on a large file. A window that
opens a file, or ``mojiscope diff`` comparing two, needs an answer before
that: :func:`first_look` ranks the formats exactly as the summary does, on
the first :data:`FIRST_LOOK_BYTES` bytes only (the whole source when it is
no longer), cut where no character of the usual formats is split
(:func:`sample_head`), so that the sample's last character is no
``truncated`` error for a format that reads the rest of the file well.

The answer is the summary's ranking (:class:`FirstLook`), but for a
sample that is plainly UTF-8 (:func:`plainly_utf8`), which is answered at
once, as the summary would rank it. Where the first look and the
whole-file summary disagree, the summary is the one to trust.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mojiscope.core.codecs.registry import get_format
from mojiscope.core.index.scan import VALID_UTF8_IS_CLEAN
from mojiscope.core.index.summary import SUPERSETS, FormatSummary, Summary, summarize
from mojiscope.core.spans.event import SpanKind
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import BytesSource, Source

FIRST_LOOK_BYTES = 1 << 14
"""Bytes from the start of a source that the first look reads."""

BINARY_CONTROLS = 0.1
"""Above this share of odd characters (control characters, replacements,
private use: :func:`odd_share`), a reading of the bytes is no text."""

CLOSE_SCORE = 0.6
"""How much worse than the best a reading may score and still be offered as
another reading of the same bytes (the summary's "also valid")."""


def sample_head(data: bytes) -> bytes:
    """``data`` cut after its last line end, and after the NUL bytes that
    end that line in UTF-16LE (``0A 00``) or UTF-32LE (``0A 00 00 00``);
    after its last space where it has no line end; whole when it has
    neither. A cut there splits no character of UTF-8, of a code page, of
    UTF-16 or UTF-32 in either byte order."""
    for separator in (b"\n", b" "):
        at = data.rfind(separator)
        if at > 0:
            return data[: _after_wide_nuls(data, at + 1)]
    return data


def _after_wide_nuls(data: bytes, cut: int) -> int:
    """``cut``, moved past the NULs of a little-endian wide line end."""
    if cut % 2 and data[cut : cut + 1] == b"\0":
        cut += 1
        if cut % 4 == 2 and data[cut : cut + 2] == b"\0\0":
            cut += 2
    return cut


@dataclass(frozen=True)
class FirstLook:
    """What a first look found: the readings of the bytes, likeliest first
    (the best, then those close to it that read the sample without error:
    the formats the file may be in), whether they are text at all, and the
    summary of the sample they come from (None when the sample was plainly
    UTF-8, see :func:`plainly_utf8`)."""

    readings: tuple[str, ...]
    """Empty when no reading is text (:func:`no_text`)."""
    binary: bool
    summary: Summary | None = None


def plainly_utf8(head: bytes) -> bool:
    """Whether ``head`` (a sample cut by :func:`sample_head`) is well-formed
    UTF-8 without NUL bytes: then UTF-8 is the reading the summary ranks
    first (valid UTF-8 with bytes beyond ASCII takes its bonus; plain ASCII
    ties, and UTF-8 comes first), and no summary is needed. NUL bytes rule
    it out: ASCII written as UTF-16 or UTF-32 is well-formed UTF-8 too."""
    if b"\0" in head:
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


_TEXT_CONTROLS = np.array([0x09, 0x0A, 0x0C, 0x0D], np.uint32)


def odd_share(text: str, *, c1: bool = True) -> float:
    """The share of ``text`` that no text is made of: control characters
    (C0 but tab, line feed, form feed and carriage return; DEL; C1 unless
    not ``c1``), U+FFFD, surrogates and private use."""
    if not text:
        return 0.0
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    odd = (points < 0x20) & ~np.isin(points, _TEXT_CONTROLS)
    odd |= (points == 0x7F) | (points == 0xFFFD)
    if c1:
        odd |= (points >= 0x80) & (points < 0xA0)
    odd |= (points >= 0xD800) & (points < 0xF900)  # surrogates, then private use
    return float(np.count_nonzero(odd)) / len(points)


#: Python codecs whose readings :func:`no_text` tries, and whether C1
#: controls count as odd in each (latin-1 stands for every code page, whose
#: bytes 80..9F are letters in most).
_READINGS = (
    ("utf-8", True),
    ("latin-1", False),
    ("utf-16-le", True),
    ("utf-16-be", True),
    ("utf-32-le", True),
    ("utf-32-be", True),
)


def no_text(head: bytes) -> bool:
    """Whether ``head`` is no text in any reading: more than
    :data:`BINARY_CONTROLS` of it odd (:func:`odd_share`) read as UTF-8, as
    a code page, as UTF-16 and as UTF-32 in both byte orders. Random bytes
    are (about a quarter of their bytes are odd in a code page, an eighth
    of their 16-bit units private use or surrogates); text in any of these
    is not. Cheap, so a binary file costs no summary."""
    return all(
        odd_share(head.decode(codec, "replace"), c1=c1) > BINARY_CONTROLS for codec, c1 in _READINGS
    )


def first_look(source: Source, control: Control = UNCONTROLLED) -> FirstLook:
    """The readings of ``source``'s first :data:`FIRST_LOOK_BYTES` (all of
    it when it is no longer), from the summary of those bytes (see the
    module docstring), or at once where they are plainly UTF-8."""
    head = source.read(0, FIRST_LOOK_BYTES)
    return look_at_head(head, whole=len(source) <= FIRST_LOOK_BYTES, control=control)


def look_at_head(head: bytes, *, whole: bool, control: Control = UNCONTROLLED) -> FirstLook:
    """:func:`first_look` of a source whose first :data:`FIRST_LOOK_BYTES`
    are ``head`` (``whole``: that is all of it)."""
    if not whole:
        head = sample_head(head)
    if plainly_utf8(head):
        return FirstLook(("utf-8",), _binary(head, "utf-8"))
    if no_text(head):
        return FirstLook((), True)
    summary = summarize(BytesSource(head), None, control)
    chosen = tuple(s.format_id for s in readings(summary))
    return FirstLook(chosen, _binary(head, chosen[0]) if chosen else True, summary)


def look_at_head_watched(control: Control, head: bytes, whole: bool) -> FirstLook:
    """:func:`look_at_head`, in the form
    :func:`~mojiscope.core.system.child_job.run_in_child` runs in a child
    process (the summary of a sample is Python that holds the interpreter
    lock for a second)."""
    return look_at_head(head, whole=whole, control=control)


def _binary(head: bytes, format_id: str) -> bool:
    """Whether ``head`` read as ``format_id`` is no text: more than
    :data:`BINARY_CONTROLS` of it odd (:func:`odd_share`)."""
    return odd_share(get_format(format_id).decode(head).text) > BINARY_CONTROLS


READINGS = 6
"""Readings a first look offers, at most."""


def readings(summary: Summary, limit: int = READINGS) -> list[FormatSummary]:
    """The best reading and the others close to it that read the bytes
    without error (at most ``limit``): the formats a file may be in."""
    if not summary.formats:
        return []
    best = summary.formats[0]
    close = [
        s
        for s in summary.formats[1:]
        if s.errors == 0
        and not s.counts.get(SpanKind.ESCAPE.value)
        and s.score <= best.score + CLOSE_SCORE
    ]
    return [best, *close][:limit]


def same_family(first: str, second: str) -> bool:
    """Whether formats ``first`` and ``second`` read the bytes of a file
    alike wherever one of them reads them without error: the UTF-8 family
    (:data:`~mojiscope.core.index.scan.VALID_UTF8_IS_CLEAN`: they part only
    at anomalies) and a plain format with its supersets
    (:data:`~mojiscope.core.index.summary.SUPERSETS`). A window reading a
    file in one need not switch to the other when the evidence names it."""
    ids = {_canonical(first), _canonical(second)}
    if len(ids) == 1 or ids <= VALID_UTF8_IS_CLEAN:
        return True
    family = {next(iter(ids))}
    grew = True
    while grew:
        grew = False
        for plain, superset in SUPERSETS:
            pair = {_canonical(plain), _canonical(superset)}
            if pair & family and not pair <= family:
                family |= pair
                grew = True
    return ids <= family


def _canonical(format_id: str) -> str:
    try:
        return get_format(format_id).id
    except (LookupError, ValueError):
        return format_id

"""Moving through a source by its anomalies: the next and the previous span
that is not plain text, however far away, and the true extent of a text run
that a window cut (:func:`run_extent`; at once from a whole-file index
where it knows the anomalies around the run, :func:`run_extent_from_index`),
in bounded memory.

A source may be a mapped file of gigabytes, so these decode it window by
window (:data:`SCAN_CHUNK` bytes at a time, through
:meth:`Format.decode_window`, which starts each window at a point it can
resynchronise at) and stop at the first hit. Each takes a
:class:`~mojiscope.core.system.control.Control`: it reports the bytes scanned after
every window and raises :class:`~mojiscope.core.system.control.Cancelled` when the
caller asks it to stop.
"""

from __future__ import annotations

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format, Policy, apply_policy
from mojiscope.core.index.file_index import FileIndex
from mojiscope.core.spans.event import Span, SpanKind
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import FileSource, Source

#: Bytes decoded per step of a scan.
SCAN_CHUNK = 1 << 20


def _window(fmt: Format, source: Source, lo: int, hi: int, policy: Policy) -> Decoding:
    return apply_policy(fmt.decode_window(source, lo, hi), policy)


def next_anomaly(
    fmt: Format,
    source: Source,
    after: int,
    *,
    policy: Policy = "maximal-subpart",
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> Span | None:
    """The first non-``text`` span that starts after byte ``after`` (its
    character offsets count from the window it was found in), or ``None``."""
    size = len(source)
    lo = max(after, 0)
    while lo < size:
        control.check()
        hi = min(size, lo + chunk)
        span = _window(fmt, source, lo, hi, policy).next_anomaly(after)
        if span is not None:
            return span
        control.step(hi - max(after, 0))
        lo = hi
    return None


def previous_anomaly(
    fmt: Format,
    source: Source,
    before: int,
    *,
    policy: Policy = "maximal-subpart",
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> Span | None:
    """The last non-``text`` span that starts before byte ``before``, or ``None``."""
    hi = min(before, len(source))
    while hi > 0:
        control.check()
        lo = max(0, hi - chunk)
        span = _window(fmt, source, lo, hi, policy).previous_anomaly(before)
        if span is not None:
            return span
        control.step(before - lo)
        hi = lo
    return None


def run_extent(
    fmt: Format,
    source: Source,
    span: Span,
    *,
    policy: Policy = "maximal-subpart",
    control: Control = UNCONTROLLED,
    chunk: int = SCAN_CHUNK,
) -> tuple[int, int]:
    """The bytes ``[start, end)`` that ``span`` really covers in ``source``.

    A window decode (:meth:`Format.decode_window`) keeps every span whole
    except a ``text`` run, which it cuts where the window is; so a ``text``
    span from a window may be a piece of a run of gigabytes. This follows the
    run across windows of ``chunk`` bytes, backwards and forwards, to where
    it truly ends; any other span is returned as it is. It reports the bytes
    decoded (both directions together) through ``control`` and stops with
    :class:`~mojiscope.core.system.control.Cancelled` when asked to."""
    if span.kind != SpanKind.TEXT:
        return span.byte_start, span.byte_end
    scanned = 0
    start = span.byte_start
    while start > 0:
        control.check()
        decoding = _window(fmt, source, max(0, start - chunk), start, policy)
        earlier = _text_run_start(decoding, start)
        scanned += start - earlier
        control.step(scanned)
        if earlier >= start:
            break  # what precedes ``start`` is no text
        start = earlier
        if earlier > decoding.byte_start:
            break  # the run begins inside this window
    end = span.byte_end
    size = len(source)
    while end < size:
        control.check()
        decoding = _window(fmt, source, end, min(size, end + chunk), policy)
        later = _text_run_end(decoding, end)
        scanned += later - end
        control.step(scanned)
        if later <= end:
            break  # what follows ``end`` is no text
        end = later
        if later < decoding.byte_end:
            break  # the run ends inside this window
    return start, end


def run_extent_from_index(index: FileIndex, source: Source, span: Span) -> tuple[int, int] | None:
    """What :func:`run_extent` finds, from ``index`` (of ``source``, in the
    format that decoded ``span``): a text run reaches from the end of the
    anomaly before it to the start of the one after it (or the source's
    ends). ``None`` unless the index finds both anomalies at once
    (:meth:`~mojiscope.core.index.file_index.FileIndex.answers_at_once`: a small
    decode each, fit for the GUI thread). The ends do not depend on the
    replacement policy: a policy changes how invalid bytes are replaced,
    not which bytes are text."""
    if span.kind != SpanKind.TEXT:
        return span.byte_start, span.byte_end
    last_before, first_after = span.byte_start, span.byte_end - 1
    if not (
        index.answers_at_once(last_before, forward=False)
        and index.answers_at_once(first_after, forward=True)
    ):
        return None
    before = index.previous_anomaly(source, last_before) if last_before > 0 else None
    after = index.next_anomaly(source, first_after)
    return (
        before.byte_end if before is not None else 0,
        after.byte_start if after is not None else len(source),
    )


def file_run_extent(
    control: Control, path: str, fmt: Format, span: Span, policy: Policy
) -> tuple[int, int]:
    """:func:`run_extent` in the file at ``path``, opened here: the form
    :func:`~mojiscope.core.system.child_job.run_in_child` runs in a child process."""
    with FileSource(path) as source:
        return run_extent(fmt, source, span, policy=policy, control=control)


def _text_run_start(decoding: Decoding, start: int) -> int:
    """Where the text run that ends at byte ``start`` begins, within ``decoding``
    (``start`` itself when the span before it is not ``text``)."""
    spans = decoding.spans
    if not len(spans) or start <= decoding.byte_start:
        return start
    index = spans.index_at_byte(start - 1)
    while index >= 0:
        before = spans[index]
        if before.kind != SpanKind.TEXT or before.byte_end < start:
            break
        start = min(start, before.byte_start)
        index -= 1
    return start


def _text_run_end(decoding: Decoding, end: int) -> int:
    """Where the text run that starts at byte ``end`` ends, within ``decoding``
    (``end`` itself when the span there is not ``text``)."""
    spans = decoding.spans
    if not len(spans) or end >= decoding.byte_end:
        return end
    index = spans.index_at_byte(end)
    while index < len(spans):
        after = spans[index]
        if after.kind != SpanKind.TEXT or after.byte_start > end:
            break
        end = max(end, after.byte_end)
        index += 1
    return end

"""The verdict on some bytes: one function for a file, a source or a
document, so a file's verdict is the same in ``mojiscope scan``, the window's
Scan Folder table and ``mojiscope.audit``.

How a source is judged (docs/SCAN.md says it for users):

1. Empty: clean. The head (:mod:`.sniff`) says binary (skipped), or UTF-16/32.
2. The UTF-8 index (:func:`~mojiscope.core.index.file_index.build_index`)
   counts invalid sequences and notices (:mod:`mojiscope.core.words.notices`)
   over the whole source in bounded memory, on every core for a large file;
   the first ones are found through the index
   (:meth:`~mojiscope.core.index.file_index.FileIndex.next_anomaly`,
   :func:`~mojiscope.core.index.file_index.next_notice`), in a small source
   from the anomalies a decode would report
   (:func:`~mojiscope.core.codecs.utf8.counts.anomaly_events`) and its
   decoding. U+FFFD is counted
   over the whole source by a byte search.
3. The first :data:`WHOLE_BYTES` (all of a smaller source) are explained
   (:func:`~mojiscope.core.mojibake.explain`, which reads its own first
   32 KiB of them), unless they are valid UTF-8 that is ASCII holding no
   other text written as ASCII or, in a small source, plainly fine
   (:func:`~mojiscope.core.mojibake.plain.plainly_fine`): clean, the
   explainer not asked (no confidence).
4. Valid UTF-8: mojibake when the explainer's best reading has a chain and
   a confidence of at least :data:`MOJIBAKE_CONFIDENCE` (mixed when that
   chain explains some parts only); lossy with U+FFFD; notices; else clean.
   Invalid UTF-8: lone surrogates when encoded surrogates are the only
   fault; mojibake or mixed when the explainer says so; mixed when valid
   multi-byte UTF-8 stands beside the invalid bytes (:func:`_utf8_beside`);
   else legacy, in the code page the explainer reads it as, checked over
   the whole source by its own index (its counts in words:
   :func:`~mojiscope.core.index.summary.verdict`).
5. Lossless: the repair plan replayed strictly on the bytes explained gives
   text that the chain turns back into exactly those bytes, and nothing was
   guessed.

:func:`audit_path` adds what only a path has: a symbolic link not followed,
a FIFO, device or socket (skipped with the reason), a permission error, a
file that vanishes or changes while it is read (unreadable, why).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice

import numpy as np

from mojiscope.core.audit.findings import (
    FIRST_LOCATIONS,
    KEPT_RANGES,
    Audit,
    Finding,
    Kind,
    Location,
    Part,
    RepairStep,
    worst,
)
from mojiscope.core.audit.locate import locate
from mojiscope.core.audit.sniff import HEAD_BYTES, Sniffed, sniff
from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.registry import get_format
from mojiscope.core.codecs.utf8.counts import anomaly_events
from mojiscope.core.codecs.utf8.engine import Variant
from mojiscope.core.index.file_index import FileIndex, build_index, next_notice
from mojiscope.core.index.summary import named_counts, verdict
from mojiscope.core.mojibake import Chain, ChainError, Explanation, damage, explain, repair_text
from mojiscope.core.mojibake.ascii_readings import written_as_ascii
from mojiscope.core.mojibake.chain import ASCII_WRITTEN
from mojiscope.core.mojibake.explain import SAMPLE_BYTES
from mojiscope.core.mojibake.plain import plainly_fine
from mojiscope.core.mojibake.wording import people_words
from mojiscope.core.spans.event import ERROR_KINDS, KIND_CODE, Reason, SpanKind
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import (
    BytesSource,
    FileSource,
    Source,
    not_regular_reason,
    open_regular_file,
)
from mojiscope.core.words.charclass import char_name
from mojiscope.core.words.notices import (
    NOTICE_CODE,
    NOTICES,
    Notice,
    code_points,
    notice_ranges,
    notice_table,
    notice_words,
)

WHOLE_BYTES = 8 << 20
"""Bytes of a source read for its chain and its lines (mixed or not): all of
a smaller one; a larger one is judged from these and the whole file's index."""

MOJIBAKE_CONFIDENCE = 0.6
"""The explainer's confidence from which a chain is a verdict (the Inspector's hint's bar too)."""

_FFFD = "\ufffd".encode()


def audit_bytes(data: bytes | bytearray | memoryview | str, path: str | None = None) -> Audit:
    """The verdict on bytes (or text: its UTF-8, lone surrogates kept as such)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    return audit_source(BytesSource(raw), path)


def audit_source(
    source: Source,
    path: str | None = None,
    control: Control = UNCONTROLLED,
    *,
    workers: int | None = 1,
) -> Audit:
    """The verdict on ``source`` (see the module docstring). ``workers`` goes
    to the index (None: every core, for a large file); Cancel through
    ``control`` raises :class:`~mojiscope.core.system.control.Cancelled`."""
    size = len(source)
    if size == 0:
        return Audit(Kind.CLEAN, "empty", 0, path, encoding="utf-8")
    head = source.read(0, HEAD_BYTES)
    sniffed = sniff(head)
    if sniffed.binary:
        return Audit(Kind.BINARY, f"binary: {sniffed.binary}", size, path)
    if sniffed.wide:
        return _audit_wide(source, sniffed, path)
    return _audit_bytes_oriented(source, path, control, workers)


def _sample(source: Source) -> tuple[bytes, bool]:
    """The first :data:`WHOLE_BYTES` (cut after a line end when cut at all)."""
    size = len(source)
    if size <= WHOLE_BYTES:
        return source.read(0, size), False
    data = source.read(0, WHOLE_BYTES)
    cut = data.rfind(b"\n") + 1
    return (data[:cut] if cut else data), True


def _audit_bytes_oriented(
    source: Source, path: str | None, control: Control, workers: int | None
) -> Audit:
    utf8 = get_format("utf-8")
    index = build_index(utf8, source, control, workers=workers)
    kinds, reasons = named_counts(index)
    errors = sum(kinds.get(k.value, 0) for k in ERROR_KINDS)
    size = len(source)
    sample, cut = _sample(source)
    findings: list[Finding] = []
    whole = _whole_decoding(source) if index.notice_totals() else None
    found = _lossy_findings(source) + _index_notice_findings(index, source, whole)
    if errors == 0 and not cut and _plain(sample):
        # No chain the explainer knows touches these bytes, so it is not
        # asked (confidence None).
        base = Audit(Kind.CLEAN, verdict(utf8, size, kinds, reasons), size, path, "utf-8")
        return _with_verdict(base, found, False)
    best = explain(sample, limit=2)[0]
    sampled = cut or best.sampled
    if errors == 0:
        base = Audit(Kind.CLEAN, verdict(utf8, size, kinds, reasons), size, path, "utf-8")
        if _is_chain(best):
            findings.append(_chain_finding(source, best, "utf-8"))
    else:
        anomalies = _first_anomalies(index, source)
        words = verdict(utf8, size, kinds, reasons)
        layered = _is_chain(best) and bool(best.chain.layers or best.parts)
        wtf8 = _as_wtf8(source, control, workers) if reasons.get(Reason.SURROGATE.value) else None
        if wtf8 is not None:
            count, where = wtf8
            detail = f"{count:,} lone surrogates encoded as UTF-8 (WTF-8, CESU-8)"
            base = Audit(Kind.SURROGATES, f"valid WTF-8, not UTF-8: {detail}", size, path, "wtf-8")
            findings.append(Finding(Kind.SURROGATES, count, detail, where))
        elif layered and best.parts and not best.chain.layers:
            # UTF-8 beside pieces a legacy code page wrote (pieces.legacy_pieces):
            # no one encoding reads the whole.
            why = words.removeprefix("not UTF-8: ")
            base = Audit(Kind.MIXED, f"UTF-8 lines beside lines that are not ({why})", size, path)
            findings.append(_chain_finding(source, best, "utf-8"))
        elif layered:
            stored = best.chain.stored_as
            base = Audit(Kind.LEGACY, f"not UTF-8: {words}", size, path, stored)
            findings.append(_chain_finding(source, best, stored))
        elif _utf8_beside(sample, whole=not cut):
            why = words.removeprefix("not UTF-8: ")
            base = Audit(Kind.MIXED, f"UTF-8 lines beside lines that are not ({why})", size, path)
            detail = f"{errors:,} invalid UTF-8 sequences beside valid UTF-8"
            findings.append(Finding(Kind.MIXED, errors, detail, anomalies))
        else:
            base, finding = _legacy(source, best, path, errors, anomalies)
            findings.append(finding)
    findings += found
    audit = _with_verdict(base, findings, sampled)
    return _with_repair(audit, best, sample)


def _plain(sample: bytes) -> bool:
    """Valid UTF-8 the explainer need not be asked about: ASCII (every code
    page it knows passes ASCII through) that holds no other text written as
    ASCII (:func:`~mojiscope.core.mojibake.ascii_readings.written_as_ascii`:
    ISO-2022-JP without its escapes, JSON without its backslashes, Cyrillic
    as low bytes), or a small text that is plainly fine
    (:func:`~mojiscope.core.mojibake.plain.plainly_fine`)."""
    if sample.isascii():
        return not written_as_ascii(sample)
    return len(sample) <= SAMPLE_BYTES and plainly_fine(sample)


def _is_chain(best: Explanation) -> bool:
    """Whether the explainer's best reading is a chain (a misreading, or a
    legacy code page: anything but "fine as UTF-8", or that text with lost
    letters guessed, which is lossy) it is sure enough of."""
    return best.misread and best.confidence >= MOJIBAKE_CONFIDENCE


def _chain_finding(source: Source, best: Explanation, encoding: str) -> Finding:
    """Mojibake (a chain with layers, or text written as ASCII that a chain
    reads back), mixed (a chain for some parts), or legacy."""
    where = locate(source, [r[0] for r in best.ranges[:FIRST_LOCATIONS]], encoding)
    locations = tuple(where[r[0]] for r in best.ranges[:FIRST_LOCATIONS])
    ranges = best.ranges[:KEPT_RANGES]
    words = ", then ".join(people_words(best.words))
    if best.parts:
        damaged = [p for p in best.parts if not p.chain.is_identity]
        detail = f"{len(damaged):,} of {len(best.parts):,} parts: {words}"
        return Finding(Kind.MIXED, len(damaged), detail, locations, ranges)
    if best.chain.layers:
        detail = f"{words} ({len(best.ranges):,} runs)"
        return Finding(Kind.MOJIBAKE, len(best.ranges), detail, locations, ranges)
    if best.chain.stored_as in ASCII_WRITTEN:  # valid UTF-8 that shows other text wrongly
        detail = f"{words}: {len(best.ranges):,} runs of ASCII that stand for other text"
        return Finding(Kind.MOJIBAKE, len(best.ranges), detail, locations, ranges)
    detail = f"{words}: {len(best.ranges):,} runs of non-ASCII bytes"
    return Finding(Kind.LEGACY, len(best.ranges), detail, locations, ranges)


def _legacy(
    source: Source,
    best: Explanation,
    path: str | None,
    errors: int,
    anomalies: tuple[Location, ...],
) -> tuple[Audit, Finding]:
    """Not UTF-8 and not confidently explained: the code page the explainer
    likes best, judged over the whole source by its own index."""
    stored = best.chain.stored_as
    size = len(source)
    if stored == "utf-8":
        words = f"not UTF-8 ({errors:,} invalid sequences), and no code page reads it"
        return (
            Audit(Kind.LEGACY, words, size, path, None),
            Finding(Kind.LEGACY, errors, words, anomalies),
        )
    fmt = get_format(stored)
    kinds, reasons = named_counts(build_index(fmt, source, workers=1))
    words = f"not UTF-8: {verdict(fmt, size, kinds, reasons)}"
    detail = f"{errors:,} invalid UTF-8 sequences; reads as {stored}"
    return (
        Audit(Kind.LEGACY, words, size, path, stored),
        Finding(Kind.LEGACY, errors, detail, anomalies),
    )


def _as_wtf8(
    source: Source, control: Control, workers: int | None
) -> tuple[int, tuple[Location, ...]] | None:
    """When the only fault of bytes that are not UTF-8 is encoded surrogates
    (valid WTF-8): how many, and where the first are. Else None."""
    index = build_index(get_format("wtf-8"), source, control, workers=workers)
    kinds, _reasons = named_counts(index)
    if any(kinds.get(k.value, 0) for k in ERROR_KINDS):
        return None
    count = kinds.get(SpanKind.SURROGATE.value, 0)
    return (count, _first_anomalies(index, source, {SpanKind.SURROGATE})) if count else None


SMALL_SOURCE = 1 << 16
"""Bytes up to which a source is read whole, in one piece, for its first
anomalies and notices (walking the index decodes a window a step)."""


def _whole_decoding(source: Source) -> Decoding | None:
    """The UTF-8 decoding of a source of at most :data:`SMALL_SOURCE` bytes (else None)."""
    size = len(source)
    return get_format("utf-8").decode_window(source, 0, size) if size <= SMALL_SOURCE else None


def _first_anomalies(
    index: FileIndex,
    source: Source,
    wanted: frozenset[SpanKind] | set[SpanKind] = ERROR_KINDS,
) -> tuple[Location, ...]:
    """Where the first :data:`FIRST_LOCATIONS` anomalies of the ``wanted``
    kinds are: in a source of at most :data:`SMALL_SOURCE` bytes, from the
    anomalies a decode of it would report (without decoding its text);
    in a larger one, through the index."""
    variant: Variant | None = getattr(index.format, "variant", None)
    size = len(source)
    if variant is not None and size <= SMALL_SOURCE:
        found = anomaly_events(variant, source.read(0, size), True)
        codes = np.array([KIND_CODE[k] for k in wanted], np.uint8)
        starts = np.sort(found.starts[np.isin(found.kinds, codes)])
        offsets = starts[:FIRST_LOCATIONS].tolist()
    else:
        offsets = []
        after = -1
        while len(offsets) < FIRST_LOCATIONS:
            span = index.next_anomaly(source, after)
            if span is None:
                break
            if span.kind in wanted:
                offsets.append(span.byte_start)
            after = span.byte_start
    where = locate(source, offsets)
    return tuple(where[o] for o in offsets)


def _utf8_beside(sample: bytes, whole: bool) -> bool:
    """Whether some lines are valid UTF-8 beyond ASCII while others are not
    UTF-8 at all: a file written by two programs (a line of legacy text by
    chance valid UTF-8 is rare; a chance sequence inside a legacy line does
    not make its line valid). When ``sample`` is not the ``whole`` source,
    the invalid lines the index counted may all lie past it."""
    valid = invalid = False
    for line in sample.split(b"\n"):
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            invalid = True
        else:
            valid = True
        if valid and invalid:
            return True
    return valid and not whole


LOSSY_CHUNK = 4 << 20


def _lossy_findings(source: Source, encoding: str = "utf-8") -> list[Finding]:
    """U+FFFD's UTF-8 over the whole source (a C-speed search, chunk by chunk)."""
    count = 0
    first: list[int] = []
    size = len(source)
    step = len(_FFFD)
    for start in range(0, size, LOSSY_CHUNK):
        end = min(start + LOSSY_CHUNK, size)
        piece = source.read(start, min(end + step - 1, size))
        limit = end - start  # count the ones that start in this chunk
        at = piece.find(_FFFD, 0, limit + step - 1)
        if at < 0:
            continue
        count += piece.count(_FFFD, 0, limit + step - 1)
        while 0 <= at < limit and len(first) < FIRST_LOCATIONS:
            first.append(start + at)
            at = piece.find(_FFFD, at + step, limit + step - 1)
    if not count:
        return []
    where = locate(source, first, encoding)
    detail = f"{count:,} U+FFFD REPLACEMENT CHARACTER: bytes lost before these were written"
    return [Finding(Kind.LOSSY, count, detail, tuple(where[o] for o in first))]


NOTICE_STEPS = FIRST_LOCATIONS * 20
"""The most notices visited (through the index) to locate the first of each kind."""


def _index_notice_findings(
    index: FileIndex, source: Source, whole: Decoding | None = None
) -> list[Finding]:
    """One finding per kind of notice the index counted over the whole
    source (:mod:`mojiscope.core.words.notices`), with the first locations
    found within :data:`NOTICE_STEPS` notices (in ``whole``, the source's
    decoding, or through the index)."""
    totals = index.notice_totals()
    if not totals:
        return []
    seen: dict[Notice, list[tuple[int, int]]] = {Notice(n): [] for n in totals}
    visits = notice_ranges(whole, NOTICE_STEPS) if whole is not None else _notices(index, source)
    for start, end, notice in islice(visits, NOTICE_STEPS):
        places = seen.setdefault(notice, [])
        if len(places) < FIRST_LOCATIONS:
            places.append((start, end))
        if all(len(p) >= min(FIRST_LOCATIONS, totals[n.value]) for n, p in seen.items()):
            break
    notices = {
        n: (
            totals[n.value],
            [(a, ord(source.read(a, b).decode("utf-8", "replace")[:1] or "?")) for a, b in places],
        )
        for n, places in seen.items()
    }
    return _notice_findings(source, notices, "utf-8")


def _notices(index: FileIndex, source: Source) -> Iterator[tuple[int, int, Notice]]:
    """The source's notices in order, found through the index."""
    after = -1
    while (found := next_notice(index, source, after)) is not None:
        yield found
        after = found[0]


def _notice_findings(
    source: Source, notices: dict[Notice, tuple[int, list[tuple[int, int]]]], encoding: str
) -> list[Finding]:
    """One finding per kind of notice, in :data:`NOTICES` order: ``notices``
    maps a kind to its count and its first (byte offset, code point)."""
    findings = []
    for notice in NOTICES:
        if notice not in notices:
            continue
        count, first = notices[notice]
        where = locate(source, [o for o, _ in first], encoding)
        names = ", ".join(
            f"U+{cp:04X} {char_name(cp)}" for cp in dict.fromkeys(c for _, c in first)
        )
        detail = notice_words(notice, count) + (f" ({names})" if names else "")
        locations = tuple(where[o] for o, _ in first)
        findings.append(Finding(Kind.NOTICES, count, detail, locations, (), notice.value))
    return findings


def _with_verdict(base: Audit, findings: list[Finding], sampled: bool) -> Audit:
    """``base`` with its findings, its verdict the most severe of them all."""
    kind = worst({base.verdict, *(f.kind for f in findings)})
    reason = base.reason
    if kind != base.verdict:
        first = next(f for f in findings if f.kind == kind)
        reason = first.detail
    return replace(base, verdict=kind, reason=reason, findings=tuple(findings), sampled=sampled)


def _with_repair(audit: Audit, best: Explanation, sample: bytes) -> Audit:
    """The explainer's chain, confidence, parts and repair plan, and whether
    the repair is lossless, on an audit whose verdict is about text."""
    chain_kinds = {Kind.MOJIBAKE, Kind.LEGACY, Kind.MIXED}
    if not (audit.kinds & chain_kinds) or best.unchanged:
        return replace(audit, confidence=best.confidence)
    plan = tuple(RepairStep(s.action, s.codec) for s in best.chain.repair_plan())
    parts = tuple(
        Part(p.start, p.end, tuple(p.chain.words)) for p in best.parts if not p.chain.is_identity
    )
    return replace(
        audit,
        chain=tuple(best.words),
        confidence=best.confidence,
        repair=plan,
        parts=parts,
        lossless=_lossless(best, sample),
    )


def _lossless(best: Explanation, data: bytes) -> bool:
    """Whether repairing ``data`` by ``best`` loses nothing (module docstring, 5)."""
    if best.lost:
        return False
    pieces: list[tuple[Chain, bytes]] = (
        [(p.chain, data[p.start : p.end]) for p in best.parts if not p.chain.is_identity]
        if best.parts
        else [(best.chain, data)]
    )
    for chain, piece in pieces:
        try:
            if damage(chain, repair_text(chain, piece, "strict")) != piece:
                return False
        except (ChainError, UnicodeError, LookupError):
            return False
    return True


_WIDE_CODECS = {
    "utf-16le": "utf-16-le",
    "utf-16be": "utf-16-be",
    "utf-32le": "utf-32-le",
    "utf-32be": "utf-32-be",
}


def _audit_wide(source: Source, sniffed: Sniffed, path: str | None) -> Audit:
    """UTF-16 or UTF-32: not UTF-8 (legacy, naming the form), with lone
    surrogates, U+FFFD and notices in the first :data:`WHOLE_BYTES`."""
    codec = _WIDE_CODECS[sniffed.wide]
    unit = 4 if "32" in codec else 2
    sample, cut = _sample(source)
    start = unit if sniffed.bom else 0
    usable = sample[start : start + (len(sample) - start) // unit * unit]
    try:
        text = usable.decode(codec, "surrogatepass")
    except UnicodeDecodeError as error:
        usable = usable[: error.start // unit * unit]
        text = usable.decode(codec, "surrogatepass")
        cut = True
    how = "with a byte order mark" if sniffed.bom else "by its NUL pattern"
    base = Audit(Kind.LEGACY, f"not UTF-8: {sniffed.wide} ({how})", len(source), path, sniffed.wide)
    findings: list[Finding] = []

    def offset_of(index: int) -> int:
        width = len(text[:index].encode(codec, "surrogatepass")) if unit == 2 else index * 4
        return start + width

    lone = [m.start() for m in re.finditer("[\ud800-\udfff]", text)]
    lost = [m.start() for m in re.finditer("\ufffd", text)]
    for kind, hits, what in (
        (Kind.SURROGATES, lone, "lone surrogates"),
        (Kind.LOSSY, lost, "U+FFFD REPLACEMENT CHARACTER: bytes were lost before"),
    ):
        if hits:
            offsets = [offset_of(i) for i in hits[:FIRST_LOCATIONS]]
            where = locate(source, offsets, sniffed.wide)
            detail = f"{len(hits):,} {what}"
            findings.append(Finding(kind, len(hits), detail, tuple(where[o] for o in offsets)))
    cps = code_points(text)
    codes = notice_table()[cps] if len(cps) else cps
    notices: dict[Notice, tuple[int, list[tuple[int, int]]]] = {}
    for notice in NOTICES:
        hits = (codes == NOTICE_CODE[notice]).nonzero()[0]
        if len(hits):
            first = [(offset_of(int(i)), int(cps[i])) for i in hits[:FIRST_LOCATIONS]]
            notices[notice] = (len(hits), first)
    findings += _notice_findings(source, notices, sniffed.wide)
    return _with_verdict(base, findings, cut)


def audit_path(
    path: str,
    *,
    follow_symlinks: bool = False,
    control: Control = UNCONTROLLED,
    workers: int | None = 1,
) -> Audit:
    """The verdict on the file at ``path``, never raising for the file's sake:
    what keeps it from being read is its verdict (see the module docstring)."""
    try:
        before = os.lstat(path)
        if stat.S_ISLNK(before.st_mode):
            if not follow_symlinks:
                return Audit(Kind.SKIPPED, "a symbolic link (not followed)", 0, path)
            before = os.stat(path)
    except OSError as error:
        return Audit(Kind.UNREADABLE, _why(error), 0, path)
    other = not_regular_reason(before.st_mode)
    if other is not None:
        return Audit(Kind.SKIPPED, other, 0, path)
    try:
        with _open(path, before.st_size) as source:
            audit = audit_source(source, path, control, workers=workers)
            shrunk = source.shrunk
        after = os.stat(path)
    except FileNotFoundError as error:
        if error.filename is not None and os.fspath(error.filename) != path:
            # Not this file: something the judge reads is missing.
            reason = f"could not be judged: {error.strerror}: {error.filename}"
            return Audit(Kind.UNREADABLE, reason, before.st_size, path)
        return Audit(Kind.UNREADABLE, "vanished while it was read", before.st_size, path)
    except OSError as error:
        return Audit(Kind.UNREADABLE, _why(error), before.st_size, path)
    if shrunk or _changed(before, after):
        return Audit(Kind.UNREADABLE, "changed while it was read", after.st_size, path)
    return audit


def _open(path: str, size: int) -> Source:
    """The file at ``path`` (of ``size`` bytes when looked at) as a source: a
    small one (:data:`SMALL_SOURCE`) read whole, in one call (mapping it and
    checking its size at each read, as :class:`FileSource` does for a large
    one, costs a small file more than judging it), a larger one mapped. A
    small file read at another size than ``size`` changed: the caller's
    look at it afterwards says so."""
    if size > SMALL_SOURCE:
        return FileSource(path)
    with open_regular_file(path) as file:
        return BytesSource(file.read(size + 1), path)


def _changed(before: os.stat_result, after: os.stat_result) -> bool:
    return (before.st_ino, before.st_size, before.st_mtime_ns) != (
        after.st_ino,
        after.st_size,
        after.st_mtime_ns,
    )


def _why(error: OSError) -> str:
    """An :class:`OSError` in a few words, without the path (the audit has it)."""
    if isinstance(error, FileNotFoundError):
        return "vanished (no such file)"
    reason = error.strerror or str(error)
    with contextlib.suppress(ValueError, IndexError):
        reason = reason[0].lower() + reason[1:]
    return reason

"""The segment map: which parts of a whole file were misread how.

:func:`map_segments` reads a :class:`~mojiscope.core.system.source.Source`
once, in chunks of :data:`CHUNK` bytes cut at line ends (at record ends in a
table whose quoted fields hold line ends), and yields
:class:`~mojiscope.core.mojibake.segment.SegmentBatch`\\ es whose segments
tile the file in order. Memory is bounded by the chunk: nothing holds the
file, and a batch holds only its chunk's segments.

How a chunk is read, cheapest first:

1. a chunk of ASCII without NUL (``bytes.isascii``) is fine, unless it
   holds other text written as ASCII (``ascii_readings.written_as_ascii``:
   ISO-2022-JP shifts whose escape bytes were stripped, ``$B3t<02q<R(B``;
   JSON escapes whose backslashes were, ``u2019``; Cyrillic as its low
   bytes, ``2;048<8@``);
2. else the screen (``screen.py``) finds, in one search in C, the lines
   that hold a misreading's pattern, U+FFFD or NUL, and the lines that hold
   bytes that are no UTF-8 (only those are decoded, to say where);
3. only those lines (or table records: ``table.py``), the lines that are
   no UTF-8 and those holding such text written as ASCII, are *units* for the judge
   (``judge.py``), which reads them
   with the chains found so far and asks the explainer about the rest, a
   group of neighbours at a time;
4. everything between units is fine, one segment per stretch.

A small source (:data:`SMALL`, what the explainer reads whole) is explained
whole first and its chains learnt, and every line holding a non-ASCII byte
or NUL is a unit, not only those the screen flags: its map then writes what
the explainer shows for it. When that explanation reads the whole as UTF-16,
guessed bytes lost from UTF-8, ISO-2022-JP without its escapes, JSON
without its backslashes (``u2019``), Cyrillic as its low bytes or bytes
shown as escapes
(``extra_codecs.telling_escapes``: ``\\344\\270\\255``), it is the map
itself (:func:`_whole_answer`). A large file's JSON escapes and bytes shown
as escapes are not looked for: they are ASCII, which the screen passes.

Neighbouring segments that read the same way are one segment (fields and
lossy repairs stay apart), so a file misread the same way throughout is a
handful of segments. Rows are counted as the chunks go (table records, or
lines), and each batch says how many rows read which way and how many
misread values each column holds (:class:`~mojiscope.core.mojibake.segment.RowTally`).

A file of :data:`PARALLEL_CHUNKS` chunks or more is mapped by worker
processes, each mapping whole chunks with a judge of its own
(:func:`_pooled`). :class:`~mojiscope.core.mojibake.segment_map.SegmentMap`
gathers the batches and answers what the views ask. ``jobs.py`` runs the
map in a child process.
"""

from __future__ import annotations

import bisect
import os
import re
from collections import Counter, deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor, wait
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from mojiscope.core.index.pool import POLL_S, pool_size
from mojiscope.core.mojibake.ascii_readings import telling_low_bytes, written_as_ascii
from mojiscope.core.mojibake.chain import ASCII_WRITTEN, IDENTITY, Chain
from mojiscope.core.mojibake.explain import SAMPLE_BYTES, Explanation
from mojiscope.core.mojibake.extra_codecs import (
    ESCAPES,
    telling_escapes,
    telling_jis_shifts,
    telling_json,
)
from mojiscope.core.mojibake.judge import LEARN_CONFIDENCE, Judge, Unit
from mojiscope.core.mojibake.screen import invalid_runs, screen
from mojiscope.core.mojibake.segment import (
    FINE_ROW,
    MIXED,
    RowKey,
    RowTally,
    Segment,
    SegmentBatch,
    SegmentKind,
    pack,
)
from mojiscope.core.mojibake.table import (
    TableShape,
    fields,
    sniff_table,
)
from mojiscope.core.system.child_job import FORKSERVER, end_with_caller
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import FileSource, Source

#: Bytes read per chunk (cut back to a line end).
CHUNK = 4 << 20
#: A line longer than this is judged in pieces of at most this many bytes.
UNIT_MAX = 16 << 10
#: A source of at most this many bytes has every line holding a non-ASCII
#: byte or NUL judged, not only those the screen flags: the explainer reads such a
#: source whole (``explain.SAMPLE_BYTES``), and its misreadings that leave
#: no pattern the screen knows (``Veèer``: Czech in cp1250 read as
#: windows-1252; a single ``Pi√±a``) are then repaired as it shows them.
SMALL = SAMPLE_BYTES
#: A file of this many chunks or more is mapped by a pool of worker
#: processes, one per core up to :data:`MAX_WORKERS` (:func:`_pooled`); a
#: smaller one in the calling process (starting the workers costs about
#: what mapping two chunks does).
PARALLEL_CHUNKS = 8
#: Worker processes a map uses at most unless told: each holds about
#: 90 MiB (the model, the word table, a chunk and the judge's kept
#: verdicts), so two keep the map's processes under 300 MB together.
MAX_WORKERS = 2
#: A line's first non-ASCII byte or NUL, and the rest of the line (one match a line).
_JUDGED = re.compile(rb"[\x80-\xff\x00][^\n]*")
#: Bytes read at the start to tell a table.
SNIFF_BYTES = 64 << 10
#: Bytes read at a time from a chunk's end to find its last line end.
TAIL = 64 << 10


class _Rows:
    """The rows of a chunk: where each line ends, or each record when
    quoted fields of a table hold line ends (found with numpy: a quote count
    that is odd before a line end puts it inside a field). The chunk starts
    outside quotes: chunks are cut at row ends."""

    def __init__(self, data: bytes, first: int, table: TableShape | None) -> None:
        arr = np.frombuffer(data, np.uint8)
        ends = np.flatnonzero(arr == 0x0A)
        if table is not None and b'"' in data:
            quotes = np.flatnonzero(arr == 0x22)
            inside = np.searchsorted(quotes, ends) % 2 == 1
            if inside.any():
                ends = ends[~inside]
        self.ends: npt.NDArray[np.int64] = ends + 1
        self.size = len(data)
        self.first = first

    def cut(self) -> int:
        """Where a chunk that is not the file's last ends: after its last
        row, or (a row longer than the chunk) at its end."""
        return int(self.ends[-1]) if len(self.ends) else self.size

    def trim(self, size: int) -> None:
        self.ends = self.ends[self.ends <= size]
        self.size = size

    def at(self, offset: int) -> int:
        """The row holding byte ``offset`` of the chunk."""
        return self.first + int(np.searchsorted(self.ends, offset, side="right"))

    def unit(self, offset: int) -> tuple[int, int]:
        """The row holding byte ``offset``: ``(start, end)`` in the chunk."""
        i = int(np.searchsorted(self.ends, offset, side="right"))
        start = int(self.ends[i - 1]) if i else 0
        end = int(self.ends[i]) if i < len(self.ends) else self.size
        return start, end

    def total(self, final: bool) -> int:
        """Rows that end in the chunk (and, at the end of the file, the last
        one, with or without a line end)."""
        tail = (
            1 if final and self.size and (not len(self.ends) or self.ends[-1] != self.size) else 0
        )
        return len(self.ends) + tail


def _utf8_boundary(data: bytes, cut: int) -> int:
    """``cut`` moved back so that no UTF-8 character is split there."""
    for back in range(1, 4):
        if cut - back >= 0 and data[cut - back] & 0xC0 != 0x80:
            return cut - back if data[cut - back] >= 0xC0 else cut
    return cut


class _Mapper:
    """The state of one pass: the judge, the chain table, rows so far."""

    def __init__(self, table: TableShape | None, small: bool = False) -> None:
        self.table = table
        #: Every line holding a non-ASCII byte is judged, not only those the
        #: screen flags (a source the explainer reads whole: :data:`SMALL`).
        self.small = small
        #: The explanation of a small source whose answer is the map: one
        #: unit, the whole source (see :func:`_whole_answer`).
        self.whole: Explanation | None = None
        self.judge = Judge(screen(), table)
        self.numbers: dict[Chain, int] = {IDENTITY: 0}
        self._by_id: dict[int, tuple[Chain, int]] = {}
        self.row = 0

    def chunk(self, data: bytes, base: int, rows: _Rows, final: bool) -> SegmentBatch:
        known = len(self.numbers)
        tally = RowTally()
        chunk_rows = rows.total(final)
        shifts = written_as_ascii(data) if data.isascii() else []
        if data.isascii() and b"\x00" not in data and self.whole is None and not shifts:
            segments = (
                [Segment(base, base + len(data), SegmentKind.FINE, row=self.row)] if data else []
            )
            tally.rows[FINE_ROW] += chunk_rows
        else:
            segments = self._judged(data, base, rows, tally, chunk_rows, shifts)
        self.row += chunk_rows
        for segment in segments:
            self.number(segment.chain)
        new = tuple(list(self.numbers)[known:])
        return pack(_joined(segments), self.numbers, new, tally, base + len(data))

    def number(self, chain: Chain) -> int:
        """``chain``'s number in the map's chain table (a new one is added)."""
        found = self._by_id.get(id(chain))
        if found is not None and found[0] is chain:
            return found[1]
        number = self.numbers.get(chain)
        if number is None:
            number = self.numbers[chain] = len(self.numbers)
        self._by_id[id(chain)] = (chain, number)
        return number

    def rows(self, data: bytes) -> _Rows:
        return _Rows(data, self.row, self.table)

    def _units(
        self, data: bytes, base: int, rows: _Rows, shifts: list[tuple[int, int]]
    ) -> list[tuple[Unit, bool]]:
        """The suspicious rows of a chunk (cut in pieces when long), each with
        whether it ends where its row ends; ``shifts``: where an ASCII chunk
        holds other text written as ASCII (``ascii_readings.written_as_ascii``),
        whose rows are suspicious too."""
        if self.small:
            bad = invalid_runs(data)
            flagged = [m.start() for m in _JUDGED.finditer(data)]
        else:
            lines, bad = screen().scan(data)
            flagged = lines + [a for a, _ in bad]
        flagged += [start for start, _ in shifts]
        if not flagged:
            return []
        ends = rows.ends
        index = np.unique(np.searchsorted(ends, np.array(flagged, np.int64), side="right"))
        before = np.maximum(index - 1, 0)
        starts = np.where(index > 0, ends[before] if len(ends) else 0, 0)
        stops = np.where(
            index < len(ends),
            ends[np.minimum(index, len(ends) - 1)] if len(ends) else rows.size,
            rows.size,
        )
        bad_starts = [a for a, _ in bad]
        units: list[tuple[Unit, bool]] = []
        for i, start, stop in zip(index.tolist(), starts.tolist(), stops.tolist(), strict=True):
            row = rows.first + i
            pieces = (
                [(start, stop)] if stop - start <= UNIT_MAX else list(_pieces(data, start, stop))
            )
            for a, b in pieces:
                valid = True
                if bad:
                    k = bisect.bisect_left(bad_starts, a)
                    valid = not (k < len(bad) and bad[k][0] < b) and not (k and bad[k - 1][1] > a)
                units.append((Unit(base + a, data[a:b], row, valid), b == stop))
        return units

    def _judged(
        self,
        data: bytes,
        base: int,
        rows: _Rows,
        tally: RowTally,
        chunk_rows: int,
        shifts: list[tuple[int, int]],
    ) -> list[Segment]:
        if self.whole is not None:
            unit = Unit(base, data, rows.first, not invalid_runs(data))
            units = [(unit, True)]
            decided = [(unit, self.judge.answer(unit, self.whole))]
        else:
            units = self._units(data, base, rows, shifts)
            decided = self.judge.take_all([unit for unit, _ in units])
        ends_row = {unit.start: whole for unit, whole in units}
        decided.sort(key=lambda pair: pair[0].start)
        segments: list[Segment] = []
        position, row = base, rows.first
        damaged_rows: dict[int, set[RowKey]] = {}
        fine = SegmentKind.FINE
        for unit, found in decided:
            if unit.start > position:
                segments.append(Segment(position, unit.start, fine, row=row))
            segments += found
            position = unit.start + len(unit.data)
            row = unit.row + (1 if ends_row[unit.start] else 0)
            keys = damaged_rows.setdefault(unit.row, set())
            damaged = [segment for segment in found if segment.kind is not fine]
            for segment in damaged:
                keys.add((segment.kind.value, self.number(segment.chain)))
            if damaged and self.table is not None:
                self._count_columns(unit, damaged, tally)
        if position < base + len(data):
            segments.append(Segment(position, base + len(data), fine, row=row))
        if self.whole is not None:
            self._count_whole(data, segments, base, rows, tally, chunk_rows)
            return segments
        damaged_count = 0
        for keys in damaged_rows.values():
            if keys:
                damaged_count += 1
                tally.rows[next(iter(keys)) if len(keys) == 1 else MIXED] += 1
        tally.rows[FINE_ROW] += chunk_rows - damaged_count
        return segments

    def _count_whole(
        self,
        data: bytes,
        segments: list[Segment],
        base: int,
        rows: _Rows,
        tally: RowTally,
        chunk_rows: int,
    ) -> None:
        """The rows of a chunk the file's one explanation reads: those holding
        a guessed byte lossy, the others read by its chain, but for rows of
        ASCII when the chain passes ASCII through (every chain but UTF-16's),
        which are fine as in a map made line by line."""
        damaged = [s for s in segments if s.kind is not SegmentKind.FINE]
        if not damaged:
            tally.rows[FINE_ROW] += chunk_rows
            return
        chain = damaged[0].chain
        number = self.number(chain)
        lossy = {rows.at(x.start - base) for s in damaged for x in s.lost}
        tally.rows[(SegmentKind.LOSSY.value, number)] += len(lossy)
        if not chain.wide:
            high = np.flatnonzero(np.frombuffer(data, np.uint8) >= 0x80)
            held = np.unique(np.searchsorted(rows.ends, high, side="right")) + rows.first
            read = set() if chain.is_identity else set(held.tolist()) - lossy
        else:
            read = set(range(rows.first, rows.first + chunk_rows)) - lossy
        if read:
            kind = SegmentKind.MISREAD if chain.layers else SegmentKind.LEGACY
            tally.rows[(kind.value, number)] += len(read)
        tally.rows[FINE_ROW] += chunk_rows - len(lossy) - len(read)

    def _count_columns(self, unit: Unit, damaged: list[Segment], tally: RowTally) -> None:
        """Misread values per column: a field segment counts for its column;
        a record read as one counts each field with bytes its repair changes
        (every chain here passes ASCII through)."""
        assert self.table is not None
        damaged = [s for s in damaged if s.repairs]
        if not damaged:
            return
        if all(s.column >= 0 for s in damaged):
            tally.columns.update(s.column for s in damaged)
            return
        data = unit.data
        delimiter = self.table.delimiter
        whole = len(damaged) == 1 and damaged[0].end - damaged[0].start == len(data)
        if whole and b'"' not in data:
            for column, value in enumerate(data.split(bytes([delimiter]))):
                if not value.isascii():
                    tally.columns[column] += 1
            return
        for column, (a, b) in enumerate(fields(data, delimiter)):
            if data[a:b].isascii():
                continue
            lo, hi = unit.start + a, unit.start + b
            if whole or any(s.start < hi and lo < s.end for s in damaged):
                tally.columns[column] += 1


def _pieces(data: bytes, start: int, end: int) -> Iterator[tuple[int, int]]:
    """``data[start:end]`` (a line) in pieces of at most :data:`UNIT_MAX`
    bytes, each but the last ending just after an ASCII byte where one is
    near (else at a UTF-8 character boundary): every chain reads ASCII as
    ASCII, so such pieces repair as the whole line would."""
    while end - start > UNIT_MAX:
        cut = start + UNIT_MAX
        for back in range(cut, max(start, cut - 256), -1):
            if data[back - 1] < 0x80:
                cut = back
                break
        else:
            while cut > start + 1 and data[cut] & 0xC0 == 0x80:
                cut -= 1
        yield start, cut
        start = cut
    yield start, end


def _joined(segments: list[Segment]) -> list[Segment]:
    out: list[Segment] = []
    for segment in segments:
        if segment.start == segment.end:
            continue
        if out and out[-1].joins(segment):
            out[-1] = out[-1].joined(segment)
        else:
            out.append(segment)
    return out


def map_segments(
    source: Source,
    *,
    control: Control = UNCONTROLLED,
    chunk_size: int = CHUNK,
    table: TableShape | bool | None = True,
    workers: int | None = None,
) -> Iterator[SegmentBatch]:
    """The segment map of ``source``, batch by batch (see the module
    docstring). ``table``: ``True`` to sniff whether the file is a table,
    ``False`` (or ``None``) to read it as lines, or the table's shape.
    ``workers``: processes for a large file (by default one per core, at
    most :data:`MAX_WORKERS`; 1 maps it in this process)."""
    total = len(source)
    shape = sniff_table(source.read(0, min(total, SNIFF_BYTES))) if table is True else table or None
    mapper = _Mapper(shape, small=total <= SMALL)
    if mapper.small and total:
        whole = source.read(0, total)
        if (
            not whole.isascii()
            or b"\x00" in whole
            or telling_jis_shifts(whole)
            or telling_json(whole)
            or telling_escapes(whole.decode("ascii"))
            or telling_low_bytes(whole)
        ):
            best = mapper.judge.learn_whole(whole)
            if _whole_answer(best, whole):
                mapper.whole = best
                chunk_size = total  # the answer is the whole source's
    if mapper.whole is None and _worth_a_pool(source, chunk_size, workers):
        assert isinstance(source, FileSource)
        yield from _pooled(source, shape, control, chunk_size, _map_workers(workers))
        return
    position = 0
    while position < total or (position == 0 and total == 0):
        data = _read(source, position, min(total, position + chunk_size), total)
        final = position + len(data) >= total
        rows = mapper.rows(data)
        data = _cut(data, rows, final)
        yield mapper.chunk(data, position, rows, final)
        position += len(data)
        control.step(position)
        if total == 0:
            return


def _read(source: Source, start: int, end: int, total: int) -> bytes:
    """Bytes ``[start, end)`` of ``source`` (of ``total`` bytes when the map
    began); an :class:`OSError` naming the file when it has shrunk since,
    so that the map stops instead of reading nothing for ever."""
    data = source.read(start, end)
    if len(data) < end - start:
        raise OSError(
            f"{source.name}: the file shrank while it was mapped "
            f"(it had {total:,} bytes; byte {start + len(data):,} is gone)"
        )
    return data


def _cut(data: bytes, rows: _Rows, final: bool) -> bytes:
    """A chunk read ahead, cut back after its last row unless it is the
    file's last (``rows`` trimmed to match)."""
    if final:
        return data
    cut = rows.cut()
    if cut == len(data) and not len(rows.ends):
        cut = _utf8_boundary(data, cut)
    rows.trim(cut)
    return data[:cut]


# -- on every core ------------------------------------------------------------------------


def _worth_a_pool(source: Source, chunk_size: int, workers: int | None) -> bool:
    """A file of :data:`PARALLEL_CHUNKS` chunks or more, and more than one core."""
    return (
        isinstance(source, FileSource)
        and len(source) >= PARALLEL_CHUNKS * chunk_size
        and _map_workers(workers) >= 2
    )


def _map_workers(workers: int | None) -> int:
    """Worker processes for a large file's map: ``workers``, or one per core
    up to :data:`MAX_WORKERS`."""
    return workers if workers is not None else min(pool_size(), MAX_WORKERS)


def _pooled(
    source: FileSource,
    shape: TableShape | None,
    control: Control,
    chunk_size: int,
    workers: int,
) -> Iterator[SegmentBatch]:
    """The map made by ``workers`` processes, each mapping whole chunks
    with a judge of its own (:func:`_map_chunk`): chunk ``k`` goes to worker
    ``k % workers``, so that each judge learns from the same chunks on
    every run and the map of a file is the same each time. This process
    cuts the chunks at row ends (:func:`_chunk_end`) and yields the batches
    in file order, their chains renumbered into one table and their rows
    counted on from the chunks before (:func:`_placed`). At most two
    chunks a worker are in flight: memory stays bounded, and Cancel is
    heard every :data:`~mojiscope.core.index.pool.POLL_S`."""
    pools = [
        ProcessPoolExecutor(
            1,
            mp_context=FORKSERVER,
            initializer=_open_in_worker,
            initargs=(str(source.path), shape, os.getpid()),
        )
        for _ in range(workers)
    ]
    numbers: dict[Chain, int] = {IDENTITY: 0}
    in_flight: deque[Future[_Mapped]] = deque()
    total = len(source)
    position = row = chunks = 0
    try:
        while position < total or in_flight:
            if position < total and len(in_flight) < 2 * workers:
                end = _chunk_end(source, position, min(total, position + chunk_size), shape)
                pool = pools[chunks % workers]
                in_flight.append(pool.submit(_map_chunk, position, end, end >= total))
                source.release(position, end, keep_cached=True)
                position, chunks = end, chunks + 1
                continue
            batch, table, rows = _result(in_flight.popleft(), control)
            yield _placed(batch, table, numbers, row)
            row += rows
            control.step(batch.done)
    except BaseException:
        for pool in pools:
            pool.shutdown(wait=False, cancel_futures=True)
        raise
    for pool in pools:
        pool.shutdown(wait=True)


def _chunk_end(source: Source, start: int, end: int, shape: TableShape | None) -> int:
    """Where the chunk ``[start, end)`` of ``source`` is cut: after its last
    row, as :func:`_cut` cuts it, unless it ends the file. A table's chunk
    is read whole (whether a line end is a row's depends on the quotes
    before it); a text's is read from its end back to its last LF."""
    total = len(source)
    if end >= total:
        return end
    if shape is not None:
        data = _read(source, start, end, total)
        return start + len(_cut(data, _Rows(data, 0, shape), False))
    back = end
    while back > start:
        low = max(start, back - TAIL)
        at = _read(source, low, back, total).rfind(b"\n")
        if at >= 0:
            return low + at + 1
        back = low
    last = _read(source, max(start, end - 4), end, total)  # one long line
    return end - len(last) + _utf8_boundary(last, len(last))


def _result(future: Future[_Mapped], control: Control) -> _Mapped:
    """``future``'s batch once it is done, Cancel heard while waiting."""
    while not wait([future], timeout=POLL_S).done:
        control.check()
    return future.result()


def _placed(
    batch: SegmentBatch, table: list[Chain], numbers: dict[Chain, int], first_row: int
) -> SegmentBatch:
    """A worker's ``batch``, whose chain numbers index the worker's own
    ``table`` and whose rows count from its chunk's first, with the
    numbers of the map's table ``numbers`` (extended by the chains it did
    not hold: the batch's new chains) and its rows counted from the file's
    first (``first_row``, its chunk's first)."""
    known = len(numbers)
    mapping = np.array([numbers.setdefault(c, len(numbers)) for c in table], np.int32)
    rows = Counter(
        {
            (kind, int(mapping[n]) if n >= 0 else n): count
            for (kind, n), count in batch.tally.rows.items()
        }
    )
    return replace(
        batch,
        chains=mapping[batch.chains],
        rows=np.where(batch.rows >= 0, batch.rows + first_row, batch.rows),
        new_chains=tuple(list(numbers)[known:]),
        tally=RowTally(rows, batch.tally.columns),
    )


#: What a worker gives back for a chunk: its batch, the worker's chain
#: table the batch's numbers index, and how many rows the chunk holds.
_Mapped = tuple[SegmentBatch, list[Chain], int]
#: The worker's file and mapper (:func:`_open_in_worker`).
_worker: tuple[FileSource, _Mapper] | None = None


def _open_in_worker(path: str, shape: TableShape | None, caller_pid: int) -> None:
    global _worker
    end_with_caller(caller_pid)
    _worker = (FileSource(path), _Mapper(shape))


def _map_chunk(start: int, end: int, final: bool) -> _Mapped:
    """The batch of bytes ``[start, end)``, its rows counted from the
    chunk's first (:func:`_placed` counts them on), the worker's chain
    table its numbers index, and how many rows it holds (pages let go
    after)."""
    assert _worker is not None, "worker not initialised"
    source, mapper = _worker
    data = _read(source, start, end, len(source))
    rows = _Rows(data, 0, mapper.table)
    mapper.row = 0
    batch = mapper.chunk(data, start, rows, final)
    source.release(start, end)
    return batch, list(mapper.numbers), rows.total(final)


def _whole_answer(best: Explanation, data: bytes) -> bool:
    """Whether the explanation of ``data``, a small source, sure enough to
    be learnt, is the map itself: one misreading of the whole that no line
    can be judged by alone, because the text was written as UTF-16 (its NUL
    bytes and line ends are the code units') or because bytes of UTF-8 text
    were lost and guessed (a line cut at ``Ã`` and a space reads as a run of
    the chain and a stray sign; a piece of a line, ``Voilà Ã  bientôt``,
    whose lost byte the judge, which guesses none in pieces, would leave), or
    because it is ISO-2022-JP whose escape bytes were stripped, JSON escapes
    whose backslashes were, Cyrillic as its low bytes or bytes shown as
    escapes (ASCII bytes, which the screen never takes for damage)."""
    if best.confidence < LEARN_CONFIDENCE or not best.misread:
        return False
    guessed = bool(best.lost) and b"\x00" not in data and not invalid_runs(data)
    if best.parts:
        return guessed
    escaped = any(layer.read_as in ESCAPES for layer in best.chain.layers)
    return best.chain.wide or guessed or escaped or best.chain.stored_as in ASCII_WRITTEN


def table_of(source: Source) -> TableShape | None:
    """The table ``source`` starts, if it is one (as :func:`map_segments` sniffs it)."""
    return sniff_table(source.read(0, min(len(source), SNIFF_BYTES)))

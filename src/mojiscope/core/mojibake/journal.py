"""The undo journal of a repair: every byte range it changed, to write the
original back exactly.

A repair (a :class:`~mojiscope.core.mojibake.plan_reading.PlanReading` or
a :class:`~mojiscope.core.mojibake.reading.ChainReading` written as UTF-8)
changes some byte ranges of its source and keeps the rest byte for byte.
:func:`write_journal` records, once the repaired file is written, the
source's and the output's size and SHA-256 and each changed range: where it
was in the source and where it is in the output, the old bytes, the new
bytes and the chain that made the new ones. :func:`undo_repair` writes the
original back from the repaired file and the journal, refusing a journal
made for another file, and checks the result against the recorded hash
before the file is renamed into place (atomic: nothing half-written).

The format is JSON Lines (docs/MOJIBAKE.md, "The undo journal")::

    {"journal": "mojiscope repair", "version": 1, "reading": "repair:...",
     "source": {"path": ..., "size": N, "sha256": ...},
     "output": {"path": ..., "size": M, "sha256": ...}}
    {"bytes": [s, e], "out": [s', e'], "old": "c3 83 c2 a9", "new": "c3 a9", "chain": [...]}
    ...
    {"end": true, "changes": K}

Old and new bytes are hex (the old ones need not be UTF-8). Ranges are
``[start, end)``; changes come in source order, and the output between two
changes is the source's bytes unchanged (the lengths differ, so each change
says where it is on both sides).

How changes are found: the journal reads the source once, in chunks cut at
line ends, hashing it; the bytes of a segment the repair keeps are
unchanged when they are UTF-8 (checked in C), and every other line is read
through the repair on its own (every chain here reads a line end as a line
end, so a line repairs alone as it does in the file) and compared with its
old bytes. It reads the written output in step and checks that every byte
is what the journal says; a journal that would not give the source back is
never written (:class:`JournalError`).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.registry import get_format
from mojiscope.core.errors import MojiscopeError
from mojiscope.core.mojibake.chain import IDENTITY, Chain
from mojiscope.core.mojibake.plan_reading import PlanDecoder, PlanReading
from mojiscope.core.mojibake.reading import ChainReading
from mojiscope.core.system.atomic_write import atomic_output
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import Source

JOURNAL_VERSION = 1
KIND = "mojiscope repair"
#: Source bytes read at a time (cut back to a line end).
CHUNK = 4 << 20


class JournalError(MojiscopeError, ValueError):
    """A journal that cannot be written, read or applied: one line saying
    where and why."""


@dataclass(frozen=True)
class Change:
    """One changed range: source bytes ``[start, end)`` were ``old``; the
    output holds ``new`` from ``out``; ``chain`` made them."""

    start: int
    end: int
    out: int
    old: bytes
    new: bytes
    chain: Chain

    def record(self) -> dict[str, object]:
        return {
            "bytes": [self.start, self.end],
            "out": [self.out, self.out + len(self.new)],
            "old": self.old.hex(" "),
            "new": self.new.hex(" "),
            "chain": self.chain.words,
        }


def _file_facts(path: str, size: int, digest: str) -> dict[str, object]:
    return {"path": path, "size": size, "sha256": digest}


class _Stretches:
    """What the reading does to a range of the source: the chain of each
    part (for a plan, its segments; for one chain, all of it), and whether
    a part is kept as it is."""

    def __init__(self, reading: Format, size: int) -> None:
        if isinstance(reading, PlanReading):
            self.parts = [(s.start, s.end, s.chain, not s.repairs) for s in reading.plan.segments]
        elif isinstance(reading, ChainReading):
            self.parts = [(0, size, reading.chain, False)]
        else:
            raise JournalError(
                f"a journal records a mojibake repair, not a conversion from {reading.id}"
            )
        self.reading = reading

    def overlapping(self, start: int, end: int) -> Iterator[tuple[int, int, Chain, bool]]:
        for a, b, chain, kept in self.parts:  # a plan has few parts per chunk; fine to scan
            if b > start and a < end:
                yield max(a, start), min(b, end), chain, kept

    def repaired(self, data: bytes, start: int) -> bytes:
        """``data`` (whole lines, or pieces cut after an ASCII byte, at
        ``start`` in the source) through the repair, as UTF-8."""
        if isinstance(self.reading, PlanReading):
            text = PlanDecoder(self.reading, "replace", start).decode(data, final=True).text
        else:
            text = self.reading.decode(data, "replace").text
        return get_format("utf-8").encode_spans(text).data


def _lines(data: bytes) -> Iterator[tuple[int, int]]:
    position = 0
    while position < len(data):
        end = data.find(b"\n", position) + 1 or len(data)
        yield position, end
        position = end


def _chunks(source: Source) -> Iterator[tuple[int, bytes]]:
    """The source in chunks cut after a line end (or an ASCII byte) when one is near."""
    position, total = 0, len(source)
    while position < total:
        data = source.read(position, min(total, position + CHUNK))
        if position + len(data) < total:
            cut = data.rfind(b"\n") + 1 or len(data.rstrip(bytes(range(0x80, 0x100)))) or len(data)
            data = data[:cut]
        yield position, data
        position += len(data)


def changes(source: Source, reading: Format, control: Control = UNCONTROLLED) -> Iterator[Change]:
    """Every range ``reading``'s repair (written as UTF-8) changes, in order."""
    stretches = _Stretches(reading, len(source))
    delta = 0
    for base, data in _chunks(source):
        for a, b, chain, kept in stretches.overlapping(base, base + len(data)):
            piece = data[a - base : b - base]
            if kept:
                try:
                    piece.decode("utf-8")
                    continue
                except UnicodeDecodeError:
                    pass
            for x, y in _lines(piece):
                old = piece[x:y]
                if old.isascii() and kept:
                    continue
                new = stretches.repaired(old, a + x)
                if new != old:
                    yield Change(a + x, a + y, a + x + delta, old, new, IDENTITY if kept else chain)
                    delta += len(new) - len(old)
        control.step(base + len(data))


def write_journal(
    source: Source,
    reading: Format,
    output_path: str,
    journal_path: str,
    *,
    source_name: str = "",
    control: Control = UNCONTROLLED,
) -> int:
    """Write the journal of the repair of ``source`` by ``reading``, written
    to ``output_path`` (as UTF-8), checking every byte of the output against
    it; returns how many changes it holds. ``source_name`` is the path (and
    range) the header records. Atomic: a journal that does not match the
    output is not written (:class:`JournalError`)."""
    source_hash, output_hash = hashlib.sha256(), hashlib.sha256()
    count = 0
    with open(output_path, "rb") as output:
        spool = tempfile.SpooledTemporaryFile(max_size=1 << 22, mode="w+", encoding="utf-8")  # noqa: SIM115 - closed below
        with spool:
            consumed = 0
            for change in changes(_Hashing(source, source_hash), reading, control):
                _same(output, source, consumed, change.start, output_hash)
                _expect(output, change.new, output_hash, change.out)
                consumed = change.end
                spool.write(json.dumps(change.record()) + "\n")
                count += 1
            _same(output, source, consumed, len(source), output_hash)
            if output.read(1):
                raise JournalError(f"{output_path} holds more bytes than the repair writes")
            header = {
                "journal": KIND,
                "version": JOURNAL_VERSION,
                "reading": reading.id,
                "source": _file_facts(source_name, len(source), source_hash.hexdigest()),
                "output": _file_facts(
                    str(Path(output_path).resolve()), output.tell(), output_hash.hexdigest()
                ),
            }
            with atomic_output(journal_path) as out:
                out.write((json.dumps(header, ensure_ascii=False) + "\n").encode())
                spool.seek(0)
                while piece := spool.read(1 << 16):
                    out.write(piece.encode())
                out.write((json.dumps({"end": True, "changes": count}) + "\n").encode())
    return count


class _Hashing(Source):
    """A source that hashes each range as it is read, in order (the journal
    reads every byte of the source once, in order)."""

    def __init__(self, inner: Source, digest: hashlib._Hash) -> None:
        self.inner, self.digest, self.at = inner, digest, 0

    def __len__(self) -> int:
        return len(self.inner)

    def read(self, start: int, end: int) -> bytes:
        data = self.inner.read(start, end)
        if start == self.at:
            self.digest.update(data)
            self.at = start + len(data)
        return data


def _same(output: BinaryIO, source: Source, start: int, end: int, digest: hashlib._Hash) -> None:
    """The output's next bytes must be the source's ``[start, end)``, which
    the repair keeps as they are."""
    for lo in range(start, end, CHUNK):
        want = source.read(lo, min(end, lo + CHUNK))
        at = output.tell()
        got = output.read(len(want))
        digest.update(got)
        if got != want:
            first = next(
                (i for i, (p, q) in enumerate(zip(got, want, strict=False)) if p != q), len(got)
            )
            raise JournalError(
                f"the output differs from its source at output byte {at + first}, "
                "where the repair keeps the bytes as they are"
            )


def _expect(output: BinaryIO, new: bytes, digest: hashlib._Hash, at: int) -> None:
    got = output.read(len(new))
    digest.update(got)
    if got != new:
        raise JournalError(f"the output does not hold the repaired bytes at output byte {at}")


# -- reading and undoing ---------------------------------------------------------------


@dataclass(frozen=True)
class JournalHead:
    """A journal's first line: the reading and the two files' facts."""

    reading: str
    source_path: str
    source_size: int
    source_sha256: str
    output_path: str
    output_size: int
    output_sha256: str


def read_head(path: str) -> JournalHead:
    """The journal's first line (:class:`JournalError` if it is no journal
    of a version this program reads)."""
    try:
        with open(path, encoding="utf-8") as file:
            first = file.readline()
    except OSError as error:
        raise JournalError(f"cannot read the journal {path}: {error.strerror or error}") from None
    try:
        head = json.loads(first)
        if head.get("journal") != KIND:
            raise JournalError(f"{path}: line 1 should be a repair journal's header")
        if head.get("version") != JOURNAL_VERSION:
            raise JournalError(
                f"{path}: journal version {head.get('version')!r}; this program reads version "
                f"{JOURNAL_VERSION}"
            )
        source, output = head["source"], head["output"]
        return JournalHead(
            str(head.get("reading", "")),
            str(source["path"]),
            int(source["size"]),
            str(source["sha256"]),
            str(output["path"]),
            int(output["size"]),
            str(output["sha256"]),
        )
    except (json.JSONDecodeError, AttributeError, KeyError, TypeError, ValueError):
        raise JournalError(f"{path}: line 1 is not a repair journal's header") from None


def _entries(path: str) -> Iterator[tuple[int, int, bytes, bytes]]:
    """Each change as ``(out start, out end, old, new)``, in order."""
    with open(path, encoding="utf-8") as file:
        file.readline()
        ended = False
        for number, line in enumerate(file, 2):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                if record.get("end"):
                    ended = True
                    continue
                out_start, out_end = (int(x) for x in record["out"])
                old, new = bytes.fromhex(record["old"]), bytes.fromhex(record["new"])
            except (json.JSONDecodeError, AttributeError, KeyError, TypeError, ValueError):
                raise JournalError(f"{path}, line {number}: expected a change") from None
            if out_end - out_start != len(new):
                raise JournalError(f'{path}, line {number}: "out" does not span the new bytes')
            yield out_start, out_end, old, new
        if not ended:
            raise JournalError(f"{path}: the journal ends early (no end line): it was cut short")


def _digest(path: str, control: Control) -> tuple[int, str]:
    digest, size = hashlib.sha256(), 0
    with open(path, "rb") as file:
        while block := file.read(1 << 20):
            digest.update(block)
            size += len(block)
            control.step(size)
    return size, digest.hexdigest()


def undo_repair(
    journal_path: str,
    repaired_path: str,
    output_path: str | os.PathLike[str],
    *,
    control: Control = UNCONTROLLED,
) -> JournalHead:
    """Write the original bytes back: ``repaired_path`` with every change of
    the journal undone, to ``output_path``, atomically. Refuses
    (:class:`JournalError`, nothing written) a repaired file whose size or
    SHA-256 is not the journal's, a change whose new bytes are not where the
    journal says, and a result whose SHA-256 is not the source's."""
    head = read_head(journal_path)
    size, digest = _digest(repaired_path, control)
    if (size, digest) != (head.output_size, head.output_sha256):
        raise JournalError(
            f"{repaired_path} is not the file this journal was made for: it has {size:,} bytes "
            f"and SHA-256 {digest[:16]}…, the journal's output {head.output_size:,} bytes and "
            f"{head.output_sha256[:16]}…"
        )
    written = hashlib.sha256()
    with open(repaired_path, "rb") as repaired, atomic_output(output_path) as out:

        def put(data: bytes) -> None:
            written.update(data)
            out.write(data)

        position = 0
        for out_start, out_end, old, new in _entries(journal_path):
            if out_start < position:
                raise JournalError(
                    f"{journal_path}: changes out of order at output byte {out_start}"
                )
            _copy(repaired, out_start - position, put)
            if repaired.read(len(new)) != new:
                raise JournalError(
                    f"{repaired_path}: output byte {out_start} does not hold the bytes the journal "
                    "says the repair wrote there"
                )
            put(old)
            position = out_end
            control.check()
        _copy(repaired, None, put)
        if written.hexdigest() != head.source_sha256:
            raise JournalError(
                "undoing the journal does not give back the source's bytes (SHA-256 differs); "
                "nothing was written"
            )
    return head


def _copy(file: BinaryIO, count: int | None, put: Callable[[bytes], None]) -> None:
    while count is None or count > 0:
        block = file.read(1 << 20 if count is None else min(count, 1 << 20))
        if not block:
            if count:
                raise JournalError("the repaired file ends before the journal's next change")
            return
        put(block)
        if count is not None:
            count -= len(block)

"""Comparing formats over a whole file, as ratios against CPython in one run.

    python tests/bench/bench_compare.py [--mb 1024] [--every 16] [--other-mb 64] [--keep DIR]

1. From the index (the UTF-8 family). A text file of ``--mb`` MiB, mostly
   valid UTF-8 (accented Latin and Han), with a lone surrogate (``ED A0
   80``) and an invalid byte (``FF``) in every ``--every``-th MiB (16 by
   default; 1 is a dense case), is written to a temporary folder
   (``--keep DIR`` keeps it there for the next run). Each of utf-8, wtf-8
   and xtf-8 is indexed (timed, as the window does: every core but
   one), then :func:`~mojiscope.core.compare.formats.differences` compares
   the three from their indexes (:func:`~mojiscope.core.compare.sweep.sweep`,
   as compare mode does: every range kept). Against CPython's single-threaded chunked
   ``decode('utf-8', 'replace')`` of the same file in 4 MiB chunks::

       ratio = CPython's time / our time     (>= 0.5: the issue's goal)

   for the compare alone (the indexes already built) and for the indexes
   and the compare together.

2. Outside the UTF-8 family. ``--other-mb`` MB of the same text compared
   as utf-8, cp1252 and stf-7 (no index can tell where those agree), and
   the same size of plain ASCII text (where they all agree): against the
   same CPython decode of that file (letters and spaces only: STF-7 reads
   punctuation as the start of a sequence). Windows whose bytes every
   format reads as the same ASCII are skipped at once; the others are
   compared unit by unit in numpy.

Not a test: nothing is asserted. The machine may be shared: report ratios
and say under what load they were taken (``cat /proc/loadavg``).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from mojiscope.app.background.file_passes import window_workers
from mojiscope.core import FileSource, get_format
from mojiscope.core.compare.sweep import Swept, sweep
from mojiscope.core.index.file_index import build_index
from mojiscope.core.system.control import Control

CHUNK = 4 << 20
ASCII_LINE = b"plain ascii text with words and no marks " * 2 + b"\n"
LINE = "the quick brown fox jumps over the lazy dog, café naïve résumé 你好\n".encode()


def write_text(
    path: Path, mb: int, *, every: int = 1, damaged: bool = True, line: bytes = LINE
) -> None:
    """``mb`` MiB of ``line``; a lone surrogate and an invalid byte in every
    ``every``-th MiB when ``damaged``."""
    clean = bytes(bytearray(line * ((1 << 20) // len(line) + 1))[: 1 << 20])
    block = bytearray(clean)
    if damaged:
        at = block.index(b"\n", len(block) // 3) + 1
        block[at : at + 3] = b"\xed\xa0\x80"  # a lone surrogate: WTF-8 reads it
        block[2 * len(block) // 3] = 0xFF  # an invalid byte
    with path.open("wb") as f:
        for k in range(mb):
            f.write(block if k % every == every // 2 else clean)


def cpython_decode(path: Path) -> float:
    start = time.perf_counter()
    with path.open("rb") as f:
        decoder_state = b""
        while chunk := f.read(CHUNK):
            data = decoder_state + chunk
            decoder_state = b""
            data.decode("utf-8", "replace")
    return time.perf_counter() - start


def cache(path: Path) -> None:
    with path.open("rb") as f:
        while f.read(CHUNK):
            pass


def compare(path: Path, ids: list[str], *, indexed: bool) -> tuple[float, float, int, list[str]]:
    """(index seconds, compare seconds, ranges, pair lines): the sweep
    compare mode runs, every range kept."""
    formats = [get_format(i) for i in ids]
    with FileSource(path) as source:
        start = time.perf_counter()
        indexes = (
            [build_index(f, source, workers=window_workers()) for f in formats] if indexed else None
        )
        indexing = time.perf_counter() - start
        kept: list[Swept] = []
        start = time.perf_counter()
        result = sweep(formats, source, indexes, Control(emit=kept.append))  # type: ignore[arg-type]
        comparing = time.perf_counter() - start
    return indexing, comparing, result.count, list(result.pairs)


def report(name: str, path: Path, ids: list[str], *, indexed: bool) -> None:
    cache(path)
    reference = min(cpython_decode(path) for _ in range(2))
    indexing, comparing, found, lines = compare(path, ids, indexed=indexed)
    size = path.stat().st_size / 1e6
    print(f"{name}: {size:,.0f} MB, {', '.join(ids)}: {found:,} differing ranges")
    print(f"  CPython decode('utf-8')  {reference:7.2f} s")
    if indexed:
        print(f"  indexes                  {indexing:7.2f} s")
    print(f"  compare                  {comparing:7.2f} s  ratio {reference / comparing:5.2f}")
    if indexed:
        both = indexing + comparing
        print(f"  indexes + compare        {both:7.2f} s  ratio {reference / both:5.2f}")
    for line in lines:
        print(f"    {line}")


def load() -> str:
    return Path("/proc/loadavg").read_text().strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=1024)
    parser.add_argument(
        "--every", type=int, default=16, help="MiB between damaged places (default 16)"
    )
    parser.add_argument("--other-mb", type=int, default=64)
    parser.add_argument("--keep", metavar="DIR", help="keep the files in DIR (and reuse them)")
    args = parser.parse_args()
    print(f"load: {load()}  cores: {os.cpu_count()}")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(args.keep or temp)
        folder.mkdir(parents=True, exist_ok=True)
        big = folder / f"text-{args.mb}mb-every{args.every}.txt"
        if not big.exists() or big.stat().st_size != args.mb << 20:
            write_text(big, args.mb, every=args.every)
        report("UTF-8 family from the index", big, ["utf-8", "wtf-8", "xtf-8"], indexed=True)
        other = folder / f"text-{args.other_mb}mb.txt"
        if not other.exists() or other.stat().st_size != args.other_mb << 20:
            write_text(other, args.other_mb)
        report("Outside the family, text", other, ["utf-8", "cp1252", "stf-7"], indexed=False)
        ascii_file = folder / f"ascii-{args.other_mb}mb.txt"
        if not ascii_file.exists():
            write_text(
                ascii_file,
                args.other_mb,
                damaged=False,
                line=ASCII_LINE,
            )
        report("Outside the family, ASCII", ascii_file, ["utf-8", "cp1252", "stf-7"], indexed=False)
    print(f"load: {load()}")


if __name__ == "__main__":
    main()

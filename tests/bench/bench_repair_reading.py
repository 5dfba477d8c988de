"""A repair read as a format (``repair:utf-8 read as windows-1252``) against
CPython in the same run: decoding a damaged file through the reading's
incremental decoder, and the whole export path (``convert_stream`` to UTF-8
with its loss accounting), beside CPython's own incremental UTF-8 decode of
the same bytes. Also the lossy case: one byte per line the chain cannot undo.

Run: ``.venv/bin/python tests/bench/bench_repair_reading.py [--mb N]``.
Ratios are taken within one run; on a shared machine absolute times are noisy.
"""

from __future__ import annotations

import argparse
import codecs
import io
import os
import time
from collections.abc import Callable

from mojiscope.core import get_format
from mojiscope.core.conversion.convert import convert_stream
from mojiscope.core.mojibake import Chain, Misreading, damage, reading_name

CHAIN = Chain((Misreading("utf-8", "windows-1252"),))
LINE = "Produit n°{n};Café crème, thé à la menthe;2,50 €;“déjà vu”\n"
CHUNK = 1 << 20


def damaged(megabytes: float, lossy: bool) -> bytes:
    lines = []
    size, n = 0, 0
    while size < megabytes * 1e6:
        line = damage(CHAIN, LINE.format(n=n))
        if lossy:
            line = line[:-1] + b"\xe2\x82\xac\n"  # a real "€": never misread
        lines.append(line)
        size += len(line)
        n += 1
    return b"".join(lines)


def timed(run: Callable[[bytes], None], data: bytes) -> float:
    start = time.perf_counter()
    run(data)
    return time.perf_counter() - start


def cpython_decode(data: bytes) -> None:
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    for i in range(0, len(data), CHUNK):
        decoder.decode(data[i : i + CHUNK])
    decoder.decode(b"", True)


def reading_decode(data: bytes) -> None:
    decoder = get_format(reading_name(CHAIN)).incremental_decoder()
    for i in range(0, len(data), CHUNK):
        decoder.decode(data[i : i + CHUNK])
    decoder.decode(b"", final=True)


def export(data: bytes) -> None:
    convert_stream(data, reading_name(CHAIN), "utf-8", io.BytesIO(), "replace")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=float, default=20.0)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    for lossy in (False, True):
        data = damaged(args.mb, lossy)
        mb = len(data) / 1e6
        base = timed(cpython_decode, data)
        kind = "lossy" if lossy else "lossless"
        print(f"{kind}, {mb:.0f} MB; CPython utf-8: {mb / base:.0f} MB/s")
        for name, run in (("reading decode", reading_decode), ("export to utf-8", export)):
            took = timed(run, data)
            print(f"  {name}: {mb / took:.1f} MB/s = {base / took:.2f}x CPython")


if __name__ == "__main__":
    main()

"""Speed of reading a paste, as ratios against CPython's own readers of the
same bytes, same run.

    python tests/bench/bench_paste.py [--mb 4] [--repeat 3]

For ``--mb`` megabytes of random bytes written as plain hex (``48 65 6c``),
as ``xxd -i`` output and as base64 wrapped at 76 columns, prints
``ratio = CPython time / Mojiscope time`` (above 1: Mojiscope is faster).
The CPython side is :meth:`bytes.fromhex` on the plain hex (it cannot read
an array, so the same plain hex stands in there) and :func:`base64.b64decode`
on the base64. Mojiscope's side checks the whole text and would name the
line and column of an error. Best of ``--repeat`` rounds, the two sides
taking turns. Not a test: nothing is asserted. Timings on a shared machine
are noisy; compare ratios, not times.
"""

from __future__ import annotations

import argparse
import base64
import os
import time
from collections.abc import Callable

from mojiscope.core.paste.base64_text import parse_base64
from mojiscope.core.paste.hex import parse_hex


def xxd_i(data: bytes) -> str:
    rows = [
        "  " + ", ".join(f"0x{b:02x}" for b in data[i : i + 12]) for i in range(0, len(data), 12)
    ]
    body = ",\n".join(rows)
    return f"unsigned char data[] = {{\n{body}\n}};\nunsigned int data_len = {len(data)};\n"


def best(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    data = os.urandom(int(args.mb * (1 << 20)))
    plain = data.hex(" ")
    array = xxd_i(data)
    wrapped = base64.encodebytes(data).decode()
    limit = len(data)
    cases = [
        ("plain hex", lambda: parse_hex(plain), lambda: bytes.fromhex(plain)),
        ("xxd -i", lambda: parse_hex(array), lambda: bytes.fromhex(plain)),
        ("base64", lambda: parse_base64(wrapped, limit=limit), lambda: base64.b64decode(wrapped)),
    ]
    print(f"{len(data):,} bytes")
    for name, ours, theirs in cases:
        mojiscope = best(ours, args.repeat)
        cpython = best(theirs, args.repeat)
        print(f"{name:10} ratio {cpython / mojiscope:6.3f}  ({mojiscope:.3f} s vs {cpython:.3f} s)")


if __name__ == "__main__":
    main()

"""Decode speed of the UTF family added for issue 17, as ratios against
CPython's nearest codec on the same bytes, same run.

    python tests/bench/bench_utf_family.py [--mb 8] [--repeat 5]

For each format (``utf-16``, ``utf-32le``, ``utf-32``, ``cesu-8``,
``mutf-8``) and each input (multilingual text with emoji in the format's own
encoding; the same with one ill-formed unit every 4 KiB; random bytes),
prints ``ratio = CPython time / Mojiscope time`` (above 1: Mojiscope is
faster) and the number of spans. The CPython side is ``utf-16`` /
``utf-32-le`` / ``utf-32`` with ``replace``, and for CESU-8 and Modified
UTF-8 (which CPython has no codec for) UTF-8 with ``replace`` over the same
bytes (which replaces each half of a pair): the question is what reading
these bytes costs beyond UTF-8. Best of
``--repeat`` rounds, the two sides taking turns. Mojiscope's side produces
text and spans. Not a test: nothing is asserted. Timings on a shared
machine are noisy; compare ratios, not times.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable

from mojiscope.core import decode, encode

WORDS = (  # noqa: SIM905 - prose reads better than a list
    "Καλημέρα привет こんにちは 你好 안녕하세요 مرحبا hello café naïve 😀 🎉 𝄞 world"
).split()

#: (format, CPython codec and error handler that reads the same bytes, bad unit)
CASES = [
    ("utf-16", ("utf-16", "replace"), b"\x00\xdc"),
    ("utf-32le", ("utf-32-le", "replace"), b"\x00\x00\x11\x00"),
    ("utf-32", ("utf-32", "replace"), b"\x00\x00\x11\x00"),
    ("cesu-8", ("utf-8", "replace"), b"\xff"),
    ("mutf-8", ("utf-8", "replace"), b"\xff"),
]


def text_of(size: int) -> str:
    rng = random.Random(3)
    out, total = [], 0
    while total < size:
        line = " ".join(rng.choice(WORDS) for _ in range(12)) + "\n"
        out.append(line)
        total += len(line.encode())
    return "".join(out)


def with_errors(data: bytes, bad: bytes, every: int = 4096) -> bytes:
    step = every - every % 4
    return b"".join(data[i : i + step] + bad for i in range(0, len(data), step))


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=8)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    size = int(args.mb * 1_000_000)
    text = text_of(size)
    noise = random.Random(5).randbytes(size)
    print(f"{'format':10} {'input':14} {'ratio':>7} {'spans':>9}")
    for format_id, (codec, handler), bad in CASES:
        own = encode(text, format_id, "replace")
        inputs = {"text": own, "text+errors": with_errors(own, bad), "random": noise}
        for name, data in inputs.items():
            spans = [0]

            def ours(data: bytes = data, fmt: str = format_id, spans: list[int] = spans) -> None:
                spans[0] = len(decode(data, fmt).spans)

            def theirs(data: bytes = data, codec: str = codec, handler: str = handler) -> None:
                data.decode(codec, handler)

            ratio = best(theirs, args.repeat) / best(ours, args.repeat)
            print(f"{format_id:10} {name:14} {ratio:7.2f} {spans[0]:9}")


if __name__ == "__main__":
    main()

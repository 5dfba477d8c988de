"""Decode speed as ratios against CPython's own UTF-8 decoder, same run.

    python tests/bench/bench_decode.py [--mb 32] [--repeat 5] [--formats utf-8,...]

For each input (English, multilingual, each with one invalid byte every
4 KiB, and uniformly random bytes) and each format, prints

    ratio = time of data.decode('utf-8', 'replace') / time of decode(data, fmt)

where the Mojiscope side produces text and spans (and takes ``len(spans)``);
then, for the text inputs, the same for encoding (against ``text.encode('utf-8')``).
Formats that are not UTF-8 supersets (STF-7, Corrected UTF-8, UTF-16) decode
their own encoding of the same text, and are compared with CPython decoding
the UTF-8 encoding of that text: the question is what it costs to read the
same text. Best of ``--repeat`` rounds each, the two sides taking turns.
Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable

from mojiscope.core import decode, encode, get_format

ENGLISH_WORDS = (  # noqa: SIM905 - prose reads better than a list
    "the quick brown fox jumps over the lazy dog while people debug mojibake in "
    "comma separated files that were saved by a spreadsheet program and then "
    "opened by another one which assumed a different encoding for every byte"
).split()
MULTILINGUAL_WORDS = (  # noqa: SIM905
    "Καλημέρα κόσμε привет мир こんにちは世界 你好世界 안녕하세요 مرحبا שלום "
    "नमस्ते दुनिया hello world café naïve résumé façade"
).split()


def words_text(words: list[str], size: int, seed: int) -> str:
    rng = random.Random(seed)
    out: list[str] = []
    total = 0
    while total < size:
        line = " ".join(rng.choice(words) for _ in range(12)) + "\n"
        out.append(line)
        total += len(line.encode())
    return "".join(out)


def english(size: int) -> str:
    return words_text(ENGLISH_WORDS, size, 1)


def multilingual(size: int) -> str:
    """About half the bytes non-ASCII."""
    return words_text(MULTILINGUAL_WORDS, size, 2)


def cjk_heavy(size: int) -> str:
    """Chinese characters with ideographic punctuation, ~3 UTF-8 bytes each."""
    rng = random.Random(4)
    chars = [chr(rng.randint(0x4E00, 0x9FA5)) for _ in range(size // 3)]
    for i in range(0, len(chars), 17):
        chars[i] = "\uff0c"  # fullwidth comma
    for i in range(7, len(chars), 41):
        chars[i] = "\u3002"  # ideographic full stop
    return "".join(chars)


def with_invalid_bytes(data: bytes, every: int = 4096) -> bytes:
    buf = bytearray(data)
    for i in range(every // 2, len(buf), every):
        buf[i] = 0xFF
    return bytes(buf)


def best_times(
    ours: Callable[[], object], theirs: Callable[[], object], repeat: int
) -> tuple[float, float]:
    """Best time of each of two functions over ``repeat`` rounds, the two
    taking turns within a round, so that a noisy stretch of the machine
    (this VM's page faults vary by a factor of two) hits both sides alike.
    The garbage collector is off while a function runs, as in ``timeit``."""
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for side, fn in enumerate((ours, theirs)):
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                fn()
                best[side] = min(best[side], time.perf_counter() - start)
            finally:
                gc.enable()
    return best[0], best[1]


UTF8_SUPERSETS = {"utf-8", "utf-8b", "wtf-8", "xtf-8"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=32)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--formats", default="utf-8,utf-8b,wtf-8,xtf-8,stf-7,corrected-utf-8")
    args = parser.parse_args()
    size = args.mb * 1_000_000
    texts = {
        "english": english(size),
        "multilingual": multilingual(size),
        "cjk-heavy": cjk_heavy(size),
    }
    inputs: dict[str, tuple[str | None, bytes]] = {}
    for name, text in texts.items():
        inputs[name] = (text, text.encode())
        if name != "cjk-heavy":
            inputs[name + "+invalid/4KiB"] = (None, with_invalid_bytes(text.encode()))
    inputs["random"] = (None, random.Random(3).randbytes(size))
    ids = [f for f in args.formats.split(",") if f]
    print(
        f"input size {args.mb} MB, best of {args.repeat}; ratio = CPython utf-8 replace / Mojiscope"
    )
    print(f"{'input':<26}" + "".join(f"{f:>17}" for f in ids))
    for name, (text, data) in inputs.items():
        row = f"{name:<26}"
        for fid in ids:
            try:
                fmt = get_format(fid)
            except LookupError:
                row += f"{'n/a':>17}"
                continue
            if fid in UTF8_SUPERSETS:
                payload, reference = data, data
            elif text is not None:
                payload, reference = fmt.encode(text, "replace"), data
            else:
                row += f"{'-':>17}"
                continue
            ours, theirs = best_times(
                lambda f=fmt, p=payload: len(decode(p, f).spans),
                lambda r=reference: r.decode("utf-8", "replace"),
                args.repeat,
            )
            row += f"{theirs / ours:>11.2f} ({ours * 1000:>4.0f}ms)"[-17:].rjust(17)
        print(row, flush=True)
    print_encode_ratios(texts, ids, args.repeat)


def print_encode_ratios(texts: dict[str, str], ids: list[str], repeat: int) -> None:
    """The other direction, for the text inputs: ratio = time of CPython's
    ``text.encode('utf-8')`` / time of ``encode(text, fmt, 'strict')``."""
    print("\nencode; ratio = CPython text.encode('utf-8') / Mojiscope encode(text, fmt)")
    print(f"{'input':<26}" + "".join(f"{f:>17}" for f in ids))
    for name, text in texts.items():
        row = f"{name:<26}"
        for fid in ids:
            fmt = get_format(fid)
            ours, theirs = best_times(
                lambda f=fmt, t=text: encode(t, f, "strict"),
                lambda t=text: t.encode("utf-8"),
                repeat,
            )
            row += f"{theirs / ours:>11.2f} ({ours * 1000:>4.0f}ms)"[-17:].rjust(17)
        print(row, flush=True)


if __name__ == "__main__":
    main()

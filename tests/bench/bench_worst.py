"""Each registered format fed its worst inputs, at growing sizes, so that
cost growing faster than the input shows (issue 12: "every format streams in
time linear in the input and memory bounded by a constant, whatever the
bytes").

    python tests/bench/bench_worst.py [--mib 1,4,16] [--formats wtf-8,...]
                                      [--timeout 120] [--mode stream|decode]

For each (format, input, size) a fresh subprocess writes the input to a
temporary file and decodes it, printing the time and the peak memory the
decode added (Linux: the resident set's high-water mark, reset just before
the decode, less the resident set then; elsewhere ``ru_maxrss``).

* ``stream`` (the default) reads the file in 1 MiB chunks through the
  format's incremental decoder and lets each piece go, as ``convert`` and
  ``inspect`` do: memory must stay flat as the size grows.
* ``decode`` decodes the whole file (memory-mapped) at once; the spans of
  the whole input are kept, so memory grows with the number of spans.

Worst inputs: random bytes and the format's own encoding of multilingual
text for every format, plus what each kind of format finds hardest: lone
surrogate runs for WTF-8, stray continuation bytes for the UTF-8 family,
FE + a run of 80 for Corrected UTF-8, runs of chunks for STF-7, lone
surrogate units for UTF-16, and CJK text with no three ASCII bytes in a row
for the code pages that cannot resynchronise by looking
(``Format.exact_resync`` is False, or one of :data:`CJK_CODE_PAGES`). The
last column is the time at the largest size over the time at the smallest,
against the sizes' own ratio: linear cost keeps them close. Not a test:
nothing is asserted. Timings on a shared machine are noisy; read ratios,
not absolute times.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from mojiscope.core import FileSource, Format, formats, get_format

MIB = 1 << 20
MULTILINGUAL = "Καλημέρα κόσμε привет мир こんにちは世界 你好世界 안녕하세요 مرحبا café "


def repeated(unit: bytes, size: int) -> bytes:
    return (unit * (size // len(unit) + 1))[:size]


def random_bytes(fmt: Format, size: int) -> bytes:
    del fmt
    return random.Random(12).randbytes(size)


def own_text(fmt: Format, size: int) -> bytes:
    return repeated(fmt.encode(MULTILINGUAL * 40, "replace"), size)


def cjk_without_ascii(fmt: Format, size: int) -> bytes:
    """CJK prose with CRLF line ends: never three ASCII bytes in a row."""
    rng = random.Random(8)
    lines = ["".join(chr(rng.randint(0x4E00, 0x9FA5)) for _ in range(40)) for _ in range(50)]
    return repeated(fmt.encode("\r\n".join(lines) + "\r\n", "replace"), size)


def pattern(unit: bytes, head: bytes = b"") -> Callable[[Format, int], bytes]:
    def make(fmt: Format, size: int) -> bytes:
        del fmt
        return head + repeated(unit, size - len(head))

    return make


#: Worst inputs by format id (beyond random bytes and the format's own text).
SPECIFIC: dict[str, dict[str, Callable[[Format, int], bytes]]] = {
    "wtf-8": {
        "lone lead surrogates ED A0 80": pattern(b"\xed\xa0\x80"),
        "lone trail surrogates ED B0 80": pattern(b"\xed\xb0\x80"),
    },
    "corrected-utf-8": {"FE then a run of 80": pattern(b"\x80", b"\xfe")},
    "stf-7": {"one run of chunks !!!": pattern(b"!"), "sequences of 7 chunks": pattern(b"!!!!!!;")},
    "wtf-16le": {"lone lead surrogate units": pattern(b"\x00\xd8")},
    "wtf-16be": {"lone lead surrogate units": pattern(b"\xd8\x00")},
}
UTF8_LIKE = {"utf-8", "utf-8b", "wtf-8", "xtf-8", "cesu-8", "mutf-8"}
#: Multi-byte code pages whose trail bytes may look like lead bytes (also
#: found by ``exact_resync`` being False, once a format says so).
CJK_CODE_PAGES = {"gb18030", "gbk", "gb2312", "shift_jis", "cp932", "euc-jp", "euc-kr", "big5"}


def inputs_for(fmt: Format) -> dict[str, Callable[[Format, int], bytes]]:
    out: dict[str, Callable[[Format, int], bytes]] = {
        "random bytes": random_bytes,
        "own multilingual text": own_text,
    }
    if fmt.id in UTF8_LIKE:
        out["stray continuation bytes"] = pattern(b"\x80")
        out["truncated leads F0 9F 92"] = pattern(b"\xf0\x9f\x92")
    if not fmt.exact_resync or fmt.id in CJK_CODE_PAGES:
        out["CJK without ASCII (CRLF)"] = cjk_without_ascii
    out.update(SPECIFIC.get(fmt.id, {}))
    return out


# -- the child: one measurement --------------------------------------------------------


def _rss_kib(field: str) -> int | None:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _reset_peak() -> bool:
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as clear:
            clear.write("5")  # resets VmHWM to the current resident set
        return True
    except OSError:
        return False


def measure(format_id: str, input_name: str, size: int, mode: str) -> dict[str, float]:
    fmt = get_format(format_id)
    data = inputs_for(fmt)[input_name](fmt, size)
    with tempfile.NamedTemporaryFile(delete=False) as handle:
        handle.write(data)
    del data
    try:
        base = _rss_kib("VmRSS") if _reset_peak() else None
        start = time.perf_counter()
        if mode == "stream":
            decoder = fmt.incremental_decoder("replace")
            with open(handle.name, "rb") as source:
                while chunk := source.read(MIB):
                    decoder.decode(chunk)
            decoder.decode(b"", final=True)
        else:
            source = FileSource(handle.name)
            fmt.decode(source.read(0, len(source)))
        elapsed = time.perf_counter() - start
    finally:
        os.unlink(handle.name)
    peak = _rss_kib("VmHWM")
    if base is not None and peak is not None:
        added = (peak - base) / 1024
    else:
        added = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"seconds": elapsed, "mib": added}


# -- the parent: the table -------------------------------------------------------------


def run_child(
    format_id: str, input_name: str, size: int, mode: str, timeout: float
) -> tuple[str, float | None]:
    """The cell for one run, and its time (``None`` if it did not finish)."""
    argv = [sys.executable, __file__, "--child", json.dumps([format_id, input_name, size, mode])]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return f"> {timeout:.0f} s".rjust(17), None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return "failed".rjust(17) + f" ({last[:60]})", None
    got = json.loads(done.stdout)
    return f"{got['seconds']:7.2f} s {got['mib']:5.0f} MiB", got["seconds"]


def growth(times: list[float | None], sizes: list[int]) -> str:
    """Time at the largest size over time at the smallest, beside the
    sizes' own ratio (linear cost keeps the two close)."""
    first, last = times[0], times[-1]
    if len(times) < 2 or first is None or last is None or first <= 0:
        return ""
    return f"  x{last / first:6.1f} (sizes x{sizes[-1] / sizes[0]:.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", default="1,4,16", help="input sizes in MiB")
    parser.add_argument("--formats", default="", help="format ids (default: all registered)")
    parser.add_argument("--mode", choices=("stream", "decode"), default="stream")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per run")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(*json.loads(args.child))))
        return
    sizes = [int(float(m) * MIB) for m in args.mib.split(",")]
    chosen = [get_format(f) for f in args.formats.split(",")] if args.formats else formats()
    print(f"mode {args.mode}; time and memory added per run; sizes {args.mib} MiB")
    header = "".join(f"{s / MIB:>15g} MiB" for s in sizes)
    print(f"{'format':18}{'input':34}{header}  time growth")
    for fmt in chosen:
        for name in inputs_for(fmt):
            runs = [run_child(fmt.id, name, size, args.mode, args.timeout) for size in sizes]
            cells = "".join(f"  {cell}" for cell, _ in runs)
            trend = growth([t for _, t in runs], sizes)
            print(f"{fmt.id:18}{name:34}{cells}{trend}", flush=True)


if __name__ == "__main__":
    main()

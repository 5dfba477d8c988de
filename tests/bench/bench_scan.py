"""``mojiscope scan`` figures: small files a second, a large file against
CPython's own UTF-8 decode of it, and Dask on a local cluster against local.

    python tests/bench/bench_scan.py [--files 3000] [--gb 2] [--no-dask] [--no-large] [--no-compile]

* **Small files**: ``--files`` CSV files of about 900 bytes (seven in ten
  UTF-8 with accented names, one ASCII, one mojibake (UTF-8 read as cp1252),
  one cp1252), scanned by the real command (``mojiscope scan DIR --json -o
  OUT``, a subprocess, start-up included) with ``--engine local``; beside it,
  ftfy's ``fix_encoding`` over the same files in one process (read, decode,
  fix) for scale.
* **Large file**: a generated text file of ``--gb`` GiB (multilingual lines,
  one invalid byte every 64 MiB), written once to a temporary folder; ratio =
  CPython's chunked ``decode("utf-8", "replace")`` of it (4 MiB chunks, one
  thread) / ``mojiscope scan FILE --json``.
* **Dask**: ``--engine dask`` (a LocalCluster of two worker processes, its
  start-up included) on the small files / ``--engine local``; and whether the
  two gave the same JSON.

Mojiscope's sources are compiled to bytecode first (``compileall``), as an
installed package and the bundle have them: an editable checkout run with
``PYTHONDONTWRITEBYTECODE`` set would otherwise compile every module in every
process (the command, the fork server, each worker), about half a second
more a run; ``--no-compile`` measures that too.

Prints the figures and ``/proc/loadavg``; asserts nothing (figures are
measured, never asserted, in this project).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NAMES = ["José Müller", "Zoë Smith", "François Dupont", "Jürgen Groß", "Ana Núñez", "Renée Åström"]
CITIES = ["Zürich", "Kraków", "São Paulo", "Reykjavík", "Paris", "Oslo"]


def mojiscope() -> list[str]:
    script = Path(sys.executable).with_name("mojiscope")
    return [str(script)] if script.exists() else [sys.executable, "-m", "mojiscope"]


def make_files(root: Path, count: int) -> None:
    rng = random.Random(38)
    for i in range(count):
        rows = ["id,name,city,amount"]
        while sum(len(r) + 1 for r in rows) < 880:
            rows.append(f"{len(rows)},{rng.choice(NAMES)},{rng.choice(CITIES)},{rng.random():.4f}")
        text = "\n".join(rows) + "\n"
        kind = i % 10
        if kind == 7:
            data = text.encode("ascii", "ignore")
        elif kind == 8:
            data = text.encode().decode("cp1252", "replace").encode()
        elif kind == 9:
            data = text.encode("cp1252", "replace")
        else:
            data = text.encode()
        (root / f"{i:05}.csv").write_bytes(data)


def timed_scan(args: list[str]) -> tuple[float, bytes]:
    out = Path(tempfile.mktemp(suffix=".jsonl"))
    started = time.perf_counter()
    subprocess.run([*mojiscope(), "scan", *args, "--json", "-o", str(out)], check=True)
    took = time.perf_counter() - started
    data = out.read_bytes()
    out.unlink()
    return took, data


def small_files(count: int, dask: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        make_files(root, count)
        local, local_json = timed_scan([str(root), "--engine", "local"])
        print(f"small files, local: {count / local:,.0f} files/s ({local:.2f} s for {count:,})")
        try:
            import ftfy
        except ImportError:
            pass
        else:
            started = time.perf_counter()
            for path in sorted(root.iterdir()):
                ftfy.fix_encoding(path.read_bytes().decode("utf-8", "replace"))
            took = time.perf_counter() - started
            print(f"  ftfy.fix_encoding, one process: {count / took:,.0f} files/s")
        if dask:
            on_dask, dask_json = timed_scan([str(root), "--engine", "dask", "--jobs", "2"])
            same = [json.loads(x) for x in local_json.splitlines()] == [
                json.loads(x) for x in dask_json.splitlines()
            ]
            print(
                f"small files, dask LocalCluster (2 processes): {count / on_dask:,.0f} files/s, "
                f"{on_dask / local:.2f}x local's time; same findings: {same}"
            )


def large_file(gib: float) -> None:
    size = int(gib * (1 << 30))
    line = "Grüße aus Zürich — naïve café, привет мир, 日本語のテキスト, plain ASCII words.\n"
    block = (line * ((1 << 20) // len(line.encode()) + 1)).encode()[: 1 << 20]
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as folder:
        path = Path(folder) / "large.txt"
        with path.open("wb") as out:
            written = 0
            while written < size:
                piece = block if (written >> 20) % 64 else block[:100] + b"\xff" + block[101:]
                out.write(piece)
                written += len(piece)
        print(f"large file: generated {written / (1 << 30):.2f} GiB of text")
        for _ in range(2):  # first read warms the page cache for both sides alike
            started = time.perf_counter()
            with path.open("rb") as source:
                while chunk := source.read(4 << 20):
                    chunk.decode("utf-8", "replace")
            cpython = time.perf_counter() - started
        ours, data = timed_scan([str(path)])
        verdict = json.loads(data)["verdict"]
        print(
            f"  CPython decode {cpython:.2f} s, mojiscope scan {ours:.2f} s: "
            f"ratio {cpython / ours:.2f} (verdict {verdict})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=3000)
    parser.add_argument("--gb", type=float, default=2.0)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--no-large", action="store_true")
    parser.add_argument("--no-compile", action="store_true")
    args = parser.parse_args()
    if not args.no_compile:
        import compileall

        import mojiscope

        compileall.compile_dir(Path(mojiscope.__file__).parent, quiet=1)
    print("load average before:", Path("/proc/loadavg").read_text().strip())
    small_files(args.files, not args.no_dask)
    if not args.no_large:
        large_file(args.gb)
    print("load average after:", Path("/proc/loadavg").read_text().strip())


if __name__ == "__main__":
    main()

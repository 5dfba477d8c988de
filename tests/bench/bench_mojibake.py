# ruff: noqa: E501 - a report's lines read best whole
"""The mojibake explainer on held-out data, beside ftfy and charset-normalizer,
and its speed (issues 14 and 35's numbers).

Run: ``.venv/bin/python tests/bench/bench_mojibake.py [--mb N] [--files N] [--dev]``.

* accuracy on the **held-out** corpora (:data:`HELD_OUT`), which the model
  was neither fitted nor tuned on: ``heldout.json`` (the blind synthetic
  split tools/mojibake/heldout.py drew once from sources training never
  read), ``realworld.json``, ``realworld2_heldout.json``,
  ``realworld3_heldout.json``, ``realworld4_heldout.json``,
  ``realworld5_heldout.json``, ``realworld6_heldout.json``,
  ``realworld7_heldout.json`` and ``realworld8_heldout.json`` (mojibake as
  people reported it in public threads); top-1, top-3 and correct texts changed per category, for
  ``mojiscope.core.mojibake.explain`` and ``ftfy.fix_encoding`` (which gets
  the bytes decoded as UTF-8, with U+FFFD where they are not). ``--dev`` adds
  the development sets: devtest.json (training's own test split, measured
  during development), realworld2_dev.json, realworld3_dev.json,
  realworld4_dev.json, realworld5_dev.json, realworld6_dev.json,
  realworld7_dev.json, realworld8_dev.json, and the
  hand-written corpus (damaged.json, correct.json);
* reliability: of the answers given each confidence band, the share right,
  and of all answers at 0.9 or more, how many were wrong;
* speed: explaining a 4 KiB selection (whole chain; partly damaged; Chinese,
  Japanese and Korean that lost bytes), the
  ``mojiscope mojibake --json`` command over many short files in one process,
  and ``verify_chain`` over a large file against CPython's own UTF-8 decode of
  the same file in the same run (a ratio; timings on a shared machine are noisy).
"""

from __future__ import annotations

import argparse
import base64
import codecs
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import charset_normalizer
import ftfy

from mojiscope.core import FileSource
from mojiscope.core.mojibake import (
    Chain,
    Misreading,
    damage,
    explain,
    features,
    model,
    verify_chain,
)
from mojiscope.core.mojibake.readers import MULTIBYTE_MADE

DATA = Path(__file__).resolve().parents[1] / "data" / "mojibake"
WIN = Chain((Misreading("utf-8", "windows-1252"),))
#: The corpora nothing was fitted, tuned or looked at case by case on.
HELD_OUT = (
    "heldout.json",
    "realworld.json",
    "realworld2_heldout.json",
    "realworld3_heldout.json",
    "realworld4_heldout.json",
    "realworld5_heldout.json",
    "realworld6_heldout.json",
    "realworld7_heldout.json",
    "realworld8_heldout.json",
)


#: Characters that show no damage where they stand: printable ASCII but ``?``.
_PLAIN = frozenset(map(chr, range(0x20, 0x7F))) - {"?"} | {"\n", "\t"}


def no_trace(case: dict[str, object]) -> bool:
    """Whether a damaged case's text holds no trace of its damage: every
    character of it is in the expected text, or plain ASCII (``Tdnsberg``
    for ``Tønsberg``, ``Configurao`` for ``Configuração``: letters dropped or
    replaced by ASCII ones before the bytes were written). No reading of the
    bytes can tell such text from correct text; the real-world collections
    hold some, reported in a category of their own."""
    text, expect = str(case["text"]), str(case["expect"])
    return text != expect and set(text) - set(expect) <= _PLAIN


def load(name: str) -> list[dict[str, object]]:
    """A corpus's cases (a real-world damaged case with no trace of its
    damage in category ``damaged-no-trace``, see :func:`no_trace`)."""
    cases: list[dict[str, object]] = json.loads((DATA / name).read_text("utf-8"))["cases"]
    for case in cases:
        raw = case.get("base64")
        case["bytes"] = (
            base64.b64decode(str(raw)) if raw is not None else str(case["text"]).encode()
        )
        if name.startswith("realworld") and case["category"] == "damaged" and no_trace(case):
            case["category"] = "damaged-no-trace"
    return cases


def accuracy(cases: list[dict[str, object]]) -> dict[str, object]:
    tally: dict[str, Counter[str]] = {}
    bands: Counter[tuple[int, bool]] = Counter()
    traced: Counter[tuple[int, bool]] = Counter()  # the bands but for damage with no trace
    for case in cases:
        data, expect = case["bytes"], case["expect"]
        assert isinstance(data, bytes)
        results = explain(data)
        texts = [r.text for r in results]
        fixed = ftfy.fix_encoding(data.decode("utf-8", "replace"))
        row = tally.setdefault(str(case["category"]), Counter())
        row["n"] += 1
        row["top1"] += texts[0] == expect
        row["top3"] += expect in texts[:3]
        row["ftfy"] += fixed == expect
        band = (min(9, int(results[0].confidence * 10)), texts[0] == expect)
        bands[band] += 1
        if case["category"] != "damaged-no-trace":
            traced[band] += 1
    return {"tally": tally, "bands": bands, "traced": traced}


def print_accuracy(report: dict[str, object]) -> None:
    tally = report["tally"]
    assert isinstance(tally, dict)
    print(f"{'category':24} {'n':>4} {'top-1':>7} {'top-3':>7} {'ftfy':>7}")
    totals: Counter[str] = Counter()
    for category, row in sorted(tally.items()):
        correct = category.startswith("correct")
        n = row["n"]
        if correct:
            print(
                f"{category:24} {n:4} changed {n - row['top1']:3} ({(n - row['top1']) / n:6.1%})"
                f"  ftfy changed {n - row['ftfy']:3} ({(n - row['ftfy']) / n:6.1%})"
            )
        else:
            print(
                f"{category:24} {n:4} {row['top1'] / n:7.1%} {row['top3'] / n:7.1%} {row['ftfy'] / n:7.1%}"
            )
        for key in ("n", "top1", "top3", "ftfy"):
            totals[("c-" if correct else "d-") + key] += row[key]
    d, c = totals["d-n"], totals["c-n"]
    print(
        f"{'damaged, all':24} {d:4} {totals['d-top1'] / d:7.1%} {totals['d-top3'] / d:7.1%} "
        f"{totals['d-ftfy'] / d:7.1%}"
    )
    hidden = tally.get("damaged-no-trace")
    if hidden:
        seen = {key: totals[f"d-{key}"] - hidden[key] for key in ("n", "top1", "top3", "ftfy")}
        print(
            f"{'damaged, with a trace':24} {seen['n']:4} {seen['top1'] / seen['n']:7.1%} "
            f"{seen['top3'] / seen['n']:7.1%} {seen['ftfy'] / seen['n']:7.1%}"
        )
    print(
        f"{'correct, all':24} {c:4} changed {c - totals['c-top1']} ({(c - totals['c-top1']) / c:.1%}); "
        f"ftfy changed {c - totals['c-ftfy']} ({(c - totals['c-ftfy']) / c:.1%})"
    )
    bands = report["bands"]
    assert isinstance(bands, Counter)
    print("reliability: confidence band -> share of best answers right (count)")
    for band in range(10):
        right, wrong = bands[(band, True)], bands[(band, False)]
        if right + wrong:
            print(
                f"  {band / 10:.1f}-{(band + 1) / 10:.1f}: {right / (right + wrong):6.1%} of {right + wrong}"
            )
    sure = bands[(9, True)] + bands[(9, False)]
    if sure:
        print(
            f"  at 0.9 or more: {bands[(9, False)]} wrong of {sure} ({bands[(9, False)] / sure:.1%})"
        )
    traced = report["traced"]
    assert isinstance(traced, Counter)
    sure = traced[(9, True)] + traced[(9, False)]
    if traced != bands and sure:
        print(
            f"  at 0.9 or more, damage with no trace left out: {traced[(9, False)]} wrong of {sure} "
            f"({traced[(9, False)] / sure:.1%})"
        )


def charset_normalizer_voice(damaged: list[dict[str, object]]) -> None:
    on_disk = [c for c in damaged if c["category"] == "legacy-on-disk"]
    right = 0
    for case in on_disk:
        best = charset_normalizer.from_bytes(case["bytes"]).best()  # type: ignore[arg-type]
        right += best is not None and str(best) == case["expect"]
    misread = [c for c in damaged if c["category"] == "utf8-misread"]
    not_utf8 = 0
    for case in misread:
        best = charset_normalizer.from_bytes(case["bytes"]).best()  # type: ignore[arg-type]
        not_utf8 += best is None or best.encoding not in ("utf_8", "ascii")
    print(
        f"charset-normalizer: right text for {right}/{len(on_disk)} legacy files on disk "
        f"({right / len(on_disk):.0%}); called {not_utf8}/{len(misread)} UTF-8 files holding "
        f"mojibake something other than UTF-8 ({not_utf8 / len(misread):.0%})"
    )


def _clear_caches() -> None:
    model.text_score.cache_clear()
    features.text_features.cache_clear()


def best_of(runs: int, work: object) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def selection_4k(damaged: list[dict[str, object]]) -> tuple[bytes, bytes]:
    texts = [str(c["expect"]) for c in damaged if c["category"] == "utf8-misread"]
    whole, partial, i = b"", b"", 0
    while len(whole) < 4096 or len(partial) < 4096:
        line = texts[i % len(texts)] + "\n"
        whole += damage(WIN, line)
        partial += damage(WIN, line) if i % 2 else line.encode()
        i += 1
    return whole[: whole.rfind(b"\n", 0, 4096) + 1], partial[: partial.rfind(b"\n", 0, 4096) + 1]


def cjk_4k(damaged: list[dict[str, object]]) -> bytes:
    """4 KiB of Chinese, Japanese and Korean lines read as windows-1252 that
    dropped the bytes it has no character for (81 8D 8F 90 9D): each
    character that lost a byte is a guess."""
    texts = [str(c["expect"]) for c in damaged if MULTIBYTE_MADE.search(str(c["expect"]))]
    out, i = b"", 0
    while len(out) < 4096:
        out += (texts[i % len(texts)] + "\n").encode().decode("cp1252", "ignore").encode()
        i += 1
    return out[: out.rfind(b"\n", 0, 4096) + 1]


def speed(damaged: list[dict[str, object]], files: int, megabytes: int) -> None:
    whole, partial = selection_4k(damaged)
    explain(whole)
    selections = (
        ("whole chain", whole),
        ("partly damaged", partial),
        ("CJK, bytes dropped", cjk_4k(damaged)),
    )
    for name, data in selections:
        seconds = best_of(5, lambda data=data: (_clear_caches(), explain(data)))
        print(
            f"explain a {len(data)}-byte selection ({name}): {seconds * 1000:.0f} ms (best of 5, cold score cache)"
        )
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i in range(files):
            path = Path(tmp) / f"f{i:04}.txt"
            path.write_bytes(damaged[i % len(damaged)]["bytes"])  # type: ignore[arg-type]
            paths.append(str(path))
        command = [str(Path(sys.executable).with_name("mojiscope")), "mojibake", "--json", *paths]
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, check=True)
        seconds = time.perf_counter() - start
        lines = done.stdout.count(b"\n")
        print(
            f"mojiscope mojibake --json on {files} short files, one process: {seconds:.1f} s ({lines} lines)"
        )
        big = Path(tmp) / "big.txt"
        line = damage(WIN, "Größe, Qualität; café crème, thé à la menthe, naïve résumé\n")
        block = line * ((1 << 20) // len(line))
        with big.open("wb") as out:
            for _ in range(megabytes):
                out.write(block)
        size = big.stat().st_size
        with FileSource(big) as source:
            ours = best_of(2, lambda: verify_chain(WIN, source))

            def cpython() -> None:
                decoder = codecs.getincrementaldecoder("utf-8")()
                for offset in range(0, size, 1 << 20):
                    decoder.decode(source.read(offset, offset + (1 << 20)))
                decoder.decode(b"", True)

            theirs = best_of(2, cpython)
        print(
            f"verify_chain over {size / 1e6:.0f} MB: {size / ours / 1e6:.0f} MB/s; CPython's own UTF-8 "
            f"decode of it: {size / theirs / 1e6:.0f} MB/s; ratio {theirs / ours:.2f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=int, default=256, help="size of the verify_chain file")
    parser.add_argument("--files", type=int, default=1000, help="short files for the command")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-accuracy", action="store_true")
    parser.add_argument("--dev", action="store_true", help="also the development corpus")
    args = parser.parse_args()
    damaged, correct = load("damaged.json"), load("correct.json")
    if not args.skip_accuracy:
        for name in HELD_OUT:
            print(f"== {name} (held out)")
            print_accuracy(accuracy(load(name)))
        if args.dev:
            for name in (
                "devtest.json",
                "realworld2_dev.json",
                "realworld3_dev.json",
                "realworld4_dev.json",
                "realworld5_dev.json",
                "realworld6_dev.json",
                "realworld7_dev.json",
                "realworld8_dev.json",
            ):
                print(f"== {name} (development)")
                print_accuracy(accuracy(load(name)))
            print("== damaged.json + correct.json (development corpus)")
            print_accuracy(accuracy(damaged + correct))
            charset_normalizer_voice(damaged)
    if not args.skip_speed:
        speed(damaged, args.files, args.mb)


if __name__ == "__main__":
    main()

"""How often the format Mojiscope ranks first reads a legacy file right,
beside charset-normalizer's guess on the same files.

    python tests/bench/bench_detect.py [--split heldout|dev|all] [--misses N]

The files are the labelled corpus of ``tests/data/detect/corpus.json``
(real translated text from Debian's gettext catalogs, one sample per
document and encoding; see ``make_corpus.py`` there): each sample is
encoded with its label and the bytes are given to

* Mojiscope: :func:`mojiscope.core.index.summary.summarize`, the format
  ranked first (what the window opens the file in, and ``inspect
  --summary``'s rank 1);
* charset-normalizer: ``from_bytes(data).best().encoding``.

A guess *reads the file right* when decoding the bytes with it gives the
text the file was written from (so ``gbk`` for a file labelled ``gb2312``
is right, and so is ``cp1252`` for Latin-1 text without bytes 80..9F).
The text model was fitted on the ``dev`` documents only: the ``heldout``
figure is the one to quote. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from charset_normalizer import from_bytes

from mojiscope.core import BytesSource, SpanKind, get_format
from mojiscope.core.index.summary import summarize

CORPUS = Path(__file__).resolve().parents[1] / "data" / "detect" / "corpus.json"


def encoded(item: dict[str, str]) -> bytes:
    return item["text"].encode(item["encoding"])


def reads_right_ours(data: bytes, format_id: str, text: str) -> bool:
    """Mojiscope keeps a byte order mark in the text as a signature span:
    what follows it is the text read."""
    try:
        decoding = get_format(format_id).decode(data)
    except Exception:
        return False
    first = decoding.spans[0] if len(decoding.spans) else None
    skip = first.char_end if first is not None and first.kind == SpanKind.SIGNATURE else 0
    return decoding.text[skip:] == text


def reads_right_python(data: bytes, codec: str | None, text: str) -> bool:
    if codec is None:
        return False
    try:
        return data.decode(codec, "replace") == text
    except LookupError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=("heldout", "dev", "all"), default="heldout")
    parser.add_argument("--misses", type=int, default=30, help="list at most N misses")
    parser.add_argument("--no-cn", action="store_true", help="skip charset-normalizer")
    args = parser.parse_args()
    items = json.loads(CORPUS.read_text(encoding="utf-8"))["items"]
    if args.split != "all":
        items = [i for i in items if i["split"] == args.split]
    ours = theirs = 0
    missed: Counter[str] = Counter()
    their_missed: Counter[str] = Counter()
    misses = []
    ours_time = theirs_time = 0.0
    for item in items:
        data, text = encoded(item), item["text"]
        started = time.perf_counter()
        best = summarize(BytesSource(data), workers=1).formats[0].format_id
        ours_time += time.perf_counter() - started
        if reads_right_ours(data, best, text):
            ours += 1
        else:
            missed[item["encoding"]] += 1
            misses.append(f"{item['document']} {item['encoding']} -> {best}")
        if not args.no_cn:
            started = time.perf_counter()
            guess = from_bytes(data).best()
            theirs_time += time.perf_counter() - started
            codec = guess.encoding if guess is not None else None
            if reads_right_python(data, codec, text):
                theirs += 1
            else:
                their_missed[item["encoding"]] += 1
    n = len(items)
    print(f"{args.split}: {n} files in {len({i['encoding'] for i in items})} encodings")
    print(f"  mojiscope, rank 1:          {ours / n:6.1%}  ({ours}/{n}, {ours_time:.1f} s)")
    if not args.no_cn:
        print(
            f"  charset-normalizer best():  {theirs / n:6.1%}  ({theirs}/{n}, {theirs_time:.1f} s)"
        )
    print("  mojiscope misses by label:", dict(missed.most_common()))
    if not args.no_cn:
        print("  charset-normalizer misses by label:", dict(their_missed.most_common()))
    for line in misses[: args.misses]:
        print("   ", line)


if __name__ == "__main__":
    main()

"""``mojiscope mojibake``: which chain of misreadings made these bytes, and the repair.

::

    mojiscope mojibake FILE... | --hex HEX [--json] [--candidates N]
    mojiscope mojibake FILE --fix -o OUT [--errors strict|replace]

The explaining is :mod:`mojiscope.core.mojibake`'s; this module reads the
inputs and prints. An input of at most 32 KiB is explained whole; a larger
file from windows around its non-ASCII bytes (``explain_source``; a file is
never read whole to be explained), standard input from its first 32 KiB.

* Plain output: per input, its name, then the candidates best first, each
  with its confidence, its chain in words and the start of its text.
* ``--json``: one JSON object per input per line, ``{"source": name,
  "candidates": [{"text", "chain", "confidence", "ranges", "lost", "parts",
  "differs"}, ...], "sampled": bool}``; when the bytes are most likely fine
  the first candidate is their text unchanged with an empty chain.
* ``--fix -o OUT`` (one input): writes the best repair as UTF-8, atomically.
  An input explained whole is written as the repaired text shown (lost
  bytes guessed, each part with its own chain); a larger one is repaired by
  streaming the chain over the whole file, strict by default like
  ``convert``: the first byte the chain does not apply to stops it with
  exit 1 and no OUT; ``--errors replace`` writes U+FFFD there instead.
"""

from __future__ import annotations

import argparse
import json
import sys

from mojiscope.cli.errors import EXIT_OK, EXIT_STRICT, UsageError
from mojiscope.cli.inputs import open_input
from mojiscope.core import FileSource, Source
from mojiscope.core.mojibake import ChainError, Explanation, explain, verify_chain
from mojiscope.core.mojibake.explain import SAMPLE_BYTES, explain_source
from mojiscope.core.system.atomic_write import atomic_output

#: Characters of each candidate's text shown in plain output.
SHOWN = 72


def _check(args: argparse.Namespace) -> None:
    if bool(args.files) == bool(args.hex):
        raise UsageError("give FILE... or --hex HEX (not both)")
    if args.fix and (not args.output or len(args.files) > 1):
        raise UsageError("--fix needs one input and -o OUT")
    if args.output and not args.fix:
        raise UsageError("-o OUT goes with --fix")
    if args.candidates < 1:
        raise UsageError("--candidates must be at least 1")


def _head(name: str | None, hex_text: str | None) -> tuple[str, bytes]:
    """The input's name and its first bytes (enough to explain)."""
    with open_input(name, hex_text) as source:
        return source.name, source.stream.read(SAMPLE_BYTES + 1)


def run_mojibake(args: argparse.Namespace) -> int:
    _check(args)
    inputs = args.files or [None]
    for name in inputs:
        label, head = _head(name, args.hex)
        if len(head) > SAMPLE_BYTES and name not in (None, "-"):
            with FileSource(name) as source:  # read where its bytes are interesting
                explanations = explain_source(source, limit=args.candidates)
        else:
            explanations = explain(head, limit=args.candidates)
        if args.fix:
            return _fix(name, head, explanations[0], args)
        if args.json:
            print(json.dumps(as_json(label, explanations)))
        else:
            _print_plain(label, explanations)
    return EXIT_OK


def as_json(label: str, explanations: list[Explanation]) -> dict[str, object]:
    """The issue's JSON shape for one input (with lost bytes, parts and differences)."""
    return {
        "source": label,
        "sampled": explanations[0].sampled,
        "read": [list(r) for r in explanations[0].read],
        "candidates": [
            {
                "text": e.text,
                "chain": e.words,
                "confidence": e.confidence,
                "ranges": [list(r) for r in e.ranges],
                "lost": [
                    {
                        "range": [x.start, x.end],
                        "what": x.what,
                        "guess": x.guess,
                        "alternatives": list(x.alternatives),
                    }
                    for x in e.lost
                ],
                "parts": [{"range": [p.start, p.end], "chain": p.chain.words} for p in e.parts],
                "differs": e.differs,
            }
            for e in explanations
        ],
    }


def _print_plain(label: str, explanations: list[Explanation]) -> None:
    out = sys.stdout
    read = explanations[0].read
    sampled = f" (explained from {len(read)} parts of it)" if explanations[0].sampled else ""
    out.write(f"{label}{sampled}\n")
    for rank, e in enumerate(explanations, 1):
        chain = "; ".join(e.words) if e.words else "fine as it is"
        text = e.text[:SHOWN].replace("\n", "⏎") + ("…" if len(e.text) > SHOWN else "")
        out.write(f"  {rank}. {e.confidence:.2f}  {chain}\n       {text}\n")
        for lost in e.lost:
            others = ", ".join(lost.alternatives) or "none"
            out.write(
                f"       bytes {lost.start}-{lost.end}: {lost.what}, "
                f"guessed {lost.guess!r} (or {others})\n"
            )
    out.flush()


def _fix(name: str | None, head: bytes, best: Explanation, args: argparse.Namespace) -> int:
    """Write the best repair to ``args.output`` (see the module docstring)."""
    if not best.sampled:
        with atomic_output(args.output) as out:
            out.write(best.text.encode("utf-8"))
        _say_fixed(best)
        return EXIT_OK
    if name in (None, "-"):
        raise UsageError(f"--fix on more than {SAMPLE_BYTES} bytes of standard input: give a file")
    if best.parts or best.lost:
        raise UsageError(
            "the best repair holds per-part chains or guessed bytes, found on the first "
            f"{SAMPLE_BYTES} bytes only; repair a selection instead"
        )
    source: Source = FileSource(name)
    try:
        with atomic_output(args.output) as out:
            verify_chain(best.chain, source, out.write, errors=args.errors)
    except ChainError as error:
        print(
            f"mojiscope: {error}; nothing was written (--errors replace writes U+FFFD there)",
            file=sys.stderr,
        )
        return EXIT_STRICT
    finally:
        source.close()
    _say_fixed(best)
    return EXIT_OK


def _say_fixed(best: Explanation) -> None:
    chain = "; ".join(best.words) if best.words else "fine as it is, written unchanged"
    print(f"mojiscope: repaired ({chain}), confidence {best.confidence:.2f}", file=sys.stderr)

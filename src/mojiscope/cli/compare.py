"""``mojiscope compare FILE -f A -f B [-f C...] [--json]``: where formats
read the same bytes differently (:mod:`mojiscope.core.compare.formats`).

Each format is indexed first (streamed, on every core), so that chunks
where formats of the UTF-8 family found no anomaly are skipped unread.
Text output: one line per differing range (its bytes in hex and decimal,
then what each format makes of it), then one sentence per pair of
formats ("utf-8 and wtf-8 differ at 2 places: lone surrogates"). With
``--json``, one object per differing range per line::

    {"bytes": [3, 6], "formats": [{"format": "utf-8", "text": "\\ufffd...",
     "kinds": ["invalid:surrogate"]}, {"format": "wtf-8", "text": "\\ud800",
     "kinds": ["surrogate:unpaired-lead"]}]}

``kinds`` lists the span kinds there, each with its reason after a colon.
Exit 0 whether the formats agree or not (2 for bad usage or an unreadable file).
"""

from __future__ import annotations

import argparse
import json
import sys

from mojiscope.cli.errors import EXIT_OK, UsageError
from mojiscope.cli.summary import open_source
from mojiscope.core import get_format
from mojiscope.core.compare.formats import PairCounts, differences
from mojiscope.core.index.file_index import build_index

#: Characters of each reading a text line shows.
SHOWN_CHARS = 24


def run_compare(args: argparse.Namespace) -> int:
    names = args.format or []
    if len(names) < 2:
        raise UsageError("compare needs at least two formats: -f A -f B")
    chosen = [get_format(name) for name in names]
    if len({f.id for f in chosen}) != len(chosen):
        raise UsageError("compare needs different formats")
    with open_source(args.file, args.hex) as (name, source):
        indexes = [build_index(fmt, source) for fmt in chosen]
        counts = PairCounts(chosen)
        out = sys.stdout
        for difference in differences(chosen, source, indexes=indexes):
            counts.add(difference)
            if args.json:
                out.write(json.dumps(difference.as_json(), ensure_ascii=True) + "\n")
            else:
                out.write(difference.line(SHOWN_CHARS) + "\n")
        if not args.json:
            out.write(f"{name}: {len(source):,} bytes\n")
            out.write("".join(line + "\n" for line in counts.lines()))
    return EXIT_OK

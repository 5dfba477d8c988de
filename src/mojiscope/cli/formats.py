"""``mojiscope formats``: the formats Mojiscope knows, as a table or JSON.

``--json`` prints one JSON array of objects ``{"id", "aliases",
"description", "policies", "signature"}`` (``signature``: the bytes the
format writes with ``convert --signature``, in hex, or null).
"""

from __future__ import annotations

import argparse
import json
import sys

from mojiscope.cli.errors import EXIT_OK
from mojiscope.core import Format, formats

_FOOTNOTE = (
    "Any other Python codec name (cp1251, iso8859-15, euc-jp, big5, ...) works too, "
    "as a legacy code page."
)


def format_record(fmt: Format) -> dict[str, object]:
    signature = fmt.signature_bytes
    return {
        "id": fmt.id,
        "aliases": list(fmt.aliases),
        "description": fmt.description,
        "policies": list(fmt.policies),
        "signature": signature.hex(" ").upper() if signature else None,
    }


def run_formats(args: argparse.Namespace) -> int:
    records = [format_record(fmt) for fmt in formats()]
    if args.json:
        sys.stdout.write(json.dumps(records, indent=2) + "\n")
        return EXIT_OK
    id_width = max(len("id"), *(len(str(r["id"])) for r in records))
    alias_texts = [", ".join(str(a) for a in r["aliases"]) for r in records]  # type: ignore[attr-defined]
    alias_width = max(len("aliases"), *(len(a) for a in alias_texts))
    sys.stdout.write(f"{'id':<{id_width}}  {'aliases':<{alias_width}}  description\n")
    for record, aliases in zip(records, alias_texts, strict=True):
        sys.stdout.write(
            f"{record['id']!s:<{id_width}}  {aliases:<{alias_width}}  {record['description']}\n"
        )
    sys.stdout.write(f"\n{_FOOTNOTE}\n")
    return EXIT_OK

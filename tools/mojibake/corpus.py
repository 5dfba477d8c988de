"""The JSON form of a generated corpus file (tests/data/mojibake/devtest.json,
heldout.json): one object per case, its bytes in base64, what it must read
as, the chain that made it and where its text came from."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from damage import Case
from texts import Text


def write_corpus(
    path: Path, generated: str, cases: list[tuple[Case, Text]], *, comment: bool = False
) -> None:
    """Write ``cases`` to ``path`` under the ``generated`` notice, each
    labelled group/language/index (with its category again as a
    ``comment`` when asked: devtest.json carries one)."""
    rows = []
    for i, (case, text) in enumerate(cases):
        row: dict[str, object] = {"label": f"{text.group}/{text.language}/{i}"}
        if comment:
            row["comment"] = case.category
        row |= {
            "base64": base64.b64encode(case.data).decode("ascii"),
            "chain": list(case.chain),
            "expect": case.expect,
            "category": case.category,
            "language": text.language,
            "source": text.source,
        }
        rows.append(row)
    body = {"generated": generated, "cases": rows}
    path.write_text(json.dumps(body, ensure_ascii=False, indent=0) + "\n", "utf-8")
